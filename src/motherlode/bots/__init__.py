"""Bots that play from a seat's view: `make_bot(name, game, seat, seed)`."""

from .base import (
    Blind,
    Bot,
    Explains,
    RandomBot,
    bot_names,
    bot_view,
    hint_bot,
    make_bot,
    reasoned,
    register_bot,
    registered,
    strongest_bot,
)

__all__ = [
    "Blind",
    "Bot",
    "Explains",
    "RandomBot",
    "bot_names",
    "bot_view",
    "hint_bot",
    "make_bot",
    "reasoned",
    "register_bot",
    "registered",
    "strongest_bot",
]
