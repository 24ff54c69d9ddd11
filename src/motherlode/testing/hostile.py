"""A hostile client and honest players against a live server (issue 18, "Must hold": a client
sending undecodable or oversized ids, bodies and frames makes none of the other clients'
moves fail). Used by benchmarks/hostile_client.py and tests/server/test_hostile_live.py;
needs the web extra (websockets) and a server on loopback.

`Honest` plays tables of human seats: each seat, on its turn, sends the first action of its
decision with a fresh move id and waits for its `ack`; any other answer is a failure.
`attack` sends, until its deadline, every kind of bad input the protocol must refuse with a
code: frames with move ids a database cannot store (NUL, lone surrogates), JSON nested past
any limit, oversized ids and frames, binary frames, malformed settings, a 100 MB chunked
body, and idle sockets that never say hello.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import http.client
import json
import select
import socket
import time
import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from motherlode.engine.decision import actions_of
from motherlode.engine.frames import merged_view

#: Seconds any one frame or answer may take before the client gives up on it.
WAIT = 15.0

#: The attacker's own loopback address (Linux answers on all of 127/8): the server's caps
#: per client address then count it apart from the honest players on 127.0.0.1.
ATTACKER = ("127.0.0.2", 0)
#: The address its bad frames come from (its idle sockets fill ATTACKER's cap).
ATTACKER_FRAMES = ("127.0.0.3", 0)

#: WebSocket messages the protocol refuses with a code (the connection stays open).
BAD_FRAMES: tuple[str | bytes, ...] = (
    '{"type": "move", "action": "dig 1", "version": 0, "move_id": "a\\u0000b"}',
    '{"type": "move", "action": "dig 1", "version": 0, "move_id": "\\ud800"}',
    '{"type": "move", "action": "dig 1", "version": 0, "move_id": "' + "x" * 3000 + '"}',
    '{"type": "move", "action": "x", "version": 0, "move_id": "' + "y" * 9000 + '"}',
    "[" * 4000 + "]" * 4000,
    '{"type": "hello", "token": "\\udfff"}',
    '{"type": "move", "action": "<script>alert(1)</script>", "version": 1e999}',
    '{"type": "move", "action": "dig", "version": 18446744073709551617}',
    '{"type":',
    b"\xff\xfe\x00binary",
)

#: Bodies of `POST /api/tables` refused with a code.
BAD_BODIES: tuple[tuple[str, bytes], ...] = (
    ("application/json", b"[" * 5000 + b"]" * 5000),
    ("application/json", b'{"game": "digitup", "players": 18446744073709551617}'),
    ("application/json", b'{"game": "' + b"g" * 15000 + b'"}'),
    ("application/json", b'{"game": "\\ud800"}'),
    ("application/json", b"\xff\xfe"),
    ("text/plain", b'{"game": "digitup"}'),
)


@dataclass
class Tally:
    """What the honest players saw: moves acknowledged, and every other answer."""

    moves: int = 0
    failures: list[str] = field(default_factory=list)


@dataclass
class Sent:
    """What the attacker sent, by kind, and how the server answered."""

    kinds: collections.Counter[str] = field(default_factory=collections.Counter)
    answers: collections.Counter[str] = field(default_factory=collections.Counter)


def ws_url(base: str, table_id: str) -> str:
    return base.replace("http://", "ws://") + f"api/tables/{table_id}/ws"


def post_json(base: str, body: Any, source: tuple[str, int] | None = None) -> Any:
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=WAIT,
                                      source_address=source)
    try:
        conn.request("POST", "/api/tables", json.dumps(body),
                     {"content-type": "application/json"})
        return json.loads(conn.getresponse().read())
    finally:
        conn.close()


class Seat:
    """An honest client in one seat: its socket and the view its frames make."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.view: dict[str, Any] = {}
        self.version = 0

    async def receive(self, wait: float = WAIT) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(
            await asyncio.wait_for(self.connection.recv(), wait))
        if "view" in frame:
            self.view = merged_view(self.view, frame)
            self.version = frame["version"]
        return frame


async def play_seat(seat: Seat, until: float, tally: Tally) -> None:
    """Move on this seat's turns until the game ends or `until`."""
    while time.time() < until:
        while seat.view["decision"] is None and seat.view["current_player"] is not None:
            try:  # past the deadline the other seat moves no more
                await seat.receive(WAIT if time.time() < until else 1.0)
            except TimeoutError:
                if time.time() >= until:
                    return
                raise
        if seat.view["current_player"] is None or time.time() >= until:
            return
        move_id = uuid.uuid4().hex
        await seat.connection.send(json.dumps({
            "type": "move", "action": actions_of(seat.view["decision"])[0],
            "version": seat.version, "move_id": move_id}))
        while True:
            frame = await seat.receive()
            if frame.get("move_id") != move_id:
                continue
            if frame["type"] == "ack":
                tally.moves += 1
            else:
                tally.failures.append(str(frame.get("code")))
            break


async def play_tables(base: str, until: float, tally: Tally, game: str = "digitup") -> None:
    """One table of two human seats after another, both seats played, until `until`."""
    while time.time() < until:
        made = await asyncio.to_thread(post_json, base, {
            "game": game, "players": 2, "seats": [{"human": True}, {"human": True}]})
        seats = []
        try:
            for seat in made["seats"]:
                connection = await connect(ws_url(base, made["id"]), max_size=None,
                                           open_timeout=WAIT)
                seats.append(Seat(connection))
                await connection.send(json.dumps({"type": "hello", "protocol": 2,
                                                  "token": seat["token"]}))
                await seats[-1].receive()
            await asyncio.gather(*(play_seat(seat, until, tally) for seat in seats))
        except (OSError, TimeoutError, WebSocketException, KeyError) as err:
            tally.failures.append(type(err).__name__)
        finally:
            for seat in seats:
                await seat.connection.close()


async def attack(base: str, until: float, sent: Sent) -> None:
    """Every kind of bad input, over and over, until `until`."""
    await asyncio.gather(bad_frames(base, until, sent), bad_bodies(base, until, sent),
                         idle_sockets(base, until, sent))


async def bad_frames(base: str, until: float, sent: Sent) -> None:
    """A seat of the attacker's own table sending refused frames, within the rate limit;
    now and then an oversized frame (which closes its connection) and a new connection."""
    made = await asyncio.to_thread(post_json, base, {
        "game": "digitup", "players": 2, "seats": [{"human": True}, {"human": True}]}, ATTACKER)
    while time.time() < until:
        try:
            async with connect(ws_url(base, made["id"]), max_size=None, open_timeout=WAIT,
                               local_addr=ATTACKER_FRAMES) as connection:
                seat = made["current_player"]
                await connection.send(json.dumps({"type": "hello", "protocol": 2,
                                                  "token": made["seats"][seat]["token"]}))
                welcome = json.loads(await asyncio.wait_for(connection.recv(), WAIT))
                for frame in (*legal_with_bad_ids(welcome), *BAD_FRAMES) * 3:
                    await connection.send(frame)
                    sent.kinds["frame"] += 1
                    answer = json.loads(await asyncio.wait_for(connection.recv(), WAIT))
                    sent.answers[str(answer.get("code"))] += 1
                    await asyncio.sleep(0.04)
                await connection.send("x" * 70000)  # past the frame limit: closed
                sent.kinds["oversized frame"] += 1
                with contextlib.suppress(WebSocketException):
                    await asyncio.wait_for(connection.recv(), WAIT)
        except (WebSocketException, OSError, TimeoutError) as err:
            sent.answers[type(err).__name__] += 1


def legal_with_bad_ids(welcome: dict[str, Any]) -> tuple[str, ...]:
    """Legal moves of the seat to move, with move ids no database stores: were they let
    through, they would fail the group commit that holds other tables' moves."""
    decision = welcome["view"].get("decision")
    if decision is None:
        return ()
    action = actions_of(decision)[0]
    return tuple(json.dumps({"type": "move", "action": action, "version": welcome["version"],
                             "move_id": "PLACEHOLDER"}).replace("PLACEHOLDER", bad)
                 for bad in ("\\ud800", "n\\u0000l"))


async def bad_bodies(base: str, until: float, sent: Sent) -> None:
    """Refused table settings, and a 100 MB chunked body, over and over."""
    while time.time() < until:
        for kind, body in BAD_BODIES:
            status = await asyncio.to_thread(post_raw, base, kind, body)
            sent.kinds["body"] += 1
            sent.answers[f"HTTP {status}"] += 1
        status = await asyncio.to_thread(post_chunked, base, 100 * 2**20)
        sent.kinds["chunked 100 MB"] += 1
        sent.answers[f"HTTP {status}"] += 1


def post_raw(base: str, kind: str, body: bytes) -> int:
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=WAIT,
                                      source_address=ATTACKER)
    try:
        conn.request("POST", "/api/tables", body, {"content-type": kind})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def post_chunked(base: str, size: int) -> int:
    """A body of `size` bytes sent in chunks (no content-length) until the server answers
    or closes; the answer's status (0: closed with none)."""
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 80),
                                  timeout=WAIT, source_address=ATTACKER) as raw:
        raw.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\ncontent-type: application/json"
                    b"\r\ntransfer-encoding: chunked\r\n\r\n")
        chunk = b"%x\r\n%s\r\n" % (65536, b" " * 65536)
        raw.settimeout(1.0)  # a server that stopped reading: stop sending, read its answer
        with contextlib.suppress(OSError):
            for _ in range(size // 65536):
                raw.sendall(chunk)
                if select.select([raw], [], [], 0)[0]:
                    break
        raw.settimeout(WAIT)
        answer = b""
        with contextlib.suppress(OSError):
            answer = raw.recv(4096)
    head = answer.split(b"\r\n", 1)[0].split()
    return int(head[1]) if len(head) > 1 and head[1].isdigit() else 0


async def idle_sockets(base: str, until: float, sent: Sent, count: int = 100) -> None:
    """`count` WebSockets that never say hello, opened again as the server closes them."""

    async def idle() -> None:
        while time.time() < until:
            try:
                async with connect(ws_url(base, "nothere"), open_timeout=WAIT,
                                   local_addr=ATTACKER) as connection:
                    sent.kinds["idle socket"] += 1
                    answer = json.loads(await asyncio.wait_for(
                        connection.recv(), max(0.1, until - time.time())))
                    sent.answers[str(answer.get("code"))] += 1
                await asyncio.sleep(0.05)
            except TimeoutError:  # still open at the deadline
                sent.answers["open at the end"] += 1
            except (WebSocketException, OSError) as err:
                sent.answers[type(err).__name__] += 1
                await asyncio.sleep(0.5)

    await asyncio.gather(*(idle() for _ in range(count)))


def rss_mb(pid: int) -> float:
    """The process's resident memory, in MB (from /proc)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0
