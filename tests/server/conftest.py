"""A live server on a free loopback port (started and stopped by the test, by its pid), and
a raw WebSocket helper with timeouts, so no test can hang."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

import motherlode
from motherlode.engine import State
from motherlode.server.store import Store, TableRow

TIMEOUT = 10.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    """`motherlode serve` in a child process on a loopback port, with its SQLite file."""

    def __init__(self, data: Path, bot_pause: float = 0.0, port: int | None = None) -> None:
        self.data = data
        self.bot_pause = bot_pause
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process: subprocess.Popen[bytes] | None = None
        self.output = data.parent / f"server-{self.port}.log"
        """What the server printed (a file, so a chatty server never blocks on a pipe)."""

    @property
    def db_url(self) -> str:
        return f"sqlite:///{(self.data / 'motherlode.sqlite3').resolve()}"

    def start(self) -> LiveServer:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        env.pop("MOTHERLODE_DB", None)
        self.data.parent.mkdir(parents=True, exist_ok=True)
        with self.output.open("wb") as sink:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "motherlode", "serve", "--port", str(self.port),
                 "--data", str(self.data), "--bot-pause", str(self.bot_pause)],
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
        self.send({"type": "hello", "protocol": 1, "token": token})
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
