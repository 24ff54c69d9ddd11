"""Messages between processes are signed (issue 18, fault 10): a message on Redis without
the cluster's signature is dropped and logged, never applied, and the table goes on."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import redis

from motherlode.server.bus import CHANNEL, Bus
from motherlode.server.store import MoveRow

from .conftest import LiveServer, Postgres, Redis


def test_only_a_message_signed_with_the_secret_reaches_the_tables() -> None:
    bus = Bus("redis://127.0.0.1:1/0", "secret")
    heard: list[tuple[str, MoveRow | None]] = []

    async def handler(table: str, move: MoveRow | None, _finished: bool) -> None:
        heard.append((table, move))

    message = {"origin": "elsewhere", "table": "t", "created": True}
    body = json.dumps(message).encode()
    forged = [body, b"0" * 64 + b"." + body, Bus("redis://x", "other").sign(message),
              bus.sign(message).replace(b"created", b"creates"), b"", b"\xff" * 10]

    async def run() -> None:
        for data in forged:
            await bus._hear(data, handler)
        assert heard == []
        await bus._hear(bus.sign(message), handler)
        assert heard == [("t", None)]
        await bus.redis.aclose()
        await bus.subscriber.aclose()

    asyncio.run(run())


def test_a_forged_move_on_redis_never_stops_a_table(tmp_path: Path, postgres: Postgres,
                                                    redis_server: Redis) -> None:
    server = LiveServer(tmp_path / "one", db=postgres.new_database(),
                        redis=redis_server.url).start()
    try:
        made = server.post("api/tables", {"game": "digitup", "players": 2,
                                          "seats": [{"human": True}, {"human": True}]})
        forged = {"origin": "forger", "table": made["id"], "finished": False,
                  "move": {"version": 1, "seat": 0, "action": "dig 1", "move_id": None,
                           "digest": "0" * 64}}
        publisher = redis.Redis.from_url(redis_server.url)
        publisher.publish(CHANNEL, json.dumps(forged))
        publisher.publish(CHANNEL, b"0" * 64 + b"." + json.dumps(forged).encode())
        publisher.close()
        time.sleep(0.5)
        info = server.get(f"api/tables/{made['id']}")
        assert (info["status"], info["version"]) == ("open", 0)
        assert "dropped" in server.output.read_text(encoding="utf-8")
        socket = server.ws(made["id"])
        welcome = socket.hello(made["seats"][info["current_player"]]["token"])
        assert welcome["type"] == "welcome" and welcome["version"] == 0
        socket.close()
    finally:
        server.stop()
