"""Bargain spaces: buying a plain old Bargain, putting it up for auction, Auction Bargains (bid
or announce), bidding in $10 steps to the left, passers out, unsold cards to the bottom, what
the winner pays, and what the other seats see.

Seed 002 "Bargain", "Plain Old Bargains", "Auction Bargains". Seat 0 lands on day 2 (a Bargain
space) with the card named on top of the pile. Cards: toaster (plain, cost $150, resale $250),
antique-clock (auction, cost $800, minimum bid $600, resale $1,200).
"""

from __future__ import annotations

import pytest

from motherlode.rules.payday.state import PayDayState

from .scenario import (
    BARGAIN,
    act,
    empty_hands,
    events,
    face,
    finish,
    hold,
    new,
    on_top,
    phase,
    refused,
    script,
    texts,
    turn_at,
)

PLAIN, AUCTION = "toaster", "antique-clock"


def drawn(card: str, players: int = 4, seat: int = 0, **options: str) -> PayDayState:
    """`seat` has landed on a Bargain space and drawn `card`."""
    state = new(players, **options)
    empty_hands(state)
    on_top(state, "bargain", card)
    turn_at(state, seat, 0)
    script(state, BARGAIN)
    act(state, "roll")
    assert phase(state) == "bargain" and state.current_player == seat
    return state


# ---- Plain old Bargains -----------------------------------------------------------------------


def test_a_plain_bargain_is_bought_at_its_cost() -> None:
    """seed 002 "Plain Old Bargains": "If you'd like to buy the Bargain, pay its cost to the
    bank, and place the Bargain faceup in front of you"."""
    state = drawn(PLAIN)
    assert texts(state) == {"buy toaster", "auction toaster"}
    act(state, "buy toaster")
    assert state.cash[0] == 650
    assert state.bargains[0] == [PLAIN]
    assert state.view(1)["seats"][0]["bargains"] == [PLAIN]
    assert events(state, "buy") == [{"event": "buy", "seat": 0, "card": PLAIN, "price": 150}]
    assert state.current_player == 1


def test_a_plain_bargain_can_be_bought_with_a_loan() -> None:
    """seed 002 "Plain Old Bargains": "If you don't have enough money, you can take out a
    loan!"."""
    state = drawn("treadmill")
    state.cash[0] = 300
    act(state, "buy treadmill")
    assert (state.cash[0], state.loan[0]) == (600, 1000)


def test_a_plain_bargain_put_up_the_drawer_may_not_bid_and_the_cost_is_the_minimum() -> None:
    """seed 002 "Auction Bargains": "If you drew a plain old Bargain and put it up for Auction,
    you must announce the cost listed on the card as the minimum bid, but you may not bid";
    "Plain Old Bargains": "If you do not wish to buy the Bargain, you must put it up for
    auction"."""
    state = drawn(PLAIN)
    act(state, "auction toaster")
    assert phase(state) == "auction" and state.current_player == 1
    assert min(int(a.split()[1]) for a in texts(state) if a.startswith("bid")) == 150
    assert "pass" in texts(state)
    refused(state, "bid 140", "a bid must be at least $150")
    act(state, "bid 150", "pass", "pass")
    assert phase(state) == "start" and state.current_player == 1  # never back to seat 0
    assert state.bargains[1] == [PLAIN] and state.cash[1] == 650
    assert state.cash[0] == 800
    assert events(state, "auction")[0] == {"event": "auction", "seat": 0, "card": PLAIN,
                                           "min_bid": 150}


def test_bidding_moves_to_the_left_in_10_dollar_steps() -> None:
    """seed 002 "Auction Bargains": "Bidding then moves to the left. Bids can be increased by as
    little as $10"."""
    state = drawn(PLAIN)
    act(state, "auction toaster", "bid 150")
    assert state.current_player == 2
    bids = sorted(int(a.split()[1]) for a in texts(state) if a.startswith("bid"))
    assert bids[:3] == [160, 170, 180]
    assert bids[-1] == state.game.rules.max_bid  # designed ceiling $3,000
    refused(state, "bid 150", "a bid must be at least $160 (raises of $10)")
    refused(state, "bid 155")
    act(state, "bid 160")
    assert state.current_player == 3
    act(state, "bid 200")
    assert state.current_player == 1  # round the table, the drawer left out


def test_a_passer_may_not_reenter() -> None:
    """seed 002 "Auction Bargains": "Once a player passes on bidding, they may not reenter the
    auction"."""
    state = drawn(PLAIN)
    act(state, "auction toaster", "pass", "bid 150", "bid 160")  # seat 1 passes
    assert state.current_player == 2
    act(state, "bid 170")
    assert state.current_player == 3  # seat 1 is skipped
    act(state, "pass")
    assert state.bargains[2] == [PLAIN] and state.cash[2] == 800 - 170
    assert [e["seat"] for e in events(state, "pass")] == [1, 3]


def test_the_highest_bid_wins_when_everyone_else_has_passed() -> None:
    """seed 002 "Auction Bargains": "The player with the highest bid wins the auction ... and
    places the Bargain faceup in front of them"."""
    state = drawn(PLAIN)
    act(state, "auction toaster", "bid 150", "bid 200", "bid 300", "pass", "pass")
    assert state.bargains[3] == [PLAIN]
    assert events(state, "won") == [{"event": "won", "seat": 3, "card": PLAIN, "price": 300}]
    assert state.view(None)["bargain"] is None


@pytest.mark.parametrize(("option", "price"), [({}, 300), ({"auction_pays": "bid"}, 300),
                                               ({"auction_pays": "cost"}, 150)],
                         ids=["default: the bid", "auction_pays=bid", "auction_pays=cost"])
def test_what_the_winner_pays(option: dict[str, str], price: int) -> None:
    """seed 002 "Auction Bargains": "The player with the highest bid wins the auction, pays the
    Bargain's cost to the bank" and "Be careful when bidding! ... paying a high price";
    docs/games/payday.md: the bid by default, the cost with `auction_pays=cost`."""
    state = drawn(PLAIN, **option)
    act(state, "auction toaster", "bid 300", "pass", "pass")
    assert state.cash[1] == 800 - price
    assert events(state, "won")[0]["price"] == price


def test_the_winner_short_of_cash_borrows() -> None:
    """seed 002 "Loans": "You may take out a loan at any time to pay for anything"."""
    state = drawn(PLAIN)
    state.cash[1] = 100
    act(state, "auction toaster", "bid 250", "pass", "pass")
    assert (state.cash[1], state.loan[1]) == (850, 1000)


def test_nobody_bids_the_card_goes_to_the_bottom_known_to_all() -> None:
    """seed 002 "Auction Bargains": "If no one bids, place the Bargain at the bottom of the draw
    pile" (a plain card was seen by all)."""
    state = drawn(PLAIN)
    act(state, "auction toaster", "pass", "pass", "pass")
    assert state.bargain_deck[0] == PLAIN
    assert all(not cards for cards in state.bargains)
    assert state.cash == [800] * 4
    assert events(state, "unsold") == [{"event": "unsold", "seat": 0, "card": PLAIN}]
    for seat in range(4):
        assert state.view(seat)["known_bargain_pile"] == [
        {"from_bottom": 0, "card": PLAIN, "min_bid": None}]
    assert state.current_player == 1


# ---- Auction Bargains ------------------------------------------------------------------------


def test_an_auction_bargain_drawer_may_bid_from_the_minimum_or_announce() -> None:
    """seed 002 "Auction Bargains": "If you wish to bid, state your bid. It can't be lower than
    the minimum bid on the card, but it may be higher ... If you do not wish to bid, announce
    the minimum bid"."""
    state = drawn(AUCTION)
    choices = texts(state)
    assert "announce" in choices and "bid 600" in choices and "bid 1500" in choices
    assert "bid 590" not in choices and not any(a.startswith("buy") for a in choices)
    refused(state, "bid 590")
    refused(state, "buy antique-clock")


def test_an_auction_bargain_announced_bidding_starts_to_the_left_at_the_minimum() -> None:
    """seed 002 "Auction Bargains": "announce the minimum bid listed on the card. Bidding starts
    to your left"."""
    state = drawn(AUCTION)
    act(state, "announce")
    assert state.current_player == 1
    assert "bid 600" in texts(state) and "bid 590" not in texts(state)
    assert state.view(2)["bargain"]["auction"]["min_bid"] == 600
    assert events(state, "auction", 2)[0] == {"event": "auction", "seat": 0, "card": None,
                                              "min_bid": 600}
    act(state, "bid 610", "pass", "pass")
    assert state.bargains[1] == [AUCTION] and state.cash[1] == 190


def test_an_auction_bargain_drawers_bid_opens_and_can_win() -> None:
    """seed 002 "Auction Bargains": "If you wish to bid, state your bid ... Bidding then moves to
    the left" (the drawer, as high bidder, wins if everyone else passes)."""
    state = drawn(AUCTION)
    act(state, "bid 900")
    assert state.current_player == 1
    assert "bid 910" in texts(state) and "bid 900" not in texts(state)
    act(state, "pass", "pass", "pass")
    assert state.bargains[0] == [AUCTION]
    assert state.cash[0] == 800 - 900 + 1000 and state.loan[0] == 1000


def test_an_auction_bargain_drawer_outbid_bids_again() -> None:
    """seed 002 "Auction Bargains": bidding goes round to the left, the drawer included when it
    opened with a bid."""
    state = drawn(AUCTION)
    act(state, "bid 600", "bid 650", "pass", "pass")
    assert state.current_player == 0 and phase(state) == "auction"
    act(state, "bid 700", "pass")
    assert state.bargains[0] == [AUCTION]
    assert events(state, "won")[0]["price"] == 700


def test_an_auction_bargain_unsold_goes_to_the_bottom_known_only_to_the_drawer() -> None:
    """seed 002 "Auction Bargains": "If no one bids, place the Bargain at the bottom of the draw
    pile" ("don't show any other players the card": still unseen by them)."""
    state = drawn(AUCTION)
    act(state, "announce", "pass", "pass", "pass")
    assert state.bargain_deck[0] == AUCTION
    assert state.view(0)["known_bargain_pile"] == [
        {"from_bottom": 0, "card": AUCTION, "min_bid": None}]
    minimum = state.game.bargain[AUCTION].min_bid  # announced: everyone knows it
    for seat in (None, 1, 2, 3):
        assert state.view(seat)["known_bargain_pile"] == [
            {"from_bottom": 0, "card": None, "min_bid": minimum}]
        assert events(state, "unsold", seat)[0]["card"] is None


def test_an_auction_bargain_is_not_in_the_other_seats_views() -> None:
    """seed 002 "Auction Bargains": "announce that you have done so ... but don't show any other
    players the card"."""
    state = drawn(AUCTION)
    assert state.view(0)["bargain"]["cards"] == [AUCTION]
    for seat in (None, 1, 2, 3):
        assert AUCTION not in str(state.view(seat))
        assert state.view(seat)["bargain"]["cards"] == [None]
    act(state, "announce", "bid 700")
    for seat in (None, 1, 2, 3):
        assert AUCTION not in str(state.view(seat))
    assert state.view(0)["bargain"]["cards"] == [AUCTION]
    assert state.view(3)["bargain"]["auction"]["high"] == 700
    assert state.view(3)["bargain"]["auction"]["high_bidder"] == 1
    act(state, "pass", "pass")  # won: face up now
    assert state.view(2)["seats"][1]["bargains"] == [AUCTION]


def test_the_drawer_who_announced_does_not_bid() -> None:
    """seed 002 "Auction Bargains": "If you do not wish to bid, announce the minimum bid ...
    Bidding starts to your left" (designed: the announcer is out of the bidding)."""
    state = drawn(AUCTION)
    act(state, "announce", "bid 600", "bid 610", "bid 620")
    assert state.current_player == 1


def test_bids_stop_at_the_highest_allowed() -> None:
    """seed 002 "Auction Bargains" (designed ceiling `max_bid` $3,000: every auction ends)."""
    state = drawn(AUCTION)
    act(state, "bid 3000")
    assert texts(state) == {"pass"}


@pytest.mark.parametrize("players", [2, 3])
def test_auction_with_fewer_players(players: int) -> None:
    """seed 002 "Auction Bargains" with 2 or 3 players: only the others bid on a plain card."""
    state = drawn(PLAIN, players=players)
    act(state, "auction toaster", *["pass"] * (players - 1))
    assert state.bargain_deck[0] == PLAIN
    assert state.current_player == 1


def test_finished_players_take_no_part_in_auctions() -> None:
    """seed 002 "Is it the final month?": a finished player "hang[s] out"."""
    state = new()
    empty_hands(state)
    finish(state, 1)
    on_top(state, "bargain", PLAIN)
    turn_at(state, 0, 0)
    script(state, BARGAIN)
    act(state, "roll", "auction toaster")
    assert state.current_player == 2


def test_the_bargain_face_on_a_bargain_space_keeps_one_then_auctions_it() -> None:
    """seed 002 "Pay Day Die" "Bargain": "Draw two, choose which to buy" (the kept one is dealt
    with as any drawn Bargain: here an Auction Bargain, announced)."""
    state = new()
    empty_hands(state)
    hold(state, 0, cash=2000)
    on_top(state, "bargain", PLAIN, AUCTION)
    turn_at(state, 0, 0)
    script(state, face(state, "bargain"), BARGAIN)
    act(state, "roll both", "keep 2")
    assert "announce" in texts(state)
    act(state, "announce", "pass", "pass", "pass")
    assert state.bargain_deck[:2] == [AUCTION, PLAIN]


def test_a_wrong_bid_is_refused_and_changes_nothing() -> None:
    """seed 002 "Auction Bargains": a bid must beat the high bid; a passer is out."""
    state = drawn(PLAIN)
    act(state, "auction toaster", "bid 200")
    refused(state, "bid 200")
    refused(state, "bid 205")
    refused(state, "buy toaster")
    refused(state, "announce")


def test_the_drawer_may_open_above_the_resale_price() -> None:
    """seed 002 "Auction Bargains": "they can state any bid they'd like as long as it's not lower
    than the minimum bid. That means they could even choose a minimum bid that's higher than the
    resale price!" (antique-clock resale $1,200; the drawer opens at $1,500 and drops out)."""
    state = drawn(AUCTION)
    act(state, "bid 1500", "bid 1510")
    assert state.view(2)["bargain"]["auction"]["high"] == 1510
    act(state, "pass", "pass", "pass")
    assert state.bargains[1] == [AUCTION]
    assert (state.cash[1], state.loan[1]) == (800 - 1510 + 1000, 1000)
