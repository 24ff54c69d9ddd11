"""Heuristic Saboteur games per CPU second (issue 24 point 3), beside OpenSpiel's
python_tic_tac_toe random playouts measured in the same run, for comparing two versions of
the code on a busy machine:

    .venv/bin/python benchmarks/saboteur_bots_speed.py --players 7 --games 40
    PYTHONPATH=/other/checkout/src .venv/bin/python benchmarks/saboteur_bots_speed.py

Plays seeds 1..`--games` once with the heuristic in every seat (`sim.runner.play_game`, as
`motherlode simulate` does in each worker) and counts CPU time (`time.process_time`). Once
only: the bot keeps the distances of the mazes it has seen, so replaying the same seeds
would measure its caches. `motherlode simulate --jobs 2` runs two such processes, so on two idle
cores it plays about twice the rate printed here.
"""

from __future__ import annotations

import argparse
import random
import time

from playouts import spiel_playout

import motherlode
from motherlode.sim.runner import play_game


def games_rate(game: motherlode.Game, games: int) -> float:
    bots = ["heuristic"] * game.num_players
    start = time.process_time()
    for seed in range(1, games + 1):
        play_game(game, bots, seed)
    return games / (time.process_time() - start)


def anchor_rate(seconds: float) -> float | None:
    """python_tic_tac_toe random playout steps per CPU second, or None without pyspiel."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  registers the game
    except ImportError:
        return None
    play_one = spiel_playout(pyspiel.load_game("python_tic_tac_toe"), random.Random(1))
    steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += play_one(games)
        games += 1
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    game = motherlode.load("saboteur", players=args.players)
    rate = games_rate(game, args.games)
    anchor = anchor_rate(2.0)
    ttt = "no pyspiel" if anchor is None else f"{anchor:,.0f} steps/CPU s"
    print(f"saboteur {args.players}p heuristic: {rate:.1f} games/CPU s (one process; "
          f"x2 for --jobs 2 on two free cores); python_tic_tac_toe random playouts: {ttt}")


if __name__ == "__main__":
    main()
