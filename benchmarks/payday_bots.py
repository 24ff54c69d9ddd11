"""Pay Day bots: win rates, the spread of final money, solvency, and one-card wins.

    PYTHONPATH=src .venv/bin/python benchmarks/payday_bots.py --players 4 \\
        --bots heuristic --games 500 --jobs 2

Reads each finished game's public log (a spectator's view). Printed per bot: seats, win rate
(shared wins count 1/k), mean final money, the share of seats solvent at the end (money >= 0),
mean loan at the end, Bargains bought (plain or auction won, Yard Sale), sold and left unsold
at the final PAY DAY. Per game: the spread of final money (highest - lowest, and the standard
deviation over seats), the winner's margin over the second, and how often that margin is
smaller than the winner's best single card (a sale's price less what it paid for the card) or
its largest windfall (the Jackpot or the Lottery). Seeds and bot seeds are those of `simulate`.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from typing import Any

from motherlode.engine import Game, State
from motherlode.sim.runner import play_seeds, set_up_run
from motherlode.sim.stats import GameResult

Seat = tuple[str, float, float, int, int, int, int]  # bot, money, win, loan, bought, sold, kept
Record = tuple[list[Seat], float, float, float, bool, bool]


def finish(game: Game, state: State, result: GameResult) -> Record:
    """Per seat: (bot, money, win share, loan, bought, sold, unsold at the end); per game: the
    range and deviation of money, the winner's margin, and whether one card or one windfall is
    larger than it."""
    seen: dict[str, Any] = state.view(None)
    log: list[dict[str, Any]] = seen["log"]
    n = game.num_players
    paid: list[dict[str, int]] = [defaultdict(int) for _ in range(n)]
    best_card = [0] * n
    windfall = [0] * n
    bought = [0] * n
    sold = [0] * n
    for event in log:
        kind = event["kind"]
        seat: int = event.get("seat", -1)
        if kind in ("buy", "won"):
            paid[seat][event["card"]] = event["price"]
            bought[seat] += 1
        elif kind == "yard-sale":
            paid[seat][event["card"]] = event["paid"]
            bought[seat] += 1
        elif kind == "sold":
            sold[seat] += 1
            best_card[seat] = max(best_card[seat], event["price"] - paid[seat][event["card"]])
        elif kind == "jackpot":
            windfall[seat] = max(windfall[seat], event["amount"])
        elif kind == "lottery-roll" and event["winner"] is not None:
            windfall[event["winner"]] = max(windfall[event["winner"]], 1000)
    scores = list(result.scores)
    order = sorted(range(n), key=lambda s: -scores[s])
    margin = scores[order[0]] - scores[order[1]]
    win = order[0]
    unsold = [1 + bought[s] - sold[s] for s in range(n)]  # each seat is dealt one free Bargain
    seats = [(result.bots[s], scores[s], (1 / len(result.winners)) if s in result.winners else 0.0,
              int(seen["seats"][s]["loan"]), bought[s], sold[s], unsold[s]) for s in range(n)]
    return (seats, max(scores) - min(scores), statistics.pstdev(scores), margin,
            margin > 0 and best_card[win] >= margin, margin > 0 and windfall[win] >= margin)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--months", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="another game option, e.g. interest=charge (repeatable)")
    args = parser.parse_args()
    options: dict[str, object] = {"months": args.months}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = value
    run = set_up_run("payday", args.games, args.bots.split(","), args.seed, args.players,
                     options, args.jobs)
    by_bot: dict[str, list[float]] = defaultdict(lambda: [0.0] * 8)
    games: list[tuple[float, float, float, bool, bool]] = []

    def take(record: Record) -> None:
        seats, spread, deviation, margin, one_card, windfall = record
        games.append((spread, deviation, margin, one_card, windfall))
        for bot, money, win, loan, bought, sold, kept in seats:
            row = by_bot[bot]
            for i, value in enumerate((1, win, money, money >= 0, loan, bought, sold, kept)):
                row[i] += value

    seconds = play_seeds(run, finish, take)
    extra = "".join(f", {item}" for item in args.option)
    print(f"payday, {args.players} players, {args.months} months{extra}, bots "
          f"{','.join(run.bots)}, {args.games} games from seed {args.seed}: {seconds:.1f} s")
    print(f"{'bot':<10} {'seats':>6} {'win rate':>8} {'money':>8} {'solvent':>7} {'loan':>6} "
          f"{'bought':>6} {'sold':>5} {'unsold':>6}")
    for bot, (n, win, money, solvent, loan, bought, sold, kept) in sorted(by_bot.items()):
        print(f"{bot:<10} {n:>6.0f} {win / n:>8.1%} {money / n:>8.0f} {solvent / n:>7.1%} "
              f"{loan / n:>6.0f} {bought / n:>6.2f} {sold / n:>5.2f} {kept / n:>6.2f}")
    count = len(games)
    spread = [g[0] for g in games]
    print(f"money per game: range mean {statistics.mean(spread):.0f} "
          f"(median {statistics.median(spread):.0f}), std over seats mean "
          f"{statistics.mean(g[1] for g in games):.0f}; winner's margin mean "
          f"{statistics.mean(g[2] for g in games):.0f} (median "
          f"{statistics.median(g[2] for g in games):.0f})")
    print(f"winner's margin below its best single card: {sum(g[3] for g in games) / count:.1%}; "
          f"below its largest windfall (Jackpot, Lottery): {sum(g[4] for g in games) / count:.1%}")


if __name__ == "__main__":
    main()
