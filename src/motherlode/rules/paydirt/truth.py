"""The whole truth of a Pay Dirt position (`State._truth`) and the position it came from
(`Game._restore`).

`truth` is JSON-ready: every field the model declares (model.py: hidden ones included, ore
numbers, stack orders, hands, placements; records as objects of their fields), and the log as
lists `[kind, seat, *fields]` (log.py). `restore` reads it back into a blank state; the engine
sets the seed, the RNG and the history.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, TypeVar

from motherlode.engine import JSON, Event, PackedEvent

from .log import BY_KIND, EVENTS

if TYPE_CHECKING:
    from .model import PayDirtModel

M = TypeVar("M", bound="PayDirtModel")
# The kinds of event with a tuple field (a JSON list in the truth).
TUPLED = frozenset(
    cls for cls in EVENTS
    if any("tuple" in str(f.type) for f in dataclasses.fields(cls))
)


def truth(state: PayDirtModel) -> JSON:
    """Every field of the position, JSON-ready: for the digest and `restore`."""
    return {**state._saved(), "log": [_entry(e) for e in state.log]}


def _entry(entry: PackedEvent) -> list[object]:
    kind: type[Event] = entry[0]
    if kind in TUPLED:
        return [kind.kind, *(list(f) if isinstance(f, tuple) else f for f in entry[1:])]
    return [kind.kind, *entry[1:]]


def restore(blank: M, data: JSON) -> M:
    """`blank` (a state with the engine's part only) made the position whose truth is
    `data`."""
    blank._load(data)
    blank._rebuild()
    blank.log = [_packed(e) for e in data["log"]]
    return blank


def _packed(entry: list[object]) -> PackedEvent:
    """A log entry back to its packed tuple (list fields back to tuples)."""
    kind = BY_KIND[str(entry[0])]
    return (kind, *(tuple(f) if isinstance(f, list) else f for f in entry[1:]))


def packed_event(event: JSON) -> PackedEvent:
    """A log event back to its packed tuple from its JSON form (`Event.to_json`: `kind`, the
    fields in order, `text`); every Pay Dirt event is public, so a view's log reads back into
    the log (the search bot's states built from a view)."""
    kind = BY_KIND[str(event["kind"])]
    fields = (event[name] for name in kind.__match_args__)
    return (kind, *(tuple(f) if isinstance(f, list) else f for f in fields))
