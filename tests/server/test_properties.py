"""Property-based tests of the web table (Hypothesis, stateful; issue 18, point 4).

A `RuleBasedStateMachine` plays tables of the four games through the server's PUBLIC protocol
only (HTTP and the WebSocket of docs/protocol.md, the server a child process), in random
interleavings of: legal moves, moves at a stale version, moves from the wrong seat, moves the
game refuses, repeated move ids (with another action and version: the same ack again), move
ids the protocol refuses, pings, reconnects, and restarts of the server (SIGTERM or kill -9, a
new process on the same database). A second machine runs two processes on one PostgreSQL
bridged by Redis, connections on either, and restarts one while the other plays on.

After every step it checks, against the stored rows (read with plain SQL, so a refactor of the
server's classes does not touch these tests) and the engine:

* every acknowledged move is stored, at the version its ack named, with its seat and action;
* the stored moves replay with the checked `apply` to the digests stored beside them;
* no such (healthy) table is marked broken or refused (HTTP 410, close 4410) by any process;
* every open connection's view, rebuilt from its frames as docs/protocol.md says (the welcome's
  whole view, then each frame's changed keys, `gone` and `events`), is exactly
  `State.view(seat)` of the replayed state at the stored version.

The runs are kept short for the fast tier (`settings` below); the long profile is marked slow
(`make test` runs it, `pytest -m 'not slow'` leaves it out) with `LONG_EXAMPLES` examples, 10
unless the environment says otherwise: `MOTHERLODE_LONG_EXAMPLES=150 pytest -m slow
tests/server/test_properties.py` is the hunt of issue 18 (about 20 minutes of wall time on a
busy 2-core machine, 2026-12-02). Faults these tests find in the server are marked
`xfail(strict=True)` with the fault, so the mark has to go when the fault is fixed.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import threading
import uuid
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
import sqlalchemy
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from websockets.exceptions import ConnectionClosed

import motherlode
from motherlode.engine import State
from motherlode.engine.decision import actions_of
from motherlode.engine.frames import merged_view

from .conftest import LiveServer, Postgres, Redis, Socket, as_json

#: The games and player counts the machines deal (every game, all seats human).
GAMES = {"digitup": 2, "paydirt": 2, "payday": 2, "saboteur": 3}
#: Seconds a connection may take to hear of a stored move (through Redis, from the other
#: process, included).
CATCH_UP = 10.0
#: Restarts in one run of a machine (each costs a process start, about a second).
RESTARTS = 1

#: Move ids the protocol refuses (`move_id`: 1..64 characters): `request/malformed`.
MALFORMED_IDS = st.one_of(
    st.just(""),
    st.text(min_size=65, max_size=80, alphabet="abcdef0123456789"),
    st.integers(),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=1),
    st.booleans(),
)
#: Move ids a database may not store: NUL (PostgreSQL refuses it in text), lone surrogates
#: (no UTF-8 for them), control characters. Whatever the server does with them, it answers
#: with a frame (an ack, or an error with its code), keeps the connection and the table, and
#: never fails another move (issue 18, faults 2 and 5).
ODD_IDS = st.one_of(
    st.sampled_from(["\x00", "a\x00b", "\ud800", "x\udfff", "\x07\x1b", "\u2028", "é" * 64]),
    st.text(min_size=1, max_size=8,
            alphabet=st.characters(codec=None, categories=["Cs", "Cc"])),
)

SHORT = settings(max_examples=8, stateful_step_count=12, deadline=None,
                 suppress_health_check=list(HealthCheck))
#: For the machines that hunt issue 18's faults (odd move ids, a restore while the other
#: process plays): no shrinking, which would replay the steps many times against the servers.
FAULT = settings(SHORT, phases=[Phase.explicit, Phase.reuse, Phase.generate])
#: The long profile's examples. 10 runs of 40 steps (400 steps, against the short profile's
#: 8 x 12) keep `make test` within its 10 minutes on 2 cores: at 20 the two long runs were
#: 50-65 s each on a slow day (2026-12-03), the two slowest tests of the suite. Under CI=true
#: Hypothesis derandomizes, so the extra 10 were the same fixed runs every time, not a
#: wider search; the hunt is `MOTHERLODE_LONG_EXAMPLES=150` (module docstring).
LONG_EXAMPLES = int(os.environ.get("MOTHERLODE_LONG_EXAMPLES", "10"))
LONG = settings(max_examples=LONG_EXAMPLES, stateful_step_count=40, deadline=None,
                suppress_health_check=list(HealthCheck))


# --- the stored rows, read with plain SQL ---------------------------------------------------
@dataclasses.dataclass(frozen=True)
class StoredMove:
    version: int
    seat: int
    action: str
    move_id: str | None
    digest: str


def read_table(db: sqlalchemy.Engine, table_id: str) -> tuple[str, list[StoredMove]]:
    """The table's stored status and moves (in version order)."""
    with db.connect() as connection:
        status = connection.execute(sqlalchemy.text("SELECT status FROM tables WHERE id = :id"),
                                    {"id": table_id}).scalar_one()
        rows = connection.execute(sqlalchemy.text(
            "SELECT version, seat, action, move_id, digest FROM moves WHERE table_id = :id "
            "ORDER BY version"), {"id": table_id})
        return str(status), [StoredMove(*row) for row in rows]


# --- the model ------------------------------------------------------------------------------
@dataclasses.dataclass
class Table:
    """A table as the tests know it: its tokens, the acks its clients had, and the engine's
    state replayed from its stored moves."""

    id: str
    game: str
    tokens: list[str]
    state: State
    acked: dict[Any, tuple[int, int, str]] = dataclasses.field(default_factory=dict)
    """move_id -> (version, seat, action) of every ack a client had."""
    acks: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)
    """move_id -> the ack itself, without the view it brought."""
    moves: int = 0
    """Stored moves replayed into `state`."""


class Connection:
    """One WebSocket to one process: its seat and the view its frames built."""

    def __init__(self, table: Table, seat: int | None, server: int, socket: Socket) -> None:
        self.table = table
        self.seat = seat
        self.server = server
        self.socket = socket
        self.view: dict[str, Any] = {}
        self.version = -1

    def take(self, frame: dict[str, Any]) -> dict[str, Any]:
        """Keep what the frame changes of the view (docs/protocol.md, "The view")."""
        if "view" in frame:
            self.view = merged_view(self.view, frame)
            self.version = frame["version"]
        return frame

    def receive(self, timeout: float = CATCH_UP) -> dict[str, Any]:
        return self.take(self.socket.receive(timeout))

    def answer_to(self, move_id: Any, refused_unnamed: bool = False) -> dict[str, Any]:
        """Frames until the one that answers the move `move_id` (updates of others kept); with
        `refused_unnamed`, an error that names no move answers it too."""
        while True:
            frame = self.receive()
            if frame["type"] in ("ack", "error") and frame.get("move_id") == move_id:
                return frame
            if refused_unnamed and frame["type"] == "error" and "move_id" not in frame:
                return frame

    def next_error(self) -> dict[str, Any]:
        while True:
            frame = self.receive()
            if frame["type"] == "error":
                return frame

    def catch_up(self, version: int) -> None:
        while self.version < version:
            self.receive()
        assert self.version == version, (self.version, version)


def move(action: str, version: int, move_id: Any) -> dict[str, Any]:
    return {"type": "move", "action": action, "version": version, "move_id": move_id}


class WebTable(RuleBasedStateMachine):
    """The rules and checks; the servers come from a subclass (`servers`, `db_url`)."""

    servers: ClassVar[list[LiveServer]]
    db: ClassVar[sqlalchemy.Engine]
    odd_ids: ClassVar[str | None] = None
    """If not None, the machine sends this move id first, then others of `ODD_IDS` (faults
    issue 18 found: the server must refuse them with `request/malformed`)."""
    restore_while_playing: ClassVar[bool] = False
    """Whether a process restarts while the other plays (two processes only)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[Table] = []
        self.connections: list[Connection] = []
        self.restarts = 0

    # --- helpers ----------------------------------------------------------------------------
    def open(self, table: Table, seat: int | None, server: int) -> Connection:
        socket = self.servers[server].ws(table.id)
        connection = Connection(table, seat, server, socket)
        welcome = connection.take(socket.hello(None if seat is None else table.tokens[seat]))
        assert welcome["type"] == "welcome", welcome
        self.connections.append(connection)
        return connection

    def seat_of(self, table: Table, seat: int, server: int) -> Connection:
        """A connection of `seat` at `table` (one opened on `server` if it has none)."""
        for connection in self.connections:
            if connection.table is table and connection.seat == seat:
                return connection
        return self.open(table, seat, server)

    def refresh(self, table: Table) -> None:
        """Replay the table's new stored moves (each digest checked) into the model's state."""
        status, moves = read_table(self.db, table.id)
        assert status != "broken", f"table {table.id} marked broken; its moves replay"
        game = table.state.game
        for stored in moves[table.moves:]:
            table.state.apply(game.parse_action(stored.action))
            assert table.state.digest() == stored.digest, (table.id, stored.version)
            table.moves += 1
        assert table.moves == len(moves)
        by_id = {m.move_id: m for m in moves if m.move_id is not None}
        for move_id, (version, seat, action) in table.acked.items():
            stored = by_id.get(move_id)
            assert stored is not None, f"acknowledged move {move_id} is not stored"
            assert (stored.version, stored.seat, stored.action) == (version, seat, action)

    def acknowledged(self, connection: Connection, action: str, ack: dict[str, Any]) -> None:
        """Keep the ack (the move must be stored as it says), and replay the stored moves."""
        assert connection.seat is not None
        connection.table.acked[ack["move_id"]] = (ack["version"], connection.seat, action)
        connection.table.acks[ack["move_id"]] = {
            key: ack[key] for key in ("type", "table", "move_id", "version", "action")}
        self.refresh(connection.table)

    def mover(self, data: st.DataObject) -> Connection | None:
        """A connection (opened if need be) of the seat whose turn it is at a live table."""
        live = [t for t in self.tables if not t.state.is_terminal]
        if not live:
            return None
        table = data.draw(st.sampled_from(live), label="table")
        seat = table.state.current_player
        assert seat is not None
        server = data.draw(st.integers(0, len(self.servers) - 1), label="server")
        connection = self.seat_of(table, seat, server)
        connection.catch_up(table.moves)
        return connection

    # --- rules ------------------------------------------------------------------------------
    @initialize()
    def first_table(self) -> None:
        table = self.make_table("digitup", 1)
        self.tables.append(table)
        if self.odd_ids is not None:
            self.send_odd(self.seat_of(table, 0, 0), self.odd_ids)

    @precondition(lambda self: len(self.tables) < 3)
    @rule(game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**63 - 1))
    def new_table(self, game: str, seed: int) -> None:
        self.tables.append(self.make_table(game, seed))

    def make_table(self, game: str, seed: int) -> Table:
        players = GAMES[game]
        made = self.servers[0].post("api/tables", {
            "game": game, "players": players, "seed": seed,
            "seats": [{"human": True}] * players})
        engine = motherlode.load(game, players=players)
        return Table(made["id"], game, [seat["token"] for seat in made["seats"]],
                     engine.new_game(seed))

    @rule(data=st.data(), choice=st.integers(0, 10**6))
    def legal_move(self, data: st.DataObject, choice: int) -> None:
        connection = self.mover(data)
        if connection is not None:
            self.play(connection, choice)

    def play(self, connection: Connection, choice: int) -> None:
        """The connection's seat makes its `choice`th legal move: acknowledged and stored."""
        table = connection.table
        connection.catch_up(table.moves)
        actions = actions_of(connection.view["decision"])
        action, move_id = actions[choice % len(actions)], uuid.uuid4().hex
        connection.socket.send(move(action, table.moves, move_id))
        ack = connection.answer_to(move_id)
        assert ack["type"] == "ack", ack
        assert ack["version"] == table.moves + 1 and ack["action"] == action
        self.acknowledged(connection, action, ack)

    @rule(data=st.data(), offset=st.sampled_from([-3, -2, -1, 1, 2, 7]))
    def stale_move(self, data: st.DataObject, offset: int) -> None:
        connection = self.mover(data)
        if connection is None or connection.table.moves + offset < 0:
            return
        version, move_id = connection.table.moves + offset, uuid.uuid4().hex
        action = actions_of(connection.view["decision"])[0]
        connection.socket.send(move(action, version, move_id))
        refused = connection.answer_to(move_id)
        assert (refused["type"], refused["code"]) == ("error", "move/stale"), refused
        assert refused["version"] == connection.table.moves

    @rule(data=st.data())
    def move_out_of_turn(self, data: st.DataObject) -> None:
        connection = self.mover(data)
        if connection is None:
            return
        table = connection.table
        others = [s for s in range(len(table.tokens)) if s != table.state.current_player]
        seat = data.draw(st.sampled_from(others), label="seat")
        other = self.seat_of(table, seat, connection.server)
        other.catch_up(table.moves)
        move_id = uuid.uuid4().hex
        other.socket.send(move(actions_of(connection.view["decision"])[0], table.moves,
                               move_id))
        refused = other.answer_to(move_id)
        assert (refused["type"], refused["code"]) == ("error", "seat/not-yours"), refused

    @rule(data=st.data(), text=st.sampled_from(["dig nowhere", "", "keep", "pass pass 99"]))
    def move_the_game_refuses(self, data: st.DataObject, text: str) -> None:
        connection = self.mover(data)
        if connection is None or text in actions_of(connection.view["decision"]):
            return
        move_id = uuid.uuid4().hex
        connection.socket.send(move(text, connection.table.moves, move_id))
        refused = connection.answer_to(move_id, refused_unnamed=True)
        assert refused["type"] == "error", refused
        assert refused["code"] in ("move/illegal", "request/malformed"), refused

    @rule(data=st.data(), version=st.integers(0, 50), action=st.sampled_from(["x", "pass"]))
    def repeated_move_id(self, data: st.DataObject, version: int, action: str) -> None:
        """A move id this seat had acknowledged: the same ack again, whatever comes with it."""
        acked = [(t, move_id) for t in self.tables for move_id in t.acked]
        if not acked:
            return
        table, move_id = data.draw(st.sampled_from(acked), label="acked move")
        server = data.draw(st.integers(0, len(self.servers) - 1), label="server")
        connection = self.seat_of(table, table.acked[move_id][1], server)
        connection.socket.send(move(action, version, move_id))
        again = connection.answer_to(move_id)
        assert again == table.acks[move_id], (again, table.acks[move_id])

    @rule(data=st.data(), move_id=MALFORMED_IDS)
    def malformed_move_id(self, data: st.DataObject, move_id: Any) -> None:
        connection = self.mover(data)
        if connection is None:
            return
        action = actions_of(connection.view["decision"])[0]
        connection.socket.send(move(action, connection.table.moves, move_id))
        refused = connection.next_error()
        assert refused["code"] == "request/malformed", refused
        assert "move_id" not in refused  # what was sent is not echoed
        self.pong(connection)  # the connection goes on

    @precondition(lambda self: self.odd_ids is not None)
    @rule(data=st.data(), move_id=ODD_IDS)
    def odd_move_id(self, data: st.DataObject, move_id: str) -> None:
        connection = self.mover(data)
        if connection is not None:
            self.send_odd(connection, move_id)

    def send_odd(self, connection: Connection, move_id: str) -> None:
        """The move with an id a database may not store: an ack (then it is kept as any) or
        a refusal with its code, and the connection goes on."""
        table = connection.table
        action = actions_of(connection.view["decision"])[0]
        connection.socket.send(move(action, table.moves, move_id))
        try:
            answer = connection.answer_to(move_id, refused_unnamed=True)
        except ConnectionClosed as closed:
            raise AssertionError(f"move id {move_id!r}: the connection was dropped "
                                 f"({closed.rcvd})") from None
        if answer["type"] == "ack":  # the server may take such an id; then it keeps it
            self.acknowledged(connection, action, answer)
        else:
            assert answer["code"] in ("request/malformed", "move/stale"), answer
        self.pong(connection)

    def pong(self, connection: Connection) -> None:
        connection.socket.send({"type": "ping"})
        while True:
            frame = connection.receive()
            if frame["type"] == "pong":
                assert frame["version"] == connection.table.moves, frame
                return

    @rule(data=st.data(), choice=st.integers(0, 10**6))
    def move_and_ping_at_once(self, data: st.DataObject, choice: int) -> None:
        """A ping sent right behind a move: its pong names only a committed version (issue 18,
        fault 6), whether it comes before the move's ack or after."""
        connection = self.mover(data)
        if connection is None:
            return
        table = connection.table
        actions = actions_of(connection.view["decision"])
        action, move_id = actions[choice % len(actions)], uuid.uuid4().hex
        connection.socket.send(move(action, table.moves, move_id))
        connection.socket.send({"type": "ping"})
        pongs, ack = [], None
        while not pongs or ack is None:
            frame = connection.receive()
            if frame["type"] == "pong":
                stored = len(read_table(self.db, table.id)[1])
                assert frame["version"] <= stored, (frame, stored)
                pongs.append(frame)
            elif frame.get("move_id") == move_id:
                assert frame["type"] == "ack", frame
                ack = frame
        self.acknowledged(connection, action, ack)

    @rule(data=st.data())
    def ping(self, data: st.DataObject) -> None:
        if self.connections:
            self.pong(data.draw(st.sampled_from(self.connections), label="connection"))

    @rule(data=st.data(), seat=st.integers(-1, 4))
    def connect(self, data: st.DataObject, seat: int) -> None:
        """A new connection: a seat of a table (-1: a spectator)."""
        table = data.draw(st.sampled_from(self.tables), label="table")
        server = data.draw(st.integers(0, len(self.servers) - 1), label="server")
        self.open(table, None if seat < 0 else seat % len(table.tokens), server)

    @precondition(lambda self: bool(self.connections))
    @rule(data=st.data())
    def reconnect(self, data: st.DataObject) -> None:
        """A connection lost and taken again (maybe through another process)."""
        connection = data.draw(st.sampled_from(self.connections), label="connection")
        self.connections.remove(connection)
        connection.socket.close()
        server = data.draw(st.integers(0, len(self.servers) - 1), label="server")
        self.open(connection.table, connection.seat, server)

    @precondition(lambda self: self.restarts < RESTARTS)
    @rule(data=st.data(), crash=st.booleans())
    def restart(self, data: st.DataObject, crash: bool) -> None:
        """A process stopped (SIGTERM, or kill -9) and a new one started on the same database;
        its connections are lost."""
        number = data.draw(st.integers(0, len(self.servers) - 1), label="server")
        self.restarts += 1
        self.lose_connections(number)
        server = self.servers[number]
        server.stop(signal.SIGKILL if crash else signal.SIGTERM)
        server.start()

    @precondition(lambda self: self.restore_while_playing and self.restarts < RESTARTS)
    @rule(data=st.data(), crash=st.booleans())
    def restart_while_the_other_plays(self, data: st.DataObject, crash: bool) -> None:
        """A process restarts (restoring every table from the database) while clients of the
        other process go on moving (issue 18, fault 1: a restore that reads the table, its
        seats and its moves apart sees a version and more moves, and calls the table broken)."""
        number = data.draw(st.integers(0, len(self.servers) - 1), label="server")
        other = 1 - number
        self.restarts += 1
        self.lose_connections(number)
        server = self.servers[number]
        server.stop(signal.SIGKILL if crash else signal.SIGTERM)
        starting = threading.Thread(target=server.start)
        starting.start()
        while starting.is_alive():
            live = [t for t in self.tables if not t.state.is_terminal]
            if not live:
                break
            for table in live:
                self.play(self.seat_of(table, table.state.current_player or 0, other), 0)
        starting.join()

    def lose_connections(self, server: int) -> None:
        for connection in [c for c in self.connections if c.server == server]:
            self.connections.remove(connection)
            connection.socket.close()

    # --- the checks after every step --------------------------------------------------------
    @invariant()
    def acknowledged_moves_are_stored_and_no_healthy_table_is_refused(self) -> None:
        for table in self.tables:
            self.refresh(table)
            for server in self.servers:
                self.served(server, table)

    def served(self, server: LiveServer, table: Table) -> None:
        """The process serves the table (no 410) and, within CATCH_UP, at its stored version."""
        info = server.get(f"api/tables/{table.id}")
        deadline = 50
        while info["version"] != table.moves and deadline:
            threading.Event().wait(CATCH_UP / 50)
            info, deadline = server.get(f"api/tables/{table.id}"), deadline - 1
        assert info["status"] in ("open", "finished"), info
        assert info["version"] == table.moves, (info, table.moves)

    @invariant()
    def every_view_is_the_engines(self) -> None:
        for connection in self.connections:
            table = connection.table
            connection.catch_up(table.moves)
            assert connection.view == as_json(table.state.view(connection.seat)), (
                table.game, connection.seat, table.moves)

    def teardown(self) -> None:
        for connection in self.connections:
            connection.socket.close()


# --- one process on SQLite --------------------------------------------------------------------
@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("props") / "data").start()
    try:
        yield live
    finally:
        live.stop()


def machine(servers: list[LiveServer], odd_ids: str | None = None,
            restore_while_playing: bool = False) -> type[WebTable]:
    db = sqlalchemy.create_engine(servers[0].db_url, poolclass=sqlalchemy.pool.NullPool)
    return type("Played", (WebTable,), {"servers": servers, "db": db, "odd_ids": odd_ids,
                                        "restore_while_playing": restore_while_playing})


def test_one_process_on_sqlite(sqlite_server: LiveServer) -> None:
    SHORT(machine([sqlite_server])).TestCase().runTest()


def test_one_process_on_sqlite_with_odd_move_ids(sqlite_server: LiveServer) -> None:
    FAULT(machine([sqlite_server], odd_ids="\ud800")).TestCase().runTest()


@pytest.mark.slow
def test_one_process_on_sqlite_long(sqlite_server: LiveServer) -> None:
    LONG(machine([sqlite_server])).TestCase().runTest()


# --- two processes on PostgreSQL, bridged by Redis --------------------------------------------
@pytest.fixture(scope="module")
def two_processes(tmp_path_factory: pytest.TempPathFactory,
                  postgres: Postgres) -> Iterator[list[LiveServer]]:
    redis = Redis().start()
    db = postgres.new_database()
    folder = tmp_path_factory.mktemp("props-two")
    servers = [LiveServer(folder / name, db=db, redis=redis.url) for name in ("one", "other")]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()
        redis.stop()


def test_two_processes_on_postgresql_and_redis(two_processes: list[LiveServer]) -> None:
    SHORT(machine(two_processes)).TestCase().runTest()


def test_two_processes_with_odd_move_ids(two_processes: list[LiveServer]) -> None:
    FAULT(machine(two_processes, odd_ids="a\x00b")).TestCase().runTest()


def test_two_processes_one_restoring_while_the_other_plays(
        two_processes: list[LiveServer]) -> None:
    FAULT(machine(two_processes, restore_while_playing=True)).TestCase().runTest()


@pytest.mark.slow
def test_two_processes_on_postgresql_and_redis_long(two_processes: list[LiveServer]) -> None:
    LONG(machine(two_processes)).TestCase().runTest()


def test_the_machine_can_fail(sqlite_server: LiveServer) -> None:
    """The view check sees a view that is not the engine's (it is not a tautology)."""
    played = machine([sqlite_server])()
    try:
        table = played.make_table("digitup", 3)
        played.tables = [table]
        connection = played.open(table, 0, 0)
        played.every_view_is_the_engines()  # the true view passes
        connection.view["turn"] = -1
        with pytest.raises(AssertionError):
            played.every_view_is_the_engines()
    finally:
        played.teardown()
