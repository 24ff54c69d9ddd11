"""A hostile client for 20 s against `motherlode serve` while honest players play (issue 18,
"Must hold": 0 of the others' moves fail; the server's memory stays within 50 MB of idle).

    .venv/bin/python benchmarks/hostile_client.py                  # SQLite, 20 s, 8 players
    .venv/bin/python benchmarks/hostile_client.py --postgres --seconds 20 --players 8

It starts the server itself (`--bot-pause 0`, a temporary data folder; a private PostgreSQL
with `--postgres`) on a free loopback port and stops it by its pid. `--players` loops each
play tables of two human seats (motherlode.testing.hostile.play_tables) while one attacker,
from other loopback addresses, sends frames with move ids a database cannot store, JSON
nested past any limit, oversized frames, binary frames, malformed and oversized bodies, a
100 MB chunked body over and over, and 100 idle sockets that never say hello. The server's
resident memory is read from /proc every 0.2 s. It prints the counts as JSON and exits 1
if an honest move failed or the memory grew by 50 MB or more.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

from server_load import Child, start_postgres, start_server

from motherlode.testing.hostile import Sent, Tally, attack, play_tables, rss_mb

#: Growth of the server's memory the run allows, in MB.
MEMORY_BUDGET = 50.0


async def measure(url: str, pid: int, seconds: float, players: int) -> dict[str, object]:
    tally, sent = Tally(), Sent()
    await asyncio.sleep(1.0)
    idle = rss_mb(pid)
    peak = idle

    async def watch(until: float) -> None:
        nonlocal peak
        while time.time() < until:
            peak = max(peak, rss_mb(pid))
            await asyncio.sleep(0.2)

    until = time.time() + seconds
    await asyncio.gather(attack(url, until, sent), watch(until),
                         *(play_tables(url, until, tally) for _ in range(players)))
    return {"seconds": seconds, "honest moves": tally.moves,
            "honest failures": len(tally.failures), "failures": sorted(set(tally.failures)),
            "sent": dict(sent.kinds), "answers": dict(sent.answers),
            "idle MB": round(idle, 1), "peak MB": round(peak, 1),
            "growth MB": round(peak - idle, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--players", type=int, default=8, help="honest table loops")
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="motherlode-hostile-") as name:
        folder = Path(name)
        children: list[Child] = []
        try:
            db_url = f"sqlite:///{(folder / 'motherlode.sqlite3').resolve()}"
            if args.postgres:
                postgres, db_url = start_postgres(folder / "postgres")
                children.append(postgres)
            server, url = start_server(folder, db_url, None)
            children.append(server)
            result = asyncio.run(measure(url, server.process.pid, args.seconds, args.players))
            result["server alive"] = server.process.poll() is None
        finally:
            for child in reversed(children):
                child.stop()
    sys.stdout.write(json.dumps(result, indent=1) + "\n")
    growth = result["growth MB"]
    ok = result["honest failures"] == 0 and isinstance(growth, float) and \
        growth < MEMORY_BUDGET and result["server alive"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
