"""The engine's contract at the moments random play seldom reaches: treasure found, the
share-out, thieves choosing, base-mode gold cards.

Random playouts (tests/test_conformance.py) reach the treasure in about 1 round in 90, so the
steal and gold-card decisions and a goal turned up by a path are rarely checked there. Here a
driver that knows where the treasure lies (a test may read the state; bots may not) lays the
path card that ends nearest to it and otherwise plays at random; at every decision of those
kinds and every few steps the conformance suite's state checks run: legal actions, illegal
actions refused with the state unchanged, clone independence, views JSON-ready, no leak
through determinize, save and load.
"""

from __future__ import annotations

import random

import pytest

import motherlode
from motherlode.engine import Action
from motherlode.rules.saboteur.actions import Fix, Place
from motherlode.rules.saboteur.log import RoundEnded
from motherlode.rules.saboteur.state import Phase, SaboteurState
from motherlode.testing.conformance import (
    check_clone,
    check_illegal_actions,
    check_legal_actions,
    check_no_leak,
    check_save_load,
    check_views,
)

EVERY = 25  # check an ordinary position every this many steps


def _treasure_cell(state: SaboteurState) -> tuple[int, int] | None:
    return next((cell for cell, card in state.maze.face_down.items() if card.treasure), None)


def _drive(state: SaboteurState, legal: list[Action], rng: random.Random) -> Action:
    """Keep a Theft card; lay the path card that opens furthest toward the treasure; else mend,
    else pass; a random action now and then."""
    target = _treasure_cell(state)
    places = [a for a in legal if isinstance(a, Place)
              and state.game.paths[a.card].kind not in ("dead_end", "ladder")]
    if target is None or rng.random() < 0.1:
        return legal[rng.randrange(len(legal))]
    thefts = [a for a in legal if str(a).startswith("play theft")]
    if thefts:
        return thefts[0]
    if places:
        return min(places, key=lambda a: _distance(state, a, target))
    mend = [a for a in legal if isinstance(a, Fix) or str(a).startswith("play repair")]
    return mend[0] if mend else legal[-1]


def _distance(state: SaboteurState, place: Place, target: tuple[int, int]) -> int:
    """How near the card's open sides bring the maze to `target`."""
    openings = state.game.openings(place.card, place.turned)
    ends = [(place.col + dc, place.row + dr) for bit, (dc, dr) in
            ((1, (0, -1)), (2, (1, 0)), (4, (0, 1)), (8, (-1, 0))) if openings & bit]
    return min(abs(c - target[0]) + abs(r - target[1]) for c, r in ends)


def _check(state: SaboteurState, rng: random.Random) -> None:
    check_views(state)
    check_clone(state, random.Random(rng.random()))
    check_illegal_actions(state)
    check_no_leak(state, random.Random(rng.random()))
    check_save_load(state)


@pytest.mark.parametrize(("options", "seed"), [
    ({"players": 4}, 1),
    ({"players": 7}, 2),
    ({"players": 3}, 3),
    ({"players": 5, "edition": "base"}, 4),
    ({"players": 10, "edition": "base"}, 5),
])
def test_the_contract_holds_where_the_treasure_is_found(options: dict[str, object],
                                                        seed: int) -> None:
    game = motherlode.load("saboteur", **options)
    state = game.new_game(seed)
    assert isinstance(state, SaboteurState)
    rng = random.Random(seed)
    seen: set[Phase] = set()
    step = 0
    while not state.is_terminal:
        legal = check_legal_actions(state)
        if state.phase in (Phase.STEAL, Phase.GOLD) or step % EVERY == 0:
            seen.add(state.phase)
            _check(state, rng)
        state.apply(_drive(state, legal, rng))
        step += 1
    treasures = sum(1 for e in state.events() if isinstance(e, RoundEnded)
                    and e.connector is not None)
    _check(state, rng)
    assert treasures >= 2  # the driver found the treasure in most rounds
    # Base: diggers chose gold cards; gold: thieves chose whom to rob.
    assert (Phase.GOLD if options.get("edition") == "base" else Phase.STEAL) in seen
