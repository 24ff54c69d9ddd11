"""The whole truth of a Dig It Up position (`State._truth`) and the state it came from
(`Game._restore`).

`truth` is JSON-ready: every saved field of the position (`model.DigItUpModel` declares them
and how each is saved), hidden parts included, and the log as lists `[kind, seat, *fields]`
(see `log.py`). `restore` reads it back and rebuilds what is derived (the open sites' mask);
the engine sets the seed, the RNG and the history.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import JSON, Event, PackedEvent

from .log import EVENTS

if TYPE_CHECKING:
    from .model import DigItUpModel


def truth(state: DigItUpModel) -> JSON:
    """Every piece of the position, JSON-ready."""
    return {**state._saved(), "log": [_entry(e) for e in state.log]}


def _entry(entry: PackedEvent) -> list[object]:
    kind: type[Event] = entry[0]
    return [kind.kind, *entry[1:]]


def restore(state: DigItUpModel, data: JSON) -> None:
    """Fill `state` (a blank one: the engine's part only) with the position whose truth is
    `data`."""
    state._load(data)
    state._rebuild()
    state.log = [(EVENTS[e[0]], *e[1:]) for e in data["log"]]
