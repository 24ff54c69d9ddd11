"""Delivery: a table's connections, the frames waiting to go to each, and what each frame says.

A `Connection` is one WebSocket's seat (None: a spectator) and its outbox; the `Audience` is a
table's connections, with the counts of the other processes' ones (several processes). Each
frame carries what that connection has not been sent of its own seat's view (`view_part`):
the keys whose values changed and the log's new events. The frames the server sends are
typed here (`Welcome`, `Ack`, `Update`, `Pong`; the `error` frame is
`protocol.error_message`). Nothing here decides what a seat may see: the views come from
the table's authority, built once per version.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

import orjson

from motherlode.engine import View

from .authority import Acked
from .protocol import PROTOCOL

#: Frames a connection may have waiting; a client further behind is disconnected (it comes
#: back with a fresh welcome).
MAX_OUTBOX = 2000

#: Seconds between two reports of this process's connections at each table to the others
#: (several processes); a report older than PRESENCE_TTL is not counted (its process died).
PRESENCE_EVERY = 5.0
PRESENCE_TTL = 3 * PRESENCE_EVERY


def dumps(message: Mapping[str, Any]) -> str:
    """A message as JSON text (orjson: a tenth of `json.dumps`'s time on a view); one that
    holds a lone surrogate (which orjson refuses) as escaped ASCII, so it is still sent."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"))


class Welcome(TypedDict):
    """The first frame of a connection: the whole view of its seat."""

    type: Literal["welcome"]
    protocol: int
    table: str
    seat: int | None
    version: int
    view: View


class Part(TypedDict, total=False):
    """What a frame tells of the seat's view since the connection's last frame."""

    view: dict[str, Any]
    events: list[Any]
    gone: list[str]


class Ack(Part):
    """To the mover's connection: its move is committed (with what changed)."""

    type: Literal["ack"]
    table: str
    move_id: str | None
    version: int
    action: str


class Update(Part):
    """To every other connection: moves were committed (with what changed)."""

    type: Literal["update"]
    table: str
    version: int


class Pong(TypedDict):
    """The answer to a ping: the committed version."""

    type: Literal["pong"]
    table: str
    version: int


def welcome(table_id: str, seat: int | None, version: int, view: View) -> Welcome:
    return {"type": "welcome", "protocol": PROTOCOL, "table": table_id, "seat": seat,
            "version": version, "view": view}


def ack(table_id: str, acked: Acked) -> Ack:
    """The bare ack of a committed move (a repeated move id is answered with it again)."""
    return {"type": "ack", "table": table_id, "move_id": acked.move_id,
            "version": acked.version, "action": acked.action}


def pong(table_id: str, version: int) -> Pong:
    return {"type": "pong", "table": table_id, "version": version}


@dataclass(eq=False)
class Connection:
    """One WebSocket at a table: its seat (None: a spectator) and the frames waiting to go."""

    seat: int | None
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    """Frames to send, in order; None: close, the client reads too slowly."""
    sent_log: int = 0
    """How many events of the seat's log this connection has been sent."""
    shown: dict[str, Any] = field(default_factory=dict)
    """The view (without its log) this connection was last sent: later frames carry only
    the keys whose values differ from it."""
    dropped: bool = False
    """Too far behind: nothing more is queued, the writer closes it."""

    def send(self, message: Mapping[str, Any]) -> None:
        if self.dropped:
            return
        if self.outbox.qsize() >= MAX_OUTBOX:
            self._drop()
            return
        self.outbox.put_nowait(dumps(message))

    def _drop(self) -> None:
        self.dropped = True
        while not self.outbox.empty():
            self.outbox.get_nowait()
        self.outbox.put_nowait(None)


def public_view(view: View) -> dict[str, Any]:
    """The view without its log (an update sends the log's new events beside it)."""
    return {key: value for key, value in view.items() if key != "log"}


def view_part(connection: Connection, view: View) -> Part:
    """What a frame tells `connection` of `view`: in `view` the keys whose values changed
    since the view it was last sent (`gone`: keys it had that the view no longer has), in
    `events` the log's entries it has not had; the connection then counts it as sent."""
    shown = connection.shown
    changed = {
        key: value for key, value in view.items()
        if key != "log" and (key not in shown or shown[key] != value)
    }
    log = view["log"]
    part: Part = {"view": changed, "events": log[connection.sent_log :]}
    gone = [key for key in shown if key not in view]
    if gone:
        part["gone"] = gone
    connection.sent_log = len(log)
    connection.shown = public_view(view)
    return part


class Audience:
    """A table's connections in this process, and the latest counts of the others'."""

    def __init__(self, table_id: str, players: int) -> None:
        self.table_id = table_id
        self.players = players
        self.connections: set[Connection] = set()
        self.elsewhere: dict[str, tuple[list[int], int, float]] = {}
        """Other processes' connections here: per process, (per seat, watching, when heard)."""

    def join(self, seat: int | None, version: int, view: View) -> Connection:
        """A new connection for `seat`, its `welcome` (the whole view) already queued."""
        connection = Connection(seat)
        connection.sent_log = len(view["log"])
        connection.shown = public_view(view)
        connection.send(welcome(self.table_id, seat, version, view))
        self.connections.add(connection)
        return connection

    def leave(self, connection: Connection) -> None:
        self.connections.discard(connection)

    def broadcast(self, version: int, view_of: Callable[[int | None], View],
                  mover: Connection | None = None, acked: Acked | None = None) -> None:
        """Tell every connection of the moves just committed: the mover's connection in its
        `ack`, every other in an `update`, each with its part of its seat's view."""
        update: Update = {"type": "update", "table": self.table_id, "version": version}
        head: Ack | Update
        for connection in list(self.connections):
            if connection is mover and acked is not None:
                head = ack(self.table_id, acked)
            else:
                head = update
            connection.send({**head, **view_part(connection, view_of(connection.seat))})

    # --- who is here -----------------------------------------------------------------------
    def presence(self) -> tuple[list[int], int]:
        """This process's connections: how many at each seat, and how many watch."""
        seats = [0] * self.players
        watchers = 0
        for connection in self.connections:
            if connection.seat is None:
                watchers += 1
            else:
                seats[connection.seat] += 1
        return seats, watchers

    def heard_presence(self, origin: str, seats: list[int], watchers: int, at: float) -> None:
        """Another process's connections here (several processes)."""
        if any(seats) or watchers:
            self.elsewhere[origin] = (seats, watchers, at)
        else:
            self.elsewhere.pop(origin, None)

    def everyone(self, now: float) -> tuple[list[int], int]:
        """The connections of every process: this one's and the others' latest reports."""
        seats, watchers = self.presence()
        for origin, (there, watching, at) in list(self.elsewhere.items()):
            if now - at > PRESENCE_TTL:
                del self.elsewhere[origin]
                continue
            seats = [here + count for here, count in zip(seats, there, strict=False)]
            watchers += watching
        return seats, watchers
