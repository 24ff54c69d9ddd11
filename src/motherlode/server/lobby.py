"""The lobby: this process's live tables. It makes new ones, restores unfinished ones from the
store by replaying their moves (each digest checked), hands out the table a connection asks
for, and lets finished ones go past the latest `KEEP_FINISHED`.

The lobby is given its collaborators (the journal, the cluster, where bots think, the
catalogue) and gives each table the ones it needs; nobody reaches them through the lobby.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
import re
import secrets
from dataclasses import dataclass
from typing import Any

from motherlode.engine import MotherlodeError, OptionError, check_seed

from .authority import Authority, ReplayError, replay, token_hash
from .bus import Bus
from .catalogue import Catalogue, SeatSpec
from .cluster import Cluster, Follower, Solo
from .journal import Journal
from .protocol import ProtocolError
from .store import BROKEN, OPEN, SeatRow, Store, TableRow, Unreadable, now
from .tables import LiveTable
from .thinking import Inline, thinker

log = logging.getLogger("motherlode.server")

#: Finished tables kept in memory though nobody is connected (the others are replayed from
#: the store when asked for).
KEEP_FINISHED = 200
#: The finished tables the lobby lists (for their replays).
FINISHED_LISTED = 10

#: What a table's id may be (the server makes them with `secrets.token_urlsafe`).
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")

#: A table nobody has touched (a move, a join) for this long leaves the lobby's list.
IDLE = datetime.timedelta(days=1)


@dataclass(frozen=True, slots=True)
class NewTable:
    """A table just made: its id and the token of each human seat (shown once, never kept)."""

    id: str
    tokens: dict[int, str]


def open_lobby(db_url: str, bot_pause: float, *, redis_url: str | None = None,
               cluster_secret: str = "", bot_workers: int | None = None,
               catalogue: Catalogue | None = None) -> Lobby:
    """A lobby and its collaborators: the store of `db_url` behind a journal, a cluster over
    Redis if `redis_url` is given (its messages signed with `cluster_secret`; else one
    process), bots thinking in `bot_workers` processes (`thinking.thinker`). Call `start`
    before use and `close` after."""
    journal = Journal(Store(db_url))
    cluster = (Solo(journal) if redis_url is None
               else Cluster(journal, Bus(redis_url, cluster_secret)))
    return Lobby(journal, cluster, thinker(bot_workers), catalogue or Catalogue(), bot_pause)


class Lobby:
    """The live tables of this server process."""

    def __init__(self, journal: Journal, cluster: Solo, thinker: Inline, catalogue: Catalogue,
                 bot_pause: float) -> None:
        self.journal = journal
        self.cluster = cluster
        self.thinker = thinker
        self.catalogue = catalogue
        self.bot_pause = bot_pause
        self.tables: dict[str, LiveTable] = {}
        self._finished: dict[str, None] = {}
        """The finished tables in memory, oldest first (at most KEEP_FINISHED of them that
        nobody is connected to; the others are restored from the store when asked for)."""
        self.refused: set[str] = set()
        """The tables that are not served (marked broken, or their moves did not replay)."""
        self.unreadable: set[str] = set()
        """The tables the database cannot read (a damaged page): not served either."""
        self._loading = asyncio.Lock()

    async def start(self) -> None:
        """Migrate the schema, then restore every unfinished table (with other processes:
        having first subscribed to what they do, so nothing written after the restore is
        missed)."""
        await self.journal.start()
        await self.cluster.start(self)
        listed, lost = await self.journal.run(self.journal.store.listing)
        if lost:
            log.error("%d rows of the tables' list cannot be read (a damaged database)", lost)
        for table_id in [row.id for row in listed if row.status == OPEN]:
            with contextlib.suppress(ProtocolError):  # refused: logged (marked broken)
                await self.get(table_id)
        log.info("restored %d tables (%d refused, %d unreadable%s)", len(self.tables),
                 len(self.refused), len(self.unreadable),
                 "".join(f" {table_id}" for table_id in sorted(self.unreadable)))
        await self.cluster.serve()

    async def close(self) -> None:
        for table in self.tables.values():
            table.stop()
        await self.cluster.close()
        self.thinker.close()
        await self.journal.close()

    # --- the tables, as the cluster sees them ------------------------------------------------
    def live(self) -> list[Follower]:
        return list(self.tables.values())

    def find(self, table_id: str) -> Follower | None:
        return self.tables.get(table_id)

    async def follow(self, table_id: str) -> Follower:
        """The table another process speaks of (`get`: restored if need be)."""
        return await self.get(table_id)

    # --- finding and restoring -------------------------------------------------------------
    def finished(self, table: LiveTable) -> None:
        """`table`'s game is over: the oldest finished tables nobody watches are let go."""
        self._finished[table.id] = None
        for table_id in list(self._finished)[: max(0, len(self._finished) - KEEP_FINISHED)]:
            old = self.tables.get(table_id)
            if old is None or not old.watched:
                self.tables.pop(table_id, None)
                del self._finished[table_id]

    async def get(self, table_id: str) -> LiveTable:
        """The live table, restored from the store if it is not in memory yet (one at a
        time, so a table has one authority); table/not-found or table/broken."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not TABLE_ID.fullmatch(table_id):  # never one of ours: the store is not asked
            raise ProtocolError("table/not-found")
        async with self._loading:
            return await self._restore(table_id)

    async def _restore(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if table_id in self.refused:
            raise ProtocolError("table/broken")
        if table_id in self.unreadable:
            raise ProtocolError("table/unreadable")
        try:
            row = await self.journal.run(self.journal.store.load, table_id)
        except Unreadable as err:  # a damaged page: named, never served; the others go on
            log.error("table %s is not served: %s", table_id, err)
            self.unreadable.add(table_id)
            raise ProtocolError("table/unreadable") from None
        if row is None:
            raise ProtocolError("table/not-found")
        if row.status == BROKEN:
            self.refused.add(table_id)
            raise ProtocolError("table/broken")
        try:
            game = self.catalogue.load(row.game, row.options)
            # in a thread: a long game's replay (tens of ms) never holds up other tables
            state = await self.journal.in_thread(replay, game, row)
            self.catalogue.check_bots(game, _bots(row.seats))
        except MotherlodeError as err:
            log.error("table %s is not served: %s", table_id, err)
            self.refused.add(table_id)
            if isinstance(err, ReplayError):  # marked only when its moves truly do not check
                await self.journal.run(self.journal.store.mark_broken, table_id, str(err))
            raise ProtocolError("table/broken") from None
        table = self._live(Authority(row, game, state))
        if state.is_terminal:
            self.finished(table)
        await self.cluster.claim(table)
        table.wake_bots()
        return table

    def _live(self, authority: Authority) -> LiveTable:
        table = self.tables[authority.id] = LiveTable(
            authority, self.journal, self.cluster, self.thinker, self.bot_pause, self.finished
        )
        return table

    # --- making ----------------------------------------------------------------------------
    async def create(
        self,
        game_name: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[SeatSpec] | None,
        seed: int | None,
    ) -> NewTable:
        """Make a table; table/bad-options with the reason if the settings are refused."""
        game = self.catalogue.game(game_name, players, options, seats)
        specs = seats if seats is not None else self.catalogue.default_seats(game)
        chosen = seed is not None
        try:
            seed = secrets.randbelow(2**63) if seed is None else check_seed(seed)
            rows = _seat_rows(specs)
            self.catalogue.check_bots(game, _bots(tuple(row for row, _ in rows)))
        except OptionError as err:
            raise ProtocolError("table/bad-options", str(err)) from None
        table_id = secrets.token_urlsafe(9)
        seat_rows = [row for row, _ in rows]
        await self.journal.run(self.journal.store.create_table, table_id, game.name,
                               dict(game.options), seed, seat_rows, chosen)
        row = TableRow(table_id, game.name, dict(game.options), seed, chosen, OPEN, 0, None,
                       now(), tuple(seat_rows), ())
        table = self._live(Authority(row, game, game.new_game(seed)))
        await self.cluster.claim(table)
        self.cluster.created(table_id)
        table.wake_bots()
        return NewTable(table_id, {row.seat: token for row, token in rows if token is not None})

    def open_tables(self) -> list[dict[str, Any]]:
        """The tables being played that anyone touched (a move, a join) within IDLE."""
        since = now() - IDLE
        return [table.info() for table in self.tables.values()
                if table.status == OPEN and table.authority.touched >= since]

    def finished_tables(self, count: int = FINISHED_LISTED) -> list[dict[str, Any]]:
        """The tables that finished lately in this process, the latest first: each replays
        for anyone (`GET /replay/{id}`)."""
        latest = [self.tables[table_id] for table_id in reversed(self._finished)
                  if table_id in self.tables]
        return [table.info() for table in latest[:count]]

    async def take_seat(self, table_id: str, name: str | None) -> tuple[int, str]:
        """A free seat of the table and its new token, handed out once: the store gives the
        seat to one request only, whichever process it reaches; seat/none-free if none is."""
        table = await self.get(table_id)
        token = secrets.token_urlsafe(24)
        hashed = token_hash(token)
        seat = await self.journal.run(self.journal.store.take_seat, table.id, hashed, name)
        if seat is None:
            raise ProtocolError("seat/none-free")
        table.authority.took(seat, hashed, name)
        table.authority.touched = now()
        self.cluster.presence_changed(table)
        return seat, token


def _bots(seats: tuple[SeatRow, ...]) -> dict[int, str]:
    return {seat.seat: seat.bot for seat in seats if seat.bot is not None}


def _seat_rows(specs: list[SeatSpec]) -> list[tuple[SeatRow, str | None]]:
    rows: list[tuple[SeatRow, str | None]] = []
    for seat, spec in enumerate(specs):
        if spec.bot is not None:
            rows.append((SeatRow(seat, spec.bot, None), None))
        elif spec.free:  # no token yet: the one who takes it gets one (`Lobby.take_seat`)
            rows.append((SeatRow(seat, None, None), None))
        else:
            token = secrets.token_urlsafe(24)
            rows.append((SeatRow(seat, None, token_hash(token), spec.name), token))
    return rows

