"""Pay Dirt: is an upgrade worth buying? One seat never buys it, paired by seed.

    .venv/bin/python benchmarks/paydirt_upgrade_abstain.py --upgrade industrial-pump --games 2000
    .venv/bin/python benchmarks/paydirt_upgrade_abstain.py --upgrade industrial-pump \
        --set upgrades.upgrade.industrial-pump.price=2000 --games 2000

Four heuristic bots, 4 players; game g is seed `--seed + g // 4` with the seat g % 4 watched
(seats rotated). Each seed is played twice: as the heuristic plays, and with the watched seat
never buying `--upgrade` (the heuristic with that upgrade worth nothing to it; all else the
same). The pair's difference in the seat's win share (a tie shared) and gold is the cause of
buying the upgrade as the heuristic does: its mean over the games where the seat bought it
(the other games' pairs are the same game), with a paired 95% interval. `--set FIELD=VALUE`
plays both arms with one number of the data changed (`motherlode sweep`'s field path).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import motherlode
from motherlode.bots import make_bot
from motherlode.bots.base import Bot, bot_view
from motherlode.bots.paydirt_heuristic import PayDirtHeuristic
from motherlode.engine import Game
from motherlode.rules.paydirt import PayDirtView
from motherlode.sim.compare import difference
from motherlode.sim.sweep import DataField, data_source, write_variant

PLAYERS = 4


class Abstainer(PayDirtHeuristic):
    """The heuristic, to which one upgrade is worth nothing (so it never plans to buy it)."""

    def __init__(self, game: Game, seat: int, seed: int, upgrade: str) -> None:
        super().__init__(game, seat, seed)
        self.upgrade = upgrade

    def _upgrade_gain(self, view: PayDirtView, upgrade: str) -> float:
        if upgrade == self.upgrade:
            return -float("inf")
        return super()._upgrade_gain(view, upgrade)


def play(game: Game, seed: int, seat: int, upgrade: str, abstain: bool
         ) -> tuple[float, float, bool]:
    """The seat's win share and gold, and whether it ever held `upgrade`."""
    state = game.new_game(seed)
    bots: list[Bot] = [
        Abstainer(game, p, seed * 10 + p, upgrade) if p == seat and abstain
        else make_bot("heuristic", game, p, seed * 10 + p) for p in range(PLAYERS)
    ]
    held = False
    while (current := state.current_player) is not None:
        view = bot_view(state, current, bots[current])
        if current == seat:
            held = held or upgrade in view["boards"][seat]["upgrades"].values()
        state.apply(bots[current].choose(view, state.legal_actions()))
    return state.returns()[seat], state.scores()[seat], held


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upgrade", required=True)
    parser.add_argument("--set", default=None, help="FIELD=VALUE of the data, both arms")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        options: dict[str, object] = {"players": PLAYERS}
        if args.set is not None:
            field, value = args.set.split("=")
            source = data_source("paydirt", {})
            options["data"] = str(write_variant(source, DataField.parse(field), int(value),
                                                Path(scratch) / "data"))
        game = motherlode.load("paydirt", **options)
        load_before, cpu = os.getloadavg()[0], time.process_time()
        wins: tuple[list[float], list[float]] = ([], [])  # as played, abstaining
        gold: tuple[list[float], list[float]] = ([], [])
        for g in range(args.games):
            seat, seed = g % PLAYERS, args.seed + g // PLAYERS
            won, score, held = play(game, seed, seat, args.upgrade, abstain=False)
            if not held:
                continue
            kept_out = play(game, seed, seat, args.upgrade, abstain=True)
            for into, pair in ((wins, (won, kept_out[0])), (gold, (score, kept_out[1]))):
                into[0].append(pair[0])
                into[1].append(pair[1])
    win, nuggets = difference(*wins), difference(*gold)
    print(f"{args.upgrade} ({args.set or 'the data as it is'}): {args.games} games (seeds "
          f"{args.seed}..{args.seed + (args.games - 1) // PLAYERS}, seats rotated); the seat "
          f"bought it in {len(wins[0])}")
    print(f"  in those games: win share buying {win.a:.3f}, never buying {win.b:.3f}; "
          f"never - buying {win.diff * 100:+.1f} pp, paired 95% [{win.low * 100:+.1f}, "
          f"{win.high * 100:+.1f}]")
    print(f"  gold buying {nuggets.a:.2f}, never buying {nuggets.b:.2f}; never - buying "
          f"{nuggets.diff:+.2f} [{nuggets.low:+.2f}, {nuggets.high:+.2f}]")
    print(f"  {time.process_time() - cpu:.0f} s of CPU; load average {load_before:.1f} -> "
          f"{os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
