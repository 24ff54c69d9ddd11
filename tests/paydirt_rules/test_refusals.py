"""Every refusal says why, in the rulebook's words (issue 12 item 5; refusals.py), and from
what the seat may know only."""

from __future__ import annotations

import random

import pytest

import motherlode
from motherlode.rules.paydirt.phase import Phase
from motherlode.rules.paydirt.state import PayDirtState
from paydirt_rules.helpers import new_state, play, show
from paydirt_rules.test_work import place_all, working

DISPLAY = (["excavator-1"], ["butch-deadlift"], ["claim-1", "claim-3"])


def refusal(state: PayDirtState, text: str) -> str:
    """The message of the IllegalAction `text` meets; the state is left as it was."""
    digest = state.digest()
    with pytest.raises(motherlode.IllegalAction) as refused:
        play(state, text)
    assert state.digest() == digest
    return str(refused.value)


def test_auction_refusals_name_the_rule() -> None:
    """AU-1, AU-4, AU-5/AU-7 (000 Bidding: "no player may bid more money than they have on
    hand"; Continuing: not "the same type of item that was just auctioned")."""
    state = new_state(3)
    show(state, *DISPLAY)
    assert "is not face up in the auction area" in refusal(state, "pick claim-2")
    assert "no tile is up for auction yet" in refusal(state, "bid 3")
    state.boards[1].cash = 3_000
    play(state, "pick claim-1")
    assert "may not pass" in refusal(state, "pass")
    play(state, "bid 1")
    assert "$2,000 or more" in refusal(state, "bid 1")
    assert "no bid above your cash: you have $3,000" in refusal(state, "bid 4")
    play(state, "pass", "pass")
    assert "the auction marker blocks claim tiles" in refusal(state, "pick claim-3")
    assert "it is not one of" not in refusal(state, "place sell")


def test_work_refusals_name_the_worker_and_why() -> None:
    """WK-6 (000: a town worker sells nuggets): a seller with no nuggets cannot sell; a move
    needs a worker on that machine; placing is over once the workers act."""
    state = working()
    state.boards[0].gold = 0
    place_all(state, ["excavator", "sell"], ["loader"])
    assert refusal(state, "sell 1").endswith("the seller can do nothing: nothing to sell: "
                                             "no nuggets")
    assert "no worker still to act at wash plant" in refusal(state, "move wash_plant 1")
    assert "placing is over" in refusal(state, "place loader")
    assert "space 2 of the excavator must be free" in refusal(state, "move excavator 2")


def test_a_game_of_refusals_always_says_why_and_tells_no_secret() -> None:
    """In a whole game, illegal actions get a reason (never the bare count of legal actions),
    and the same reason in every state the seat cannot tell from this one (determinize)."""
    state = new_state(2, seed=3)
    rng = random.Random(3)
    every = state.game.space.actions
    step = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if step % 7 == 0:
            legal = set(state.legal_actions())
            other = state.determinize(seat, random.Random(step))
            for action in rng.sample(every, 12):
                if action in legal:
                    continue
                why = state.why_illegal(action)
                assert why and "legal actions" not in why, (str(action), why)
                assert other.why_illegal(action) == why, (state.phase, str(action))
        step += 1
        state.apply(rng.choice(state.legal_actions()))
    assert state.phase == Phase.OVER
