"""A crash loses no acknowledged move: `kill -9` of the server mid-game, a restart on the same
SQLite file, and every table is back by replay with its digests checked; a table whose moves do
not check out is marked broken and not served."""

from __future__ import annotations

import signal
import sqlite3
import threading
import time
import urllib.error
from pathlib import Path
from typing import Any

import pytest

from motherlode.bots import RandomBot
from motherlode.client import join

from .conftest import LiveServer, as_json, authoritative, stored_table
from .test_games import check_frames


def wait_for(condition: object, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return
        time.sleep(0.05)
    raise AssertionError("the condition did not come true in time")


def test_kill_9_then_restart_restores_every_acknowledged_move(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = LiveServer(data, bot_pause=0.02).start()
    try:
        seated = server.post("api/tables", {
            "game": "digitup", "players": 3, "seed": 21,
            "seats": [{"human": True}, {"bot": "greedy"}, {"bot": "random"}],
        })
        bots_only = server.post("api/tables", {
            "game": "digitup", "players": 3, "seed": 22, "seats": [{"bot": "random"}] * 3,
        })
        acks: list[dict[str, Any]] = []
        with join(seated["seats"][0]["join"]) as seat:
            while len(acks) < 3 and not seat.over:
                seat.wait_turn()
                if seat.my_turn:
                    acks.append(seat.move(seat.legal_actions()[0]))
        wait_for(lambda: server.get(f"api/tables/{bots_only['id']}")["version"] > 3)
        server.stop(signal.SIGKILL)  # a crash, mid-game for the bots' table
    finally:
        server.stop()

    before = stored_table(server, bots_only["id"]).version
    assert before > 0
    restarted = LiveServer(data, bot_pause=0.0).start()
    try:
        row = stored_table(restarted, seated["id"])
        stored = {(move.version, move.move_id) for move in row.moves}
        assert {(ack["version"], ack["move_id"]) for ack in acks} <= stored
        states = authoritative(restarted, seated["id"])  # every digest checked
        link = seated["seats"][0]["join"].replace(server.url, restarted.url)  # another port
        with join(link) as seat:
            assert seat.version == len(states) - 1
            assert seat.view == as_json(states[-1].view(0))
            seat.send({"type": "move", "action": acks[0]["action"], "version": 0,
                       "move_id": acks[0]["move_id"]})
            again = seat.receive()
            assert again == acks[0]  # the same acknowledgement, not a second move
        wait_for(lambda: restarted.get(f"api/tables/{bots_only['id']}")["status"] == "finished")
        finished = authoritative(restarted, bots_only["id"])
        assert finished[-1].is_terminal and len(finished) - 1 > before
    finally:
        restarted.stop()


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


def test_a_client_resumes_its_seat_after_a_crash(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = LiveServer(data, bot_pause=0.01).start()
    restarted = None
    try:
        made = server.post("api/tables", {
            "game": "payday", "players": 3, "seed": 41,
            "seats": [{"bot": "heuristic"}, {"human": True}, {"bot": "heuristic"}],
        })
        seat = join(made["seats"][1]["join"], timeout=20, record=True)
        result: list[object] = []

        def play() -> None:
            try:
                result.append(seat.play(RandomBot(seat.game, 1, 5)))
            except Exception as err:  # reported by the assertion below
                result.append(err)

        thread = threading.Thread(target=play)
        thread.start()
        wait_for(lambda: server.get(f"api/tables/{made['id']}")["version"] > 20)
        server.stop(signal.SIGKILL)
        assert stored_table(server, made["id"]).status == "open"  # killed mid-game
        restarted = LiveServer(data, bot_pause=0.0, port=server.port).start()
        thread.join(timeout=60)
        assert len(result) == 1 and isinstance(result[0], dict), result
        assert result[0]["current_player"] is None
        states = authoritative(restarted, made["id"])
        welcomes = [frame for frame in seat.frames or [] if frame["type"] == "welcome"]
        assert len(welcomes) == 2  # the first, and the one after the crash
        assert check_frames(seat.frames or [], 1, states, []) > 2
        seat.close()
    finally:
        server.stop()
        if restarted is not None:
            restarted.stop()
