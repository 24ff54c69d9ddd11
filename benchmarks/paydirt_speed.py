"""Heuristic Pay Dirt games per CPU second, where their time goes, and the anchor, in one run.

    .venv/bin/python benchmarks/paydirt_speed.py                      # 4 players, 60 games
    .venv/bin/python benchmarks/paydirt_speed.py --games 100 --players 3
    PYTHONPATH=/other/checkout/src .venv/bin/python benchmarks/paydirt_speed.py   # another version

Plays seeded heuristic games (seeds 1..N, the `simulate` loop: `legal_actions()`, the seat's
view, the bot's `choose`, `apply_unchecked`) in this one process and reports, in CPU time
(`time.process_time`, steadier than the wall clock on a busy machine):

- games and steps per CPU second, the loop as `simulate` runs it (no timers inside);
- the share of each part of a step, from a second pass that times each call: the legal
  actions, the view the bot is given (`bots.bot_view` where it exists, else `state.view`),
  the bot's choice, the rules applying it;
- the anchor: OpenSpiel's `python_tic_tac_toe` random playouts, steps per CPU second, measured
  in the same run (`--anchor-seconds`);
- a digest of every game's final scores and length, to compare two versions' games.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
from collections.abc import Callable

import motherlode
import motherlode.bots as bot_registry
from motherlode.bots import make_bot
from motherlode.engine import State
from motherlode.sim.runner import bot_seed, play_game

PARTS = ("legal actions", "view", "bot", "apply")


def games_rate(game: motherlode.Game, seeds: range) -> tuple[float, float, str]:
    """(games, steps) per CPU second of `play_game`, and a digest of the results."""
    bots = ["heuristic"] * game.num_players
    steps = 0
    digest = hashlib.sha256()
    start = time.process_time()
    for seed in seeds:
        result = play_game(game, bots, seed)
        steps += result.steps
        digest.update(repr((result.scores, result.steps)).encode())
    spent = time.process_time() - start
    return len(seeds) / spent, steps / spent, digest.hexdigest()[:16]


def view_of() -> Callable[[State, int, object], object]:
    lean = getattr(bot_registry, "bot_view", None)
    if lean is not None:
        return lean  # type: ignore[no-any-return]
    return lambda state, seat, bot: state.view(seat)


def parts(game: motherlode.Game, seeds: range) -> dict[str, float]:
    """CPU seconds of each part of a step over the games, each call timed on its own."""
    clock = time.process_time
    spent = dict.fromkeys(PARTS, 0.0)
    view = view_of()
    for seed in seeds:
        state = game.new_game(seed)
        bots = [make_bot("heuristic", game, s, bot_seed(seed, s)) for s in range(game.num_players)]
        while (seat := state.current_player) is not None:
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            seen = view(state, seat, bots[seat])
            t2 = clock()
            action = bots[seat].choose(seen, legal)  # type: ignore[arg-type]
            t3 = clock()
            state.apply_unchecked(action)
            t4 = clock()
            for part, took in zip(PARTS, (t1 - t0, t2 - t1, t3 - t2, t4 - t3), strict=True):
                spent[part] += took
    return spent


def anchor(seconds: float) -> float:
    """OpenSpiel python_tic_tac_toe random playouts, steps per CPU second."""
    import pyspiel  # type: ignore[import-not-found]  # compiled, no stubs
    from open_spiel.python.games import tic_tac_toe  # noqa: F401  # registers the game

    spiel = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(0)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = spiel.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--anchor-seconds", type=float, default=3.0)
    args = parser.parse_args()
    game = motherlode.load("paydirt", players=args.players)
    seeds = range(1, args.games + 1)
    play_game(game, ["heuristic"] * args.players, 0)  # warm up: imports, caches
    ttt = anchor(args.anchor_seconds)
    per_game, per_step, digest = games_rate(game, seeds)
    spent = parts(game, seeds)
    total = sum(spent.values())
    print(f"paydirt {args.players}p heuristic, seeds {seeds.start}-{seeds.stop - 1}: "
          f"{per_game:.1f} games/CPU s, {per_step:,.0f} steps/CPU s; results digest {digest}")
    print("  " + ", ".join(f"{p} {spent[p] / total:.0%}" for p in PARTS)
          + f" (timed pass: {total:.2f} CPU s)")
    print(f"  anchor python_tic_tac_toe random playouts: {ttt:,.0f} steps/CPU s "
          f"(paydirt games/CPU s per 1,000 anchor steps/CPU s: {1000 * per_game / ttt:.3f})")


if __name__ == "__main__":
    main()
