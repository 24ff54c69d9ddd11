"""`motherlode tables`: the operator's look at a server's stored tables (server/audit.py).

    motherlode tables list [--all]        the tables not served (broken, unreadable), or all
    motherlode tables check ID [--unmark] replay a table's moves against their digests
    motherlode tables export ID FILE      the table's game as a save file (motherlode replay)

Each takes the server's database as `serve` does: --db, else $MOTHERLODE_DB, else the
SQLite file in --data.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from .common import bad_input_exits, check_writable, fail, write_save
from .serve import WEB_MISSING, database_url

try:
    from motherlode.server.audit import UNREADABLE, check, entries, save_text, unmark
    from motherlode.server.store import BROKEN, Store, Unreadable
except ModuleNotFoundError:  # the web extra is not installed: `open_store` says so
    pass

tables_app = typer.Typer(help="The server's stored tables: list, check, export.",
                         no_args_is_help=True)

Db = Annotated[str | None, typer.Option(help="A SQLAlchemy database URL (as for serve).")]
Data = Annotated[Path, typer.Option(help="Folder of the default SQLite file.")]


def open_store(db: str | None, data: Path) -> Store:
    if WEB_MISSING is not None:
        fail(f"the tables need the web extra ({WEB_MISSING.name} is missing): "
             "pip install 'motherlode[web]'")
    return Store(database_url(db, os.environ, data))


@tables_app.command("list")
def list_tables(
    every: Annotated[bool, typer.Option("--all", help="Every table, served or not.")] = False,
    db: Db = None, data: Data = Path("motherlode-data"),
) -> None:
    """The tables not served (marked broken, or unreadable), with why; --all: every table."""
    store = open_store(db, data)
    try:
        found, lost = entries(store)
    finally:
        store.close()
    shown = [entry for entry in found if every or entry.status in (BROKEN, UNREADABLE)]
    for entry in shown:
        reason = f"  {entry.reason}" if entry.reason else ""
        sys.stdout.write(f"{entry.id}  {entry.game}  {entry.status}  v{entry.version}"
                         f"{reason}\n")
    if lost:
        sys.stdout.write(f"{lost} rows of the tables' list cannot be read\n")
    if not shown and not lost:
        sys.stdout.write("every table is served\n" if not every else "no tables\n")


@tables_app.command("check")
def check_table(
    table_id: Annotated[str, typer.Argument(help="The table's id.")],
    unmark_it: Annotated[bool, typer.Option(
        "--unmark", help="If every move checks, serve a table marked broken again.")] = False,
    db: Db = None, data: Data = Path("motherlode-data"),
) -> None:
    """Replay the table's stored moves against their digests; exit 1 if they do not check."""
    store = open_store(db, data)
    try:
        with bad_input_exits():
            try:
                verdict = check(store, table_id)
            except Unreadable as err:
                sys.stdout.write(f"{table_id}: unreadable: {err}\n")
                raise typer.Exit(1) from None
        if verdict.failure is not None:
            sys.stdout.write(f"{table_id}: does not check: {verdict.failure}\n")
            raise typer.Exit(1)
        sys.stdout.write(f"{table_id}: all {len(verdict.row.moves)} moves check "
                         f"(status {verdict.row.status})\n")
        if unmark_it and unmark(store, verdict):
            sys.stdout.write(f"{table_id}: no longer marked broken\n")
    finally:
        store.close()


@tables_app.command("export")
def export_table(
    table_id: Annotated[str, typer.Argument(help="The table's id.")],
    path: Annotated[Path, typer.Argument(help="The save file to write.")],
    db: Db = None, data: Data = Path("motherlode-data"),
) -> None:
    """Write the table's game as a save file (`motherlode replay FILE`); a table whose
    moves stop checking is written up to its last move that checks."""
    with bad_input_exits():
        check_writable(path)
    store = open_store(db, data)
    try:
        with bad_input_exits():
            try:
                verdict = check(store, table_id)
            except Unreadable as err:
                fail(f"{table_id}: unreadable: {err}")
            write_save(path, save_text(verdict))
    finally:
        store.close()
    kept = len(verdict.state.history)
    if verdict.failure is not None:
        sys.stderr.write(f"{table_id}: {verdict.failure}; saved the first {kept} moves\n")
    sys.stdout.write(f"saved {kept} moves of table {table_id} to {path}\n")
