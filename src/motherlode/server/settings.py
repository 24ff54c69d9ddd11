"""A new table's settings, checked before the lobby sees them, with fixed sentences: an error
never repeats what was sent (a name, a value), only the names this server knows and the
values it allows (docs/protocol.md)."""

from __future__ import annotations

import unicodedata
from typing import Any

import motherlode
from motherlode.bots import bot_names
from motherlode.engine import OptionError, game_class
from motherlode.engine.game import MAX_SEED

from .protocol import ProtocolError

#: The longest name a player may give (characters).
MAX_NAME = 60

#: What a table's settings may name, and where the client finds the names.
LISTED = "GET /api/games lists them"


def check_settings(game: str, players: int | None, options: dict[str, Any],
                   bots: list[str | None] | None, seed: int | None) -> None:
    """table/bad-options with a fixed sentence if a setting is not one the game allows."""
    if game not in motherlode.games():
        raise ProtocolError("table/bad-options", f"no game has that name; {LISTED}")
    cls = game_class(game)
    specs = {spec.name: spec for spec in cls.option_specs()}
    if any(name not in specs for name in options):
        raise ProtocolError("table/bad-options", f"an option this game does not have; {LISTED}")
    for name, value in options.items():
        try:
            specs[name].check(game, value)
        except OptionError:
            raise ProtocolError("table/bad-options",
                                f"option {name}: use {specs[name].allowed()}") from None
    if players is not None and not cls.min_players <= players <= cls.max_players:
        raise ProtocolError("table/bad-options",
                            f"players: use an integer {cls.min_players}..{cls.max_players}")
    allowed = bot_names(game)
    if bots is not None and any(bot is not None and bot not in allowed for bot in bots):
        raise ProtocolError("table/bad-options", f"a bot that does not play this game; {LISTED}")
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise ProtocolError("table/bad-options", f"seed: use an integer 0..{MAX_SEED}")


def check_name(name: str | None) -> str | None:
    """A player's name with the spaces at its ends taken off (None: no name);
    seat/bad-name if it is longer than MAX_NAME or holds a control or format character
    (a name is drawn as text everywhere, but a control character has no place in one)."""
    if name is None:
        return None
    name = name.strip()
    if not name:
        return None
    if len(name) > MAX_NAME:
        raise ProtocolError("seat/bad-name", f"at most {MAX_NAME} characters")
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise ProtocolError("seat/bad-name", "no control or format characters")
    return name
