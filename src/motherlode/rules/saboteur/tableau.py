"""What lies in front of each Saboteur Gold player: broken tools, a Trapped card, a Theft card.

Seed 004 "Flow of the Game" (B, D) and "Types of Action Cards"; reference
shared/reference/saboteur.md "Base action cards", "Expansion action cards" and the turn.
Pure functions: each `..._problem` returns None when the move is legal, else the reason in
words; `play` and `remove_own` return the new `Tableau` and the cards taken away. A `Tableau`
is frozen, so copying a table of them is sharing them.

Readings where the sources leave a choice (docs/games/saboteur.md "Action cards and what lies
in front of players (as built)"):
- "No player may have two action cards of the same type affecting them at once": a broken
  card's type is its tool (reference "At most one broken card of each tool"), so a player may
  have a broken pickaxe, lamp and cart at once, but never two broken lamps.
- Broken cards go in front of another player only (seed "Miners need trolleys": "in front of
  another dwarf"), like Trapped.
- Repair, Free at Last and Hands Off need the card they remove: they are not played in vain.
- Option D (discard two cards, then draw one) removes a broken card or the Trapped card in front
  of oneself (seed D: "repair one of their broken tools or break free from jail"), never a Theft
  card (the reference's "one card lying in front of yourself" would allow it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from motherlode.rules.saboteur.cards import TOOLS, ActionCard

# Whom each action card may be played on: "self" (only the player), "other" (another player
# only), "any" (any player, the player included), "" (no player: a path card or a goal).
TARGETS: dict[str, str] = {
    "broken": "other",  # seed "Miners need trolleys": "in front of another dwarf"
    "repair": "any",  # seed "Mend that lamp!": "their own lamps, or those of other dwarves"
    "rockfall": "",  # seed "Rock fall": a path card
    "map": "",  # seed "Map": one of the three goals
    "theft": "self",  # seed "Theft": "in your own player area"; reference "in front of yourself"
    "hands_off": "any",  # seed "Hands Off": "from any dwarf"; reference "any player"
    "swap_hand": "other",  # seed "Swap hands": "with another player"
    "inspection": "other",  # seed "Inspection": "the role of another player"
    "swap_hats": "any",  # seed "Change hats": "on a player (including yourself)"
    "trapped": "other",  # seed "Trapped": "against another player"; reference the same
    "free_at_last": "any",  # seed "any dwarf"; reference "any player, you included"
}


@dataclass(frozen=True, slots=True)
class Tableau:
    """The action cards in front of one player: at most one broken card per tool (in `TOOLS`
    order), at most one Trapped card and at most one Theft card."""

    broken: tuple[ActionCard, ...] = ()
    trapped: ActionCard | None = None
    theft: ActionCard | None = None

    broken_tools: frozenset[str] = field(init=False, repr=False, compare=False)
    #: What `open_to` reads, as bits: each broken tool (in `TOOLS` order), trapped, theft.
    signature: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """The tools broken in front of the player and the signature (worked out once: the
        tableau is frozen)."""
        tools = frozenset(tool for card in self.broken for tool in card.tools)
        object.__setattr__(self, "broken_tools", tools)
        bits = sum(1 << i for i, tool in enumerate(TOOLS) if tool in tools)
        bits |= (self.trapped is not None) << len(TOOLS) | (self.theft is not None) << (
            len(TOOLS) + 1)
        object.__setattr__(self, "signature", bits)

    @property
    def cards(self) -> tuple[ActionCard, ...]:
        """Every card lying in front of the player: broken tools, Trapped, Theft."""
        return (*self.broken, *(c for c in (self.trapped, self.theft) if c is not None))


def _tool(card: ActionCard) -> str:
    (tool,) = card.tools
    return tool


def path_problem(tableau: Tableau) -> str | None:
    """Why the player may not place a path card now (reference "Base action cards": any broken
    tool; seed "Trapped": "cannot play path cards"), None when they may."""
    if tableau.broken:
        return f"a broken {_tool(tableau.broken[0])} stops path cards"
    if tableau.trapped is not None:
        return "a trapped player plays no path cards"
    return None


def can_place_path(tableau: Tableau) -> bool:
    """No broken tool and not trapped."""
    return path_problem(tableau) is None


def target_problem(card: ActionCard, actor: int, target: int) -> str | None:
    """Why `actor` may not play `card` on the player at seat `target` (`TARGETS`)."""
    rule = TARGETS[card.kind]
    if rule == "":
        return f"a {card.kind} card is not played on a player"
    if rule == "self" and target != actor:
        return f"a {card.kind} card goes in front of its player only"
    if rule == "other" and target == actor:
        return f"a {card.kind} card is played on another player, not oneself"
    return None


def broken_problem(tableau: Tableau, card: ActionCard) -> str | None:
    """A broken card: not on a player whose tool is already broken (one per tool)."""
    tool = _tool(card)
    if tool in tableau.broken_tools:
        return f"the player's {tool} is already broken"
    return None


def repair_choices(tableau: Tableau, card: ActionCard) -> tuple[str, ...]:
    """The tools `card` (a repair) could fix in front of the player, in `TOOLS` order."""
    return tuple(tool for tool in TOOLS if tool in card.tools & tableau.broken_tools)


def repair_problem(tableau: Tableau, card: ActionCard, tool: str | None) -> str | None:
    """A repair fixes one broken tool it names; a double repair needs `tool` chosen."""
    if tool is None:
        if len(card.tools) > 1:
            return "a double repair card fixes one of its tools: name it"
        tool = _tool(card)
    if tool not in card.tools:
        return f"this card does not repair a {tool}"
    if tool not in tableau.broken_tools:
        return f"the player's {tool} is not broken"
    return None


def trapped_problem(tableau: Tableau) -> str | None:
    """A Trapped card: not on a player who is already trapped."""
    return "the player is already trapped" if tableau.trapped is not None else None


def free_problem(tableau: Tableau) -> str | None:
    """Free at Last: only on a trapped player."""
    return "the player is not trapped" if tableau.trapped is None else None


def theft_problem(tableau: Tableau) -> str | None:
    """A Theft card: not when one already lies in front of the player."""
    if tableau.theft is not None:
        return "a Theft card already lies in front of the player"
    return None


def hands_off_problem(tableau: Tableau) -> str | None:
    """Hands Off: only on a player with a Theft card."""
    return "no Theft card lies in front of the player" if tableau.theft is None else None


_CHECKS: dict[str, Callable[[Tableau, ActionCard, str | None], str | None]] = {
    "broken": lambda t, c, _: broken_problem(t, c),
    "repair": repair_problem,
    "trapped": lambda t, c, _: trapped_problem(t),
    "free_at_last": lambda t, c, _: free_problem(t),
    "theft": lambda t, c, _: theft_problem(t),
    "hands_off": lambda t, c, _: hands_off_problem(t),
}


def play_problem(card: ActionCard, actor: int, target: int, tableau: Tableau,
                 tool: str | None = None) -> str | None:
    """Why `actor` may not play `card` on seat `target`, whose tableau is `tableau` (`tool`: the
    tool a double repair fixes), None when they may. Swap your hand, Inspection and Swap your
    hats check only their target here; rockfall and map are never played on a player."""
    check = _CHECKS.get(card.kind)
    return target_problem(card, actor, target) or (
        check(tableau, card, tool) if check is not None else None)


def open_to(card: ActionCard, tableau: Tableau, tool: str) -> bool:
    """`play_problem`'s card check for one tableau, fast (`plays`)."""
    kind = card.kind
    if kind == "broken":
        return tool not in tableau.broken_tools
    if kind == "repair":
        return tool in tableau.broken_tools
    if kind == "trapped":
        return tableau.trapped is None
    if kind == "free_at_last":
        return tableau.trapped is not None
    if kind == "theft":
        return tableau.theft is None
    if kind == "hands_off":
        return tableau.theft is not None
    return True


def plays(card: ActionCard, actor: int,
          tableaux: Sequence[Tableau]) -> list[tuple[int, str]]:
    """Every (target seat, tool) on which `actor` may play `card` — exactly the pairs for which
    `play_problem` is None (tool "" for a card that names none; a double repair: each of its
    tools), seats in order. Rockfall and map: none."""
    return [(seat, tool) for seat in target_seats(card, actor, len(tableaux))
            for tool in open_tools(card, tableaux[seat])]


def target_seats(card: ActionCard, actor: int, players: int) -> list[int]:
    """The seats `actor` may aim `card` at by `TARGETS` alone, in order (none for a rockfall
    or a map)."""
    rule = TARGETS[card.kind]
    if rule == "":
        return []
    if rule == "self":
        return [actor]
    return [seat for seat in range(players) if not (rule == "other" and seat == actor)]


def open_tools(card: ActionCard, tableau: Tableau) -> list[str]:
    """The tools `card` may be played naming on this tableau (`open_to`): "" for a card that
    names none, each of a double repair's tools open to it."""
    tools = sorted(card.tools, key=TOOLS.index) if card.tools else [""]
    named = len(tools) > 1
    return [tool if named else "" for tool in tools if open_to(card, tableau, tool)]


def _clearing(tableau: Tableau, what: str) -> ActionCard | None:
    """The card in front of the player that `what` names: "trapped", or a tool's broken card."""
    if what == "trapped":
        return tableau.trapped
    return next((c for c in tableau.broken if _tool(c) == what), None)


def _removes(tableau: Tableau, card: ActionCard, tool: str | None) -> ActionCard | None:
    """The card a repair, Free at Last or Hands Off takes away from the tableau."""
    if card.kind == "repair":
        return _clearing(tableau, tool if tool is not None else _tool(card))
    if card.kind == "free_at_last":
        return tableau.trapped
    return tableau.theft if card.kind == "hands_off" else None


def _without(tableau: Tableau, card: ActionCard) -> Tableau:
    return Tableau(tuple(c for c in tableau.broken if c is not card),
                   None if tableau.trapped is card else tableau.trapped,
                   None if tableau.theft is card else tableau.theft)


def _applied(tableau: Tableau, card: ActionCard,
             tool: str | None) -> tuple[Tableau, tuple[ActionCard, ...]]:
    if card.kind == "broken":
        broken = sorted((*tableau.broken, card), key=lambda c: TOOLS.index(_tool(c)))
        return replace(tableau, broken=tuple(broken)), ()
    if card.kind == "trapped":
        return replace(tableau, trapped=card), ()
    if card.kind == "theft":
        return replace(tableau, theft=card), ()
    removed = _removes(tableau, card, tool)
    if removed is None:
        return tableau, (card,)
    return _without(tableau, removed), (card, removed)


def play(card: ActionCard, actor: int, target: int, tableau: Tableau,
         tool: str | None = None) -> tuple[Tableau, tuple[ActionCard, ...]]:
    """The target's new tableau and the cards discarded: none for a card that stays in front of
    the player; a repair, Free at Last or Hands Off with the card it removes (seed "Mending
    trolleys": "discard the 'mend' card, and the broken trolley card"); any other card alone."""
    problem = play_problem(card, actor, target, tableau, tool)
    if problem is not None:
        raise ValueError(f"cannot play {card.id} on seat {target}: {problem}")
    return _applied(tableau, card, tool)


def clear_problem(tableau: Tableau, what: str) -> str | None:
    """Option D: why the player may not discard two cards to remove `what` (a tool's name, for
    its broken card, or "trapped") from in front of themselves, None when they may."""
    if what not in (*TOOLS, "trapped"):
        return f"option D removes a broken tool or a Trapped card, not {what!r}"
    if _clearing(tableau, what) is None:
        return f"no {what if what == 'trapped' else 'broken ' + what} card lies in front of you"
    return None


def remove_own(tableau: Tableau, what: str) -> tuple[Tableau, ActionCard]:
    """Option D, once paid: the player's new tableau and the card removed from it."""
    removed = _clearing(tableau, what)
    if removed is None:
        raise ValueError(f"option D: {clear_problem(tableau, what)}")
    return _without(tableau, removed), removed

