"""`PayDirtState._apply` touches every board (`Board.changes`) after each action but those
that change only whose turn it is, the auction and the work placements: the observation
(observe.py) copies the rest of a seat's vector while the boards are untouched, so an action
that touches nothing must change nothing else of the position."""

from __future__ import annotations

import random

import pytest

from motherlode.bots import make_bot
from motherlode.engine import Action, load
from motherlode.rules.paydirt.state import PayDirtState

# What an untouched action may change (`observe._live` writes these every time).
LIVE = ("seat", "auction", "work")


@pytest.mark.parametrize(("players", "options", "bot"), [
    (4, {}, "random"), (2, {}, "random"), (4, {}, "heuristic"), (2, {}, "heuristic"),
    (3, {"event_resolution": "on_pick", "upgrade_limit": "one_total"}, "heuristic"),
])
def test_an_action_that_touches_no_board_changes_only_the_turn_auction_and_work(
    players: int, options: dict[str, object], bot: str
) -> None:
    game = load("paydirt", players=players, **options)
    untouched = touched = 0
    for seed in (3, 4):
        state = game.new_game(seed)
        assert isinstance(state, PayDirtState)
        rng = random.Random(seed)
        bots = [make_bot("heuristic", game, seat, seed) for seat in range(players)]
        while (mover := state.current_player) is not None:
            legal = state.legal_actions()
            action: Action = (rng.choice(legal) if bot == "random"
                              else bots[mover].choose(state.view(mover), legal))
            before, changes = state._saved(), [b.changes for b in state.boards]
            state.apply(action)
            if [b.changes for b in state.boards] == [c + 1 for c in changes]:
                touched += 1
                continue
            assert [b.changes for b in state.boards] == changes, "every board or none"
            untouched += 1
            after = state._saved()
            changed = sorted(key for key in before if before[key] != after[key])
            assert set(changed) <= set(LIVE), f"seed {seed} move {len(state.history)}: {action}"
    assert untouched > touched / 2 > 0  # both kinds are common: the test checks something
