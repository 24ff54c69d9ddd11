"""A hostile client against a live server (issue 18, "Must hold", short form): while one
client sends undecodable and oversized ids, bodies and frames, idle sockets and a 100 MB
chunked body, no move of the honest players fails and the server's memory stays near its
idle size. The long run is benchmarks/hostile_client.py (20 s)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from motherlode.testing.hostile import Sent, Tally, attack, play_tables, rss_mb

from .conftest import LiveServer

SECONDS = 6.0


def test_a_hostile_client_fails_none_of_the_others_moves(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "data").start()
    try:
        assert server.process is not None
        pid = server.process.pid
        idle = rss_mb(pid)
        tally, sent = Tally(), Sent()
        peak = [idle]

        async def watch(until: float) -> None:
            while time.time() < until:
                peak.append(rss_mb(pid))
                await asyncio.sleep(0.2)

        async def run() -> None:
            until = time.time() + SECONDS
            await asyncio.gather(attack(server.url, until, sent), watch(until),
                                 *(play_tables(server.url, until, tally) for _ in range(4)))

        asyncio.run(run())
        assert server.process.poll() is None
    finally:
        server.stop()
    assert tally.failures == [] and tally.moves > 20
    assert sent.kinds["frame"] > 20 and sent.kinds["chunked 100 MB"] >= 1
    assert sent.answers["HTTP 413"] >= 1 and sent.answers["request/malformed"] > 5
    assert sent.answers["HTTP 500"] == 0 and sent.answers["server/error"] == 0
    assert max(peak) - idle < 50, (idle, max(peak))
