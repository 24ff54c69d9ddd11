"""What a batch of simulated games says: win rates with intervals, scores, game lengths."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from motherlode.engine import OptionValue

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate; `wins` may be fractional (shared wins)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game: its seed, the bots per seat, final scores, winners and length."""

    seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    steps: int

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "bots": list(self.bots),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "steps": self.steps,
        }


class _Running:
    """Welford's running mean and variance: one pass, numerically stable."""

    __slots__ = ("count", "m2", "mean")

    def __init__(self) -> None:
        self.count = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.m2 += delta * (value - self.mean)

    @property
    def std(self) -> float:
        """Sample standard deviation (0 for fewer than two values)."""
        return math.sqrt(self.m2 / (self.count - 1)) if self.count > 1 else 0.0


@dataclass
class Tally:
    """Adds up game results one by one, in seed order, without keeping them."""

    players: int
    games: int = 0
    steps: int = 0
    min_steps: int = 0
    max_steps: int = 0
    ties: int = 0
    wins: list[float] = field(default_factory=list)
    _scores: list[_Running] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.players
        self._scores = [_Running() for _ in range(self.players)]

    def add(self, result: GameResult) -> None:
        if len(result.scores) != self.players:
            raise ValueError(
                f"game {result.seed} has {len(result.scores)} scores, not {self.players}"
            )
        self.games += 1
        self.steps += result.steps
        if self.games == 1:
            self.min_steps = self.max_steps = result.steps
        else:
            self.min_steps = min(self.min_steps, result.steps)
            self.max_steps = max(self.max_steps, result.steps)
        if result.winners:
            share = 1.0 / len(result.winners)
            for seat in result.winners:
                self.wins[seat] += share
        if len(result.winners) > 1:
            self.ties += 1
        for running, score in zip(self._scores, result.scores, strict=True):
            running.add(score)

    @property
    def mean_score(self) -> list[float]:
        return [r.mean for r in self._scores]

    @property
    def std_score(self) -> list[float]:
        return [r.std for r in self._scores]


@dataclass(frozen=True)
class Summary:
    """The outcome of `run_games`: per-seat win rates and scores, lengths and speed.

    A tie counts as a shared win: each of k winners gets 1/k of the game.
    """

    game: str
    options: dict[str, OptionValue]
    bots: tuple[str, ...]
    seed: int
    jobs: int
    games: int
    steps: int
    seconds: float
    ties: int
    seat_wins: tuple[float, ...]
    seat_win_rate: tuple[float, ...]
    seat_win_interval: tuple[tuple[float, float], ...]
    mean_score: tuple[float, ...]
    std_score: tuple[float, ...]
    mean_steps: float
    min_steps: int
    max_steps: int

    @classmethod
    def from_tally(
        cls,
        tally: Tally,
        *,
        game: str,
        options: dict[str, OptionValue],
        bots: tuple[str, ...],
        seed: int,
        jobs: int,
        seconds: float,
    ) -> Summary:
        n = tally.games
        return cls(
            game=game,
            options=dict(options),
            bots=bots,
            seed=seed,
            jobs=jobs,
            games=n,
            steps=tally.steps,
            seconds=seconds,
            ties=tally.ties,
            seat_wins=tuple(tally.wins),
            seat_win_rate=tuple(w / n if n else 0.0 for w in tally.wins),
            seat_win_interval=tuple(wilson_interval(w, n) for w in tally.wins),
            mean_score=tuple(tally.mean_score),
            std_score=tuple(tally.std_score),
            mean_steps=tally.steps / n if n else 0.0,
            min_steps=tally.min_steps,
            max_steps=tally.max_steps,
        )

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds if self.seconds > 0 else 0.0

    def bot_win_rate(self) -> dict[str, float]:
        """Win rate of each bot name over all the seats it played."""
        wins: dict[str, float] = {}
        seats: dict[str, int] = {}
        for bot, won in zip(self.bots, self.seat_wins, strict=True):
            wins[bot] = wins.get(bot, 0.0) + won
            seats[bot] = seats.get(bot, 0) + 1
        return {bot: wins[bot] / (seats[bot] * self.games) if self.games else 0.0 for bot in wins}

    def to_json(self) -> dict[str, Any]:
        """The summary as one JSON-ready object."""
        return {
            "game": self.game,
            "options": dict(self.options),
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "jobs": self.jobs,
            "games": self.games,
            "steps": self.steps,
            "seconds": self.seconds,
            "games_per_s": self.games_per_s,
            "steps_per_s": self.steps_per_s,
            "ties": self.ties,
            "seat_wins": list(self.seat_wins),
            "seat_win_rate": list(self.seat_win_rate),
            "seat_win_interval": [list(ci) for ci in self.seat_win_interval],
            "bot_win_rate": self.bot_win_rate(),
            "mean_score": list(self.mean_score),
            "std_score": list(self.std_score),
            "mean_steps": self.mean_steps,
            "min_steps": self.min_steps,
            "max_steps": self.max_steps,
        }
