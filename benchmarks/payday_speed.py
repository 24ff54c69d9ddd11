"""Heuristic Pay Day games per CPU second, beside OpenSpiel's `python_tic_tac_toe` random
playouts measured in the same run (issue 24 point 3).

    .venv/bin/python benchmarks/payday_speed.py --games 300
    PYTHONPATH=/other/checkout/src .venv/bin/python benchmarks/payday_speed.py --games 300

One process plays the seeds 0..games-1 with the heuristic bot in every seat, as `simulate` does
(`play_to_end`: each seat's view, the legal actions, the bot's choice, `apply_unchecked`), and
times them in CPU seconds (`time.process_time`, steadier than the wall clock on a busy machine).
It prints the games and steps per CPU second, OpenSpiel's anchor, and a digest of every game's
final scores and length: two versions of the code that make the same choices print the same
digest.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import random
import time

from playouts import SPIEL_MODULES, spiel_playout

from motherlode.engine import load
from motherlode.sim.runner import play_to_end

ANCHOR = "python_tic_tac_toe"


def heuristic_games(players: int, games: int) -> tuple[float, int, str]:
    """CPU seconds, steps and the digest of the scores of `games` heuristic games."""
    game = load("payday", players=players)
    bots = ["heuristic"] * players
    digest = hashlib.sha256()
    steps = 0
    start = time.process_time()
    for seed in range(games):
        result = play_to_end(game, bots, seed)[1]
        steps += result.steps
        digest.update(repr((seed, result.scores, result.steps)).encode())
    return time.process_time() - start, steps, digest.hexdigest()[:16]


def anchor_rate(seconds: float) -> float:
    """OpenSpiel's python_tic_tac_toe random playouts: steps per CPU second."""
    import pyspiel  # type: ignore[import-not-found]  # compiled, no stubs

    importlib.import_module(SPIEL_MODULES[ANCHOR])
    play_one = spiel_playout(pyspiel.load_game(ANCHOR), random.Random(1))
    play_one(-1)
    steps = played = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += play_one(played)
        played += 1
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds for the anchor")
    args = parser.parse_args()
    before = anchor_rate(args.seconds)
    spent, steps, digest = heuristic_games(args.players, args.games)
    after = anchor_rate(args.seconds)
    print(f"heuristic Pay Day {args.players}p: {args.games} games in {spent:.2f} CPU s: "
          f"{args.games / spent:.1f} games/CPU s, {steps / spent:,.0f} steps/CPU s "
          f"(scores digest {digest})")
    print(f"{ANCHOR} random playouts: {before:,.0f} steps/CPU s before, {after:,.0f} after")


if __name__ == "__main__":
    main()
