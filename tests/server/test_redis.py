"""Two server processes sharing one PostgreSQL, bridged by Redis pub/sub: a table made on one
is served by both; a client on each plays its seat, with moves the game refuses and moves
against an old version; every frame of either process is that seat's view of the one
authoritative state at its version; exactly one process drives the bots."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from motherlode.client import SeatClient, join

from .conftest import LiveServer, Postgres, Redis, as_json, authoritative, stored_table
from .test_games import check_frames, play_through


def wait_for(condition: Any, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("the condition did not come true in time")


def drivers(servers: list[LiveServer], table_id: str) -> list[int]:
    """The ports of the processes that said they drive the table's bots."""
    line = f"table {table_id}: this process drives its bots"
    return [s.port for s in servers if line in s.output.read_text(encoding="utf-8")]


@contextlib.contextmanager
def two_servers(tmp_path: Path, postgres: Postgres, redis_server: Redis,
                bot_pause: float = 0.0) -> Iterator[tuple[LiveServer, LiveServer]]:
    """Two server processes on one new database, bridged by Redis; stopped at the end."""
    db = postgres.new_database()
    one = LiveServer(tmp_path / "one", bot_pause=bot_pause, db=db, redis=redis_server.url)
    other = LiveServer(tmp_path / "other", bot_pause=bot_pause, db=db, redis=redis_server.url)
    try:
        one.start()
        other.start()
        yield one, other
    finally:
        one.stop()
        other.stop()


@pytest.mark.parametrize(("game", "seats", "seed"), [
    ("saboteur", ["heuristic", "human", "heuristic", "human"], 4),  # hidden roles and hands
])
def test_two_processes_play_one_game_with_a_client_on_each(
    tmp_path: Path, postgres: Postgres, redis_server: Redis, game: str, seats: list[str],
    seed: int,
) -> None:
    db = postgres.new_database()
    one = LiveServer(tmp_path / "one", bot_pause=0.01, db=db, redis=redis_server.url).start()
    other = LiveServer(tmp_path / "other", bot_pause=0.01, db=db, redis=redis_server.url)
    try:
        other.start()
        assert ", redis redis://127.0.0.1:" in other.output.read_text(encoding="utf-8")
        made = one.post("api/tables", {
            "game": game, "players": len(seats), "seed": seed,
            "seats": [{"human": True} if kind == "human" else {"bot": kind} for kind in seats],
        })
        table_id = made["id"]
        wait_for(lambda: table_id in {t["id"] for t in other.get("api/tables")["tables"]})
        first, second = [seat for seat in made["seats"] if seat["kind"] == "human"]
        tokens = [first["token"], second["token"]]
        watcher = SeatClient(other.url, table_id, None, timeout=20, record=True)
        clients = [
            join(first["join"], timeout=20, record=True),  # through the process that made it
            join(second["join"].replace(one.url, other.url), timeout=20, record=True),
        ]
        results, watched = play_through(clients, watcher, 9)
        assert len(results) == 2 and watched["current_player"] is None

        states = authoritative(one, table_id)  # read from PostgreSQL, every digest checked
        assert states[-1].is_terminal
        row = stored_table(one, table_id)
        assert row.status == "finished" and row.version == len(row.moves) == len(states) - 1
        human_moves = {move.seat for move in row.moves if move.move_id is not None}
        assert human_moves == {first["seat"], second["seat"]}  # moves from both processes
        for server in (one, other):
            wait_for(lambda s=server: s.get(f"api/tables/{table_id}")["status"] == "finished")
        assert check_frames(watcher.frames or [], None, states, tokens) > 0
        for client, seat in zip(clients, (first, second), strict=True):
            others = [token for token in tokens if token != seat["token"]]
            assert client.view == as_json(states[-1].view(seat["seat"]))
            assert check_frames(client.frames or [], seat["seat"], states, others) > 0
            codes = {frame.get("code") for frame in client.frames or []}
            assert {"move/illegal", "move/stale"} <= codes
            client.close()
        watcher.close()
        assert len(drivers([one, other], table_id)) == 1
    finally:
        one.stop()
        other.stop()


def test_a_move_made_while_redis_is_away_reaches_the_other_process_when_it_is_back(
    tmp_path: Path, postgres: Postgres, redis_server: Redis
) -> None:
    with two_servers(tmp_path, postgres, redis_server) as (one, other):
        made = one.post("api/tables", {"game": "digitup", "players": 2, "seed": 5,
                                       "seats": [{"human": True}, {"human": True}]})
        wait_for(lambda: made["id"] in {t["id"] for t in other.get("api/tables")["tables"]})
        mover = made["seats"][one.get(f"api/tables/{made['id']}")["current_player"]]
        watcher = SeatClient(other.url, made["id"], None, timeout=20)
        redis_server.stop()
        with join(mover["join"], timeout=20) as seat:
            ack = seat.move(seat.legal_actions()[0])  # stored, though nobody hears of it
        assert ack["version"] == 1
        assert other.get(f"api/tables/{made['id']}")["version"] == 0
        redis_server.start()  # the same port: the other process subscribes again and reads
        wait_for(lambda: other.get(f"api/tables/{made['id']}")["version"] == 1)
        while watcher.version < 1:
            watcher.receive()
        assert watcher.view is not None and watcher.view["log"]
        watcher.close()
        assert "subscribed again" in other.output.read_text(encoding="utf-8")


def test_who_is_connected_is_told_by_every_process(
    tmp_path: Path, postgres: Postgres, redis_server: Redis
) -> None:
    """A table's page on one process counts the seats taken and the spectators watching
    through the other, and stops counting them when they leave."""
    with two_servers(tmp_path, postgres, redis_server) as (one, other):
        made = one.post("api/tables", {"game": "digitup", "players": 2, "seed": 5,
                                       "seats": [{"human": True}, {"bot": "random"}]})
        table_id = made["id"]
        wait_for(lambda: table_id in {t["id"] for t in other.get("api/tables")["tables"]})

        def counts(server: LiveServer) -> tuple[int, int]:
            info = server.get(f"api/tables/{table_id}")
            return info["seats"][0]["connected"], info["spectators"]

        assert counts(one) == counts(other) == (0, 0)
        seat = join(made["seats"][0]["join"].replace(one.url, other.url), timeout=20)
        watchers = [SeatClient(other.url, table_id, None, timeout=20) for _ in range(2)]
        wait_for(lambda: counts(one) == (1, 2))  # told by the process they are connected to
        assert counts(other) == (1, 2)
        here = SeatClient(one.url, table_id, None, timeout=20)
        wait_for(lambda: counts(other) == (1, 3))  # and the other way
        assert counts(one) == (1, 3)
        for client in (seat, *watchers):
            client.close()
        wait_for(lambda: counts(one) == (0, 1))
        here.close()
        wait_for(lambda: counts(other) == (0, 0))
