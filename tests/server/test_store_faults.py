"""The store under two processes (issue 18, fault 1): a restore reads one consistent snapshot
of a table, and a table's `broken` mark outlives later writes by another process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from typer.testing import CliRunner

from motherlode.cli.main import app
from motherlode.server.store import BROKEN, MoveRow, SeatRow, Store

from .conftest import Postgres

SEATS = [SeatRow(0, "random", None), SeatRow(1, None, "f" * 64)]


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'db.sqlite3'}"
    postgres: Postgres = request.getfixturevalue("postgres")
    return postgres.new_database()


@pytest.fixture
def two_stores(url: str) -> Iterator[tuple[Store, Store]]:
    """Two stores on one database, as two server processes hold them."""
    first, second = Store(url), Store(url)
    first.migrate()
    first.create_table("t", "digitup", {"players": 2}, 1, SEATS)
    first.append_moves([("t", MoveRow(1, 0, "a", None, "1" * 64), False)])
    try:
        yield first, second
    finally:
        first.close()
        second.close()


def test_a_load_is_one_snapshot_while_another_process_writes(
        two_stores: tuple[Store, Store]) -> None:
    reader, writer = two_stores
    written: list[int] = []

    def write_between(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        # the other process commits a move after the table's row is read, before its moves
        if "FROM moves" in statement and not written:
            written.append(2)
            writer.append_moves([("t", MoveRow(2, 1, "b", "m2", "2" * 64), False)])

    event.listen(reader.engine, "before_cursor_execute", write_between)
    row = reader.load("t")
    assert written and row is not None
    assert row.version == len(row.moves)


def test_the_broken_mark_lasts_through_another_processes_write(
        two_stores: tuple[Store, Store]) -> None:
    first, second = two_stores
    first.mark_broken("t", "move 1's digest differs from the stored one")
    second.append_moves([("t", MoveRow(2, 1, "b", None, "2" * 64), False)])
    row = first.load("t")
    assert row is not None and row.status == BROKEN
    assert row.broken_reason == "move 1's digest differs from the stored one"


@pytest.mark.parametrize(("extra", "said"), [
    (["--redis", "redis://127.0.0.1:1/0"], "--cluster-secret"),
    (["--trusted-proxies", "not-an-address"], "--trusted-proxies"),
])
def test_serve_refuses_an_unsafe_or_wrong_setting(extra: list[str], said: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MOTHERLODE_CLUSTER_SECRET", raising=False)
    result = CliRunner().invoke(app, ["serve", "--db", "postgresql+psycopg://x@127.0.0.1:1/x",
                                      *extra])
    assert result.exit_code == 2 and said in result.output
