"""`motherlode serve`: the web table's server (uvicorn + FastAPI, see docs/protocol.md)."""

from __future__ import annotations

import contextlib
import gc
import ipaddress
import logging
import os
import socket
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated
from urllib.parse import urlsplit

import typer

try:
    import uvicorn

    from motherlode.server import ServerConfig, create_app, default_url
    from motherlode.server.guard import networks
    from motherlode.server.protocol import MAX_FRAME
except ModuleNotFoundError as missing:  # the web extra is not installed: the rest still plays
    WEB_MISSING: ModuleNotFoundError | None = missing
else:
    WEB_MISSING = None

DB_VARIABLE = "MOTHERLODE_DB"
REDIS_VARIABLE = "MOTHERLODE_REDIS"
SECRET_VARIABLE = "MOTHERLODE_CLUSTER_SECRET"

#: Addresses that listen on every interface: a friend's device reaches them on this
#: machine's LAN address, found by `lan_address`.
EVERY_INTERFACE = frozenset({"0.0.0.0", "::", ""})

#: An address outside this machine that `lan_address` routes towards (a UDP socket is only
#: connected, nothing is sent): the route's source is the address other machines see.
ROUTE_PROBE = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737): never a real host


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help=f"A SQLAlchemy database URL (default: ${DB_VARIABLE}, else an SQLite file "
            "in the data folder)."
        ),
    ] = None,
    data: Annotated[
        Path, typer.Option(help="Folder of the default SQLite file (made if missing).")
    ] = Path("motherlode-data"),
    bot_pause: Annotated[
        float, typer.Option(help="Seconds a bot waits before it moves.")
    ] = 0.5,
    tables_per_minute: Annotated[
        int,
        typer.Option(help="Tables one client address may make at once, then per minute "
                     "(0: no limit)."),
    ] = 30,
    redis: Annotated[
        str | None,
        typer.Option(
            help=f"A Redis URL (default: ${REDIS_VARIABLE}): several server processes share "
            "one PostgreSQL database, each move reaching the clients of every one."
        ),
    ] = None,
    bot_workers: Annotated[
        int | None,
        typer.Option(help="Processes in which bots think, off the server's event loop (0: on "
                     "it; default: 2).", show_default=False),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(help="Where browsers reach this server (e.g. https://play.example.org/): "
                     "join links are built on it. Default: http://HOST:PORT/, or this "
                     "machine's LAN address when listening on every interface."),
    ] = None,
    allowed_origins: Annotated[
        str | None,
        typer.Option(help="Comma-separated page origins that may open a WebSocket "
                     "(default: the public URL's origin and loopback at its port)."),
    ] = None,
    trusted_proxies: Annotated[
        str,
        typer.Option(help="Comma-separated addresses or networks of reverse proxies whose "
                     "X-Forwarded-For names the client (default: none)."),
    ] = "",
    hello_timeout: Annotated[
        float, typer.Option(help="Seconds a new WebSocket has to say hello.")
    ] = 10.0,
    connections_per_address: Annotated[
        int, typer.Option(help="WebSockets one client address may hold at once (0: no cap).")
    ] = 64,
    cluster_secret: Annotated[
        str | None,
        typer.Option(help=f"With --redis: the shared key that signs the messages between "
                     f"processes (default: ${SECRET_VARIABLE}); every process needs the same."),
    ] = None,
) -> None:
    """Serve the web table: tables, seats and spectators over WebSockets, bots, a database."""
    if WEB_MISSING is not None:
        sys.stderr.write(
            f"motherlode: error: serving needs the web extra ({WEB_MISSING.name} is missing): "
            "pip install 'motherlode[web]'\n"
        )
        raise typer.Exit(2)
    url = database_url(db, os.environ, data)
    redis_url = redis or os.environ.get(REDIS_VARIABLE) or None
    if redis_url is not None and not url.startswith("postgresql"):
        sys.stderr.write(
            "motherlode: error: --redis shares the database between processes: it needs "
            "PostgreSQL (--db postgresql+psycopg://...)\n"
        )
        raise typer.Exit(2)
    secret = cluster_secret or os.environ.get(SECRET_VARIABLE) or None
    if redis_url is not None and secret is None:
        sys.stderr.write(
            f"motherlode: error: --redis needs a shared secret to sign the messages between "
            f"processes: --cluster-secret or ${SECRET_VARIABLE}\n"
        )
        raise typer.Exit(2)
    try:
        proxies = tuple(split_list(trusted_proxies))
        networks(proxies)
    except ValueError:
        sys.stderr.write("motherlode: error: --trusted-proxies takes addresses or networks\n")
        raise typer.Exit(2) from None
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    shown = f"[{host}]" if ":" in host else host
    links = public_url or links_url(host, port, lan_address())
    if is_loopback_url(links) and not is_loopback_host(host):
        sys.stderr.write(
            f"motherlode: warning: no LAN address found: join links read {links}, which only "
            "this machine opens; give --public-url\n"
        )
    app = create_app(ServerConfig(
        db_url=url, bot_pause=max(bot_pause, 0.0), redis_url=redis_url,
        tables_per_minute=max(tables_per_minute, 0),
        public_url=links,
        allowed_origins=tuple(split_list(allowed_origins or "")),
        trusted_proxies=proxies, hello_timeout=max(hello_timeout, 0.1),
        connections_per_address=max(connections_per_address, 0), cluster_secret=secret,
        bot_workers=None if bot_workers is None else max(bot_workers, 0),
    ))
    shared = "" if redis_url is None else f", redis {safe_url(redis_url)}"
    sys.stdout.write(
        f"Motherlode serves http://{shown}:{port}/ (database {safe_url(url)}{shared}); "
        f"join links on {links}\n"
    )
    sys.stdout.flush()
    tune_gc()
    # No permessage-deflate: after the welcome, frames are small (a view's changed keys), and
    # compressing each one cost a fifth of the server's time per move (docs/performance.md).
    # No proxy headers read by uvicorn: the app reads X-Forwarded-For itself, and only from
    # --trusted-proxies (guard.client_address).
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_FRAME, ws_per_message_deflate=False,
                log_level="warning", proxy_headers=False)


def links_url(host: str, port: int, lan: str | None) -> str:
    """Where join links point when no --public-url is given: the address listened on, or,
    listening on every interface, the machine's LAN address (loopback if it has none)."""
    if host in EVERY_INTERFACE:
        host = lan or "127.0.0.1"
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def lan_address() -> str | None:
    """This machine's address on its network (the source of its route outwards), else the
    address its host name resolves to; None if neither is outside loopback."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(ROUTE_PROBE)  # a UDP connect sends nothing: it only picks a route
        found.append(str(probe.getsockname()[0]))
    with contextlib.suppress(OSError):
        found.append(socket.gethostbyname(socket.gethostname()))
    return next((a for a in found if not is_loopback_host(a) and a != "0.0.0.0"), None)


def is_loopback_host(host: str) -> bool:
    """Whether `host` (an address or `localhost`) is this machine's loopback."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_loopback_url(url: str) -> bool:
    """Whether the URL's host is loopback."""
    return is_loopback_host(urlsplit(url).hostname or "")


def split_list(text: str) -> list[str]:
    """The items of a comma-separated option, without blanks."""
    return [item.strip() for item in text.split(",") if item.strip()]


#: The collector's thresholds while serving (Python's are 700, 10, 10): a move makes a few
#: thousand short-lived objects, and at 700 the youngest generation was collected over a
#: thousand times in 30 s under load, a 9th of the server's time, with pauses of 100 ms for
#: the oldest (docs/performance.md).
GC_THRESHOLDS = (20_000, 20, 100)


def tune_gc() -> None:
    """Collect less often, and never look again at what importing made (it lives on)."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def database_url(db: str | None, environ: Mapping[str, str], data: Path) -> str:
    """`--db`, else $MOTHERLODE_DB, else the SQLite file in the data folder (made then)."""
    return db or environ.get(DB_VARIABLE) or default_url(data)


def safe_url(url: str) -> str:
    """The URL without a password."""
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, credentials = head.partition("://")
    user = credentials.partition(":")[0]
    return f"{scheme}://{user}:***@{tail}"
