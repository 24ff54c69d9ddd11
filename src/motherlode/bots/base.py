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

# bot name -> (games it plays, or None for every game; factory)
_BOTS: dict[str, tuple[frozenset[str] | None, BotFactory]] = {
    "random": (None, RandomBot),
}


def register_bot(name: str, factory: BotFactory, games: Sequence[str] | None = None) -> None:
    """Make a bot available under `name`, for `games` (None: every game)."""
    _BOTS[name] = (None if games is None else frozenset(games), factory)


def bot_names(game: str | None = None) -> list[str]:
    """The bots that can play `game` (every bot when None), sorted."""
    _load_game_bots()
    return sorted(n for n, (gs, _) in _BOTS.items() if game is None or gs is None or game in gs)


def make_bot(name: str, game: Game, seat: int, seed: int) -> Bot:
    """A bot for `seat`; OptionError naming the choices if `name` cannot play this game."""
    _load_game_bots()
    entry = _BOTS.get(name)
    if entry is None or (entry[0] is not None and game.name not in entry[0]):
        allowed = ", ".join(bot_names(game.name))
        raise OptionError(f"bot {name!r} cannot play {game.name}; bots are: {allowed}")
    return entry[1](game, seat, seed)


def _load_game_bots() -> None:
    """Import the game-specific bots so that they register themselves."""
    from . import digitup_greedy  # noqa: F401  (registers "greedy")
    from .paydirt_heuristic import PayDirtHeuristic  # noqa: F401  (registers "heuristic")
