"""Saboteur Gold's actions, their text notation and their fixed integer encoding.

Seed 004 "Flow of the Game" (each turn, do A, B, C or D) and "Thieving"; reference
shared/reference/saboteur.md "Base game rules" (the gold cards of the base-game mode).

- `place tunnel-we 3 0` / `place tunnel-ne 3 0 turned` (`Place`): A, lay a path card at column
  3, row 0 (north is row - 1), upright or turned 180 degrees.
- `play broken-lamp on 2` / `play repair-pickaxe-lamp on 2 lamp` (`PlayOn`): B, an action card
  played on a player (a double repair names the tool it fixes).
- `play rockfall at 3 0` / `play map at 8 -2` (`PlayAt`): B, a rockfall on a path card, a map on
  a goal.
- `fix lamp` / `fix trapped` (`Fix`): D, name what to remove from in front of yourself; two
  `discard`s then pay for it.
- `discard map` (`Discard`): C, pass by discarding 1-3 cards face down (the first discard starts
  the pass); or one of D's two cards.
- `draw` (`Draw`): end a pass after 1 or 2 discards and draw as many (the 3rd ends it at once).
- `steal from 2` (`Steal`): after the share-out, a thief takes 1 gold piece.
- `take 3` (`Take`): base-game mode, a digger takes a gold card worth 3 from those passed round.

The maze is bounded (`COLUMNS` x `ROWS`, docs/games/saboteur.md) so that the space is fixed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from motherlode.engine import Action, ActionSpace

from .cards import TOOLS, Cards

COLUMNS = range(-6, 15)  # the start at column 0, the goals at 8: 6 spare columns each side
ROWS = range(-7, 8)  # the goals in rows -2, 0, 2: 5 spare rows above and below
MAX_SEATS = 12
FIX_WHAT = (*TOOLS, "trapped")
GOLD_VALUES = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """A: lay the path card `card` at (`col`, `row`), turned 180 degrees if `turned`."""

    card: str
    col: int
    row: int
    turned: bool = False

    def __str__(self) -> str:
        return f"place {self.card} {self.col} {self.row}" + (" turned" if self.turned else "")


@dataclass(frozen=True, slots=True)
class PlayOn(Action):
    """B: play the action card `card` on the player at `seat` (`tool`: a double repair's)."""

    card: str
    seat: int
    tool: str = ""

    def __str__(self) -> str:
        return f"play {self.card} on {self.seat}" + (f" {self.tool}" if self.tool else "")


@dataclass(frozen=True, slots=True)
class PlayAt(Action):
    """B: play a rockfall on the path card at (`col`, `row`), or a map on the goal there."""

    card: str
    col: int
    row: int

    def __str__(self) -> str:
        return f"play {self.card} at {self.col} {self.row}"


@dataclass(frozen=True, slots=True)
class Fix(Action):
    """D: discard two cards to remove `what` (a broken tool, or "trapped") from before you."""

    what: str

    def __str__(self) -> str:
        return f"fix {self.what}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """C (pass) or D (pay): discard the card `card` face down."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """C: end the pass and draw as many cards as were discarded."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Thieving: take 1 gold piece from the player at `seat`."""

    seat: int

    def __str__(self) -> str:
        return f"steal from {self.seat}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Base-game mode: take one gold card worth `value` from those passed to you."""

    value: int

    def __str__(self) -> str:
        return f"take {self.value}"


def _play_on_actions(cards: Cards) -> list[Action]:
    actions: list[Action] = []
    for card in cards.actions:
        if card.kind in ("rockfall", "map"):
            continue
        tools = sorted(card.tools, key=TOOLS.index) if len(card.tools) > 1 else [""]
        actions.extend(PlayOn(card.id, seat, tool)
                       for seat in range(MAX_SEATS) for tool in tools)
    return actions


def _play_at_actions(cards: Cards) -> list[Action]:
    actions: list[Action] = []
    for card in cards.actions:
        if card.kind == "rockfall":
            actions.extend(PlayAt(card.id, c, r) for c in COLUMNS for r in ROWS)
        elif card.kind == "map":
            goal_column = cards.rules.goal_column
            actions.extend(PlayAt(card.id, goal_column, r) for r in cards.rules.goal_rows)
    return actions


AT_A_CELL = re.compile(r"^(place \S+|play \S+ at) (-?\d+) (-?\d+)( turned)?$")


def off_table(text: str, cards: Cards) -> str | None:
    """Why `text`, which names no action, names none: a card laid or played at a cell off the
    bounded table, or a map played where no goal lies; None if that is not why."""
    found = AT_A_CELL.match(" ".join(text.lower().split()))
    if found is None:
        return None
    verb, col, row = found.group(1), int(found.group(2)), int(found.group(3))
    card = verb.split()[1]
    kinds = {c.id: c.kind for c in cards.actions}
    if verb.startswith("place") and card not in {c.id for c in cards.paths}:
        return None
    if verb.startswith("play") and kinds.get(card) not in ("rockfall", "map"):
        return None
    if col not in COLUMNS or row not in ROWS:
        return (f"{col} {row} is off the table: columns {COLUMNS[0]}..{COLUMNS[-1]}, rows "
                f"{ROWS[0]}..{ROWS[-1]}")
    if kinds.get(card) == "map":
        goals = ", ".join(f"{cards.rules.goal_column} {r}" for r in cards.rules.goal_rows)
        return f"a map is played at a goal ({goals}), and no goal lies at {col} {row}"
    return None


HINT = ("write 'place <card> <col> <row> [turned]', 'play <card> on <seat> [tool]', "
        "'play <card> at <col> <row>', 'fix <pickaxe|lamp|cart|trapped>', 'discard <card>', "
        "'draw', 'steal from <seat>' or 'take <1-3>'")


class SaboteurActions(ActionSpace):
    """Every action of the full box (both sets, 12 seats, the bounded maze), numbered once, and
    looked up by their parts."""

    def __init__(self, cards: Cards) -> None:
        actions: list[Action] = [
            Place(card.id, c, r, turned)
            for card in cards.paths for c in COLUMNS for r in ROWS for turned in (False, True)
        ]
        actions += _play_on_actions(cards)
        actions += _play_at_actions(cards)
        actions += [Fix(what) for what in FIX_WHAT]
        actions += [Discard(card.id) for card in cards.paths]
        actions += [Discard(card.id) for card in cards.actions]
        actions.append(Draw())
        actions += [Steal(seat) for seat in range(MAX_SEATS)]
        actions += [Take(value) for value in GOLD_VALUES]
        super().__init__("saboteur", "Saboteur", actions, HINT)
        self._index_parts()

    def _index_parts(self) -> None:
        """The actions by their parts, so the rules look actions up and never build one."""
        self.places: dict[tuple[str, bool], dict[tuple[int, int], Action]] = {}
        self.play_on: dict[tuple[str, int, str], Action] = {}
        self.play_at: dict[tuple[str, tuple[int, int]], Action] = {}
        self.discard: dict[str, Action] = {}
        self.fix: dict[str, Action] = {}
        self.steal: dict[int, Action] = {}
        self.take: dict[int, Action] = {}
        for a in self.actions:
            if isinstance(a, Place):
                self.places.setdefault((a.card, a.turned), {})[a.col, a.row] = a
            elif isinstance(a, PlayOn):
                self.play_on[a.card, a.seat, a.tool] = a
            elif isinstance(a, PlayAt):
                self.play_at[a.card, (a.col, a.row)] = a
            elif isinstance(a, Discard):
                self.discard[a.card] = a
            elif isinstance(a, Fix):
                self.fix[a.what] = a
            elif isinstance(a, Steal):
                self.steal[a.seat] = a
            elif isinstance(a, Take):
                self.take[a.value] = a
