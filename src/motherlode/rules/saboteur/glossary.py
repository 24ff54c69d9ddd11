"""Saboteur Gold's glossary: what each card id in a view means (seed 004, reference)."""

from __future__ import annotations

from .cards import SIDES, Cards, PathCard
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
