"""The store on PostgreSQL (psycopg 3), on a private cluster the test starts: the same Alembic
migrations make exactly the queries' schema and go back down; moves of several tables in one
transaction; a move for a version another process wrote first is refused and nothing is
written; the bots' lease is held by one store at a time and passes on when its holder goes."""

from __future__ import annotations

import asyncio
import time

from sqlalchemy import inspect

from motherlode.engine.decision import actions_of
from motherlode.server.catalogue import SeatSpec
from motherlode.server.lobby import open_lobby
from motherlode.server.protocol import Move
from motherlode.server.store import MoveRow, SeatRow, Store, metadata

from .conftest import Postgres, bare_ack
from .test_tables import frames

SEATS = [SeatRow(0, "random", None), SeatRow(1, None, "f" * 64)]


def test_the_migrations_make_the_schema_on_postgresql(postgres: Postgres) -> None:
    store = Store(postgres.new_database())
    try:
        store.migrate()
        store.migrate()  # a second start changes nothing
        schema = inspect(store.engine)
        for table in metadata.sorted_tables:
            columns = {c["name"]: c["nullable"] for c in schema.get_columns(table.name)}
            assert columns == {c.name: c.nullable for c in table.columns}, table.name
            keys = schema.get_pk_constraint(table.name)["constrained_columns"]
            assert keys == [column.name for column in table.primary_key.columns], table.name
        store.downgrade("0001")
        assert "seed_chosen" not in {c["name"] for c in inspect(store.engine).get_columns("tables")}
        store.migrate()
        store.downgrade()
        assert set(inspect(store.engine).get_table_names()) == {"alembic_version"}
    finally:
        store.close()


def test_moves_are_serialised_across_stores_on_postgresql(postgres: Postgres) -> None:
    url = postgres.new_database()
    one, other = Store(url), Store(url)  # as two server processes would
    try:
        one.migrate()
        for table_id in ("a", "b"):
            one.create_table(table_id, "digitup", {"players": 2}, 1, SEATS)
        refused = one.append_moves([
            ("a", MoveRow(1, 0, "keep x", None, "1" * 64), False),
            ("b", MoveRow(1, 1, "keep y", "m", "2" * 64), False),
            ("a", MoveRow(2, 1, "keep z", None, "3" * 64), True),
        ])
        assert refused == set()
        # the other process checked its move against version 0 of b: refused, a written
        refused = other.append_moves([
            ("b", MoveRow(1, 0, "keep w", None, "4" * 64), False),
            ("a", MoveRow(3, 0, "keep v", None, "5" * 64), True),
        ])
        assert refused == {"b"}
        a, b = other.load("a"), other.load("b")
        assert a is not None and b is not None
        assert (a.version, a.status, [m.action for m in a.moves]) == (
            3, "finished", ["keep x", "keep z", "keep v"])
        assert (b.version, b.status, [m.action for m in b.moves]) == (1, "open", ["keep y"])
        assert not other.append_move("nowhere", MoveRow(1, 0, "keep", None, "6" * 64), False)
        version, status, after = other.moves_after("a", 1)
        assert (version, status, [m.version for m in after]) == (3, "finished", [2, 3])
        assert one.table_ids("open") == ["b"]
    finally:
        one.close()
        other.close()


def test_one_store_at_a_time_holds_a_tables_lease(postgres: Postgres) -> None:
    url = postgres.new_database()
    one, other = Store(url), Store(url)
    try:
        assert one.take_lease("t") and one.take_lease("t")  # taken, then held already
        assert not other.take_lease("t")
        assert other.take_lease("u")
        one.close()  # its process died: the connection and its leases are gone
        deadline = time.monotonic() + 10  # once the server has seen the connection close
        while not other.take_lease("t"):
            assert time.monotonic() < deadline, "the lease did not pass on"
            time.sleep(0.02)
        other.drop_lease("t")
        third = Store(url)
        assert third.take_lease("t") and not third.take_lease("u")
        third.close()
    finally:
        one.close()
        other.close()


def test_a_move_checked_against_an_old_state_is_caught_up_then_refused_as_stale(
    postgres: Postgres,
) -> None:
    """Two lobbies on one database, as two processes before Redis told the second of a
    move: the second's move for the same version is not written; it reads the move, tells
    its connection, and refuses its own as stale with the fresh view."""
    url = postgres.new_database()

    async def run() -> None:
        one, other = open_lobby(url, 3600.0), open_lobby(url, 3600.0)
        await one.start()
        await other.start()
        try:
            made = await one.create("digitup", 2, {}, [SeatSpec(None), SeatSpec(None)], 3)
            here, there = await one.get(made.id), await other.get(made.id)
            seat = here.authority.state.current_player
            mover, late = await here.join(seat), await there.join(seat)
            frames(mover), frames(late)
            action = actions_of(here.authority.state.decision())[0]
            await here.move(mover, Move(action, 0, "m1"))
            [ack] = frames(mover)  # it brings the view the move made
            assert ack["type"] == "ack" and ack["version"] == 1 and "view" in ack
            await there.move(late, Move(action, 0, "m2"))
            update, refused = frames(late)
            assert (update["type"], update["version"]) == ("update", 1)
            assert (refused["code"], refused["version"]) == ("move/stale", 1)
            assert refused["view"] == {} and refused["events"] == []  # the update had it
            assert there.authority.state.digest() == here.authority.state.digest()
            assert there.authority.committed == here.authority.committed
            await there.move(late, Move(action, 0, "m1"))  # the first's move id: its ack
            assert frames(late) == [bare_ack(ack)]
            row = one.journal.store.load(made.id)
            assert row is not None and [m.move_id for m in row.moves] == ["m1"]
        finally:
            await one.close()
            await other.close()

    asyncio.run(run())
