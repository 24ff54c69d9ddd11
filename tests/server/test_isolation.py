"""One table's bad move never fails another's (issue 18, fault 2): the group commit writes
the moves of many tables in one transaction, and a value the database cannot store (a NUL
on PostgreSQL, a lone surrogate on SQLite) fails only the table that sent it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from motherlode.engine.decision import actions_of
from motherlode.server.catalogue import SeatSpec
from motherlode.server.delivery import Connection
from motherlode.server.lobby import open_lobby
from motherlode.server.protocol import Move, ProtocolError, parse_request
from motherlode.server.tables import LiveTable

from .conftest import Postgres


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'db.sqlite3'}"
    postgres: Postgres = request.getfixturevalue("postgres")
    return postgres.new_database()


def sent(connection: Connection) -> list[dict[str, object]]:
    out = []
    while not connection.outbox.empty():
        text = connection.outbox.get_nowait()
        assert text is not None
        out.append(json.loads(text))
    return out


def next_move(table: LiveTable, move_id: str) -> Move:
    return Move(actions_of(table.authority.state.decision())[0], table.authority.version,
                move_id)


UNSTORABLE = {"sqlite": "bad\ud800", "postgresql": "bad\x00id"}


def test_a_move_the_database_cannot_store_fails_only_its_own_table(url: str) -> None:
    backend = "sqlite" if url.startswith("sqlite") else "postgresql"

    async def run() -> None:
        lobby = open_lobby(url, 3600.0, bot_workers=0)
        await lobby.start()
        try:
            seats = [SeatSpec(None), SeatSpec(None)]
            tables = [await lobby.get((await lobby.create("digitup", 2, {}, seats, n)).id)
                      for n in (1, 2, 3)]
            movers = [await table.join(table.authority.state.current_player)
                      for table in tables]
            for mover in movers:
                sent(mover)
            bad, *good = tables
            # the moves go to the store together (one group commit)
            await asyncio.gather(
                bad.move(movers[0], next_move(bad, UNSTORABLE[backend])),
                *(table.move(mover, next_move(table, f"ok{n}"))
                  for n, (table, mover) in enumerate(zip(good, movers[1:], strict=True))),
            )
            [refused] = sent(movers[0])
            assert refused["code"] == "server/error" and bad.authority.version == 0
            for table, mover in zip(good, movers[1:], strict=True):
                assert [frame["type"] for frame in sent(mover)] == ["ack"]
                assert table.authority.version == 1
                row = lobby.journal.store.load(table.id)
                assert row is not None and row.version == 1
        finally:
            await lobby.close()

    asyncio.run(run())


@pytest.mark.parametrize("move_id", ["a\x00b", "\\ud800", "x" * 65, "", "tab\there", 7])
def test_a_move_id_no_database_stores_is_refused_at_the_edge(move_id: object) -> None:
    text = json.dumps({"type": "move", "action": "dig 1", "version": 0, "move_id": move_id})
    text = text.replace("\\\\ud800", "\\ud800")  # a lone surrogate, escaped in the JSON
    with pytest.raises(ProtocolError) as refused:
        parse_request(text)
    assert refused.value.code == "request/malformed"
