"""What stands between the network and the routes (docs/protocol.md, "Limits and trust").

- `Guard`, plain ASGI around the whole app: every HTTP answer (pages, API, 404s, errors)
  carries the security headers; a request body is counted as it arrives, whatever its
  encoding (a `content-length` or chunks), and refused with 413 once past `MAX_BODY`; a POST
  to the API must say its body is JSON (415 otherwise).
- `client_address`: the client's address, from `X-Forwarded-For` only when the peer is one
  of the trusted proxies (`--trusted-proxies`); otherwise the peer itself.
- `origin_allowed`: a WebSocket opened by a page of another site is refused
  (`--allowed-origins`; by default the server's own origin and loopback).
- `Connections`: how many WebSockets each client address holds (`--connections-per-address`).
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .protocol import ERRORS

#: Largest HTTP request body, in bytes.
MAX_BODY = 16384
#: Largest body of the paths that take more (a save file: `replays.MAX_SAVE`).
LARGER_BODIES = {"/api/saves": 256 * 1024}

#: Scripts, styles, images and connections from this server only; nothing inline, no frames.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)

#: Headers on every HTTP answer.
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}

#: Methods whose body the routes read.
WITH_BODY = frozenset({"POST", "PUT", "PATCH"})


class Guard:
    """Security headers on every HTTP answer, bodies bounded, JSON required on API POSTs
    (WebSockets pass straight through)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = with_headers(send)
        if scope["method"] not in WITH_BODY:
            await self.app(scope, receive, send)
            return
        if scope["path"].startswith("/api/") and not is_json(Headers(scope=scope)):
            await refuse(send, 415, "request/not-json")
            return
        body = await read_body(scope, receive, LARGER_BODIES.get(scope["path"], MAX_BODY))
        if body is None:
            await refuse(send, 413, "request/too-large")
            return
        await self.app(scope, replay_body(body, receive), send)


def with_headers(send: Send) -> Send:
    """`send` that adds the security headers to the answer's start."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = MutableHeaders(scope=message)
            for name, value in SECURITY_HEADERS.items():
                if name not in headers:
                    headers[name] = value
        await send(message)

    return sending


def is_json(headers: Headers) -> bool:
    kind = headers.get("content-type", "").split(";", 1)[0].strip().lower()
    return kind == "application/json"


async def read_body(scope: Scope, receive: Receive, limit: int = MAX_BODY) -> bytes | None:
    """The request's body, or None once it passes `limit` bytes (said by its
    `content-length`, or counted chunk by chunk as they arrive: nothing more is read)."""
    length = Headers(scope=scope).get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        return None
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def replay_body(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the app the body already read, then whatever comes next."""
    given = False

    async def receiving() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return receiving


async def refuse(send: Send, status: int, code: str) -> None:
    """An error answer with its code, before the app sees the request."""
    body = json.dumps({"error": {"code": code, "message": ERRORS[code]}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


Networks = tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]


def networks(addresses: Iterable[str]) -> Networks:
    """Addresses or networks (`10.0.0.0/8`) as networks; ValueError for one that is not."""
    return tuple(ipaddress.ip_network(address.strip(), strict=False)
                 for address in addresses if address.strip())


def _within(address: str, trusted: Networks) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in trusted)


def client_address(scope: Scope, trusted: Networks) -> str:
    """Who sent the request: the peer, or, when the peer is a trusted proxy, the last address
    of `X-Forwarded-For` that is not one of the trusted proxies."""
    client = scope.get("client")
    peer = str(client[0]) if client else ""
    if not trusted or not _within(peer, trusted):
        return peer
    forwarded = Headers(scope=scope).get("x-forwarded-for", "")
    for hop in reversed([part.strip() for part in forwarded.split(",") if part.strip()]):
        if not _within(hop, trusted):
            return hop
    return peer


def origin_of(url: str) -> str:
    """`scheme://host[:port]` of a URL, lower case."""
    parts = urlsplit(url.strip())
    return f"{parts.scheme}://{parts.netloc}".lower()


def default_origins(public_url: str) -> frozenset[str]:
    """The server's own origin, and loopback at its port (`make run` opens either)."""
    parts = urlsplit(public_url)
    port = f":{parts.port}" if parts.port else ""
    loopback = {f"{parts.scheme}://{host}{port}" for host in ("127.0.0.1", "localhost", "[::1]")}
    return frozenset({origin_of(public_url), *loopback})


def origin_allowed(headers: Headers, allowed: frozenset[str]) -> bool:
    """Whether a WebSocket may be opened from the page that asks: a browser names its page's
    origin, and only allowed ones pass (a client that is no browser names none)."""
    origin = headers.get("origin")
    return origin is None or origin_of(origin) in allowed


class Connections:
    """Open WebSockets per client address, at most `cap` each (0: no cap)."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.open: dict[str, int] = {}

    def take(self, address: str) -> bool:
        """Count one more for `address`, if it is under the cap."""
        held = self.open.get(address, 0)
        if self.cap > 0 and held >= self.cap:
            return False
        self.open[address] = held + 1
        return True

    def give_back(self, address: str) -> None:
        held = self.open.get(address, 0) - 1
        if held > 0:
            self.open[address] = held
        else:
            self.open.pop(address, None)
