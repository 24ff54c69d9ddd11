"""The web table's server: FastAPI routes over the `Lobby` (docs/protocol.md).

HTTP: `GET /api/games` says what a table may be, `POST /api/tables` makes one,
`GET /api/tables` lists the open ones, `GET /api/tables/{id}` gives one's public facts.
WebSocket: `/api/tables/{id}/ws`, where a
seat says `hello` with its token (a spectator with none) and then plays.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from . import pages
from .catalogue import Catalogue, SeatSpec
from .delivery import Connection, dumps, pong
from .lobby import Lobby, open_lobby
from .protocol import (
    FLOOD,
    PROTOCOL,
    Hello,
    Move,
    ProtocolError,
    RateLimit,
    TableLimit,
    error_message,
    parse_request,
)
from .tables import LiveTable

log = logging.getLogger("motherlode.server")

#: Largest HTTP request body, in bytes.
MAX_BODY = 16384

#: HTTP status of each error code a route can give.
HTTP_STATUS = {
    "table/not-found": 404,
    "table/broken": 410,
    "table/bad-options": 400,
    "request/malformed": 400,
    "request/too-large": 413,
    "request/rate-limited": 429,
}

#: WebSocket close codes (4000 + the HTTP status they stand for).
CLOSE_CODES = {"seat/bad-token": 4403, "table/not-found": 4404, "table/broken": 4410}
#: Close code for a client that reads too slowly (its frames waiting passed MAX_OUTBOX).
CLOSE_TOO_SLOW = 4008


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """Where the server keeps its tables, and how long its bots think."""

    db_url: str
    bot_pause: float = 0.5
    redis_url: str | None = None
    """Redis, to share the database (PostgreSQL) with other server processes."""
    tables_per_minute: int = 30
    """Tables one client address may make at once, then per minute (0: no limit)."""
    bot_workers: int | None = None
    """Processes in which bots think (0: on the event loop; None: `thinking.BOT_WORKERS`)."""


class SeatIn(BaseModel):
    """A seat of a new table: `{"bot": name}` or `{"human": true}`."""

    model_config = ConfigDict(extra="forbid")
    bot: StrictStr | None = None
    human: StrictBool = False


class TableIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: StrictStr
    players: StrictInt | None = None
    options: dict[str, StrictStr | StrictInt | StrictBool] = Field(default_factory=dict)
    seats: list[SeatIn] | None = None
    seed: StrictInt | None = None


def create_app(config: ServerConfig) -> FastAPI:
    """The app; its lobby opens the store, migrates and restores tables when it starts."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        lobby = open_lobby(config.db_url, config.bot_pause, redis_url=config.redis_url,
                           bot_workers=config.bot_workers, catalogue=catalogue)
        await lobby.start()
        app.state.lobby = lobby
        try:
            yield
        finally:
            await lobby.close()

    catalogue = Catalogue()
    app = FastAPI(title="Motherlode", lifespan=lifespan, docs_url=None, redoc_url=None)
    limit = TableLimit(config.tables_per_minute)
    app.add_middleware(BodyLimit)
    app.add_exception_handler(ProtocolError, _protocol_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.include_router(pages.router)
    app.mount("/static", pages.static_files(), name="static")

    @app.post("/api/tables", status_code=201)
    async def create_table(spec: TableIn, request: Request) -> dict[str, Any]:
        address = request.client.host if request.client is not None else ""
        if not limit.allow(address, time.monotonic()):
            raise ProtocolError("request/rate-limited", limit.refusal)
        lobby = _lobby(request.app)
        seats = None if spec.seats is None else [_seat_spec(seat) for seat in spec.seats]
        made = await lobby.create(spec.game, spec.players, spec.options, seats, spec.seed)
        table = await lobby.get(made.id)
        base = str(request.base_url)
        info = table.info()
        for seat in info["seats"]:
            token = made.tokens.get(seat["seat"])
            if token is not None:
                seat["token"] = token
                seat["join"] = f"{base}tables/{made.id}#seat={seat['seat']}&token={token}"
        return {"protocol": PROTOCOL, **info, "spectate": f"{base}tables/{made.id}",
                "ws": f"/api/tables/{made.id}/ws"}

    @app.get("/api/games")
    async def list_games(request: Request) -> dict[str, Any]:
        return {"protocol": PROTOCOL, "games": catalogue.games()}

    @app.get("/api/tables")
    async def list_tables(request: Request) -> dict[str, Any]:
        return {"protocol": PROTOCOL, "tables": _lobby(request.app).open_tables()}

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str, request: Request) -> dict[str, Any]:
        table = await _lobby(request.app).get(table_id)
        return {"protocol": PROTOCOL, **table.info()}

    @app.websocket("/api/tables/{table_id}/ws")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        session = Session(websocket, _lobby(websocket.app), table_id)
        await session.run()

    return app


def _lobby(app: Any) -> Lobby:
    lobby: Lobby = app.state.lobby
    return lobby


def _seat_spec(seat: SeatIn) -> SeatSpec:
    if (seat.bot is None) == (not seat.human):
        raise ProtocolError(
            "table/bad-options", 'each seat is {"bot": name} or {"human": true}'
        )
    return SeatSpec(seat.bot)


async def _protocol_error(_request: Request, exc: Exception) -> Response:
    error = exc if isinstance(exc, ProtocolError) else ProtocolError("server/error")
    return JSONResponse(
        {"error": {"code": error.code, "message": error.message}},
        status_code=HTTP_STATUS.get(error.code, 500),
    )


async def _validation_error(_request: Request, exc: Exception) -> Response:
    """A body that is not a table's settings: where it is wrong, never what was sent."""
    where = []
    if isinstance(exc, RequestValidationError):
        where = [".".join(str(part) for part in error["loc"][1:]) for error in exc.errors()]
    detail = "check " + ", ".join(sorted(set(where))) if where else ""
    return await _protocol_error(_request, ProtocolError("request/malformed", detail))


class BodyLimit:
    """Refuse an HTTP request whose body says it is over MAX_BODY bytes before it is read
    (plain ASGI: WebSockets pass straight through)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            length = Headers(scope=scope).get("content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                error = ProtocolError("request/too-large", f"at most {MAX_BODY} bytes")
                response = await _protocol_error(Request(scope), error)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


class Session:
    """One WebSocket: a hello, then moves and pings until it closes."""

    def __init__(self, websocket: WebSocket, lobby: Lobby, table_id: str) -> None:
        self.websocket = websocket
        self.lobby = lobby
        self.table_id = table_id
        self.limit = RateLimit(time.monotonic())
        self.table: LiveTable | None = None
        self.connection: Connection | None = None

    async def run(self) -> None:
        writer: asyncio.Task[None] | None = None
        try:
            joined = await self._hello()
            if joined is None:
                return
            table, connection = joined
            writer = asyncio.create_task(self._write(connection))
            while True:
                text = await self._receive()
                if text is not None:
                    await self._handle(table, connection, text)
        except WebSocketDisconnect:
            pass
        finally:
            if self.table is not None and self.connection is not None:
                self.table.leave(self.connection)
            if writer is not None:
                writer.cancel()

    async def _receive(self) -> str | None:
        """The next text message, or None when it was refused (binary, flood)."""
        message = await self.websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        if not self.limit.allow(time.monotonic()):
            await self._refuse(ProtocolError("request/rate-limited", FLOOD))
            return None
        if text is None:
            await self._refuse(ProtocolError("request/malformed", "send text frames"))
            return None
        return str(text)

    async def _hello(self) -> tuple[LiveTable, Connection] | None:
        """Wait for the hello; the table and the connection once it has its welcome, None
        when the connection was closed (a bad token, no such table)."""
        while True:
            text = await self._receive()
            if text is None:
                continue
            try:
                request = parse_request(text)
                if not isinstance(request, Hello):
                    raise ProtocolError("request/hello-first")
                table = await self.lobby.get(self.table_id)
                seat = table.authority.seat_of(request.token)
            except ProtocolError as err:
                await self._refuse(err)
                if err.code in CLOSE_CODES:
                    await self.websocket.close(CLOSE_CODES[err.code])
                    return None
                continue
            self.table, self.connection = table, await table.join(seat)
            return table, self.connection

    async def _handle(self, table: LiveTable, connection: Connection, text: str) -> None:
        try:
            request = parse_request(text)
        except ProtocolError as err:
            await self._refuse(err)
            return
        if isinstance(request, Move):
            await table.move(connection, request)
        elif isinstance(request, Hello):
            await self._refuse(ProtocolError("request/hello-first"))
        else:
            connection.send(pong(table.id, table.authority.version))

    async def _refuse(self, error: ProtocolError) -> None:
        """Send the error: through the outbox once there is one, so frames keep their order."""
        version = None if self.table is None else self.table.authority.version
        message = error_message(error, version)
        if self.connection is not None:
            self.connection.send(message)
        else:
            await self.websocket.send_text(dumps(message))

    async def _write(self, connection: Connection) -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            while True:
                text = await connection.outbox.get()
                if text is None:  # too far behind: it may come back for a fresh welcome
                    await self.websocket.close(CLOSE_TOO_SLOW)
                    return
                await self.websocket.send_text(text)
