"""Buyers: selling one Bargain at its resale price, with one Markup; Market Hits from other
players (several, never below $0); Not Today! cancelling the hits on one's own sale.

Seed 002 "Buyer", "Markups", "Notes About Event Cards", "Pay Day Die" "Buyer". Seat 0 lands on
day 10 (a Buyer). Cards: guitar (resale $600), toaster (resale $250), markup-3 ($200),
markup-8 ($450); market-hit-1 ($50), market-hit-4 ($100), market-hit-8 ($200).
"""

from __future__ import annotations

import pytest

from motherlode.rules.payday.state import PayDayState

from .scenario import (
    BUYER,
    EVENT,
    act,
    empty_hands,
    events,
    face,
    hold,
    new,
    phase,
    refused,
    script,
    texts,
    turn_at,
)


def at_buyer(bargains: list[str], markups: list[str] | None = None,
             hits: dict[int, list[str]] | None = None, players: int = 4) -> PayDayState:
    """Seat 0 holding `bargains` and `markups` lands on a Buyer; `hits` are other seats' Event
    cards."""
    state = new(players)
    empty_hands(state)
    hold(state, 0, bargains=bargains, markups=markups or [])
    for seat, cards in (hits or {}).items():
        hold(state, seat, events=cards)
    turn_at(state, 0, BUYER - 5)
    script(state, 5)
    act(state, "roll")
    return state


# ---- Buyer ------------------------------------------------------------------------------------


def test_a_buyer_sells_one_bargain_at_its_resale() -> None:
    """seed 002 "Buyer": "If you have any Bargains, choose one, and collect the resale price
    shown on the card from the bank. Then place the Bargain in the discard pile"."""
    state = at_buyer(["guitar", "toaster"])
    assert phase(state) == "sell"
    assert texts(state) == {"sell guitar", "sell toaster"}
    act(state, "sell guitar")
    assert state.cash[0] == 1400
    assert state.bargains[0] == ["toaster"]
    assert state.bargain_discard == ["guitar"]
    assert events(state, "sold") == [{"event": "sold", "seat": 0, "card": "guitar",
                                      "price": 600}]
    assert state.current_player == 1


def test_a_buyer_with_no_bargains_does_nothing() -> None:
    """seed 002 "Buyer": "If you have any Bargains ..." (none: nothing to sell)."""
    state = at_buyer([])
    assert state.current_player == 1 and state.cash[0] == 800
    assert events(state, "sell") == []


def test_a_buyer_sale_is_not_optional() -> None:
    """seed 002 "Buyer": "you found someone to buy one of your Bargains! ... choose one"
    (designed: holding a Bargain, a sale is made)."""
    state = at_buyer(["guitar"])
    refused(state, "pass")
    refused(state, "no hit")
    refused(state, "sell toaster")


# bargain, markup used, price
MARKUPS = [
    ("guitar", "", 600),
    ("guitar", "markup-3", 800),
    ("guitar", "markup-8", 1050),
    ("toaster", "markup-8", 700),
]


@pytest.mark.parametrize(("card", "markup", "price"), MARKUPS,
                         ids=[f"{m[0]} {m[1] or 'no markup'}" for m in MARKUPS])
def test_a_markup_adds_its_value_to_the_resale(card: str, markup: str, price: int) -> None:
    """seed 002 "Buyer": "Have a Markup Card? Markups let you boost the resale value of one
    Bargain ... add its value to the Bargain's resale price"."""
    state = at_buyer(["guitar", "toaster"], ["markup-3", "markup-8"])
    act(state, f"sell {card}" + (f" with {markup}" if markup else ""))
    assert state.cash[0] == 800 + price
    left = {"markup-3", "markup-8"} - {markup}
    assert set(state.markups[0]) == left
    assert state.mail_discard == ([markup] if markup else [])


def test_only_one_markup_per_bargain() -> None:
    """seed 002 "Markups": "You can only use one Markup per Bargain"."""
    state = at_buyer(["guitar"], ["markup-3", "markup-8"])
    assert texts(state) == {"sell guitar", "sell guitar with markup-3", "sell guitar with markup-8"}
    refused(state, "sell guitar with markup-3 with markup-8")
    refused(state, "sell guitar with markup-5")  # not held


def test_the_buyer_face_sells_too() -> None:
    """seed 002 "Pay Day Die" "Buyer": "Sell one of your Bargains to the bank for the resale
    price. If you have a Markup, you may use it!"."""
    state = new()
    empty_hands(state)
    hold(state, 0, bargains=["guitar"], markups=["markup-3"])
    turn_at(state, 0, 0)
    script(state, face(state, "buyer"), EVENT)
    act(state, "roll both", "die first")
    assert texts(state) == {"sell guitar", "sell guitar with markup-3"}
    act(state, "sell guitar with markup-3")
    assert state.cash[0] == 700 + 800


# ---- Market Hit ------------------------------------------------------------------------------


def test_a_market_hit_lowers_the_resale() -> None:
    """seed 002 "Notes About Event Cards": "You can play 'Market Hit' Event cards to lower
    another player's Bargain resale price"."""
    state = at_buyer(["guitar"], hits={2: ["market-hit-8"]})
    act(state, "sell guitar")
    assert phase(state) == "hit" and state.current_player == 2
    assert texts(state) == {"hit with market-hit-8", "no hit"}
    assert state.view(3)["sale"] == {"seller": 0, "bargain": "guitar", "markup": None,
                                     "hits": [], "not_today": [], "against": None}
    act(state, "hit with market-hit-8")
    assert state.cash[0] == 800 + 400
    assert state.event_cards[2] == [] and "market-hit-8" in state.event_discard
    assert events(state, "hit") == [{"event": "hit", "seat": 2, "card": "market-hit-8"}]


def test_several_market_hits_add_up_asked_in_turn_order() -> None:
    """seed 002 "Notes About Event Cards": "More than one player may play a Market Hit card at a
    time"."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-1"], 2: ["market-hit-4"],
                                       3: ["market-hit-8"]})
    act(state, "sell guitar")
    asked = []
    for card in ("market-hit-1", "market-hit-4", "market-hit-8"):
        asked.append(state.current_player)
        act(state, f"hit with {card}")
    assert asked == [1, 2, 3]
    assert state.cash[0] == 800 + 600 - 350


def test_market_hits_never_take_the_price_below_zero() -> None:
    """seed 002 "Notes About Event Cards": "the value of a Bargain can never go below $0"."""
    state = at_buyer(["toaster"], hits={1: ["market-hit-8"], 3: ["market-hit-4"]})
    act(state, "sell toaster", "hit with market-hit-8", "hit with market-hit-4")
    assert state.cash[0] == 800
    assert events(state, "sold")[0]["price"] == 0


def test_a_market_hit_applies_after_the_markup() -> None:
    """seed 002 "Buyer" and "Notes About Event Cards": the Markup raises the resale, a Market
    Hit lowers it ($250 + $200 - $200)."""
    state = at_buyer(["toaster"], ["markup-3"], hits={1: ["market-hit-8"]})
    act(state, "sell toaster with markup-3", "hit with market-hit-8")
    assert state.cash[0] == 800 + 250


def test_a_seat_may_decline_to_hit_and_keeps_its_card() -> None:
    """seed 002 "Event": "You may play these" (a choice)."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-8"]})
    act(state, "sell guitar", "no hit")
    assert state.cash[0] == 1400 and state.event_cards[1] == ["market-hit-8"]


def test_seats_without_market_hits_are_not_asked() -> None:
    """docs/games/payday.md "Out-of-turn decisions": a window is skipped for a seat holding no
    card that could be played in it."""
    state = at_buyer(["guitar"], hits={1: ["collect-bank-2"], 3: ["market-hit-1"]})
    act(state, "sell guitar")
    assert state.current_player == 3


def test_one_market_hit_a_seat_per_sale() -> None:
    """seed 002 "Notes About Event Cards": "More than one player may play a Market Hit" (designed:
    each seat once in the window, selling.py)."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-1", "market-hit-8"]})
    act(state, "sell guitar", "hit with market-hit-8")
    assert state.current_player == 1 and phase(state) == "start"
    assert state.event_cards[1] == ["market-hit-1"]


# ---- Not Today! against Market Hits ----------------------------------------------------------


def test_not_today_cancels_every_market_hit_on_the_sale() -> None:
    """seed 002 "Notes About Event Cards": "The 'Not Today!' card cancels only one card except
    when you're selling a Bargain and multiple players play a Market Hit card against you. Then,
    you may cancel each of the Market Hits"."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-4"], 2: ["market-hit-8"]})
    hold(state, 0, bargains=["guitar"], events=["not-today-1"])
    act(state, "sell guitar", "hit with market-hit-4", "hit with market-hit-8")
    assert phase(state) == "answer" and state.current_player == 0
    assert texts(state) == {"not today", "allow"}
    act(state, "not today")
    assert state.cash[0] == 1400
    assert state.event_cards[0] == []
    assert {"not-today-1", "market-hit-4", "market-hit-8"} <= set(state.event_discard)
    assert events(state, "cancel hits") == [{"event": "cancel hits", "seat": 0}]


def test_the_seller_may_allow_the_hits_and_keep_not_today() -> None:
    """seed 002 "Notes About Event Cards": "you may cancel" (a choice)."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-4"]})
    hold(state, 0, bargains=["guitar"], events=["not-today-1"])
    act(state, "sell guitar", "hit with market-hit-4", "allow")
    assert state.cash[0] == 1300 and state.event_cards[0] == ["not-today-1"]


def test_no_hits_no_question_for_the_seller() -> None:
    """docs/games/payday.md "Out-of-turn decisions" (nothing to cancel: no window)."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-4"]})
    hold(state, 0, bargains=["guitar"], events=["not-today-1"])
    act(state, "sell guitar", "no hit")
    assert state.current_player == 1 and phase(state) == "start"
    assert state.cash[0] == 1400


def test_another_seat_may_cancel_a_market_hit_with_not_today() -> None:
    """seed 002 "Notes About Event Cards": "You can play the 'Not Today!' Event card to cancel
    any Event card when another player plays one": when the seller lets the hits stand (or holds
    no Not Today!), another seat holding one may cancel a Market Hit."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-8"], 2: ["not-today-2"]})
    act(state, "sell guitar", "hit with market-hit-8")
    assert phase(state) == "protect" and state.current_player == 2
    assert texts(state) == {"not today on market-hit-8", "allow"}
    act(state, "not today on market-hit-8")
    assert state.cash[0] == 800 + state.game.bargain["guitar"].resale
    assert state.event_cards[2] == []
    assert {"not-today-2", "market-hit-8"} <= set(state.event_discard)


@pytest.mark.parametrize(("answer", "off"), [("allow", 300), ("not today on market-hit-8", 100),
                                             ("not today on market-hit-3", 200)])
def test_another_seats_not_today_cancels_one_hit_only(answer: str, off: int) -> None:
    """seed 002 "Notes About Event Cards": "The 'Not Today!' card cancels only one card except
    when you're selling a Bargain and multiple players play a Market Hit card against you": a
    Not Today! from another seat takes one of the two hits ($200 and $100) off, not both."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-8"], 2: ["market-hit-3"],
                                       3: ["not-today-2"]})
    act(state, "sell guitar", "hit with market-hit-8", "hit with market-hit-3")
    assert phase(state) == "protect" and state.current_player == 3
    act(state, answer)
    assert state.cash[0] == 800 + state.game.bargain["guitar"].resale - off


def test_a_seat_may_not_cancel_its_own_market_hit() -> None:
    """seed 002 "Notes About Event Cards": "cancel any Event card when another player plays
    one": the hitter holding a Not Today! is not asked about its own hit."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-8", "not-today-2"]})
    act(state, "sell guitar", "hit with market-hit-8")
    assert phase(state) == "start" and state.player == 1  # the sale resolved; turn passed
    assert state.cash[0] == 800 + state.game.bargain["guitar"].resale - 200


def test_selling_a_card_not_held_is_refused_with_the_reason() -> None:
    """seed 002 "Buyer": "choose one [of your Bargains]": not another's, and "Have a Markup
    Card?": one's own Markup."""
    state = at_buyer(["guitar"])
    refused(state, "sell toaster", "seat 0 holds no Bargain toaster")
    refused(state, "sell guitar with markup-3", "seat 0 holds no Markup markup-3")


# ---- a Not Today! in a sale is an Event card too: chains over the Market Hits -------------
# seed 002 "Notes About Event Cards": "You can play the "Not Today!" Event card to cancel any
# Event card when another player plays one." The chain over the hits resolves as any other
# (events.py): an odd number of Not Today! cards cancels what the first one cancels.


def test_a_chain_of_two_in_a_sale_lets_the_market_hits_stand() -> None:
    """seed 002 "Notes About Event Cards": "You can play the "Not Today!" Event card to cancel
    any Event card when another player plays one": the seller's Not Today! against the hits is
    an Event card another player played, so seat 2 cancels it; the hit stands and the sale pays
    $600 - $200."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-8"], 2: ["not-today-2"]})
    hold(state, 0, bargains=["guitar"], events=["not-today-1"])
    act(state, "sell guitar", "hit with market-hit-8", "not today")
    assert phase(state) == "cancel" and state.current_player == 2
    assert texts(state) == {"not today", "allow"}
    assert state.view(None)["sale"]["not_today"] == [0]
    assert state.view(None)["sale"]["against"] is None
    assert state.view(None)["played"] is None
    prompt = state.decision()["prompt"]
    assert prompt == ("Seat 0 plays Not Today! (a Not Today! is an Event card too): every "
                      "Market Hit on seat 0's sale is cancelled unless you cancel it")
    act(state, "not today")
    assert state.cash[0] == 800 + 600 - 200
    assert phase(state) == "start" and state.current_player == 1
    assert all(not cards for cards in state.event_cards[:3])
    assert {"not-today-1", "not-today-2", "market-hit-8"} <= set(state.event_discard)
    assert events(state, "cancel not today") == [
        {"event": "cancel not today", "seat": 2, "against": 0, "card": "", "stands": True}]
    assert events(state, "sold")[0]["price"] == 400
    assert state.chain == [] and state.chain_hit == ""


def test_a_chain_of_three_in_a_sale_cancels_the_market_hits() -> None:
    """seed 002 "Notes About Event Cards": "You can play the "Not Today!" Event card to cancel
    any Event card when another player plays one": the hitter cancels the seller's Not Today!,
    seat 3 cancels the hitter's, so the seller's stands: every hit is cancelled, the sale pays
    $600; each Not Today! asks every other holder, in turn order from its player's left."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-8", "not-today-2"], 2: ["market-hit-4"],
                                       3: ["not-today-3"]})
    hold(state, 0, bargains=["guitar"], events=["not-today-1"])
    act(state, "sell guitar", "hit with market-hit-8", "hit with market-hit-4", "not today")
    assert state.current_player == 1 and state.view(None)["asking"] == [1, 3]
    act(state, "not today")  # seat 1 cancels the seller's Not Today!: the hits stand
    assert state.current_player == 3
    assert "stands unless you cancel it" in state.decision()["prompt"]
    act(state, "not today")  # seat 3 cancels seat 1's: the hits are cancelled
    assert state.cash[0] == 800 + 600
    assert phase(state) == "start" and state.current_player == 1
    assert [(e["seat"], e["against"], e["stands"]) for e in events(state, "cancel not today")] \
        == [(1, 0, True), (3, 1, False)]
    assert {"not-today-1", "not-today-2", "not-today-3", "market-hit-8", "market-hit-4"} \
        <= set(state.event_discard)


def test_a_chain_of_two_against_another_seats_not_today_lets_its_hit_stand() -> None:
    """seed 002 "Notes About Event Cards": "You can play the "Not Today!" Event card to cancel
    any Event card when another player plays one": seat 3 cancels seat 1's Market Hit, seat 1
    cancels seat 3's Not Today!, so the hit stands: $600 - $200."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-8", "not-today-2"], 3: ["not-today-3"]})
    act(state, "sell guitar", "hit with market-hit-8", "not today on market-hit-8")
    assert phase(state) == "cancel" and state.current_player == 1
    assert state.view(None)["sale"]["against"] == "market-hit-8"
    assert "your Market Hit $200 on seat 0's sale is cancelled unless you cancel it" \
        in state.decision()["prompt"]
    act(state, "not today")
    assert state.cash[0] == 800 + 600 - 200
    assert "market-hit-8" in state.event_discard
    assert events(state, "cancel not today") == [
        {"event": "cancel not today", "seat": 1, "against": 3, "card": "market-hit-8",
         "stands": True}]


def test_a_chain_of_three_against_another_seats_not_today_cancels_its_hit() -> None:
    """seed 002 "Notes About Event Cards": "You can play the "Not Today!" Event card to cancel
    any Event card when another player plays one": the seller allowed the hit and kept its
    Not Today!; seat 3 cancels the hit; asked from seat 3's left, the seller lets that stand,
    seat 1 cancels seat 3's Not Today!, and the seller, asked again from seat 1's left, cancels
    seat 1's: the hit is cancelled, the sale pays $600."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-8", "not-today-2"], 3: ["not-today-3"]})
    hold(state, 0, bargains=["guitar"], events=["not-today-1"])
    act(state, "sell guitar", "hit with market-hit-8", "allow", "not today on market-hit-8")
    assert state.view(None)["asking"] == [0, 1]
    act(state, "allow", "not today")
    assert state.current_player == 0 and phase(state) == "cancel"
    assert state.view(None)["sale"]["not_today"] == [3, 1]
    option = state.decision()["groups"][0]["options"][0]
    assert option["text"].startswith("seat 1's Market Hit $200 on your sale then is cancelled: "
                                     "the sale pays $600")
    act(state, "not today")
    assert state.cash[0] == 800 + 600
    assert state.hits == [] and phase(state) == "start"


def test_after_a_chain_the_protectors_after_it_are_asked() -> None:
    """seed 002 "Notes About Event Cards" ("cancel any Event card when another player plays
    one"): the sale goes on after a chain as after one Not Today!: the hits standing once the
    seller's is cancelled, the other seats may still cancel one each, and after another
    seat's chain the seats after it are asked."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-8", "not-today-2"], 2: ["market-hit-4"],
                                       3: ["not-today-3"]})
    hold(state, 0, bargains=["guitar"], events=["not-today-1"])
    act(state, "sell guitar", "hit with market-hit-8", "hit with market-hit-4", "not today",
        "not today")  # seat 1 cancels the seller's Not Today!
    assert state.current_player == 3
    act(state, "allow")  # the hits stand: seat 3 may still cancel one of them
    assert phase(state) == "protect" and state.current_player == 3
    act(state, "not today on market-hit-4")
    assert state.cash[0] == 800 + 600 - 200


def test_a_wrong_answer_in_a_sales_chain_is_refused() -> None:
    """Bad input: refused with the reason, nothing changes."""
    state = at_buyer(["guitar"], hits={1: ["market-hit-8"], 2: ["not-today-2"]})
    hold(state, 0, bargains=["guitar"], events=["not-today-1"])
    act(state, "sell guitar", "hit with market-hit-8", "not today")
    refused(state, "not today on market-hit-8")
    assert phase(state) == "cancel" and state.current_player == 2
