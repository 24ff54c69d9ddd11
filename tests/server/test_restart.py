"""A restart restores every table by replay with its digests checked; a table whose moves do not
check out is marked broken and not served. (The `kill -9` under load, on SQLite and on
PostgreSQL: test_crash.py.)"""

from __future__ import annotations

import sqlite3
import urllib.error
from pathlib import Path

import pytest

from motherlode.client import join

from .conftest import LiveServer, stored_table


def test_a_table_whose_digests_do_not_check_is_broken_not_served(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = LiveServer(data).start()
    try:
        tampered = server.post("api/tables", {
            "game": "paydirt", "players": 3, "seed": 31, "seats": [{"human": True}] * 3,
        })
        sound = server.post("api/tables", {
            "game": "paydirt", "players": 3, "seed": 32, "seats": [{"human": True}] * 3,
        })
        for made in (tampered, sound):
            current = server.get(f"api/tables/{made['id']}")["current_player"]
            with join(made["seats"][current]["join"]) as seat:
                seat.move(seat.legal_actions()[0])
    finally:
        server.stop()
    with sqlite3.connect(data / "motherlode.sqlite3") as db:
        db.execute("UPDATE moves SET digest = ? WHERE table_id = ?", ("0" * 64, tampered["id"]))
    restarted = LiveServer(data).start()
    try:
        printed = restarted.output.read_text(encoding="utf-8")
        assert printed.startswith(f"Motherlode serves {restarted.url} (database sqlite:///")
        assert "is not served: move 1's digest differs" in printed
        with pytest.raises(urllib.error.HTTPError) as gone:
            restarted.get(f"api/tables/{tampered['id']}")
        assert gone.value.code == 410
        socket = restarted.ws(tampered["id"])
        assert socket.hello(tampered["seats"][0]["token"])["code"] == "table/broken"
        assert stored_table(restarted, tampered["id"]).status == "broken"
        listed = [table["id"] for table in restarted.get("api/tables")["tables"]]
        assert listed == [sound["id"]]
        assert restarted.get(f"api/tables/{sound['id']}")["version"] == 1
    finally:
        restarted.stop()
