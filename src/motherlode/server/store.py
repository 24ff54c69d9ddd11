"""The tables on disk: a table is its game, options, seed, seats and moves (SQLAlchemy 2).

Every accepted move is one row, written with the version it makes, the seat that made it,
the client's move id and the digest of the state it leads to, in one transaction with the
table's new version (`Store.append_moves`: the moves of many tables may share one
transaction, a group commit): a move is on disk before anyone hears of it. The
schema is made by the Alembic migrations in `migrations/` (`Store.migrate`, run at start);
the `Table`s below describe the same columns for the queries.

The store is synchronous, one interface (`Store`) with a class per database; `Store(url)` makes
the one the URL names:

* `SqliteStore`, the embedded file (one process). The server calls it on the event loop itself
  (`Store.inline`), where a commit only appends to the write-ahead log; the checkpoints that
  sync the disk run in a worker thread (`Store.checkpoint`). A batch of moves is written at
  once and checked table by table only if the database refuses it.
* `PostgresStore`, through psycopg 3 (`postgresql+psycopg://...`), where several server
  processes may share the database. The server calls it from worker threads, so the event
  loop never waits on the network: a batch of moves locks its tables' rows and writes a
  table's moves only if the table is at the version they follow, and a table's bots are driven
  by the process holding its lease (`take_leases`, session advisory locks).

The group commit that batches the moves is `journal.Journal`'s.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    false,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DatabaseError, InterfaceError, OperationalError
from sqlalchemy.pool import PoolProxiedConnection

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

OPEN, FINISHED, BROKEN = "open", "finished", "broken"
"""A table's status: being played, over, or refused on restore (its moves do not check)."""

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seed_chosen", Boolean, nullable=False, server_default=false()),
    Column("status", String(16), nullable=False),
    Column("version", Integer, nullable=False),
    Column("broken_reason", Text, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("bot", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("name", String(64), nullable=True),
)

moves = Table(
    "moves",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("move_id", String(64), nullable=True),
    Column("digest", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat as stored: a bot's name, or the hash of a human seat's token (neither: a free
    seat, which anyone in the lobby may take), and the name its player gave."""

    seat: int
    bot: str | None
    token_hash: str | None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One accepted move: the version it made, who made it, and the digest after it."""

    version: int
    seat: int
    action: str
    move_id: str | None
    digest: str


class Unreadable(Exception):
    """Rows the database holds but cannot give back (a damaged page of an SQLite file, data
    PostgreSQL reports corrupt): the table is named, never served, the others go on."""


def damaged(err: DatabaseError) -> bool:
    """Whether the database refused a read because what it holds is damaged, not because it
    is out of reach (which the next try may get past)."""
    return not isinstance(err, OperationalError | InterfaceError) or "malformed" in str(err)


@dataclass(frozen=True, slots=True)
class Listed:
    """A table as `Store.listing` gives it: its row without seats or moves."""

    id: str
    game: str
    status: str
    version: int
    broken_reason: str | None


@dataclass(frozen=True, slots=True)
class Written:
    """What became of a batch of moves (`Store.write_batch`): the tables whose moves were
    not written because another process wrote first (`behind`), and those the database
    refused for another reason, each with its error (`failed`); every other table's moves
    are committed."""

    behind: set[str]
    failed: dict[str, Exception]


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as stored, with its seats and its moves in order."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seed_chosen: bool
    """Whether whoever made the table gave the seed (and so may know every hidden card)."""
    status: str
    version: int
    broken_reason: str | None
    created_at: datetime.datetime
    seats: tuple[SeatRow, ...]
    moves: tuple[MoveRow, ...]


def default_url(data: Path) -> str:
    """The embedded SQLite file in the data folder (made if missing)."""
    data.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(data / 'motherlode.sqlite3').resolve()}"


def now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def in_utc(moment: datetime.datetime) -> datetime.datetime:
    """A time the database gave back, in UTC: SQLite keeps no time zone, so its naive times
    (written as UTC by `now`) are said to be UTC; PostgreSQL's come with theirs."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=datetime.UTC)
    return moment.astimezone(datetime.UTC)


#: The first key of the advisory locks that are the bots' leases ("ML").
LEASE_CLASS = 0x4D4C


class Store:
    """The database behind the server: tables, seats, moves, and the bots' leases. What
    differs between the databases (how a batch of moves is written, the leases, where the
    server may call it) is each subclass's; `Store(url)` makes the one `url` names."""

    def __new__(cls, url: str) -> Store:
        """`Store(url)`: a PostgresStore for PostgreSQL, an SqliteStore for anything else."""
        if cls is Store:
            postgres = make_url(url).get_backend_name() == "postgresql"
            cls = PostgresStore if postgres else SqliteStore
        return super().__new__(cls)

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = self._engine(url)
        dialect = self.engine.dialect
        mark = "?" if dialect.paramstyle == "qmark" else "%s"
        # A batch of moves goes to the driver's executemany as it is: SQLAlchemy's statement
        # machinery cost more than the database's own work for these two (the columns above).
        self._insert_moves = (
            "INSERT INTO moves (table_id, version, seat, action, move_id, digest, created_at) "
            f"VALUES ({', '.join([mark] * 7)})"
        )
        # a table marked broken stays so: another process's later move never clears it
        self._set_versions = (
            f"UPDATE tables SET version = {mark}, status = CASE WHEN status = '{BROKEN}' "
            f"THEN status ELSE {mark} END WHERE id = {mark}"
        )
        self._stamp: Callable[[Any], Any] = (
            moves.c.created_at.type.bind_processor(dialect) or (lambda value: value)
        )
        """The driver's form of a moment (SQLite: SQLAlchemy's text of it)."""
        self._integrity_errors: type[Exception] = dialect.loaded_dbapi.IntegrityError
        """What the driver raises when a key is refused (the moves go to it directly)."""

    @staticmethod
    def _engine(url: str) -> Engine:
        """The SQLAlchemy engine, set up for this database."""
        raise NotImplementedError("each database's class says")

    # --- what differs between the databases -----------------------------------------------
    @property
    def inline(self) -> bool:
        """Whether the server may call this store on its event loop."""
        raise NotImplementedError("each database's class says")

    def take_leases(self, table_ids: list[str]) -> set[str]:
        """The tables of `table_ids` whose bots this process drives (taken now or held
        already)."""
        raise NotImplementedError("each database's class says")

    def drop_lease(self, table_id: str) -> None:
        """Give the table's lease back (its game is over)."""
        raise NotImplementedError("each database's class says")

    def checkpoint(self) -> tuple[int, int]:
        """Sync what was committed to the database file, if the database leaves it to the
        server: the log's frames and how many of them are now in the file ((0, 0): none)."""
        raise NotImplementedError("each database's class says")

    def append_moves(self, batch: list[tuple[str, MoveRow, bool]]) -> set[str]:
        """Write accepted moves of any tables (each with whether it ended its game) and the
        tables' new versions, all in one transaction; the ids of the tables whose moves were
        not written, because the table is not at the version before them (another process
        wrote a move first: its moves must be caught up and the move checked again)."""
        raise NotImplementedError("each database's class says")

    def _migration_lock(self, connection: Connection) -> None:
        """Wait until no other process migrates."""
        raise NotImplementedError("each database's class says")

    def take_lease(self, table_id: str) -> bool:
        """Whether this process drives the table's bots (`take_leases` of one)."""
        return bool(self.take_leases([table_id]))

    def migrate(self, revision: str = "head") -> None:
        """Bring the schema to `revision` (Alembic `upgrade`; by default the newest). On
        PostgreSQL one process at a time (a transaction's advisory lock): several servers
        may start together."""
        with self.engine.begin() as connection:
            self._migration_lock(connection)
            command.upgrade(migration_config(connection), revision)

    def downgrade(self, revision: str = "base") -> None:
        """Take the schema back to `revision` (Alembic `downgrade`; by default: nothing)."""
        with self.engine.begin() as connection:
            command.downgrade(migration_config(connection), revision)

    def close(self) -> None:
        self.engine.dispose()

    def create_table(
        self,
        table_id: str,
        game: str,
        options: dict[str, Any],
        seed: int,
        seat_rows: list[SeatRow],
        seed_chosen: bool = False,
    ) -> None:
        """A new table at version 0, its seats with it (one transaction)."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(tables).values(
                    id=table_id,
                    game=game,
                    options=options,
                    seed=seed,
                    seed_chosen=seed_chosen,
                    status=OPEN,
                    version=0,
                    broken_reason=None,
                    created_at=now(),
                )
            )
            connection.execute(
                insert(seats),
                [
                    {"table_id": table_id, "seat": row.seat, "bot": row.bot,
                     "token_hash": row.token_hash, "name": row.name}
                    for row in seat_rows
                ],
            )

    def take_seat(self, table_id: str, token_hash: str, name: str | None) -> int | None:
        """Give the lowest free seat of an open table the token `token_hash` and `name`; the
        seat, or None if none is free. One conditional UPDATE per seat: of two requests (in
        any processes) for the same seat, the database lets one through."""
        with self.engine.begin() as connection:
            if connection.execute(select(tables.c.status).where(tables.c.id == table_id)
                                  ).scalar() != OPEN:
                return None
            free = connection.execute(
                select(seats.c.seat).where(seats.c.table_id == table_id, seats.c.bot.is_(None),
                                           seats.c.token_hash.is_(None))
                .order_by(seats.c.seat)).scalars().all()
            for seat in free:
                taken = connection.execute(
                    update(seats)
                    .where(seats.c.table_id == table_id, seats.c.seat == seat,
                           seats.c.bot.is_(None), seats.c.token_hash.is_(None))
                    .values(token_hash=token_hash, name=name))
                if taken.rowcount == 1:
                    return int(seat)
        return None

    def seat_rows(self, table_id: str) -> tuple[SeatRow, ...]:
        """A table's seats as stored now (a seat taken in another process included)."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat))
            return tuple(SeatRow(s.seat, s.bot, s.token_hash, s.name) for s in rows)

    def append_move(self, table_id: str, move: MoveRow, finished: bool) -> bool:
        """Write one accepted move and the table's new version in one transaction; False
        if the table is not at the version before the move (nothing written)."""
        return not self.append_moves([(table_id, move, finished)])

    def moves_after(self, table_id: str, version: int) -> tuple[int, str, list[MoveRow]]:
        """The table's stored version and status, and its moves after `version`, in order
        (what another process wrote since)."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(tables.c.version, tables.c.status).where(tables.c.id == table_id)
            ).first()
            if row is None:
                return 0, BROKEN, []
            found = connection.execute(
                select(moves)
                .where(moves.c.table_id == table_id, moves.c.version > version)
                .order_by(moves.c.version)
            )
            return row.version, row.status, [
                MoveRow(m.version, m.seat, m.action, m.move_id, m.digest) for m in found
            ]

    def write_batch(self, batch: list[tuple[str, MoveRow, bool]]) -> Written:
        """`append_moves`, where one table's trouble never fails another's moves: if the
        database refuses the batch (a value it cannot store, a fault), each table's moves
        are written again in a transaction of their own, and only the tables whose own
        moves fail are refused."""
        try:
            return Written(self.append_moves(batch), {})
        except Exception:  # the tables are tried one by one below
            pass
        by_table: dict[str, list[tuple[str, MoveRow, bool]]] = {}
        for item in batch:
            by_table.setdefault(item[0], []).append(item)
        written = Written(set(), {})
        for table_id, moves_of_table in by_table.items():
            try:
                written.behind.update(self.append_moves(moves_of_table))
            except Exception as err:  # handed to that table's movers
                written.failed[table_id] = err
        return written

    def _append(self, batch: list[tuple[str, MoveRow, bool]], check: bool) -> set[str]:
        stamp = self._stamp(now())
        ids = sorted({table_id for table_id, _, _ in batch})
        with self.engine.begin() as connection:
            stored = {} if not check else {
                row.id: row.version
                for row in connection.execute(
                    select(tables.c.id, tables.c.version)
                    .where(tables.c.id.in_(ids))
                    .order_by(tables.c.id)
                    .with_for_update()
                )
            }
            expected = {table_id: stored.get(table_id) for table_id in ids}
            refused: set[str] = set()
            for table_id, move, _ in batch if check else ():
                at = expected[table_id]
                if at is None or move.version != at + 1:
                    refused.add(table_id)
                expected[table_id] = move.version
            written = [item for item in batch if item[0] not in refused]
            if not written:
                return refused
            cursor = connection.connection.cursor()
            try:
                self._execute_batch(cursor, written, stamp)
            finally:
                cursor.close()
        return refused

    def _execute_batch(self, cursor: Any, batch: list[tuple[str, MoveRow, bool]],
                       stamp: Any) -> None:
        """The moves' rows and their tables' new versions, through the driver's cursor."""
        latest: dict[str, tuple[int, bool]] = {}
        for table_id, move, finished in batch:
            latest[table_id] = (move.version, finished)
        cursor.executemany(self._insert_moves, [
            (table_id, move.version, move.seat, move.action, move.move_id, move.digest, stamp)
            for table_id, move, _ in batch
        ])
        cursor.executemany(self._set_versions, [
            (version, FINISHED if finished else OPEN, table_id)
            for table_id, (version, finished) in latest.items()
        ])

    def mark_broken(self, table_id: str, reason: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(status=BROKEN, broken_reason=reason)
            )

    def set_status(self, table_id: str, status: str) -> None:
        """An operator's repair: the table's status set back (`motherlode tables check
        --unmark`), its reason cleared."""
        with self.engine.begin() as connection:
            connection.execute(update(tables).where(tables.c.id == table_id)
                               .values(status=status, broken_reason=None))

    def table_ids(self, status: str | None = None) -> list[str]:
        """Every table's id (of one status if given), oldest first (the readable ones, if
        the database is damaged: `listing`)."""
        rows, _ = self.listing()
        return [row.id for row in rows if status is None or row.status == status]

    def listing(self) -> tuple[list[Listed], int]:
        """Every table's row, oldest first, and how many rows could not be read: if the
        list itself is damaged (Unreadable), it is read row by row, skipping the damaged."""
        query = (select(tables.c.id, tables.c.game, tables.c.status, tables.c.version,
                        tables.c.broken_reason)
                 .order_by(tables.c.created_at, tables.c.id))
        try:
            with self.engine.connect() as connection:
                return [Listed(*row) for row in connection.execute(query)], 0
        except DatabaseError as err:
            if not damaged(err):
                raise
            return self._listing_row_by_row(query, err)

    def _listing_row_by_row(self, query: Any, err: DatabaseError) -> tuple[list[Listed], int]:
        """The list damaged (`err`): each row looked up on its own, so only the rows on a
        damaged page are lost, where the database can (SQLite: by rowid); else `err`."""
        raise err

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[Connection]:
        """A connection whose reads all see one moment of the database, whatever other
        processes commit meanwhile: one REPEATABLE READ transaction on PostgreSQL, one
        deferred transaction on SQLite (its first read fixes what the write-ahead log shows
        it). Read only: it is rolled back."""
        with self.engine.connect() as connection:
            connection = self._begin_snapshot(connection)
            try:
                yield connection
            finally:
                connection.rollback()

    def _begin_snapshot(self, connection: Connection) -> Connection:
        """`connection`, its reads made one moment of the database (`snapshot`)."""
        raise NotImplementedError("each database's class says")

    def load(self, table_id: str) -> TableRow | None:
        """The table with its seats and moves, or None if there is none of that id: read in
        one snapshot, so the version always counts the moves (another process may be
        writing the table's next move meanwhile)."""
        try:
            return self._load(table_id)
        except DatabaseError as err:
            if damaged(err):
                raise Unreadable(f"the database cannot read it ({type(err.orig).__name__})") \
                    from err
            raise

    def _load(self, table_id: str) -> TableRow | None:
        with self.snapshot() as connection:
            row = connection.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = connection.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            )
            move_rows = connection.execute(
                select(moves).where(moves.c.table_id == table_id).order_by(moves.c.version)
            )
            return TableRow(
                id=row.id,
                game=row.game,
                options=dict(row.options),
                seed=row.seed,
                seed_chosen=row.seed_chosen,
                status=row.status,
                version=row.version,
                broken_reason=row.broken_reason,
                created_at=in_utc(row.created_at),
                seats=tuple(SeatRow(s.seat, s.bot, s.token_hash, s.name) for s in seat_rows),
                moves=tuple(
                    MoveRow(m.version, m.seat, m.action, m.move_id, m.digest)
                    for m in move_rows
                ),
            )


def lease_key(table_id: str) -> int:
    """The second key of a table's lease: 32 bits of its id's hash (two tables that share
    one are driven by the same process, which is still one)."""
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:4], "big", signed=True)


def migration_config(connection: Connection) -> Config:
    """Alembic's configuration for the package's migrations, run on `connection`."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL: a commit is in the file before `commit` returns, so a killed process loses no
    committed move (synchronous=NORMAL gives up only what a power cut could take)."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA wal_autocheckpoint=0")  # `Store.checkpoint`, in the server's thread
    cursor.close()



class SqliteStore(Store):
    """The embedded SQLite file: one server process, called on its event loop."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self._writer: PoolProxiedConnection | None = None
        """The driver connection the moves are written through (`_append_at_once`)."""

    @staticmethod
    def _engine(url: str) -> Engine:
        engine = create_engine(url)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine

    @property
    def inline(self) -> bool:
        """A commit is an append to the write-ahead log, no sync of the disk (that waits for
        `checkpoint`), so it takes well under a millisecond. Handed to a thread instead, a
        batch of moves waited 10-25 ms for the interpreter's lock under load
        (docs/performance.md)."""
        return True

    def take_leases(self, table_ids: list[str]) -> set[str]:
        """One process: every lease is ours."""
        return set(table_ids)

    def drop_lease(self, table_id: str) -> None:
        """One process: no lease is held."""

    def _migration_lock(self, connection: Connection) -> None:
        """One process: nobody else migrates."""

    def _begin_snapshot(self, connection: Connection) -> Connection:
        """One deferred transaction: its first read fixes what the write-ahead log shows."""
        connection.exec_driver_sql("BEGIN")
        return connection

    def _listing_row_by_row(self, query: Any, err: DatabaseError) -> tuple[list[Listed], int]:
        """Each row looked up by its rowid alone."""
        found: list[Listed] = []
        lost = 0
        with self.engine.connect() as connection:
            last = connection.exec_driver_sql("SELECT max(rowid) FROM tables").scalar() or 0
            for rowid in range(1, int(last) + 1):
                try:
                    row = connection.execute(
                        query.where(text("tables.rowid = :rowid")), {"rowid": rowid}
                    ).first()
                except DatabaseError:
                    lost += 1
                    continue
                if row is not None:
                    found.append(Listed(*row))
        return found, lost

    def checkpoint(self) -> tuple[int, int]:
        """Copy the write-ahead log into the database file, without waiting for anyone
        (PASSIVE); the connections never do it themselves (`wal_autocheckpoint=0`)."""
        with self.engine.connect() as connection:
            row = connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
        return int(row[1]), int(row[2])

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        super().close()

    def append_moves(self, batch: list[tuple[str, MoveRow, bool]]) -> set[str]:
        """One process (the live table's lock already orders its moves): the batch is written
        at once, and checked table by table only if the database refuses it."""
        try:
            self._append_at_once(batch)
            return set()
        except self._integrity_errors:  # a version already stored, or no such table
            return self._append(batch, check=True)

    def _append_at_once(self, batch: list[tuple[str, MoveRow, bool]]) -> None:
        """The batch in one transaction of the driver's connection kept for the moves (taken
        from the pool once, on the event loop's thread): SQLAlchemy's connection and
        transaction for each batch cost about half as much again as SQLite's own work for it
        (docs/performance.md). Committed, or rolled back and the driver's error raised."""
        if self._writer is None:
            self._writer = self.engine.raw_connection()
        writer = self._writer
        cursor = writer.cursor()
        try:
            self._execute_batch(cursor, batch, self._stamp(now()))
            writer.commit()
        except BaseException:
            try:
                writer.rollback()
            except Exception:  # the connection is unusable: the next batch takes another
                self._writer = None
                writer.invalidate()
            raise
        finally:
            cursor.close()


class PostgresStore(Store):
    """PostgreSQL, shared by several server processes, called from worker threads."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self._leases: Connection | None = None
        """The connection whose session holds this process's leases."""

    @staticmethod
    def _engine(url: str) -> Engine:
        return create_engine(url, pool_pre_ping=True)

    def close(self) -> None:
        if self._leases is not None:
            self._leases.close()
            self._leases = None
        super().close()

    @property
    def inline(self) -> bool:
        """Every call waits on the network: never on the event loop."""
        return False

    def take_leases(self, table_ids: list[str]) -> set[str]:
        """A lease is a session advisory lock on one connection this store keeps open: held
        until dropped or until the process dies (its connection closes, and the next process
        to ask takes it). All of `table_ids` in one query."""
        if self._leases is None:
            self._leases = self.engine.connect().execution_options(
                isolation_level="AUTOCOMMIT"
            )
        keys = {table_id: lease_key(table_id) for table_id in table_ids}
        taken = {
            row.key
            for row in self._leases.execute(
                text("SELECT key FROM unnest(CAST(:keys AS integer[])) AS key "
                     "WHERE pg_try_advisory_lock(:class, key)"),
                {"class": LEASE_CLASS, "keys": sorted(set(keys.values()))},
            )
        }
        return {table_id for table_id, key in keys.items() if key in taken}

    def drop_lease(self, table_id: str) -> None:
        if self._leases is not None:
            self._leases.execute(
                text("SELECT pg_advisory_unlock(:class, :key)"),
                {"class": LEASE_CLASS, "key": lease_key(table_id)},
            )

    def _begin_snapshot(self, connection: Connection) -> Connection:
        """One REPEATABLE READ transaction."""
        return connection.execution_options(isolation_level="REPEATABLE READ")

    def _migration_lock(self, connection: Connection) -> None:
        """Several servers may start together: one migrates at a time (a transaction's
        advisory lock)."""
        connection.execute(text("SELECT pg_advisory_xact_lock(:class, 0)"),
                           {"class": LEASE_CLASS})

    def checkpoint(self) -> tuple[int, int]:
        """PostgreSQL syncs its own log."""
        return 0, 0

    def append_moves(self, batch: list[tuple[str, MoveRow, bool]]) -> set[str]:
        """The tables' rows are locked (`SELECT ... FOR UPDATE`, in id order so two processes
        never deadlock) while their versions are compared and the moves written: a table's
        moves are serialised across every process sharing the database. The primary key
        (table, version) refuses a second move for the same version in any case."""
        return self._append(batch, check=True)
