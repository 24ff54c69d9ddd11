"""Saboteur's step and clone speed in CPU time, for comparing two versions of the code on a
busy machine (wall-clock rates swing with the other processes; CPU time much less).

    .venv/bin/python benchmarks/saboteur_speed.py --players 10
    PYTHONPATH=/other/checkout/src .venv/bin/python benchmarks/saboteur_speed.py --players 10

The same seeded random games every run: `apply_unchecked` and checked `apply` steps per CPU
second, and `clone()`s per CPU second of positions taken from them; the best of `--repeat`.
"""

from __future__ import annotations

import argparse
import random
import time

from playouts import positions

import motherlode


def steps_rate(game: motherlode.Game, games: int, checked: bool) -> float:
    rng = random.Random(0)
    steps = 0
    spent = 0.0
    for number in range(games):
        state = game.new_game(number)
        step = state.apply if checked else state.apply_unchecked
        choose = rng.choice
        start = time.process_time()
        while not state.is_terminal:
            step(choose(state.legal_actions()))
            steps += 1
        spent += time.process_time() - start
    return steps / spent


def clone_rate(game: motherlode.Game, count: int) -> float:
    states = positions(game, count, seed=7)
    start = time.process_time()
    for _ in range(5):
        for state in states:
            state.clone()
    return 5 * count / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    game = motherlode.load("saboteur", players=args.players)
    unchecked = max(steps_rate(game, args.games, False) for _ in range(args.repeat))
    checked = max(steps_rate(game, args.games, True) for _ in range(args.repeat))
    clones = max(clone_rate(game, 500) for _ in range(args.repeat))
    print(f"saboteur {args.players}p: apply_unchecked {unchecked:,.0f} steps/s, checked apply "
          f"{checked:,.0f} steps/s, clone {clones:,.0f}/s (CPU time)")


if __name__ == "__main__":
    main()
