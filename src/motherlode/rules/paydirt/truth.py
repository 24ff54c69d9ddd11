"""The whole truth of a Pay Dirt position (`State._truth`) and the state it came from
(`Game._restore`).

`truth` is JSON-ready: every field of the state, hidden ones included (ore numbers, stack
orders, hands, placements), dataclasses as objects of their fields, and the log as lists
`[kind, seat, *fields]` (log.py). `restore` reads it back; the engine sets the seed, the RNG
and the history.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import TYPE_CHECKING, Any

from motherlode.engine import JSON, Action, Event, PackedEvent

from .auction import Auction
from .board import Board, HeldClaim, Machine
from .choices import Choice
from .events import Draft
from .log import BY_KIND, EVENTS
from .phase import Phase
from .work import Work

if TYPE_CHECKING:
    from .game import PayDirt
    from .state import PayDirtState

# The kinds of event with a tuple field (a JSON list in the truth).
TUPLED = frozenset(
    cls for cls in EVENTS
    if any("tuple" in str(f.type) for f in dataclasses.fields(cls))
)

LISTS = (
    "equipment_display",
    "equipment_stack",
    "specialist_display",
    "specialist_stack",
    "claim_display",
    "claim_stack",
    "upgrade_display",
    "upgrade_stack",
    "event_deck",
    "event_discard",
)


def truth(state: PayDirtState) -> JSON:
    """Every field of the state, JSON-ready: for the digest and `restore`."""
    return {
        "phase": int(state.phase),
        "seat": state.seat,
        "round": state.round,
        "first_player": state.first_player,
        "temperature": state.temperature,
        "last_round": state.last_round,
        "boards": [_board_json(b) for b in state.boards],
        **{name: list(getattr(state, name)) for name in LISTS},
        "ore_stacks": [list(s) for s in state.ore_stacks],
        "ore_discards": [list(d) for d in state.ore_discards],
        "auction": _json(state.auction),
        "pending": _json(state.pending),
        "work": _json(state.work),
        "draft": _json(state.draft),
        "choice": _json(state.choice),
        "face_up": list(state.face_up),
        "event_top": state.event_top,
        "log": [_entry(e) for e in state.log],
    }


def _entry(entry: PackedEvent) -> list[object]:
    kind: type[Event] = entry[0]
    if kind in TUPLED:
        return [kind.kind, *(list(f) if isinstance(f, tuple) else f for f in entry[1:])]
    return [kind.kind, *entry[1:]]


def _board_json(board: Board) -> JSON:
    """A board's fields (as `_json` would write them, faster: the digest takes every board)."""
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


def _json(value: Any) -> Any:
    """A dataclass, list, tuple, dict, enum or action as plain JSON."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Enum):
        return _json(value.value)
    if isinstance(value, Action):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    raise TypeError(f"paydirt truth: cannot write {value!r} as JSON")


# --- back ----------------------------------------------------------------------------------
def restore(game: PayDirt, data: JSON) -> PayDirtState:
    """The state whose truth is `data`."""
    state = game.blank_state()
    state.phase = Phase(data["phase"])
    state.seat = data["seat"]
    state.round = data["round"]
    state.first_player = data["first_player"]
    state.temperature = data["temperature"]
    state.last_round = data["last_round"]
    state.boards = [_board(b) for b in data["boards"]]
    for name in LISTS:
        setattr(state, name, list(data[name]))
    state.ore_stacks = [list(s) for s in data["ore_stacks"]]
    state.ore_discards = [list(d) for d in data["ore_discards"]]
    state.auction = None if data["auction"] is None else Auction(**_copied(data["auction"]))
    pending = data["pending"]
    state.pending = None if pending is None else (pending[0], pending[1])
    state.work = None if data["work"] is None else Work(**_copied(data["work"]))
    draft = data["draft"]
    state.draft = None if draft is None else Draft(
        list(draft["order"]), list(draft["dealt"]), list(draft["hand"]), list(draft["picks"]),
        draft["revealed"], {int(k): v for k, v in draft["swaps"].items()},
    )
    state.choice = None if data["choice"] is None else Choice(**_copied(data["choice"]))
    state.face_up = list(data["face_up"])
    state.event_top = data["event_top"]
    state.log = [_packed(e) for e in data["log"]]
    return state


def _copied(fields: JSON) -> JSON:
    """The fields of a bookkeeping dataclass, each list (and list of lists) its own copy."""
    return {k: _deep(v) for k, v in fields.items()}


def _deep(value: Any) -> Any:
    if isinstance(value, list):
        return [_deep(v) for v in value]
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    return value


def _board(data: JSON) -> Board:
    fields = _copied(data)
    fields["claims"] = [HeldClaim(**c) for c in fields["claims"]]
    fields["machines"] = [Machine(**m) for m in fields["machines"]]
    return Board(**fields)


def _packed(entry: list[object]) -> PackedEvent:
    """A log entry back to its packed tuple (list fields back to tuples)."""
    kind = BY_KIND[str(entry[0])]
    return (kind, *(tuple(f) if isinstance(f, list) else f for f in entry[1:]))
