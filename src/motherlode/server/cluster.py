"""The cluster: what this process does with the others that share its database.

One process (`Solo`): it drives every table's bots, tells nobody, and reads the store only
when a write finds the table further on than its copy (it never should). Several processes
(`Cluster`, `motherlode serve --redis`, one PostgreSQL): each holds its own copy of every
table. A move is checked against this process's copy and written only if the table's row,
locked in the writing transaction, is still at the version it was checked at; if another
process wrote first, this one reads those moves (`missed`), tells its connections, and checks
the move again. Each committed move is published on Redis (`bus.Bus`, in batches); the others
apply it, or read what they missed from the database. A table's bots are driven by the one
process that holds its lease (a PostgreSQL session advisory lock): the process that made or
first restored the table, and when that process dies (its connection, and so its lock, goes),
the first of the others to look again (every `LEASE_SWEEP` seconds). Each process reports its
connections at each table (when one comes or goes, and every `PRESENCE_EVERY` seconds).

The cluster sees the live tables through two small protocols (`Follower`, `Tables`): it
imports neither the tables nor the lobby.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine
from typing import Any, Protocol

from .bus import Bus
from .delivery import PRESENCE_EVERY
from .journal import Journal
from .protocol import ProtocolError
from .store import OPEN, MoveRow

log = logging.getLogger("motherlode.server")

#: Seconds between two looks for the leases of tables whose bots nobody drives (several
#: processes: the one that drove them may have died).
LEASE_SWEEP = 0.5


class Follower(Protocol):
    """A live table, as the cluster sees it."""

    id: str
    drives_bots: bool

    @property
    def status(self) -> str: ...

    @property
    def has_bots(self) -> bool: ...

    @property
    def watched(self) -> bool: ...

    def presence(self) -> tuple[list[int], int]: ...

    def heard_presence(self, origin: str, seats: list[int], watchers: int,
                       at: float) -> None: ...

    async def heard(self, move: MoveRow) -> None: ...

    async def catch_up(self) -> None: ...


class Tables(Protocol):
    """The live tables of this process (the lobby)."""

    def live(self) -> list[Follower]: ...

    def find(self, table_id: str) -> Follower | None: ...

    async def follow(self, table_id: str) -> Follower: ...


class Solo:
    """One process: every table's bots are this process's, and there is nobody to tell."""

    shared = False
    """Whether other processes serve the same tables."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    async def start(self, tables: Tables) -> None:
        """Start hearing the others (before any table is restored: nothing is missed)."""

    async def serve(self) -> None:
        """The tables are restored: start the rounds (leases, presence)."""

    async def close(self) -> None:
        """Stop hearing the others."""

    async def missed(self, table_id: str, version: int) -> list[MoveRow]:
        """The moves the store holds of the table past `version`, in order."""
        _, _, rows = await self.journal.run(self.journal.store.moves_after, table_id, version)
        return rows

    def committed(self, table_id: str, move: MoveRow, finished: bool) -> None:
        """A move of this process is committed (the others hear of it)."""

    def created(self, table_id: str) -> None:
        """A table was made here (the others hear of it)."""

    def presence_changed(self, table: Follower) -> None:
        """A connection came or went (the others hear of it)."""

    async def claim(self, table: Follower) -> None:
        """Take the table's lease if its bots are driven by nobody: here, always."""
        table.drives_bots = True


class Cluster(Solo):
    """Several processes over one PostgreSQL and Redis."""

    shared = True

    def __init__(self, journal: Journal, bus: Bus) -> None:
        super().__init__(journal)
        self.bus = bus
        self.tables: Tables | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._publisher: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._outgoing: list[tuple[str, MoveRow, bool]] = []
        """Moves committed and not yet published (sent together, after their movers)."""

    async def start(self, tables: Tables) -> None:
        self.tables = tables
        await self.bus.start(self.heard, self.resync, self.heard_presence)

    async def serve(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep())

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        await self.bus.close()

    def _tables(self) -> Tables:
        assert self.tables is not None, "the cluster is started with the lobby's tables"
        return self.tables

    # --- what this process tells ---------------------------------------------------------
    def committed(self, table_id: str, move: MoveRow, finished: bool) -> None:
        """Published with the others committed meanwhile, once the movers are told."""
        self._outgoing.append((table_id, move, finished))
        if self._publisher is None or self._publisher.done():
            self._publisher = asyncio.create_task(self._publish_moves())

    async def _publish_moves(self) -> None:
        """One batch after another, so a table's moves go out in their order."""
        while self._outgoing:
            batch, self._outgoing = self._outgoing, []
            await self.bus.publish_moves(batch)

    def created(self, table_id: str) -> None:
        self._background(self.bus.publish_created(table_id))

    def presence_changed(self, table: Follower) -> None:
        seats, watchers = table.presence()
        self._background(self.bus.publish_presence([(table.id, seats, watchers)]))

    def _background(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)  # kept until done (the loop holds tasks weakly)
        task.add_done_callback(self._tasks.discard)

    async def _report_presence(self) -> None:
        """Every PRESENCE_EVERY seconds: this process's connections at each table it has
        any, so the others' counts stay fresh (and lapse when this process dies)."""
        counts = []
        for table in self._tables().live():
            if table.watched:
                seats, watchers = table.presence()
                counts.append((table.id, seats, watchers))
        if counts:
            await self.bus.publish_presence(counts)

    # --- what the others tell --------------------------------------------------------------
    async def heard(self, table_id: str, move: MoveRow | None, _finished: bool) -> None:
        """Another process made a table or committed a move: the live table takes it, a
        table not in memory is restored (with it)."""
        try:  # restored if need be (then maybe read before the move was committed)
            table = await self._tables().follow(table_id)
        except ProtocolError:
            return
        if move is not None:
            await table.heard(move)

    def heard_presence(self, origin: str, table_id: str, seats: list[int],
                       watchers: int) -> None:
        """Another process's connections at a table (kept if the table is in memory here; a
        table restored later hears them at the next report)."""
        table = self._tables().find(table_id)
        if table is not None:
            table.heard_presence(origin, seats, watchers, time.monotonic())

    async def resync(self) -> None:
        """After Redis was out of reach: every live table reads what it missed."""
        for table in self._tables().live():
            if table.status == OPEN:
                await table.catch_up()

    # --- leases ----------------------------------------------------------------------------
    async def claim(self, table: Follower) -> None:
        await self._claim_all([table])

    async def _claim_all(self, candidates: list[Follower]) -> None:
        wanted = [t for t in candidates if t.has_bots and not t.drives_bots and t.status == OPEN]
        if not wanted:
            return
        taken = await self.journal.run(self.journal.store.take_leases, [t.id for t in wanted])
        for table in wanted:
            if table.id in taken:
                log.info("table %s: this process drives its bots", table.id)
                table.drives_bots = True
                await table.catch_up()  # what the process before may have written last

    async def _sweep(self) -> None:
        """Now and then: the leases of tables whose bots nobody drives (their process died)
        are taken, those of finished tables given back; and this process's connections are
        reported to the others."""
        reported = 0.0
        while True:
            await asyncio.sleep(LEASE_SWEEP)
            if time.monotonic() - reported >= PRESENCE_EVERY:
                reported = time.monotonic()
                await self._report_presence()
            try:
                for table in self._tables().live():
                    if table.drives_bots and table.status != OPEN:
                        table.drives_bots = False
                        await self.journal.run(self.journal.store.drop_lease, table.id)
                await self._claim_all(self._tables().live())
            except Exception:  # the database is away: try again at the next sweep
                log.exception("the bots' leases could not be checked")
