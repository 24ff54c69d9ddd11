"""An operator's look at the stored tables (`motherlode tables`): which are not served and
why, a table's digests checked again, a table written out as a save file.

A table is not served when it is marked broken (its stored moves did not replay to their
digests when it was restored) or when the database cannot read it (a damaged page). `check`
replays a table exactly as a restore does; `export` writes the save file `motherlode replay`
reads: the whole game, or for a table whose moves stop checking, the game up to the last
move that checks.
"""

from __future__ import annotations

from dataclasses import dataclass

import motherlode
from motherlode.engine import MotherlodeError, State
from motherlode.engine.savefile import dumps

from .authority import ReplayError, replay
from .store import BROKEN, FINISHED, OPEN, Store, TableRow, Unreadable

UNREADABLE = "unreadable"
"""What `listing` says of a table the database cannot read."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A stored table: its status (or `unreadable`), version and why it is not served."""

    id: str
    game: str
    status: str
    version: int
    reason: str | None


def entries(store: Store) -> tuple[list[Entry], int]:
    """Every table, each read whole to know if the database can, and how many rows of the
    tables' list itself could not be read."""
    listed, lost = store.listing()
    found = []
    for row in listed:
        status, reason = row.status, row.broken_reason
        try:
            store.load(row.id)
        except Unreadable as err:
            status, reason = UNREADABLE, str(err)
        found.append(Entry(row.id, row.game, status, row.version, reason))
    return found, lost


@dataclass(frozen=True, slots=True)
class Verdict:
    """A table's moves replayed: the state after every move that checks, and the first
    failure (None: every move checks)."""

    row: TableRow
    state: State
    failure: str | None


def check(store: Store, table_id: str) -> Verdict:
    """The table's stored moves replayed as a restore does (MotherlodeError if there is no
    such table; Unreadable if the database cannot read it)."""
    row = store.load(table_id)
    if row is None:
        raise MotherlodeError("there is no table with that id")
    game = motherlode.load(row.game, **row.options)
    try:
        return Verdict(row, replay(game, row), None)
    except ReplayError as err:
        failure = str(err)
    state = game.new_game(row.seed)
    for move in row.moves:  # the moves up to the first that does not check
        if state.current_player != move.seat:
            break
        trial = state.clone()
        try:
            trial.apply(game.parse_action(move.action))
        except MotherlodeError:
            break
        if trial.digest() != move.digest:
            break
        state = trial
    return Verdict(row, state, failure)


def unmark(store: Store, verdict: Verdict) -> bool:
    """A table marked broken whose moves all check is served again (its status set back);
    whether it was."""
    if verdict.failure is not None or verdict.row.status != BROKEN:
        return False
    store.set_status(verdict.row.id, FINISHED if verdict.state.is_terminal else OPEN)
    return True


def save_text(verdict: Verdict) -> str:
    """The save file of the table's game (up to its last move that checks)."""
    return dumps(verdict.state, {"server_table": verdict.row.id})
