"""Saboteur Gold bots by role: how often each dwarf wins its round and what it earns.

    PYTHONPATH=src .venv/bin/python benchmarks/saboteur_roles.py --players 4 \\
        --bots heuristic,random --games 500 --jobs 2

`motherlode simulate` sums up whole games per seat; Saboteur's dwarves are dealt again every
round, so this reads each finished game's log instead: per round, each seat's dwarf (the `end`
event turns them all up) and its share of the gold before thefts (`share`). A round is won by a
seat that got gold from it (a Digger's team reached the treasure, the Saboteurs blocked it, a
Geologist's crystals ...). Printed per bot and dwarf: rounds dealt, rounds won, mean gold per
round; then per bot the treasure reached (rounds a seat of it connected), final gold and game
wins (shared wins count 1/k). Seeds and bot seeds are those of `simulate` (game i: seed + i).
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from typing import Any

from motherlode.engine import Game, State
from motherlode.sim.runner import play_seeds, set_up_run
from motherlode.sim.stats import GameResult

Record = tuple[list[tuple[str, str, int, bool]], list[tuple[str, float, float, int]]]


def finish(game: Game, state: State, result: GameResult) -> Record:
    """Per round and seat (bot, dwarf, gold, connected); per seat (bot, final gold, win share,
    rounds connected). Reads only the public log of the finished game (its spectator's view)."""
    log: list[dict[str, Any]] = state.view(None)["log"]  # a spectator's: public only
    rounds: list[tuple[str, str, int, bool]] = []
    connected = [0] * game.num_players
    gold: list[int] = []
    dwarves: list[str] = []
    connector = None

    def close() -> None:
        rounds.extend((result.bots[seat], dwarves[seat], gold[seat], seat == connector)
                      for seat in range(len(gold)))

    for event in log:
        if event["event"] == "end":
            if gold:
                close()
            connector, dwarves = event["connector"], event["dwarves"]
            gold = [0] * game.num_players
            if connector is not None:
                connected[connector] += 1
        elif event["event"] == "share":
            gold = [a + b for a, b in zip(gold, event["gold"], strict=True)]
        elif event["event"] == "take":  # the base edition's gold cards
            gold[event["seat"]] += event["value"]
    if gold:
        close()
    winners = set(result.winners)
    seats = [(result.bots[s], result.scores[s], (1 / len(winners)) if s in winners else 0.0,
              connected[s]) for s in range(game.num_players)]
    return rounds, seats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic,random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--edition", default="gold")
    parser.add_argument("--data", default="", help="a folder of corrected card data")
    args = parser.parse_args()
    run = set_up_run("saboteur", args.games, args.bots.split(","), args.seed, args.players,
                     {"edition": args.edition, "data": args.data}, args.jobs)
    by_role: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0, 0.0])
    by_bot: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0, 0])

    def take(record: Record) -> None:
        rounds, seats = record
        for bot, dwarf, gold, _ in rounds:
            row = by_role[bot, dwarf.removeprefix("green-").removeprefix("blue-")]
            row[0] += 1
            row[1] += gold > 0
            row[2] += gold
        for bot, score, win, connects in seats:
            row = by_bot[bot]
            row[0] += 1
            row[1] += score
            row[2] += win
            row[3] += connects

    seconds = play_seeds(run, finish, take)
    print(f"saboteur {args.edition}, {args.players} players, bots {','.join(run.bots)}, "
          f"{args.games} games from seed {args.seed}: {seconds:.1f} s "
          f"({args.games / seconds:.1f} games/s)")
    print(f"{'bot':<10} {'dwarf':<14} {'rounds':>6} {'won':>7} {'gold/round':>10}")
    for (bot, dwarf), (n, won, gold) in sorted(by_role.items()):
        print(f"{bot:<10} {dwarf:<14} {n:>6} {won / n:>7.1%} {gold / n:>10.2f}")
    print(f"{'bot':<10} {'seats':>6} {'gold/game':>9} {'win rate':>8} {'connects/seat-game':>18}")
    for bot, (n, gold, wins, connects, _) in sorted(by_bot.items()):
        print(f"{bot:<10} {n:>6} {gold / n:>9.2f} {wins / n:>8.1%} {connects / n:>18.2f}")


if __name__ == "__main__":
    main()
