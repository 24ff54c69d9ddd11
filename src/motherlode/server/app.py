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
from typing import Annotated, Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints
from starlette.exceptions import HTTPException
from starlette.responses import Response

from . import hints, pages, replays
from .catalogue import Catalogue, SeatSpec
from .delivery import Connection, dumps
from .guard import (
    Connections,
    Guard,
    Networks,
    client_address,
    default_origins,
    networks,
    origin_allowed,
    origin_of,
)
from .hints import Hints
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
from .replays import Replays
from .settings import check_name, check_settings
from .tables import LiveTable

log = logging.getLogger("motherlode.server")

#: HTTP status of each error code a route can give.
HTTP_STATUS = {
    "table/not-found": 404,
    "table/broken": 410,
    "table/unreadable": 410,
    "table/bad-options": 400,
    "request/malformed": 400,
    "request/too-large": 413,
    "request/not-json": 415,
    "request/not-found": 404,
    "request/method-not-allowed": 405,
    "request/rate-limited": 429,
    "replay/not-finished": 403,
    "replay/not-your-seat": 403,
    "replay/bad-step": 400,
    "replay/too-long": 413,
    "save/not-found": 404,
    "save/malformed": 400,
    "save/unknown-game": 400,
    "save/bad-options": 400,
    "save/bad-action": 400,
    "save/bad-digest": 400,
    "seat/bad-token": 403,
    "seat/not-yours": 409,
    "seat/bad-name": 400,
    "seat/none-free": 409,
}

#: The code of an HTTP error Starlette raises itself (a path or method no route takes, a
#: body that is not JSON).
STARLETTE_CODES = {404: "request/not-found", 405: "request/method-not-allowed"}

#: WebSocket close codes (4000 + the HTTP status they stand for).
CLOSE_CODES = {
    "seat/bad-token": 4403,
    "request/bad-origin": 4403,
    "table/not-found": 4404,
    "request/hello-timeout": 4408,
    "table/broken": 4410,
    "table/unreadable": 4410,
    "request/too-many-connections": 4429,
}
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
    public_url: str = "http://127.0.0.1:8000/"
    """Where browsers reach the server: the join links are built on it (never on the
    request's Host header)."""
    allowed_origins: tuple[str, ...] = ()
    """The page origins that may open a WebSocket (none given: `public_url`'s and
    loopback's at its port)."""
    trusted_proxies: tuple[str, ...] = ()
    """Peers (addresses or networks) whose `X-Forwarded-For` names the client."""
    hello_timeout: float = 10.0
    """Seconds a new WebSocket has to say hello."""
    connections_per_address: int = 64
    """WebSockets one client address may hold at once (0: no cap)."""
    cluster_secret: str | None = None
    """The key that signs the messages between processes on Redis (several processes)."""
    bot_workers: int | None = None
    """Processes in which bots think (0: on the event loop; None: `thinking.BOT_WORKERS`)."""


Name = Annotated[str, StringConstraints(strict=True, max_length=64)]
"""A name or an option's text: a game's, a bot's are short."""


class SeatIn(BaseModel):
    """A seat of a new table: `{"bot": name}` or `{"human": true}` (`"free": true`: for anyone
    in the lobby to take; `"name"`: the person's name)."""

    model_config = ConfigDict(extra="forbid")
    bot: Name | None = None
    human: StrictBool = False
    free: StrictBool = False
    name: Name | None = None


class TakeIn(BaseModel):
    """Taking a free seat: the taker's name, if they give one."""

    model_config = ConfigDict(extra="forbid")
    name: Name | None = None


class TableIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Name
    players: StrictInt | None = None
    options: dict[str, Name | StrictInt | StrictBool] = Field(default_factory=dict,
                                                              max_length=32)
    seats: list[SeatIn] | None = Field(default=None, max_length=32)
    seed: StrictInt | None = None


#: The fields of a table's settings: an error names these, never a key the client sent.
FIELDS = frozenset({*TableIn.model_fields, *SeatIn.model_fields, *TakeIn.model_fields})


def create_app(config: ServerConfig) -> FastAPI:
    """The app; its lobby opens the store, migrates and restores tables when it starts."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        lobby = open_lobby(config.db_url, config.bot_pause, redis_url=config.redis_url,
                           cluster_secret=config.cluster_secret or "",
                           bot_workers=config.bot_workers, catalogue=catalogue)
        await lobby.start()
        app.state.lobby = lobby
        app.state.replays = Replays(catalogue)
        app.state.hints = Hints()
        try:
            yield
        finally:
            app.state.replays.close()
            await lobby.close()

    catalogue = Catalogue()
    app = FastAPI(title="Motherlode", lifespan=lifespan, docs_url=None, redoc_url=None)
    limit = TableLimit(config.tables_per_minute)
    trusted = networks(config.trusted_proxies)
    app.state.gate = Gate(config, trusted)
    app.add_middleware(Guard)
    app.add_exception_handler(ProtocolError, _protocol_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(Exception, _server_error)
    app.include_router(pages.router)
    app.include_router(replays.router)
    app.include_router(hints.router)
    app.mount("/static", pages.static_files(), name="static")
    base = config.public_url if config.public_url.endswith("/") else config.public_url + "/"

    @app.post("/api/tables", status_code=201)
    async def create_table(spec: TableIn, request: Request) -> dict[str, Any]:
        if not limit.allow(client_address(request.scope, trusted), time.monotonic()):
            raise ProtocolError("request/rate-limited", limit.refusal)
        lobby = _lobby(request.app)
        seats = None if spec.seats is None else [_seat_spec(seat) for seat in spec.seats]
        check_settings(spec.game, spec.players, spec.options,
                       None if seats is None else [seat.bot for seat in seats], spec.seed)
        made = await lobby.create(spec.game, spec.players, spec.options, seats, spec.seed)
        table = await lobby.get(made.id)
        info = table.info()
        for seat in info["seats"]:
            token = made.tokens.get(seat["seat"])
            if token is not None:
                seat["token"] = token
                seat["join"] = f"{base}tables/{made.id}#seat={seat['seat']}&token={token}"
        return {"protocol": PROTOCOL, **info, "spectate": f"{base}tables/{made.id}",
                "ws": f"/api/tables/{made.id}/ws"}

    @app.post("/api/tables/{table_id}/take", status_code=201)
    async def take_seat(table_id: str, taker: TakeIn, request: Request) -> dict[str, Any]:
        """A free seat and its token, handed out once (to whoever asks first)."""
        seat, token = await _lobby(request.app).take_seat(table_id, check_name(taker.name))
        return {"protocol": PROTOCOL, "id": table_id, "seat": seat, "token": token,
                "join": f"{base}tables/{table_id}#seat={seat}&token={token}"}

    @app.get("/api/games")
    async def list_games(request: Request) -> dict[str, Any]:
        return {"protocol": PROTOCOL, "games": catalogue.games()}

    @app.get("/api/tables")
    async def list_tables(request: Request) -> dict[str, Any]:
        """The tables being played; `?status=finished`: those that finished lately."""
        lobby = _lobby(request.app)
        status = request.query_params.get("status", "open")
        if status not in ("open", "finished"):
            raise ProtocolError("request/malformed", "status: open or finished")
        tables = lobby.open_tables() if status == "open" else lobby.finished_tables()
        return {"protocol": PROTOCOL, "tables": tables}

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str, request: Request) -> dict[str, Any]:
        table = await _lobby(request.app).get(table_id)
        return {"protocol": PROTOCOL, **table.info()}

    @app.websocket("/api/tables/{table_id}/ws")
    async def play(websocket: WebSocket, table_id: str) -> None:
        gate: Gate = websocket.app.state.gate
        await websocket.accept()
        refusal = gate.refusal(websocket)
        if refusal is not None:
            await websocket.send_text(dumps(error_message(ProtocolError(refusal), None)))
            await websocket.close(CLOSE_CODES[refusal])
            return
        address = client_address(websocket.scope, gate.trusted)
        try:
            session = Session(websocket, _lobby(websocket.app), table_id, gate.hello_timeout)
            await session.run()
        finally:
            gate.connections.give_back(address)

    return app


class Gate:
    """Who may open a WebSocket: pages of the allowed origins, so many per address."""

    def __init__(self, config: ServerConfig, trusted: Networks) -> None:
        self.trusted = trusted
        self.allowed = (frozenset(origin_of(origin) for origin in config.allowed_origins)
                        or default_origins(config.public_url))
        self.connections = Connections(config.connections_per_address)
        self.hello_timeout = config.hello_timeout

    def refusal(self, websocket: WebSocket) -> str | None:
        """The code that refuses this WebSocket, or None (then it is counted: `give_back`)."""
        if not origin_allowed(websocket.headers, self.allowed):
            return "request/bad-origin"
        if not self.connections.take(client_address(websocket.scope, self.trusted)):
            return "request/too-many-connections"
        return None


def _lobby(app: Any) -> Lobby:
    lobby: Lobby = app.state.lobby
    return lobby


def _seat_spec(seat: SeatIn) -> SeatSpec:
    if (seat.bot is None) == (not seat.human):
        raise ProtocolError(
            "table/bad-options", 'each seat is {"bot": name} or {"human": true}'
        )
    if seat.bot is not None and (seat.free or seat.name is not None):
        raise ProtocolError("table/bad-options", "only a human seat is free or has a name")
    return SeatSpec(seat.bot, seat.free, None if seat.free else check_name(seat.name))


async def _protocol_error(_request: Request, exc: Exception) -> Response:
    error = exc if isinstance(exc, ProtocolError) else ProtocolError("server/error")
    return JSONResponse(
        {"error": {"code": error.code, "message": error.message}},
        status_code=HTTP_STATUS.get(error.code, 500),
    )


async def _validation_error(_request: Request, exc: Exception) -> Response:
    """A body that is not a table's settings: which of its fields is wrong (a field of the
    settings, a seat's number; never a key or a value the client sent)."""
    where = []
    if isinstance(exc, RequestValidationError):
        where = [_field(error["loc"][1:]) for error in exc.errors()]
    where = [place for place in where if place]
    detail = "check " + ", ".join(sorted(set(where))) if where else ""
    return await _protocol_error(_request, ProtocolError("request/malformed", detail))


def _field(loc: Any) -> str:
    """Where a validation error is: the settings' own field names and list positions."""
    parts = [str(part) for part in loc
             if (isinstance(part, int) and not isinstance(part, bool)) or part in FIELDS]
    return ".".join(parts)


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such path or method, a body that is not JSON) with
    their codes."""
    status = exc.status_code if isinstance(exc, HTTPException) else 400
    error = ProtocolError(STARLETTE_CODES.get(status, "request/malformed"))
    return JSONResponse({"error": {"code": error.code, "message": error.message}},
                        status_code=status)


async def _server_error(request: Request, exc: Exception) -> Response:
    """Any other failure: JSON with `server/error`, never a plain-text page."""
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return await _protocol_error(request, ProtocolError("server/error"))


class Session:
    """One WebSocket: a hello, then moves and pings until it closes."""

    def __init__(self, websocket: WebSocket, lobby: Lobby, table_id: str,
                 hello_timeout: float) -> None:
        self.websocket = websocket
        self.lobby = lobby
        self.table_id = table_id
        self.hello_timeout = hello_timeout
        self.limit = RateLimit(time.monotonic())
        self.table: LiveTable | None = None
        self.connection: Connection | None = None

    async def run(self) -> None:
        writer: asyncio.Task[None] | None = None
        try:
            try:
                joined = await asyncio.wait_for(self._hello(), self.hello_timeout)
            except TimeoutError:
                await self._refuse(ProtocolError("request/hello-timeout"))
                await self.websocket.close(CLOSE_CODES["request/hello-timeout"])
                return
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
                seat = await table.seat_of(request.token)
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
            if isinstance(request, Move):
                await table.move(connection, request)
            elif isinstance(request, Hello):
                raise ProtocolError("request/hello-first")
            else:
                connection.send({"type": "pong", "table": table.id,
                                 "version": committed_version(table)})
        except ProtocolError as err:
            await self._refuse(err)
        except Exception:  # a fault of the server's: this request fails, the connection lives
            log.exception("table %s: a request failed", table.id)
            await self._refuse(ProtocolError("server/error"))

    async def _refuse(self, error: ProtocolError) -> None:
        """Send the error: through the outbox once there is one, so frames keep their order."""
        version = None if self.table is None else committed_version(self.table)
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


def committed_version(table: LiveTable) -> int:
    """The table's version as stored: a frame never names a move still being written."""
    return table.authority.committed[0]
