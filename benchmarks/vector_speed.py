"""Speed of the batched environment (`motherlode.adapters.vector.MotherlodeVectorEnv`).

    .venv/bin/python benchmarks/vector_speed.py
    .venv/bin/python benchmarks/vector_speed.py --games digitup --num-envs 1024 --seconds 5

For each game: `num_envs` games, the learner at seat 0 choosing uniformly among its legal
actions (one vectorized numpy draw over the batch of masks), the other seats played by the
`--opponents` bot; `step` until about `--seconds` of CPU time have passed. Prints Markdown:
the learner's steps (one decision in each game of the batch per `step`), the games finished,
and all seats' actions (learner and bots), each per CPU second.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from motherlode.adapters.vector import MotherlodeVectorEnv
from motherlode.engine import games


def masked_uniform(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """One legal action a row, uniformly: the argmax of random keys where the mask is set."""
    keys = rng.random(masks.shape)
    return np.argmax(np.where(masks == 1, keys, -1.0), axis=1)


def measure(name: str, num_envs: int, opponents: str, seconds: float) -> str:
    envs = MotherlodeVectorEnv(name, num_envs=num_envs, opponents=opponents)
    rng = np.random.default_rng(0)
    observations, _ = envs.reset(seed=0)
    played_before = sum(len(table.state.history) for table in envs.tables)
    learner = finished = finished_actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions = masked_uniform(rng, observations["action_mask"])
        observations, _, terminations, _, infos = envs.step(actions)
        learner += num_envs
        for i in np.flatnonzero(terminations):
            finished += 1
            finished_actions += infos["final_info"][i]["actions"]
    spent = time.process_time() - start
    in_play = sum(len(table.state.history) for table in envs.tables)
    actions_all = finished_actions + in_play - played_before
    return (
        f"| {name} | {num_envs} | {opponents} | {learner / spent:,.0f} | {finished / spent:,.1f} "
        f"| {actions_all / spent:,.0f} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(games()), help="comma-separated games")
    parser.add_argument("--num-envs", type=int, default=256)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds a game")
    args = parser.parse_args(argv)
    print("| game | num_envs | opponents | learner steps/CPU s | games/CPU s | actions/CPU s |")
    print("|---|---:|---|---:|---:|---:|")
    for name in args.games.split(","):
        print(measure(name, args.num_envs, args.opponents, args.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
