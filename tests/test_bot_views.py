"""The lean views bots are handed (`bots.base.bot_view`): what they leave out, and that a bot
saying it does not read those parts chooses the same from them as from the full view."""

from __future__ import annotations

import random

import pytest

import motherlode
from motherlode.bots.base import bot_view, make_bot
from motherlode.engine import games
from motherlode.sim.runner import bot_seed


@pytest.mark.parametrize("name", games())
def test_a_lean_view_is_the_view_without_its_decision_and_maybe_its_log(name: str) -> None:
    """`lean_view(seat, log=True)` is `view(seat)` but for the decision (None); without
    `log`, the log is empty too; at positions of a seeded random game, for every seat."""
    game = motherlode.load(name)
    rng = random.Random(5)
    state = game.new_game(5)
    for _ in range(25):
        if state.is_terminal:
            break
        for seat in range(game.num_players):
            full = dict(state.view(seat))
            with_log = dict(state.lean_view(seat, log=True))
            bare = dict(state.lean_view(seat))
            assert with_log == {**full, "decision": None}
            assert bare == {**full, "decision": None, "log": []}
        state.apply_unchecked(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("name", "players", "bot", "seeds"),
    [("saboteur", 7, "heuristic", (1,)), ("saboteur", 4, "heuristic", (3,)),
     ("digitup", 4, "greedy", (1, 2)), ("digitup", 2, "greedy", (4,))],
)
def test_the_lean_view_gives_the_same_choices(
    name: str, players: int, bot: str, seeds: tuple[int, ...]
) -> None:
    """The bot says what of the view it does not read (`lean_view`); at every step of seeded
    games it chooses from `bot_view` what a twin of it chooses from the full view."""
    game = motherlode.load(name, players=players)
    assert getattr(make_bot(bot, game, 0, 0), "lean_view", False)
    for seed in seeds:
        state = game.new_game(seed)
        lean = [make_bot(bot, game, seat, bot_seed(seed, seat)) for seat in range(players)]
        full = [make_bot(bot, game, seat, bot_seed(seed, seat)) for seat in range(players)]
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            action = lean[seat].choose(bot_view(state, seat, lean[seat]), legal)
            assert action == full[seat].choose(state.view(seat), legal), f"seed {seed}"
            state.apply_unchecked(action)
