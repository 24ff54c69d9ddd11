"""Seeded bot-against-bot games, one process or many, with the same results either way.

Game `i` of a run gets seed `seed + i`; the bot in each seat gets `bot_seed(game_seed, seat)`.
Nothing else is random, so a run is fixed by its game, options, bots and seed, whatever the
number of processes. Worker processes are started with "spawn" (safe on every platform and
under threads); they load the game by its registry name, so a game registered at run time must
live in an importable module.
"""

from __future__ import annotations

import hashlib
import importlib
import multiprocessing
import signal
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from multiprocessing.pool import AsyncResult, Pool
from operator import is_
from typing import Any, TypeVar

from motherlode.bots import bot_view, make_bot
from motherlode.engine import (
    Action,
    Game,
    MotherlodeError,
    OptionError,
    State,
    check_seed,
    game_class,
    load,
    register,
)
from motherlode.engine import games as registered_games
from motherlode.engine import target as registered_target
from motherlode.engine.game import MAX_SEED

from .cluster import check_ray, run_batches, worker_game
from .stats import GameResult, Summary, Tally

T = TypeVar("T")


class SimulationError(MotherlodeError):
    """A simulated game went wrong: a bot chose an illegal action, or the game never ended."""


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in `seat` for the game seeded `game_seed`: fixed, and apart per seat."""
    digest = hashlib.sha256(f"motherlode-bot:{game_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def seat_bots(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot name per seat: the list is repeated when it is shorter than the table."""
    names = [name.strip() for name in bots if name.strip()]
    if not names:
        raise OptionError("no bot given; name at least one, e.g. random")
    return tuple(names[seat % len(names)] for seat in range(players))


def play_to_end(
    game: Game, bots: Sequence[str], seed: int, max_steps: int | None = None
) -> tuple[State, GameResult]:
    """Play one game to the end with `bots[seat]` in each seat; each bot sees only its view.
    Returns the final state and its result.

    A game past `max_steps` (default: the game's `max_game_length`) is stuck: a rules bug.
    """
    if max_steps is None:
        max_steps = game.max_game_length
    state = game.new_game(seed)
    players = [make_bot(name, game, seat, bot_seed(seed, seat)) for seat, name in enumerate(bots)]
    steps = 0
    while (seat := state.current_player) is not None:
        if steps >= max_steps:
            raise SimulationError(
                f"{game.name} seed {seed}: no end after {max_steps} steps; the game looks stuck"
            )
        legal = state.legal_actions()
        action = players[seat].choose(bot_view(state, seat, players[seat]), legal)
        if not chosen_from(action, legal):
            raise SimulationError(
                f"{game.name} seed {seed} step {steps}: bot {bots[seat]!r} in seat {seat} "
                f"chose {action}, which is not legal"
            )
        state.apply_unchecked(action)
        steps += 1
    result = GameResult(
        seed=seed,
        bots=tuple(bots),
        scores=tuple(float(s) for s in state.scores()),
        winners=tuple(state.winners()),
        steps=steps,
    )
    return state, result


def chosen_from(action: Action, legal: Sequence[Action]) -> bool:
    """`action in legal`, asked first by identity: a bot returns one of the legal actions
    themselves, and a dataclass's `==` is a Python call for every action before it."""
    return any(map(is_, legal, repeat(action))) or action in legal


def play_game(
    game: Game, bots: Sequence[str], seed: int, max_steps: int | None = None
) -> GameResult:
    """The result of one game played by `play_to_end`."""
    return play_to_end(game, bots, seed, max_steps)[1]


def just_the_result(game: Game, state: State, result: GameResult) -> GameResult:
    """The `finish` of `run_games`: nothing read from the final state but the result."""
    return result


# A finish reads what a run needs from each final state; it runs in the worker processes, so it
# must be a module-level function (pickled by name).
Finish = Callable[[Game, State, GameResult], T]


# --- setting up a run ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RunSetup:
    """A checked run: the game set up, one bot per seat, the seeds and the processes."""

    game: Game
    bots: tuple[str, ...]
    seeds: range
    jobs: int
    ray: str | None = None  # a Ray cluster's address, "local", or None: processes here


def set_up_run(
    game: str | Game,
    games: int,
    bots: Sequence[str],
    seed: int,
    players: int | None,
    options: Mapping[str, Any] | None,
    jobs: int,
    ray: str | None = None,
) -> RunSetup:
    """Check a run's arguments; OptionError (naming what and why) before any game is played."""
    if isinstance(game, Game):
        if players is not None or options:
            raise OptionError("give options with the game's name, not with a Game already set up")
        setup = game
    else:
        given = dict(options or {})
        if players is not None:
            if "players" in given:
                raise OptionError("players given twice (as players and as an option)")
            given["players"] = players
        setup = load(game, **given)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise OptionError(f"number of games {games!r} is not allowed; use 1 or more")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise OptionError(f"number of jobs {jobs!r} is not allowed; use 1 or more")
    check_seed(seed)
    if ray is not None:
        check_ray(ray)
    if seed + games - 1 > MAX_SEED:
        raise OptionError(f"seeds {seed}..{seed + games - 1} run past the largest seed {MAX_SEED}")
    table = seat_bots(bots, setup.num_players)
    for seat, name in enumerate(table):
        make_bot(name, setup, seat, 0)  # refuse unknown bots here, not in a worker
    if ray is not None:
        importable_target(setup)  # Ray's workers load the game by its class, as processes do
    return RunSetup(setup, table, range(seed, seed + games), min(jobs, games), ray)



# --- worker processes --------------------------------------------------------------------
# Each worker sets up the game once (in the pool initializer) and then plays seed after seed.
_worker: tuple[Game, tuple[str, ...], int | None, Finish[Any]] | None = None


def importable_target(game: Game) -> str:
    """What a worker registers the game as: the registry's own target when it names this
    class (a front door keeps its `DESCRIPTION`: the strongest bot a search bot plays out
    with), else the class as "module:Class"; checked to import in a fresh process, OptionError
    if not (a worker that cannot load its game would be restarted by the pool for ever)."""
    cls = type(game)
    target = f"{cls.__module__}:{cls.__qualname__}"
    try:
        found = getattr(importlib.import_module(cls.__module__), cls.__qualname__, None)
    except ImportError:
        found = None
    if cls.__module__ == "__main__" or found is not cls:
        raise OptionError(
            f"{game.name}: its class {target} cannot be imported by worker processes; "
            "define it in a module, or run with one job"
        )
    if game.name in registered_games() and game_class(game.name) is cls:
        return registered_target(game.name)
    return target


def _init_worker(
    name: str,
    target: str,
    options: dict[str, Any],
    bots: tuple[str, ...],
    max_steps: int | None,
    finish: Finish[Any],
) -> None:
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    register(name, target)  # a spawned process starts with the built-in registry only
    _worker = (load(name, **options), bots, max_steps, finish)


def _play_seeds(seeds: range) -> tuple[list[Any], float]:
    """A worker's batch: each game's `finish` output, in seed order, and the CPU seconds the
    batch took (the parent sizes the next batches by it)."""
    if _worker is None:  # only reachable if the pool was built without the initializer
        raise RuntimeError("simulation worker used before it was set up")
    game, bots, max_steps, finish = _worker
    start = time.process_time()
    out = [finish(game, *play_to_end(game, bots, seed, max_steps)) for seed in seeds]
    return out, time.process_time() - start


def play_batch(
    name: str,
    target: str,
    options: dict[str, Any],
    bots: tuple[str, ...],
    max_steps: int | None,
    finish: Finish[T],
    seeds: list[int],
) -> list[T]:
    """One Ray task: the games of `seeds`, in order, through `finish`, as a worker process
    plays them."""
    game = worker_game(name, target, options)
    return [finish(game, *play_to_end(game, bots, seed, max_steps)) for seed in seeds]


def play_seeds(
    run: RunSetup, finish: Finish[T], take: Callable[[T], None], max_steps: int | None = None
) -> float:
    """Play every seed of `run` (in `run.jobs` processes), passing `finish`'s output for each
    game to `take` in seed order; returns the seconds it took."""
    game, table = run.game, run.bots
    start = time.perf_counter()
    if run.ray is not None:
        target = importable_target(game)
        args = (game.name, target, dict(game.options), table, max_steps, finish)
        run_batches(run.ray, run.jobs, play_batch, args, run.seeds, take)
    elif run.jobs == 1:
        for game_seed in run.seeds:
            take(finish(game, *play_to_end(game, table, game_seed, max_steps)))
    else:
        target = importable_target(game)
        context = multiprocessing.get_context("spawn")
        initargs = (game.name, target, dict(game.options), table, max_steps, finish)
        with context.Pool(run.jobs, initializer=_init_worker, initargs=initargs) as pool:
            in_batches(pool, run.seeds, run.jobs, take)
    return time.perf_counter() - start


#: CPU seconds a worker's batch of games should take: long enough that sending the batch and
#: its results costs little beside it (a game a message cost the parent about 1.5 ms, as much
#: as a greedy Dig It Up game), short enough that a progress bar moves several times a second.
BATCH_SECONDS = 0.1
BATCHES_AHEAD = 2  # batches queued per worker, so that none waits for the parent


def in_batches(pool: Pool, seeds: range, jobs: int, take: Callable[[Any], None]) -> None:
    """Play `seeds` on the pool's `jobs` workers in batches, passing each game's output to
    `take` in seed order as the batches come back. Which worker plays which seed changes
    nothing: each game is fixed by its seed."""
    pending: deque[AsyncResult[tuple[list[Any], float]]] = deque()
    played, seconds = 0, 0.0
    start = seeds.start
    while start < seeds.stop or pending:
        while start < seeds.stop and len(pending) < BATCHES_AHEAD * jobs:
            size = batch_size(played, seconds, seeds.stop - start, jobs)
            pending.append(pool.apply_async(_play_seeds, (range(start, start + size),)))
            start += size
        out, took = pending.popleft().get()
        played += len(out)
        seconds += took
        for one in out:
            take(one)


def batch_size(played: int, seconds: float, left: int, jobs: int) -> int:
    """The games of the next batch, `played` games having taken `seconds` of CPU time and
    `left` games being left: one while no batch has come back (a progress bar moves at once),
    then about BATCH_SECONDS of games, never more than the workers' share of those left."""
    if not played:
        return 1
    size = int(BATCH_SECONDS * played / seconds) if seconds > 0 else left
    return max(1, min(size, left // jobs, left))


def run_games(
    game: str | Game,
    games: int,
    *,
    bots: Sequence[str] = ("random",),
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    max_steps: int | None = None,
    ray: str | None = None,
) -> Summary:
    """Play `games` seeded games and sum them up.

    `game` is a registry name (set up with `players` and `options`) or a Game. `bots` gives one
    bot name per seat, repeated when shorter. `on_result` is called with every game's result in
    seed order (for progress bars and JSON lines). Bad names, options or counts raise
    OptionError before any game is played. `ray` plays the games on a Ray cluster (its
    address, or "local" for one started here) instead of in `jobs` processes: the same results.
    """
    run = set_up_run(game, games, bots, seed, players, options, jobs, ray)
    return summed_up(run, seed, just_the_result, lambda result: result, on_result, max_steps)


def summed_up(
    run: RunSetup,
    seed: int,
    finish: Finish[T],
    result_of: Callable[[T], GameResult],
    on_result: Callable[[T], None] | None,
    max_steps: int | None,
) -> Summary:
    """Play every seed of `run` with `finish`, hand each game's output to `on_result` in seed
    order (keeping none), and sum up their results (`result_of` each output)."""
    tally = Tally(run.game.num_players)

    def take(one: T) -> None:
        tally.add(result_of(one))
        if on_result is not None:
            on_result(one)

    seconds = play_seeds(run, finish, take, max_steps)
    return Summary.from_tally(
        tally,
        game=run.game.name,
        options=dict(run.game.options),
        bots=run.bots,
        seed=seed,
        jobs=run.jobs,
        seconds=seconds,
    )
