"""The PettingZoo adapter beside PettingZoo's own `tictactoe_v3`, same loop, same run.

    .venv/bin/python benchmarks/pettingzoo_speed.py                  # every game, default counts
    .venv/bin/python benchmarks/pettingzoo_speed.py --cases saboteur:7,payday:4 --seconds 3
    .venv/bin/python benchmarks/pettingzoo_speed.py --cases saboteur:7,saboteur:7:full

A case is `name:players`, or `name:players:encoding` for the adapter's `action_encoding`
(the game's default without it).

The loop is the one PettingZoo documents for its classic games, for every environment:
`agent_iter()`, `last()`, a masked random choice (`np.flatnonzero` of the action mask, a seeded
`random.Random` pick), `step()`. Environments are made with `env(...)` (order-enforcing wrapper
included), as `tictactoe_v3.env()` is. Each measurement plays seeded games back to back for
about `--seconds` of CPU time (`time.process_time`, steadier than the wall clock on a busy
machine); measurements are taken in `--rounds` interleaved rounds and the best round of each
is kept. Steps are actions taken (a `step(None)` for a finished agent is not counted).
With `--paired`, `tictactoe_v3` is measured again right before each environment in every
round, and the report adds the median over the rounds of each environment's rate over the
`tictactoe_v3` rate just before it (steadier than the best rates when the machine's load
swings from one second to the next).

Prints Markdown: one row per environment, with agent-steps per CPU second, games per CPU
second, and the ratio to `tictactoe_v3` measured in the same run.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from pettingzoo.classic import tictactoe_v3  # type: ignore[import-untyped]

from motherlode.adapters.pettingzoo import env

DEFAULT_CASES = (
    "digitup:2,digitup:4,paydirt:2,paydirt:4,payday:2,payday:4,saboteur:4,saboteur:7,saboteur:10"
)
BASELINE = "tictactoe_v3"


@dataclass
class Rate:
    """Steps and games played in some CPU seconds."""

    steps: int
    games: int
    seconds: float

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


def play(environment: Any, seed: int, rng: random.Random) -> int:
    """One game in PettingZoo's loop; the number of actions taken."""
    environment.reset(seed=seed)
    steps = 0
    for _agent in environment.agent_iter():
        observation, _reward, termination, truncation, _info = environment.last()
        if termination or truncation:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps


def measure(make: Callable[[], Any], seconds: float) -> Rate:
    """Seeded games back to back for about `seconds` of CPU time."""
    environment = make()
    rng = random.Random(0)
    play(environment, 12345, rng)  # warm up
    steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += play(environment, games, rng)
        games += 1
    return Rate(steps, games, time.process_time() - start)


def makers(cases: str) -> dict[str, Callable[[], Any]]:
    """The environments to measure, by label, tictactoe_v3 first."""
    made: dict[str, Callable[[], Any]] = {BASELINE: tictactoe_v3.env}
    for case in cases.split(","):
        name, _, rest = case.partition(":")
        players, _, encoding = rest.partition(":")
        options: dict[str, Any] = {"players": int(players)} if players else {}
        label = f"{name} ({players}p)" if players else name
        if encoding:
            options["action_encoding"] = encoding
            label = f"{label[:-1]}, {encoding})" if players else f"{name} ({encoding})"
        made[label] = lambda name=name, options=options: env(name, **options)
    return made


def report(
    best: dict[str, Rate], seconds: float, rounds: int, paired: dict[str, list[float]]
) -> str:
    base = best[BASELINE].steps_per_second
    lines = [
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"best of {rounds} rounds of {seconds:g} CPU s each",
        "",
        "| environment | agent-steps/CPU s | games/CPU s | vs tictactoe_v3 |"
        + (" paired: median (min-max) |" if paired else ""),
        "|---|---:|---:|---:|" + ("---:|" if paired else ""),
    ]
    for label, rate in best.items():
        ratios = paired.get(label, [1.0])
        lines.append(
            f"| {label} | {rate.steps_per_second:,.0f} | {rate.games_per_second:,.1f} "
            f"| {rate.steps_per_second / base:.2f}x |"
            + (f" {statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) |"
               if paired else "")
        )
    return "\n".join(lines)


def keep_best(best: dict[str, Rate], label: str, rate: Rate) -> None:
    if label not in best or rate.steps_per_second > best[label].steps_per_second:
        best[label] = rate


def main(
    argv: list[str] | None = None,
    make_all: Callable[[str], dict[str, Callable[[], Any]]] = makers,
    default_cases: str = DEFAULT_CASES,
    doc: str = __doc__,
) -> int:
    """Parse `argv`, measure each environment `make_all(cases)` gives in interleaved rounds
    (the best rate kept), print the report; pettingzoo_floor.py passes its own makers."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument(
        "--cases", default=default_cases, help="name:players[:encoding],... (Motherlode)"
    )
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds a measurement")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds; best kept")
    parser.add_argument("--paired", action="store_true", help=f"{BASELINE} before each one")
    args = parser.parse_args(argv)
    made = make_all(args.cases)
    best: dict[str, Rate] = {}
    paired: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        for label, make in made.items():
            if args.paired and label != BASELINE:
                base = measure(made[BASELINE], args.seconds)
                keep_best(best, BASELINE, base)
            rate = measure(make, args.seconds)
            keep_best(best, label, rate)
            if args.paired and label != BASELINE:
                paired.setdefault(label, []).append(rate.steps_per_second / base.steps_per_second)
    print(report(best, args.seconds, args.rounds, paired))
    return 0


if __name__ == "__main__":
    sys.exit(main())
