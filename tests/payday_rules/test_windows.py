"""Event cards played out of the start of one's turn: before a loan, on another player's turn,
and an extra move after the roll; and no window where a card cannot change anything.

Seed 002 "Event": "You may play these at any time, on any player's turn. After you use the
card, discard it. If an Event card requires you to pay the bank or another player and you don't
have enough money, you must take out a loan to cover the cost"; "Loans": "You may take out a
loan at any time to pay for anything". The windows: docs/games/payday.md "Out-of-turn
decisions". Cards: collect-bank-1 ($50), collect-bank-2 ($100), collect-bank-5 ($200),
collect-each-3 ($100 from each), buyer-1, bargain-1, extra-move-1 (+1), extra-move-4 (+3).
"""

from __future__ import annotations

import pytest

from motherlode.rules.payday.state import PayDayState

from .scenario import (
    BARGAIN,
    BIRTHDAY,
    EVENT,
    LOTTERY,
    PAY_DAY,
    act,
    empty_hands,
    events,
    hold,
    new,
    on_top,
    phase,
    refused,
    script,
    texts,
    turn_at,
)

ANY_TIME = ("seed 002 \"Event\": \"You may play these at any time, on any player's turn\"")


def _buying(cards: list[str], cash: int = 100, **others: list[str]) -> PayDayState:
    """Seat 0 lands on a Bargain space with `cash` and the Event cards `cards`; the Toaster
    ($150) on top of the pile."""
    state = new()
    empty_hands(state)
    hold(state, 0, events=cards, cash=cash)
    for name, held in others.items():
        hold(state, int(name.removeprefix("seat")), events=held)
    on_top(state, "bargain", "toaster")
    turn_at(state, 0, 0)
    script(state, BARGAIN)
    act(state, "roll")
    if phase(state) == "steps":  # an extra-move card held: no further
        act(state, f"move {BARGAIN}")
    return state


def test_a_card_covers_a_payment_instead_of_a_loan() -> None:
    """seed 002 "Event": "You may play these at any time" and "If an Event card requires you to
    pay ... and you don't have enough money, you must take out a loan": owing $150 with $100,
    the holder of a collect card is asked before the loan, and with the card needs none."""
    state = _buying(["collect-bank-1"])
    act(state, "buy toaster")
    assert phase(state) == "owe" and state.current_player == 0
    assert texts(state) == {"play collect-bank-1", "take loan"}
    decision = state.view(0)["decision"]
    assert decision is not None
    assert decision["prompt"] == ("You owe $150 and have $100: play an Event card or take a "
                                  "loan")
    assert state.view(1)["owing"] == {"seat": 0, "amount": 150}
    act(state, "play collect-bank-1")
    assert state.cash[0] == 0 and state.loan[0] == 0
    assert state.bargains[0] == ["toaster"] and state.event_discard == ["collect-bank-1"]
    assert events(state, "loan") == []
    assert state.current_player == 1  # the turn passes


def test_take_loan_passes_the_window_in_one_action_and_it_does_not_reopen() -> None:
    """seed 002 "Loans": "You may take out a loan at any time to pay for anything": `take loan`
    closes the window; the card is kept and the payment borrows what is short."""
    state = _buying(["collect-bank-1"])
    act(state, "buy toaster", "take loan")
    assert state.cash[0] == 950 and state.loan[0] == 1000
    assert state.event_cards[0] == ["collect-bank-1"]
    assert state.current_player == 1 and phase(state) == "start"


def test_the_window_is_asked_again_while_still_short() -> None:
    """seed 002 "Event": one card after another while the holder is still short; once it has
    the cash, the payment is made."""
    state = _buying(["collect-bank-1", "collect-bank-2"], cash=0)
    act(state, "buy toaster", "play collect-bank-1")
    assert phase(state) == "owe" and texts(state) == {"play collect-bank-2", "take loan"}
    act(state, "play collect-bank-2")
    assert state.cash[0] == 0 and state.loan[0] == 0 and state.bargains[0] == ["toaster"]


def test_a_card_cancelled_by_not_today_leaves_the_payment_short() -> None:
    """seed 002 "Notes About Event Cards": "cancel any Event card when another player plays
    one": the card is lost and, with no other card, the loan is taken."""
    state = _buying(["collect-bank-1"], seat2=["not-today-1"])
    act(state, "buy toaster", "play collect-bank-1")
    assert phase(state) == "cancel" and state.current_player == 2
    act(state, "not today")
    assert state.loan[0] == 1000 and state.cash[0] == 950
    assert state.current_player == 1


def test_a_buyer_card_sells_a_bargain_to_cover_a_payment() -> None:
    """seed 002 "Event" and "Buyer": a Buyer card played while short sells a Bargain first."""
    state = new()
    empty_hands(state)
    hold(state, 0, bargains=["guitar"], events=["buyer-1"], cash=100)
    on_top(state, "bargain", "toaster")
    turn_at(state, 0, 0)
    script(state, BARGAIN)
    act(state, "roll", "buy toaster")
    assert texts(state) == {"play buyer-1", "take loan"}
    act(state, "play buyer-1", "sell guitar")
    assert state.cash[0] == 100 + 600 - 150 and state.loan[0] == 0


def test_a_card_played_on_another_players_turn() -> None:
    """seed 002 "Event": "You may play these at any time, on any player's turn": seat 1 lands
    on Happy Birthday; seat 2 owes $100 with $50 and pays it with a collect card."""
    state = new()
    empty_hands(state)
    hold(state, 2, events=["collect-bank-2"], cash=50)
    turn_at(state, 1, BIRTHDAY - 5)
    script(state, 5)
    act(state, "roll")
    assert phase(state) == "owe" and state.current_player == 2 and state.player == 1
    decision = state.view(2)["decision"]
    assert decision is not None and decision["prompt"].startswith("You owe $100 and have $50")
    act(state, "play collect-bank-2")
    assert state.cash == [700, 1100, 50, 700] and state.loan == [0, 0, 0, 0]
    assert state.current_player == 2 and phase(state) == "start"  # seat 2's own turn next


def test_collect_from_each_on_another_players_turn_can_make_them_pay_first() -> None:
    """seed 002 "Event": a collect-from-each card played to pay a Happy Birthday gift: the
    others (the lander too) pay the holder, who then pays the gift."""
    state = new()
    empty_hands(state)
    hold(state, 2, events=["collect-each-3"], cash=0)
    turn_at(state, 1, BIRTHDAY - 5)
    script(state, 5)
    act(state, "roll", "play collect-each-3")
    assert state.cash == [600, 1000, 200, 600] and state.loan[2] == 0


def test_pay_day_bills_and_the_ten_percent_may_be_covered_by_a_card() -> None:
    """seed 002 "PAY DAY!": "If you need to take out a loan, do so" and "If you don't have
    enough cash, you must take out an additional loan AND THEN pay 10%": before each of those
    loans, a collect card may be played instead."""
    state = new()
    empty_hands(state)
    hold(state, 0, bills=["bill-home-5", "bill-medical-5"], cash=0, loan=3000,
         events=["collect-bank-3", "collect-bank-5", "collect-bank-2"])
    turn_at(state, 0, PAY_DAY - 1)
    script(state, 1)
    act(state, "roll")
    assert state.view(0)["owing"] == {"seat": 0, "amount": 900}  # $800 in, $900 of bills
    act(state, "play collect-bank-3")
    assert state.view(0)["owing"] == {"seat": 0, "amount": 300}  # then 10% of $3,000
    act(state, "play collect-bank-5")
    assert state.view(0)["owing"] == {"seat": 0, "amount": 300}  # $200: still short
    act(state, "play collect-bank-2")
    assert state.cash[0] == 0 and state.loan[0] == 2700 and events(state, "loan") == []
    assert events(state, "pay day")[0]["interest"] == 300


# ---- no window where a card cannot change anything -------------------------------------


@pytest.mark.parametrize("cards", [
    ["market-hit-1", "not-today-1", "extra-move-1", "bargain-1"],  # none brings money
    ["buyer-1"],  # a Buyer, but no Bargain to sell
])
def test_no_window_without_a_card_that_brings_money(cards: list[str]) -> None:
    """docs/games/payday.md "Out-of-turn decisions" (a window only where a card can change the
    outcome): the loan is taken at once."""
    state = _buying(cards)
    act(state, "buy toaster")
    assert state.loan[0] == 1000 and state.current_player == 1


def test_no_window_with_the_cash() -> None:
    """seed 002 "Plain Old Bargains": "pay its cost to the bank": with the cash, paid at once
    (no question, whatever cards are held)."""
    state = _buying(["collect-bank-5"], cash=500)
    act(state, "buy toaster")
    assert state.cash[0] == 350 and state.current_player == 1


def test_the_window_refuses_other_actions_with_its_reason() -> None:
    """Bad input changes nothing; the refusal says why in the rulebook's words."""
    state = _buying(["collect-bank-1", "extra-move-1", "market-hit-1"])
    act(state, "buy toaster")
    refused(state, "play extra-move-1", "an extra move is played on your own turn, after the "
                                        "roll")
    refused(state, "play market-hit-1", "against another player's sale")
    refused(state, "roll", "you roll at the start of your own turn")
    refused(state, "play collect-bank-2", "seat 0 holds no Event card collect-bank-2")


# ---- an extra move: after the roll, before moving --------------------------------------------


def test_an_extra_move_is_played_after_the_roll() -> None:
    """seed 002 "Event" ("at any time"): the extra move is offered once the roll is known, with
    the plain move as the pass."""
    state = new()
    empty_hands(state)
    hold(state, 0, events=["extra-move-4"])
    turn_at(state, 0, 0)
    assert texts(state) == {"roll", "roll both"}
    refused(state, "play extra-move-4", "after the roll and before moving")
    script(state, EVENT)
    act(state, "roll")
    assert phase(state) == "steps"
    assert texts(state) == {f"move {EVENT}", "play extra-move-4"}
    act(state, "play extra-move-4")
    assert texts(state) == {f"move {n}" for n in range(EVENT, EVENT + 4)}


def test_no_extra_move_window_when_pay_day_stops_the_token() -> None:
    """seed 002 "PAY DAY!": "you must stop there even if you have moves left": an extra move
    could not take the token further, so it is not offered."""
    state = new()
    empty_hands(state)
    hold(state, 0, events=["extra-move-4"])
    turn_at(state, 0, PAY_DAY - 2)
    script(state, 2)
    act(state, "roll")
    assert state.event_cards[0] == ["extra-move-4"]
    assert events(state, "pay day")


# ---- the Lottery: a card for the stake, since no loan may pay it ----------------------------


def _lottery_with(cards: list[str], cash: int, bargains: tuple[str, ...] = ()) -> PayDayState:
    """Seat 0 lands on the Lottery; seat 1 has `cash`, the Event cards `cards` and
    `bargains`."""
    state = new()
    empty_hands(state)
    hold(state, 1, events=cards, cash=cash, bargains=bargains)
    turn_at(state, 0, LOTTERY - 5)
    script(state, 5, 6)
    act(state, "roll", "pick 1")
    return state


def test_a_card_pays_a_lottery_stake_on_another_players_turn() -> None:
    """seed 002 "Lottery": "You may NOT take out a loan to participate in the lottery", and
    "Event": "You may play these at any time, on any player's turn": seat 1, with $50, may play
    a collect card and then join; `stay out` is the pass."""
    state = _lottery_with(["collect-bank-2"], cash=50)
    assert phase(state) == "join" and state.current_player == 1
    assert texts(state) == {"play collect-bank-2", "stay out"}
    decision = state.view(1)["decision"]
    assert decision is not None and "the stake is $100 and you have $50" in decision["prompt"]
    refused(state, "pick 2", "the stake is $100 and the Lottery takes no loan")
    act(state, "play collect-bank-2")
    assert phase(state) == "join" and state.current_player == 1
    assert "pick 2" in texts(state)
    act(state, "pick 2")
    assert state.cash[1] == 50 and state.loan[1] == 0


def test_a_buyer_card_sells_for_a_lottery_stake() -> None:
    """seed 002 "Lottery" and "Buyer": a sale brings the cash a stake needs (no loan may)."""
    state = _lottery_with(["buyer-1"], cash=50, bargains=["toaster"])
    assert texts(state) == {"play buyer-1", "stay out"}
    act(state, "play buyer-1", "sell toaster")
    assert phase(state) == "join" and state.current_player == 1 and state.cash[1] == 300
    act(state, "pick 2")
    assert state.cash[1] == 200


def test_no_lottery_window_without_a_card_that_brings_cash() -> None:
    """seed 002 "Lottery" (no loan): a seat short of the stake with only a Buyer and no
    Bargain to sell, a Market Hit or a Not Today! is not asked."""
    state = _lottery_with(["buyer-1", "market-hit-1", "not-today-1"], cash=50)
    assert state.current_player == 2


# ---- a collect card after someone lands on the Lottery, before the stakes ---------------------
# seed 002 "Event": "You may play these at any time, on any player's turn"; "Lottery": "You may
# NOT take out a loan to participate in the lottery."


def _landing_on_the_lottery(collector: list[str], lander_cash: int,
                            lander_cards: tuple[str, ...] = ()) -> PayDayState:
    """Seat 1's turn: it lands on the Lottery with `lander_cash` and `lander_cards`; seat 0
    holds the Event cards `collector`."""
    state = new()
    empty_hands(state)
    hold(state, 0, events=collector)
    hold(state, 1, cash=lander_cash, events=lander_cards)
    turn_at(state, 1, LOTTERY - 5)
    script(state, 5, 6)
    act(state, "roll")
    return state


def test_a_collect_card_before_the_stakes_leaves_the_lander_unable_to_stake() -> None:
    """seed 002 "Event": "You may play these at any time, on any player's turn", and "Lottery":
    "You may NOT take out a loan to participate in the lottery": seat 0 plays a collect card
    once seat 1 lands on the Lottery, before the stakes; seat 1 keeps $50 and is not asked."""
    state = _landing_on_the_lottery(["collect-each-3"], lander_cash=150)
    assert phase(state) == "collect" and state.current_player == 0
    assert state.view(None)["asking"] == [0]
    assert texts(state) == {"play collect-each-3", "pass"}
    decision = state.view(0)["decision"]
    assert decision is not None
    assert decision["prompt"].startswith("Seat 1 landed on the Lottery: before the $100 stakes")
    assert "seat 1 would be left short of the $100 stake" in str(decision["groups"])
    act(state, "play collect-each-3")
    assert state.cash == [1100, 50, 700, 700] and state.loan == [0] * 4
    assert phase(state) == "join" and state.current_player == 2  # seat 1 is not asked
    refused(state, "take loan")
    act(state, "pick 2", "stay out", "stay out")
    assert state.lottery_numbers[1] == 0 and state.loan[1] == 0 and state.cash[1] == 50


def test_the_drained_rival_may_not_take_a_loan_to_stake() -> None:
    """seed 002 "Lottery": "You may NOT take out a loan to participate in the lottery" (nor
    "Loans": "to pay for anything EXCEPT the lottery"): the lander, drained to $50 and holding
    a card that brings cash, is asked; it may play the card or stay out, never borrow."""
    state = _landing_on_the_lottery(["collect-each-3"], lander_cash=150,
                                    lander_cards=("collect-bank-1",))
    act(state, "play collect-each-3")
    assert phase(state) == "join" and state.current_player == 1 and state.cash[1] == 50
    assert texts(state) == {"play collect-bank-1", "stay out"}
    refused(state, "take loan", "you may NOT take out a loan to participate in the lottery")
    refused(state, "pick 2", "the stake is $100 and the Lottery takes no loan")
    act(state, "stay out")
    assert state.loan[1] == 0 and state.lottery_numbers[1] == 0


def test_passing_the_collect_window_lets_the_stakes_be_asked() -> None:
    """seed 002 "Event" ("You may play these"): `pass` keeps the card; the lander stakes."""
    state = _landing_on_the_lottery(["collect-each-3"], lander_cash=150)
    act(state, "pass")
    assert phase(state) == "join" and state.current_player == 1
    act(state, "pick 3")
    assert state.cash[1] == 50 and state.event_cards[0] == ["collect-each-3"]


def test_a_not_today_may_cancel_the_collect_card_before_the_stakes() -> None:
    """seed 002 "Notes About Event Cards": "cancel any Event card when another player plays
    one": the lander cancels the collect card and keeps its stake."""
    state = _landing_on_the_lottery(["collect-each-3"], lander_cash=150,
                                    lander_cards=("not-today-1",))
    act(state, "play collect-each-3")
    assert phase(state) == "cancel" and state.current_player == 1
    act(state, "not today")
    assert phase(state) == "join" and state.current_player == 1 and state.cash[1] == 150


def test_no_collect_window_where_the_card_leaves_nobody_short() -> None:
    """docs/games/payday.md (a window only where a card can change the outcome): with every
    other seat at $800 a $100 collect card keeps everyone in, and a collect-from-the-bank card
    takes nobody's money: the stakes are asked at once."""
    state = _landing_on_the_lottery(["collect-each-3", "collect-bank-5"], lander_cash=800)
    assert phase(state) == "join" and state.current_player == 1
    state = _landing_on_the_lottery(["collect-each-1"], lander_cash=150)  # $50: 100 left
    assert phase(state) == "join" and state.current_player == 1
