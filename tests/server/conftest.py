"""A live server on a free loopback port (started and stopped by the test, by its pid), and
a raw WebSocket helper with timeouts, so no test can hang."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from system import need
from websockets.sync.client import ClientConnection, connect

import motherlode
from motherlode.engine import State
from motherlode.server.store import Store, TableRow

TIMEOUT = 10.0
#: The secret the test's server processes sign their messages on Redis with.
CLUSTER_SECRET = "the tests' cluster secret"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Postgres:
    """A private PostgreSQL cluster (initdb --auth=trust) on a free loopback port, its socket
    and files in a temporary folder owned by the postgres user; stopped by `stop`."""

    def __init__(self) -> None:
        self.initdb = Path(need("/usr/lib/postgresql/*/bin/initdb", "postgresql"))
        self.root = Path(tempfile.mkdtemp(prefix="motherlode-pg-"))
        self.port = free_port()
        self.databases = 0
        self.started = False

    def _as_postgres(self, *command: str) -> None:
        argv = list(command)
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            argv = ["su", "postgres", "-c", shlex.join(argv)]
        subprocess.run(argv, check=True, capture_output=True, timeout=60)

    def start(self) -> Postgres:
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
        data = self.root / "data"
        self._as_postgres(str(self.initdb), "-D", str(data), "--auth=trust", "-U", "postgres",
                          "-E", "UTF8", "--no-sync")
        self._as_postgres(
            str(self.initdb.parent / "pg_ctl"), "-D", str(data), "-l", str(self.root / "log"),
            "-w", "-t", "30", "-o",
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1", "start",
        )
        self.started = True
        return self

    def new_database(self) -> str:
        """A new empty database's SQLAlchemy URL (psycopg 3)."""
        self.databases += 1
        name = f"motherlode_{self.databases}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        if self.started:
            self._as_postgres(str(self.initdb.parent / "pg_ctl"), "-D", str(self.root / "data"),
                              "-m", "immediate", "-w", "stop")
            self.started = False
        shutil.rmtree(self.root, ignore_errors=True)


class Redis:
    """redis-server on a free loopback port, nothing saved, stopped by its pid."""

    def __init__(self) -> None:
        self.program = need("redis-server", "redis-server")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Redis:
        self.process = subprocess.Popen(
            [self.program, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.02)
        self.stop()
        raise RuntimeError("redis-server did not answer in 10 s")

    def stop(self) -> None:
        if self.process is not None:
            if self.process.poll() is None:
                os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """One private cluster for the session; each test takes its own database."""
    cluster = Postgres()
    try:
        yield cluster.start()
    finally:
        cluster.stop()


@pytest.fixture
def redis_server() -> Iterator[Redis]:
    server = Redis()
    try:
        yield server.start()
    finally:
        server.stop()


class LiveServer:
    """`motherlode serve` in a child process on a loopback port, with its SQLite file (or
    the database `db`, and Redis at `redis` to share it with other processes)."""

    def __init__(self, data: Path, bot_pause: float = 0.0, port: int | None = None,
                 db: str | None = None, redis: str | None = None,
                 tables_per_minute: int = 0, bot_workers: int | None = None) -> None:
        self.data = data
        self.bot_workers = bot_workers
        """The server's bot processes (None: its default; 0: bots on its event loop)."""
        self.tables_per_minute = tables_per_minute
        """0 (no limit) unless a test asks: the tests make many tables from one address."""
        self.bot_pause = bot_pause
        self.db = db
        self.redis = redis
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process: subprocess.Popen[bytes] | None = None
        self.output = data.parent / f"server-{self.port}.log"
        """What the server printed (a file, so a chatty server never blocks on a pipe)."""

    @property
    def db_url(self) -> str:
        return self.db or f"sqlite:///{(self.data / 'motherlode.sqlite3').resolve()}"

    def start(self) -> LiveServer:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        env.pop("MOTHERLODE_DB", None)
        env.pop("MOTHERLODE_REDIS", None)
        self.data.parent.mkdir(parents=True, exist_ok=True)
        extra = [] if self.db is None else ["--db", self.db]
        extra += [] if self.bot_workers is None else ["--bot-workers", str(self.bot_workers)]
        extra += [] if self.redis is None else ["--redis", self.redis,
                                                "--cluster-secret", CLUSTER_SECRET]
        with self.output.open("ab") as sink:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "motherlode", "serve", "--port", str(self.port),
                 "--data", str(self.data), "--bot-pause", str(self.bot_pause),
                 "--tables-per-minute", str(self.tables_per_minute), *extra],
                stdout=sink, stderr=subprocess.STDOUT, env=env,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                out = self.output.read_text(encoding="utf-8")
                raise RuntimeError(f"the server stopped at start:\n{out}")
            try:
                self.get("api/tables")
                return self
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("the server did not answer in 30 s")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """Stop the child by its pid (SIGKILL: a crash)."""
        if self.process is None:
            return
        if self.process.poll() is None:
            os.kill(self.process.pid, sig)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self.process = None

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=TIMEOUT) as response:
            return json.load(response)

    def post(self, path: str, body: Any) -> Any:
        request = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return json.load(response)

    def ws(self, table_id: str) -> Socket:
        return Socket(connect(f"ws://127.0.0.1:{self.port}/api/tables/{table_id}/ws",
                              open_timeout=TIMEOUT, max_size=None, legacy=True))


class Socket:
    """A raw protocol connection: send dicts or text, receive dicts, never wait forever."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection

    def send(self, message: Any) -> None:
        if isinstance(message, str | bytes):
            self.connection.send(message)
        else:
            self.connection.send(json.dumps(message))

    def receive(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.connection.recv(timeout=timeout))
        return frame

    def hello(self, token: str | None) -> dict[str, Any]:
        self.send({"type": "hello", "protocol": 2, "token": token})
        return self.receive()

    def close(self) -> None:
        self.connection.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "data").start()
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for a module's tests that each make their own tables."""
    live = LiveServer(tmp_path_factory.mktemp("data")).start()
    try:
        yield live
    finally:
        live.stop()


def stored_table(server: LiveServer, table_id: str) -> TableRow:
    """The table as the server stored it (read from its SQLite file)."""
    store = Store(server.db_url)
    try:
        row = store.load(table_id)
    finally:
        store.close()
    assert row is not None, table_id
    return row


def authoritative(server: LiveServer, table_id: str) -> list[State]:
    """The table's state at each version 0..n, replayed from the stored moves."""
    row = stored_table(server, table_id)
    game = motherlode.load(row.game, **row.options)
    state = game.new_game(row.seed)
    states = [state.clone()]
    for move in row.moves:
        state.apply(game.parse_action(move.action))
        assert state.digest() == move.digest, move.version
        states.append(state.clone())
    return states


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def bare_ack(ack: dict[str, Any]) -> dict[str, Any]:
    """An ack as the server keeps it for a repeated move id: without the view it brought."""
    return {key: ack[key] for key in ("type", "table", "move_id", "version", "action")}
