"""Pay Day's set-up and turn: money, the Jackpot, the free Bargain, the Yard Sale card, the
dice (the numbered die, or both for $100), each PAY DAY die face, moving and stopping at PAY
DAY, the turn passing to the left, and refused actions.

Seed 002 "Set It Up!", "Who goes first?", "On your turn", "Pay Day Die", "Jackpot", "PAY DAY!".
Positions are set by hand (`scenario.py`); the dice are scripted (`script`).
"""

from __future__ import annotations

from collections import Counter

import pytest

from motherlode.engine import OptionError
from motherlode.engine.position import replace

from .scenario import (
    BARGAIN,
    BIRTHDAY,
    EVENT,
    PAY_DAY,
    act,
    empty_hands,
    events,
    face,
    hold,
    loaded,
    new,
    on_top,
    phase,
    refused,
    script,
    texts,
    turn_at,
)

# ---- Set It Up! ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_set_up_money_jackpot_tokens(players: int) -> None:
    """seed 002 "Set It Up!": "The banker gives each player a total of $800"; "$1,000 ... on the
    Jackpot space"; "places theirs on the START space"."""
    state = new(players)
    assert state.cash == [800] * players
    assert state.loan == [0] * players
    assert state.jackpot == 1000
    assert state.pos == [0] * players
    seen = state.view(None)
    assert [s["day"] for s in seen["seats"]] == [0] * players
    assert seen["jackpot"] == 1000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_set_up_one_free_bargain_each_and_a_hidden_yard_sale_card(players: int) -> None:
    """seed 002 "Set It Up!": "Draw one Bargain card, and, without looking at it, place it under
    the Yard Sale space"; "Each player draws one Bargain card ... it's free!"."""
    state = new(players, seed=7)
    assert [len(cards) for cards in state.bargains] == [1] * players
    every = [*state.bargain_deck, state.yard_sale, *(c for h in state.bargains for c in h)]
    assert Counter(every) == Counter(list(state.game.bargain))  # all 35, each once
    assert state.yard_sale not in state.bargain_deck
    for seat in (None, *range(players)):
        seen = state.view(seat)
        assert seen["yard_sale"] is True
        assert state.yard_sale not in str(seen)  # "without looking at it"


def test_set_up_decks_are_shuffled_by_the_seed() -> None:
    """seed 002 "Set It Up!": "Separate and shuffle the Mail, Bargain, and Event card decks"."""
    one, two = new(seed=1), new(seed=2)
    assert one.mail_deck != two.mail_deck
    assert one.event_deck != two.event_deck
    assert new(seed=1).bargain_deck == one.bargain_deck  # a seed gives the same game


@pytest.mark.parametrize(("months", "expected"), [({}, 2), ({"months": 1}, 1),
                                                  ({"months": 12}, 12)],
                         ids=["default two (recommended)", "one", "twelve"])
def test_months_option(months: dict[str, int], expected: int) -> None:
    """seed 002 "Set It Up!": "Choose how many months you'll play ... we recommend two months"."""
    state = loaded(4, **months).new_game(1)
    assert state.view(None)["months"] == expected


@pytest.mark.parametrize("months", [0, 13])
def test_months_option_out_of_range_is_refused(months: int) -> None:
    """seed 002 "Set It Up!" (months; designed range 1-12)."""
    with pytest.raises(OptionError):
        loaded(4, months=months)


def test_first_player_and_the_choice_at_the_start_of_a_turn() -> None:
    """seed 002 "Who goes first?" (seat 0) and "On your turn": "Decide whether to roll just the
    numbered die ... or pay to roll the numbered die AND the PAY DAY die"."""
    state = new()
    empty_hands(state)
    assert state.current_player == 0
    assert phase(state) == "start"
    assert texts(state) == {"roll", "roll both"}


# ---- On your turn: the numbered die ---------------------------------------------------------


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5])
def test_roll_moves_that_many_spaces(roll: int) -> None:
    """seed 002 "On your turn": "roll just the numbered die ... move that many spaces"."""
    state = new()
    turn_at(state, 0, 0)
    script(state, roll)
    act(state, "roll")
    assert state.pos[0] == roll
    assert events(state, "roll")[-1] == {"event": "roll", "seat": 0, "roll": roll, "die": None}
    assert events(state, "move")[-1]["day"] == roll


def test_turn_passes_to_the_left_after_the_space() -> None:
    """seed 002 "On your turn": "After you complete the action for your roll, your turn ends.
    Pass the dice to your left." (Event space: no decision.)"""
    state = new()
    turn_at(state, 0, 0)
    script(state, EVENT)
    act(state, "roll")
    assert state.current_player == 1 and phase(state) == "start"
    script(state, EVENT)
    act(state, "roll")
    assert state.current_player == 2
    assert state.pos[:2] == [EVENT, EVENT]


def test_turn_passes_from_the_last_seat_to_the_first() -> None:
    """seed 002 "On your turn": "play moves to the left" (seat 3 -> seat 0)."""
    state = new()
    turn_at(state, 3, 0)
    script(state, EVENT)
    act(state, "roll")
    assert state.current_player == 0


# ---- Roll both: $100 to the Jackpot ------------------------------------------------------------


def test_roll_both_costs_100_into_the_jackpot() -> None:
    """seed 002 "On your turn": "If you choose to roll both dice, you must pay $100. Place your
    payment on the Jackpot space"."""
    state = new()
    empty_hands(state)
    turn_at(state, 0, 0)
    script(state, face(state, "plus_three"), EVENT)
    act(state, "roll both")
    assert state.cash[0] == 700
    assert state.jackpot == 1100
    assert state.view(None)["die"] == "plus_three"


def test_roll_both_short_of_cash_takes_a_loan() -> None:
    """seed 002 "Loans": "You may take out a loan at any time to pay for anything EXCEPT the
    lottery ... in increments of $1,000"."""
    state = new()
    empty_hands(state)
    hold(state, 0, cash=40)
    turn_at(state, 0, 0)
    script(state, face(state, "plus_three"), EVENT)
    act(state, "roll both")
    assert (state.cash[0], state.loan[0]) == (940, 1000)
    assert state.jackpot == 1100
    assert events(state, "loan") == [{"event": "loan", "seat": 0, "amount": 1000}]


# ---- Jackpot ----------------------------------------------------------------------------------


def test_a_six_takes_the_jackpot() -> None:
    """seed 002 "On your turn": "If you roll a six, take any money on the Jackpot!"."""
    state = new()
    turn_at(state, 0, 1)  # 1 + 6 = 7, Happy Birthday: no decision
    script(state, 6)
    act(state, "roll")
    assert state.jackpot == 0
    assert state.cash[0] == 800 + 1000 + 3 * 100
    assert events(state, "jackpot") == [{"event": "jackpot", "seat": 0, "amount": 1000}]


def test_a_six_with_both_dice_takes_the_jackpot_with_the_100_just_paid() -> None:
    """seed 002 "Jackpot": "Anytime a player rolls a 6 at the beginning of their turn, they get
    to take all the money on the Jackpot space!" (the $100 for the PAY DAY die is on it)."""
    state = new()
    empty_hands(state)
    turn_at(state, 0, 1)
    script(state, face(state, "buyer"), 6)
    act(state, "roll both")
    assert events(state, "jackpot")[0]["amount"] == 1100
    assert state.jackpot == 0


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5])
def test_no_six_leaves_the_jackpot(roll: int) -> None:
    """seed 002 "Jackpot": only a 6 takes it."""
    state = new()
    turn_at(state, 0, 0)
    script(state, roll)
    act(state, "roll")
    assert state.jackpot == 1000
    assert events(state, "jackpot") == []


def test_an_empty_jackpot_gives_nothing() -> None:
    """seed 002 "Jackpot": "take all the money on the Jackpot space" (none there: nothing)."""
    state = new()
    replace(state, jackpot=0)
    turn_at(state, 0, 1)
    script(state, 6)
    act(state, "roll")
    assert events(state, "jackpot") == []
    assert state.cash[0] == 800 + 300


def test_a_rerolled_six_does_not_take_the_jackpot() -> None:
    """seed 002 "Jackpot": "rolls a 6 at the beginning of their turn"; designed (turn.py): the
    Reroll face's second roll is not the beginning of the turn."""
    state = new()
    empty_hands(state)
    turn_at(state, 0, 1)
    script(state, face(state, "reroll"), 2, 6)
    act(state, "roll both", "reroll")
    assert state.pos[0] == BIRTHDAY
    assert state.jackpot == 1100


# ---- Pay Day Die: each face ------------------------------------------------------------------

# face, the phase the roll opens, the choices offered (from START, a roll of 3: Event space)
FACES = [
    ("buyer", "order", {"move first", "die first"}),
    ("bargain", "order", {"move first", "die first"}),
    ("plus_three", "steps", {"move 3", "move 4", "move 5", "move 6"}),
    ("reroll", "reroll", {"reroll", "keep roll"}),
]


@pytest.mark.parametrize(("name", "opens", "choices"), FACES, ids=[f[0] for f in FACES])
def test_each_pay_day_die_face_opens_its_choice(name: str, opens: str,
                                                choices: set[str]) -> None:
    """seed 002 "On your turn": "decide whether you'd like to move or complete the action on the
    PAY DAY die first"; "Pay Day Die": Buyer, Bargain, +3 ("move up to 3 spaces more"), Reroll
    ("You may reroll the numbered die")."""
    state = new()
    turn_at(state, 0, 0)
    script(state, face(state, name), EVENT)
    act(state, "roll both")
    assert phase(state) == opens
    assert texts(state) == choices
    # the order is asked once the move is known (the token stands on its space, not yet
    # carried out); +3 and Reroll are asked before the token moves
    assert state.current_player == 0
    assert state.pos[0] == (EVENT if opens == "order" else 0)


@pytest.mark.parametrize("steps", [3, 4, 5, 6])
def test_plus_three_moves_the_roll_up_to_three_more(steps: int) -> None:
    """seed 002 "Pay Day Die" "+3": "You may move up to 3 spaces more than your numbered roll"."""
    state = new()
    empty_hands(state)
    turn_at(state, 0, 0)
    on_top(state, "mail", "bill-car-1", "bill-car-2", "bill-car-3")
    script(state, face(state, "plus_three"), 3)
    act(state, "roll both")
    refused(state, "move 2")
    refused(state, "move 7")
    if steps == 6:  # the Lottery
        replace(state, cash=[50] * 4)  # nobody may join: no decision
    act(state, f"move {steps}")
    assert state.pos[0] == steps


def test_plus_three_stops_at_pay_day() -> None:
    """seed 002 "PAY DAY!": "you must stop there even if you have moves left" (+3 beyond day 32
    is no choice)."""
    state = new()
    empty_hands(state)
    turn_at(state, 0, 29)
    script(state, face(state, "plus_three"), 2)
    act(state, "roll both")
    assert texts(state) == {"move 2", "move 3"}


@pytest.mark.parametrize(("choice", "day"), [("reroll", 5), ("keep roll", 3)])
def test_reroll_face(choice: str, day: int) -> None:
    """seed 002 "Pay Day Die" "Reroll": "You may reroll the numbered die"."""
    state = new()
    empty_hands(state)
    turn_at(state, 0, 0)
    on_top(state, "bargain", "toaster")
    script(state, face(state, "reroll"), 3, 5)
    act(state, "roll both", choice)
    assert state.pos[0] == day


# (order, which comes first: the Event space's card or the sale) with the Buyer face, rolling 3
# onto an Event space
BUYER_ORDER = [("move first", "event"), ("die first", "sell")]


def test_buyer_face_with_nothing_to_sell_asks_no_order() -> None:
    """seed 002 "On your turn": "decide whether you'd like to move or complete the action on the
    PAY DAY die first": with no Bargain in hand and none to come from the space, both orders
    sell nothing, so the choice is not asked."""
    state = new()
    empty_hands(state)
    turn_at(state, 0, 0)
    script(state, face(state, "buyer"), EVENT)
    act(state, "roll both")
    assert state.current_player == 1 and state.pos[0] == EVENT


@pytest.mark.parametrize(("order", "first"), BUYER_ORDER, ids=[o[0] for o in BUYER_ORDER])
def test_buyer_face_in_the_order_chosen(order: str, first: str) -> None:
    """seed 002 "On your turn": "decide whether you'd like to move or complete the action on the
    PAY DAY die first"; "Pay Day Die" "Buyer": "Sell one of your Bargains to the bank for the
    resale price"."""
    state = new()
    empty_hands(state)
    hold(state, 0, bargains=["toaster"])
    turn_at(state, 0, 0)
    script(state, face(state, "buyer"), EVENT)
    act(state, "roll both", order)
    if order == "die first":
        assert phase(state) == "sell" and state.view(None)["seats"][0]["events"] == []
    if phase(state) == "sell":
        act(state, "sell toaster")
    kinds = [e["kind"] for e in state.view(None)["log"] if e["kind"] in ("event", "sell")]
    assert kinds[0] == first
    assert state.cash[0] == 700 + 250
    assert state.pos[0] == EVENT
    assert state.current_player == 1


@pytest.mark.parametrize(("order", "first"), [("move first", "event"), ("die first", "bargain")])
def test_bargain_face_in_the_order_chosen(order: str, first: str) -> None:
    """seed 002 "Pay Day Die" "Bargain": "Draw a Bargain card"; in the order chosen (the Event
    space draws an Event card)."""
    state = new()
    empty_hands(state)
    turn_at(state, 0, 0)
    on_top(state, "bargain", "toaster")
    on_top(state, "event", "collect-bank-1")
    script(state, face(state, "bargain"), EVENT)
    act(state, "roll both", order)
    assert phase(state) == "bargain"
    act(state, "buy toaster")
    kinds = [e["kind"] for e in state.view(None)["log"] if e["kind"] in ("event", "bargain")]
    assert kinds[0] == first and sorted(kinds) == ["bargain", "event"]
    assert state.bargains[0] == ["toaster"]
    assert state.event_cards[0] == ["collect-bank-1"]


def test_bargain_face_landing_on_a_bargain_space_draws_two_keeps_one() -> None:
    """seed 002 "Pay Day Die" "Bargain": "If you land on a Bargain space and you roll a Bargain,
    you may only buy one of the Bargains. Draw two, choose which to buy, and place the other at
    the bottom of the Bargain pile"."""
    state = new()
    empty_hands(state)
    turn_at(state, 0, 0)
    on_top(state, "bargain", "toaster", "guitar", "sofa")
    script(state, face(state, "bargain"), BARGAIN)
    act(state, "roll both")
    assert phase(state) == "choose"
    assert texts(state) == {"keep 1", "keep 2"}
    act(state, "keep 2")
    assert state.bargain_deck[0] == "toaster"  # the other at the bottom
    assert state.bargain_deck[-1] == "sofa"
    assert texts(state) == {"buy guitar", "auction guitar"}
    act(state, "buy guitar")
    assert state.bargains[0] == ["guitar"]
    assert state.current_player == 1  # no second Bargain


def test_bargain_face_and_bargain_space_the_choice_is_the_drawers_secret() -> None:
    """seed 002 "Pay Day Die" "Bargain" (draw two, choose which): the two cards drawn are seen by
    the drawer; the one put at the bottom stays known to the drawer only."""
    state = new()
    empty_hands(state)
    turn_at(state, 0, 0)
    on_top(state, "bargain", "toaster", "guitar")
    script(state, face(state, "bargain"), BARGAIN)
    act(state, "roll both")
    assert state.view(0)["bargain"]["cards"] == ["toaster", "guitar"]
    assert state.view(1)["bargain"]["cards"] == [None, None]
    act(state, "keep 1")
    assert state.view(0)["known_bargain_pile"] == [
        {"from_bottom": 0, "card": "guitar", "min_bid": None}]
    assert state.view(1)["known_bargain_pile"] == []


def test_bargain_face_with_a_choice_of_steps_asks_the_steps_first() -> None:
    """seed 002 "Pay Day Die" "Bargain": "If you land on a Bargain space and you roll a Bargain,
    you may only buy one of the Bargains. Draw two, choose which to buy". With a choice of
    steps (an extra-move card), the steps come first; landing on a Bargain space then draws
    two and keeps one, so only one can be bought (the order is not asked)."""
    state = new()
    empty_hands(state)
    hold(state, 0, events=["extra-move-1"], cash=5000)
    turn_at(state, 0, 0)
    on_top(state, "bargain", "toaster", "guitar")
    script(state, face(state, "bargain"), BARGAIN)
    act(state, "roll both", "play extra-move-1")
    assert phase(state) == "steps"
    act(state, f"move {BARGAIN}")
    assert phase(state) == "choose"
    act(state, "keep 1")
    assert texts(state) == {"buy toaster", "auction toaster"}
    act(state, "buy toaster")
    assert state.bargains[0] == ["toaster"] and state.current_player != 0


def test_bargain_face_with_a_choice_of_steps_elsewhere_asks_the_order() -> None:
    """seed 002 "On your turn": "decide whether you'd like to move or complete the action on the
    PAY DAY die first": asked once the steps are chosen and the space is not a Bargain."""
    state = new()
    empty_hands(state)
    hold(state, 0, events=["extra-move-1"], cash=5000)
    turn_at(state, 0, 0)
    script(state, face(state, "bargain"), BARGAIN)
    act(state, "roll both", "play extra-move-1", f"move {BARGAIN + 1}")
    assert phase(state) == "order" and texts(state) == {"move first", "die first"}


# ---- PAY DAY stops movement --------------------------------------------------------------------


@pytest.mark.parametrize(("start", "roll"), [(26, 6), (30, 3), (31, 1), (31, 6)])
def test_pay_day_stops_movement(start: int, roll: int) -> None:
    """seed 002 "PAY DAY!": "When you reach this space, you must stop there even if you have
    moves left"."""
    state = new()
    empty_hands(state)
    turn_at(state, 0, start)
    script(state, roll)
    act(state, "roll")
    assert events(state, "move")[-1]["day"] == PAY_DAY
    assert events(state, "pay day")[0]["seat"] == 0
    assert state.pos[0] == 0 and state.month[0] == 1  # back on START for month 2


# ---- refused actions change nothing ---------------------------------------------------------

# phase, how to reach it, a refused action
WRONG = [
    ("start: a bid", [], "bid 100"),
    ("start: a sale", [], "sell toaster"),
    ("start: an Event card not held", [], "play collect-bank-2"),
    ("start: a Market Hit is an answer only", ["hold market-hit-1"], "hit with market-hit-1"),
    ("order: roll again", ["roll both buyer"], "roll"),
    ("steps: beyond +3", ["roll both plus_three"], "move 7"),
    ("reroll: a move", ["roll both reroll"], "move 3"),
    ("not a word at all", [], "jump"),
]


@pytest.mark.parametrize(("name", "setup", "action"), WRONG, ids=[w[0] for w in WRONG])
def test_a_wrong_action_is_refused_and_changes_nothing(name: str, setup: list[str],
                                                       action: str) -> None:
    """seed 002 "On your turn" (only what the rules allow): IllegalAction, the state (digest and
    every view) unchanged."""
    state = new()
    empty_hands(state)
    hold(state, 0, bargains=["guitar"])
    turn_at(state, 0, 0)
    for step in setup:
        if step.startswith("hold "):
            hold(state, 0, bargains=["guitar"], events=[step.split()[1]])
        else:
            script(state, face(state, step.split()[2]), EVENT)
            act(state, "roll both")
    refused(state, action)
