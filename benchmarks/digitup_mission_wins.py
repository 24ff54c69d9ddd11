"""Dig It Up: how often the search's one-ply default wins against greedy, by the mission it keeps.

    .venv/bin/python benchmarks/digitup_mission_wins.py --keep random --games 2400 --seed 3000

One seat plays the potential's best dig (`search_digitup.candidates(state, 1)`, from a state
built from its view; no playouts) and places tokens as greedy does; it keeps its mission
`--keep`: `random` (the measurement behind `MISSION_WINS`), `table` (the levels' choice,
`keep_mission`) or `greedy` (the greedy bot's choice). The three other seats are greedy. Seats
rotated as in `search_strength.py` (game g: seed `--seed + g // 4`, the seat g % 4). Prints
the seat's win share with its 95% Wilson interval and, by mission kept, the games, how often
it was met and the win share (a tie shared).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Sequence

from search_strength import wilson

import motherlode
from motherlode.bots import make_bot
from motherlode.bots.base import Bot
from motherlode.bots.search_digitup import candidates, keep_mission, state_from_view
from motherlode.engine import Action, View
from motherlode.rules.digitup import PHASES, DigItUp, Phase, money_for, scoreboard

PLAYERS = 4


class OnePly:
    """The search's default alone: the potential's best dig; the mission as `keep` says."""

    def __init__(self, game: DigItUp, seat: int, seed: int, keep: str) -> None:
        self.game = game
        self.keep = keep
        self.rng = random.Random(seed)
        self.greedy = make_bot("greedy", game, seat, seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if view["phase"] == PHASES[Phase.DIG]:
            return candidates(state_from_view(self.game, view), 1)[0]
        if view["phase"] == PHASES[Phase.MISSIONS] and self.keep == "random":
            return legal[self.rng.randrange(len(legal))]
        if view["phase"] == PHASES[Phase.MISSIONS] and self.keep == "table":
            return keep_mission(legal)
        return self.greedy.choose(view, legal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", choices=("random", "table", "greedy"), default="table")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    game = motherlode.load("digitup", players=PLAYERS)
    if not isinstance(game, DigItUp):
        raise TypeError("digitup loads a DigItUp")
    load_before, cpu = os.getloadavg()[0], time.process_time()
    wins = 0.0
    by_mission: dict[str, list[float]] = {}  # id -> games, met, wins
    for g in range(args.games):
        seat, seed = g % PLAYERS, args.seed + g // PLAYERS
        state = game.new_game(seed)
        bots: list[Bot] = [
            OnePly(game, p, seed * 10 + p, args.keep) if p == seat
            else make_bot("greedy", game, p, seed * 10 + p) for p in range(PLAYERS)
        ]
        while (current := state.current_player) is not None:
            state.apply(bots[current].choose(state.view(current), state.legal_actions()))
        won = state.returns()[seat]
        wins += won
        mission = game.components.missions[state.mission[seat]].id
        met = money_for(game.components, scoreboard(state, seat)).achieved
        row = by_mission.setdefault(mission, [0, 0, 0.0])
        row[0] += 1
        row[1] += met
        row[2] += won
    low, high = wilson(wins, args.games)
    print(f"keep {args.keep}: win share {wins / args.games:.3f} [{low:.3f}, {high:.3f}] over "
          f"{args.games} games, x fair {wins / args.games * PLAYERS:.2f} "
          f"[{low * PLAYERS:.2f}, {high * PLAYERS:.2f}]; {time.process_time() - cpu:.0f} s of "
          f"CPU; load average {load_before:.1f} -> {os.getloadavg()[0]:.1f}")
    for mission, (games, met, won) in sorted(by_mission.items(), key=lambda r: -r[1][2] / r[1][0]):
        print(f"  {mission:20} {games:5.0f} games, met {met / games:.2f}, "
              f"win share {won / games:.3f}")


if __name__ == "__main__":
    main()
