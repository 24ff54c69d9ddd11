"""The engine's speed against another checkout of the code, measured in one run, alternating.

    git worktree add /tmp/before <commit>
    .venv/bin/python benchmarks/compare.py --before /tmp/before --rounds 3 --seconds 2

Each round runs one child process per side (`--before`'s `src`, then this checkout's), one after
the other, so that both meet the same load on the machine. A child measures, for every game and
player count asked (default: each game at its default count, Saboteur at 10 too):

- `apply_unchecked`: `legal_actions()`, a seeded choice, `apply_unchecked()` (steps/s);
- checked `apply`: the same with `apply()`, which checks the action first (steps/s);
- `clone()` of 500 positions from random games (clones/s);

and, in the same process, OpenSpiel's `python_tic_tac_toe` driven the same way with
`apply_action` (steps/s), the anchor the issue names. Only the contract's calls are used, so
both sides run the same loop. The report gives the median of the rounds, new / old, and each
side's checked apply divided by python_tic_tac_toe.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
DEFAULT_GAMES = "digitup:4,paydirt:4,payday:4,saboteur:4,saboteur:10"


def _rate(seconds: float, run_one: Callable[[int], int]) -> float:
    """Units per second of `run_one(n)` (it returns its units) called until `seconds` pass."""
    done, number = 0, 0
    start = time.perf_counter()
    while True:
        done += run_one(number)
        number += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def _playout(name: str, players: int, checked: bool) -> Callable[[int], int]:
    import motherlode

    game = motherlode.load(name, players=players)

    def run_one(number: int) -> int:
        rng = random.Random(number)
        state = game.new_game(number)
        apply = state.apply if checked else state.apply_unchecked
        steps = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            apply(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return run_one


def _clones(name: str, players: int) -> Callable[[int], int]:
    import motherlode

    game = motherlode.load(name, players=players)
    rng = random.Random(7)
    states = []
    seed = 0
    while len(states) < 500:
        state = game.new_game(seed)
        seed += 1
        while not state.is_terminal:
            if rng.random() < 0.1:
                states.append(state.clone())
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])

    def run_one(number: int) -> int:
        for state in states:
            state.clone()
        return len(states)

    return run_one


def _tic_tac_toe() -> Callable[[int], int]:
    import pyspiel
    from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_tic_tac_toe")

    def run_one(number: int) -> int:
        rng = random.Random(number)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return run_one


def child(games: str, seconds: float) -> dict[str, float]:
    """One side's measurements, by row name."""
    out: dict[str, float] = {"python_tic_tac_toe": _rate(seconds, _tic_tac_toe())}
    for item in games.split(","):
        name, _, players = item.partition(":")
        count = int(players)
        label = f"{name} {count}p"
        out[f"{label} apply_unchecked"] = _rate(seconds, _playout(name, count, False))
        out[f"{label} checked apply"] = _rate(seconds, _playout(name, count, True))
        out[f"{label} clone"] = _rate(seconds, _clones(name, count))
    return out


def run_side(src: Path, games: str, seconds: float) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(
        [sys.executable, __file__, "--child", "--games", games, "--seconds", str(seconds)],
        env=env,
        cwd=src.parent,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--before", type=Path, help="a checkout of the code to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", default=DEFAULT_GAMES, help="name:players, comma-separated")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.games, args.seconds)))
        return 0
    if args.before is None:
        parser.error("--before DIR is required")
    sides = {"before": args.before.resolve() / "src", "after": HERE / "src"}
    runs: dict[str, list[dict[str, float]]] = {side: [] for side in sides}
    for round_ in range(args.rounds):
        for side, src in sides.items():
            runs[side].append(run_side(src, args.games, args.seconds))
            print(f"round {round_ + 1} {side} done", file=sys.stderr)
    medians = {
        side: {row: statistics.median(r[row] for r in results) for row in results[0]}
        for side, results in runs.items()
    }
    print(f"{args.rounds} rounds of {args.seconds:g} s per row, medians, alternating sides\n")
    print("| row | before | after | after / before |")
    print("|---|---:|---:|---:|")
    for row, old in medians["before"].items():
        new = medians["after"][row]
        print(f"| {row} | {old:,.0f} | {new:,.0f} | {new / old:.3f} |")
    print("\nChecked apply / python_tic_tac_toe, each side in its own runs (median of rounds):\n")
    print("| row | before | after |")
    print("|---|---:|---:|")
    for row in medians["before"]:
        if row.endswith("checked apply"):
            ratios = {
                side: statistics.median(r[row] / r["python_tic_tac_toe"] for r in results)
                for side, results in runs.items()
            }
            print(f"| {row} | {ratios['before']:.2f}x | {ratios['after']:.2f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
