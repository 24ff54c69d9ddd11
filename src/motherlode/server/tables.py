"""Live tables: the one authoritative state of each game being played, its seats, its bots
and its connections.

A `LiveTable` holds the state and applies every move with the checked `State.apply`, one at a
time (an asyncio lock per table). An accepted move is written to the store before anyone is
told of it; then the mover's connection gets its `ack` and every other connection an
`update`, each carrying what that connection has not been sent of its own seat's view
(spectators `view(None)`, built once per version): the keys whose values changed and the
log's new events (`view_part`). Bots sit in their seats here and move after `bot_pause`
seconds.

The `Lobby` keeps the live tables: it makes new ones, restores unfinished ones from the store
by replaying their moves (each digest checked) and hands out the table a connection asks for.

Several processes (`motherlode serve --redis`, one PostgreSQL): each holds its own copy of
every table. A move is checked against this process's copy and written only if the table's
row, locked in the writing transaction, is still at the version it was checked at
(`Store.append_moves`); if another process wrote first, this one reads those moves (each
checked, digest and all), tells its connections, and checks the move again (a seat's move is
then stale). Each committed move is published on Redis (`bus.Bus`); the others apply it, or
read what they missed from the database. A table's bots are driven by the one process that
holds its lease (a PostgreSQL session advisory lock): the process that made or first restored
the table, and when that process dies (its connection, and so its lock, goes), the first of
the others to look again (every `LEASE_SWEEP` seconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

import orjson

import motherlode
from motherlode.bots import Blind, Bot, bot_names, make_bot, strongest_bot
from motherlode.engine import (
    Action,
    ActionSyntaxError,
    Game,
    IllegalAction,
    MotherlodeError,
    OptionError,
    State,
    View,
    check_seed,
    game_class,
)
from motherlode.sim import bot_seed

from .bus import Bus
from .protocol import PROTOCOL, Move, ProtocolError, error_message
from .store import (
    BROKEN,
    FINISHED,
    OPEN,
    MoveRow,
    SeatRow,
    Store,
    TableRow,
    Unreadable,
    Written,
    now,
)

log = logging.getLogger("motherlode.server")

T = TypeVar("T")

#: Frames a connection may have waiting; a client further behind is disconnected (it comes
#: back with a fresh welcome).
MAX_OUTBOX = 2000

#: Seconds between two looks for the leases of tables whose bots nobody drives (several
#: processes: the one that drove them may have died).
LEASE_SWEEP = 0.5

#: Seconds between two checkpoints of an SQLite store's write-ahead log.
CHECKPOINT_EVERY = 1.0

#: Seconds between two reports of this process's connections at each table to the others
#: (several processes); a report older than PRESENCE_TTL is not counted (its process died).
PRESENCE_EVERY = 5.0
PRESENCE_TTL = 3 * PRESENCE_EVERY

#: Times a move is checked again after another process wrote one first.
CATCH_UPS = 5

#: Finished tables kept in memory though nobody is connected (the others are replayed from
#: the store when asked for).
KEEP_FINISHED = 200

#: Games (rules and components) kept for their settings.
KEEP_GAMES = 64

#: What a table's id may be (the server makes them with `secrets.token_urlsafe`).
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")

#: What a move whose text the game cannot read is told (the game's own message repeats it).
UNREADABLE_ACTION = "the game cannot read that action; the view's decision lists the actions"

#: Options that name a place on the server's disk: never set over the network.
SERVER_ONLY_OPTIONS = frozenset({"data"})


def token_hash(token: str) -> str:
    """What the store keeps of a seat token (a token has 192 random bits: no salt needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def dumps(message: dict[str, Any]) -> str:
    """A message as JSON text (orjson: a tenth of `json.dumps`'s time on a view); one that
    holds a lone surrogate (which orjson refuses) as escaped ASCII, so it is still sent."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat of a table being made: a bot's name, or None for a human seat."""

    bot: str | None


@dataclass(frozen=True, slots=True)
class NewTable:
    """A table just made: its id and the token of each human seat (shown once, never kept)."""

    id: str
    tokens: dict[int, str]


@dataclass(eq=False)
class Connection:
    """One WebSocket at a table: its seat (None: a spectator) and the frames waiting to go."""

    seat: int | None
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    """Frames to send, in order; None: close, the client reads too slowly."""
    sent_log: int = 0
    """How many events of the seat's log this connection has been sent."""
    shown: dict[str, Any] = field(default_factory=dict)
    """The view (without its log) this connection was last sent: later frames carry only
    the keys whose values differ from it."""
    dropped: bool = False
    """Too far behind: nothing more is queued, the writer closes it."""

    def send(self, message: dict[str, Any]) -> None:
        if self.dropped:
            return
        if self.outbox.qsize() >= MAX_OUTBOX:
            self._drop()
            return
        self.outbox.put_nowait(dumps(message))

    def _drop(self) -> None:
        self.dropped = True
        while not self.outbox.empty():
            self.outbox.get_nowait()
        self.outbox.put_nowait(None)


class ReplayError(MotherlodeError):
    """A stored table whose moves do not replay to their stored digests."""


class Behind(Exception):
    """The store holds moves of the table this process has not applied (another process
    wrote them): catch up, then check the move again."""


def replay(game: Game, row: TableRow) -> State:
    """The state after the stored moves, each applied with the checked `apply` and its digest
    compared with the stored one; ReplayError naming the first move that does not check."""
    state = game.new_game(row.seed)
    for move in row.moves:
        _replay_move(game, state, move)
        if state.digest() != move.digest:
            raise ReplayError(f"move {move.version}'s digest differs from the stored one")
    if row.version != len(row.moves):
        raise ReplayError(f"the table says version {row.version} but holds {len(row.moves)} moves")
    return state


def _replay_move(game: Game, state: State, move: MoveRow) -> None:
    if move.version != len(state.history) + 1:
        raise ReplayError(f"move {move.version} is out of order")
    if state.current_player != move.seat:
        raise ReplayError(f"move {move.version} is by seat {move.seat}, not the one to move")
    try:
        state.apply(game.parse_action(move.action))
    except (ActionSyntaxError, IllegalAction) as err:
        raise ReplayError(f"move {move.version} is refused: {err}") from None


def public_view(view: View) -> dict[str, Any]:
    """The view without its log (an update sends the log's new events beside it)."""
    return {key: value for key, value in view.items() if key != "log"}


def view_part(connection: Connection, view: View) -> dict[str, Any]:
    """What a frame tells `connection` of `view`: in `view` the keys whose values changed
    since the view it was last sent (`gone`: keys it had that the view no longer has), in
    `events` the log's entries it has not had; the connection then counts it as sent."""
    shown = connection.shown
    changed = {
        key: value for key, value in view.items()
        if key != "log" and (key not in shown or shown[key] != value)
    }
    log = view["log"]
    part: dict[str, Any] = {"view": changed, "events": log[connection.sent_log :]}
    gone = [key for key in shown if key not in view]
    if gone:
        part["gone"] = gone
    connection.sent_log = len(log)
    connection.shown = public_view(view)
    return part


class LiveTable:
    """A table being played: the authoritative state, seats, bots and connections."""

    def __init__(
        self, lobby: Lobby, row: TableRow, game: Game, state: State, bots: dict[int, Bot]
    ) -> None:
        self.lobby = lobby
        self.id = row.id
        self.game = game
        self._views: dict[int | None, View] = {}
        self._views_at = -1
        """The version `_views` were built at (the state changes in place)."""
        self.state = state
        self.seed = row.seed
        self.seed_chosen = row.seed_chosen
        self.created_at = row.created_at
        self.bots = bots
        self.blind: dict[int, Blind] = {
            seat: bot for seat, bot in bots.items() if isinstance(bot, Blind)
        }
        """The bots that choose from the legal actions alone: no view is built for them."""
        self.bot_names = {seat.seat: seat.bot for seat in row.seats if seat.bot is not None}
        self.token_hashes = {
            seat.seat: seat.token_hash for seat in row.seats if seat.token_hash is not None
        }
        self.broken: str | None = None
        self.connections: set[Connection] = set()
        self.elsewhere: dict[str, tuple[list[int], int, float]] = {}
        """Other processes' connections here: per process, (per seat, watching, when heard)."""
        self.lock = asyncio.Lock()
        self.acks: dict[tuple[int, str], dict[str, Any]] = {
            (move.seat, move.move_id): self._ack(move.move_id, move.version, move.action)
            for move in row.moves
            if move.move_id is not None
        }
        self._bot_task: asyncio.Task[None] | None = None
        self.drives_bots = lobby.bus is None
        """Whether this process moves the bots (one process: always; several: the one
        holding the table's lease)."""
        self.committed = (self.version, self.state.current_player, self.state.is_terminal)
        """What the store holds: the version, who is to move then, whether it is over (what
        `info` tells, never a move still being written)."""

    # --- the state and its views ---------------------------------------------------------
    @property
    def state(self) -> State:
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        self._state = state
        self._views.clear()

    def view(self, seat: int | None) -> View:
        """`state.view(seat)`, built once per version for all who need it (the seat's
        connections, a bot that reads its view)."""
        if self._views_at != self.version:
            self._views.clear()
            self._views_at = self.version
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    # --- who is here -----------------------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.state.history)

    @property
    def status(self) -> str:
        return BROKEN if self.broken else FINISHED if self.committed[2] else OPEN

    def seat_of(self, token: str | None) -> int | None:
        """The seat `token` opens (None: no token, a spectator); seat/bad-token if none."""
        if token is None:
            return None
        digest = token_hash(token)
        for seat, stored in self.token_hashes.items():
            if hmac.compare_digest(stored, digest):
                return seat
        raise ProtocolError("seat/bad-token")

    async def join(self, seat: int | None) -> Connection:
        """A new connection for `seat`, its `welcome` (the whole view) already queued; taken
        under the table's lock, so it never shows a move still being written."""
        async with self.lock:
            connection = self._join(seat)
        self.lobby.presence_changed(self)
        return connection

    def _join(self, seat: int | None) -> Connection:
        connection = Connection(seat)
        view = self.view(seat)
        connection.sent_log = len(view["log"])
        connection.shown = public_view(view)
        connection.send(
            {
                "type": "welcome",
                "protocol": PROTOCOL,
                "table": self.id,
                "seat": seat,
                "version": self.version,
                "view": view,
            }
        )
        self.connections.add(connection)
        return connection

    def leave(self, connection: Connection) -> None:
        self.connections.discard(connection)
        self.lobby.presence_changed(self)

    def presence(self) -> tuple[list[int], int]:
        """This process's connections: how many at each seat, and how many watch."""
        seats = [0] * self.game.num_players
        watchers = 0
        for connection in self.connections:
            if connection.seat is None:
                watchers += 1
            else:
                seats[connection.seat] += 1
        return seats, watchers

    def heard_presence(self, origin: str, seats: list[int], watchers: int, at: float) -> None:
        """Another process's connections here (several processes)."""
        if any(seats) or watchers:
            self.elsewhere[origin] = (seats, watchers, at)
        else:
            self.elsewhere.pop(origin, None)

    def everyone(self, now: float) -> tuple[list[int], int]:
        """The connections of every process: this one's and the others' latest reports."""
        seats, watchers = self.presence()
        for origin, (there, watching, at) in list(self.elsewhere.items()):
            if now - at > PRESENCE_TTL:
                del self.elsewhere[origin]
                continue
            seats = [here + count for here, count in zip(seats, there, strict=False)]
            watchers += watching
        return seats, watchers

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
                    extra.update(self._view_part(connection))
                connection.send(error_message(err, self.version, **extra))
        self.wake_bots()

    async def _move(self, connection: Connection, move: Move) -> None:
        seat = connection.seat
        if seat is None:
            raise ProtocolError("seat/not-yours", "a spectator makes no moves")
        if move.move_id is not None and (seat, move.move_id) in self.acks:
            connection.send(self.acks[seat, move.move_id])
            return
        if self.broken:
            raise ProtocolError("table/broken")
        if move.version != self.version:
            raise ProtocolError("move/stale")
        if self.state.current_player != seat:
            raise ProtocolError("seat/not-yours")
        try:
            action = self.game.parse_action(move.action)
            self.state.apply(action)
        except ActionSyntaxError:  # its message repeats the text sent: never echoed
            raise ProtocolError("move/illegal", UNREADABLE_ACTION) from None
        except IllegalAction as err:  # about the action as the game reads it
            raise ProtocolError("move/illegal", str(err)) from None
        except Exception:  # a fault in the game's code: the state is rebuilt from its moves
            log.exception("table %s: the game failed on a move of seat %d", self.id, seat)
            self.state = self._rebuilt(self.state.history)
            raise ProtocolError("server/error") from None
        ack = await self._commit(seat, action, move.move_id)
        self._broadcast(connection, ack)

    async def _commit(self, seat: int, action: Action, move_id: str | None) -> dict[str, Any]:
        """Store the move just applied; on failure take it back and refuse it."""
        version = self.version
        row = MoveRow(version, seat, str(action), move_id, self.state.digest())
        try:
            await self.lobby.writer.write(self.id, row, self.state.is_terminal)
        except Behind:
            self.state = self._rebuilt(self.state.history[:-1])
            raise
        except Exception:
            log.exception("table %s: move %d could not be stored", self.id, version)
            self.state = self._rebuilt(self.state.history[:-1])
            raise ProtocolError("server/error") from None
        self._stored()
        ack = self._ack(move_id, version, row.action)
        if move_id is not None:
            self.acks[seat, move_id] = ack
        return ack

    # --- what other processes wrote ---------------------------------------------------------
    async def heard(self, move: MoveRow) -> None:
        """A move another process committed (told through Redis): applied if it is the next
        one, else the missing moves are read from the store."""
        async with self.lock:
            if move.version <= self.version or self.broken:
                return
            if move.version == self.version + 1:
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
        _, _, rows = await self.lobby.run(self.lobby.store.moves_after, self.id, self.version)
        self._apply_stored(rows)

    def _apply_stored(self, rows: list[MoveRow]) -> None:
        """Apply moves another process committed, each checked as on a restore (its order,
        seat, legality and digest); then tell this process's connections."""
        if not rows:
            return
        for row in rows:
            before = len(self.state.history)
            try:
                _replay_move(self.game, self.state, row)
                if self.state.digest() != row.digest:
                    raise ReplayError(f"move {row.version}'s digest differs from the stored one")
            except ReplayError as err:  # the processes disagree: this one serves it no more
                log.error("table %s: a move of another process does not check: %s", self.id,
                          err)
                self.state = self._rebuilt(self.state.history[:before])
                self.broken = str(err)
                break
            if row.move_id is not None:
                self.acks[row.seat, row.move_id] = self._ack(row.move_id, row.version,
                                                             row.action)
        self._stored()
        self._broadcast()

    def _stored(self) -> None:
        """The state is what the store holds: `committed` says so; a game just over is
        handed to the lobby, which keeps only the latest finished tables in memory."""
        self.committed = (self.version, self.state.current_player, self.state.is_terminal)
        if self.state.is_terminal:
            self.lobby.finished(self)

    def _rebuilt(self, history: list[Action]) -> State:
        """The state after `history` (moves already checked once), made anew."""
        state = self.game.new_game(self.seed)
        for action in list(history):
            state.apply_unchecked(action)
        return state

    def _ack(self, move_id: str | None, version: int, action: str) -> dict[str, Any]:
        return {"type": "ack", "table": self.id, "move_id": move_id, "version": version,
                "action": action}

    def _view_part(self, connection: Connection) -> dict[str, Any]:
        """What the connection has not been sent of its seat's view (`view_part`)."""
        return view_part(connection, self.view(connection.seat))

    def _broadcast(
        self, mover: Connection | None = None, ack: dict[str, Any] | None = None
    ) -> None:
        """Tell every connection of the move just made: the mover's connection in its `ack`,
        every other in an `update`."""
        update = {"type": "update", "table": self.id, "version": self.version}
        for connection in list(self.connections):
            head = ack if connection is mover and ack is not None else update
            connection.send({**head, **self._view_part(connection)})

    # --- bots ------------------------------------------------------------------------------
    def _bot_turn(self) -> bool:
        return self.drives_bots and not self.broken and self.state.current_player in self.bots

    def wake_bots(self) -> None:
        """Start the bots' loop if a bot is to move and it is not running."""
        if self._bot_turn() and (self._bot_task is None or self._bot_task.done()):
            self._bot_task = asyncio.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        while self._bot_turn():
            await asyncio.sleep(self.lobby.bot_pause)
            async with self.lock:
                seat = self.state.current_player
                if seat is None or not self._bot_turn():
                    return
                try:
                    action = self._bot_choice(seat)
                    self.state.apply(action)
                except Exception as err:  # a bot that fails must not take the server down
                    log.exception("table %s: the bot in seat %d failed", self.id, seat)
                    self.broken = f"the bot in seat {seat} failed ({type(err).__name__})"
                    await self.lobby.run(self.lobby.store.mark_broken, self.id, self.broken)
                    return
                try:
                    await self._commit(seat, action, None)
                except Behind:  # a human's move through another process came first
                    await self._catch_up()
                    continue
                except ProtocolError:
                    await asyncio.sleep(1.0)  # the store failed: try again later
                    continue
                self._broadcast()

    def _bot_choice(self, seat: int) -> Action:
        """The bot's action from its seat's view (none built for a blind bot)."""
        legal = self.state.legal_actions()
        blind = self.blind.get(seat)
        if blind is not None:
            return blind.choose_blind(legal)
        return self.bots[seat].choose(self.view(seat), legal)

    def stop(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()

    # --- what anyone may know ----------------------------------------------------------------
    def info(self) -> dict[str, Any]:
        """The table's public facts: no seed, no token, nothing of any hand."""
        seats: list[dict[str, Any]] = []
        connected, watchers = self.everyone(time.monotonic())
        for seat in range(self.game.num_players):
            if seat in self.bot_names:
                seats.append({"seat": seat, "kind": "bot", "bot": self.bot_names[seat]})
            else:
                seats.append({"seat": seat, "kind": "human", "connected": connected[seat]})
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.game.num_players,
            "options": dict(self.game.options),
            "seats": seats,
            "version": self.committed[0],
            "status": self.status,
            "current_player": None if self.broken else self.committed[1],
            "spectators": watchers,
            "seed_chosen": self.seed_chosen,
            "created_at": self.created_at.isoformat(),
        }


class MoveWriter:
    """Group commit: the moves accepted while the store is busy are written together, in one
    transaction, and each waits for its own to be committed. A table has at most one move
    waiting (its lock), so a batch holds each table once or in order."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.waiting: list[tuple[str, MoveRow, bool, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None

    async def write(self, table_id: str, move: MoveRow, finished: bool) -> None:
        """Return once the move is committed; the store's exception if it could not be."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((table_id, move, finished, done))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain())
        await done

    async def _drain(self) -> None:
        while self.waiting:
            batch, self.waiting = self.waiting, []
            try:
                written = await self.lobby.write_moves([(t, m, f) for t, m, f, _ in batch])
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
            if self.lobby.bus is not None:  # the other processes hear of it after the mover
                await self.lobby.bus.publish_moves(
                    [(t, m, f) for t, m, f, _ in batch
                     if t not in written.behind and t not in written.failed]
                )


class Lobby:
    """The live tables of this server process, and the store they are kept in."""

    def __init__(self, store: Store, bot_pause: float, bus: Bus | None = None) -> None:
        self.store = store
        self.bot_pause = bot_pause
        self.bus = bus
        """Redis, when several processes share the database (then the store is PostgreSQL)."""
        self._sweeper: asyncio.Task[None] | None = None
        self._checkpointer: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.tables: dict[str, LiveTable] = {}
        self._finished: dict[str, None] = {}
        """The finished tables in memory, oldest first (at most KEEP_FINISHED of them that
        nobody is connected to; the others are restored from the store when asked for)."""
        self._games: dict[tuple[str, bytes], Game] = {}
        """Games by name and options: a game holds only its rules and components, so the
        tables that play it share one (making one costs milliseconds)."""
        self.refused: set[str] = set()
        """The tables that are not served (marked broken, or their moves did not replay)."""
        self.unreadable: set[str] = set()
        """The tables the database cannot read (a damaged page): not served either."""
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="motherlode-db")
        self._writes = ThreadPoolExecutor(max_workers=1, thread_name_prefix="motherlode-moves")
        self.writer = MoveWriter(self)
        self._loading = asyncio.Lock()

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """Call the (synchronous) store: in its own thread, or at once where the store says
        its writes never wait on the disk (`Store.inline`: SQLite)."""
        if self.store.inline:
            return function(*args)
        return await self.in_thread(function, *args)

    async def write_moves(self, batch: list[tuple[str, MoveRow, bool]]) -> Written:
        """`Store.write_batch` (see `run`), in a thread of its own: a batch never waits
        behind the other calls (PostgreSQL: a table made is a commit and a sync too)."""
        if self.store.inline:
            return self.store.write_batch(batch)
        return await self.in_thread(self.store.write_batch, batch, executor=self._writes)

    async def in_thread(self, function: Callable[..., T], *args: Any,
                        executor: ThreadPoolExecutor | None = None) -> T:
        """Call `function` in the store's thread (or `executor`'s)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(executor or self._executor, function, *args)

    async def _checkpoints(self) -> None:
        """SQLite: now and then, the write-ahead log is copied into the database file (the
        part that syncs the disk), in the store's thread."""
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY)
            try:
                await self.in_thread(self.store.checkpoint)
            except Exception:  # the next one tries again
                log.exception("the database could not be checkpointed")

    async def start(self) -> None:
        """Migrate the schema, then restore every unfinished table (with other processes:
        having first subscribed to what they do, so nothing written after the restore is
        missed)."""
        await self.run(self.store.migrate)
        if self.bus is not None:
            await self.bus.start(self.heard, self.resync, self.heard_presence)
        listed, lost = await self.run(self.store.listing)
        if lost:
            log.error("%d rows of the tables' list cannot be read (a damaged database)", lost)
        for table_id in [row.id for row in listed if row.status == OPEN]:
            with contextlib.suppress(ProtocolError):  # refused: logged (marked broken)
                await self.get(table_id)
        log.info("restored %d tables (%d refused, %d unreadable%s)", len(self.tables),
                 len(self.refused), len(self.unreadable),
                 "".join(f" {table_id}" for table_id in sorted(self.unreadable)))
        if self.bus is not None:
            self._sweeper = asyncio.create_task(self._sweep())
        if self.store.inline:
            self._checkpointer = asyncio.create_task(self._checkpoints())

    async def close(self) -> None:
        for task in (self._sweeper, self._checkpointer):
            if task is not None:
                task.cancel()
        for table in self.tables.values():
            table.stop()
        if self.bus is not None:
            await self.bus.close()
        self._writes.shutdown(wait=True)
        self._executor.shutdown(wait=True)
        self.store.close()

    # --- several processes ---------------------------------------------------------------
    async def heard(self, table_id: str, move: MoveRow | None, _finished: bool) -> None:
        """Another process made a table or committed a move: the live table takes it, a
        table not in memory is restored (with it)."""
        if table_id in self.refused:
            return
        try:  # restored if need be (then maybe read before the move was committed)
            table = await self.get(table_id)
        except ProtocolError:
            return
        if move is not None:
            await table.heard(move)

    def heard_presence(self, origin: str, table_id: str, seats: list[int],
                       watchers: int) -> None:
        """Another process's connections at a table (kept if the table is in memory here; a
        table restored later hears them at the next report)."""
        table = self.tables.get(table_id)
        if table is not None:
            table.heard_presence(origin, seats, watchers, time.monotonic())

    def presence_changed(self, table: LiveTable) -> None:
        """A connection came or went: the other processes hear of it (several processes)."""
        if self.bus is not None:
            seats, watchers = table.presence()
            self._background(self.bus.publish_presence([(table.id, seats, watchers)]))

    def _background(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)  # kept until done (the loop holds tasks weakly)
        task.add_done_callback(self._tasks.discard)

    async def _report_presence(self) -> None:
        """Every PRESENCE_EVERY seconds: this process's connections at each table it has
        any, so the others' counts stay fresh (and lapse when this process dies)."""
        assert self.bus is not None
        counts = []
        for table in list(self.tables.values()):
            if table.connections:
                seats, watchers = table.presence()
                counts.append((table.id, seats, watchers))
        if counts:
            await self.bus.publish_presence(counts)

    async def resync(self) -> None:
        """After Redis was out of reach: every live table reads what it missed."""
        for table in list(self.tables.values()):
            if table.status == OPEN:
                await table.catch_up()

    async def _claim(self, table: LiveTable) -> None:
        """Take the table's lease if its bots are driven by nobody (several processes)."""
        await self._claim_all([table])

    async def _claim_all(self, candidates: list[LiveTable]) -> None:
        wanted = [t for t in candidates if t.bots and not t.drives_bots and t.status == OPEN]
        if not wanted:
            return
        taken = await self.run(self.store.take_leases, [t.id for t in wanted])
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
                for table in list(self.tables.values()):
                    if table.drives_bots and table.status != OPEN:
                        table.drives_bots = False
                        await self.run(self.store.drop_lease, table.id)
                await self._claim_all(list(self.tables.values()))
            except Exception:  # the database is away: try again at the next sweep
                log.exception("the bots' leases could not be checked")

    def finished(self, table: LiveTable) -> None:
        """`table`'s game is over: the oldest finished tables nobody watches are let go."""
        self._finished[table.id] = None
        for table_id in list(self._finished)[: max(0, len(self._finished) - KEEP_FINISHED)]:
            old = self.tables.get(table_id)
            if old is None or not old.connections:
                self.tables.pop(table_id, None)
                del self._finished[table_id]

    def load(self, name: str, options: dict[str, Any]) -> Game:
        """The game `name` with `options` (OptionError if refused), one per settings."""
        key = (name, orjson.dumps(options, option=orjson.OPT_SORT_KEYS))
        game = self._games.get(key)
        if game is None:
            if len(self._games) >= KEEP_GAMES:
                self._games.clear()
            game = self._games[key] = motherlode.load(name, **options)
        return game

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
            row = await self.run(self.store.load, table_id)
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
            game = self.load(row.game, row.options)
            # in a thread: a long game's replay (tens of ms) never holds up other tables
            state = await self.in_thread(replay, game, row)
            bots = self._bots(game, row.seed, row.seats)
        except MotherlodeError as err:
            log.error("table %s is not served: %s", table_id, err)
            self.refused.add(table_id)
            if isinstance(err, ReplayError):  # marked only when its moves truly do not check
                await self.run(self.store.mark_broken, table_id, str(err))
            raise ProtocolError("table/broken") from None
        table = self.tables[table_id] = LiveTable(self, row, game, state, bots)
        if state.is_terminal:
            self.finished(table)
        if self.bus is not None:
            await self._claim(table)
        table.wake_bots()
        return table

    @staticmethod
    def _bots(game: Game, seed: int, seats: tuple[SeatRow, ...]) -> dict[int, Bot]:
        return {
            seat.seat: make_bot(seat.bot, game, seat.seat, bot_seed(seed, seat.seat))
            for seat in seats
            if seat.bot is not None
        }

    async def create(
        self,
        game_name: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[SeatSpec] | None,
        seed: int | None,
    ) -> NewTable:
        """Make a table; table/bad-options with the reason if the settings are refused."""
        game = self._game(game_name, players, options, seats)
        specs = seats if seats is not None else self._default_seats(game)
        chosen = seed is not None
        try:
            seed = secrets.randbelow(2**63) if seed is None else check_seed(seed)
            rows = self._seat_rows(game, specs)
            bots = self._bots(game, seed, tuple(row for row, _ in rows))
        except OptionError as err:
            raise ProtocolError("table/bad-options", str(err)) from None
        table_id = secrets.token_urlsafe(9)
        seat_rows = [row for row, _ in rows]
        await self.run(self.store.create_table, table_id, game.name, dict(game.options), seed,
                       seat_rows, chosen)
        row = TableRow(table_id, game.name, dict(game.options), seed, chosen, OPEN, 0, None,
                       now(), tuple(seat_rows), ())
        table = self.tables[table_id] = LiveTable(self, row, game, game.new_game(seed), bots)
        if self.bus is not None:
            await self._claim(table)
            await self.bus.publish_created(table_id)
        table.wake_bots()
        return NewTable(table_id, {row.seat: token for row, token in rows if token is not None})

    def _game(
        self, name: str, players: int | None, options: dict[str, Any], seats: list[SeatSpec] | None
    ) -> Game:
        if name not in motherlode.games():
            raise ProtocolError("table/bad-options", f"no game is called {name!r}")
        refused = sorted(SERVER_ONLY_OPTIONS.intersection(options))
        if refused:
            raise ProtocolError(
                "table/bad-options", f"option {refused[0]} can be set only on the server"
            )
        if "players" in options:
            raise ProtocolError("table/bad-options", "give players beside the options")
        if players is None and seats is not None:
            players = len(seats)
        settings = dict(options) if players is None else {**options, "players": players}
        try:
            game = self.load(name, settings)
        except OptionError as err:
            raise ProtocolError("table/bad-options", str(err)) from None
        if seats is not None and len(seats) != game.num_players:
            raise ProtocolError(
                "table/bad-options",
                f"{len(seats)} seats given for {game.num_players} players",
            )
        return game

    @staticmethod
    def _default_seats(game: Game) -> list[SeatSpec]:
        """A human in seat 0, the game's strongest bot in every other."""
        strongest = strongest_bot(game.name)
        return [SeatSpec(None), *(SeatSpec(strongest) for _ in range(game.num_players - 1))]

    @staticmethod
    def _seat_rows(game: Game, specs: list[SeatSpec]) -> list[tuple[SeatRow, str | None]]:
        rows: list[tuple[SeatRow, str | None]] = []
        for seat, spec in enumerate(specs):
            if spec.bot is not None:
                rows.append((SeatRow(seat, spec.bot, None), None))
            else:
                token = secrets.token_urlsafe(24)
                rows.append((SeatRow(seat, None, token_hash(token)), token))
        return rows

    @staticmethod
    def games() -> list[dict[str, Any]]:
        """What a lobby offers: each game, its player counts, the options a table may set
        (not those that name a place on the server) and the bots that play it."""
        offered = []
        for name in motherlode.games():
            cls = game_class(name)
            options = [
                {"name": spec.name, "kind": spec.kind.__name__, "default": spec.default,
                 "choices": None if spec.choices is None else list(spec.choices),
                 "minimum": spec.minimum, "maximum": spec.maximum, "help": spec.help}
                for spec in cls.option_specs()
                if spec.name not in SERVER_ONLY_OPTIONS and spec.name != "players"
            ]
            offered.append({
                "game": name, "title": cls.title, "summary": " ".join(cls.summary.split()),
                "min_players": cls.min_players, "max_players": cls.max_players,
                "default_players": cls.default_players, "options": options,
                "bots": bot_names(name), "strongest_bot": strongest_bot(name),
            })
        return offered

    def open_tables(self) -> list[dict[str, Any]]:
        return [table.info() for table in self.tables.values() if table.status == OPEN]
