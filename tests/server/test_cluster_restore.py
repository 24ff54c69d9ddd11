"""Two processes never refuse a healthy table (issue 18, fault 1): tables made on one while
the other restores and serves them, bots at zero pause, and one process killed with
SIGKILL and started again (it restores every open table while the other writes). The long
run is benchmarks/cluster_restore.py (500 tables)."""

from __future__ import annotations

import signal
import urllib.error
from pathlib import Path

from motherlode.server.store import BROKEN, Store

from .conftest import LiveServer, Postgres, Redis

SEATS = [{"bot": "random"}] * 3


def refused_by(server: LiveServer, table_id: str) -> bool:
    try:
        info = server.get(f"api/tables/{table_id}")
    except urllib.error.HTTPError as err:
        return err.code == 410
    return bool(info["status"] == BROKEN)


def test_no_healthy_table_is_refused_by_two_processes(tmp_path: Path, postgres: Postgres,
                                                      redis_server: Redis) -> None:
    db = postgres.new_database()
    servers = [LiveServer(tmp_path / name, db=db, redis=redis_server.url).start()
               for name in ("one", "other")]
    made: list[str] = []
    try:
        for number in range(30):
            if number == 15:  # the other restarts, restoring every open table at start
                servers[1].stop(signal.SIGKILL)
                servers[1] = LiveServer(tmp_path / "again", db=db,
                                        redis=redis_server.url).start()
            maker = servers[number % 2]
            made.append(maker.post("api/tables", {"game": "paydirt", "players": 3,
                                                  "seats": SEATS})["id"])
        refused = [table_id for table_id in made
                   for server in servers if refused_by(server, table_id)]
    finally:
        for server in servers:
            server.stop()
    store = Store(db)
    try:
        assert store.table_ids(BROKEN) == []
    finally:
        store.close()
    assert refused == []
