"""Motherlode: rules engines, bots and research environments for games about digging for gold.

    >>> import motherlode
    >>> game = motherlode.load("digitup", players=3)
    >>> state = game.new_game(seed=1)
    >>> state.apply(state.legal_actions()[0])
"""

from .engine import (
    Action,
    ActionSyntaxError,
    DataError,
    Game,
    IllegalAction,
    MotherlodeError,
    OptionError,
    SaveFileError,
    State,
    games,
    load,
)
from .engine.savefile import dumps as save_game
from .engine.savefile import loads as load_game

__all__ = [
    "Action",
    "ActionSyntaxError",
    "DataError",
    "Game",
    "IllegalAction",
    "MotherlodeError",
    "OptionError",
    "SaveFileError",
    "State",
    "games",
    "load",
    "load_game",
    "save_game",
]
