"""PAY DAY: salary, bills, insurance, back to START; the final month (the token off the board,
the cards discarded); the end of the game and its scores.

Seed 002 "PAY DAY!", "Is it the final month?", "The End Of The Game", "How to win", "Insurance";
docs/games/payday.md "Loans at the end". Seat 0 rolls 2 from day 30 onto PAY DAY (day 32).
"""

from __future__ import annotations

import random

import pytest

from motherlode.engine.position import replace
from motherlode.rules.payday.state import PayDayState

from .scenario import (
    PAY_DAY,
    act,
    empty_hands,
    events,
    face,
    finish,
    hold,
    new,
    on_top,
    phase,
    script,
    turn_at,
)


def pay_day(months: int = 2, players: int = 4, **held: object) -> PayDayState:
    """Seat 0, holding `held` (see `hold`), rolls onto PAY DAY in its first month."""
    state = new(players, months=months)
    empty_hands(state)
    hold(state, 0, **held)  # type: ignore[arg-type]
    turn_at(state, 0, PAY_DAY - 2)
    script(state, 2)
    act(state, "roll")
    return state


def test_salary_is_collected() -> None:
    """seed 002 "PAY DAY!": "It's the end of the month, and that means you get paid! ... Collect
    $800"."""
    state = pay_day()
    assert state.cash[0] == 1600
    assert events(state, "pay day")[0] == {"event": "pay day", "seat": 0, "salary": 800,
                                           "bills": 0,
                                           "insured": 0, "interest": 0}


def test_bills_are_paid_and_discarded() -> None:
    """seed 002 "PAY DAY!": "Pay off all your bills ... Place your paid bills in the Mail discard
    pile"."""
    bills = ["bill-car-3", "bill-utility-1", "bill-home-2"]
    state = pay_day(bills=bills)
    assert state.cash[0] == 1600 - 400
    assert state.bills[0] == []
    assert state.mail_discard == bills
    assert events(state, "pay day")[0]["bills"] == 400


def test_bills_short_of_cash_take_a_loan() -> None:
    """seed 002 "PAY DAY!": "If you need to take out a loan, do so"."""
    state = pay_day(bills=["bill-medical-5", "bill-home-5", "bill-car-5"], cash=0)
    assert state.loan[0] == 1000 - 100  # borrowed $1,000, then 10% of it paid off
    assert state.cash[0] == 800 + 1000 - 1200 - 100


# insurance held, bills, paid, insured
INSURED = [
    ("insurance-car-1", ["bill-car-5", "bill-car-1", "bill-home-1"], 100, 400),
    ("insurance-home-4", ["bill-home-5", "bill-car-1"], 100, 400),
    ("insurance-medical-5", ["bill-medical-5", "bill-medical-1", "bill-utility-2"], 100, 600),
    ("insurance-car-2", ["bill-utility-5", "bill-medical-2"], 350, 0),
]


@pytest.mark.parametrize(("insurance", "bills", "paid", "insured"), INSURED,
                         ids=[i[0] for i in INSURED])
def test_insurance_cancels_bills_of_its_type(insurance: str, bills: list[str], paid: int,
                                             insured: int) -> None:
    """seed 002 "Insurance": "When you reach PAY DAY and need to pay your bills, discard the
    bills that match the type of insurance you own"; "It's yours for the rest of the game"."""
    state = pay_day(insurance=[insurance], bills=bills)
    assert state.cash[0] == 1600 - paid
    assert events(state, "pay day")[0]["insured"] == insured
    assert state.insurance[0] == [insurance]
    assert sorted(state.mail_discard) == sorted(bills)


def test_back_to_start_keeping_cards_for_next_month() -> None:
    """seed 002 "PAY DAY!": "Move your token to the START space. You get to keep any Markups,
    Event cards, or Bargains you didn't sell last month"."""
    state = pay_day(bargains=["guitar"], markups=["markup-3"], events=["not-today-1"],
                    insurance=["insurance-car-1"])
    assert state.pos[0] == 0 and state.month[0] == 1 and not state.finished(0)
    assert state.bargains[0] == ["guitar"] and state.markups[0] == ["markup-3"]
    assert state.event_cards[0] == ["not-today-1"] and state.insurance[0] == ["insurance-car-1"]
    assert state.view(None)["seats"][0]["month"] == 1
    assert state.current_player == 1


def test_daylight_savings_is_available_again_next_month() -> None:
    """seed 002 "Daylight Savings" (designed: the landings counted a month, for the limit
    `MAX_DAYLIGHT_SAVINGS` and the option `daylight_savings=once`; reset at PAY DAY)."""
    state = new()
    empty_hands(state)
    state.ds_used[0] = 2
    turn_at(state, 0, PAY_DAY - 2)
    script(state, 2)
    act(state, "roll")
    assert state.ds_used[0] == 0


# ---- the final month -------------------------------------------------------------------------


def test_final_month_removes_the_token_and_discards_the_cards() -> None:
    """seed 002 "Is it the final month?": "Remove your token from the board. Place any cards you
    have in the appropriate discard piles. Hang out while other players finish the game!"."""
    state = pay_day(months=1, bargains=["guitar"], markups=["markup-3"],
                    insurance=["insurance-car-1"], events=["not-today-1"],
                    bills=["bill-car-1", "bill-home-1"])
    assert state.finished(0)
    seat = state.view(None)["seats"][0]
    assert seat["day"] is None and seat["finished"] is True
    assert all(not seat[k] for k in ("bargains", "markups", "insurance", "bills", "events"))
    assert "guitar" in state.bargain_discard
    assert set(state.mail_discard) == {"markup-3", "insurance-car-1", "bill-car-1",
                                       "bill-home-1"}
    assert state.event_discard == ["not-today-1"]
    assert state.cash[0] == 1600 - 100  # the car bill insured, the home bill paid
    assert events(state, "finish") == [{"event": "finish", "seat": 0}]
    assert state.current_player == 1


def test_final_month_pays_the_interest_but_asks_no_repayment() -> None:
    """seed 002 "Is it the final month?": "follow the PAY DAY rules above with these changes"
    (the 10% is paid; designed: no repaying, it would not change cash minus loans)."""
    state = pay_day(months=1, cash=5000, loan=2000)
    assert (state.cash[0], state.loan[0]) == (5600, 1800)
    assert phase(state) == "start" and state.current_player == 1


def test_the_final_pay_day_comes_after_the_chosen_number_of_months() -> None:
    """seed 002 "Set It Up!": "The game will end when the last player finishes their last
    month" (month 2 of 2)."""
    state = new(months=2)
    empty_hands(state)
    state.month[0] = 1
    turn_at(state, 0, PAY_DAY - 2)
    script(state, 2)
    act(state, "roll")
    assert state.finished(0) and state.month[0] == 2


def test_finished_players_are_skipped_in_turn_order() -> None:
    """seed 002 "Is it the final month?": "Hang out while other players finish the game!"."""
    state = new(months=1)
    empty_hands(state)
    finish(state, 1)
    turn_at(state, 0, 0)
    script(state, 3)
    act(state, "roll")
    assert state.current_player == 2


# ---- the end of the game ---------------------------------------------------------------------


def last_pay_day(**options: str) -> PayDayState:
    """Seats 1-3 finished; seat 0 ($500 cash, $2,000 loan) reaches its final PAY DAY."""
    state = new(months=1, **options)
    empty_hands(state)
    finish(state, 1, 2, 3)
    replace(state, cash=[500, 3000, 1200, 900], loan=[2000, 1000, 0, 0])
    turn_at(state, 0, PAY_DAY - 2)
    script(state, 2)
    act(state, "roll")
    return state


def test_the_game_ends_when_every_player_has_finished() -> None:
    """seed 002 "The End Of The Game": "When all players have reached their final PAY DAY and
    completed the agreed-upon number of months, they count up their cash"."""
    state = last_pay_day()
    assert state.is_terminal and state.current_player is None
    assert phase(state) == "over" and state.legal_actions() == []


@pytest.mark.parametrize(("option", "scores"), [
    ({}, [1100.0 - 1800.0, 2000.0, 1200.0, 900.0]),
    ({"loans_at_end": "subtract"}, [1100.0 - 1800.0, 2000.0, 1200.0, 900.0]),
    ({"loans_at_end": "ignore"}, [1100.0, 3000.0, 1200.0, 900.0]),
], ids=["default: cash minus loans", "loans_at_end=subtract", "loans_at_end=ignore"])
def test_scores_at_the_end(option: dict[str, str], scores: list[float]) -> None:
    """seed 002 "How to win": "The player with the most money at the end of the game wins!";
    "The End Of The Game": "they count up their cash"; docs/games/payday.md: cash minus loans
    (option `loans_at_end=ignore`: cash only). Seat 0: $500 + $800 - $200 (10%) = $1,100 cash,
    $1,800 owed."""
    state = last_pay_day(**option)
    assert state.scores() == scores
    assert state.view(2)["scores"] == scores


def test_the_most_money_wins() -> None:
    """seed 002 "How to win": "The player with the most money at the end of the game wins!"."""
    state = last_pay_day()
    returns = state.returns()
    assert returns[1] == max(returns) and returns[1] > 0
    assert returns[0] == min(returns)


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_game_of_random_moves_ends_with_cash_minus_loans(players: int) -> None:
    """seed 002 "The End Of The Game" (any legal play ends, every token off the board)."""
    state = new(players, seed=players, months=1)
    chooser = random.Random(players)
    for _ in range(5000):
        if state.is_terminal:
            break
        state.apply(chooser.choice(state.legal_actions()))
    assert state.is_terminal
    assert all(state.finished(seat) for seat in range(players))
    assert state.scores() == [float(c - debt) for c, debt in zip(state.cash, state.loan,
                                                                  strict=True)]


def test_a_finished_player_draws_no_bargain_after_its_final_pay_day() -> None:
    """seed 002 "Is it the final month?": "Remove your token from the board. Place any cards you
    have in the appropriate discard piles. Hang out while other players finish the game!"."""
    state = new(months=1)
    empty_hands(state)
    on_top(state, "bargain", "toaster")
    turn_at(state, 0, PAY_DAY - 2)
    script(state, face(state, "bargain"), 2)
    act(state, "roll both", "move first")
    assert state.finished(0)
    assert state.current_player == 1 and state.bargains[0] == []
