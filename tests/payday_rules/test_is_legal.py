"""`State.is_legal` (the checked `apply`'s test) answers as membership in `legal_actions()`:
over seeded random games, every legal action and a sample of the whole action space, bids
above all (an auction checks a bid without listing the bids)."""

from __future__ import annotations

import random

import pytest

from motherlode.rules.payday.actions import Bid

from .scenario import loaded


@pytest.mark.parametrize("players", [2, 4])
def test_is_legal_is_membership_in_the_legal_actions(players: int) -> None:
    game = loaded(players)
    space = game.num_actions
    bids = [Bid(amount) for amount in (-10, 0, 5, 10, 15, 595, 600, 605, 610, 2990, 3000, 3010)]
    rng = random.Random(players)
    for seed in range(2):
        state = game.new_game(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            tries = [*legal, *bids, *(game.decode(rng.randrange(space)) for _ in range(10))]
            for action in tries:
                assert state.is_legal(action) == (action in legal), (str(action), seed)
            state.apply(rng.choice(legal))
