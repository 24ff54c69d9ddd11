"""Log events: what happened at the table, as each game tells it.

A game's events are small frozen, slotted dataclasses under `Event` (one module per game,
`games/<game>/log.py`): the seat that acted (None for the table itself), the public fields,
and `text()`, the sentence a player reads. Money and units are written as the game prints
them ($1,000, 3 nuggets, 5 won), never as Python values.

**Packed in the state.** A frozen dataclass costs about 2 µs to build, a tuple 0.03 µs, and a
whole step of a game about 5 µs, so a state's log keeps each event packed: a tuple whose first
item is the event's class and the rest its fields in order (`(Dug, seat, "amazon", 3)`).
`unpack` turns an entry into its `Event`; `State.events()` gives the whole log that way.

**Who sees what** is decided by `Event.seen_by(seat)`, the one place per kind of event: it
returns the event as that seat may see it (a copy with secret fields blanked), or None when the
seat may not see the event at all. `State.view(seat)` carries each event of the log as
`seen_by(seat)` gives it, in its JSON form (`to_json`: the fields, `kind` and `text`);
`SeenLog` keeps that list per seat as the log grows, so a view unpacks only the new events,
and `seen_json` makes each (entry, seat) once for all the states that share the entry (clones,
determinized states), and an event a seat sees whole once for all those seats. The event dicts
in a view are shared: read them, copy before changing.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, ClassVar, TypeAlias

JSONValue: TypeAlias = str | int | float | bool | list["JSONValue"] | dict[str, "JSONValue"] | None
EventJSON: TypeAlias = dict[str, JSONValue]
PackedEvent: TypeAlias = tuple[Any, ...]
"""An event as a state's log keeps it: `(EventClass, *fields)`."""

# What a Python value looks like in a sentence; an event's text() must never show one.
REPR_MARKS = re.compile(
    r"\b(True|False|None)\b|\[\s*'|'\s*\]|\(\s*'|\{\s*'|<[A-Za-z_.]+ object|\w+\(\w+="
)


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: `seat` acted (None: the table, a die, a deck)."""

    seat: int | None

    kind: ClassVar[str] = "event"
    """The event's name in its JSON form (`dug`, `bid`, `tunnel-placed`); one per class."""

    def text(self) -> str:
        """The sentence a player reads, without the seat's name (`dug at Amazon: a gold`)."""
        raise NotImplementedError(f"{type(self).__name__} has no text()")

    def seen_by(self, seat: int | None) -> Event | None:
        """This event as `seat` may see it (None: a spectator); None if not at all."""
        return self

    def to_json(self) -> EventJSON:
        """The JSON form: `kind`, every field, and `text`."""
        out: EventJSON = {"kind": self.kind}
        for name in self.__match_args__:  # the dataclass's fields, in order
            value = getattr(self, name)
            out[name] = value if not isinstance(value, tuple | list) else _json_value(value)
        out["text"] = self.text()
        return out


def _json_value(value: object) -> JSONValue:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, tuple | list):
        return [_json_value(item) for item in value]
    raise TypeError(f"an event field must be a JSON scalar or a tuple of them, not {value!r}")


def unpack(entry: PackedEvent) -> Event:
    """The `Event` a packed log entry stands for."""
    event: Event = entry[0](*entry[1:])
    return event


class SeenLog:
    """The log as one seat sees it, in JSON, kept up to date as the log grows: a view costs
    the events that are new since the last view, not the whole log again. A state's log only
    ever grows (entries are appended, never changed); a log found shorter, or with another last
    entry, is read again from the start."""

    __slots__ = ("count", "last", "seat", "seen")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.count = 0
        self.last: PackedEvent | None = None
        self.seen: list[EventJSON] = []

    def read(self, log: list[PackedEvent]) -> list[EventJSON]:
        """The events of `log` as the seat may see them (the event dicts are shared between
        views of the same state: read them, copy before changing)."""
        start = self.count
        if start > len(log) or (start and log[start - 1] is not self.last):
            start, self.seen = 0, []
        seat = self.seat
        for entry in log[start:]:
            seen = seen_json(entry, seat)
            if seen is not None:
                self.seen.append(seen)
        self.count = len(log)
        self.last = log[-1] if log else None
        return self.seen.copy()


# (entry, seat) -> (the entry, its JSON as the seat sees it, or None). Clones, determinized
# and restored states share their log's entries, so their views find each event made once.
# The entry is kept to tell apart values Python counts as equal (True and 1, 1 and 1.0).
_SEEN: dict[tuple[PackedEvent, int | None], tuple[PackedEvent, EventJSON | None]] = {}
#: Entries the cache holds at most; it is emptied when full (a bound, not a policy).
SEEN_CACHE_LIMIT = 50_000


def seen_json(entry: PackedEvent, seat: int | None) -> EventJSON | None:
    """The JSON form of a packed entry as `seat` may see it (None: hidden from the seat).
    The dict is shared by every view that shows the event: read it, copy before changing.
    An event whose class shows it whole to everyone (no `seen_by` of its own) is made once
    for all seats."""
    key = (entry, seat)
    try:
        if entry[0].seen_by is Event.seen_by:
            return _whole_json(entry)
        hit = _SEEN.get(key)
    except TypeError:  # a field that cannot be hashed: made anew each time
        event = unpack(entry).seen_by(seat)
        return None if event is None else event.to_json()
    if hit is not None and (hit[0] is entry or _same_types(hit[0], entry)):
        return hit[1]
    made = _made_json(entry, seat)
    if len(_SEEN) >= SEEN_CACHE_LIMIT:
        _SEEN.clear()
    _SEEN[key] = (entry, made)
    return made


# entry -> (the entry, its JSON whole): shared by the seats that see all of the event.
_WHOLE: dict[PackedEvent, tuple[PackedEvent, EventJSON]] = {}


def _made_json(entry: PackedEvent, seat: int | None) -> EventJSON | None:
    event = unpack(entry)
    seen = event.seen_by(seat)
    if seen is None:
        return None
    if seen is not event:  # a copy with secret fields blanked: this seat's own
        return seen.to_json()
    return _whole_json(entry, event)


def _whole_json(entry: PackedEvent, event: Event | None = None) -> EventJSON:
    """The JSON form of a packed entry seen whole (`event`: its unpacked form, if made)."""
    hit = _WHOLE.get(entry)
    if hit is not None and (hit[0] is entry or _same_types(hit[0], entry)):
        return hit[1]
    made = (unpack(entry) if event is None else event).to_json()
    if len(_WHOLE) >= SEEN_CACHE_LIMIT:
        _WHOLE.clear()
    _WHOLE[entry] = (entry, made)
    return made


def _same_types(a: PackedEvent, b: PackedEvent) -> bool:
    return all(type(x) is type(y) for x, y in zip(a, b, strict=True))


def looks_like_repr(text: str) -> bool:
    """Whether `text` shows a Python value (`True`, `['a']`, `Tile(kind=...)`)."""
    return REPR_MARKS.search(text) is not None


def money(amount: int, sign: bool = False) -> str:
    """Dollars as a game prints them: $1,000, -$250 (`sign`: +$250 too)."""
    prefix = "-" if amount < 0 else "+" if sign and amount > 0 else ""
    return f"{prefix}${abs(amount):,}"


def count(number: int, singular: str, plural: str | None = None) -> str:
    """`3 nuggets`, `1 nugget`."""
    return f"{number} {singular if number == 1 else plural or singular + 's'}"
