"""The heuristic Pay Dirt bot: legal play from views only, and better than random."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import motherlode
from motherlode.bots.base import bot_names, make_bot
from motherlode.bots.paydirt_heuristic import PayDirtHeuristic
from motherlode.engine import JSON, Action
from motherlode.sim.runner import run_games


def test_registered_for_paydirt_only() -> None:
    assert "heuristic" in bot_names("paydirt")
    assert "heuristic" not in bot_names("digitup")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_legal_actions_from_views(players: int) -> None:
    """20 seeded games a player count, every seat a heuristic bot built by make_bot: each
    choice is one of the legal actions, and the bot is given nothing but views."""
    game = motherlode.load("paydirt", players=players)
    for seed in range(20):
        state = game.new_game(seed)
        bots = [make_bot("heuristic", game, seat, 1000 * seed + seat) for seat in range(players)]
        assert all(isinstance(b, PayDirtHeuristic) for b in bots)
        steps = 0
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            assert isinstance(view, dict) and view["seat"] == seat
            legal = state.legal_actions()
            action = bots[seat].choose(view, legal)
            assert action in legal, f"seed {seed} step {steps}: {action} not legal"
            state.apply(action)
            steps += 1
            assert steps <= game.max_game_length
        assert sum(state.scores()) > 0  # heuristic bots do mine gold


class _Recorder:
    """Wraps a bot and records the type of everything it is handed."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.handed: set[type] = set()

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        self.handed.add(type(view))
        self.handed.update(type(a) for a in legal)
        return self.bot.choose(view, legal)  # type: ignore[no-any-return]


def test_never_sees_the_state() -> None:
    """The bot keeps no reference to a state and is handed only a view dict and actions."""
    game = motherlode.load("paydirt", players=3)
    state = game.new_game(11)
    state_type = type(state)
    bots = [_Recorder(make_bot("heuristic", game, seat, seat)) for seat in range(3)]
    while (seat := state.current_player) is not None:
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    for recorder in bots:
        assert state_type not in recorder.handed
        assert dict in recorder.handed
        assert all(t is dict or issubclass(t, Action) for t in recorder.handed)
        assert not any(isinstance(v, state_type) for v in vars(recorder.bot).values())


def test_beats_random() -> None:
    """A real, seeded measurement: 60 games at 3 players, heuristic in seat 0 and random in
    the others; the heuristic must win more than its fair share (1/3), and mine more gold."""
    summary = run_games("paydirt", 60, players=3, bots=["heuristic", "random", "random"],
                        seed=1, jobs=1)
    share = 1 / 3
    assert summary.seat_win_rate[0] > 2 * share
    assert summary.mean_score[0] > max(summary.mean_score[1:])
