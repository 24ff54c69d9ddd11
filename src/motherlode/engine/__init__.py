"""The game-agnostic kernel: the contract, options, errors, the registry and save files."""

from .errors import (
    ActionSyntaxError,
    DataError,
    IllegalAction,
    MotherlodeError,
    OptionError,
    SaveFileError,
)
from .game import JSON, MAX_SEED, Action, Game, State, check_seed, share_win
from .options import Option, OptionValue
from .registry import game_class, games, load, register, unregister

__all__ = [
    "JSON",
    "MAX_SEED",
    "Action",
    "ActionSyntaxError",
    "DataError",
    "Game",
    "IllegalAction",
    "MotherlodeError",
    "Option",
    "OptionError",
    "OptionValue",
    "SaveFileError",
    "State",
    "check_seed",
    "game_class",
    "games",
    "load",
    "register",
    "share_win",
    "unregister",
]
