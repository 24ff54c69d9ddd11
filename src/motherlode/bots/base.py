"""Bots: they see a seat's view and the legal actions, never the state."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from motherlode.engine import JSON, Action, Game, OptionError


class Bot(Protocol):
    """A player that chooses among the legal actions from what its seat may see."""

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded RNG."""

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


BotFactory = Callable[[Game, int, int], Bot]

# bot name -> the games it plays (None: every game) -> factory. One name may serve several
# games with a factory each ("heuristic" for Pay Dirt and Saboteur).
_BOTS: dict[str, dict[str | None, BotFactory]] = {
    "random": {None: RandomBot},
}


def register_bot(name: str, factory: BotFactory, games: Sequence[str] | None = None) -> None:
    """Make a bot available under `name`, for `games` (None: every game)."""
    entry = _BOTS.setdefault(name, {})
    for game in (None,) if games is None else games:
        entry[game] = factory


def _factory(name: str, game: str) -> BotFactory | None:
    entry = _BOTS.get(name, {})
    return entry.get(game, entry.get(None))


def bot_names(game: str | None = None) -> list[str]:
    """The bots that can play `game` (every bot when None), sorted."""
    _load_game_bots()
    return sorted(n for n in _BOTS if game is None or _factory(n, game) is not None)


def make_bot(name: str, game: Game, seat: int, seed: int) -> Bot:
    """A bot for `seat`; OptionError naming the choices if `name` cannot play this game."""
    _load_game_bots()
    factory = _factory(name, game.name)
    if factory is None:
        allowed = ", ".join(bot_names(game.name))
        raise OptionError(f"bot {name!r} cannot play {game.name}; bots are: {allowed}")
    return factory(game, seat, seed)


def _load_game_bots() -> None:
    """Import the game-specific bots so that they register themselves."""
    from . import digitup_greedy  # noqa: F401  (registers "greedy")
    from .payday_heuristic import PayDayHeuristic  # noqa: F401  (Pay Day's "heuristic")
    from .paydirt_heuristic import PayDirtHeuristic  # noqa: F401  (registers "heuristic")
    from .saboteur_heuristic import SaboteurHeuristic  # noqa: F401  (Saboteur's "heuristic")
