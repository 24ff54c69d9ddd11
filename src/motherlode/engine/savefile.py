"""Saving and loading a game: its options, seed and actions, checked by a state digest.

A save file is JSON:

    {"format": "motherlode-save", "version": 1, "game": "digitup",
     "options": {"players": 3, ...}, "seed": 7, "actions": ["keep gold-digger", ...],
     "digest": "<sha256 of the final state>", "table": {...}}

`table` is optional: what the program that saved the game needs to resume it (the CLI keeps
the human's seat and the bots there). It is not part of the game and not covered by the digest.

Loading replays the actions through the checked `apply`; a file whose game, options, actions
or digest do not check out is refused with the reason, and nothing half-loaded is returned.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .errors import MotherlodeError, SaveFileError
from .game import State
from .registry import load

FORMAT = "motherlode-save"
VERSION = 1


def save_dict(state: State, table: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The save record of `state` as a dict, with the face's `table` when given."""
    record = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.name,
        "options": dict(state.game.options),
        "seed": state.seed,
        "actions": [str(action) for action in state.history],
        "digest": state.digest(),
    }
    if table is not None:
        record["table"] = dict(table)
    return record


def dumps(state: State, table: Mapping[str, Any] | None = None) -> str:
    """The save file text of `state` (and of the face's `table`, see the module doc)."""
    return json.dumps(save_dict(state, table), indent=1)


def table_of(text: str) -> dict[str, Any]:
    """The `table` of a save file's text ({} if none); read `loads` first to check the file."""
    record = json.loads(text)
    table = record.get("table") if isinstance(record, dict) else None
    return table if isinstance(table, dict) else {}


def loads(text: str) -> State:
    """Replay a save file's text; SaveFileError saying why if it does not check out."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveFileError(f"save file is not JSON: {err}") from None
    return from_dict(record)


def from_dict(record: Any) -> State:
    """Replay a save record; SaveFileError saying why if it does not check out."""
    if not isinstance(record, dict):
        raise SaveFileError("save file must hold a JSON object")
    if record.get("format") != FORMAT:
        raise SaveFileError(f"save file format must be {FORMAT!r}, got {record.get('format')!r}")
    if record.get("version") != VERSION:
        raise SaveFileError(f"save file version {record.get('version')!r} is not {VERSION}")
    for key, kind in (("game", str), ("options", dict), ("seed", int), ("actions", list)):
        if not isinstance(record.get(key), kind):
            raise SaveFileError(f"save file field {key!r} is missing or not a {kind.__name__}")
    if not isinstance(record.get("digest"), str):
        raise SaveFileError("save file field 'digest' is missing or not a string")
    if not isinstance(record.get("table", {}), dict):
        raise SaveFileError("save file field 'table' is not an object")
    try:
        game = load(record["game"], **record["options"])
        state = game.new_game(record["seed"])
    except MotherlodeError as err:
        raise SaveFileError(f"save file names a game that cannot be set up: {err}") from None
    for step, text in enumerate(record["actions"]):
        if not isinstance(text, str):
            raise SaveFileError(f"save file action {step} is not a string: {text!r}")
        try:
            state.apply(game.parse_action(text))
        except MotherlodeError as err:
            raise SaveFileError(
                f"save file action {step} ({text!r}) does not replay: {err}"
            ) from None
    if state.digest() != record["digest"]:
        raise SaveFileError(
            "save file digest does not match the replayed game "
            "(the file was edited or made by other rules or component data)"
        )
    return state
