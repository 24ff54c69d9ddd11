"""Two variants of a game on the same seeds: `compare(...) -> Comparison`.

A *variant* is a set of options (a number changed, `data` pointing at a folder of corrected
component files with a card removed, ...) laid over the options both variants share. Both
variants play the same seeds with the same bots, so game `i` of A and game `i` of B share their
seed: the deal, the bots' seeds and everything the change does not touch. The difference B - A
is taken game by game and seat by seat, and its mean has a *paired* 95% interval (normal:
mean ± 1.96 · sd / √n of the per-game differences). Pairing removes the part of the variation
both games of a pair share (the same deal, the same bots), so the interval is narrower than
an unpaired (Welch) one on the same games whenever the two games of a pair are alike; both
half-widths are reported.

A win is shared (1/k for each of k winners), so a seat's win-rate difference is the mean of
its per-game differences in win share.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from motherlode.engine import OptionError

from .balance import win_shares
from .runner import run_games, set_up_run
from .stats import Z95, GameResult, Summary


@dataclass(frozen=True, slots=True)
class Difference:
    """B - A of one figure: the means, the mean difference and its intervals."""

    a: float
    b: float
    diff: float
    low: float  # paired 95% interval
    high: float
    unpaired_half: float  # half-width of the unpaired (Welch) 95% interval, for comparison


@dataclass(frozen=True, slots=True)
class SeatComparison:
    seat: int
    bot: str
    win_rate: Difference
    score: Difference


@dataclass(frozen=True)
class Comparison:
    """What `compare` found: both summaries and each seat's paired differences."""

    game: str
    games: int
    seed: int
    variants: tuple[str, str]
    a: Summary
    b: Summary
    seats: tuple[SeatComparison, ...]
    length: Difference  # steps

    def to_json(self) -> dict[str, Any]:
        def figure(d: Difference) -> dict[str, float]:
            return {"a": d.a, "b": d.b, "diff": d.diff, "low": d.low, "high": d.high,
                    "unpaired_half": d.unpaired_half}

        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "variants": list(self.variants),
            "options": [dict(self.a.options), dict(self.b.options)],
            "bots": list(self.a.bots),
            "seats": [
                {"seat": s.seat, "bot": s.bot, "win_rate": figure(s.win_rate),
                 "score": figure(s.score)}
                for s in self.seats
            ],
            "steps": figure(self.length),
        }


def difference(a: Sequence[float], b: Sequence[float], z: float = Z95) -> Difference:
    """B - A over paired values `a[i]`, `b[i]`: the paired interval, and the unpaired
    half-width for comparison (NaN with fewer than two pairs)."""
    if len(a) != len(b) or not a:
        raise ValueError(f"{len(a)} and {len(b)} values do not pair")
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    mean = statistics.fmean(diffs)
    n = len(diffs)
    if n < 2:
        half = unpaired = math.nan
    else:
        half = z * statistics.stdev(diffs) / math.sqrt(n)
        unpaired = z * math.sqrt(statistics.variance(a) / n + statistics.variance(b) / n)
    return Difference(statistics.fmean(a), statistics.fmean(b), mean, mean - half,
                      mean + half, unpaired)


def compare(
    game: str,
    games: int,
    variants: tuple[Mapping[str, Any], Mapping[str, Any]],
    *,
    labels: tuple[str, str] = ("A", "B"),
    bots: Sequence[str] = ("random",),
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    ray: str | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> Comparison:
    """Play `games` seeds of `game` under each variant (its options over the shared `options`)
    and compare them seat by seat. OptionError (before any game) for a bad variant, or for
    variants seating different numbers of players."""
    shared = dict(options or {})
    setups = []
    for variant in variants:
        twice = sorted(set(variant) & set(shared))
        if twice:
            raise OptionError(f"{', '.join(twice)} given both in a variant and for both")
        setups.append({**shared, **variant})
    tables = [set_up_run(game, games, bots, seed, None, setup, jobs, ray) for setup in setups]
    if tables[0].game.num_players != tables[1].game.num_players:
        raise OptionError(
            f"the variants seat {tables[0].game.num_players} and "
            f"{tables[1].game.num_players} players; compare variants at one table size"
        )
    runs: list[tuple[Summary, list[GameResult]]] = []
    for setup in setups:
        results: list[GameResult] = []

        def take(result: GameResult, into: list[GameResult] = results) -> None:
            into.append(result)
            if on_result is not None:
                on_result(result)

        summary = run_games(game, games, bots=bots, seed=seed, options=setup, jobs=jobs,
                            on_result=take, ray=ray)
        runs.append((summary, results))
    (a, a_games), (b, b_games) = runs
    return Comparison(
        game=a.game,
        games=games,
        seed=seed,
        variants=labels,
        a=a,
        b=b,
        seats=tuple(seat_comparison(seat, bot, a_games, b_games)
                    for seat, bot in enumerate(a.bots)),
        length=difference([g.steps for g in a_games], [g.steps for g in b_games]),
    )


def seat_comparison(
    seat: int, bot: str, a: Sequence[GameResult], b: Sequence[GameResult]
) -> SeatComparison:
    return SeatComparison(
        seat=seat,
        bot=bot,
        win_rate=difference([win_shares(g)[seat] for g in a], [win_shares(g)[seat] for g in b]),
        score=difference([g.scores[seat] for g in a], [g.scores[seat] for g in b]),
    )
