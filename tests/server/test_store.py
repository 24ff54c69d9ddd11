"""The store: its migrations make exactly the schema the queries use, and go back down; the
database URL `motherlode serve` picks."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import insert, inspect
from typer.testing import CliRunner

from motherlode.cli.main import app
from motherlode.cli.serve import database_url, safe_url
from motherlode.server.store import MoveRow, SeatRow, Store, metadata, moves, now


def test_the_migrations_make_the_schema_the_queries_use(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.migrate()
    store.migrate()  # a second start changes nothing
    schema = inspect(store.engine)
    for table in metadata.sorted_tables:
        columns = {column["name"]: column["nullable"] for column in schema.get_columns(table.name)}
        assert columns == {column.name: column.nullable for column in table.columns}, table.name
        keys = schema.get_pk_constraint(table.name)["constrained_columns"]
        assert keys == [column.name for column in table.primary_key.columns], table.name
    store.downgrade("0001")  # batch mode: SQLite drops a column by copying the table
    assert "seed_chosen" not in {c["name"] for c in inspect(store.engine).get_columns("tables")}
    store.migrate()
    store.downgrade()
    assert set(inspect(store.engine).get_table_names()) == {"alembic_version"}
    store.close()


def test_moves_of_several_tables_are_written_together(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.migrate()
    for table_id in ("a", "b"):
        store.create_table(table_id, "digitup", {"players": 2}, 1, [SeatRow(0, "random", None),
                                                                   SeatRow(1, None, "f" * 64)])
    store.append_moves([
        ("a", MoveRow(1, 0, "keep x", None, "1" * 64), False),
        ("b", MoveRow(1, 1, "keep y", "m", "2" * 64), False),
        ("a", MoveRow(2, 1, "keep z", None, "3" * 64), True),
    ])
    a, b = store.load("a"), store.load("b")
    assert a is not None and b is not None
    assert (a.version, a.status, [m.action for m in a.moves]) == (2, "finished",
                                                                   ["keep x", "keep z"])
    assert (b.version, b.status, b.moves[0].move_id) == (1, "open", "m")
    # a second move for one version is refused (the table is not at the version before it)
    assert not store.append_move("b", MoveRow(1, 1, "keep w", None, "4" * 64), False)
    with store.engine.begin() as connection, pytest.raises(Exception, match="UNIQUE"):
        connection.execute(insert(moves), [{"table_id": "b", "version": 1, "seat": 1,
                                            "action": "keep w", "move_id": None,
                                            "digest": "4" * 64, "created_at": now()}])
    b_again = store.load("b")
    assert b_again is not None and b_again.moves == b.moves
    assert store.table_ids("open") == ["b"]
    store.close()


def test_a_batch_sqlite_refuses_leaves_nothing_and_the_next_is_written(tmp_path: Path) -> None:
    """The moves go through one driver connection kept for them: a batch the driver refuses
    (a lone surrogate it cannot encode) is rolled back whole, the others' moves are written
    alone (`write_batch`), and the same connection writes the next batch."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.migrate()
    for table_id in ("a", "b"):
        store.create_table(table_id, "digitup", {"players": 2}, 1, [SeatRow(0, None, "f" * 64),
                                                                   SeatRow(1, None, "e" * 64)])
    written = store.write_batch([("a", MoveRow(1, 0, "keep x", "ok", "1" * 64), False),
                                 ("b", MoveRow(1, 0, "keep y", "\ud800", "2" * 64), False)])
    assert set(written.failed) == {"b"} and not written.behind
    assert store.write_batch([("b", MoveRow(1, 0, "keep y", "fine", "2" * 64), False),
                              ("a", MoveRow(2, 1, "keep z", None, "3" * 64), False)]
                             ) == type(written)(set(), {})
    a, b = store.load("a"), store.load("b")
    assert a is not None and b is not None
    assert [m.move_id for m in a.moves] == ["ok", None] and a.version == 2
    assert [m.move_id for m in b.moves] == ["fine"] and b.version == 1
    store.close()


def test_sqlite_commits_leave_the_checkpoints_to_the_store(tmp_path: Path) -> None:
    """Commits only append to the write-ahead log (the server makes them on its event loop);
    `checkpoint`, which the server runs in its thread, copies the log into the file."""
    path = tmp_path / "db.sqlite3"
    store = Store(f"sqlite:///{path}")
    store.migrate()
    store.checkpoint()
    store.create_table("a", "digitup", {"players": 2}, 1, [SeatRow(0, "random", None),
                                                           SeatRow(1, "random", None)])
    for version in range(1, 601):  # a commit each, as under load
        store.append_moves([("a", MoveRow(version, version % 2, "dig", None, "1" * 64), False)])
    wal = path.with_name(path.name + "-wal")
    assert wal.stat().st_size > 1000 * 4096  # past the 1,000 pages of SQLite's own checkpoints
    frames, copied = store.checkpoint()
    assert frames > 1000 and copied == frames
    row = store.load("a")
    assert row is not None and row.version == 600
    store.close()


def test_the_database_url_comes_from_the_flag_then_the_environment(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert database_url("sqlite:///x.db", {"MOTHERLODE_DB": "sqlite:///y.db"}, data) == (
        "sqlite:///x.db")
    assert database_url(None, {"MOTHERLODE_DB": "sqlite:///y.db"}, data) == "sqlite:///y.db"
    assert not data.exists()
    url = database_url(None, {}, data)
    assert url == f"sqlite:///{(data / 'motherlode.sqlite3').resolve()}" and data.is_dir()


def test_a_password_in_the_url_is_not_printed() -> None:
    assert safe_url("postgresql+psycopg://me:hunter2@db:5432/motherlode") == (
        "postgresql+psycopg://me:***@db:5432/motherlode")
    assert safe_url("sqlite:////tmp/x.sqlite3") == "sqlite:////tmp/x.sqlite3"


def test_serve_refuses_redis_without_postgresql(tmp_path: Path) -> None:
    runner = CliRunner()
    for args, env in [(["--redis", "redis://127.0.0.1:1/0"], {}),
                      ([], {"MOTHERLODE_REDIS": "redis://127.0.0.1:1/0"})]:
        result = runner.invoke(app, ["serve", "--data", str(tmp_path / "data"), *args],
                               env={"MOTHERLODE_DB": "", **env})
        assert result.exit_code == 2, result.output
        assert "--redis shares the database between processes: it needs PostgreSQL" in (
            result.stderr)


def test_a_restored_table_knows_when_it_was_made_in_utc(tmp_path: Path) -> None:
    """SQLite keeps no time zone: a table read back must still compare with `now()` (the
    lobby's list drops tables untouched for a day; a naive time made that list fail)."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.migrate()
    store.create_table("a", "digitup", {"players": 2}, 1, [SeatRow(0, "random", None),
                                                           SeatRow(1, None, "f" * 64)])
    row = store.load("a")
    assert row is not None and row.created_at.tzinfo is not None
    assert abs((now() - row.created_at).total_seconds()) < 60
    store.close()
