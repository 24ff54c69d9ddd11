"""Card balance from many seeded bot games: `run_balance(...)`, `analyse(...)`, `write_report(...)`.

Game-agnostic: games are played like `run_games` plays them (game `i` gets seed `seed + i`,
the bot in each seat `bot_seed(game_seed, seat)`, one process or many with the same results),
and at the end of each game the spectator's view (`state.view(None)`) is asked which cards
each seat held, through a per-game *card extractor* (`CARD_EXTRACTORS`, keyed by the game's
registry name). A game without an extractor still gets seat win rates and game lengths.

Definitions (also written into every report):

- A *seat-game* is one seat in one game. A win is shared: each of k winners gets 1/k.
- A card's *holders* are the seat-games whose seat held the card at the end of the game; the
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

from motherlode.engine import EventJSON, Game, MotherlodeError, State, View
from motherlode.rules import payday, paydirt
from motherlode.rules.payday import EventDrawn, FreeBargain, MailBought, MailDrawn, Won, YardSale
from motherlode.rules.paydirt import EventResolved, TookLeftover, UpgradeBought, is_paydirt_view

from .runner import SimulationError, set_up_run, summed_up
from .stats import Z95, GameResult, Summary, wilson_interval

#: The final spectator view -> the cards each seat holds (one list per seat). An extractor
#: reads the game's view and its log's events (their JSON: `kind` and fields) by name, as any
#: face does, never the game's modules.
CardExtractor = Callable[[Game, View], list[list[str]]]


class BalanceError(MotherlodeError):
    """A balance report cannot be made (e.g. matplotlib is missing)."""


def _seat(event: EventJSON, seats: int) -> int | None:
    seat = event.get("seat")
    ok = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < seats
    return seat if ok and isinstance(seat, int) else None


# --- card extractors -----------------------------------------------------------------------------
# Pay Dirt events that put a card in front of a seat: the kind, the field naming the card, and
# the card's kind in the report (the kinds from the game's event classes, so a renamed event
# fails here instead of emptying the report).
PAYDIRT_GAINS = {
    paydirt.Bought.kind: ("item", None),
    TookLeftover.kind: ("item", None),
    UpgradeBought.kind: ("upgrade", "upgrade"),
    EventResolved.kind: ("event", "event"),
}


def paydirt_cards(game: Game, view: View) -> list[list[str]]:
    """Pay Dirt: the specialists and upgrades each seat ever held — those on its board at the
    end, and those it won at auction or took with Morgan Grift (`bought`, `took-leftover`), or
    bought (`upgrade-bought`), so a card that left the board (Dirty Mike & The Boys unpaid, an
    upgrade replaced, a specialist fired by Employee Feud) still counts for the seat that paid
    for it — and the events each seat kept in the draft (`event-resolved`, one per card
    resolved for its seat; instant events included, and a Remy Roulette swap counts the card
    finally resolved)."""
    if not is_paydirt_view(view):
        raise BalanceError(f"not a Pay Dirt view: {view['game']}")
    specialists = getattr(game, "specialist_by_id", {})
    held: list[list[str]] = []
    for board in view["boards"]:
        cards = [f"specialist:{s}" for s in board["specialists"]]
        cards += [f"upgrade:{u}" for u in board["upgrades"].values()]
        held.append(cards)
    for event in view["log"]:
        gain = PAYDIRT_GAINS.get(str(event["kind"]))
        seat = _seat(event, len(held))
        if gain is None or seat is None:
            continue
        field, card_kind = gain
        card = event.get(field)
        if not isinstance(card, str):
            continue
        if card_kind is None:  # an auction tile: only specialists are cards of the report
            if card in specialists:
                held[seat].append(f"specialist:{card}")
        else:
            held[seat].append(f"{card_kind}:{card}")
    return [sorted(set(cards)) for cards in held]


# Pay Day events that put a card in front of a seat, and what kind of card (by the events'
# classes at the game's front door, so a renamed event kind renames it here too).
PAYDAY_GAINS = {FreeBargain.kind: "bargain", payday.Bought.kind: "bargain", Won.kind: "bargain",
                YardSale.kind: "bargain", MailBought.kind: "mail", EventDrawn.kind: "event"}


def payday_cards(game: Game, view: View) -> list[list[str]]:
    """Pay Day: every card each seat held during the game, from the log (the final PAY DAY
    discards them all): Bargains dealt, bought, won or taken at the Yard Sale, Insurance and
    Markups bought, Event cards drawn, and Bills received (`bill:<id>`, from the Mail drawn)."""
    held: list[list[str]] = [[] for _ in range(view["players"])]
    for event in view["log"]:
        kind, seat, card = str(event["kind"]), _seat(event, len(held)), event.get("card")
        if seat is None or not isinstance(card, str):
            continue
        if kind in PAYDAY_GAINS:
            held[seat].append(f"{PAYDAY_GAINS[kind]}:{card}")
        elif kind == MailDrawn.kind and card.startswith("bill"):
            held[seat].append(f"bill:{card}")
    return [sorted(set(cards)) for cards in held]


#: Card extractors by game registry name.
CARD_EXTRACTORS: dict[str, CardExtractor] = {"paydirt": paydirt_cards, "payday": payday_cards}


def card_extractor(game: str) -> CardExtractor | None:
    return CARD_EXTRACTORS.get(game)


# --- playing ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BalanceGame:
    """One finished game: the sim result, its length (rounds or steps) and the cards held."""

    result: GameResult
    length: int
    length_unit: str  # "rounds" (the final view's round) or "steps"
    cards: tuple[tuple[str, ...], ...] | None  # per seat; None: the game has no extractor


def balance_game(game: Game, state: State, result: GameResult) -> BalanceGame:
    """The `finish` of a balance run: the game's length and each seat's cards, read from the
    final spectator view."""
    final = state.view(None)
    rounds = final.get("round")
    by_round = isinstance(rounds, int) and not isinstance(rounds, bool)
    length: int = rounds if isinstance(rounds, int) and by_round else result.steps
    extract = card_extractor(game.name)
    cards = None
    if extract is not None:
        cards = tuple(tuple(seat_cards) for seat_cards in extract(game, final))
        if len(cards) != game.num_players:
            raise SimulationError(
                f"{game.name} seed {result.seed}: the card extractor gave {len(cards)} seats, "
                f"not {game.num_players}"
            )
    return BalanceGame(
        result=result, length=length, length_unit="rounds" if by_round else "steps", cards=cards
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
        has_cards=card_extractor(summary.game) is not None,
        length_unit=played[0].length_unit,
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


@dataclass(frozen=True)
class BalanceStats:
    games: int
    players: int
    seats: tuple[SeatStats, ...]
    length: LengthStats
    cards: tuple[CardStats, ...] | None  # sorted by win effect, largest first; None: no extractor


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
    """The statistics of a run: seats, lengths and (with an extractor) cards."""
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
    return BalanceStats(
        games=len(results),
        players=summary.players,
        seats=seats,
        length=length_stats([g.length for g in run.results], run.length_unit),
        cards=cards,
    )


# --- the report ---------------------------------------------------------------------------
CARDS_PNG = "card_win_effects.png"
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
) -> str:
    """The `motherlode balance` command line that makes a report, quoted for a shell."""
    words = ["motherlode", "balance", game, "--games", str(games)]
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


def _version(package: str) -> str:
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
        f"- Versions: motherlode {_version('motherlode')}, Python {platform.python_version()}"
        + (f", matplotlib {_version('matplotlib')}" if plots else ""),
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
    lines += [*image("Game length", LENGTH_PNG), "", "## Cards", ""]
    if stats.cards is None:
        lines += [f"No card extractor for {run.game}: seats and lengths only.", ""]
    else:
        lines += [
            "Sorted by the win-rate effect (holders minus others, percentage points).",
            "",
            "| card | held | win rate (95%) | others (95%) | win effect pp (95%) "
            "| mean score | others | score effect (95%) | decides |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for c in stats.cards:
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
        lines += [*image("Card win-rate effects", CARDS_PNG), ""]
    lines += [
        "## Definitions",
        "",
        "- A seat-game is one seat in one game; a shared win counts 1/k for each of k winners.",
        "- Holders of a card: the seat-games whose seat held it at some time in the game (read "
        "from the final spectator view by the game's card extractor: in Pay Dirt the "
        "specialists and upgrades on the board at the end or bought/taken during the game, "
        "and the events kept in the draft); others: every other seat-game.",
        "- Win rate intervals: Wilson 95%. Win effect: holders' win rate minus the others', "
        "with Newcombe's hybrid score 95% interval (square-and-add on the two Wilson "
        "intervals). Score effect: holders' mean final score (the game's scores; gold in Pay "
        "Dirt) minus the others', with a Welch 95% interval. Seat-games of one game are not "
        "independent, so the intervals are a guide.",
        "- Decides: the share of all games in which a winner held the card, the card's score "
        "effect is positive, and the winning margin (top score minus second, 0 for a tie) is "
        "smaller than that score effect.",
        "- Length: the final view's round when the game has rounds, else the number of steps.",
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
        ax.set_title("Card effect on win rate")
        fig.tight_layout()
        path = out / CARDS_PNG
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
