"""A damaged database and an operator's tools (issue 18, faults 1, 4 and 8): a server whose
SQLite file has a damaged page starts, serves every table it can read and names the others;
`motherlode tables` lists, checks and exports tables; a table restored from the store is
replayed off the event loop."""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
from pathlib import Path

import pytest
from typer.testing import CliRunner

import motherlode
from motherlode.bots import make_bot
from motherlode.cli.main import app
from motherlode.engine.savefile import loads
from motherlode.server import lobby as lobbies
from motherlode.server.catalogue import SeatSpec
from motherlode.server.lobby import open_lobby
from motherlode.server.store import MoveRow, SeatRow, Store, Unreadable

from .conftest import LiveServer

TABLES = 40
MOVES = 30
PAGE = 4096


def stored_games(url: str, count: int = TABLES) -> list[str]:
    """`count` tables of real games (human seats: nothing moves once served), their moves
    with their digests."""
    store = Store(url)
    store.migrate()
    ids = []
    for number in range(count):
        game = motherlode.load("paydirt", players=3)
        state = game.new_game(number)
        bot = make_bot("random", game, 0, number)
        rows = []
        for version in range(1, MOVES + 1):
            seat = state.current_player
            assert seat is not None
            state.apply(bot.choose(state.view(seat), state.legal_actions()))
            rows.append(MoveRow(version, seat, str(state.history[-1]), f"m{version}",
                                state.digest()))
        table_id = f"table{number:03d}"
        store.create_table(table_id, "paydirt", dict(game.options), number,
                           [SeatRow(seat, None, "f" * 64) for seat in range(3)], True)
        store.append_moves([(table_id, row, False) for row in rows])
        ids.append(table_id)
    store.checkpoint()
    store.close()
    return ids


def damage_a_page(path: Path, victim: str) -> int:
    """Zero the page of the file that holds most of `victim`'s rows; its number."""
    data = bytearray(path.read_bytes())
    pages = len(data) // PAGE
    counts = [data[n * PAGE:(n + 1) * PAGE].count(victim.encode()) for n in range(pages)]
    page = max(range(1, pages), key=lambda n: counts[n])
    data[page * PAGE:(page + 1) * PAGE] = bytes(PAGE)
    path.write_bytes(bytes(data))
    return page


def readable(url: str, ids: list[str]) -> tuple[list[str], list[str]]:
    """The tables an independent reader can load, and those it cannot."""
    store = Store(url)
    good, bad = [], []
    for table_id in ids:
        try:
            store.load(table_id)
            good.append(table_id)
        except Unreadable:
            bad.append(table_id)
    store.close()
    return good, bad


def test_a_damaged_page_leaves_every_readable_table_served(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    url = f"sqlite:///{data / 'motherlode.sqlite3'}"
    ids = stored_games(url)
    for suffix in ("-wal", "-shm"):
        (data / f"motherlode.sqlite3{suffix}").unlink(missing_ok=True)
    damage_a_page(data / "motherlode.sqlite3", "table017")
    good, bad = readable(url, ids)
    assert "table017" in bad and len(good) >= TABLES // 2
    server = LiveServer(data, bot_pause=3600.0).start()
    try:
        for table_id in good:
            info = server.get(f"api/tables/{table_id}")
            assert (info["status"], info["version"]) == ("open", MOVES)
        for table_id in bad:
            with pytest.raises(urllib.error.HTTPError) as refused:
                server.get(f"api/tables/{table_id}")
            assert refused.value.code == 410
            assert json.load(refused.value)["error"]["code"] == "table/unreadable"
        made = server.post("api/tables", {"game": "digitup"})  # and it still makes tables
        assert made["status"] == "open"
    finally:
        server.stop()
    log = server.output.read_text(encoding="utf-8")
    assert all(table_id in log for table_id in bad)
    listed = CliRunner().invoke(app, ["tables", "list", "--db", url])
    assert listed.exit_code == 0, listed.output
    named = {line.split()[0] for line in listed.output.splitlines() if "unreadable" in line}
    assert named == set(bad)


def test_tables_check_and_export_a_broken_table(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    [good, damaged] = stored_games(url, 2)
    store = Store(url)
    with store.engine.begin() as connection:  # move 20's digest no longer checks
        connection.exec_driver_sql(
            "UPDATE moves SET digest = 'x' WHERE table_id = ? AND version = 20", (damaged,))
    store.mark_broken(damaged, "move 20's digest differs from the stored one")
    store.close()
    runner = CliRunner()
    listed = runner.invoke(app, ["tables", "list", "--db", url])
    assert listed.exit_code == 0 and damaged in listed.output and good not in listed.output
    checked = runner.invoke(app, ["tables", "check", damaged, "--db", url])
    assert checked.exit_code == 1 and "move 20" in checked.output
    assert runner.invoke(app, ["tables", "check", good, "--db", url]).exit_code == 0
    for table_id, kept in ((good, MOVES), (damaged, 19)):
        path = tmp_path / f"{table_id}.json"
        exported = runner.invoke(app, ["tables", "export", table_id, str(path), "--db", url])
        assert exported.exit_code == 0, exported.output
        assert len(loads(path.read_text(encoding="utf-8")).history) == kept
    replayed = runner.invoke(app, ["replay", str(tmp_path / f"{good}.json")], input="q\n")
    assert replayed.exit_code == 0, replayed.output


def test_a_broken_table_whose_moves_check_is_served_again(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    [table_id] = stored_games(url, 1)
    store = Store(url)
    store.mark_broken(table_id, "a mark left by an old fault")
    store.close()
    runner = CliRunner()
    unmarked = runner.invoke(app, ["tables", "check", table_id, "--unmark", "--db", url])
    assert unmarked.exit_code == 0 and "no longer marked broken" in unmarked.output
    store = Store(url)
    row = store.load(table_id)
    store.close()
    assert row is not None and (row.status, row.broken_reason) == ("open", None)


def test_a_table_not_in_memory_is_replayed_off_the_event_loop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[str] = []
    real = lobbies.replay

    def watched(*args: object) -> object:
        threads.append(threading.current_thread().name)
        return real(*args)  # type: ignore[arg-type]

    async def run() -> None:
        lobby = open_lobby(f"sqlite:///{tmp_path / 'db.sqlite3'}", 3600.0, bot_workers=0)
        await lobby.start()
        try:
            made = await lobby.create("digitup", 2, {}, [SeatSpec(None), SeatSpec(None)], 3)
            del lobby.tables[made.id]  # let go, as a finished table is
            monkeypatch.setattr(lobbies, "replay", watched)
            assert (await lobby.get(made.id)).id == made.id
        finally:
            await lobby.close()

    asyncio.run(run())
    assert threads and threads[0] != threading.main_thread().name
