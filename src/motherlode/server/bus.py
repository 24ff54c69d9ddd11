"""Several server processes over one PostgreSQL: the moves each one commits reach the others
through Redis pub/sub (redis-py), so every process tells its own connections.

A message is JSON on one channel: the process that sent it (`origin`, a random id of the
process, so it skips its own), the table, and either a move just committed (its version,
seat, action, move id and digest, and whether it ended the game), `created`, or `presence`
(how many connections the process has at the table, per seat and watching: sent when one
comes or goes, and again every `PRESENCE_EVERY` seconds while there are any). Pub/sub may
drop a message (a process that was disconnected): a receiver that sees a gap in a table's
versions reads the missing moves from the database, and after a reconnection it reads them
for every table (`resync`). Nothing here is sent to a client: the receiving process checks
each move against its own copy of the state (the digest) and sends each connection its view.

Every message is signed with the processes' shared secret (`--cluster-secret`): on the
channel it is the hex HMAC-SHA256 of its JSON, a dot, then the JSON. A message whose
signature does not check (anyone else who can reach Redis) is dropped and logged: it never
reaches a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from .store import MoveRow

log = logging.getLogger("motherlode.server")

CHANNEL = "motherlode:tables"
#: Seconds between two tries to reach Redis again.
RETRY_PAUSE = 0.5
#: Seconds a publish (or a connection) may take before it is given up.
PUBLISH_TIMEOUT = 2.0

Handler = Callable[[str, MoveRow | None, bool], Awaitable[None]]
"""What the lobby does with a message: (table id, the move or None for `created`, finished)."""

Presence = Callable[[str, str, list[int], int], None]
"""What the lobby does with another process's connections at a table: (process, table id,
connections per seat, spectators)."""


class Bus:
    """This process's link to the others: publish what it commits, hear what they do."""

    def __init__(self, url: str, secret: str) -> None:
        if not secret:
            raise ValueError("the processes' messages need a shared secret")
        self.url = url
        self.key = secret.encode()
        self.origin = secrets.token_hex(8)
        # publishing never waits long on a Redis that is away (the moves are stored anyway);
        # the subscriber's connection may stay quiet for as long as no table moves
        self.redis: Redis = Redis.from_url(url, socket_timeout=PUBLISH_TIMEOUT,
                                           socket_connect_timeout=PUBLISH_TIMEOUT)
        self.subscriber: Redis = Redis.from_url(url, socket_connect_timeout=PUBLISH_TIMEOUT)
        self._listener: asyncio.Task[None] | None = None
        self._presence: Presence = lambda _origin, _table, _seats, _watchers: None

    async def start(self, handler: Handler, resync: Callable[[], Awaitable[None]],
                    presence: Presence) -> None:
        """Subscribe (so no message sent after this returns is missed), then hear messages
        in a task until `close`."""
        self._presence = presence
        pubsub = self.subscriber.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(CHANNEL)
        self._listener = asyncio.create_task(self._listen(pubsub, handler, resync))

    async def _listen(self, pubsub: Any, handler: Handler,
                      resync: Callable[[], Awaitable[None]]) -> None:
        while True:
            try:
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        await self._hear(message["data"], handler)
            except (RedisError, OSError) as err:
                log.warning("redis: %s; subscribing again", type(err).__name__)
            while True:  # subscribe again (until Redis answers), then read what was missed
                await asyncio.sleep(RETRY_PAUSE)
                try:
                    await pubsub.reset()
                    await pubsub.subscribe(CHANNEL)
                    break
                except (RedisError, OSError):
                    continue
            log.info("redis: subscribed again; every live table reads what it missed")
            try:
                await resync()
            except Exception:  # the database is away too: the next gap reads the moves
                log.exception("the tables could not read what they missed")

    def sign(self, message: dict[str, Any]) -> bytes:
        """The message as it goes on the channel: its signature, a dot, its JSON."""
        body = json.dumps(message, separators=(",", ":")).encode()
        return hmac.new(self.key, body, hashlib.sha256).hexdigest().encode() + b"." + body

    def verified(self, data: bytes) -> bytes | None:
        """The JSON of a message signed with this cluster's secret, else None."""
        mac, dot, body = data.partition(b".")
        expected = hmac.new(self.key, body, hashlib.sha256).hexdigest().encode()
        return body if dot and hmac.compare_digest(mac, expected) else None

    async def _hear(self, data: bytes, handler: Handler) -> None:
        body = self.verified(data) if isinstance(data, bytes) else None
        if body is None:
            log.warning("redis: a message without this cluster's signature was dropped")
            return
        try:
            message = json.loads(body)
            if message["origin"] == self.origin:
                return
            table = str(message["table"])
            if "presence" in message:
                seats = [int(count) for count in message["presence"]["seats"]]
                self._presence(str(message["origin"]), table, seats,
                               int(message["presence"]["watchers"]))
                return
            move = message.get("move")
            row = None if move is None else MoveRow(
                int(move["version"]), int(move["seat"]), str(move["action"]),
                None if move["move_id"] is None else str(move["move_id"]), str(move["digest"]),
            )
        except (ValueError, KeyError, TypeError, AttributeError):
            log.warning("redis: a message that is not the server's was ignored")
            return
        try:
            await handler(table, row, bool(message.get("finished", False)))
        except Exception:  # one table's trouble must not stop the others' messages
            log.exception("table %s: a message from another process failed", table)

    async def publish_moves(self, moves: list[tuple[str, MoveRow, bool]]) -> None:
        """Tell the other processes of moves just committed (in one round trip). A failure
        is logged, never raised: the moves are stored, and the others read them from the
        database when they see the gap."""
        messages = [
            {"origin": self.origin, "table": table_id, "finished": finished,
             "move": {"version": move.version, "seat": move.seat, "action": move.action,
                      "move_id": move.move_id, "digest": move.digest}}
            for table_id, move, finished in moves
        ]
        await self._publish(messages)

    async def publish_presence(self, counts: list[tuple[str, list[int], int]]) -> None:
        """Tell the others how many connections this process has at each table given: per
        seat, and spectators (`LiveTable.info` adds them up)."""
        await self._publish([
            {"origin": self.origin, "table": table_id,
             "presence": {"seats": seats, "watchers": watchers}}
            for table_id, seats, watchers in counts
        ])

    async def publish_created(self, table_id: str) -> None:
        await self._publish([{"origin": self.origin, "table": table_id, "created": True}])

    async def _publish(self, messages: list[dict[str, Any]]) -> None:
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for message in messages:
                    pipe.publish(CHANNEL, self.sign(message))
                await pipe.execute()
        except (RedisError, OSError) as err:
            log.warning("redis: %d messages not published (%s)", len(messages),
                        type(err).__name__)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        await self.redis.aclose()
        await self.subscriber.aclose()
