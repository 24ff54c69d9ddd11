"""How often one search seat wins against the strongest hand-written bot in every other seat.

    .venv/bin/python benchmarks/search_strength.py --game digitup --players 4 \\
        --bot search-medium --games 200

Seats are rotated: game g (seed `--seed + g // players`) puts the search bot in seat
g % players, so each seed is played once from every seat (seed-paired). A game's win is shared
among its tied winners (`State.returns`). The report gives the search seat's win share with its
95% Wilson interval, the fair share (1 / players) and the ratio to it, the search bot's mean
milliseconds (on the clock, and of this process's CPU: the figure a loaded machine does not
inflate) and iterations a move (its moves with more than one legal action), how often and in
which phases its move differed from the hand-written bot's choice from the same view (its
overrules, counted where it searched), and the load
average of the machine at the start and at the end, since the time a move depends on it (the
choices do not: the levels use an iteration budget). Each game's running total goes to stderr.
Saboteur: also the search seat's rounds by its side in each (gold-digger: a green or blue
Digger or the Boss; saboteur; other: the Profiteer, a Geologist), the share of them in which it
won gold (95% Wilson interval) and its gold a round; `--bot heuristic` gives the same figures
for the heuristic in that seat, the baseline.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

import motherlode
from motherlode.bots import make_bot, strongest_bot
from motherlode.bots.search import SearchBot
from motherlode.engine import State
from motherlode.rules.saboteur import GoldShared, from_json

Z95 = 1.959964
#: Saboteur: the roles of a round's share-out (`GoldShared.roles`) grouped as the report gives
#: them: those paid when the treasure is reached, the saboteurs, the others
SIDES = {"green digger": "gold-digger", "blue digger": "gold-digger", "boss": "gold-digger",
         "saboteur": "saboteur", "profiteer": "other", "geologist": "other"}


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share `wins / games`."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + Z95**2 / games
    centre = (p + Z95**2 / (2 * games)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / games + Z95**2 / (4 * games**2)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def saboteur_rounds(state: State, seat: int) -> list[tuple[str, int]]:
    """Saboteur: each round's side of `seat` (`SIDES`) and the gold the share-out gave it,
    from the public log of a finished game."""
    rounds = []
    for entry in state.view(None)["log"]:
        event = from_json(entry)
        if isinstance(event, GoldShared) and event.roles:
            rounds.append((SIDES.get(event.roles[seat], "other"), event.gold[seat]))
    return rounds


def run(game_name: str, players: int, bot: str, games: int, seed: int,
        settings: dict[str, float]) -> dict[str, float]:
    """Play `games` seat-rotated games; the search seat's wins, time and iterations.
    `settings` overrides the search bot's budget and knobs (`iterations`, `millis`, `depth`,
    `epsilon`, `width`, `confidence`, `halving`)."""
    game = motherlode.load(game_name, players=players)
    other = strongest_bot(game_name)
    wins = 0.0
    searched = 0
    seconds = 0.0
    cpu = 0.0
    iterations = 0
    by_side: dict[str, list[int]] = {}
    overrules: dict[str, int] = {}
    for g in range(games):
        search_seat = g % players
        game_seed = seed + g // players
        state = game.new_game(game_seed)
        bots = [
            make_bot(bot if p == search_seat else other, game, p, game_seed * 10 + p)
            for p in range(players)
        ]
        for name, value in settings.items():
            setattr(bots[search_seat], name, value)
        judge = make_bot(other, game, search_seat, game_seed * 10 + search_seat)
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            view = state.view(seat)
            start, start_cpu = time.perf_counter(), time.process_time()
            action = bots[seat].choose(view, legal)
            if seat == search_seat and len(legal) > 1:
                seconds += time.perf_counter() - start
                cpu += time.process_time() - start_cpu
                searched += 1
                chooser = bots[seat]
                if isinstance(chooser, SearchBot) and chooser.last_iterations:
                    iterations += chooser.last_iterations
                    if action != judge.choose(view, legal):
                        phase = str(view.get("phase", "?"))
                        overrules[phase] = overrules.get(phase, 0) + 1
            state.apply(action)
        wins += state.returns()[search_seat]
        if game_name == "saboteur":
            for side, gold in saboteur_rounds(state, search_seat):
                by_side.setdefault(side, []).append(gold)
        print(f"game {g + 1}: search seat {search_seat}, wins so far {wins:g}, "
              f"{1000 * cpu / max(searched, 1):.0f} ms of CPU a move, "
              f"overrules so far {sum(overrules.values())}", file=sys.stderr, flush=True)
    return {
        "wins": wins,
        "games": games,
        "ms_per_move": 1000 * seconds / max(searched, 1),
        "cpu_ms_per_move": 1000 * cpu / max(searched, 1),
        "iterations_per_move": iterations / max(searched, 1),
        "searched": searched,
        **{f"overrules {phase}": count for phase, count in sorted(overrules.items())},
        **{f"{side} rounds": len(golds) for side, golds in by_side.items()},
        **{f"{side} rounds won": sum(g > 0 for g in golds) for side, golds in by_side.items()},
        **{f"{side} gold a round": sum(golds) / len(golds) for side, golds in by_side.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="digitup")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="search-medium")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=NUMBER",
                        help="a search setting for this run, e.g. millis=250 or confidence=0")
    args = parser.parse_args()
    settings = {name: float(value) for name, _, value in (s.partition("=") for s in args.set)}
    for name in ("iterations", "depth", "width"):
        if name in settings:
            settings[name] = int(settings[name])
    load_before = os.getloadavg()[0]
    result = run(args.game, args.players, args.bot, args.games, args.seed, settings)
    load_after = os.getloadavg()[0]
    share = result["wins"] / result["games"]
    low, high = wilson(result["wins"], args.games)
    fair = 1 / args.players
    print(
        f"{args.game} {args.players}p, {args.bot} {' '.join(args.set)} in one seat (rotated) "
        f"against {strongest_bot(args.game)}: win share {share:.3f} "
        f"[{low:.3f}, {high:.3f}] over {args.games} games; fair {fair:.3f}, "
        f"ratio {share / fair:.2f} [{low / fair:.2f}, {high / fair:.2f}]; "
        f"{result['ms_per_move']:.1f} ms ({result['cpu_ms_per_move']:.1f} ms of CPU) and "
        f"{result['iterations_per_move']:.0f} iterations a move; "
        f"load average {load_before:.1f} -> {load_after:.1f}"
    )
    overruled = {name.split(" ", 1)[1]: int(count) for name, count in result.items()
                 if name.startswith("overrules ")}
    print(f"  played other than {strongest_bot(args.game)} from the same view at "
          f"{sum(overruled.values())} of its {int(result['searched'])} moves with a choice"
          + "".join(f"; {phase} {count}" for phase, count in overruled.items()))
    for side in ("gold-digger", "saboteur", "other"):
        rounds = int(result.get(f"{side} rounds", 0))
        if rounds:
            won = result[f"{side} rounds won"]
            low, high = wilson(won, rounds)
            print(f"  as {side}: {rounds} rounds, won gold in {won / rounds:.3f} "
                  f"[{low:.3f}, {high:.3f}] of them, {result[f'{side} gold a round']:.2f} gold "
                  "a round")


if __name__ == "__main__":
    main()
