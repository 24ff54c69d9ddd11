"""Random-playout speed of every Motherlode game, beside OpenSpiel's own games driven from Python.

    .venv/bin/python benchmarks/playouts.py                 # every game, 2 s per measurement
    .venv/bin/python benchmarks/playouts.py --seconds 5 --games digitup
    .venv/bin/python benchmarks/playouts.py --profile digitup   # cProfile of the playout loop

Each measurement plays seeded random games, one after another, in this one process, for about
`--seconds`, and counts steps (applied actions) and finished games:

- Motherlode, engine: `legal_actions()`, a seeded `random.Random` choice, `apply_unchecked()`
  (the fast path for bots and search); dice and shuffles happen inside `apply`;
- Motherlode, checked `apply()` (what the CLI and save files use);
- Motherlode, `clone()` of positions taken from random games (clones per second);
- Motherlode through its adapters: the OpenSpiel game `motherlode_<name>` and the PettingZoo
  environment (observation vectors and masks included), to show what the adapters cost;
- OpenSpiel games driven from Python through pyspiel: `legal_actions()`, a random choice,
  `apply_action()`; at a chance node, an outcome sampled from `chance_outcomes()`, counted as
  a step too. Python-implemented: python_tic_tac_toe, python_kuhn_poker, python_liars_poker;
  C++: tic_tac_toe, kuhn_poker, backgammon.

The ratio table divides each Motherlode game's engine steps/s by each comparison's steps/s.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import os
import platform
import pstats
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from importlib import metadata
from typing import Any

import motherlode
from motherlode.engine import State, games

PYTHON_SPIEL_GAMES = ("python_tic_tac_toe", "python_kuhn_poker", "python_liars_poker")
CPP_SPIEL_GAMES = ("tic_tac_toe", "kuhn_poker", "backgammon")
SPIEL_MODULES = {
    "python_tic_tac_toe": "open_spiel.python.games.tic_tac_toe",
    "python_kuhn_poker": "open_spiel.python.games.kuhn_poker",
    "python_liars_poker": "open_spiel.python.games.liars_poker",
}


@dataclass
class Result:
    """One measurement: how many steps and games in how many seconds."""

    label: str
    kind: str
    steps: int
    games: int
    seconds: float
    unit: str = "steps"

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def mean_length(self) -> float:
        return self.steps / self.games if self.games else 0.0


def timed(label: str, kind: str, seconds: float, play_one: Callable[[int], int]) -> Result:
    """Call `play_one(game_number)` (it returns the steps it took) for about `seconds`."""
    play_one(-1)  # warm up: imports, caches, first allocation
    steps = played = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        steps += play_one(played)
        played += 1
        elapsed = time.perf_counter() - start
    return Result(label, kind, steps, played, elapsed)


# --- Motherlode --------------------------------------------------------------------------------
def engine_playout(
    game: motherlode.Game, rng: random.Random, checked: bool
) -> Callable[[int], int]:
    def play_one(number: int) -> int:
        state = game.new_game(number % 2**31 if number >= 0 else 12345)
        step = state.apply if checked else state.apply_unchecked
        choose = rng.choice
        steps = 0
        while not state.is_terminal:
            step(choose(state.legal_actions()))
            steps += 1
        return steps

    return play_one


def positions(game: motherlode.Game, count: int, seed: int) -> list[State]:
    """`count` positions from seeded random games, for timing clone()."""
    rng = random.Random(seed)
    found: list[State] = []
    number = 0
    while len(found) < count:
        state = game.new_game(number)
        number += 1
        while not state.is_terminal and len(found) < count:
            found.append(state.clone())
            state.apply_unchecked(rng.choice(state.legal_actions()))
    return found


def clone_rate(label: str, game: motherlode.Game, seconds: float) -> Result:
    states = positions(game, 500, seed=7)

    def clone_all(number: int) -> int:
        for state in states:
            state.clone()
        return len(states)

    result = timed(label, "engine clone()", seconds, clone_all)
    result.unit = "clones"
    return result


def spiel_adapter_playout(name: str, players: int, rng: random.Random) -> Callable[[int], int]:
    import pyspiel  # type: ignore[import-not-found]  # compiled, no stubs

    import motherlode.adapters.openspiel as adapter

    game = pyspiel.load_game(adapter.short_name(name), {"players": players})
    return spiel_playout(game, rng)


def pettingzoo_playout(name: str, players: int, rng: random.Random) -> Callable[[int], int]:
    from pettingzoo_speed import play  # PettingZoo's loop, as its own benchmark times it

    from motherlode.adapters.pettingzoo import raw_env

    environment = raw_env(name, players=players)

    def play_one(number: int) -> int:
        return play(environment, number % 2**31 if number >= 0 else 12345, rng)

    return play_one


# --- OpenSpiel ---------------------------------------------------------------------------------
def spiel_playout(game: Any, rng: random.Random) -> Callable[[int], int]:
    def play_one(number: int) -> int:
        state = game.new_initial_state()
        choose = rng.choice
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
            else:
                state.apply_action(choose(state.legal_actions()))
            steps += 1
        return steps

    return play_one


def anchor_rate(seconds: float) -> float | None:
    """The anchor other benchmarks stand their figures beside: OpenSpiel's python_tic_tac_toe
    random playouts (`spiel_playout`), steps per CPU second (`time.process_time`) over about
    `seconds` of CPU time; None without pyspiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    importlib.import_module(SPIEL_MODULES["python_tic_tac_toe"])
    play_one = spiel_playout(pyspiel.load_game("python_tic_tac_toe"), random.Random(1))
    play_one(-1)  # warm up
    steps = played = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += play_one(played)
        played += 1
    return steps / (time.process_time() - start)


def spiel_results(seconds: float) -> list[Result]:
    try:
        import pyspiel
    except ImportError:
        print("pyspiel is not installed: no OpenSpiel comparisons", file=sys.stderr)
        return []
    results = []
    for name in PYTHON_SPIEL_GAMES + CPP_SPIEL_GAMES:
        kind = "OpenSpiel, Python game" if name in SPIEL_MODULES else "OpenSpiel, C++ game"
        if name in SPIEL_MODULES:
            importlib.import_module(SPIEL_MODULES[name])
        game = pyspiel.load_game(name)
        results.append(timed(name, kind, seconds, spiel_playout(game, random.Random(1))))
    return results


# --- the report --------------------------------------------------------------------------------
def machine() -> list[str]:
    cpu = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            names = [line.split(":", 1)[1].strip() for line in info if "model name" in line]
        cpu = names[0] if names else cpu
    except OSError:
        pass
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    versions = []
    for package in ("open_spiel", "pettingzoo", "numpy"):
        try:
            versions.append(f"{package} {metadata.version(package)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{package} not installed")
    return [
        f"date: {date.today().isoformat()}",
        f"python: {platform.python_implementation()} {platform.python_version()}",
        f"platform: {platform.platform()}",
        f"cpu: {cpu}; cpu_count {os.cpu_count()}, usable by this process {usable}",
        "packages: " + ", ".join(versions),
    ]


def fmt(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"


def report(results: list[Result], seconds: float) -> str:
    lines = ["# Random-playout speed", ""]
    lines += [f"- {line}" for line in machine()]
    lines += [f"- about {seconds:g} s per measurement, one process", ""]
    lines += [
        "| game | measured | per second | games/s | mean length |",
        "|---|---|---:|---:|---:|",
    ]
    for r in results:
        per_second = f"{fmt(r.steps_per_second)} {r.unit}"
        games_s = fmt(r.games_per_second) if r.unit == "steps" else ""
        length = f"{r.mean_length:.1f}" if r.unit == "steps" else ""
        lines.append(f"| {r.label} | {r.kind} | {per_second} | {games_s} | {length} |")
    ours = [r for r in results if r.kind == "engine, apply_unchecked"]
    others = [r for r in results if r.kind.startswith("OpenSpiel")]
    if ours and others:
        lines += ["", "Engine steps/s of each Motherlode game divided by each comparison's:", ""]
        lines.append("| Motherlode game | " + " | ".join(r.label for r in others) + " |")
        lines.append("|---|" + "---:|" * len(others))
        for mine in ours:
            ratios = " | ".join(
                f"{mine.steps_per_second / r.steps_per_second:.2f}x" for r in others
            )
            lines.append(f"| {mine.label} | {ratios} |")
    return "\n".join(lines)


def profile(name: str, players: int | None, seconds: float) -> None:
    game = motherlode.load(name) if players is None else motherlode.load(name, players=players)
    play_one = engine_playout(game, random.Random(0), checked=False)
    profiler = cProfile.Profile()
    profiler.enable()
    timed(name, "profile", seconds, play_one)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.sort_stats("tottime").print_stats(25)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument(
        "--games",
        default=",".join(games()),
        help="comma-separated Motherlode games (default: every registered game)",
    )
    parser.add_argument("--players", type=int, default=None, help="default: each game's own")
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel games")
    parser.add_argument("--no-adapters", action="store_true", help="skip the adapter rows")
    parser.add_argument("--profile", metavar="GAME", help="print a cProfile of GAME's playouts")
    args = parser.parse_args(argv)
    if args.profile:
        profile(args.profile, args.players, args.seconds)
        return 0

    results: list[Result] = []
    for name in [n for n in args.games.split(",") if n]:
        options = {} if args.players is None else {"players": args.players}
        game = motherlode.load(name, **options)
        label = f"{name} ({game.num_players}p)"
        rng = random.Random(0)
        kinds = (("engine, apply_unchecked", False), ("engine, checked apply", True))
        for kind, checked in kinds:
            results.append(timed(label, kind, args.seconds, engine_playout(game, rng, checked)))
        results.append(clone_rate(label, game, args.seconds))
        if not args.no_adapters:
            for kind, make in (
                ("adapter: OpenSpiel", spiel_adapter_playout),
                ("adapter: PettingZoo", pettingzoo_playout),
            ):
                try:
                    play_one = make(name, game.num_players, random.Random(0))
                except ImportError as err:
                    print(f"{kind} skipped: {err}", file=sys.stderr)
                    continue
                results.append(timed(label, kind, args.seconds, play_one))
    if not args.no_openspiel:
        results += spiel_results(args.seconds)
    print(report(results, args.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
