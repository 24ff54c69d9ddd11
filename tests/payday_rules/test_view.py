"""What each seat may know: face-up money and cards, the secret Auction Bargain, the two
Bargains drawn at once, the Yard Sale card and the deck order; determinize keeps what a seat
knows; the observation vector.

Seed 002 "Auction Bargains" ("don't show any other players the card"), "Set It Up!" (the Yard
Sale card "without looking at it"; the decks "facedown"), "Bargain" ("place the Bargain faceup
in front of you"), "Bills" ("Keep these faceup"), "Insurance" ("place it faceup").
"""

from __future__ import annotations

import random

import pytest

from motherlode.rules.payday.state import PayDayState

from .scenario import (
    BARGAIN,
    act,
    empty_hands,
    face,
    hold,
    new,
    on_top,
    script,
    turn_at,
)


def _auction_drawn() -> PayDayState:
    state = new()
    empty_hands(state)
    on_top(state, "bargain", "antique-clock")
    turn_at(state, 0, 0)
    script(state, BARGAIN)
    act(state, "roll")
    return state


def _two_drawn() -> PayDayState:
    state = new()
    empty_hands(state)
    on_top(state, "bargain", "toaster", "piano")
    turn_at(state, 0, 0)
    script(state, face(state, "bargain"), BARGAIN)
    act(state, "roll both")
    return state


def _announced() -> PayDayState:
    state = _auction_drawn()
    act(state, "announce", "bid 650")
    return state


def _unsold_hidden() -> PayDayState:
    state = _auction_drawn()
    act(state, "announce", "pass", "pass", "pass")
    return state


POSITIONS = {"start": lambda: new(seed=3), "auction drawn": _auction_drawn,
             "two drawn": _two_drawn, "auction announced": _announced,
             "unsold auction card at the bottom": _unsold_hidden}


def test_money_and_cards_in_front_of_players_are_public() -> None:
    """seed 002 "Bargain" ("place the Bargain faceup in front of you"), "Bills", "Insurance",
    "Markups" (faceup); the loan pad is kept by the banker in view of all."""
    state = new()
    hold(state, 2, bargains=["guitar"], markups=["markup-3"], insurance=["insurance-car-1"],
         bills=["bill-car-1"], events=["not-today-1"], cash=1234, loan=2000)
    seats = [state.view(seat)["seats"] for seat in (None, 0, 1, 2, 3)]
    assert all(s == seats[0] for s in seats)
    assert seats[0][2] == {"day": 0, "month": 0, "finished": False, "cash": 1234,
                                "loan": 2000, "daylight_savings": 0,
                                "bargains": ["guitar"], "markups": ["markup-3"],
                                "insurance": ["insurance-car-1"], "bills": ["bill-car-1"],
                                "events": ["not-today-1"]}


def test_deck_order_is_secret_only_sizes_are_shown() -> None:
    """seed 002 "Set It Up!": "Place each deck facedown"."""
    state = new()
    seen = state.view(0)
    assert seen["decks"] == {"bargain": len(state.bargain_deck), "mail": 34, "event": 31}
    text = str(seen)
    assert state.mail_deck[-1] not in text and state.event_deck[-1] not in text
    assert state.bargain_deck[-1] not in text


def test_the_auction_bargain_log_hides_the_card_from_everyone_but_the_result() -> None:
    """seed 002 "Auction Bargains": "announce that you have done so ... but don't show any other
    players the card"."""
    state = _announced()
    for seat in (None, 1, 2, 3):
        assert "antique-clock" not in str(state.view(seat))
    act(state, "pass", "pass")  # seat 1 wins at $650
    assert state.view(3)["seats"][1]["bargains"] == ["antique-clock"]


def test_two_drawn_cards_are_hidden_and_the_kept_plain_one_shown() -> None:
    """seed 002 "Pay Day Die" "Bargain" ("Draw two, choose which to buy"): the kept one is dealt
    with as usual (a plain card face up), the other goes to the bottom unseen by others."""
    state = _two_drawn()
    for seat in (None, 1, 2, 3):
        assert "toaster" not in str(state.view(seat)) and "piano" not in str(state.view(seat))
    act(state, "keep 1")
    assert state.view(2)["bargain"]["cards"] == ["toaster"]
    assert "piano" not in str(state.view(2))
    assert state.view(0)["known_bargain_pile"] == [
        {"from_bottom": 0, "card": "piano", "min_bid": None}]


def test_an_unsold_auction_bargain_drawn_again_keeps_its_public_minimum() -> None:
    """seed 002 "Auction Bargains": everyone heard the minimum announced; when the pile comes
    round to that card again, its new drawer's card is still secret, but not its minimum."""
    state = _unsold_hidden()  # antique-clock, minimum announced, at the bottom
    minimum = state.game.bargain["antique-clock"].min_bid
    state.bargain_deck[:] = ["antique-clock"]  # the pile has come round to it
    turn_at(state, 1, 0)
    script(state, BARGAIN)
    act(state, "roll")
    assert state.drawer == 1 and state.drawn == ["antique-clock"]
    for seat in (None, 0, 2, 3):
        seen = state.view(seat)["bargain"]
        assert seen["cards"] == [None] and seen["min_bid"] == minimum
    for n in range(10):
        other = state.determinize(2, random.Random(n))
        card = state.game.bargain[other.drawn[0]]
        assert card.kind == "auction" and card.min_bid == minimum
    act(state, "bid 900", "pass", "pass", "pass")  # the drawer opens; nobody else bids
    assert state.bargains[1] == ["antique-clock"]


def test_determinize_keeps_other_seats_knowledge_at_its_place_in_the_pile() -> None:
    """What another seat saw go to the bottom stays known at that place in a determinized game
    (whichever card the determinizing seat's sample puts there), and names a card in the pile."""
    state = _two_drawn()
    act(state, "keep 1")  # piano to the bottom, seen by seat 0 only
    for n in range(20):
        other = state.determinize(2, random.Random(n))
        assert other.view(2) == state.view(2)
        known = other.view(0)["known_bargain_pile"]
        assert [entry["from_bottom"] for entry in known] == [0]
        assert set(other.bargain_known) <= set(other.bargain_deck)
        assert set(other.bargain_min) <= set(other.bargain_deck)


def test_determinize_keeps_an_unsold_auction_bargains_announced_minimum() -> None:
    """seed 002 "Auction Bargains": the minimum was announced and nobody bid: every seat knows
    the bottom card is an Auction Bargain with that minimum, so a search bot's sample is one."""
    state = _auction_drawn()
    act(state, "announce", "pass", "pass", "pass")
    bottom = state.bargain_deck[0]
    minimum = state.game.bargain[bottom].min_bid
    for n in range(20):
        other = state.determinize(2, random.Random(n))
        card = state.game.bargain[other.bargain_deck[0]]
        assert card.kind == "auction" and card.min_bid == minimum
        assert other.view(2) == state.view(2)


@pytest.mark.parametrize("name", list(POSITIONS))
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_determinize_keeps_what_the_seat_knows(name: str, seat: int) -> None:
    """seed 002 (what is hidden: deck order, the Yard Sale card, a drawn Auction Bargain): a
    determinized state looks the same to `seat`."""
    state = POSITIONS[name]()
    for n in range(3):
        other = state.determinize(seat, random.Random(n))
        assert other.view(seat) == state.view(seat)
        every = [*other.bargain_deck, other.yard_sale, *other.drawn,
                 *([other.auction_card] if other.auction_card else []),
                 *(c for h in other.bargains for c in h)]
        assert sorted(every) == sorted(state.game.bargain), "each Bargain once"


def test_determinize_for_another_seat_keeps_the_auction_cards_minimum() -> None:
    """seed 002 "Auction Bargains": "announce the minimum bid listed on the card" (what others
    learn: an Auction Bargain with that minimum)."""
    state = _auction_drawn()
    act(state, "announce")
    for n in range(10):
        other = state.determinize(2, random.Random(n))
        card = state.game.bargain[other.auction_card]
        assert card.kind == "auction" and card.min_bid == 600


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_observation_has_the_declared_size(name: str) -> None:
    """The observation vector (game.observe) for every seat's view of each position."""
    state = POSITIONS[name]()
    game = state.game
    for seat in range(4):
        assert len(game.observe(state.view(seat))) == game.observation_size


def test_view_names_the_turn_and_the_decider() -> None:
    """seed 002 "On your turn" (whose turn) and the auction windows (whose decision)."""
    state = _announced()
    seen = state.view(3)
    assert seen["turn"] == 0 and seen["current_player"] == 2 and seen["phase"] == "auction"
    assert seen["bargain"]["auction"] == {"min_bid": 600, "high": 650, "high_bidder": 1,
                                          "bidders": [2, 3, 1]}
