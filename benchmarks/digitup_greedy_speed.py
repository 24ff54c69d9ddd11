"""Greedy Dig It Up games per CPU second, beside OpenSpiel's python_tic_tac_toe (issue 24).

    .venv/bin/python benchmarks/digitup_greedy_speed.py --games 300 --players 4
    PYTHONPATH=/path/to/main/src .venv/bin/python benchmarks/digitup_greedy_speed.py  # before

Plays seeded greedy games (`sim.runner.play_to_end`, what `motherlode simulate` plays in each
worker) in this one process, and times them in CPU time (`time.process_time`, steadier than the
wall clock on a busy machine), best of `--rounds`; then OpenSpiel's python_tic_tac_toe random
playouts (`playouts.py`'s loop) for the same CPU seconds in the same run. Two jobs play at most
twice the one-process rate (less the simulator's own cost, which `motherlode simulate --jobs 2`
shows in its wall-clock figure).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time

from motherlode.engine import load
from motherlode.sim.runner import play_to_end


def greedy_rate(players: int, games: int, rounds: int) -> tuple[float, float]:
    """Best games per CPU second over `rounds` runs of seeds 0..games-1, and CPU s of one."""
    game = load("digitup", players=players)
    bots = ("greedy",) * players
    play_to_end(game, bots, 12345)  # warm up
    best, seconds = 0.0, 0.0
    for _ in range(rounds):
        start = time.process_time()
        for seed in range(games):
            play_to_end(game, bots, seed)
        seconds = time.process_time() - start
        best = max(best, games / seconds)
    return best, seconds


def tictactoe_rate(seconds: float) -> float | None:
    """OpenSpiel python_tic_tac_toe random playouts: steps per CPU second (None: no pyspiel)."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # compiled, no stubs
    except ImportError:
        return None
    importlib.import_module("open_spiel.python.games.tic_tac_toe")
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(1)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    rate, seconds = greedy_rate(args.players, args.games, args.rounds)
    anchor = tictactoe_rate(max(seconds, 1.0))
    print(f"greedy digitup {args.players}p: {rate:,.1f} games/CPU s "
          f"(best of {args.rounds} x {args.games} games)")
    if anchor is not None:
        print(f"OpenSpiel python_tic_tac_toe random playouts: {anchor:,.0f} steps/CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
