"""The game-agnostic kernel: the contract, options, errors, the registry and save files."""

from .actionspace import ActionSpace, SpaceActions
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
    "ActionSpace",
    "ActionSyntaxError",
    "DataError",
    "Game",
    "IllegalAction",
    "MotherlodeError",
    "Option",
    "OptionError",
    "OptionValue",
    "SaveFileError",
    "SpaceActions",
    "State",
    "check_seed",
    "game_class",
    "games",
    "load",
    "register",
    "share_win",
    "unregister",
]
