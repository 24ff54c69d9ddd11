"""Two server processes over PostgreSQL and Redis: tables made on one while the other
restores and serves them, bots at zero pause, with or without `kill -9` of either process;
counts the tables refused (issue 18, "Must hold": 0 in 500).

    .venv/bin/python benchmarks/cluster_restore.py                   # 500 tables, no kill
    .venv/bin/python benchmarks/cluster_restore.py --kills 6         # kill -9 six times
    .venv/bin/python benchmarks/cluster_restore.py --tables 60 --kills 2

It starts a private PostgreSQL, Redis and two `motherlode serve` processes on loopback
(`--bot-pause 0`), stopped by their process ids at the end. Tables of bots only (Pay Dirt,
3 seats) are made on the processes in turn; the other hears of each one and restores it
while its bots' process writes moves. With `--kills K`, every `tables / (K + 1)` tables
one process (in turn) is killed with SIGKILL and started again, so it restores every open
table at start while the other writes. At the end each table is read from both processes
(`GET /api/tables/{id}`, which restores it if need be): a table answered 410 or `broken`,
and a table the database marks broken, is refused. It prints one line of counts.
"""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
import time
import urllib.error
from pathlib import Path

from server_load import Child, get, post, start_postgres, start_redis, start_server

from motherlode.server.store import BROKEN, Store

SEATS = [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}]


def refused_on(url: str, table_id: str) -> bool:
    """Whether the process at `url` refuses the table (410, or says it is broken)."""
    try:
        info = get(f"{url}api/tables/{table_id}")
    except urllib.error.HTTPError as err:
        return err.code == 410
    return info["status"] == BROKEN


def run(tables: int, kills: int, folder: Path) -> dict[str, int]:
    children: list[Child] = []
    try:
        postgres, db_url = start_postgres(folder / "postgres")
        children.append(postgres)
        redis, redis_url = start_redis(folder)
        children.append(redis)
        servers = [start_server(folder, db_url, redis_url) for _ in range(2)]
        children.extend(server for server, _ in servers)
        made: list[str] = []
        every = max(1, tables // (kills + 1))
        killed = 0
        for number in range(tables):
            url = servers[number % 2][1]
            made.append(post(f"{url}api/tables", {"game": "paydirt", "players": 3,
                                                   "seats": SEATS})["id"])
            if kills and number and number % every == 0 and killed < kills:
                victim = killed % 2
                servers[victim][0].process.send_signal(signal.SIGKILL)
                servers[victim][0].process.wait(timeout=15)
                servers[victim] = start_server(folder, db_url, redis_url)
                children.append(servers[victim][0])
                killed += 1
        time.sleep(1.0)  # the last tables' moves go on while they are read
        refused = {table_id for table_id in made
                   for _, url in servers if refused_on(url, table_id)}
        store = Store(db_url)
        try:
            marked = set(store.table_ids(BROKEN))
        finally:
            store.close()
        return {"tables": len(made), "kills": killed, "refused": len(refused),
                "marked broken": len(marked)}
    finally:
        for child in reversed(children):
            child.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--kills", type=int, default=0)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="motherlode-cluster-") as folder:
        counts = run(args.tables, args.kills, Path(folder))
    sys.stdout.write(", ".join(f"{name}: {count}" for name, count in counts.items()) + "\n")
    return 0 if counts["refused"] == counts["marked broken"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
