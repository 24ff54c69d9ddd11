"""The game-agnostic kernel: the contract, options, errors, the registry and save files."""

from .actionspace import ActionSpace, SpaceActions
from .decision import Decision
from .errors import (
    ActionSyntaxError,
    DataError,
    IllegalAction,
    MotherlodeError,
    OptionError,
    SaveFileError,
)
from .events import Event, EventJSON, PackedEvent
from .game import (
    JSON,
    MAX_SEED,
    Action,
    ActionEncoding,
    FullEncoding,
    Game,
    Snapshot,
    State,
    View,
    check_index,
    check_seed,
    share_win,
)
from .options import Option, OptionValue
from .registry import (
    built_in_games,
    description,
    game_class,
    games,
    load,
    register,
    target,
    unregister,
)

__all__ = [
    "JSON",
    "MAX_SEED",
    "Action",
    "ActionEncoding",
    "ActionSpace",
    "ActionSyntaxError",
    "DataError",
    "Decision",
    "Event",
    "EventJSON",
    "FullEncoding",
    "Game",
    "IllegalAction",
    "MotherlodeError",
    "Option",
    "OptionError",
    "OptionValue",
    "PackedEvent",
    "SaveFileError",
    "Snapshot",
    "SpaceActions",
    "State",
    "View",
    "built_in_games",
    "check_index",
    "check_seed",
    "description",
    "game_class",
    "games",
    "load",
    "register",
    "share_win",
    "target",
    "unregister",
]
