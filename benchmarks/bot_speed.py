"""Bot games per second of any game and bot, beside OpenSpiel's python_tic_tac_toe random
playouts measured in the same run (issue 24 point 3).

    .venv/bin/python benchmarks/bot_speed.py --game saboteur                # 7p heuristic
    .venv/bin/python benchmarks/bot_speed.py --game digitup --jobs 2        # greedy 4p
    .venv/bin/python benchmarks/bot_speed.py --game paydirt --games 60 --parts
    PYTHONPATH=/other/checkout/src .venv/bin/python benchmarks/bot_speed.py --game payday

One process plays seeds `--seed`.. with the bot in every seat (`sim.runner.play_to_end`, the
loop `motherlode simulate` runs in each worker: the legal actions, the view the bot is given,
its choice, `apply_unchecked`) and counts CPU time (`time.process_time`, steadier than the wall
clock on a busy machine): games and steps per CPU second. It prints a digest of every game's
seed, final scores and length: two versions of the code that make the same choices print the
same digest. Seeds are played once (bots keep caches; replaying seeds would time them).

- `--parts`: a second pass over the same seeds timing each part of a step on its own.
- `--jobs N` (2 or more): then `run_games` with N processes over the same seeds, as `motherlode
  simulate --jobs N` plays them (spawned workers, start-up included): games per wall second,
  and the CPU seconds of the parent and its workers (`getrusage`). The wall figure means
  something only on a quiet machine; the CPU figure is the one to compare on a busy one.
- The anchor, python_tic_tac_toe random playouts (`playouts.anchor_rate`), steps per CPU
  second, is measured before and after the games; the rate is also given per 1,000 anchor
  steps/CPU s.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import sys
import time

from playouts import anchor_rate

import motherlode
from motherlode.bots import bot_view, make_bot
from motherlode.engine import Game
from motherlode.sim.runner import bot_seed, play_to_end, run_games

#: The bot and table each game's issue-24 target is set for.
DEFAULTS = {"paydirt": ("heuristic", 4), "payday": ("heuristic", 4),
            "saboteur": ("heuristic", 7), "digitup": ("greedy", 4)}
PARTS = ("legal actions", "view", "bot", "apply")


def one_process(game: Game, bots: list[str], seeds: range) -> tuple[float, int, str]:
    """CPU seconds, steps and the digest of `seeds` played in this process."""
    digest = hashlib.sha256()
    steps = 0
    start = time.process_time()
    for seed in seeds:
        result = play_to_end(game, bots, seed)[1]
        steps += result.steps
        digest.update(repr((seed, result.scores, result.steps)).encode())
    return time.process_time() - start, steps, digest.hexdigest()[:16]


def parts(game: Game, bots: list[str], seeds: range) -> dict[str, float]:
    """CPU seconds of each part of a step over `seeds`, each call timed on its own."""
    clock = time.process_time
    spent = dict.fromkeys(PARTS, 0.0)
    for seed in seeds:
        state = game.new_game(seed)
        players = [make_bot(name, game, seat, bot_seed(seed, seat))
                   for seat, name in enumerate(bots)]
        while (seat := state.current_player) is not None:
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            seen = bot_view(state, seat, players[seat])
            t2 = clock()
            action = players[seat].choose(seen, legal)
            t3 = clock()
            state.apply_unchecked(action)
            t4 = clock()
            for part, took in zip(PARTS, (t1 - t0, t2 - t1, t3 - t2, t4 - t3), strict=True):
                spent[part] += took
    return spent


def jobs_run(game: Game, bots: list[str], seeds: range, jobs: int) -> tuple[float, float]:
    """Wall seconds of `run_games` over `seeds` in `jobs` processes, and the CPU seconds of
    this process and its workers."""
    before = cpu_with_children()
    summary = run_games(game.name, len(seeds), bots=bots, seed=seeds.start,
                        options=dict(game.options), jobs=jobs)
    return summary.seconds, cpu_with_children() - before


def cpu_with_children() -> float:
    """User and system CPU seconds of this process and of its children that have ended."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--game", required=True, choices=sorted(DEFAULTS))
    parser.add_argument("--bot", help="default: greedy for digitup, else heuristic")
    parser.add_argument("--players", type=int, help="default: 7 for saboteur, else 4")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--parts", action="store_true", help="time each part of a step")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds of each anchor")
    args = parser.parse_args(argv)
    default_bot, players = DEFAULTS[args.game]
    bot = args.bot or default_bot
    game = motherlode.load(args.game, players=args.players or players)
    bots = [bot] * game.num_players
    seeds = range(args.seed, args.seed + args.games)
    play_to_end(game, bots, args.seed + args.games + 10_000)  # warm up: imports, tables
    anchor_before = anchor_rate(args.seconds)
    spent, steps, digest = one_process(game, bots, seeds)
    anchor_after = anchor_rate(args.seconds)
    rate = len(seeds) / spent
    label = f"{args.game} {game.num_players}p {bot}, seeds {seeds.start}-{seeds.stop - 1}"
    print(f"{label}: one process {rate:.1f} games/CPU s, {steps / spent:,.0f} steps/CPU s "
          f"({spent:.2f} CPU s; results digest {digest})")
    if anchor_before is None or anchor_after is None:
        print("anchor: pyspiel is not installed")
    else:
        anchor = (anchor_before + anchor_after) / 2
        print(f"anchor python_tic_tac_toe random playouts: {anchor_before:,.0f} steps/CPU s "
              f"before, {anchor_after:,.0f} after; games/CPU s per 1,000 anchor steps/CPU s: "
              f"{1000 * rate / anchor:.3f}")
    if args.parts:
        taken = parts(game, bots, seeds)
        total = sum(taken.values())
        print("parts of a step: " + ", ".join(f"{p} {taken[p] / total:.0%}" for p in PARTS)
              + f" (timed pass: {total:.2f} CPU s)")
    if args.jobs > 1:
        wall, cpu = jobs_run(game, bots, seeds, args.jobs)
        print(f"--jobs {args.jobs}: {len(seeds) / wall:.1f} games per wall second "
              f"({wall:.2f} s; load average {os.getloadavg()[0]:.1f}), "
              f"{len(seeds) / cpu:.1f} games per CPU s of the parent and workers "
              f"({cpu:.2f} CPU s, start-up included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
