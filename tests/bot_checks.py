"""Shared by the bot tests: a wrapper that records what a bot is handed."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from motherlode.bots.base import make_bot
from motherlode.engine import Action, Game, State, View


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


def _body(view: View) -> dict[str, object]:
    """A view without its log (a state rebuilt from a view holds at most what the seat saw)."""
    return {key: value for key, value in view.items() if key != "log"}


def check_views_rebuild(game: Game, seed: int,
                        state_from_view: Callable[[Game, View], State]) -> None:
    """At every position of a seeded random game, for every seat: the state a search bot
    builds from the seat's view, and a determinization of it, show that seat the same view
    (log aside), and the seat to move has the same legal actions in it."""
    state = game.new_game(seed)
    rng = random.Random(seed)
    while True:
        for seat in range(game.num_players):
            view = state.view(seat)
            rebuilt = state_from_view(game, view)
            sample = rebuilt.determinize(seat, rng)
            assert _body(rebuilt.view(seat)) == _body(view)
            assert _body(sample.view(seat)) == _body(view)
            if seat == state.current_player:
                assert sample.legal_actions() == state.legal_actions()
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
