"""A live table: one table's authority, audience and bots, held together by its lock.

`LiveTable` is where a move goes through the server's parts, one move at a time (an asyncio
lock per table): the authority (`authority.Authority`) checks and applies it; the journal
(`journal.Journal`) stores it before anyone is told of it; then the authority calls it
committed, the mover's connection gets its `ack` and every other connection an `update`
(`delivery.Audience`), and the cluster (`cluster.Solo` or `cluster.Cluster`) tells the other
processes. A write that finds the table further on (another process wrote first) reads what
was missed and checks the move again. Bots sit in their seats here: after `bot_pause`
seconds the table takes what the bot may know under its lock, lets it think without the lock
(`thinking`: in a worker process), and applies its choice under the lock again if the table
has not moved meanwhile. A `Blind` bot (it chooses from the legal actions alone: `random`)
chooses at once under the lock, on the loop: its choice is a draw from its RNG, a few
microseconds, where handing it to a worker cost the loop more than the choice.

Every collaborator is given to the table when it is made (`lobby.Lobby` makes them); the table
knows nothing of the lobby but `on_finished`, called when its game is over.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from motherlode.bots.choice import Choice, choice_seed, choose

from .authority import Acked, Authority
from .cluster import Solo
from .delivery import Audience, Connection, ack, view_part
from .journal import Behind, Journal
from .protocol import Move, ProtocolError, error_message
from .store import MoveRow, now
from .thinking import Inline

log = logging.getLogger("motherlode.server")

#: Times a move is checked again after another process wrote one first.
CATCH_UPS = 5

#: Seconds a bot waits before it tries again after the store failed to take its move.
STORE_RETRY = 1.0


class LiveTable:
    """A table being played: its authority, its connections, its bots."""

    def __init__(self, authority: Authority, journal: Journal, cluster: Solo,
                 thinker: Inline, bot_pause: float,
                 on_finished: Callable[[LiveTable], None]) -> None:
        self.authority = authority
        self.id = authority.id
        self.journal = journal
        self.cluster = cluster
        self.thinker = thinker
        self.bot_pause = bot_pause
        self.on_finished = on_finished
        self.audience = Audience(self.id, authority.game.num_players)
        self.lock = asyncio.Lock()
        self.blind = {
            seat for seat, bot in authority.bot_names.items()
            if thinker.blind(bot, authority.game)
        }
        """The seats whose bots choose from the legal actions alone: no view is built."""
        self._bot_task: asyncio.Task[None] | None = None
        self.drives_bots = not cluster.shared
        """Whether this process moves the bots (one process: always; several: the one
        holding the table's lease)."""

    # --- what the cluster and the lobby see ------------------------------------------------
    @property
    def status(self) -> str:
        return self.authority.status

    @property
    def has_bots(self) -> bool:
        return bool(self.authority.bot_names)

    @property
    def watched(self) -> bool:
        """Whether anyone is connected here in this process."""
        return bool(self.audience.connections)

    def presence(self) -> tuple[list[int], int]:
        return self.audience.presence()

    def heard_presence(self, origin: str, seats: list[int], watchers: int, at: float) -> None:
        self.audience.heard_presence(origin, seats, watchers, at)

    def info(self) -> dict[str, Any]:
        """The table's public facts (`Authority.info`) with everyone's connections."""
        connected, watchers = self.audience.everyone(time.monotonic())
        return self.authority.info(connected, watchers)

    # --- connections -------------------------------------------------------------------------
    async def seat_of(self, token: str | None) -> int | None:
        """The seat `token` opens (`Authority.seat_of`); a table with free seats reads its
        seats again before it refuses a token (another process may have handed one out)."""
        try:
            return self.authority.seat_of(token)
        except ProtocolError:
            if not self.authority.free:
                raise
        rows = await self.journal.run(self.journal.store.seat_rows, self.id)
        self.authority.seated(rows)
        return self.authority.seat_of(token)

    async def join(self, seat: int | None) -> Connection:
        """A new connection for `seat`, its `welcome` (the whole view) already queued; taken
        under the table's lock, so it never shows a move still being written."""
        self.authority.touched = now()
        async with self.lock:
            connection = self.audience.join(seat, self.authority.version,
                                            self.authority.view(seat))
        self.cluster.presence_changed(self)
        return connection

    def leave(self, connection: Connection) -> None:
        self.audience.leave(connection)
        self.cluster.presence_changed(self)

    # --- moves -----------------------------------------------------------------------------
    async def move(self, connection: Connection, move: Move) -> None:
        """Handle a seat's move: refuse it with a code, or apply, store, acknowledge and
        broadcast it. Nothing changes on a refusal."""
        async with self.lock:
            try:
                for _ in range(CATCH_UPS):
                    try:
                        await self._move(connection, move)
                        break
                    except Behind:  # checked again on the moves another process wrote
                        await self._catch_up()
                else:
                    raise ProtocolError("server/error")
            except ProtocolError as err:
                extra: dict[str, Any] = {"move_id": move.move_id}
                if err.code == "move/stale":
                    extra.update(view_part(connection, self.authority.view(connection.seat)))
                connection.send(error_message(err, self.authority.version, **extra))
        self.wake_bots()

    async def _move(self, connection: Connection, move: Move) -> None:
        pending = self.authority.apply(connection.seat, move)
        if isinstance(pending, Acked):  # a move id already committed: its ack again
            connection.send(ack(self.id, pending))
            return
        acked = await self._commit(pending)
        self.audience.broadcast(self.authority.version, self.authority.view, connection, acked)

    async def _commit(self, row: MoveRow) -> Acked:
        """Store the move just applied, then call it committed; on failure take it back and
        refuse it (Behind: another process wrote first)."""
        finished = self.authority.state.is_terminal
        try:
            await self.journal.write(self.id, row, finished)
        except Behind:
            self.authority.take_back()
            raise
        except Exception:
            log.exception("table %s: move %d could not be stored", self.id, row.version)
            self.authority.take_back()
            raise ProtocolError("server/error") from None
        acked = self.authority.stored(row)
        self.cluster.committed(self.id, row, finished)
        if finished:
            self.on_finished(self)
        return acked

    # --- what other processes wrote ---------------------------------------------------------
    async def heard(self, move: MoveRow) -> None:
        """A move another process committed (told through Redis): applied if it is the next
        one, else the missing moves are read from the store."""
        async with self.lock:
            if move.version <= self.authority.version or self.authority.broken:
                return
            if move.version == self.authority.version + 1:
                self._apply_stored([move])
            else:
                await self._catch_up()
        self.wake_bots()

    async def catch_up(self) -> None:
        async with self.lock:
            await self._catch_up()
        self.wake_bots()

    async def _catch_up(self) -> None:
        """Apply the moves the store holds past this state (under the lock)."""
        self._apply_stored(await self.cluster.missed(self.id, self.authority.version))

    def _apply_stored(self, rows: list[MoveRow]) -> None:
        """Apply moves another process committed (`Authority.apply_stored`); then tell this
        process's connections."""
        if self.authority.apply_stored(rows):
            if self.authority.finished:
                self.on_finished(self)
            self.audience.broadcast(self.authority.version, self.authority.view)

    # --- bots ------------------------------------------------------------------------------
    def _bot_turn(self) -> bool:
        return self.drives_bots and self.authority.bot_to_move() is not None

    def wake_bots(self) -> None:
        """Start the bots' loop if a bot is to move and it is not running."""
        if self._bot_turn() and (self._bot_task is None or self._bot_task.done()):
            self._bot_task = asyncio.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        while self._bot_turn():
            await asyncio.sleep(self.bot_pause)
            async with self.lock:  # what the bot may know, of a committed state
                choice = self._bot_choice()
                if choice is None:
                    return
                version = self.authority.version
                if choice.view is None:  # a blind bot: chosen at once, here
                    index = await self._think(choice)
                    if index is None or not await self._bot_moves(choice, index):
                        return
                    continue
            index = await self._think(choice)  # off the loop, the table unlocked
            if index is None:
                return
            async with self.lock:
                if self.authority.version != version or not self._bot_turn():
                    continue  # the table moved meanwhile (another process): think again
                if not await self._bot_moves(choice, index):
                    return

    async def _think(self, choice: Choice) -> int | None:
        """The bot's choice (its index in the legal actions): a blind bot's on the loop,
        another's from the thinker; None if the bot failed (the table is broken)."""
        try:
            return choose(choice) if choice.view is None else await self.thinker.choose(choice)
        except Exception as err:  # a bot that fails must not take the server down
            await self._bot_failed(choice.seat, err)
            return None

    async def _bot_moves(self, choice: Choice, index: int) -> bool:
        """Apply, store and tell the bot's choice (under the lock); False if the bot failed
        (the table is broken)."""
        try:
            row = self.authority.apply_bot(choice.seat, choice.legal[index])
        except Exception as err:  # a bot that fails must not take the server down
            await self._bot_failed(choice.seat, err)
            return False
        try:
            await self._commit(row)
        except Behind:  # a human's move through another process came first
            await self._catch_up()
            return True
        except ProtocolError:
            await asyncio.sleep(STORE_RETRY)  # the store failed: try again later
            return True
        self.audience.broadcast(self.authority.version, self.authority.view)
        return True

    def _bot_choice(self) -> Choice | None:
        """What the bot to move may know: its seat's view (none for a blind bot) and the
        legal actions; None if no bot is to move."""
        seat = self.authority.bot_to_move() if self.drives_bots else None
        if seat is None:
            return None
        game = self.authority.game
        view = None if seat in self.blind else self.authority.view(seat)
        return Choice(self.authority.bot_names[seat], game.name, dict(game.options), seat,
                      choice_seed(self.authority.seed, seat, self.authority.version), view,
                      self.authority.state.legal_actions())

    async def _bot_failed(self, seat: int, err: Exception) -> None:
        log.error("table %s: the bot in seat %d failed", self.id, seat, exc_info=err)
        reason = f"the bot in seat {seat} failed ({type(err).__name__})"
        self.authority.break_for(reason)
        await self.journal.run(self.journal.store.mark_broken, self.id, reason)

    def stop(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
