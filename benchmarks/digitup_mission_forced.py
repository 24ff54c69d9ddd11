"""Dig It Up: is a mission worth keeping? One seat keeps it whenever dealt, paired by seed.

    .venv/bin/python benchmarks/digitup_mission_forced.py --mission gold-digger --games 8000
    .venv/bin/python benchmarks/digitup_mission_forced.py --mission gold-digger --bonus 30 ...
    .venv/bin/python benchmarks/digitup_mission_forced.py --mission crystal-clear --seat oneply

Four greedy bots, 4 players; game g is seed `--seed + g // 4` with the seat g % 4 watched (seats
rotated as in `digitup_mission_wins.py`). Each game is played as dealt (the seat keeps greedy's
choice); when the seat was dealt `--mission`, the same seed is played again with the seat
keeping `--mission` instead, all else greedy. The pair's difference in the seat's win share (a
tie shared) is the cause of keeping that mission rather than greedy's pick: its mean with a
paired 95% interval over the games where it was dealt (0 where greedy kept it anyway), and
the seat's win share keeping it, with its Wilson interval (fair: 0.25). `--bonus` plays every
game with the mission's bonus changed (`motherlode sweep`'s data copy), opponents included.
`--seat oneply` makes the watched seat the search's one-ply default of
`digitup_mission_wins.py` (it digs for its mission by its chance of being met) keeping a
mission at random from its hand as dealt (the protocol behind `MISSION_WINS`), against the
same seat keeping `--mission`: a player who chases its mission, where greedy does not.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from digitup_mission_wins import OnePly
from search_strength import wilson

import motherlode
from motherlode.bots import make_bot
from motherlode.bots.base import Bot, bot_view
from motherlode.engine import Action, View
from motherlode.rules.digitup import PHASES, DigItUp, Phase, money_for, scoreboard
from motherlode.sim.compare import difference
from motherlode.sim.sweep import DataField, data_source, write_variant

PLAYERS = 4


class Keeper:
    """The seat's bot (greedy, or the one-ply default), but keeps `mission` whenever dealt."""

    def __init__(self, base: Bot, mission: str) -> None:
        self.mission = mission
        self.base = base
        self.lean_view = getattr(base, "lean_view", False)  # as the bot it wraps

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if view["phase"] == PHASES[Phase.MISSIONS]:
            for action in legal:
                if str(action).split()[1] == self.mission:
                    return action
        return self.base.choose(view, legal)


def seat_bot(game: DigItUp, seat: int, seed: int, kind: str) -> Bot:
    """The watched seat's bot as dealt: greedy, or the one-ply default keeping at random."""
    if kind == "oneply":
        return OnePly(game, seat, seed, "random")
    return make_bot("greedy", game, seat, seed)


def play(game: DigItUp, seed: int, seat: int, keep: str, force: bool, kind: str
         ) -> tuple[float, str, bool, bool]:
    """The seat's win share, the mission it kept, whether it was met and whether `keep` was
    dealt to it (kept if so and `force`)."""
    state = game.new_game(seed)
    bots: list[Bot] = [make_bot("greedy", game, p, seed * 10 + p) for p in range(PLAYERS)]
    bots[seat] = seat_bot(game, seat, seed * 10 + seat, kind)
    if force:
        bots[seat] = Keeper(bots[seat], keep)
    dealt = False
    while (current := state.current_player) is not None:
        legal = state.legal_actions()
        view = bot_view(state, current, bots[current])
        if current == seat and view["phase"] == PHASES[Phase.MISSIONS]:
            dealt = any(str(a).split()[1] == keep for a in legal)
        state.apply(bots[current].choose(view, legal))
    kept = game.components.missions[state.mission[seat]].id
    met = money_for(game.components, scoreboard(state, seat)).achieved
    return state.returns()[seat], kept, bool(met), dealt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mission", required=True)
    parser.add_argument("--bonus", type=int, default=None)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seat", choices=("greedy", "oneply"), default="greedy")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        options: dict[str, object] = {"players": PLAYERS}
        if args.bonus is not None:
            field = DataField.parse(f"missions.mission.{args.mission}.bonus")
            options["data"] = str(write_variant(data_source("digitup", {}), field, args.bonus,
                                                Path(scratch) / "data"))
        game = motherlode.load("digitup", **options)
        if not isinstance(game, DigItUp):
            raise TypeError("digitup loads a DigItUp")
        bonus = next(m.bonus for m in game.components.missions if m.id == args.mission)
        load_before, cpu = os.getloadavg()[0], time.process_time()
        chosen: list[float] = []  # the seat's win share as dealt, games where it was dealt
        forced: list[float] = []  # ... keeping the mission
        kept_anyway = met = held = 0
        for g in range(args.games):
            seat, seed = g % PLAYERS, args.seed + g // PLAYERS
            won, kept, _, dealt = play(game, seed, seat, args.mission, False, args.seat)
            held += kept == args.mission
            if not dealt:
                continue
            forced_won, _, forced_met, _ = play(game, seed, seat, args.mission, True, args.seat)
            kept_anyway += kept == args.mission
            chosen.append(won)
            forced.append(forced_won)
            met += forced_met
    n = len(forced)
    found = difference(chosen, forced)
    low, high = wilson(sum(forced), n)
    print(f"{args.mission} at bonus {bonus}, the watched seat {args.seat}: {args.games} games "
          f"(seeds {args.seed}..{args.seed + (args.games - 1) // PLAYERS}, seats rotated), it "
          f"kept it {held} times; dealt to the seat in {n} games ({kept_anyway} kept anyway)")
    print(f"  keeping it: win share {found.b:.3f} [{low:.3f}, {high:.3f}] (fair 0.25), "
          f"met {met / n:.3f}; its own pick on the same deals {found.a:.3f}")
    print(f"  keeping it - its own pick: {found.diff * 100:+.1f} pp, paired 95% "
          f"[{found.low * 100:+.1f}, {found.high * 100:+.1f}]")
    print(f"  {time.process_time() - cpu:.0f} s of CPU; load average {load_before:.1f} -> "
          f"{os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
