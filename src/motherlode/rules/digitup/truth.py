"""The whole truth of a Dig It Up position (`State._truth`) and the state it came from
(`Game._restore`).

`truth` is JSON-ready: every piece of the position, hidden parts included, and the log as
lists `[kind, seat, *fields]` (see `log.py`). `restore` reads it back and rebuilds what is
derived (the open sites' mask); the engine sets the seed, the RNG and the history.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import JSON, Event, PackedEvent

from .log import EVENTS
from .phase import Phase

if TYPE_CHECKING:
    from .game import DigItUp
    from .state import DigItUpState


def truth(state: DigItUpState) -> JSON:
    """Every piece of the position, JSON-ready."""
    return {
        "phase": int(state.phase),
        "seat": state.seat,
        "turn": state.turn,
        "board": state.board,
        "tokens": state.tokens,
        "pickaxe": state.pickaxe,
        "left": state.left,
        "abandoned": state.abandoned,
        "end_triggered": state.end_triggered,
        "counts": state.counts,
        "money": state.money,
        "kept": state.kept,
        "used": state.used,
        "drawn": state.drawn,
        "dealt": [list(d) for d in state.dealt],
        "mission": state.mission,
        "closed_shop": state.closed_shop,
        "deck": state.deck,
        "pending_token": state.pending_token,
        "log": [_entry(e) for e in state.log],
    }


def _entry(entry: PackedEvent) -> list[object]:
    kind: type[Event] = entry[0]
    return [kind.kind, *entry[1:]]


def restore(game: DigItUp, data: JSON) -> DigItUpState:
    """The state whose truth is `data`."""
    state = game.blank_state()
    state.phase = Phase(data["phase"])
    state.seat = data["seat"]
    state.turn = data["turn"]
    state.board = list(data["board"])
    state.tokens = list(data["tokens"])
    state.pickaxe = list(data["pickaxe"])
    state.left = list(data["left"])
    state.open_mask = sum(1 << s for s, left in enumerate(state.left) if left)
    state.abandoned = data["abandoned"]
    state.end_triggered = data["end_triggered"]
    state.counts = list(data["counts"])
    state.money = list(data["money"])
    state.kept = [list(k) for k in data["kept"]]
    state.used = [list(u) for u in data["used"]]
    state.drawn = list(data["drawn"])
    state.dealt = [tuple(d) for d in data["dealt"]]
    state.mission = list(data["mission"])
    state.closed_shop = list(data["closed_shop"])
    state.deck = list(data["deck"])
    state.pending_token = data["pending_token"]
    state.log = [(EVENTS[e[0]], *e[1:]) for e in data["log"]]
    return state
