"""Milliseconds a move and iterations a second: our search bot against OpenSpiel's ISMCTSBot,
on the same positions.

    .venv/bin/python benchmarks/search_speed.py --game digitup --players 4 --positions 8 \\
        --iterations 100

The positions are taken from one game (seed `--seed`) played by the game's strongest bot in
every seat: every `--every`-th decision with more than one legal action, up to `--positions`.
At each, `search-medium`'s class (bots/search.py) searches with `--iterations` playouts, and
OpenSpiel's `open_spiel.python.algorithms.ismcts.ISMCTSBot` (UCT constant 1.4, one random
rollout to the end per simulation, states resampled through the adapter's
`resample_from_infostate`) with as many simulations. An iteration is not the same work in
both: ours is a determinization and a rollout cut after `depth` decisions of a cheap greedy
policy; ISMCTS's is a tree walk, a JSON information-state string at every node and a random
rollout to the end. Needs the `rl` extra (OpenSpiel). Each is timed on the clock and in this
process's CPU time (the figure a loaded machine does not inflate); give the load average with
the figures.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # a compiled module without stubs
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found]

import motherlode.adapters.openspiel as adapter
from motherlode.bots import make_bot, strongest_bot
from motherlode.bots.search import MediumSearch


def positions(name: str, players: int, seed: int, every: int, count: int) -> list[pyspiel.State]:
    """Positions of one game played by the strongest bot, as pyspiel states."""
    game = pyspiel.load_game(adapter.short_name(name), {"players": players, "rng_seed": seed})
    state = game.new_initial_state()
    engine = state.motherlode.game
    bots = [make_bot(strongest_bot(name), engine, p, p) for p in range(players)]
    found: list[pyspiel.State] = []
    decisions = 0
    while not state.is_terminal() and len(found) < count:
        real = state.motherlode
        seat = real.current_player
        legal = real.legal_actions()
        if len(legal) > 1:
            decisions += 1
            if decisions % every == 0:
                found.append(state.clone())
        state.apply_action(engine.encode(bots[seat].choose(real.view(seat), legal)))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="digitup")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    found = positions(args.game, args.players, args.seed, args.every, args.positions)
    ours = ismcts_seconds = ours_iterations = ours_cpu = ismcts_cpu = 0.0
    for i, state in enumerate(found):
        real = state.motherlode
        seat = real.current_player
        bot = MediumSearch(real.game, seat, i)
        bot.iterations = args.iterations
        start, start_cpu = time.perf_counter(), time.process_time()
        bot.choose(real.view(seat), real.legal_actions())
        ours += time.perf_counter() - start
        ours_cpu += time.process_time() - start_cpu
        ours_iterations += bot.last_iterations
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(i))
        other = ismcts.ISMCTSBot(state.get_game(), evaluator, 1.4, args.iterations,
                                 random_state=np.random.RandomState(i))
        start, start_cpu = time.perf_counter(), time.process_time()
        other.step(state)
        ismcts_seconds += time.perf_counter() - start
        ismcts_cpu += time.process_time() - start_cpu
    n = len(found)
    sims = args.iterations * n
    print(f"{args.game} {args.players}p, {n} positions, {args.iterations} iterations each; "
          f"load average {load_before:.1f} -> {os.getloadavg()[0]:.1f}")
    print(f"  search (ours):      {1000 * ours / n:8.1f} ms a move, "
          f"{ours_iterations / ours:8.0f} iterations/s; CPU: {1000 * ours_cpu / n:8.1f} ms a move, "
          f"{ours_iterations / ours_cpu:8.0f} iterations/s")
    print(f"  OpenSpiel ISMCTSBot: {1000 * ismcts_seconds / n:8.1f} ms a move, "
          f"{sims / ismcts_seconds:8.0f} iterations/s; "
          f"CPU: {1000 * ismcts_cpu / n:8.1f} ms a move, "
          f"{sims / ismcts_cpu:8.0f} iterations/s")


if __name__ == "__main__":
    main()
