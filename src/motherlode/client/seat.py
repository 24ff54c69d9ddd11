"""A seat (or a spectator) at a table on a Motherlode server, over a WebSocket.

The client keeps the view as the server's frames make it: the `welcome` brings the whole view,
each later frame the view's keys that changed since the frame before (and any it lost, in
`gone`) and the events the log gained, which the client appends. `view` is therefore always
the seat's `State.view(seat)` at `version`.
"""

from __future__ import annotations

import json
import time
import urllib.parse
import urllib.request
import uuid
from types import TracebackType
from typing import Any, cast

from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

import motherlode
from motherlode.bots import Bot
from motherlode.engine import Action, Game, MotherlodeError, View
from motherlode.engine.decision import actions_of
from motherlode.engine.frames import merged_view

PROTOCOL = 2
#: Seconds to wait before sending a move again that the server refused as a flood, or
#: before trying to connect again.
RETRY_PAUSE = 0.1


class MoveRefused(MotherlodeError):
    """The server refused a move (or the hello): its error `code` and sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def parse_link(link: str) -> tuple[str, str, str | None]:
    """(server URL, table id, token) of a join link (`.../tables/ID#seat=N&token=T`) or a
    spectator link (`.../tables/ID`)."""
    parts = urllib.parse.urlsplit(link)
    path = parts.path.rstrip("/").split("/")
    if len(path) < 2 or path[-2] != "tables" or not path[-1]:
        raise ValueError(f"not a table link: expected .../tables/ID, got {parts.path!r}")
    prefix = "/".join(path[:-2])
    server = urllib.parse.urlunsplit((parts.scheme, parts.netloc, prefix + "/", "", ""))
    fragment = urllib.parse.parse_qs(parts.fragment)
    tokens = fragment.get("token")
    return server, path[-1], tokens[0] if tokens else None


def join(
    link: str, token: str | None = None, timeout: float = 30.0, record: bool = False
) -> SeatClient:
    """Connect with a join link (its token takes the seat) or a spectator link; `token`
    overrides the link's; `record` keeps every frame received in `frames`."""
    server, table_id, link_token = parse_link(link)
    return SeatClient(server, table_id, token or link_token, timeout=timeout, record=record)


class SeatClient:
    """One connection to a table: its seat (None: watching), the view and the version."""

    def __init__(
        self, server: str, table_id: str, token: str | None, timeout: float = 30.0,
        record: bool = False,
    ) -> None:
        self.server = server if server.endswith("/") else server + "/"
        self.table_id = table_id
        self.timeout = timeout
        self.frames: list[dict[str, Any]] | None = [] if record else None
        """Every frame received, as sent (when `record`)."""
        self.info = self._get(f"api/tables/{table_id}")
        self.game: Game = motherlode.load(self.info["game"], **self.info["options"])
        self.view: View | None = None
        self.version = 0
        self._token = token
        self.socket = self._open()
        self.seat: int | None = self.view["seat"] if self.view is not None else None

    def _open(self) -> ClientConnection:
        """A new connection, its hello said and its welcome received."""
        self.socket = connect(self._ws_url(), open_timeout=self.timeout, max_size=None,
                              legacy=True)
        self.send({"type": "hello", "protocol": PROTOCOL, "token": self._token})
        welcome = self.receive()
        if welcome["type"] != "welcome":
            self.close()
            raise MoveRefused(welcome.get("code", "?"), welcome.get("message", "no welcome"))
        return self.socket

    def reconnect(self, within: float | None = None) -> None:
        """Connect again (the server restarted, the network dropped) and take the fresh
        welcome; tries for `within` seconds (default: the timeout), then raises."""
        deadline = time.monotonic() + (self.timeout if within is None else within)
        self.close()
        while True:
            try:
                self._open()
                return
            except (OSError, ConnectionClosed, InvalidHandshake):
                if time.monotonic() > deadline:
                    raise
                time.sleep(RETRY_PAUSE)

    # --- frames ----------------------------------------------------------------------------
    def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next frame, with the view brought up to date by it."""
        text = self.socket.recv(timeout=self.timeout if timeout is None else timeout)
        frame: dict[str, Any] = json.loads(text)
        if self.frames is not None:
            self.frames.append(frame)
        if "view" in frame:  # the version of the view (an ack's is that of the move)
            self.version = frame["version"]
        if "view" in frame:
            self.view = cast(View, merged_view(cast(dict[str, Any], self.view or {}), frame))
        return frame

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    # --- playing ---------------------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return self.view is not None and self.view["decision"] is not None

    @property
    def over(self) -> bool:
        return self.view is not None and self.view["current_player"] is None

    def legal_actions(self) -> list[Action]:
        """The actions the view's decision offers (empty when it is not this seat's turn)."""
        decision = None if self.view is None else self.view["decision"]
        if decision is None:
            return []
        return [self.game.parse_action(text) for text in actions_of(decision)]

    def move(self, action: str | Action, move_id: str | None = None) -> dict[str, Any]:
        """Make a move against the current version; its `ack`, which brings the view the move
        made (a repeated move's ack, once the frames up to it came). MoveRefused with the
        server's code if it is refused (a stale move brings the fresh view)."""
        move_id = move_id or uuid.uuid4().hex
        message = {"type": "move", "action": str(action), "version": self.version,
                   "move_id": move_id}
        self.send(message)
        ack: dict[str, Any] | None = None
        while ack is None or self.version < ack["version"]:
            frame = self.receive()
            if frame.get("code") == "request/rate-limited":
                time.sleep(RETRY_PAUSE)  # the same move id again: it is applied once
                self.send(message)
            elif frame.get("move_id") != move_id:
                continue
            elif frame["type"] == "error":
                raise MoveRefused(frame["code"], frame["message"])
            elif frame["type"] == "ack":
                ack = frame
        return ack

    def wait_turn(self) -> View:
        """Receive frames until this seat decides or the game is over; the view then."""
        while self.view is None or not (self.my_turn or self.over):
            self.receive()
        return self.view

    def play(self, bot: Bot, max_moves: int = 100_000) -> View:
        """Let `bot` play this seat to the end of the game; the final view. A lost
        connection is taken again (`reconnect`), and the bot chooses on the fresh view."""
        for _ in range(max_moves):
            try:
                view = self.wait_turn()
                if self.over:
                    return view
                self.move(bot.choose(view, self.legal_actions()))
            except MoveRefused as refused:
                if refused.code != "move/stale":
                    raise
            except (ConnectionClosed, ConnectionError):
                self.reconnect()
        raise MoveRefused("client/too-long", f"the game went on past {max_moves} moves")

    # --- plumbing --------------------------------------------------------------------------
    def _ws_url(self) -> str:
        parts = urllib.parse.urlsplit(self.server)
        scheme = "wss" if parts.scheme == "https" else "ws"
        path = f"{parts.path}api/tables/{self.table_id}/ws"
        return urllib.parse.urlunsplit((scheme, parts.netloc, path, "", ""))

    def _get(self, path: str) -> dict[str, Any]:
        with urllib.request.urlopen(self.server + path, timeout=self.timeout) as response:
            data: dict[str, Any] = json.load(response)
            return data

    def close(self) -> None:
        self.socket.close()

    def __enter__(self) -> SeatClient:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

