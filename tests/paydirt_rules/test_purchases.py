"""Seed 000 "Using purchases"; seed 001 I 04a-d; notes PU-1..PU-8, D9-D19."""

from __future__ import annotations

import pytest

from motherlode.rules.paydirt.board import EMPTY, HeldClaim
from motherlode.rules.paydirt.machines import replace_ore
from motherlode.rules.paydirt.phase import Phase
from paydirt_rules.helpers import bid, minimum, new_state, play, show, texts


def test_claim_is_filled_face_down_at_once() -> None:
    """PU-1/PU-2: a claim's ore is placed on it immediately, from the stacks of its types."""
    state = new_state(2)
    show(state, [], ["butch-deadlift"], ["claim-3"])
    play(state, "pick claim-3", "bid 2", "pass")
    claim = state.boards[0].claims[-1]
    assert claim.claim == "claim-3"
    assert [state.game.components.ore[o].type for o in claim.ore] == ["poor", "medium"]
    assert state.phase == Phase.AUCTION  # no decision: the auction goes on


def test_fourth_claim_discards_an_existing_one_with_its_ore() -> None:
    """PU-3 (D10): no more than 3 claims; a 4th means discarding one of the existing claims
    (the winner chooses, not the new one) along with the ore on it."""
    state = new_state(2)
    board = state.boards[0]
    board.claims += [HeldClaim("claim-1", False, [30]), HeldClaim("claim-3", False, [31, 32])]
    show(state, [], [], ["claim-2"])
    play(state, "pick claim-2", "bid 2", "pass")
    assert state.phase == Phase.PURCHASE and state.current_player == 0
    assert texts(state) == ["discard starting-1", "discard claim-1", "discard claim-3"]
    before = sum(len(d) for d in state.ore_discards)
    play(state, "discard claim-3")
    assert [c.claim for c in board.claims] == ["starting-1", "claim-1", "claim-2"]
    assert sum(len(d) for d in state.ore_discards) == before + 2


def test_specialist_adds_workers_from_the_reserve() -> None:
    """PU-4: the player adds the specialist's workers from the reserve (10 at most, D13)."""
    state = new_state(2)
    butch = minimum(state, "butch-deadlift")
    state.boards[0].cash = butch  # enough for the opening bid
    show(state, [], ["butch-deadlift"], [])
    play(state, "pick butch-deadlift", bid(butch), "pass")
    # Butch Deadlift adds 2 workers (seed 001)
    assert state.boards[0].workers == 7 and state.boards[0].specialists == ["butch-deadlift"]
    other = new_state(2)
    other.boards[0].workers = 9
    other.boards[0].cash = butch
    show(other, [], ["butch-deadlift"], [])
    play(other, "pick butch-deadlift", bid(butch), "pass")
    assert other.boards[0].workers == 10  # the reserve holds 5: 10 in all


def test_new_equipment_replaces_old_and_old_wear_is_discarded() -> None:
    """PU-6: equipment replaces the existing one of its type; its wear markers are discarded."""
    state = new_state(2)
    board = state.boards[0]
    board.machines[0].wear = 3
    show(state, ["excavator-3"], [], [])
    play(state, "pick excavator-3", "bid 3", "pass", "install")
    assert board.machines[0].equipment == "excavator-3"
    assert board.machines[0].wear == 0 and len(board.machines[0].spaces) == 2


@pytest.mark.parametrize(
    ("scrap_parts", "wear", "left"),
    [("any_equipment", 5, 1), ("any_equipment", 2, 0), ("same_life", 3, 0)],
)
def test_scrap_for_parts(scrap_parts: str, wear: int, left: int) -> None:
    """PU-8, C1: scrapping discards the new tile and takes wear off a machine: up to its
    service life from any machine (seed 001), or all of it from one with the same life."""
    state = new_state(2, scrap_parts=scrap_parts)
    board = state.boards[0]
    board.machines[1].wear = wear
    show(state, ["excavator-1"], [], [])  # service life 4, like the starting machines
    play(state, "pick excavator-1", "bid 5", "pass", "scrap loader")
    assert board.machines[0].equipment == "" and board.machines[1].wear == left


def test_scrap_same_life_offers_only_machines_of_that_life() -> None:
    state = new_state(2, scrap_parts="same_life")
    show(state, ["excavator-3"], [], [])  # service life 5: no starting machine matches
    play(state, "pick excavator-3", "bid 3", "pass")
    assert texts(state) == ["install"]


@pytest.mark.parametrize(
    ("old", "stages", "wash", "new", "back"),
    [
        # the 3 -> 2 example of seed 001 (on a loader, D16): leftmost ore goes back
        ([1, 2, 3], 2, False, [2, 3], [1]),
        ([1, EMPTY, EMPTY], 2, False, [1, EMPTY], []),  # left -> left
        ([EMPTY, EMPTY, 3], 2, False, [EMPTY, 3], []),  # right -> right
        ([EMPTY, 2, EMPTY], 2, False, [2, EMPTY], []),  # centre -> left when no centre
        ([EMPTY, 2, EMPTY], 3, False, [EMPTY, 2, EMPTY], []),  # centre -> centre
        ([1, 2], 1, False, [2], [1]),  # one stage: the right ore stays
        ([4], 3, False, [EMPTY, EMPTY, 4], []),  # single stage counts as right (D17)
        ([1, 2, EMPTY], 2, True, [2], [1]),  # wash plant: never onto its last space (D16)
    ],
)
def test_ore_replacement(
    old: list[int], stages: int, wash: bool, new: list[int], back: list[int]
) -> None:
    """PU-7 / D14-D17: right -> right, left -> left, centre -> centre, else left if free, else
    back; the order of ores never changes."""
    spaces, sent = replace_ore(old, stages, wash)
    assert spaces[: len(new)] == new or spaces == new
    assert sent == back


def test_ore_sent_back_goes_to_the_previous_machine() -> None:
    """PU-7 / D15: ore that does not fit returns to the previous equipment."""
    state = new_state(2)
    board = state.boards[0]
    board.machines[1].spaces = [11, 12, 13]
    show(state, ["loader-4"], [], [])  # 2 stages
    play(state, "pick loader-4", "bid 2", "pass", "install")
    assert board.machines[1].spaces == [12, 13]
    assert board.machines[0].spaces == [EMPTY, EMPTY, 11]
