"""The registry of games: `load(name, **options)` is the only way in from outside a game.

Every package under `motherlode.rules` is a game, named by its package: its front door
(`rules/<name>/__init__.py`) exports `DESCRIPTION`, a `GameDescription` naming the game's
class, so a new game needs no entry anywhere else. `register(name, target)` adds a game from
elsewhere (plug-ins and tests): `target` is a front door ("package", with its `DESCRIPTION`)
or a class ("package.module:Class", without one).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from .description import GameDescription
from .errors import OptionError
from .game import Game

#: The package whose every subpackage is a game, imported by name so the engine (the lowest
#: layer) does not import the rules (the layer above) until a game is asked for.
RULES = "motherlode.rules"

# name -> target registered at run time; it wins over a built-in game of the same name.
_REGISTERED: dict[str, str] = {}


@cache
def _built_in() -> dict[str, str]:
    """Each game package under `RULES`: its name -> its front door."""
    path = importlib.import_module(RULES).__path__
    return {info.name: f"{RULES}.{info.name}" for info in pkgutil.iter_modules(path) if info.ispkg}


def built_in_games() -> list[str]:
    """The games of Motherlode's own rules (each package under `motherlode.rules`), sorted."""
    return sorted(_built_in())


def games() -> list[str]:
    """The names of every registered game, sorted."""
    return sorted({**_built_in(), **_REGISTERED})


def target(name: str) -> str:
    """What the game `name` is registered as (its front door's package, or "module:Class"):
    what another process gives `register` to know the game as this one does, its
    `DESCRIPTION` included. OptionError naming the choices if no game is called `name`."""
    found = _REGISTERED.get(name) or _built_in().get(name)
    if found is None:
        raise OptionError(f"unknown game {name!r}; games are: {', '.join(games())}")
    return found


def description(name: str) -> GameDescription | None:
    """What the game `name` says about itself at its front door (None: a game registered as
    a class, which has none); OptionError naming the choices if no game is called `name`."""
    registered = target(name)
    return None if ":" in registered else _front_door(registered)


def _front_door(package: str) -> GameDescription:
    found = getattr(importlib.import_module(package), "DESCRIPTION", None)
    if not isinstance(found, GameDescription):
        raise TypeError(f"{package} has no DESCRIPTION (a GameDescription) at its front door")
    return found


def game_class(name: str) -> type[Game]:
    """The Game subclass registered as `name`; OptionError naming the choices if none."""
    registered = target(name)
    module_name, _, class_name = registered.partition(":")
    if not class_name:
        return _front_door(registered).game
    cls = getattr(importlib.import_module(module_name), class_name)
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TypeError(f"{registered} is not a Game")
    return cls


def load(name: str, /, **options: Any) -> Game:
    """The game `name` with `options` validated (OptionError says which and what is allowed)."""
    return game_class(name)(**options)


def register(name: str, target: str) -> None:
    """Register a game as "package" (a front door with a `DESCRIPTION`) or
    "package.module:Class" (used by plug-ins and tests)."""
    _REGISTERED[name] = target


def unregister(name: str) -> None:
    """Remove a game registered with `register`."""
    _REGISTERED.pop(name, None)
