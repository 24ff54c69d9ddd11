"""The whole truth of a Saboteur Gold position, JSON-ready, and the position rebuilt from it.

`truth(state)` is every part of the position (hands, pile, dwarves, goals, the log ...): the
engine's digest hashes it, `State.snapshot` carries it. The fields are the model's, saved as it
declares them (`model.py`); beside them the maze's face-down goals and the log, kept as `[kind,
seat, *fields]` (cells and other tuples as lists). `restore(state, truth)` reads it back into
a state, rebuilding what the state derives (the frontier cache, worked out again when needed).
"""

from __future__ import annotations

from motherlode.engine import JSON, Event, PackedEvent

from .log import BY_KIND
from .model import SaboteurModel, face_down_json


def _tuples(value: object) -> object:
    """Lists as tuples, all the way down (the log's fields)."""
    if type(value) is list:
        return tuple(_tuples(v) for v in value)
    return value


def truth(state: SaboteurModel) -> JSON:
    """The whole truth, JSON-ready (for the digest and the snapshot)."""
    return {
        **state._saved(),
        "face_down": face_down_json(state.maze),
        "log": [[entry[0].kind, *entry[1:]] for entry in state.log],  # tuples: written as lists
    }


def _entry(data: list[object]) -> PackedEvent:
    """A packed log entry from its truth `[kind, seat, *fields]`."""
    cls: type[Event] = BY_KIND[str(data[0])]
    return (cls, *(_tuples(value) for value in data[1:]))


def restore(state: SaboteurModel, data: JSON) -> None:
    """Make `state` the position `data` (`truth`) is the truth of; the engine then sets the
    seed, the RNG and the history."""
    state._load(data)
    game = state.game
    state.maze.face_down.update({(c, r): game.goal[card] for (c, r), card in data["face_down"]})
    state._rebuild()
    state.log = [_entry(entry) for entry in data["log"]]
