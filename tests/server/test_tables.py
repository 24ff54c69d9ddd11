"""A live table in process (no network): what happens when the game's code or the store
fails on a move, and to a connection that does not read."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from motherlode.engine.decision import actions_of
from motherlode.server import delivery
from motherlode.server import lobby as lobbies
from motherlode.server.catalogue import SeatSpec
from motherlode.server.delivery import Connection
from motherlode.server.lobby import Lobby, open_lobby
from motherlode.server.protocol import Move
from motherlode.server.tables import LiveTable


def frames(connection: Connection) -> list[Any]:
    out = []
    while not connection.outbox.empty():
        text = connection.outbox.get_nowait()
        out.append(None if text is None else json.loads(text))
    return out


def at_table(tmp_path: Path, check: Callable[[Lobby, LiveTable], Awaitable[None]]) -> None:
    async def run() -> None:
        lobby = open_lobby(f"sqlite:///{tmp_path / 'db.sqlite3'}", 3600.0, bot_workers=0)
        await lobby.start()
        try:
            made = await lobby.create("digitup", 2, {}, [SeatSpec(None), SeatSpec(None)], 3)
            await check(lobby, await lobby.get(made.id))
        finally:
            await lobby.close()

    asyncio.run(run())


def first_move(table: LiveTable, move_id: str) -> Move:
    return Move(actions_of(table.authority.state.decision())[0], table.authority.version,
                move_id)


def test_a_fault_in_the_games_code_changes_nothing(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    async def check(lobby: Lobby, table: LiveTable) -> None:
        seat = table.authority.state.current_player
        mover = await table.join(seat)
        frames(mover)
        before = table.authority.state.digest()

        def broken(state: object, action: object) -> None:
            raise KeyError("a bug")

        monkeypatch.setattr(type(table.authority.state), "_apply", broken)
        await table.move(mover, first_move(table, "m1"))
        [refused] = frames(mover)
        assert refused["code"] == "server/error" and "bug" not in refused["message"]
        monkeypatch.undo()
        assert table.authority.state.digest() == before and table.authority.version == 0
        await table.move(mover, first_move(table, "m2"))  # the state was made anew
        assert [frame["type"] for frame in frames(mover)] == ["ack"]  # it brings the view

    at_table(tmp_path, check)


def test_a_move_the_store_refuses_is_taken_back(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    async def check(lobby: Lobby, table: LiveTable) -> None:
        seat = table.authority.state.current_player
        mover = await table.join(seat)
        watcher = await table.join(None)
        frames(mover), frames(watcher)
        before = table.authority.state.digest()
        store = lobby.journal.store
        real = store.append_moves

        def full_disk(batch: object) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(store, "append_moves", full_disk)
        await table.move(mover, first_move(table, "m1"))
        [refused] = frames(mover)
        assert refused["code"] == "server/error" and "disk" not in refused["message"]
        assert frames(watcher) == []  # nobody heard of it
        assert table.authority.state.digest() == before and table.authority.version == 0
        monkeypatch.setattr(store, "append_moves", real)
        await table.move(mover, first_move(table, "m1"))  # the same id: not applied before
        assert [frame["type"] for frame in frames(mover)] == ["ack"]  # it brings the view
        assert table.info()["version"] == 1

    at_table(tmp_path, check)


def test_a_connection_that_does_not_read_is_dropped(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(delivery, "MAX_OUTBOX", 3)

    async def check(lobby: Lobby, table: LiveTable) -> None:
        idle = await table.join(None)
        for _ in range(4):
            seat = table.authority.state.current_player
            mover = await table.join(seat)
            await table.move(mover, first_move(table, f"m{table.authority.version}"))
            table.leave(mover)
        assert frames(idle) == [None]  # the writer closes it (4008)

    at_table(tmp_path, check)


def test_another_process_connections_count_until_their_report_lapses(tmp_path: Path) -> None:
    async def check(lobby: Lobby, table: LiveTable) -> None:
        await table.join(0)
        await table.join(None)
        audience = table.audience
        table.heard_presence("elsewhere", [0, 2], 3, at=100.0)
        assert audience.everyone(now=100.0 + delivery.PRESENCE_TTL) == ([1, 2], 4)
        table.heard_presence("gone", [1, 0], 0, at=90.0)  # its process stopped reporting
        assert audience.everyone(now=100.0 + delivery.PRESENCE_TTL) == ([1, 2], 4)
        table.heard_presence("elsewhere", [0, 0], 0, at=101.0)  # they left
        assert audience.everyone(now=101.0) == ([1, 0], 1)
        assert audience.elsewhere == {}

    at_table(tmp_path, check)


def test_finished_tables_are_let_go_past_the_latest(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobbies, "KEEP_FINISHED", 1)

    async def check(lobby: Lobby, table: LiveTable) -> None:
        other = await lobby.get((await lobby.create("digitup", 2, {}, None, 4)).id)
        watcher = await table.join(None)
        lobby.finished(table)
        lobby.finished(other)
        assert table.id in lobby.tables  # someone watches it
        lobby.finished(other)
        table.leave(watcher)
        third = await lobby.get((await lobby.create("digitup", 2, {}, None, 5)).id)
        lobby.finished(third)
        assert table.id not in lobby.tables and other.id not in lobby.tables
        assert third.id in lobby.tables
        again = await lobby.get(table.id)  # replayed from the store when asked for
        assert again is not table and again.authority.version == table.authority.version

    at_table(tmp_path, check)
