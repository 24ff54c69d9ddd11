"""Speed of the array Dig It Up (`motherlode.adapters.digitup_batch.DigItUpBatch`).

    .venv/bin/python benchmarks/digitup_batch_speed.py
    .venv/bin/python benchmarks/digitup_batch_speed.py --num-games 1024 --players 2 4 --seconds 5

For each player count: `num_games` games, every seat choosing uniformly among its legal actions
(the argmax of random keys where the mask is set, one numpy draw over the batch, as
`vector_speed.py` does); `step` until about `--seconds` of CPU time have passed. Every action
is an agent step (all seats act through the batch; no bots). Prints Markdown: agent steps and
games finished per CPU second, the same without the choice of actions (the batch alone), and
the share of a step spent in each part of the batch (`--profile`).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time

import numpy as np

from motherlode.adapters.digitup_batch import DigItUpBatch


def masked_uniform(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """One legal action a row, uniformly: the argmax of random keys where the mask is set."""
    keys = rng.random(masks.shape)
    return np.argmax(np.where(masks == 1, keys, -1.0), axis=1)


def measure(num_games: int, players: int, seconds: float) -> str:
    games = DigItUpBatch(num_games, players=players)
    rng = np.random.default_rng(0)
    step = games.reset(seed=0)
    steps = finished = 0
    choosing = 0.0
    start = time.process_time()
    while time.process_time() - start < seconds:
        before = time.process_time()
        actions = masked_uniform(rng, step.masks)
        choosing += time.process_time() - before
        step = games.step(actions)
        steps += num_games
        finished += int(step.dones.sum())
    spent = time.process_time() - start
    return (
        f"| {players} | {num_games:,} | {steps / spent:,.0f} | {finished / spent:,.0f} "
        f"| {steps / (spent - choosing):,.0f} |"
    )


def profile(num_games: int, players: int, steps: int) -> None:
    games = DigItUpBatch(num_games, players=players)
    rng = np.random.default_rng(0)
    step = games.reset(seed=0)
    for _ in range(steps):  # past the first games' ends, so that restarts are in the profile
        step = games.step(masked_uniform(rng, step.masks))
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(steps):
        step = games.step(masked_uniform(rng, step.masks))
    profiler.disable()
    pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--num-games", type=int, default=1024)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--profile", action="store_true", help="profile 100 steps, after 100")
    args = parser.parse_args()
    if args.profile:
        profile(args.num_games, args.players[0], 100)
        return
    print("| players | games in the batch | agent steps/CPU s | games/CPU s "
          "| agent steps/CPU s, batch alone |")
    print("|---:|---:|---:|---:|---:|")
    for players in args.players:
        print(measure(args.num_games, players, args.seconds), flush=True)


if __name__ == "__main__":
    main()
