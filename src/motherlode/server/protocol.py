"""The wire protocol, version 2 (`PROTOCOL`, docs/protocol.md): JSON messages over a WebSocket.

A client says `hello` (with its seat token, or none to watch), then `move`s and `ping`s; the
server answers `welcome`, `ack`, `update`, `pong` and `error`. Every server message carries
the table's `version` (the number of moves made). Errors are stable namespaced codes with a
sentence; the sentence never repeats what the client sent, so it cannot echo a secret.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

PROTOCOL = 2

#: Largest message a client may send, in characters (a move is well under 200).
MAX_MESSAGE = 4096
#: Largest frame the WebSocket layer takes at all (bigger ones close the connection).
MAX_FRAME = 65536
#: A connection may send this many messages at once, then one per 1/RATE seconds.
BURST = 60
RATE = 30.0
#: Longest move id a client may give.
MAX_MOVE_ID = 64
#: Longest seat token a client may give (the server's are 32 characters).
MAX_TOKEN = 128

# code -> the sentence sent with it (a message may add the game's reason after it).
ERRORS: dict[str, str] = {
    "move/illegal": "the move is not allowed",
    "move/stale": "the move was made against an old version of the table; here is the new one",
    "seat/not-yours": "it is not this seat's decision",
    "seat/bad-token": "no seat of this table has that token",
    "seat/bad-name": "that name cannot be shown",
    "seat/none-free": "no seat of this table is free",
    "table/not-found": "there is no table with that id",
    "table/broken": "the table's stored moves do not check out, so it is not served",
    "table/unreadable": "the table's stored rows cannot be read, so it is not served",
    "table/bad-options": "the table cannot be made with these settings",
    "request/malformed": "the message is not a well-formed request",
    "request/too-large": "the request is larger than the server takes",
    "request/not-json": "a request to the API must send JSON (content-type application/json)",
    "request/not-found": "there is nothing at that address",
    "request/method-not-allowed": "that address does not take this method",
    "request/rate-limited": "too many requests",
    "request/hello-timeout": "no hello came in time",
    "request/too-many-connections": "this client address has as many connections as it may",
    "request/bad-origin": "this server takes no connections from that page's site",
    "request/unknown-type": "the message's type is not one of hello, move, ping",
    "request/hello-first": "the first message must be hello, and only the first",
    "protocol/unsupported": f"this server speaks protocol {PROTOCOL}",
    "server/error": "the server could not do that; nothing was changed",
    "replay/not-finished": "the table is still being played",
    "replay/not-your-seat": "a seat's token replays only that seat",
    "replay/bad-step": "there is no such step or seat in this replay",
    "replay/too-long": "the game has more actions than a replay takes",
    "save/not-found": "this server keeps no save file by that id (open the file again)",
    "save/malformed": "the file is not a Motherlode save file",
    "save/unknown-game": "the save file names a game this server does not have",
    "save/bad-options": "the save file's options are not ones the game allows",
    "save/bad-action": "an action of the save file does not replay",
    "save/bad-digest": "the save file's digest does not match its replayed game "
                       "(the file was edited, or made by other rules)",
}


class ProtocolError(Exception):
    """A request refused with one of the `ERRORS` codes; `detail` adds to the sentence."""

    def __init__(self, code: str, detail: str = "") -> None:
        if code not in ERRORS:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(code)
        self.code = code
        self.detail = detail

    @property
    def message(self) -> str:
        base = ERRORS[self.code]
        return f"{base}: {self.detail}" if self.detail else base


@dataclass(frozen=True, slots=True)
class Hello:
    token: str | None


@dataclass(frozen=True, slots=True)
class Move:
    action: str
    version: int
    move_id: str | None


@dataclass(frozen=True, slots=True)
class Ping:
    pass


Request = Hello | Move | Ping


def parse_request(text: str) -> Request:
    """A client's message, checked; ProtocolError with its code if it is not one."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("request/too-large")
    try:  # orjson refuses nesting past 1,024 levels and lone surrogates as bad JSON
        data = orjson.loads(text)
    except ValueError:
        raise ProtocolError("request/malformed", "it is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("request/malformed", "it is not a JSON object")
    kind = data.get("type")
    if kind == "hello":
        return _hello(data)
    if kind == "move":
        return _move(data)
    if kind == "ping":
        return Ping()
    raise ProtocolError("request/unknown-type")


def _hello(data: dict[str, Any]) -> Hello:
    protocol = data.get("protocol", PROTOCOL)
    if protocol != PROTOCOL or isinstance(protocol, bool):
        raise ProtocolError("protocol/unsupported")
    token = data.get("token")
    if token is not None and not is_printable(token, MAX_TOKEN):
        raise ProtocolError(
            "request/malformed",
            f"token must be null or a string of 1 to {MAX_TOKEN} printable characters",
        )
    return Hello(token)


def _move(data: dict[str, Any]) -> Move:
    action, version, move_id = data.get("action"), data.get("version"), data.get("move_id")
    if not isinstance(action, str) or not action.strip():
        raise ProtocolError("request/malformed", "action must be the action's text")
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise ProtocolError("request/malformed", "version must be a whole number")
    if move_id is not None and not is_printable(move_id, MAX_MOVE_ID):
        raise ProtocolError(
            "request/malformed",
            f"move_id must be a string of 1 to {MAX_MOVE_ID} printable characters",
        )
    return Move(action, version, move_id)


def is_printable(value: object, longest: int) -> bool:
    """Whether `value` is a string of 1 to `longest` printable characters: no NUL, no other
    control character, no lone surrogate (which no database stores and no frame encodes)."""
    return isinstance(value, str) and 0 < len(value) <= longest and value.isprintable()


def error_message(error: ProtocolError, version: int | None, **extra: Any) -> dict[str, Any]:
    """The `error` message for `error`, at the table's `version` (None: no table yet)."""
    return {
        "type": "error",
        "code": error.code,
        "message": error.message,
        "version": version,
        **extra,
    }


#: What a connection that sends too many messages is told.
FLOOD = f"at most {BURST} messages at once, then {RATE:g} a second; this one was dropped"

#: Addresses whose table-making is counted at once (past it the counts start again).
MAX_ADDRESSES = 4096


class RateLimit:
    """A token bucket: `BURST` messages at once, refilled at `RATE` a second."""

    __slots__ = ("allowance", "burst", "last", "rate")

    def __init__(self, now: float, burst: int = BURST, rate: float = RATE) -> None:
        self.burst = burst
        self.rate = rate
        self.allowance = float(burst)
        self.last = now

    def allow(self, now: float) -> bool:
        """Whether a message arriving at `now` may be handled (and count it if so)."""
        self.allowance = min(self.burst, self.allowance + (now - self.last) * self.rate)
        self.last = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True


class TableLimit:
    """Tables made per client address: `per_minute` at once, then `per_minute` a minute (a
    token bucket per address; 0: no limit)."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self.buckets: dict[str, RateLimit] = {}

    def allow(self, address: str, now: float) -> bool:
        if self.per_minute <= 0:
            return True
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= MAX_ADDRESSES:
                self.buckets.clear()
            bucket = self.buckets[address] = RateLimit(now, self.per_minute,
                                                       self.per_minute / 60.0)
        return bucket.allow(now)

    @property
    def refusal(self) -> str:
        return (f"at most {self.per_minute} tables at once from one address, then "
                f"{self.per_minute} a minute")
