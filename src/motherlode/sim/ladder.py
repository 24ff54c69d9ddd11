"""A ladder of bots: `run_ladder(...) -> Ladder`, `render_markdown(...)`, `write_report(...)`.

A round robin over seeded games with the seats rotated. For every ordered pair of bots (x, y)
x plays one seat and y every other seat, once from each seat (`seatings`); at two players the
pair's rotations are the same games and are played once. Every seating plays the same seeds
(game seed `seed + i` for i < `seeds`), so the deal and each seat's bot seed
(`runner.bot_seed`) are paired across seatings and bots: only the bots differ.

What is measured (the definitions are also written into every report):

- *Rating*: OpenSkill (Plackett-Luce, the package's defaults: mu 25, sigma 25/3), updated game
  by game in the order of (seed, seating). Each seat is an entrant ranked by the game's outcome
  (the winners first, then the others by score); a bot in several seats of a game takes the sum
  of its seats' mu changes and the product of their sigma shrinkages, as if its seats' updates
  were applied one after another. `mu - 3 sigma` is the conservative rating the ladder is
  ordered by.
- *Win share*: a bot's share of the wins as the lone seat (x of a pair), against every field:
  a win shared among k winners counts 1/k. Fair is 1/players. Wilson 95% interval
  (`stats.wilson_interval`). Head to head: the same against one field bot y.
- *Time per move*: wall-clock milliseconds in the bot's `choose` (its view built before),
  over every move it made in any seat; it depends on the machine's load, which the report
  states.
- *Roles* (games in `ROUND_ROLES`: Saboteur): each round, each lone seat's role (a digger's
  team left out) and whether it took gold in that round's share-out (crystals included).
"""

from __future__ import annotations

import datetime
import importlib.util
import multiprocessing
import os
import platform
import shlex
import signal
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from motherlode.bots import make_bot
from motherlode.engine import Game, OptionError, State, View, check_seed, load, register
from motherlode.engine.game import MAX_SEED
from motherlode.rules.saboteur import GoldShared

from .balance import PLOTS_HOW, has_matplotlib, package_version, win_shares
from .runner import SimulationError, bot_seed, importable_target
from .stats import GameResult, wilson_interval

Seating = tuple[str, ...]
#: One round of a game with roles: each seat's role, and whether it took gold.
RoundRoles = tuple[tuple[str, ...], tuple[bool, ...]]
#: The final spectator view -> each round's roles and takings (read from the log by kind).
RoleReader = Callable[[View], list[RoundRoles]]


def saboteur_rounds(view: View) -> list[RoundRoles]:
    """Saboteur: each round's roles (`blue digger` is a `digger`) and who took gold, from the
    share-out events of the log."""
    rounds: list[RoundRoles] = []
    for event in view["log"]:
        roles, gold = event.get("roles"), event.get("gold")
        if event["kind"] != GoldShared.kind or not isinstance(roles, list) or not roles:
            continue
        if not isinstance(gold, list) or len(gold) != len(roles):
            raise SimulationError(f"a share-out without each seat's gold: {event}")
        rounds.append((tuple(str(role).split()[-1] for role in roles),
                       tuple(isinstance(g, int) and g > 0 for g in gold)))
    return rounds


#: Games whose seats play roles, by registry name: how to read the rounds' roles.
ROUND_ROLES: dict[str, RoleReader] = {"saboteur": saboteur_rounds}


def seatings(bots: Sequence[str], players: int) -> list[Seating]:
    """The round robin's tables: for each ordered pair (x, y) of the bots, x in one seat and y
    in the others, x at every seat in turn; a table already listed (two players) is dropped."""
    tables: list[Seating] = []
    for lone in bots:
        for field in bots:
            if lone == field:
                continue
            for seat in range(players):
                table = tuple(lone if s == seat else field for s in range(players))
                if table not in tables:
                    tables.append(table)
    return tables


def lone_seats(seating: Seating) -> list[tuple[str, int]]:
    """The bots alone at a table, with their seats: one, or both seats at two players."""
    return [(name, seat) for seat, name in enumerate(seating) if seating.count(name) == 1]


# --- playing -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LadderGame:
    """One game of the ladder: its seating, result, each seat's time and moves, its rounds'
    roles (empty for a game without roles)."""

    seating: Seating
    result: GameResult
    seconds: tuple[float, ...]
    moves: tuple[int, ...]
    rounds: tuple[RoundRoles, ...]


def play_timed(game: Game, seating: Seating, seed: int) -> LadderGame:
    """Play one game like `runner.play_to_end`, timing each bot's choices."""
    state = game.new_game(seed)
    players = [make_bot(name, game, seat, bot_seed(seed, seat)) for seat, name in
               enumerate(seating)]
    seconds = [0.0] * len(seating)
    moves = [0] * len(seating)
    while (seat := state.current_player) is not None:
        if sum(moves) >= game.max_game_length:
            raise SimulationError(f"{game.name} seed {seed}: no end after "
                                  f"{game.max_game_length} steps; the game looks stuck")
        legal, view = state.legal_actions(), state.view(seat)
        start = time.perf_counter()  # the bot's own time: its view is built before
        action = players[seat].choose(view, legal)
        seconds[seat] += time.perf_counter() - start
        moves[seat] += 1
        if action not in legal:
            raise SimulationError(f"{game.name} seed {seed}: bot {seating[seat]!r} in seat "
                                  f"{seat} chose {action}, which is not legal")
        state.apply_unchecked(action)
    return finished(game, state, seating, seed, seconds, moves)


def finished(game: Game, state: State, seating: Seating, seed: int, seconds: list[float],
             moves: list[int]) -> LadderGame:
    """A finished game as the ladder keeps it: its result, times, moves and roles."""
    result = GameResult(seed=seed, bots=seating, scores=tuple(float(s) for s in state.scores()),
                        winners=tuple(state.winners()), steps=sum(moves))
    reader = ROUND_ROLES.get(game.name)
    rounds = tuple(reader(state.view(None))) if reader is not None else ()
    return LadderGame(seating, result, tuple(seconds), tuple(moves), rounds)


_worker_game: Game | None = None


def _init_worker(name: str, target: str, options: dict[str, Any]) -> None:
    global _worker_game
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    register(name, target)  # a spawned process starts with the built-in registry only
    _worker_game = load(name, **options)


def _play_task(task: tuple[Seating, int]) -> LadderGame:
    if _worker_game is None:  # only reachable if the pool was built without the initializer
        raise RuntimeError("ladder worker used before it was set up")
    return play_timed(_worker_game, *task)


@dataclass(frozen=True)
class Ladder:
    """What `run_ladder` played: the setup and every game in (seed, seating) order."""

    game: str
    options: dict[str, Any]
    players: int
    bots: tuple[str, ...]
    seed: int
    seeds: int
    jobs: int
    seconds: float
    games: tuple[LadderGame, ...]


#: What to do when the ratings' package is missing (`make run` installs without it).
OPENSKILL_HOW = ("the ladder's ratings need the openskill package; pip install "
                 "'motherlode[ladder]'")


def check_bots(game: Game, bots: Sequence[str]) -> tuple[str, ...]:
    """The ladder's bots, checked: at least two, none twice, each able to play `game`
    (OptionError naming the bot and the choices)."""
    names = tuple(name.strip() for name in bots if name.strip())
    if len(set(names)) < 2:
        raise OptionError("a ladder needs at least two different bots, e.g. --bots random,greedy")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise OptionError(f"bot {twice[0]!r} is named twice; name each bot once")
    for name in names:
        make_bot(name, game, 0, 0)  # OptionError: bot 'x' cannot play GAME; bots are: ...
    return names


def run_ladder(
    game: str,
    bots: Sequence[str],
    *,
    seeds: int = 10,
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    on_game: Callable[[LadderGame], None] | None = None,
) -> Ladder:
    """Play every seating of `bots` on seeds `seed`..`seed + seeds - 1` (in `jobs` processes,
    the same games either way); `on_game` sees each game in order. OptionError before any
    game for a bad game, option, bot or count."""
    if importlib.util.find_spec("openskill") is None:
        raise OptionError(OPENSKILL_HOW)
    given = dict(options or {})
    if players is not None:
        given["players"] = players
    setup = load(game, **given)
    names = check_bots(setup, bots)
    for count, what in ((seeds, "number of seeds"), (jobs, "number of jobs")):
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise OptionError(f"{what} {count!r} is not allowed; use 1 or more")
    check_seed(seed)
    if seed + seeds - 1 > MAX_SEED:
        raise OptionError(f"seeds {seed}..{seed + seeds - 1} run past the largest seed {MAX_SEED}")
    tasks = [(table, s) for s in range(seed, seed + seeds)
             for table in seatings(names, setup.num_players)]
    played: list[LadderGame] = []
    start = time.perf_counter()
    for one in _play_all(setup, tasks, min(jobs, len(tasks))):
        played.append(one)
        if on_game is not None:
            on_game(one)
    return Ladder(setup.name, dict(setup.options), setup.num_players, names, seed, seeds,
                  min(jobs, len(tasks)), time.perf_counter() - start, tuple(played))


def _play_all(game: Game, tasks: list[tuple[Seating, int]], jobs: int
              ) -> Iterator[LadderGame]:
    """The games of `tasks`, in order, played here or in `jobs` spawned processes."""
    if jobs == 1:
        yield from (play_timed(game, table, s) for table, s in tasks)
        return
    initargs = (game.name, importable_target(game), dict(game.options))
    context = multiprocessing.get_context("spawn")
    with context.Pool(jobs, initializer=_init_worker, initargs=initargs) as pool:
        yield from pool.imap(_play_task, tasks, chunksize=1)


# --- statistics --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Share:
    """A win share with its Wilson 95% interval over `n` trials (lone seats or rounds)."""

    wins: float
    n: int

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.n)


@dataclass(frozen=True, slots=True)
class BotStats:
    bot: str
    mu: float
    sigma: float
    share: Share  # as the lone seat, against every field
    moves: int
    seconds: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def ms_per_move(self) -> float:
        return 1000 * self.seconds / self.moves if self.moves else 0.0


@dataclass(frozen=True)
class LadderStats:
    """The ladder's figures: bots by rating, head to head (lone bot, field bot) and roles."""

    bots: tuple[BotStats, ...]
    head_to_head: dict[tuple[str, str], Share]
    roles: dict[tuple[str, str, str], Share]  # (bot, field, role) -> rounds it took gold in


def ranks(result: GameResult) -> list[int]:
    """Each seat's place for the rating: the winners first (0), then by score, ties shared."""
    others = sorted({score for seat, score in enumerate(result.scores)
                     if seat not in result.winners}, reverse=True)
    return [0 if seat in result.winners else 1 + others.index(score)
            for seat, score in enumerate(result.scores)]


def openskill_ratings(games: Sequence[LadderGame], bots: Sequence[str]
                      ) -> dict[str, tuple[float, float]]:
    """Each bot's OpenSkill (mu, sigma) after every game in order (the module's definition)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rating = {bot: (model.mu, model.sigma) for bot in bots}
    for one in games:
        teams = [[model.rating(*rating[bot])] for bot in one.seating]
        rated = model.rate(teams, ranks=[float(place) for place in ranks(one.result)])
        moved: dict[str, tuple[float, float]] = {}
        for bot, [after] in zip(one.seating, rated, strict=True):
            mu, sigma = rating[bot]
            gain, shrink = moved.get(bot, (0.0, 1.0))
            moved[bot] = (gain + after.mu - mu, shrink * (after.sigma / sigma) ** 2)
        for bot, (gain, shrink) in moved.items():
            mu, sigma = rating[bot]
            rating[bot] = (mu + gain, sigma * shrink ** 0.5)
    return rating


def analyse(ladder: Ladder) -> LadderStats:
    """The ladder's statistics (the module's definitions)."""
    wins: dict[tuple[str, str], float] = defaultdict(float)
    n: dict[tuple[str, str], int] = defaultdict(int)
    role_wins: dict[tuple[str, str, str], float] = defaultdict(float)
    role_n: dict[tuple[str, str, str], int] = defaultdict(int)
    moves: dict[str, int] = defaultdict(int)
    seconds: dict[str, float] = defaultdict(float)
    for one in ladder.games:
        for seat, bot in enumerate(one.seating):
            moves[bot] += one.moves[seat]
            seconds[bot] += one.seconds[seat]
        for lone, seat in lone_seats(one.seating):
            field = next(bot for bot in one.seating if bot != lone)
            wins[lone, field] += win_shares(one.result)[seat]
            n[lone, field] += 1
            for roles, took in one.rounds:
                role_wins[lone, field, roles[seat]] += took[seat]
                role_n[lone, field, roles[seat]] += 1
    rating = openskill_ratings(ladder.games, ladder.bots)
    stats = [
        BotStats(bot, *rating[bot],
                 share=Share(sum(w for (x, _), w in wins.items() if x == bot),
                             sum(k for (x, _), k in n.items() if x == bot)),
                 moves=moves[bot], seconds=seconds[bot])
        for bot in ladder.bots
    ]
    stats.sort(key=lambda s: -s.ordinal)
    return LadderStats(
        bots=tuple(stats),
        head_to_head={pair: Share(wins[pair], n[pair]) for pair in n},
        roles={key: Share(role_wins[key], role_n[key]) for key in sorted(role_n)},
    )


# --- the report --------------------------------------------------------------------------------
#: Why a report printed to the terminal has no plot.
PLOT_NEEDS_OUT = "no plot: give --out FILE.md to write it beside the report"


def command_line(game: str, bots: Sequence[str], *, seeds: int, seed: int,
                 players: int | None, jobs: int, out: Path | None,
                 options: Sequence[str] = ()) -> str:
    """The `motherlode ladder` command line that makes a report, quoted for a shell."""
    words = ["motherlode", "ladder", game, "--bots", ",".join(bots), "--seeds", str(seeds),
             "--seed", str(seed)]
    if players is not None:
        words += ["--players", str(players)]
    words += ["--jobs", str(jobs)]
    for pair in options:
        words += ["--option", pair]
    if out is not None:
        words += ["--out", str(out)]
    return shlex.join(words)



def _share(share: Share, fair: float) -> str:
    low, high = share.interval
    return f"{share.rate:.3f} [{low:.3f}, {high:.3f}] · {share.rate / fair:.2f}x · n={share.n}"


def render_markdown(ladder: Ladder, stats: LadderStats, command: str,
                    when: datetime.datetime, load: tuple[float, float],
                    plot: str | None = None, why_no_plot: str = PLOTS_HOW) -> str:
    """The report as Markdown; `plot` is the PNG's name beside it (None: says why none);
    `load` is the machine's 1-minute load average before and after the run."""
    fair = 1 / ladder.players
    options = ", ".join(f"{k}={v}" for k, v in ladder.options.items()) or "none"
    tables = len(seatings(ladder.bots, ladder.players))
    lines = [
        f"# Ladder: {ladder.game}, {ladder.players} players",
        "",
        f"Bots {', '.join(ladder.bots)}: {ladder.seeds} seeds ({ladder.seed}.."
        f"{ladder.seed + ladder.seeds - 1}) x {tables} seatings = {len(ladder.games)} games, "
        f"{ladder.seconds:.1f} s in {ladder.jobs} process(es).",
        "",
        "```",
        command,
        "```",
        "",
        f"- Date: {when.isoformat(timespec='seconds')}",
        f"- Versions: motherlode {package_version('motherlode')}, "
        f"openskill {package_version('openskill')}, "
        f"Python {platform.python_version()}",
        f"- Options: {options}",
        f"- Load average (1 min) before and after: {load[0]:.2f}, {load[1]:.2f} on "
        f"{os.cpu_count()} CPUs: the milliseconds depend on it, the rest does not",
        "",
        "## Ratings",
        "",
        f"Ordered by mu - 3 sigma. Win share as the lone seat against every field, 95% "
        f"interval, times fair ({fair:.3f}), seat-games.",
        "",
        "| rank | bot | mu | sigma | mu - 3 sigma | win share [95%] · x fair · n | ms/move "
        "| moves |",
        "|---:|---|---:|---:|---:|---|---:|---:|",
    ]
    for place, bot in enumerate(stats.bots, 1):
        lines.append(f"| {place} | {bot.bot} | {bot.mu:.2f} | {bot.sigma:.2f} | "
                     f"{bot.ordinal:.2f} | {_share(bot.share, fair)} | {bot.ms_per_move:.2f} "
                     f"| {bot.moves} |")
    lines += ["", f"![Ratings and win shares]({plot})" if plot else
              f"{why_no_plot[0].upper()}{why_no_plot[1:]}.", ""]
    lines += head_to_head_lines(ladder, stats, fair)
    if stats.roles:
        lines += role_lines(stats)
    lines += definition_lines()
    return "\n".join(lines)


def head_to_head_lines(ladder: Ladder, stats: LadderStats, fair: float) -> list[str]:
    order = [b.bot for b in stats.bots]
    lines = ["## Head to head", "",
             "The row's bot in one seat, the column's in every other: the row's win share "
             "[95%], x fair, games.", "",
             "| one seat \\ others | " + " | ".join(order) + " |",
             "|---|" + "---|" * len(order)]
    for lone in order:
        cells = [_share(stats.head_to_head[lone, field], fair)
                 if (lone, field) in stats.head_to_head else "" for field in order]
        lines.append(f"| {lone} | " + " | ".join(cells) + " |")
    return [*lines, ""]


def role_lines(stats: LadderStats) -> list[str]:
    lines = ["## Roles", "",
             "Each round of the lone seat's games: the share of rounds it took gold in, by the "
             "role it was dealt and the bot in the other seats, [95%], rounds. A role's share "
             "depends on the others: a digger takes gold when its team reaches the treasure, "
             "and its team is mostly the others.", "",
             "| bot | others | role | took gold [95%] | rounds |", "|---|---|---|---|---:|"]
    for bot in (b.bot for b in stats.bots):
        for (who, field, role), share in stats.roles.items():
            if who == bot:
                low, high = share.interval
                lines.append(f"| {bot} | {field} | {role} | {share.rate:.3f} "
                             f"[{low:.3f}, {high:.3f}] | {share.n} |")
    return [*lines, ""]


def definition_lines() -> list[str]:
    return [
        "## Definitions", "",
        "- Seatings: for each ordered pair of bots (x, y), x in one seat and y in every other, "
        "x at each seat in turn (at two players a pair's two seatings are played once); every "
        "seating plays the same seeds, so the deals and the bots' seeds are paired.",
        "- Rating: OpenSkill Plackett-Luce with the package's defaults, game by game in (seed, "
        "seating) order; each seat an entrant, placed winners first then by score; a bot in "
        "several seats takes the sum of their mu changes and the product of their sigma "
        "shrinkages.",
        "- Win share: a win shared among k winners counts 1/k; Wilson 95% intervals.",
        "- ms/move: wall-clock time in the bot's choice (its view built before), over all its "
        "moves in every seat.",
        "",
    ]


def write_plot(stats: LadderStats, title: str, fair: float, path: Path) -> None:
    """Ratings (mu with 2 sigma) and lone-seat win shares with 95% intervals, side by side."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [b.bot for b in stats.bots]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 0.5 * len(names) + 2.0))
    ys = list(range(len(names)))[::-1]
    left.errorbar([b.mu for b in stats.bots], ys, xerr=[2 * b.sigma for b in stats.bots],
                  fmt="o", capsize=4, color="#8b5a2b")
    left.set_yticks(ys, names)
    left.set_xlabel("OpenSkill mu, ± 2 sigma")
    shares = [b.share for b in stats.bots]
    right.errorbar([s.rate for s in shares], ys, fmt="o", capsize=4, color="#c9a227",
                   xerr=[[max(0.0, s.rate - s.interval[0]) for s in shares],
                         [max(0.0, s.interval[1] - s.rate) for s in shares]])
    right.axvline(fair, color="grey", linestyle="--", linewidth=1)
    right.set_yticks(ys, names)
    right.set_xlabel("win share as the lone seat, 95% interval (dashed: fair)")
    for ax in (left, right):
        ax.set_ylim(-0.6, len(names) - 0.4)
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def write_report(ladder: Ladder, out: Path, command: str, load: tuple[float, float],
                 when: datetime.datetime | None = None) -> tuple[LadderStats, list[Path]]:
    """Write the Markdown report to `out` and, with matplotlib, its plot beside it (`out`'s
    name with .png); the stats and the files written."""
    stats = analyse(ladder)
    when = when or datetime.datetime.now(datetime.UTC).astimezone()
    out.parent.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    plot = None
    if has_matplotlib():
        picture = out.with_suffix(".png")
        title = f"{ladder.game}, {ladder.players} players: {len(ladder.games)} games"
        write_plot(stats, title, 1 / ladder.players, picture)
        written.append(picture)
        plot = picture.name
    out.write_text(render_markdown(ladder, stats, command, when, load, plot), encoding="utf-8")
    return stats, [out, *written]
