"""How often each Dig It Up mission is met: greedy bots that keep their mission at random.

    .venv/bin/python benchmarks/digitup_missions.py [--games 250]
    .venv/bin/python benchmarks/digitup_missions.py --games 400 \
        --set missions.mission.gold-digger.count=6 --set missions.mission.scholar.count=4

Prints, per mission, the share of players holding it who met it, over 2-5 player games. The
designed mission numbers (data/missions.toml) were tuned with it; see docs/games/digitup.md.
`--set FIELD=VALUE` (repeatable) plays with numbers of the data changed (`motherlode sweep`'s
field paths): a mission's rate at another threshold, several missions' in one run (each
player keeps one mission, so a threshold moves its own mission's rate, and the others' only
through how its holder digs).
"""

from __future__ import annotations

import argparse
import collections
import tempfile
from collections.abc import Sequence
from pathlib import Path

import motherlode
from motherlode.bots.digitup_greedy import GreedyDigger
from motherlode.engine import Action
from motherlode.rules.digitup import DigItUpView, is_digitup_view
from motherlode.sim.sweep import DataField, data_source, write_variant


class RandomMissionDigger(GreedyDigger):
    """Greedy digging, but the mission kept is chosen at random (so every mission is seen)."""

    def _mission(self, view: DigItUpView, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=250, help="games per player count")
    parser.add_argument("--set", action="append", default=[], help="FIELD=VALUE of the data")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "data"
        for change in args.set:
            field, value = change.split("=")
            source = folder if folder.exists() else data_source("digitup", {})
            write_variant(source, DataField.parse(field), int(value), folder)
        count(args.games, str(folder) if args.set else "")


def count(games: int, data: str) -> None:
    """Play `games` games at each of 2-5 players and print each mission's rate met."""
    met: collections.Counter[str] = collections.Counter()
    held: collections.Counter[str] = collections.Counter()
    for players in range(2, 6):
        game = motherlode.load("digitup", players=players, data=data)
        for seed in range(games):
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
