"""A Pay Dirt position, declared once: the table (displays, stacks, temperature), every
player's board, and the bookkeeping of the phase in progress.

Each field says how it is copied, saved and read back (engine/position.py), so `clone`, the
truth (`truth.py`) and `restore` follow from this one list. The rule modules work on this
class, never on the state facade (`state.py`), so the package's imports have no cycle: where a
phase hands the round on, a rule module calls one of the three hooks below, which the facade
answers with `rounds.py`.
"""

from __future__ import annotations

import dataclasses
from abc import abstractmethod
from enum import Enum
from typing import TYPE_CHECKING, Any

from motherlode.engine import JSON, Action
from motherlode.engine.position import Position, copied, enum, field, items, rows, value

from .board import Board, HeldClaim, Machine
from .phase import Phase
from .records import Auction, Choice, Draft, Pending, Work

if TYPE_CHECKING:
    from .box import PayDirtBox


def board_json(board: Board) -> JSON:
    """A board's fields (as `record_json` would write them, faster: every digest takes every
    board)."""
    return {
        "cash": board.cash,
        "gold": board.gold,
        "workers": board.workers,
        "claims": [{"claim": c.claim, "layered": c.layered, "ore": list(c.ore)}
                   for c in board.claims],
        "machines": [{"equipment": m.equipment, "wear": m.wear, "spaces": list(m.spaces)}
                     for m in board.machines],
        "specialists": list(board.specialists),
        "upgrades": dict(board.upgrades),
        "upgrade_wear": dict(board.upgrade_wear),
        "events": list(board.events),
        "won": board.won,
        "vault": board.vault,
        "sick": board.sick,
        "borrowed": board.borrowed,
        "waiting": list(board.waiting),
        "flags": dict(board.flags),
        "rusted": board.rusted,
        "flooded": board.flooded,
    }


def board_from(data: JSON) -> Board:
    """A board back from `board_json`."""
    fields = _copied(data)
    fields["claims"] = [HeldClaim(**c) for c in fields["claims"]]
    fields["machines"] = [Machine(**m) for m in fields["machines"]]
    return Board(**fields)


def record_json(value: Any) -> Any:
    """A record (records.py), list, tuple, dict, enum or action as plain JSON."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Enum):
        return record_json(value.value)
    if isinstance(value, Action):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: record_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): record_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [record_json(v) for v in value]
    raise TypeError(f"paydirt truth: cannot write {value!r} as JSON")


def draft_from(data: JSON) -> Draft:
    """The Events draft back from its JSON (the swaps' pick indexes back to numbers)."""
    return Draft(list(data["order"]), list(data["dealt"]), list(data["hand"]),
                 list(data["picks"]), data["revealed"],
                 {int(k): v for k, v in data["swaps"].items()})


def _copied(fields: JSON) -> JSON:
    """The fields of a record, each list (and list of lists) its own copy."""
    return {k: _deep(v) for k, v in fields.items()}


def _deep(value: Any) -> Any:
    if isinstance(value, list):
        return [_deep(v) for v in value]
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    return value


def _record(kind: type, **options: Any) -> Any:
    """A phase's record, None while the phase is not on: saved as an object of its fields."""
    name = kind.__name__
    return copied("record_json({})", f"None if {{0}} is None else {name}(**_copied({{0}}))",
                  names={"record_json": record_json, "_copied": _copied, name: kind},
                  optional=True, **options)


_BOARDS = field("[b.copy() for b in {}]", "[board_json(b) for b in {}]",
                "[board_from(b) for b in {}]",
                names={"board_json": board_json, "board_from": board_from})


class PayDirtModel(Position):
    """Every field of a Pay Dirt position (saved under these names: the digests depend on
    them)."""

    game: PayDirtBox
    phase: Phase = enum(Phase)
    seat: int = value()  # whose decision it is
    round: int = value()
    first_player: int = value()
    temperature: int = value()  # °C
    last_round: bool = value()
    boards: list[Board] = _BOARDS
    equipment_display: list[str] = items()
    equipment_stack: list[str] = items()  # face down; the top is the end of the list
    specialist_display: list[str] = items()
    specialist_stack: list[str] = items()
    claim_display: list[str] = items()
    claim_stack: list[str] = items()
    upgrade_display: list[str] = items()
    upgrade_stack: list[str] = items()
    event_deck: list[str] = items()
    event_discard: list[str] = items()
    ore_stacks: list[list[int]] = rows()  # per ore type (components.ORE_TYPES), face down
    ore_discards: list[list[int]] = rows()
    auction: Auction | None = _record(Auction)
    pending: Pending | None = field(
        "{}", "record_json({})", "None if {0} is None else ({0}[0], {0}[1])",
        names={"record_json": record_json})
    work: Work | None = _record(Work)
    draft: Draft | None = copied(
        "record_json({})", "None if {0} is None else draft_from({0})",
        names={"record_json": record_json, "draft_from": draft_from}, optional=True)
    choice: Choice | None = _record(Choice)  # a card's question to a seat (Phase.CHOOSE)
    face_up: list[int] = items()  # ore tiles on boards turned face up (Test Drill)
    event_top: str = value()  # an event card put back on top of the deck face up (Remy)

    # --- where a phase hands the round on (the state facade answers with rounds.py) --------
    @abstractmethod
    def phase_over(self) -> None:
        """The current phase is done (called by its module): on to the next."""

    @abstractmethod
    def purchase_done(self) -> None:
        """The winner has decided what to do with a purchase: the auction (or the round)
        goes on."""

    @abstractmethod
    def choice_done(self, choice: Choice) -> None:
        """A card asks nothing more: the round goes on where the card stopped it."""
