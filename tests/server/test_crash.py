"""A crash under load loses no acknowledged move, on SQLite and on PostgreSQL: bot tables and
scripted clients play, the server is killed with `kill -9` mid-game and started again on the
same port and database; every move a client was acknowledged is stored, every stored game
replays to its digests, every frame a client had before and after the crash is its view at
that version, the clients take their seats again by themselves and finish their games, and
the bots play on.

With two processes over Redis, the `kill -9` of the one driving a table's bots: the other
takes the table's lease and its bots finish the game, with a client on the survivor."""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from motherlode.bots import RandomBot
from motherlode.client import SeatClient, join

from .conftest import LiveServer, Postgres, Redis, authoritative, bare_ack, stored_table
from .test_games import check_frames
from .test_redis import drivers, wait_for

BOT_TABLES = [
    ("digitup", ["greedy", "random", "greedy"]),
    ("paydirt", ["heuristic", "random", "heuristic"]),
    ("payday", ["heuristic", "heuristic", "random"]),
    ("saboteur", ["heuristic", "random", "heuristic", "heuristic"]),
] * 2
SEATED = [
    ("digitup", ["human", "greedy", "random"]),
    ("digitup", ["greedy", "human", "greedy", "random"]),
    ("digitup", ["random", "greedy", "human"]),
]


def make(server: LiveServer, game: str, seats: list[str], seed: int) -> dict[str, Any]:
    made: dict[str, Any] = server.post("api/tables", {
        "game": game, "players": len(seats), "seed": seed,
        "seats": [{"human": True} if kind == "human" else {"bot": kind} for kind in seats],
    })
    return made


def total_version(server: LiveServer, tables: list[dict[str, Any]]) -> int:
    return sum(server.get(f"api/tables/{made['id']}")["version"] for made in tables)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill_9_under_load_loses_no_acknowledged_move(
    tmp_path: Path, request: pytest.FixtureRequest, backend: str
) -> None:
    db = None
    if backend == "postgresql":
        db = request.getfixturevalue("postgres").new_database()
    # bots on the loop: the test's pacing (bot tables past 150 moves while every seated table
    # is still mid-game) was set with them there; in workers, on a busy machine, the bot
    # tables lagged and a seated game sometimes ended first
    server = LiveServer(tmp_path / "data", bot_pause=0.005, db=db, bot_workers=0).start()
    restarted = None
    try:
        bots = [make(server, game, seats, 100 + i) for i, (game, seats) in enumerate(BOT_TABLES)]
        seated = [make(server, game, seats, 200 + i) for i, (game, seats) in enumerate(SEATED)]
        clients: list[SeatClient] = []
        for made in seated:
            [seat] = [seat for seat in made["seats"] if seat["kind"] == "human"]
            clients.append(join(seat["join"], timeout=30, record=True))
        results: dict[int, Any] = {}

        def play(index: int, client: SeatClient) -> None:
            assert client.seat is not None
            try:
                results[index] = client.play(RandomBot(client.game, client.seat, index))
            except Exception as err:  # reported by the assertion below
                results[index] = err

        threads = [threading.Thread(target=play, args=pair) for pair in enumerate(clients)]
        for thread in threads:
            thread.start()
        wait_for(lambda: total_version(server, bots) > 150
                 and all(any(f["type"] == "ack" for f in c.frames or []) for c in clients))
        server.stop(signal.SIGKILL)  # a crash, mid-game for every table
        cut = {made["id"]: stored_table(server, made["id"]).version for made in bots + seated}
        mid_game = {i for i in cut if stored_table(server, i).status == "open"}
        assert len(mid_game) > len(cut) // 2 and {s["id"] for s in seated} <= mid_game
        restarted = LiveServer(tmp_path / "data", bot_pause=0.0, port=server.port, db=db,
                               bot_workers=0).start()
        for thread in threads:
            thread.join(timeout=60)
        assert len(results) == len(clients), results
        assert all(isinstance(r, dict) and r["current_player"] is None
                   for r in results.values()), results
        for made in bots:  # the bots play on from where they were
            if made["id"] in mid_game:
                wait_for(lambda t=made["id"]: restarted.get(f"api/tables/{t}")["version"]
                         > cut[t])
        for made in bots + seated:
            states = authoritative(restarted, made["id"])  # every digest checked
            assert len(states) - 1 >= cut[made["id"]]
        assert all(authoritative(restarted, made["id"])[-1].is_terminal for made in seated)
        for made, client in zip(seated, clients, strict=True):
            frames = client.frames or []
            row = stored_table(restarted, made["id"])
            stored = {(move.version, move.move_id) for move in row.moves}
            acks = {(f["version"], f["move_id"]) for f in frames if f["type"] == "ack"}
            before = {(v, m) for v, m in acks if v <= cut[made["id"]]}
            assert before and acks <= stored  # acknowledged before the crash and after
            assert sum(1 for f in frames if f["type"] == "welcome") == 2
            states = authoritative(restarted, made["id"])
            assert check_frames(frames, client.seat, states, []) > 2
            client.close()
            [seat] = [seat for seat in made["seats"] if seat["kind"] == "human"]
            first = next(f for f in frames if f["type"] == "ack")
            again = restarted.ws(made["id"])  # the first move sent again after the restart
            assert again.hello(seat["token"])["type"] == "welcome"
            again.send({"type": "move", "action": first["action"], "version": 0,
                        "move_id": first["move_id"]})
            assert again.receive() == bare_ack(first)  # the same ack, not a second move
            again.close()
    finally:
        server.stop()
        if restarted is not None:
            restarted.stop()


def test_the_other_process_takes_the_bots_of_one_killed(
    tmp_path: Path, postgres: Postgres, redis_server: Redis
) -> None:
    db = postgres.new_database()
    one = LiveServer(tmp_path / "one", bot_pause=0.01, db=db, redis=redis_server.url).start()
    other = LiveServer(tmp_path / "other", bot_pause=0.01, db=db, redis=redis_server.url)
    try:
        other.start()
        bots = make(one, "digitup", ["greedy", "random", "greedy", "random"], 7)
        seated = make(one, "digitup", ["greedy", "human", "random"], 8)
        assert drivers([one, other], bots["id"]) == [one.port]  # the maker took the leases
        wait_for(lambda: {bots["id"], seated["id"]}
                 <= {t["id"] for t in other.get("api/tables")["tables"]})
        link = seated["seats"][1]["join"].replace(one.url, other.url)
        client = join(link, timeout=30, record=True)
        result: list[Any] = []

        def play() -> None:
            try:
                result.append(client.play(RandomBot(client.game, 1, 3)))
            except Exception as err:  # reported by the assertion below
                result.append(err)

        thread = threading.Thread(target=play)
        thread.start()
        wait_for(lambda: other.get(f"api/tables/{bots['id']}")["version"] > 10)
        one.stop(signal.SIGKILL)  # the process driving both tables' bots
        killed_at = time.monotonic()
        wait_for(lambda: drivers([other], bots["id"]) == [other.port])
        assert time.monotonic() - killed_at < 10, "the bots waited too long for a driver"
        thread.join(timeout=60)
        assert len(result) == 1 and isinstance(result[0], dict), result
        wait_for(lambda: other.get(f"api/tables/{bots['id']}")["status"] == "finished")
        for made in (bots, seated):
            states = authoritative(other, made["id"])
            assert states[-1].is_terminal
        states = authoritative(other, seated["id"])
        assert check_frames(client.frames or [], 1, states, []) > 2
        client.close()
    finally:
        one.stop()
        other.stop()
