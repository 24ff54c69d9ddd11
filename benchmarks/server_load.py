"""The web table under load: many tables of bots and scripted clients against `motherlode
serve`, on loopback only, bounded in tables and time (issue 13's Load point).

    .venv/bin/python benchmarks/server_load.py                     # 200 tables, SQLite, 20 s
    .venv/bin/python benchmarks/server_load.py --tables 50 --seconds 10
    .venv/bin/python benchmarks/server_load.py --postgres          # a private PostgreSQL
    .venv/bin/python benchmarks/server_load.py --db postgresql+psycopg://user@host/db
    .venv/bin/python benchmarks/server_load.py --postgres --processes 2   # + a private Redis

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
from motherlode.engine import State
from motherlode.engine.decision import actions_of
from motherlode.server.catalogue import SeatSpec
from motherlode.server.lobby import open_lobby

#: Seconds a server (or PostgreSQL, Redis) may take to answer at start.
START_TIMEOUT = 60.0
#: The key the servers sign their messages on Redis with (several processes).
CLUSTER_SECRET = "the benchmark's cluster secret"
#: Seconds a client waits for one frame before it gives up on its table.
FRAME_TIMEOUT = 30.0


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


def start_server(folder: Path, db_url: str, redis_url: str | None,
                 profile: Path | None = None) -> tuple[Child, str]:
    port = free_port()
    output = folder / f"server-{port}.log"
    profiler = [] if profile is None else ["-m", "cProfile", "-o", str(profile)]
    command = [sys.executable, *profiler, "-m", "motherlode", "serve", "--port", str(port),
               "--db", db_url, "--bot-pause", "0", "--tables-per-minute", "0",
               "--connections-per-address", "0"]
    if redis_url is not None:
        command += ["--redis", redis_url, "--cluster-secret", CLUSTER_SECRET]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("MOTHERLODE_DB", None)
    env.pop("MOTHERLODE_REDIS", None)
    with output.open("wb") as sink:
        process = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT, env=env)
    child = Child("server", process, output,
                  signal.SIGTERM if profile is None else signal.SIGINT)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped at start:\n{output.read_text()}")
        try:
            get(url + "api/tables")
            return child, url
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.05)
    child.stop()
    raise RuntimeError(f"the server did not answer in {START_TIMEOUT:.0f} s")


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
    start: float
    """time.time() at which measuring starts (after the warm-up)."""
    stop: float
    """time.time() at which measuring stops; the clients then finish their move and leave."""


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


def new_table(plan: Plan, server: str) -> tuple[str, list[str]]:
    """A table with `clients` human seats first and bots in the others: its id and tokens."""
    seats: list[dict[str, Any]] = [{"human": True} for _ in range(plan.clients)]
    seats += [{"bot": plan.bot} for _ in range(plan.players - plan.clients)]
    made = post(server + "api/tables", {"game": plan.game, "seats": seats})
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
        if frame["type"] == "welcome":
            self.view = frame["view"]
        elif "view" in frame:
            self.view.update(frame["view"])
            for key in frame.get("gone", ()):
                del self.view[key]
        if "view" in frame:
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
            table_id, tokens = await asyncio.to_thread(new_table, plan, server)
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
            profile = None if args.profile is None else Path(f"{args.profile}.{number}")
            server, url = start_server(folder, db_url, redis_url if args.processes > 1 else None,
                                       profile)
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
        plan = Plan(servers, args.game, args.players, args.clients, args.bot, 0.0, 0.0)
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
    return {
        "tables": args.tables,
        "game": f"{args.game} ({args.players}p, {args.clients} client"
                f"{'s' if args.clients > 1 else ''}, bot {args.bot})",
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


def digest_costs(games: int) -> None:
    """CPU microseconds per move of `State.digest` (the log's text kept) and of
    `State.reference_digest` (the whole truth written anew, as before), after every move of
    seeded random games of each game at its default player count."""
    print("| game | moves | digest us/move | whole truth us/move | ratio |")
    print("|---|---:|---:|---:|---:|")
    for name in ("digitup", "payday", "paydirt", "saboteur"):
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


def in_process(args: argparse.Namespace) -> None:
    """`--in-process`: the move path alone (apply, digest, group commit, bots), CPU time."""
    if args.plain_digest:
        State.digest = State.reference_digest  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory(prefix="motherlode-load-") as temp:
        moves, cpu, wall, over = asyncio.run(lobby_rate(args, Path(temp)))
    digest = "whole truth" if args.plain_digest else "log kept"
    print(f"| {args.tables} | {args.game} ({args.players}p, bots {args.bot}) | {digest} "
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
