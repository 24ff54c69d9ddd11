"""What happened at a Saboteur Gold table, as each player reads it: the log's events.

The rules (`turn.py`, `round_end.py`) append each event PACKED, `(EventClass, seat, *fields)`
in field order (engine/events.py); `engine.events.unpack` gives the dataclass. Cells are
`(col, row)` as a player types them; cards, dwarves and goals by their ids in the fields, by
their names in the sentences (`glossary.name_of`: the rulebook's names, "Fixed it!").

Who sees what (`seen_by`, the one place): everything is played face up, so every event is
public but one detail: what a Map showed (`PlayedAt.seen`, `PlayedAt.treasure`) is its
player's only, blanked for every other seat (`hidden.determinize` deals it again in other
seats' entries). Passing discards face down: `Passed` says how many cards, never which.
What a player draws from the pile (`Drew`) is that player's only: every other seat and a
spectator never get the entry at all (`hidden.determinize` blanks other seats' draws).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from motherlode.engine import Event, EventJSON
from motherlode.engine.events import JSONValue

from .glossary import name_of

Cell = tuple[int, int]


def _cell(cell: Cell) -> str:
    return f"{cell[0]} {cell[1]}"


def _seats(amounts: tuple[int, ...], sign: bool) -> str:
    """`seat 1 +5, seat 3 +3` (sign) or `seat 0 4, seat 1 7`; `nobody` if all are 0 (sign)."""
    shown = [(s, a) for s, a in enumerate(amounts) if a or not sign]
    if not shown:
        return "nobody"
    return ", ".join(f"seat {s} {'+' if sign else ''}{a}" for s, a in shown)


def count_words(number: int, singular: str) -> str:
    """`1 crystal`, `3 crystals`."""
    return f"{number} {singular}{'' if number == 1 else 's'}"


def goal_words(card: str, treasure: bool) -> str:
    """`the treasure`, or `a stone`."""
    return "the treasure" if treasure else "a stone"


@dataclass(frozen=True, slots=True)
class RoundBegan(Event):
    """A round is dealt; `first` plays first."""

    round: int
    first: int
    kind: ClassVar[str] = "round"

    def text(self) -> str:
        return f"round {self.round} begins; seat {self.first} plays first"


@dataclass(frozen=True, slots=True)
class PathLaid(Event):
    """A: a path card laid at `cell`, turned 180 degrees if `turned`."""

    card: str
    cell: Cell
    turned: bool
    kind: ClassVar[str] = "place"

    def text(self) -> str:
        return (f"laid {name_of(self.card)} at {_cell(self.cell)}"
                + (" (turned)" if self.turned else ""))


@dataclass(frozen=True, slots=True)
class GoalTurnedUp(Event):
    """A path reached a face-down goal: it is turned up (and lies `turned` or not)."""

    cell: Cell
    card: str
    turned: bool
    treasure: bool
    kind: ClassVar[str] = "goal"

    def text(self) -> str:
        return (f"the goal at {_cell(self.cell)} is turned up: "
                f"{goal_words(self.card, self.treasure)}")


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """B: an action card played on the player at `target` (`tool`: a double repair's)."""

    card: str
    target: int
    tool: str
    kind: ClassVar[str] = "play"

    def text(self) -> str:
        on = "themselves" if self.target == self.seat else f"seat {self.target}"
        return f"played {name_of(self.card)} on {on}" + (f" ({self.tool})" if self.tool else "")


@dataclass(frozen=True, slots=True)
class PlayedAt(Event):
    """B: a rockfall on the path card at `cell` (`removed`), or a map on the goal there
    (`seen`, `treasure`: what it showed, its player's only)."""

    card: str
    cell: Cell
    removed: str | None
    seen: str | None
    treasure: bool | None
    kind: ClassVar[str] = "play_at"

    def text(self) -> str:
        where = f"played {name_of(self.card)} at {_cell(self.cell)}"
        if self.removed is not None:
            return f"{where}, removing {name_of(self.removed)}"
        if self.seen is not None:
            return f"{where} and saw {goal_words(self.seen, bool(self.treasure))}"
        return f"{where} (looked at that goal)"

    def seen_by(self, seat: int | None) -> Event | None:
        if self.seen is None or seat == self.seat:
            return self
        return dataclasses.replace(self, seen=None, treasure=None)


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """The cards a player drew from the pile after a turn (seed 004: "then draw 1"), its
    player's only; `cards` is empty where `hidden.determinize` blanked another seat's draw."""

    count: int
    cards: tuple[str, ...]
    kind: ClassVar[str] = "drew"

    def text(self) -> str:
        if not self.cards:
            return f"drew {count_words(self.count, 'card')}"
        return f"drew {', '.join(name_of(card) for card in self.cards)} from the pile"

    def seen_by(self, seat: int | None) -> Event | None:
        return self if seat == self.seat else None


@dataclass(frozen=True, slots=True)
class FixBegun(Event):
    """D: the player names what to remove from before them; two discards pay for it."""

    what: str
    kind: ClassVar[str] = "fix"

    def text(self) -> str:
        goal = "frees themselves from the trap" if self.what == "trapped" else \
            f"mends {self.what}"
        return f"{goal}: pays 2 cards"


@dataclass(frozen=True, slots=True)
class Fixed(Event):
    """D, paid: the broken tool or the Trapped card is removed."""

    what: str
    kind: ClassVar[str] = "fixed"

    def text(self) -> str:
        return "is free of the trap" if self.what == "trapped" else f"mended {self.what}"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """C: the player discarded `cards` cards face down (and draws as many)."""

    cards: int
    kind: ClassVar[str] = "pass"

    def text(self) -> str:
        return f"passed, discarding {self.cards} card{'' if self.cards == 1 else 's'}"


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """The round is over: `connector` reached the treasure (None: nobody); every dwarf (by
    seat) and every goal still face down (`(cell, card)`) is turned up."""

    round: int
    connector: int | None
    dwarves: tuple[str, ...]
    goals: tuple[tuple[Cell, str], ...]
    treasure: Cell | None
    kind: ClassVar[str] = "end"

    def text(self) -> str:
        who = ("the treasure was not reached" if self.connector is None
               else f"seat {self.connector} reached the treasure")
        text = f"round {self.round} over: {who}"
        if self.dwarves:
            text += "; dwarves " + ", ".join(f"seat {s} {name_of(d)}"
                                             for s, d in enumerate(self.dwarves))
        if self.goals:
            text += "; goals " + ", ".join(
                f"{_cell(cell)} {goal_words(card, cell == self.treasure)}"
                for cell, card in self.goals)
        return text


@dataclass(frozen=True, slots=True)
class GoldShared(Event):
    """The share-out: the gold pieces (or base gold cards' value) each seat won this round, and
    why: each seat's role (turned up at the round's end: `green digger`, `boss`, `saboteur`
    ...), the teams that won (`teams`, empty when the treasure was not reached), the trapped
    seats (no share), the crystals on display and each seat's gold from them (Geologists)."""

    round: int
    gold: tuple[int, ...]
    roles: tuple[str, ...] = ()
    reached: bool = False
    teams: tuple[str, ...] = ()
    trapped: tuple[int, ...] = ()
    crystals: int = 0
    geology: tuple[int, ...] = ()
    kind: ClassVar[str] = "share"

    def text(self) -> str:
        if not self.roles:
            return f"round {self.round} gold: {_seats(self.gold, sign=True)}"
        return f"round {self.round} gold: " + "; ".join(self.causes())

    def causes(self) -> list[str]:
        """Each part of the share-out as a sentence: who won what, and why."""
        geology = self.geology or (0,) * len(self.gold)
        found = [g - c for g, c in zip(self.gold, geology, strict=True)]
        winners = ", ".join(f"seat {s} +{a} ({self.roles[s]})" for s, a in enumerate(found) if a)
        dealt = [team for team in self.teams if f"{team} digger" in self.roles]
        if self.reached:
            teams = " and ".join(dealt)
            why = (f"the treasure was reached ({teams} team{'s' if len(dealt) > 1 else ''}"
                   " share)" if dealt else
                   "the treasure was reached, but no digger team could get through")
        elif "saboteur" in self.roles:
            why = "the treasure was not reached, so the saboteurs share"
        else:
            why = "the treasure was not reached, and no saboteur was dealt this round"
        out = [f"{why}: {winners or 'nobody takes gold'}"]
        if any(geology):
            each = ", ".join(f"seat {s} +{a}" for s, a in enumerate(geology) if a)
            out.append(f"{count_words(self.crystals, 'crystal')} on display go to the "
                       f"geologists: {each}")
        if self.trapped:
            out.append("trapped, so no share: " + ", ".join(f"seat {s}" for s in self.trapped))
        return out


@dataclass(frozen=True, slots=True)
class Stole(Event):
    """Thieving: the thief took 1 gold piece from `victim`."""

    victim: int
    kind: ClassVar[str] = "steal"

    def text(self) -> str:
        return f"stole 1 gold from seat {self.victim}"


@dataclass(frozen=True, slots=True)
class GoldCardsDrawn(Event):
    """Base game, the treasure found: the gold cards drawn to pass round the diggers."""

    round: int
    values: tuple[int, ...]
    kind: ClassVar[str] = "gold_cards"

    def text(self) -> str:
        drawn = ", ".join(str(v) for v in self.values) or "none"
        return f"round {self.round}: gold cards drawn {drawn}"


@dataclass(frozen=True, slots=True)
class TookGold(Event):
    """Base game: a digger took a gold card worth `value`."""

    value: int
    kind: ClassVar[str] = "take"

    def text(self) -> str:
        return f"took a gold card worth {self.value}"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """Three rounds played: each seat's gold (most gold wins)."""

    gold: tuple[int, ...]
    kind: ClassVar[str] = "over"

    def text(self) -> str:
        return f"game over; gold {_seats(self.gold, sign=False)}"


EVENTS: tuple[type[Event], ...] = (
    RoundBegan, PathLaid, GoalTurnedUp, CardPlayed, PlayedAt, Drew, FixBegun, Fixed, Passed,
    RoundEnded, GoldShared, Stole, GoldCardsDrawn, TookGold, GameOver,
)
BY_KIND: dict[str, type[Event]] = {cls.kind: cls for cls in EVENTS}
"""Each event class by its `kind` (the truth keeps the log by kind: `truth.py`)."""


#: Each event class and its fields' names in order, by `kind` (`from_json`).
FIELDS: dict[str, tuple[type[Event], tuple[str, ...]]] = {
    cls.kind: (cls, tuple(f.name for f in dataclasses.fields(cls))) for cls in EVENTS}


def _tuples(value: JSONValue) -> object:
    """JSON lists as tuples, all the way down (an event's cells and other tuples)."""
    if isinstance(value, list):
        return tuple([_tuples(v) if isinstance(v, list) else v for v in value])
    return value


def from_json(entry: EventJSON) -> Event:
    """The event a view's log entry (`Event.to_json`) stands for, fields typed again: what a
    bot or a face reads the log with (`isinstance(event, PathLaid)` ...)."""
    cls, names = FIELDS[str(entry["kind"])]
    # Any: each JSON value goes to the field of that name, typed by the class (the entry was
    # written by `to_json` from such a class).
    values: list[Any] = [_tuples(entry[name]) for name in names]
    return cls(*values)
