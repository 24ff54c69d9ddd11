"""The whole truth of a Pay Day position (hidden parts included), and the position rebuilt
from it.

`truth(state)` is JSON: every field the model saves (`model.py`: `_saved`), "rolled", "done"
and the log, each event as `[kind, seat, field, ...]`; the digest hashes it (with the RNG).
`restore(state, truth)` fills a blank state with it; the engine sets the seed, RNG and history
after (`Game.restore`).
"""

from __future__ import annotations

from typing import TypeVar

from motherlode.engine import JSON

from .log import KINDS
from .model import PayDayModel

M = TypeVar("M", bound=PayDayModel)


def truth(state: PayDayModel) -> JSON:
    """The whole truth, hidden parts included. "rolled" and "done" were fields of their own
    when the digests were first taken; they are written from the fields they always followed
    (`roll`: 1-6 once rolled, else 0; `month`: a seat is done when its months are played) and
    not read back."""
    return {
        **state._saved(),
        "rolled": state.roll != 0,
        "done": [state.finished(seat) for seat in range(len(state.month))],
        "log": [[entry[0].kind, *entry[1:]] for entry in state.log],
    }


def restore(state: M, data: JSON) -> M:
    """Fill `state` (its game set, nothing else) with the position `data` describes."""
    state._load(data)
    state.log = [(KINDS[entry[0]], *entry[1:]) for entry in data["log"]]
    return state
