"""How often each Dig It Up mission is met: greedy bots that keep their mission at random.

    .venv/bin/python benchmarks/digitup_missions.py [--games 250]

Prints, per mission, the share of players holding it who met it, over 2-5 player games. The
designed mission numbers (data/missions.toml) were tuned with it; see docs/games/digitup.md.
"""

from __future__ import annotations

import argparse
import collections
from collections.abc import Sequence

import motherlode
from motherlode.bots.digitup_greedy import GreedyDigger
from motherlode.engine import Action
from motherlode.rules.digitup import DigItUpView, is_digitup_view


class RandomMissionDigger(GreedyDigger):
    """Greedy digging, but the mission kept is chosen at random (so every mission is seen)."""

    def _mission(self, view: DigItUpView, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=250, help="games per player count")
    args = parser.parse_args()
    met: collections.Counter[str] = collections.Counter()
    held: collections.Counter[str] = collections.Counter()
    for players in range(2, 6):
        game = motherlode.load("digitup", players=players)
        for seed in range(args.games):
            state = game.new_game(seed)
            bots = [RandomMissionDigger(game, p, seed * 7 + p) for p in range(players)]
            while not state.is_terminal:
                p = state.current_player
                assert p is not None
                state.apply(bots[p].choose(state.view(p), state.legal_actions()))
            final = state.view(None)
            assert is_digitup_view(final)
            for board in final["scoreboards"]:
                mission, money = board.get("mission"), board.get("money")
                assert mission is not None and money is not None  # shown at the end
                held[mission] += 1
                met[mission] += money["mission_achieved"]
    print(f"{'mission':22} {'met':>5} {'held':>5}")
    for mission in sorted(held, key=lambda m: -met[m] / held[m]):
        print(f"{mission:22} {met[mission] / held[mission]:5.2f} {held[mission]:5d}")


if __name__ == "__main__":
    main()
