"""Seed 000 "1) Auction" (Bidding, Continuing, Ending); seed 001 I 01-03; notes AU-1..AU-10."""

from __future__ import annotations

import pytest

import motherlode
from motherlode.rules.paydirt.phase import Phase
from paydirt_rules.helpers import bid, minimum, new_state, play, show, texts

DISPLAY = (["excavator-1", "loader-4"], ["butch-deadlift"], ["claim-1", "claim-3"])


def test_first_player_picks_and_opens_at_the_minimum() -> None:
    """AU-1: the first player chooses a face-up tile and offers no less than its minimum."""
    state = new_state(4)
    show(state, *DISPLAY)
    assert state.current_player == 0
    assert texts(state) == [
        "pick excavator-1", "pick loader-4", "pick butch-deadlift", "pick claim-1",
        "pick claim-3", "decline",
    ]
    play(state, "pick excavator-1")
    bids = texts(state)
    assert bids[0] == "bid 5" and "pass" not in bids  # minimum $5,000; the opener must bid
    assert bids[-1] == "bid 9"  # no more than the $9,000 on hand (AU-4)


def test_bidding_goes_clockwise_until_all_others_pass() -> None:
    """AU-2/AU-3: others raise or pass clockwise; a passed player is out of that auction; the
    highest bidder pays and takes the tile."""
    state = new_state(3)
    show(state, *DISPLAY)
    play(state, "pick loader-4", "bid 2")
    assert state.current_player == 1
    assert texts(state)[0] == "bid 3" and texts(state)[-1] == "pass"
    play(state, "bid 3", "pass")  # seat 1 raises, seat 2 passes
    assert state.current_player == 0
    play(state, "bid 4")
    assert state.current_player == 1  # seat 2 passed: out of this auction
    play(state, "pass")
    board = state.boards[0]
    assert board.cash == 9_000 - 4_000 and board.machines[1].equipment == ""  # still deciding
    assert state.phase == Phase.PURCHASE and state.current_player == 0
    play(state, "install")
    assert board.machines[1].equipment == "loader-4"
    assert "loader-4" not in state.equipment_display


def test_no_bid_above_cash() -> None:
    """AU-4: players may not offer more than the cash they have on hand."""
    state = new_state(2)
    show(state, *DISPLAY)
    state.boards[1].cash = 3_000
    play(state, "pick claim-1", "bid 1")
    assert texts(state) == ["bid 2", "bid 3", "pass"]
    with pytest.raises(motherlode.IllegalAction):
        play(state, "bid 4")


def test_a_seat_that_cannot_top_the_bid_passes_without_a_decision() -> None:
    """D5: a seat that cannot top the high bid is out at once."""
    state = new_state(3)
    show(state, *DISPLAY)
    state.boards[1].cash = 2_000
    play(state, "pick claim-3", "bid 2")
    assert state.current_player == 2
    # Issue 21 item 3: the seat skipped is told why, in the log every seat reads.
    (skipped,) = [e for e in state.view(0)["log"] if e["kind"] == "passed"]
    assert (skipped["seat"], skipped["text"]) == (
        1, "passes: has $2,000, less than the next bid of $3,000")


def test_type_just_sold_is_blocked_for_the_next_pick() -> None:
    """AU-5/AU-7: the auction marker: the type just auctioned may not be chosen next."""
    state = new_state(3)
    show(state, *DISPLAY)
    play(state, "pick claim-1", "bid 1", "pass", "pass")
    assert state.current_player == 1  # AU-6: left of the first player, who has not won
    assert all(not t.startswith("pick claim") for t in texts(state))
    assert "pick excavator-1" in texts(state)


def test_next_picker_skips_winners_and_the_first_player_picks_last() -> None:
    """AU-6 (D6): the player left of the first player, or the first player, who has not yet
    won this round picks next."""
    state = new_state(3)
    show(state, *DISPLAY)
    play(state, "pick claim-1", "bid 1", "bid 2", "pass", "pass")  # seat 1 wins
    assert state.boards[1].won
    assert state.current_player == 2  # seat 1 has won: seat 2 picks
    butch = minimum(state, "butch-deadlift")
    state.boards[2].cash = butch  # enough for the opening bid
    play(state, "pick butch-deadlift", bid(butch), "pass", "pass")  # seat 2 wins
    assert state.boards[2].won
    assert state.current_player == 0


def test_decline_passes_the_pick_clockwise() -> None:
    """AU-8: a player may decline to start an auction; the next player starts it instead."""
    state = new_state(3)
    show(state, *DISPLAY)
    play(state, "decline")
    assert state.current_player == 1
    play(state, "decline")
    assert state.current_player == 2


def test_all_decline_ends_the_auction() -> None:
    """AU-10: the phase ends when all players decline to start a new auction."""
    state = new_state(2)
    show(state, *DISPLAY)
    play(state, "decline", "decline")
    assert state.phase in (Phase.WORK_PLACE, Phase.WORK)


def test_player_who_cannot_afford_anything_is_skipped() -> None:
    """AU-9 (001 I 02): a player who cannot afford any tile's minimum may not start one."""
    state = new_state(3)
    show(state, *DISPLAY)
    state.boards[0].cash = 0
    state.auction.declined[:] = [False] * 3  # type: ignore[union-attr]
    from motherlode.rules.paydirt import auction

    auction.next_pick(state)
    assert state.current_player == 1


def test_auction_ends_after_as_many_sales_as_players() -> None:
    """AU-10: bidding continues until as many tiles are sold as there are players."""
    state = new_state(2)
    show(state, *DISPLAY)
    butch = minimum(state, "butch-deadlift")
    state.boards[1].cash = butch  # enough for the opening bid
    play(state, "pick claim-1", "bid 1", "pass")  # seat 0 buys
    play(state, "pick butch-deadlift", bid(butch), "pass")  # seat 1 buys
    assert state.boards[1].specialists == ["butch-deadlift"]
    assert state.phase in (Phase.WORK_PLACE, Phase.WORK)


def test_auction_ends_when_nobody_can_afford_anything() -> None:
    """AU-10: ... or until players no longer have enough cash to continue bidding."""
    state = new_state(2)
    show(state, *DISPLAY)
    for board in state.boards:
        board.cash = 0
    from motherlode.rules.paydirt import auction

    auction.begin(state)
    assert state.phase in (Phase.WORK_PLACE, Phase.WORK)
