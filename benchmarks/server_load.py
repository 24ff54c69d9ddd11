"""The web table under load: many tables of bots and scripted clients against `motherlode
serve`, on loopback only, bounded in tables and time (issue 13's Load point).

    .venv/bin/python benchmarks/server_load.py                     # 200 tables, SQLite, 20 s
    .venv/bin/python benchmarks/server_load.py --tables 50 --seconds 10
    .venv/bin/python benchmarks/server_load.py --postgres          # a private PostgreSQL
    .venv/bin/python benchmarks/server_load.py --db postgresql+psycopg://user@host/db
    .venv/bin/python benchmarks/server_load.py --postgres --processes 2   # + a private Redis
    .venv/bin/python benchmarks/server_load.py --versus-bgio  # and boardgame.io 0.50, pinned
    .venv/bin/python benchmarks/server_load.py --versus-bgio --game count  # its game, both
    .venv/bin/python benchmarks/server_load.py --thinking-tables 20   # bots think 250 ms

The script starts the server(s) itself (`python -m motherlode serve --bot-pause 0` on free
127.0.0.1 ports, a temporary data folder, PostgreSQL and Redis in temporary folders when
asked) and stops them by their process ids at the end. It makes `--tables` tables, each with
`--clients` human seats taken by scripted clients (asyncio tasks on uvloop, one WebSocket each,
in `--client-processes` processes) and bots (`--bot`) in the others. A client on its
turn sends a random action of its decision and waits for its ack; a finished table is
replaced by a new one, so the count of tables being played stays `--tables`.

Every move is committed by the server before it is acknowledged or broadcast (its group
commit; nothing here changes that). Measured over `--seconds` after `--warmup`:

* moves/s: every move the server applied (bots' and clients'), counted from the versions
  the clients see (a table's version is its number of moves);
* round trip: a client's move from `send` to its `ack` (p50, p95, p99, max), in the clients'
  own clock, so the clients' wait for the GIL is in it too;
* the machine's load average before and after, and the CPU time the server(s) and the clients
  used (cores: CPU seconds per second of the window).

It prints one Markdown table row per run (the header with `--header`).

`--versus-bgio` (issue 18's side-by-side must-hold) runs two things in one go, each server
pinned to core 0 and its load generator to core 1 (`taskset`), both load generators node
programs in benchmarks/bgio/ playing the same way (two scripted people per table, each sending
its next move as soon as the frame that makes it its turn arrives; a finished table replaced
by a new one; `--tables` tables, `--seconds` after `--warmup`):
* ours: `--tables` tables of `--game` (Dig It Up by default; `--game count` plays
  boardgame.io's trivial game on our engine, benchmarks/countgame.py, `--bgio-moves` long)
  on durable SQLite, driven by benchmarks/bgio/load_motherlode.js (our protocol, version 2,
  on the `ws` package); `--python-clients` drives it with the Python clients above instead;
* boardgame.io 0.50 (the exact version pinned in benchmarks/bgio/package-lock.json, installed
  there with `npm ci` if missing) serving a trivial two-seat game on its in-memory storage
  (benchmarks/bgio/server.js), driven by benchmarks/bgio/load.js speaking boardgame.io's
  socket.io protocol with socket.io-client.
It prints both rows, the ratios against the target and the moves per second of each server's
own CPU (steadier on a busy machine).

`--thinking-tables N` makes the first N tables a person against the bot `--thinker` (by
default "thinker" of benchmarks/thinker.py, which burns `--think-ms` of CPU per move; the
server is then started through that file so the bot is registered) and the others tables of
people only (`--clients` = `--players`); the round trips are the people's. It is issue 18's
latency must-hold: 20 thinking tables and 180 of people, p99 under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import multiprocessing
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import uvloop
from websockets.asyncio.client import ClientConnection, connect

import motherlode
from motherlode.engine import State, built_in_games, register
from motherlode.engine.decision import actions_of
from motherlode.engine.frames import merged_view
from motherlode.server.catalogue import SeatSpec
from motherlode.server.lobby import open_lobby
from motherlode.server.protocol import Move, parse_request

#: Seconds a server (or PostgreSQL, Redis) may take to answer at start.
START_TIMEOUT = 60.0
#: The key the servers sign their messages on Redis with (several processes).
CLUSTER_SECRET = "the benchmark's cluster secret"
#: Seconds a client waits for one frame before it gives up on its table.
FRAME_TIMEOUT = 30.0
BENCHMARKS = Path(__file__).resolve().parent
#: boardgame.io's server, load generator and pinned packages.
BGIO = BENCHMARKS / "bgio"
#: The cores of `--pin`: the server's and the load generator's.
SERVER_CORE, CLIENT_CORE = 0, 1

# `--in-process --game count` plays benchmarks/countgame.py's game here (thinker.py registers
# it in the servers this script starts).
register("count", "countgame:Count")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


# --- the servers -----------------------------------------------------------------------------
@dataclasses.dataclass
class Child:
    """A program this script started, stopped by its pid."""

    name: str
    process: subprocess.Popen[bytes]
    output: Path
    stop_signal: int = signal.SIGTERM
    """SIGINT for a server under cProfile (it writes its profile on the way out)."""

    def stop(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, self.stop_signal)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=15)

    def cpu_seconds(self) -> float:
        """User + system CPU time of the process so far (from /proc), 0 if gone."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) / ticks


@dataclasses.dataclass(frozen=True)
class ServerSpec:
    """How to start `motherlode serve`."""

    db_url: str
    redis_url: str | None = None
    profile: Path | None = None
    pin: bool = False
    """On core SERVER_CORE (taskset)."""
    think_ms: float | None = None
    """Through benchmarks/thinker.py (the bot "thinker" registered), burning this much."""
    count: bool = False
    """Through benchmarks/thinker.py all the same: the game "count" (countgame.py) is
    registered there."""


def pinned(command: list[str], core: int | None) -> list[str]:
    """`command` on one core (taskset), or as it is."""
    if core is None:
        return command
    if shutil.which("taskset") is None:
        raise SystemExit("taskset is missing: install Debian's util-linux")
    return ["taskset", "-c", str(core), *command]


def start_server(folder: Path, spec: ServerSpec) -> tuple[Child, str]:
    port = free_port()
    output = folder / f"server-{port}.log"
    profiler = [] if spec.profile is None else ["-m", "cProfile", "-o", str(spec.profile)]
    program = (["-m", "motherlode"] if spec.think_ms is None and not spec.count
               else [str(BENCHMARKS / "thinker.py")])
    command = [sys.executable, *profiler, *program, "serve", "--port", str(port),
               "--db", spec.db_url, "--bot-pause", "0", "--tables-per-minute", "0",
               "--connections-per-address", "0"]
    if spec.redis_url is not None:
        command += ["--redis", spec.redis_url, "--cluster-secret", CLUSTER_SECRET]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("MOTHERLODE_DB", None)
    env.pop("MOTHERLODE_REDIS", None)
    if spec.think_ms is not None:
        env["MOTHERLODE_THINK_MS"] = str(spec.think_ms)
    if spec.think_ms is not None or spec.count:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(BENCHMARKS),
                                                          env.get("PYTHONPATH")]))
    with output.open("wb") as sink:
        process = subprocess.Popen(pinned(command, SERVER_CORE if spec.pin else None),
                                   stdout=sink, stderr=subprocess.STDOUT, env=env)
    child = Child("server", process, output,
                  signal.SIGTERM if spec.profile is None else signal.SIGINT)
    url = f"http://127.0.0.1:{port}/"
    answering(child, url + "api/tables")
    return child, url


def answering(child: Child, url: str) -> None:
    """Wait until `url` answers (the child started), or stop the child and say why."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if child.process.poll() is not None:
            raise RuntimeError(f"{child.name} stopped at start:\n{child.output.read_text()}")
        try:
            get(url)
            return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.05)
    child.stop()
    raise RuntimeError(f"{child.name} did not answer in {START_TIMEOUT:.0f} s")


def run_as_owner(command: list[str], folder: Path) -> list[str]:
    """PostgreSQL refuses to run as root: as root, run it as the postgres user."""
    if os.geteuid() != 0:
        return command
    shutil.chown(folder, "postgres")
    return ["su", "postgres", "-c", " ".join(command)]


def start_postgres(folder: Path) -> tuple[Child, str]:
    """A private PostgreSQL cluster in `folder`, on a free loopback port."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        raise SystemExit("PostgreSQL is missing: install Debian's postgresql")
    bindir = found[-1].parent
    folder.parent.chmod(0o711)  # the postgres user goes through the temporary folder
    folder.mkdir()
    cluster, sockets = folder / "cluster", folder / "sockets"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(sockets, "postgres")
    subprocess.run(run_as_owner([str(bindir / "initdb"), "-D", str(cluster), "--auth=trust",
                                 "-U", "postgres", "--no-sync"], folder),
                   check=True, capture_output=True, timeout=START_TIMEOUT)
    port = free_port()
    output = folder / "postgres.log"
    options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c max_connections=50"
    command = [str(bindir / "postgres"), "-D", str(cluster), *options.split()]
    with output.open("wb") as sink:
        if os.geteuid() == 0:
            process = subprocess.Popen(["setpriv", "--reuid=postgres", "--regid=postgres",
                                        "--init-groups", *command],
                                       stdout=sink, stderr=subprocess.STDOUT)
        else:
            process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT)
    child = Child("postgres", process, output)
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"PostgreSQL stopped at start:\n{output.read_text()}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            ready = subprocess.run([str(bindir / "pg_isready"), "-h", "127.0.0.1", "-p",
                                    str(port)], capture_output=True, timeout=10)
            if ready.returncode == 0:
                return child, f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
        time.sleep(0.1)
    child.stop()
    raise RuntimeError("PostgreSQL did not answer")


def start_redis(folder: Path) -> tuple[Child, str]:
    program = shutil.which("redis-server")
    if program is None:
        raise SystemExit("redis-server is missing: install Debian's redis-server")
    port = free_port()
    output = folder / "redis.log"
    with output.open("wb") as sink:
        process = subprocess.Popen([program, "--port", str(port), "--bind", "127.0.0.1",
                                    "--save", "", "--appendonly", "no", "--dir", str(folder)],
                                   stdout=sink, stderr=subprocess.STDOUT)
    child = Child("redis", process, output)
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1) as s:
            s.sendall(b"PING\r\n")
            if s.recv(16).startswith(b"+PONG"):
                return child, f"redis://127.0.0.1:{port}/0"
        time.sleep(0.05)
    child.stop()
    raise RuntimeError("Redis did not answer")


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=FRAME_TIMEOUT) as response:
        return json.load(response)


def post(url: str, body: Any) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=FRAME_TIMEOUT) as response:
        return json.load(response)


# --- the clients -----------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Plan:
    """What each client process does."""

    servers: list[str]
    game: str
    players: int
    clients: int
    bot: str
    thinking_tables: int
    """The first this many tables: one person against the bot `thinker`."""
    thinker: str
    client_core: int | None
    """The core the clients run on (None: any)."""
    start: float
    """time.time() at which measuring starts (after the warm-up)."""
    stop: float
    """time.time() at which measuring stops; the clients then finish their move and leave."""
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    """The tables' options (`table_options`)."""


@dataclasses.dataclass
class Tally:
    """What one client process counted in the measuring window."""

    moves: int = 0
    round_trips: list[float] = dataclasses.field(default_factory=list)
    tables: int = 0
    finished: int = 0
    errors: list[str] = dataclasses.field(default_factory=list)
    cpu: float = 0.0
    """CPU seconds the process used in the window."""


def table_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options of every table made: boardgame.io's length for `--game count`."""
    return {"moves": args.bgio_moves} if args.game == "count" else {}


def new_table(plan: Plan, server: str, number: int) -> tuple[str, list[str]]:
    """Table `number`: `clients` human seats first and bots in the others (one person and
    thinking bots for the first `thinking_tables`): its id and tokens."""
    thinking = number < plan.thinking_tables
    people = 1 if thinking else plan.clients
    seats: list[dict[str, Any]] = [{"human": True} for _ in range(people)]
    seats += [{"bot": plan.thinker if thinking else plan.bot}
              for _ in range(plan.players - people)]
    made = post(server + "api/tables", {"game": plan.game, "options": plan.options,
                                        "seats": seats})
    tokens = [seat["token"] for seat in made["seats"] if "token" in seat]
    return made["id"], tokens


class Counter:
    """The versions a table went through in the measuring window (each version one move)."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}
        self.first: dict[str, int] = {}

    def saw(self, table: str, version: int, plan: Plan) -> None:
        if not plan.start <= time.time() <= plan.stop:
            return
        self.first.setdefault(table, version)
        if version > self.seen.get(table, -1):
            self.seen[table] = version

    def moves(self) -> int:
        return sum(self.seen[t] - self.first[t] for t in self.seen)


class Seat:
    """A scripted client in one seat: a WebSocket (asyncio, no compression), the view as the
    frames make it (protocol 2: the welcome's whole view, then each frame's changed keys)."""

    def __init__(self, socket: ClientConnection, table: str, stop: float) -> None:
        self.socket = socket
        self.table = table
        self.stop = stop
        """time.time() at which the window closes."""
        self.view: dict[str, Any] = {}
        self.version = 0

    def timeout(self) -> float:
        """FRAME_TIMEOUT, or a second once the window has closed (nobody may move again)."""
        return FRAME_TIMEOUT if time.time() <= self.stop else 1.0

    @classmethod
    async def take(cls, server: str, table: str, token: str, stop: float) -> Seat:
        url = server.replace("http://", "ws://") + f"api/tables/{table}/ws"
        socket = await connect(url, compression=None, max_size=None,
                               open_timeout=FRAME_TIMEOUT)
        seat = cls(socket, table, stop)
        await socket.send(orjson.dumps({"type": "hello", "protocol": 2, "token": token}).decode())
        welcome = await seat.receive()
        if welcome["type"] != "welcome":
            raise RuntimeError(f"no welcome: {welcome}")
        return seat

    async def receive(self) -> dict[str, Any]:
        frame: dict[str, Any] = orjson.loads(
            await asyncio.wait_for(self.socket.recv(), self.timeout()))
        if "view" in frame:
            self.view = merged_view(self.view, frame)
            self.version = frame["version"]
        return frame


async def play_seat(seat: Seat, plan: Plan, rng: random.Random, counter: Counter,
                    tally: Tally) -> bool:
    """Play this seat until the game ends (True) or the window closes (False)."""
    while True:
        while seat.view["decision"] is None and seat.view["current_player"] is not None:
            try:
                frame = await seat.receive()
            except TimeoutError:  # after the window, the table's other seat may have left
                if time.time() > plan.stop:
                    return False
                raise
            if "version" in frame:
                counter.saw(seat.table, frame["version"], plan)
        if seat.view["current_player"] is None:
            return True
        if time.time() > plan.stop:
            return False
        move_id = uuid.uuid4().hex
        sent, sent_at = time.perf_counter(), time.time()
        message = orjson.dumps({"type": "move",
                                "action": rng.choice(actions_of(seat.view["decision"])),
                                "version": seat.version, "move_id": move_id}).decode()
        await seat.socket.send(message)
        while True:
            frame = await seat.receive()
            if "version" in frame:
                counter.saw(seat.table, frame["version"], plan)
            if frame.get("code") == "request/rate-limited":  # counted; the same move again
                tally.errors.append(frame["code"])
                await asyncio.sleep(0.1)
                await seat.socket.send(message)
            elif frame.get("move_id") != move_id:
                continue
            elif frame["type"] == "error":
                if frame["code"] == "move/stale":
                    break  # the fresh view came with it: choose again
                raise RuntimeError(f"move refused: {frame['code']}: {frame['message']}")
            elif frame["type"] == "ack":  # it brings the view the move made
                if plan.start <= sent_at <= plan.stop:
                    tally.round_trips.append(time.perf_counter() - sent)
                break


async def play_tables(plan: Plan, server: str, seed: int, counter: Counter,
                      tally: Tally) -> None:
    """One table after another on `server` until the window closes, its human seats played
    at once."""
    rng = random.Random(seed)
    try:
        while time.time() < plan.stop:
            table_id, tokens = await asyncio.to_thread(new_table, plan, server, seed)
            tally.tables += 1
            seats = [await Seat.take(server, table_id, token, plan.stop) for token in tokens]
            counter.saw(table_id, seats[0].version, plan)  # a table made in the window
            try:
                done = await asyncio.gather(*(
                    play_seat(seat, plan, random.Random(rng.random()), counter, tally)
                    for seat in seats))
            finally:
                for seat in seats:
                    await seat.socket.close()
            if all(done):
                tally.finished += 1
    except Exception as err:  # counted and shown, the run goes on with the other tables
        tally.errors.append(f"{type(err).__name__}: {err}")


def client_process(plan: Plan, tables: list[int], results: Any, go: Any) -> None:
    """Say it is ready, take the window's times from `go`, play the tables given (one
    asyncio task each, on uvloop) and put the tally on `results`."""
    if plan.client_core is not None:
        os.sched_setaffinity(0, {plan.client_core})
    results.put("ready")
    start, stop = go.get()
    plan = dataclasses.replace(plan, start=start, stop=stop)
    counter, tally = Counter(), Tally()

    async def cpu_in_window() -> None:
        await asyncio.sleep(max(0.0, plan.start - time.time()))
        before = time.process_time()
        await asyncio.sleep(max(0.0, plan.stop - time.time()))
        tally.cpu = time.process_time() - before

    async def main() -> None:
        await asyncio.gather(cpu_in_window(), *(
            play_tables(plan, plan.servers[n % len(plan.servers)], n, counter, tally)
            for n in tables))

    uvloop.run(main())
    tally.moves = counter.moves()
    results.put((tally.moves, tally.round_trips, tally.tables, tally.finished, tally.errors,
                 tally.cpu))


# --- the run ---------------------------------------------------------------------------------
def percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


@contextlib.contextmanager
def services(args: argparse.Namespace, folder: Path) -> Iterator[tuple[list[Child], list[str],
                                                                         str]]:
    """Start the database (if asked), Redis (two processes) and the servers; stop them all."""
    children: list[Child] = []
    try:
        db_url = args.db
        if args.postgres:
            postgres, db_url = start_postgres(folder / "postgres")
            children.append(postgres)
        if db_url is None:
            db_url = f"sqlite:///{(folder / 'motherlode.sqlite3').resolve()}"
        redis_url = args.redis
        if args.processes > 1 and redis_url is None:
            redis, redis_url = start_redis(folder)
            children.append(redis)
        servers = []
        for number in range(args.processes):
            spec = ServerSpec(
                db_url, redis_url if args.processes > 1 else None,
                None if args.profile is None else Path(f"{args.profile}.{number}"),
                args.pin,
                args.think_ms if args.thinking_tables and args.thinker == "thinker" else None,
                args.game == "count")
            server, url = start_server(folder, spec)
            children.append(server)
            servers.append(url)
        yield children, servers, db_url
    finally:
        for child in reversed(children):
            child.stop()


def describe_db(url: str) -> str:
    return "SQLite" if url.startswith("sqlite") else "PostgreSQL" if "postgres" in url else url


def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="motherlode-load-") as temp, \
            services(args, Path(temp)) as (children, servers, db_url):
        servers_only = [c for c in children if c.name == "server"]
        context = multiprocessing.get_context("spawn")
        results, go = context.Queue(), context.Queue()
        shares = [list(range(k, args.tables, args.client_processes))
                  for k in range(args.client_processes)]
        plan = Plan(servers, args.game, args.players, args.clients, args.bot,
                    args.thinking_tables, args.thinker, CLIENT_CORE if args.pin else None,
                    0.0, 0.0, table_options(args))
        workers = [context.Process(target=client_process, args=(plan, share, results, go))
                   for share in shares if share]
        for worker in workers:
            worker.start()
        for _ in workers:  # the clients' processes have started (imported the code)
            results.get(timeout=START_TIMEOUT)
        load_before = os.getloadavg()
        begin = time.time()
        plan = dataclasses.replace(plan, start=begin + args.warmup,
                                   stop=begin + args.warmup + args.seconds)
        for _ in workers:
            go.put((plan.start, plan.stop))
        time.sleep(max(0.0, plan.start - time.time()))
        cpu_start = [c.cpu_seconds() for c in servers_only]
        time.sleep(max(0.0, plan.stop - time.time()))
        cpu_used = sum(c.cpu_seconds() for c in servers_only) - sum(cpu_start)
        load_after = os.getloadavg()
        gathered = [results.get(timeout=args.seconds + args.warmup + 4 * FRAME_TIMEOUT)
                    for _ in workers]
        for worker in workers:
            worker.join(FRAME_TIMEOUT)
            if worker.is_alive():
                worker.kill()
        for child in servers_only:
            if child.process.poll() is not None:
                print(child.output.read_text(), file=sys.stderr)
    moves = sum(g[0] for g in gathered)
    trips = sorted(t for g in gathered for t in g[1])
    errors = [e for g in gathered for e in g[4]]
    game = (f"{args.game} ({f'{args.bgio_moves} moves, ' if args.game == 'count' else ''}"
            f"{args.players}p, {args.clients} client"
            f"{'s' if args.clients > 1 else ''}"
            f"{f', bot {args.bot}' if args.clients < args.players else ''})")
    if args.thinking_tables:
        game += (f"; {args.thinking_tables} of them 1 client + bot {args.thinker}"
                 f"{f' ({args.think_ms:.0f} ms)' if args.thinker == 'thinker' else ''}")
    return {
        "server": "motherlode",
        "tables": args.tables,
        "game": game,
        "db": describe_db(db_url),
        "processes": args.processes,
        "seconds": args.seconds,
        "moves_per_s": moves / args.seconds,
        "client_moves": len(trips),
        "p50": percentile(trips, 0.50) * 1000,
        "p95": percentile(trips, 0.95) * 1000,
        "p99": percentile(trips, 0.99) * 1000,
        "max": (trips[-1] if trips else float("nan")) * 1000,
        "mean": (statistics.fmean(trips) if trips else float("nan")) * 1000,
        "server_cpu": cpu_used / args.seconds,
        "client_cpu": sum(g[5] for g in gathered) / args.seconds,
        "games_made": sum(g[2] for g in gathered),
        "games_finished": sum(g[3] for g in gathered),
        "errors": errors,
        "load": f"{load_before[0]:.2f} -> {load_after[0]:.2f}",
    }


# --- boardgame.io, side by side ----------------------------------------------------------------
def bgio_installed() -> None:
    """boardgame.io and socket.io-client as package-lock.json pins them (npm ci if missing)."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        raise SystemExit("node and npm are missing: install Debian's nodejs and npm")
    if not (BGIO / "node_modules" / "boardgame.io").is_dir():
        # npm's own lines go to stderr: stdout is the report (and --json's lines)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=BGIO, check=True,
                       timeout=600, stdout=sys.stderr)


def bgio_version() -> str:
    package = json.loads((BGIO / "node_modules" / "boardgame.io" / "package.json").read_text())
    return str(package["version"])


@dataclasses.dataclass(frozen=True)
class NodeRun:
    """What a node load generator (benchmarks/bgio/load*.js) reported, with the CPU time its
    server and itself used in the window and the load average around it."""

    result: dict[str, Any]
    server_cpu: float
    client_cpu: float
    load: str


def node_load(script: str, arguments: list[str], servers: list[Child],
              args: argparse.Namespace) -> NodeRun:
    """Run benchmarks/bgio/`script` on core CLIENT_CORE against the started `servers`: its
    arguments, then the window's start and stop (ms since the epoch, after `--warmup`)."""
    load_before = os.getloadavg()
    begin = time.time()
    start, stop = begin + args.warmup, begin + args.warmup + args.seconds
    generator = subprocess.Popen(
        pinned(["node", str(BGIO / script), *arguments, str(int(start * 1000)),
                str(int(stop * 1000))], CLIENT_CORE),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=BGIO)
    client = Child(script, generator, servers[0].output)
    try:
        time.sleep(max(0.0, start - time.time()))
        cpu_start = [c.cpu_seconds() for c in servers], client.cpu_seconds()
        time.sleep(max(0.0, stop - time.time()))
        server_cpu = sum(c.cpu_seconds() for c in servers) - sum(cpu_start[0])
        client_cpu = client.cpu_seconds() - cpu_start[1]
        load_after = os.getloadavg()
        out, err = generator.communicate(timeout=4 * FRAME_TIMEOUT)
    finally:
        client.stop()
    if generator.returncode != 0:
        raise RuntimeError(f"{script} failed:\n{err.decode()}")
    return NodeRun(json.loads(out), server_cpu / args.seconds, client_cpu / args.seconds,
                   f"{load_before[0]:.2f} -> {load_after[0]:.2f}")


def node_result(run: NodeRun, args: argparse.Namespace, **facts: Any) -> dict[str, Any]:
    """The row of a node-driven run: `facts` (server, game, db, processes) and the figures."""
    trips = sorted(run.result["round_trips"])
    return {
        **facts,
        "tables": args.tables,
        "seconds": args.seconds,
        "moves_per_s": run.result["moves"] / args.seconds,
        "client_moves": len(trips),
        "p50": percentile(trips, 0.50) * 1000,
        "p95": percentile(trips, 0.95) * 1000,
        "p99": percentile(trips, 0.99) * 1000,
        "max": (trips[-1] if trips else float("nan")) * 1000,
        "mean": (statistics.fmean(trips) if trips else float("nan")) * 1000,
        "server_cpu": run.server_cpu,
        "client_cpu": run.client_cpu,
        "games_made": run.result["tables"],
        "games_finished": run.result["finished"],
        "errors": run.result["errors"],
        "load": run.load,
    }


def run_bgio(args: argparse.Namespace) -> dict[str, Any]:
    """boardgame.io's server (node, core 0) and its load generator (node, core 1)."""
    bgio_installed()
    with tempfile.TemporaryDirectory(prefix="motherlode-bgio-") as temp:
        port = free_port()
        output = Path(temp) / "bgio.log"
        env = {**os.environ, "NODE_ENV": "production"}  # no development logging
        with output.open("wb") as sink:
            process = subprocess.Popen(
                pinned(["node", str(BGIO / "server.js"), str(port), str(args.bgio_moves)],
                       SERVER_CORE),
                stdout=sink, stderr=subprocess.STDOUT, env=env, cwd=BGIO)
        server = Child("boardgame.io", process, output)
        url = f"http://127.0.0.1:{port}/"
        try:
            answering(server, url + "games")
            run = node_load("load.js", [url, str(args.tables)], [server], args)
        finally:
            server.stop()
    return node_result(run, args, server=f"boardgame.io {bgio_version()}",
                       game=f"count ({args.bgio_moves} moves, 2p, 2 clients)",
                       db="in memory", processes=1)


def run_ours_node(args: argparse.Namespace) -> dict[str, Any]:
    """Ours (one server on core 0, SQLite) driven by benchmarks/bgio/load_motherlode.js on
    core 1: two people a table, as load.js plays boardgame.io."""
    bgio_installed()
    with tempfile.TemporaryDirectory(prefix="motherlode-load-") as temp, \
            services(args, Path(temp)) as (children, servers, db_url):
        run = node_load("load_motherlode.js",
                        [servers[0], args.game, json.dumps(table_options(args)),
                         str(args.tables)],
                        [c for c in children if c.name == "server"], args)
    game = (f"count ({args.bgio_moves} moves, 2p, 2 clients)" if args.game == "count"
            else f"{args.game} (2p, 2 clients)")
    return node_result(run, args, server="motherlode", game=game, db=describe_db(db_url),
                       processes=1)


VERSUS_HEADER = ("| server | tables | game | storage | moves/s | client moves | p50 ms | p95 ms "
                 "| p99 ms | max ms | server CPU | client CPU | games done | load (1 min) |\n"
                 "|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")


def versus_bgio(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Ours (two people per table, durable SQLite) and boardgame.io, one after the other,
    each pinned: server on core 0, load generator on core 1."""
    mine = argparse.Namespace(**{**vars(args), "pin": True, "clients": 2, "players": 2,
                                 "client_processes": 1, "processes": 1, "postgres": False,
                                 "thinking_tables": 0})
    ours = run(mine) if args.python_clients else run_ours_node(mine)
    theirs = run_bgio(args)
    print(VERSUS_HEADER)
    for result in (ours, theirs):
        print(f"| {result['server']} " + row(result))
    print(f"\nmotherlode / boardgame.io: moves/s x{ours['moves_per_s'] / theirs['moves_per_s']:.2f}"
          f", p99 x{ours['p99'] / theirs['p99']:.2f} (target: moves/s x1.5 or more, p99 x0.33 "
          "or less)")
    print("moves per second of the server's CPU (steadier on a busy machine): " + ", ".join(
        f"{r['server']} {r['moves_per_s'] / r['server_cpu']:,.0f}" for r in (ours, theirs)
        if r["server_cpu"] > 0))
    return [ours, theirs]


def digest_costs(games: int) -> None:
    """CPU microseconds per move of `State.digest` (the log's text kept) and of
    `State.reference_digest` (the whole truth written anew, as before), after every move of
    seeded random games of each game at its default player count."""
    print("| game | moves | digest us/move | whole truth us/move | ratio |")
    print("|---|---:|---:|---:|---:|")
    for name in built_in_games():
        game = motherlode.load(name)
        rng = random.Random(1)
        spent = {"digest": 0.0, "reference": 0.0}
        moves = 0
        for number in range(games):
            state = game.new_game(number)
            while not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()))
                moves += 1
                start = time.process_time()
                state.digest()
                middle = time.process_time()
                state.reference_digest()
                spent["digest"] += middle - start
                spent["reference"] += time.process_time() - middle
        fast, slow = (spent[k] / moves * 1e6 for k in ("digest", "reference"))
        print(f"| {name} ({game.num_players}p) | {moves:,} | {fast:.0f} | {slow:.0f} "
              f"| {slow / fast:.1f}x |")


async def lobby_rate(args: argparse.Namespace, folder: Path) -> tuple[int, float, float, int]:
    """Bot tables in this process: a `Lobby` on SQLite, no connections, no network."""
    lobby = open_lobby(f"sqlite:///{folder / 'motherlode.sqlite3'}", 0.0)
    await lobby.start()
    seats = [SeatSpec(args.bot)] * args.players
    for number in range(args.tables):
        await lobby.create(args.game, args.players, {}, seats, number)
    before = sum(table.authority.version for table in lobby.tables.values())
    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.sleep(args.seconds)
    moves = sum(table.authority.version for table in lobby.tables.values()) - before
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    over = sum(1 for table in lobby.tables.values() if table.authority.state.is_terminal)
    await lobby.close()
    return moves, cpu, wall, over


async def people_rate(args: argparse.Namespace, folder: Path) -> tuple[int, float, float, int]:
    """Tables of people in this process: a `Lobby` on SQLite and each seat's `Connection`, no
    network. A person's move goes the server's way from its text (`parse_request`,
    `LiveTable.move`: checked, applied, digested, group-committed, each seat's delta
    encoded), and every frame is read back as a client would (JSON); a finished table is
    replaced. Counted over `--seconds` after `--warmup`. The CPU of the socket layer
    (uvicorn, Starlette, the kernel) is not in it."""
    lobby = open_lobby(f"sqlite:///{folder / 'motherlode.sqlite3'}", 0.0, bot_workers=0)
    await lobby.start()
    seats = [SeatSpec(None)] * args.players
    playing = True
    moves = over = 0

    async def play(number: int) -> None:
        nonlocal moves, over
        rng = random.Random(number)
        while playing:
            made = await lobby.create(args.game, args.players, table_options(args), seats,
                                      number)
            table = await lobby.get(made.id)
            connections = [await table.join(seat) for seat in range(args.players)]
            authority = table.authority
            while playing and not authority.state.is_terminal:
                seat = authority.state.current_player
                decision = authority.view(seat)["decision"]
                assert seat is not None and decision is not None
                move = parse_request(orjson.dumps({
                    "type": "move", "action": rng.choice(actions_of(decision)),
                    "version": authority.version, "move_id": uuid.uuid4().hex}).decode())
                assert isinstance(move, Move)
                await table.move(connections[seat], move)
                for connection in connections:
                    while not connection.outbox.empty():
                        orjson.loads(connection.outbox.get_nowait() or "null")
                moves += 1
            over += authority.state.is_terminal
            for connection in connections:
                table.leave(connection)

    async def window() -> tuple[int, float, float, int]:
        nonlocal playing
        await asyncio.sleep(args.warmup)
        counts, cpu, wall = (moves, over), time.process_time(), time.perf_counter()
        await asyncio.sleep(args.seconds)
        playing = False
        return (moves - counts[0], time.process_time() - cpu, time.perf_counter() - wall,
                over - counts[1])

    players = [asyncio.create_task(play(number)) for number in range(args.tables)]
    measured = await window()
    await asyncio.gather(*players)
    await lobby.close()
    return measured


def in_process(args: argparse.Namespace) -> None:
    """`--in-process`: the move path alone, CPU time: bots' moves (apply, digest, group
    commit), or with `--clients` = `--players` people's (`people_rate`)."""
    if args.plain_digest:
        State.digest = State.reference_digest  # type: ignore[method-assign]
    people = args.clients == args.players
    with tempfile.TemporaryDirectory(prefix="motherlode-load-") as temp:
        moves, cpu, wall, over = asyncio.run((people_rate if people else lobby_rate)(
            args, Path(temp)))
    digest = "whole truth" if args.plain_digest else "log kept"
    who = "people" if people else f"bots {args.bot}"
    print(f"| {args.tables} | {args.game} ({args.players}p, {who}) | {digest} "
          f"| {moves:,} | {moves / cpu:,.0f} | {moves / wall:,.0f} | {over} "
          f"| {os.getloadavg()[0]:.2f} |")


HEADER = ("| tables | game | database | processes | moves/s | client moves | p50 ms | p95 ms "
          "| p99 ms | max ms | server CPU | client CPU | games done | load (1 min) |\n"
          "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")


def row(result: dict[str, Any]) -> str:
    return (f"| {result['tables']} | {result['game']} | {result['db']} | {result['processes']} "
            f"| {result['moves_per_s']:,.0f} | {result['client_moves']:,} "
            f"| {result['p50']:.1f} | {result['p95']:.1f} | {result['p99']:.1f} "
            f"| {result['max']:.0f} | {result['server_cpu']:.2f} | {result['client_cpu']:.2f} "
            f"| {result['games_finished']} "
            f"| {result['load']} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables played at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="measuring window")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring")
    parser.add_argument("--game", default="digitup")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--clients", type=int, default=1,
                        help="human seats per table, taken by scripted clients")
    parser.add_argument("--bot", default="random", help="the bot in the other seats")
    parser.add_argument("--db", help="a SQLAlchemy URL (default: SQLite in a temp folder)")
    parser.add_argument("--postgres", action="store_true",
                        help="start a private PostgreSQL cluster and use it")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes (2: one database, Redis between them)")
    parser.add_argument("--redis", help="a Redis URL (default with --processes 2: a private one)")
    parser.add_argument("--client-processes", type=int, default=1)
    parser.add_argument("--profile", type=Path,
                        help="run each server under cProfile, writing PROFILE.0, PROFILE.1 ...")
    parser.add_argument("--in-process", action="store_true",
                        help="only bot tables on a Lobby in this process: moves per CPU second")
    parser.add_argument("--plain-digest", action="store_true",
                        help="with --in-process: State.digest as before (the whole truth)")
    parser.add_argument("--header", action="store_true", help="print the table's header")
    parser.add_argument("--digest-costs", type=int, metavar="GAMES",
                        help="only measure State.digest per move over GAMES games of each game")
    parser.add_argument("--json", action="store_true", help="print the result as JSON too")
    parser.add_argument("--pin", action="store_true",
                        help=f"the server on core {SERVER_CORE}, the clients on core "
                             f"{CLIENT_CORE} (taskset)")
    parser.add_argument("--versus-bgio", action="store_true",
                        help="ours (2 people a table, SQLite) and boardgame.io 0.50, pinned")
    parser.add_argument("--python-clients", action="store_true",
                        help="with --versus-bgio: ours driven by the Python clients (one "
                             "process), not by node (benchmarks/bgio/load_motherlode.js)")
    parser.add_argument("--bgio-moves", type=int, default=38,
                        help="moves of boardgame.io's trivial game (38: a random 2-seat game "
                             "of Dig It Up takes 35-42, so both make tables as often)")
    parser.add_argument("--thinking-tables", type=int, default=0,
                        help="the first N tables: a person against a bot that thinks")
    parser.add_argument("--thinker", default="thinker",
                        help="that bot (default: benchmarks/thinker.py's, registered here)")
    parser.add_argument("--think-ms", type=float, default=250.0,
                        help="CPU milliseconds the thinker burns per move")
    args = parser.parse_args(argv)
    if args.digest_costs:
        digest_costs(args.digest_costs)
        return 0
    if args.in_process:
        if args.header:
            print("| tables | game | digest | moves | moves/CPU s | moves/s | games over "
                  "| load |\n|---:|---|---|---:|---:|---:|---:|---:|")
        in_process(args)
        return 0
    if args.tables < 1 or args.tables > 1000 or args.seconds <= 0 or args.seconds > 600:
        parser.error("--tables 1..1000 and --seconds up to 600 (the run is bounded)")
    if not 1 <= args.clients <= args.players:
        parser.error("--clients must be 1..players")
    if args.processes > 1 and not (args.postgres or (args.db or "").startswith("postgres")):
        parser.error("--processes 2 shares one database: give --postgres or a PostgreSQL --db")
    if not 0 <= args.thinking_tables <= args.tables:
        parser.error("--thinking-tables must be 0..tables")
    if args.versus_bgio:
        results = versus_bgio(args)
        if args.json:
            print(json.dumps(results))
        for result in results:
            if result["errors"]:
                print(f"{result['server']}: {len(result['errors'])} client errors, first: "
                      f"{result['errors'][0]}", file=sys.stderr)
        return 0
    result = run(args)
    if args.header:
        print(HEADER)
    print(row(result))
    if args.json:
        print(json.dumps(result))
    if result["errors"]:
        print(f"{len(result['errors'])} client errors, first: {result['errors'][0]}",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
