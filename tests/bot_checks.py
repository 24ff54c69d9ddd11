"""Shared by the bot tests: a wrapper that records what a bot is handed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from motherlode.bots.base import make_bot
from motherlode.engine import Action, Game, View


class Recorder:
    """Wraps a bot and records the type of everything it is handed (it must be the view, a
    dict, and actions: never the state)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.handed: set[type] = set()

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self.handed.add(type(view))
        self.handed.update(type(a) for a in legal)
        return self.bot.choose(view, legal)  # type: ignore[no-any-return]


def check_never_sees_the_state(game: Game, seed: int, bot: str = "heuristic") -> None:
    """Play a whole seeded game with `bot` in every seat: each is handed only its view (a dict)
    and actions, and keeps no reference to a state."""
    state = game.new_game(seed)
    state_type = type(state)
    bots = [Recorder(make_bot(bot, game, seat, seat)) for seat in range(game.num_players)]
    while (seat := state.current_player) is not None:
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    for recorder in bots:
        assert state_type not in recorder.handed
        assert dict in recorder.handed
        assert all(t is dict or issubclass(t, Action) for t in recorder.handed)
        assert not any(isinstance(v, state_type) for v in vars(recorder.bot).values())
