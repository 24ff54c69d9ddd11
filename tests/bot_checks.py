"""Shared by the bot tests: a wrapper that records what a bot is handed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from motherlode.engine import JSON, Action


class Recorder:
    """Wraps a bot and records the type of everything it is handed (it must be the view, a
    dict, and actions: never the state)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.handed: set[type] = set()

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        self.handed.add(type(view))
        self.handed.update(type(a) for a in legal)
        return self.bot.choose(view, legal)  # type: ignore[no-any-return]
