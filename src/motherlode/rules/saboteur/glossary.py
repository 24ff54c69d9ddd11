"""Saboteur Gold's glossary: what each card id in a view means (seed 004, reference)."""

from __future__ import annotations

from functools import cache

from .cards import SIDES, Cards, PathCard, load_cards
from .setup import BASE_DIGGER, BASE_SABOTEUR

ACTION_TEXT = {
    "broken": "broken {tools}: played on another player, who lays no path card until it is "
              "mended",
    "repair": "repair {tools}: removes a broken {tools} from any player, you included",
    "rockfall": "rockfall: remove a path card from the maze (not the start, not a goal)",
    "map": "map: look at one face-down goal in secret",
    "theft": "theft: in front of yourself; after the share-out, steal 1 gold piece",
    "hands_off": "hands off: remove a Theft card from in front of any player",
    "swap_hand": "swap your hand: exchange hands with another player, who then draws 1",
    "inspection": "inspection: look at another player's dwarf",
    "swap_hats": "swap your hats: a player (you included) discards their dwarf unseen and "
                 "draws an undealt one",
    "trapped": "trapped: on another player: no path cards, no gold, no stealing",
    "free_at_last": "free at last: remove a Trapped card from any player, you included",
}

ROLE_TEXT = {
    "digger": "{team} digger: wins with the team whose path reaches the treasure past doors",
    "boss": "Boss: shares the gold whenever the treasure is reached (1 less), doors or not",
    "profiteer": "Profiteer: always wins unless trapped, 2 less than the winners' share",
    "geologist": "Geologist: 1 gold per crystal in the maze (two share, rounded down)",
    "saboteur": "Saboteur: wins when the treasure is not reached",
}


#: Each action card's name as the rulebook prints it (seed 004 "Types of Action Cards"), by its
#: kind and the tools it breaks or mends. The double repairs have no printed name ("Extras: some
#: cards can repair two types of damage"): they are named by what they mend.
ACTION_NAMES = {
    ("broken", "pickaxe"): "Done diggin'!",
    ("broken", "lamp"): "Going nowhere without a lamp!",
    ("broken", "cart"): "Miners need trolleys",
    ("repair", "pickaxe"): "Fixed it!",
    ("repair", "lamp"): "Mend that lamp!",
    ("repair", "cart"): "Mending trolleys",
    ("repair", "lamp/pickaxe"): "Mend a lamp or a pickaxe",
    ("repair", "cart/pickaxe"): "Mend a trolley or a pickaxe",
    ("repair", "cart/lamp"): "Mend a trolley or a lamp",
    ("rockfall", ""): "Rock fall",
    ("map", ""): "Map",
    ("theft", ""): "Theft",
    ("hands_off", ""): "Hands Off",
    ("swap_hand", ""): "Swap hands",
    ("inspection", ""): "Inspection",
    ("swap_hats", ""): "Change hats",
    ("trapped", ""): "Trapped in prison!",
    ("free_at_last", ""): "Free at last!",
}

#: Path cards by kind (seed 004 "Pathway Rules"); each name adds the card's sides, as the
#: rulebook has no name for single designs.
PATH_NAMES = {
    "tunnel": "Tunnel", "dead_end": "Dead end", "bridge": "Bridge",
    "double_curve": "Double curve", "ladder": "Ladder", "door": "door",
    "crystal": "Crystal tunnel",
}

ROLE_NAMES = {"boss": "Boss", "profiteer": "Profiteer", "geologist": "Geologist",
              "saboteur": "Saboteur"}


def _path_text(card: PathCard) -> str:
    paths = ", ".join("-".join(sorted(p, key=SIDES.index)) for p in card.shape.paths)
    parts = [card.kind.replace("_", " ")]
    if paths:
        parts.append(f"paths {paths}")
    if card.shape.stubs:
        parts.append("dead end " + "+".join(sorted(card.shape.stubs, key=SIDES.index)))
    if card.door:
        parts.append(f"{card.door} door")
    if card.ladder:
        parts.append("ladder")
    if card.crystals:
        parts.append(f"{card.crystals} crystal{'s' if card.crystals > 1 else ''}")
    if card.kind == "goal":
        parts.append("the treasure" if card.treasure else "stone")
    return "; ".join(parts)


def glossary(cards: Cards) -> dict[str, str]:
    """Every card and dwarf id with its meaning."""
    words = {card.id: _path_text(card) for card in (cards.start, *cards.goals, *cards.paths)}
    for action in cards.actions:
        tools = "/".join(sorted(action.tools))
        words[action.id] = ACTION_TEXT[action.kind].format(tools=tools)
    for dwarf in cards.dwarves:
        words[dwarf.id] = ROLE_TEXT[dwarf.role].format(team=dwarf.team.capitalize())
    words[BASE_DIGGER] = "digger (base game): wins when a path reaches the treasure"
    words[BASE_SABOTEUR] = "saboteur (base game): wins when the treasure is not reached"
    return words


def _sides(sides: frozenset[str] | set[str], joint: str) -> str:
    return joint.join(sorted(sides, key=SIDES.index))


def _path_name(card: PathCard) -> str:
    """`Start card`, `Goal card (the treasure)`, `Tunnel N-E-W`, `Dead end N+E`, `Green door
    N-S, dead end W`, `Crystal tunnel N-E`, `Bridge`."""
    if card.kind == "start":
        return "Start card"
    if card.kind == "goal":
        return f"Goal card ({'the treasure' if card.treasure else 'a stone'})"
    head = (f"{card.door.capitalize()} door" if card.kind == "door"
            else PATH_NAMES.get(card.kind, card.kind.replace("_", " ").capitalize()))
    if card.kind in ("bridge", "double_curve"):
        return head
    paths = ", ".join(_sides(p, "-") for p in card.shape.paths)
    stubs = "dead end " + _sides(card.shape.stubs, "+") if card.shape.stubs else ""
    if card.kind == "dead_end":
        return f"{head} {_sides(card.shape.stubs, '+')}"
    if not paths:  # a crystal card that only ends
        return f"Crystal {stubs}"
    return f"{head} {', '.join(part for part in (paths, stubs) if part)}".strip()


def card_names(cards: Cards) -> dict[str, str]:
    """Every card and dwarf id with its name as a player reads it: the rulebook's names for
    action cards and roles, path cards by kind and sides."""
    names = {card.id: _path_name(card) for card in (cards.start, *cards.goals, *cards.paths)}
    for action in cards.actions:
        tools = "/".join(sorted(action.tools))
        names[action.id] = ACTION_NAMES.get((action.kind, tools),
                                            action.kind.replace("_", " ").capitalize())
    for dwarf in cards.dwarves:
        names[dwarf.id] = (f"{dwarf.team.capitalize()} digger" if dwarf.role == "digger"
                           else ROLE_NAMES.get(dwarf.role, dwarf.role.capitalize()))
    names[BASE_DIGGER] = "Digger"
    names[BASE_SABOTEUR] = "Saboteur"
    return names


@cache
def box_names() -> dict[str, str]:
    """`card_names` of the box's own data: the log's sentences name cards by it (an event
    holds ids only; an id another data folder adds is written as it is)."""
    return card_names(load_cards())


def name_of(card: str) -> str:
    """The name of a card or dwarf id for a sentence (`box_names`), else the id."""
    return box_names().get(card, card)
