"""The journal: every accepted move goes to the store here before anyone hears of it.

Group commit: the moves accepted while the store is busy are written together, in one
transaction (`Store.write_batch`), and each waits for its own to be committed; if the database
refuses the batch, each table's moves are written alone, so one table's bad move never fails
another's. The store is
synchronous; the journal calls it where its class says (`Store.inline`: SQLite on the event
loop, PostgreSQL in worker threads, the batches of moves in a thread of their own so they never
wait behind a restore), and checkpoints an SQLite file now and then. It knows no table, no
connection and no other process: `tables.LiveTable` asks it to write, the cluster publishes
what was written.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from .store import MoveRow, Store, Written

log = logging.getLogger("motherlode.server")

T = TypeVar("T")

#: Seconds between two checkpoints of an SQLite store's write-ahead log.
CHECKPOINT_EVERY = 1.0


class Behind(Exception):
    """The store holds moves of the table this process has not applied (another process
    wrote them): catch up, then check the move again."""


class Journal:
    """The store, called without blocking the event loop, and its group commit."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.waiting: list[tuple[str, MoveRow, bool, asyncio.Future[None]]] = []
        """The moves waiting for the next batch (a table has at most one: its lock)."""
        self._drainer: asyncio.Task[None] | None = None
        self._checkpointer: asyncio.Task[None] | None = None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="motherlode-db")
        self._writes = ThreadPoolExecutor(max_workers=1, thread_name_prefix="motherlode-moves")

    async def start(self) -> None:
        """Migrate the schema; an SQLite file is checkpointed from now on."""
        await self.run(self.store.migrate)
        if self.store.inline:
            self._checkpointer = asyncio.create_task(self._checkpoints())

    async def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.cancel()
        self._writes.shutdown(wait=True)
        self._executor.shutdown(wait=True)
        self.store.close()

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """Call the (synchronous) store: in its own thread, or at once where the store says
        its writes never wait on the disk (`Store.inline`: SQLite)."""
        if self.store.inline:
            return function(*args)
        return await self.in_thread(function, *args)

    async def in_thread(self, function: Callable[..., T], *args: Any,
                        executor: ThreadPoolExecutor | None = None) -> T:
        """Call `function` in the store's thread (or `executor`'s)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(executor or self._executor, function, *args)

    # --- group commit --------------------------------------------------------------------
    async def write(self, table_id: str, move: MoveRow, finished: bool) -> None:
        """Return once the move is committed; Behind if the table was not at the version
        before it, the store's exception if it could not be written."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((table_id, move, finished, done))
        if self._drainer is None or self._drainer.done():
            self._drainer = asyncio.create_task(self._drain())
        await done

    async def _drain(self) -> None:
        while self.waiting:
            batch, self.waiting = self.waiting, []
            try:
                written = await self._write_moves([(t, m, f) for t, m, f, _ in batch])
            except Exception as err:  # every move of the batch is refused and taken back
                for *_, done in batch:
                    if not done.done():
                        done.set_exception(err)
                continue
            for table_id, _, _, done in batch:
                if not done.done():
                    if table_id in written.behind:
                        done.set_exception(Behind(table_id))
                    elif table_id in written.failed:  # that table's alone
                        done.set_exception(written.failed[table_id])
                    else:
                        done.set_result(None)

    async def _write_moves(self, batch: list[tuple[str, MoveRow, bool]]) -> Written:
        """`Store.write_batch` (see `run`), in a thread of its own: a batch never waits
        behind the other calls (PostgreSQL: a table made is a commit and a sync too)."""
        if self.store.inline:
            return self.store.write_batch(batch)
        return await self.in_thread(self.store.write_batch, batch, executor=self._writes)

    async def _checkpoints(self) -> None:
        """SQLite: now and then, the write-ahead log is copied into the database file (the
        part that syncs the disk), in the store's thread."""
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY)
            try:
                await self.in_thread(self.store.checkpoint)
            except Exception:  # the next one tries again
                log.exception("the database could not be checkpointed")
