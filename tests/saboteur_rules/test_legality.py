"""`SaboteurState.is_legal` (rules/saboteur/legality.py) answers exactly `action in
legal_actions()`: over many random states of both editions and several player counts, for
every legal action, actions legal earlier in the game, and a sample of the whole action space."""

from __future__ import annotations

import random

import pytest

import motherlode
from motherlode.engine import Action, IllegalAction
from motherlode.rules.saboteur.state import SaboteurState

CASES = [(2, "gold"), (5, "gold"), (10, "gold"), (12, "gold"), (4, "base"), (10, "base")]


@pytest.mark.parametrize(("players", "edition"), CASES)
def test_is_legal_agrees_with_the_legal_actions(players: int, edition: str) -> None:
    game = motherlode.load("saboteur", players=players, edition=edition)
    space = game.space.actions
    rng = random.Random(f"legality:{players}:{edition}")
    states = 0
    for seed in range(2):
        state = game.new_game(seed)
        assert isinstance(state, SaboteurState)
        earlier: list[Action] = []
        while not state.is_terminal:
            legal = state.legal_actions()
            if rng.random() < 0.25 or state.phase >= state.phase.STEAL:
                states += 1
                members = set(legal)
                tried = [*legal, *rng.sample(earlier, min(60, len(earlier))),
                         *rng.sample(space, 150)]
                for action in tried:
                    assert state.is_legal(action) == (action in members), (seed, str(action))
            earlier.extend(legal[:20])
            state.apply(rng.choice(legal))
        assert not any(state.is_legal(a) for a in rng.sample(space, 50))
    assert states > 50


def test_checked_apply_refuses_what_is_not_legal() -> None:
    """The engine's checked `apply` asks `is_legal`: an illegal action is refused."""
    game = motherlode.load("saboteur", players=5)
    state = game.new_game(3)
    with pytest.raises(IllegalAction, match="not allowed now"):
        state.apply(game.parse_action("draw"))
