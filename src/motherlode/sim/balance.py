"""Balance by parts from many seeded bot games: `run_balance(...)`, `analyse(...)`,
`write_report(...)`.

Game-agnostic: games are played like `run_games` plays them (game `i` gets seed `seed + i`,
the bot in each seat `bot_seed(game_seed, seat)`, one process or many with the same results),
and at the end of each game the spectator's view (`state.view(None)`) is read by the game's own
description at its front door: `DESCRIPTION.parts` gives the parts each seat held (cards,
missions, chance cards, roles, as "kind:name"), `DESCRIPTION.payoffs` what the parts that pay
by themselves earned (a role in a round, a mission). The simulator knows no game's events. The
game is also replayed from its moves for the lead's story (`lead_story`: lead changes,
decisiveness), for the Ludii-style metrics. A game that describes no parts still gets seats,
lengths and metrics.

Definitions (also written into every report):

- A *seat-game* is one seat in one game. A win is shared: each of k winners gets 1/k.
- A part's *holders* are the seat-games whose seat held it at some time in the game; the
  *others* are every other seat-game of the run.
- *Win-rate effect*: holders' win rate minus the others' win rate, in percentage points. Each
  rate has a Wilson 95% interval; the difference has Newcombe's hybrid score 95% interval
  (the normal approximation of a difference, square-and-add on the two Wilson intervals).
  Seat-games of one game are not independent, so the intervals are a guide, not a test.
- *Score effect*: holders' mean final score (`state.scores()`: gold in Pay Dirt) minus the
  others' mean, with a Welch (normal) 95% interval.
- *Decides*: the share of all games in which some winner held the card, the card's score
  effect is positive, and the winning margin (top score minus second score, 0 for a tie) is
  smaller than the score effect: without the card's mean effect the winner would not have
  been clear of second place.
- *Length*: the final view's "round" when it has one, else the number of steps (actions).
"""

from __future__ import annotations

import datetime
import importlib.metadata
import importlib.util
import math
import platform
import shlex
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from motherlode.engine import Game, State, description
from motherlode.engine.description import PartsReader, PayoffsReader

from .runner import SimulationError, set_up_run, summed_up
from .stats import Z95, GameResult, Summary, wilson_interval


def parts_reader(game: str) -> PartsReader | None:
    """What a seat of `game` held, as its front door describes it (None: it does not say)."""
    described = description(game)
    return None if described is None else described.parts


def payoffs_reader(game: str) -> PayoffsReader | None:
    """What the parts of `game` that pay by themselves earned, as its front door says."""
    described = description(game)
    return None if described is None else described.payoffs


# --- playing ----------------------------------------------------------------------------------
Payoff = tuple[int, str, float]  # (seat, part, what it earned)


@dataclass(frozen=True, slots=True)
class BalanceGame:
    """One finished game: the sim result, its length (rounds or steps), the parts each seat
    held, what the parts that pay by themselves earned, and how the lead went."""

    result: GameResult
    length: int
    length_unit: str  # "rounds" (the final view's round) or "steps"
    cards: tuple[tuple[str, ...], ...] | None  # per seat; None: the game describes no parts
    payoffs: tuple[Payoff, ...] | None = None  # None: the game describes no paying parts
    lead_changes: int = 0  # times the lead passed from one seat to another
    decided_at: float | None = None  # share of the steps before a winner led for good


def lead_story(game: Game, state: State) -> tuple[int, float | None]:
    """The game replayed from its seed and moves, scores read after every step: how often the
    lead (the one seat with the top score; a tie leads nobody) passed from one seat to another,
    and the share of the steps played before a winner held the top score (alone or tied) for
    the rest of the game (None when no seat won)."""
    winners = set(state.winners())
    replay = game.new_game(state.seed)
    changes, leader = 0, None
    held_since = 0
    for step, action in enumerate([None, *state.history]):
        if action is not None:
            replay.apply_unchecked(action)
        scores = replay.scores()
        top = max(scores)
        tops = [seat for seat, score in enumerate(scores) if score == top]
        if len(tops) == 1 and tops[0] != leader:
            changes += leader is not None
            leader = tops[0]
        if not winners & set(tops):
            held_since = step + 1
    steps = len(state.history)
    decided = None if not winners else min(held_since, steps) / steps if steps else 0.0
    return changes, decided


def balance_game(game: Game, state: State, result: GameResult) -> BalanceGame:
    """The `finish` of a balance run: the game's length, each seat's parts and what they paid
    (read from the final spectator view by the game's own description), and the lead's story
    (`lead_story`)."""
    final = state.view(None)
    rounds = final.get("round")
    by_round = isinstance(rounds, int) and not isinstance(rounds, bool)
    length: int = rounds if isinstance(rounds, int) and by_round else result.steps
    extract = parts_reader(game.name)
    cards = None
    if extract is not None:
        cards = tuple(tuple(seat_cards) for seat_cards in extract(game, final))
        if len(cards) != game.num_players:
            raise SimulationError(
                f"{game.name} seed {result.seed}: the parts reader gave {len(cards)} seats, "
                f"not {game.num_players}"
            )
    pay = payoffs_reader(game.name)
    payoffs = None if pay is None else tuple(pay(game, final))
    changes, decided = lead_story(game, state)
    return BalanceGame(
        result=result, length=length, length_unit="rounds" if by_round else "steps", cards=cards,
        payoffs=payoffs, lead_changes=changes, decided_at=decided,
    )


@dataclass(frozen=True)
class BalanceRun:
    """What `run_balance` played: the setup, the sim summary and every game in seed order."""

    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    summary: Summary
    results: tuple[BalanceGame, ...]
    has_cards: bool
    length_unit: str  # "rounds" or "steps"
    has_payoffs: bool = False


def run_detailed(
    game: str,
    games: int,
    *,
    on_result: Callable[[BalanceGame], None],
    bots: Sequence[str] = ("random",),
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    max_steps: int | None = None,
    ray: str | None = None,
) -> Summary:
    """Play like `run_games`, but hand `on_result` each game's `BalanceGame` (its result,
    length and cards) in seed order, keeping none of them; returns the summary.

    Bad names, options or counts raise OptionError before any game is played.
    """
    run = set_up_run(game, games, bots, seed, players, options, jobs, ray)
    return summed_up(run, seed, balance_game, lambda one: one.result, on_result, max_steps)


def run_balance(
    game: str,
    games: int,
    *,
    bots: Sequence[str] = ("random",),
    seed: int = 0,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    on_result: Callable[[BalanceGame], None] | None = None,
    max_steps: int | None = None,
    ray: str | None = None,
) -> BalanceRun:
    """Play `games` seeded games of the registered `game`; the same results for any `jobs`
    and on Ray (`ray`: a cluster's address or "local").

    Bad names, options or counts raise OptionError before any game is played.
    """
    played: list[BalanceGame] = []

    def take(one: BalanceGame) -> None:
        played.append(one)
        if on_result is not None:
            on_result(one)

    summary = run_detailed(
        game,
        games,
        on_result=take,
        bots=bots,
        seed=seed,
        players=players,
        options=options,
        jobs=jobs,
        max_steps=max_steps,
        ray=ray,
    )
    return BalanceRun(
        game=summary.game,
        options=dict(summary.options),
        bots=summary.bots,
        seed=seed,
        summary=summary,
        results=tuple(played),
        has_cards=parts_reader(summary.game) is not None,
        length_unit=played[0].length_unit,
        has_payoffs=payoffs_reader(summary.game) is not None,
    )


# --- statistics ---------------------------------------------------------------------------
def diff_interval(
    wins1: float, n1: int, wins0: float, n0: int, z: float = Z95
) -> tuple[float, float, float]:
    """Difference of two rates `wins1/n1 - wins0/n0` with its 95% interval: (difference, low,
    high). Newcombe's hybrid score interval: the normal approximation of the difference built
    on each rate's Wilson interval, so it stays sensible at rates of 0 or 1 (where a plain Wald
    interval collapses). An empty side gives the difference 0 and the interval (-1, 1)."""
    if n1 <= 0 or n0 <= 0:
        return (0.0, -1.0, 1.0)
    p1, p0 = wins1 / n1, wins0 / n0
    l1, u1 = wilson_interval(wins1, n1, z)
    l0, u0 = wilson_interval(wins0, n0, z)
    d = p1 - p0
    low = d - math.sqrt((p1 - l1) ** 2 + (u0 - p0) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p0 - l0) ** 2)
    return (d, max(-1.0, low), min(1.0, high))


def mean_diff_interval(
    first: Sequence[float], second: Sequence[float], z: float = Z95
) -> tuple[float, float, float]:
    """Difference of means `mean(first) - mean(second)` with a Welch (normal) interval:
    (difference, low, high); NaN bounds when a side has fewer than two values."""
    if not first or not second:
        return (0.0, math.nan, math.nan)
    d = statistics.fmean(first) - statistics.fmean(second)
    if len(first) < 2 or len(second) < 2:
        return (d, math.nan, math.nan)
    se = math.sqrt(
        statistics.variance(first) / len(first) + statistics.variance(second) / len(second)
    )
    return (d, d - z * se, d + z * se)


@dataclass(frozen=True, slots=True)
class CardStats:
    """A card's effect on its holders: win rate and final score against the other seat-games."""

    card: str
    held: int  # seat-games holding it
    others: int  # seat-games not holding it
    win_rate: float
    win_interval: tuple[float, float]
    others_win_rate: float
    others_win_interval: tuple[float, float]
    win_effect: float  # win_rate - others_win_rate
    win_effect_interval: tuple[float, float]
    mean_score: float
    others_mean_score: float
    score_effect: float
    score_effect_interval: tuple[float, float]
    decides: float  # share of all games the card decides (see the module's definitions)
    decided_games: int


@dataclass(frozen=True, slots=True)
class SeatStats:
    seat: int
    bot: str
    wins: float
    win_rate: float
    win_interval: tuple[float, float]
    mean_score: float


@dataclass(frozen=True, slots=True)
class LengthStats:
    unit: str
    mean: float
    median: float
    minimum: int
    maximum: int
    counts: tuple[tuple[int, int], ...]  # (length, games), by length


@dataclass(frozen=True, slots=True)
class PayoffStats:
    """A part that pays by itself (a role in a round, a kept mission): how often it was held
    and what it earned."""

    part: str
    held: int  # times a seat held it (seat-rounds for a role, seat-games for a mission)
    mean: float
    interval: tuple[float, float]  # normal 95% of the mean (NaN with fewer than 2)
    paid: float  # share of the times it earned more than 0


@dataclass(frozen=True, slots=True)
class Metrics:
    """Ludii's game metrics, as this run measured them (definitions in the report)."""

    balance: float  # 1 - (largest seat win rate - smallest)
    first_seat_advantage: float  # seat 0's win rate - 1/players
    strongest_seat: int
    duration_steps: float  # mean steps a game
    lead_changes: float  # mean a game
    decisiveness: float  # mean share of the steps played before a winner led for good
    decided_late: float  # share of games a winner took the lead for good in the last 10%


@dataclass(frozen=True)
class BalanceStats:
    games: int
    players: int
    seats: tuple[SeatStats, ...]
    length: LengthStats
    cards: tuple[CardStats, ...] | None  # by win effect, largest first; None: no parts described
    payoffs: tuple[PayoffStats, ...] | None = None  # by part; None: the game has none
    metrics: Metrics | None = None


def payoff_stats(payoffs: Sequence[Sequence[tuple[int, str, float]]]) -> tuple[PayoffStats, ...]:
    """Every paying part's stats over the games' payoffs, by part name."""
    earned: dict[str, list[float]] = {}
    for game in payoffs:
        for _, part, value in game:
            earned.setdefault(part, []).append(value)
    out = []
    for part, values in sorted(earned.items()):
        mean = statistics.fmean(values)
        half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 \
            else math.nan
        out.append(PayoffStats(part=part, held=len(values), mean=mean,
                               interval=(mean - half, mean + half),
                               paid=sum(v > 0 for v in values) / len(values)))
    return tuple(out)


def metrics(seats: Sequence[SeatStats], played: Sequence[BalanceGame]) -> Metrics:
    """Ludii-style metrics of a run (balance, seat advantage, duration, lead changes,
    decisiveness)."""
    rates = [s.win_rate for s in seats]
    decided = [g.decided_at for g in played if g.decided_at is not None]
    return Metrics(
        balance=1.0 - (max(rates) - min(rates)),
        first_seat_advantage=rates[0] - 1.0 / len(rates),
        strongest_seat=max(range(len(rates)), key=lambda seat: (rates[seat], -seat)),
        duration_steps=statistics.fmean(g.result.steps for g in played),
        lead_changes=statistics.fmean(g.lead_changes for g in played),
        decisiveness=statistics.fmean(decided) if decided else math.nan,
        decided_late=sum(d >= 0.9 for d in decided) / len(decided) if decided else math.nan,
    )


def win_shares(result: GameResult) -> list[float]:
    """Each seat's share of the win: 1/k for each of k winners."""
    shares = [0.0] * len(result.scores)
    if result.winners:
        for seat in result.winners:
            shares[seat] += 1.0 / len(result.winners)
    return shares


def winning_margin(result: GameResult) -> float:
    """Top score minus second score (0 for a tie or a one-seat game)."""
    scores = sorted(result.scores, reverse=True)
    return scores[0] - scores[1] if len(scores) > 1 else 0.0


def card_stats(
    results: Sequence[GameResult], cards: Sequence[Sequence[Sequence[str]]]
) -> tuple[CardStats, ...]:
    """Every card's stats; `cards[g][seat]` are the cards `seat` held in game `results[g]`.
    Sorted by win-rate effect, largest first (ties by name)."""
    if len(results) != len(cards):
        raise ValueError("one list of held cards per game is needed")
    shares = [win_shares(r) for r in results]
    total_wins = sum(sum(s) for s in shares)
    all_scores = [score for r in results for score in r.scores]
    seat_games = len(all_scores)
    names = sorted({card for game in cards for seat in game for card in seat})
    out: list[CardStats] = []
    for card in names:
        wins1 = 0.0
        scores1: list[float] = []
        scores0: list[float] = []
        holding_games: list[tuple[GameResult, set[int]]] = []
        for result, share, held in zip(results, shares, cards, strict=True):
            holders = {seat for seat, seat_cards in enumerate(held) if card in seat_cards}
            for seat, score in enumerate(result.scores):
                if seat in holders:
                    wins1 += share[seat]
                    scores1.append(score)
                else:
                    scores0.append(score)
            if holders:
                holding_games.append((result, holders))
        n1 = len(scores1)
        n0 = seat_games - n1
        wins0 = total_wins - wins1
        effect, low, high = diff_interval(wins1, n1, wins0, n0)
        s_effect, s_low, s_high = mean_diff_interval(scores1, scores0)
        decided = 0
        if s_effect > 0:
            for result, holders in holding_games:
                if holders & set(result.winners) and winning_margin(result) < s_effect:
                    decided += 1
        out.append(
            CardStats(
                card=card,
                held=n1,
                others=n0,
                win_rate=wins1 / n1 if n1 else 0.0,
                win_interval=wilson_interval(wins1, n1),
                others_win_rate=wins0 / n0 if n0 else 0.0,
                others_win_interval=wilson_interval(wins0, n0),
                win_effect=effect,
                win_effect_interval=(low, high),
                mean_score=statistics.fmean(scores1) if scores1 else 0.0,
                others_mean_score=statistics.fmean(scores0) if scores0 else 0.0,
                score_effect=s_effect,
                score_effect_interval=(s_low, s_high),
                decides=decided / len(results) if results else 0.0,
                decided_games=decided,
            )
        )
    out.sort(key=lambda c: (-c.win_effect, c.card))
    return tuple(out)


LENGTH_ROWS = 20  # more distinct lengths than this are grouped into ranges of equal width


def length_rows(counts: Sequence[tuple[int, int]]) -> list[tuple[str, int]]:
    """The length table's rows: one per length, or at most LENGTH_ROWS ranges ("230-244")
    when the lengths are many (games counted in steps)."""
    if len(counts) <= LENGTH_ROWS:
        return [(str(value), count) for value, count in counts]
    low, high = counts[0][0], counts[-1][0]
    width = -(-(high - low + 1) // LENGTH_ROWS)
    rows: dict[int, int] = {}
    for value, count in counts:
        start = low + (value - low) // width * width
        rows[start] = rows.get(start, 0) + count
    return [(f"{start}-{start + width - 1}", count) for start, count in sorted(rows.items())]


def length_stats(lengths: Sequence[int], unit: str) -> LengthStats:
    counts: dict[int, int] = {}
    for n in lengths:
        counts[n] = counts.get(n, 0) + 1
    return LengthStats(
        unit=unit,
        mean=statistics.fmean(lengths) if lengths else 0.0,
        median=float(statistics.median(lengths)) if lengths else 0.0,
        minimum=min(lengths, default=0),
        maximum=max(lengths, default=0),
        counts=tuple(sorted(counts.items())),
    )


def analyse(run: BalanceRun) -> BalanceStats:
    """The statistics of a run: seats, lengths, metrics and, when the game describes them,
    parts and what they earned."""
    summary = run.summary
    seats = tuple(
        SeatStats(
            seat=seat,
            bot=bot,
            wins=summary.seat_wins[seat],
            win_rate=summary.seat_win_rate[seat],
            win_interval=summary.seat_win_interval[seat],
            mean_score=summary.mean_score[seat],
        )
        for seat, bot in enumerate(summary.bots)
    )
    results = [g.result for g in run.results]
    cards: tuple[CardStats, ...] | None = None
    if run.has_cards:
        cards = card_stats(results, [g.cards or () for g in run.results])
    payoffs = None
    if run.has_payoffs:
        payoffs = payoff_stats([g.payoffs or () for g in run.results])
    return BalanceStats(
        games=len(results),
        players=summary.players,
        seats=seats,
        length=length_stats([g.length for g in run.results], run.length_unit),
        cards=cards,
        payoffs=payoffs,
        metrics=metrics(seats, run.results) if run.results else None,
    )


# --- the report ---------------------------------------------------------------------------
CARDS_PNG = "card_win_effects.png"
PAYOFFS_PNG = "part_payoffs.png"
SEATS_PNG = "seat_win_rates.png"
LENGTH_PNG = "game_length.png"


def command_line(
    game: str,
    games: int,
    *,
    players: int | None,
    bots: str,
    seed: int,
    jobs: int,
    out: Path | None,
    options: Sequence[str] = (),
    components: Path | None = None,
    command: Sequence[str] = ("balance",),
) -> str:
    """The `motherlode balance` command line that makes a report, quoted for a shell
    (`command`: another command's name and its own options, e.g. `sweep` with its field)."""
    words = ["motherlode", command[0], game, *command[1:], "--games", str(games)]
    if players is not None:
        words += ["--players", str(players)]
    words += ["--bots", bots, "--seed", str(seed), "--jobs", str(jobs)]
    for pair in options:
        words += ["--option", pair]
    if components is not None:
        words += ["--components", str(components)]
    if out is not None:
        words += ["--out", str(out)]
    return shlex.join(words)


def package_version(package: str) -> str:
    """An installed package's version for a report, or `not installed`."""
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


#: What to do for the plots when matplotlib is missing (`make run` installs without it).
PLOTS_HOW = "no plots: matplotlib is not installed; pip install 'motherlode[report]' for them"
#: Why a report printed to the terminal has no plots.
PLOTS_NEED_OUT = "no plots: give --out FOLDER to write them with the report"


def has_matplotlib() -> bool:
    """Whether matplotlib can be imported (the report is Markdown alone without it)."""
    return importlib.util.find_spec("matplotlib") is not None


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _pp(x: float) -> str:
    return f"{x * 100:+.1f}"


def _num(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{x:+.2f}"


def parts_by_kind(cards: Sequence[CardStats]) -> list[tuple[str, list[CardStats]]]:
    """The parts grouped by their kind (`specialist` of `specialist:julian-cash`), in order of
    first appearance, each group keeping the cards' order."""
    kinds: dict[str, list[CardStats]] = {}
    for card in cards:
        kinds.setdefault(card.card.partition(":")[0], []).append(card)
    return list(kinds.items())


def card_table(cards: Sequence[CardStats]) -> list[str]:
    lines = [
        "| part | held | win rate (95%) | others (95%) | win effect pp (95%) "
        "| mean score | others | score effect (95%) | decides |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for c in cards:
        wl, wh = c.win_interval
        ol, oh = c.others_win_interval
        el, eh = c.win_effect_interval
        sl, sh = c.score_effect_interval
        lines.append(
            f"| {c.card} | {c.held} | {_pct(c.win_rate)} ({_pct(wl)} - {_pct(wh)}) | "
            f"{_pct(c.others_win_rate)} ({_pct(ol)} - {_pct(oh)}) | "
            f"{_pp(c.win_effect)} ({_pp(el)} - {_pp(eh)}) | {c.mean_score:.2f} | "
            f"{c.others_mean_score:.2f} | {_num(c.score_effect)} ({_num(sl)} - {_num(sh)}) "
            f"| {_pct(c.decides)} |"
        )
    return lines


def metrics_lines(found: Metrics | None) -> list[str]:
    if found is None:
        return []
    return [
        "## Metrics",
        "",
        "| metric | value |",
        "|---|---:|",
        f"| balance (1 - largest win-rate gap) | {found.balance:.3f} |",
        f"| first-seat advantage (seat 0 win rate - 1/players) | "
        f"{_pp(found.first_seat_advantage)} pp |",
        f"| strongest seat | {found.strongest_seat} |",
        f"| duration (mean steps) | {found.duration_steps:.1f} |",
        f"| lead changes (mean a game) | {found.lead_changes:.2f} |",
        f"| decisiveness (share of the game before a winner led for good) | "
        f"{found.decisiveness:.3f} |",
        f"| decided late (last 10% of the steps) | {_pct(found.decided_late)} |",
        "",
    ]


def render_markdown(
    run: BalanceRun,
    stats: BalanceStats,
    command: str,
    when: datetime.datetime,
    *,
    plots: bool = True,
    why_no_plots: str = PLOTS_HOW,
) -> str:
    """The report as Markdown; with `plots`, the PNG names are linked (not checked), without
    them the report says why there are none."""

    def image(alt: str, name: str) -> list[str]:
        return ["", f"![{alt}]({name})"] if plots else []

    options = ", ".join(f"{k}={v}" for k, v in run.options.items()) or "none"
    lines = [
        f"# Balance report: {run.game}",
        "",
        f"{stats.games} games, seeds {run.seed}..{run.seed + stats.games - 1}, "
        f"{stats.players} players, bots {', '.join(run.bots)}.",
        "",
        "```",
        command,
        "```",
        "",
        f"- Date: {when.isoformat(timespec='seconds')}",
        f"- Versions: motherlode {package_version('motherlode')}, "
        f"Python {platform.python_version()}"
        + (f", matplotlib {package_version('matplotlib')}" if plots else ""),
        f"- Options: {options}",
        "",
        *([] if plots else [f"- {why_no_plots[0].upper()}{why_no_plots[1:]}."]),
        "",
        "## Seats",
        "",
        "| seat | bot | wins | win rate | 95% interval | mean score |",
        "|---:|---|---:|---:|---:|---:|",
    ]
    for s in stats.seats:
        low, high = s.win_interval
        lines.append(
            f"| {s.seat} | {s.bot} | {s.wins:g} | {_pct(s.win_rate)} | "
            f"{_pct(low)} - {_pct(high)} | {s.mean_score:.2f} |"
        )
    length = stats.length
    lines += [
        *image("Seat win rates", SEATS_PNG),
        "",
        f"## Game length ({length.unit})",
        "",
        f"Mean {length.mean:.2f}, median {length.median:g}, min {length.minimum}, "
        f"max {length.maximum}.",
        "",
        f"| {length.unit} | games | share |",
        "|---:|---:|---:|",
    ]
    for label, count in length_rows(length.counts):
        lines.append(f"| {label} | {count} | {_pct(count / stats.games if stats.games else 0)} |")
    lines += [*image("Game length", LENGTH_PNG), ""]
    lines += metrics_lines(stats.metrics)
    lines += ["## Parts", ""]
    if stats.cards is None:
        lines += [f"{run.game} describes no parts a seat holds: seats and lengths only.", ""]
    else:
        lines += [
            "What each seat held, as the game describes it, one table per kind, sorted by "
            "the win-rate effect (holders minus others, percentage points).",
            "",
        ]
        for kind, cards in parts_by_kind(stats.cards):
            lines += [f"### {kind}", "", *card_table(cards), ""]
        lines += [*image("Part win-rate effects", CARDS_PNG), ""]
    if stats.payoffs is not None:
        lines += [
            "## What parts earned",
            "",
            "Parts that pay by themselves: each time a seat held one (a role: one seat in one "
            "round; a mission: one seat in one game), what it earned in the game's units.",
            "",
            "| part | held | mean earned (95%) | earned > 0 |",
            "|---|---:|---:|---:|",
        ]
        for p in stats.payoffs:
            low, high = p.interval
            lines.append(f"| {p.part} | {p.held} | {p.mean:.2f} ({low:.2f} - {high:.2f}) | "
                         f"{_pct(p.paid)} |")
        lines += [*image("What parts earned", PAYOFFS_PNG), ""]
    lines += [
        "## Definitions",
        "",
        "- A seat-game is one seat in one game; a shared win counts 1/k for each of k winners.",
        "- Holders of a part: the seat-games whose seat held it at some time in the game (read "
        "from the final spectator view by the game's own description at its front door, "
        "`DESCRIPTION.parts`: in Pay Dirt the specialists and upgrades on the board at the end "
        "or bought/taken during the game, and the events kept in the draft; in Pay Day every "
        "card dealt, bought, won or drawn; in Dig It Up the kept mission and the chance cards "
        "drawn; in Saboteur each role dealt in some round); others: every other seat-game. "
        "Holding is not chosen at random (who takes a card depends on the game so far), so an "
        "effect here is a correlation; `motherlode compare` and `motherlode sweep` play the "
        "same seeds with a part changed to measure a cause.",
        "- Win rate intervals: Wilson 95%. Win effect: holders' win rate minus the others', "
        "with Newcombe's hybrid score 95% interval (square-and-add on the two Wilson "
        "intervals). Score effect: holders' mean final score (the game's scores; gold in Pay "
        "Dirt) minus the others', with a Welch 95% interval. Seat-games of one game are not "
        "independent, so the intervals are a guide.",
        "- Decides: the share of all games in which a winner held the card, the card's score "
        "effect is positive, and the winning margin (top score minus second, 0 for a tie) is "
        "smaller than that score effect.",
        "- Length: the final view's round when the game has rounds, else the number of steps.",
        "- Metrics (after Ludii): balance is 1 minus the gap between the largest and the "
        "smallest seat win rate; first-seat advantage is seat 0's win rate minus 1/players; "
        "duration is the mean number of steps; the lead is the one seat with the top score "
        "(`state.scores()` after every step of the game replayed; a tie leads nobody), and a "
        "lead change is the lead passing from one seat to another; decisiveness is the share "
        "of the steps played before a winner held the top score (alone or tied) for the rest "
        "of the game (0: decided from the start, near 1: decided at the end), and 'decided "
        "late' the share of games where that came in the last 10% of the steps.",
        "",
    ]
    return "\n".join(lines)


def write_plots(stats: BalanceStats, out: Path) -> list[Path]:
    """The PNG plots (matplotlib, Agg backend): seats, length and, with cards, card effects."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written: list[Path] = []

    fig, ax = plt.subplots(figsize=(6, 4))
    seats = [f"{s.seat} ({s.bot})" for s in stats.seats]
    rates = [s.win_rate * 100 for s in stats.seats]
    errors = [
        [(s.win_rate - s.win_interval[0]) * 100 for s in stats.seats],
        [(s.win_interval[1] - s.win_rate) * 100 for s in stats.seats],
    ]
    ax.bar(seats, rates, yerr=errors, capsize=4, color="#c9a227")
    ax.axhline(100 / max(1, stats.players), color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel("seat")
    ax.set_ylabel("win rate (%), 95% Wilson interval")
    ax.set_title(f"Seat win rates ({stats.games} games)")
    fig.tight_layout()
    path = out / SEATS_PNG
    fig.savefig(path, dpi=100)
    plt.close(fig)
    written.append(path)

    fig, ax = plt.subplots(figsize=(6, 4))
    values = [v for v, _ in stats.length.counts]
    counts = [n for _, n in stats.length.counts]
    ax.bar(values, counts, width=0.8 if stats.length.unit == "rounds" else 1.0, color="#8b5a2b")
    ax.set_xlabel(stats.length.unit)
    ax.set_ylabel("games")
    ax.set_title(f"Game length in {stats.length.unit}")
    fig.tight_layout()
    path = out / LENGTH_PNG
    fig.savefig(path, dpi=100)
    plt.close(fig)
    written.append(path)

    if stats.cards is not None:
        cards = list(reversed(stats.cards))  # largest effect at the top
        height = max(3.0, 0.22 * len(cards) + 1.5)
        fig, ax = plt.subplots(figsize=(8, height))
        ys = list(range(len(cards)))
        effects = [c.win_effect * 100 for c in cards]
        xerr = [
            [(c.win_effect - c.win_effect_interval[0]) * 100 for c in cards],
            [(c.win_effect_interval[1] - c.win_effect) * 100 for c in cards],
        ]
        ax.errorbar(effects, ys, xerr=xerr, fmt="o", capsize=2, color="#8b0000", markersize=3)
        ax.axvline(0, color="grey", linewidth=1)
        ax.set_yticks(ys)
        ax.set_yticklabels([c.card for c in cards], fontsize=7)
        ax.set_xlabel("holders' win rate minus others' (percentage points), 95% interval")
        ax.set_title("Part effect on win rate")
        fig.tight_layout()
        path = out / CARDS_PNG
        fig.savefig(path, dpi=100)
        plt.close(fig)
        written.append(path)
    if stats.payoffs:
        paying = list(reversed(stats.payoffs))
        fig, ax = plt.subplots(figsize=(7, max(3.0, 0.3 * len(paying) + 1.5)))
        ys = list(range(len(paying)))
        halves = [0.0 if math.isnan(p.interval[1]) else p.interval[1] - p.mean for p in paying]
        ax.barh(ys, [p.mean for p in paying], xerr=halves, capsize=3, color="#c9a227")
        ax.set_yticks(ys)
        ax.set_yticklabels([p.part for p in paying], fontsize=8)
        ax.set_xlabel("mean earned each time held, 95% interval")
        ax.set_title("What parts earned")
        fig.tight_layout()
        path = out / PAYOFFS_PNG
        fig.savefig(path, dpi=100)
        plt.close(fig)
        written.append(path)
    return written


def write_report(
    run: BalanceRun,
    out: Path,
    command: str,
    when: datetime.datetime | None = None,
) -> tuple[BalanceStats, list[Path]]:
    """Write report.md and, with matplotlib, the PNG plots into `out` (made if missing);
    the stats and the files written."""
    stats = analyse(run)
    plots = has_matplotlib()
    out.mkdir(parents=True, exist_ok=True)
    when = when or datetime.datetime.now(datetime.UTC).astimezone()
    written = write_plots(stats, out) if plots else []
    report = out / "report.md"
    report.write_text(render_markdown(run, stats, command, when, plots=plots), encoding="utf-8")
    return stats, [report, *written]
