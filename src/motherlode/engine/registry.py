"""The registry of games: `load(name, **options)` is the only way in from outside a game."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import OptionError
from .game import Game

# name -> "module:Class". Games are imported on first use, so the CLI starts fast.
_GAMES: dict[str, str] = {
    "digitup": "motherlode.rules.digitup.game:DigItUp",
    "paydirt": "motherlode.rules.paydirt.game:PayDirt",
    "payday": "motherlode.rules.payday.game:PayDay",
    "saboteur": "motherlode.rules.saboteur.game:Saboteur",
}


def games() -> list[str]:
    """The names of every registered game, sorted."""
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    """The Game subclass registered as `name`; OptionError naming the choices if none."""
    target = _GAMES.get(name)
    if target is None:
        raise OptionError(f"unknown game {name!r}; games are: {', '.join(games())}")
    module_name, _, class_name = target.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TypeError(f"{target} is not a Game")
    return cls


def load(name: str, /, **options: Any) -> Game:
    """The game `name` with `options` validated (OptionError says which and what is allowed)."""
    return game_class(name)(**options)


def register(name: str, target: str) -> None:
    """Register a game as "package.module:Class" (used by plug-ins and tests)."""
    _GAMES[name] = target


def unregister(name: str) -> None:
    """Remove a game registered with `register`."""
    _GAMES.pop(name, None)
