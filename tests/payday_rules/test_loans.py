"""Loans: borrowing in $1,000 steps when cash is short, PAY DAY's 10% (the seed's examples),
a loan taken to pay it, the `interest=charge` reading, and repaying after the interest.

Seed 002 "Loans" ("The banker can issue you loans in increments of $1,000"; "Each time you land
on PAY DAY, you must pay at least 10% of your loan ... subtract your payment from your debt ...
Amanda owes $3000. She pays $300 (10%), leaving a balance of $2700. Dave owes $2000. He pays
$200 (10%), leaving a balance of $1800") and "PAY DAY!" ("If you don't have enough cash, you
must take out an additional loan AND THEN pay 10% interest on your new loan amount. You may pay
off part or all of your loan after you pay interest"); docs/games/payday.md (the readings).
"""

from __future__ import annotations

import pytest

from motherlode.rules.payday import loans
from motherlode.rules.payday.state import PayDayState

from .scenario import (
    PAY_DAY,
    act,
    empty_hands,
    events,
    hold,
    new,
    phase,
    refused,
    script,
    texts,
    turn_at,
)


def pay_day(cash: int, loan: int, bills: list[str] | None = None, months: int = 2,
            **options: str) -> PayDayState:
    """Seat 0 (with `cash`, `loan` and `bills`) rolls onto PAY DAY in its first month."""
    state = new(months=months, **options)
    empty_hands(state)
    hold(state, 0, cash=cash, loan=loan, bills=bills or [])
    turn_at(state, 0, PAY_DAY - 2)
    script(state, 2)
    act(state, "roll")
    return state


# ---- the 10% ----------------------------------------------------------------------------------

# loan, 10% (rounded up to $10: "at least 10%")
DUE = [(3000, 300), (2000, 200), (2700, 270), (1800, 180), (4000, 400), (1000, 100),
       (2430, 250), (10, 10), (0, 0)]


@pytest.mark.parametrize(("loan", "due"), DUE, ids=[f"{d[0]}" for d in DUE])
def test_interest_due(loan: int, due: int) -> None:
    """seed 002 "Loans": "you must pay at least 10% of your loan" (Amanda $3000 -> $300, Dave
    $2000 -> $200; designed: rounded up to $10)."""
    assert loans.interest_due(10, loan) == due


@pytest.mark.parametrize(("who", "loan", "paid", "left"), [("Amanda", 3000, 300, 2700),
                                                            ("Dave", 2000, 200, 1800)])
def test_the_seeds_loan_examples_at_pay_day(who: str, loan: int, paid: int, left: int) -> None:
    """seed 002 "Loans": "Amanda owes $3000. She pays $300 (10%), leaving a balance of $2700.
    Dave owes $2000. He pays $200 (10%), leaving a balance of $1800"."""
    state = pay_day(500, loan)
    assert state.loan[0] == left, who
    assert state.cash[0] == 500 + 800 - paid
    assert events(state, "pay day")[0]["interest"] == paid
    assert phase(state) == "repay"


def test_short_of_cash_borrow_then_pay_10_percent_of_the_new_amount() -> None:
    """seed 002 "PAY DAY!": "If you don't have enough cash, you must take out an additional loan
    AND THEN pay 10% interest on your new loan amount": $0 + $800 salary - $700 of bills leaves
    $100 against $300 due on $3,000: borrow $1,000 (owing $4,000), pay $400, owe $3,600."""
    state = pay_day(0, 3000, ["bill-home-5", "bill-medical-4"])
    assert events(state, "loan") == [{"event": "loan", "seat": 0, "amount": 1000}]
    assert events(state, "pay day")[0] == {"event": "pay day", "seat": 0, "salary": 800,
                                           "bills": 700,
                                           "insured": 0, "interest": 400}
    assert (state.cash[0], state.loan[0]) == (700, 3600)


def test_the_interest_loan_is_only_as_much_as_needed() -> None:
    """seed 002 "Loans": "in increments of $1,000" (one step is enough for $400 of interest)."""
    state = new()
    empty_hands(state)
    hold(state, 0, cash=0, loan=3000)
    assert loans.pay_interest(state, 0) == 400
    assert (state.cash[0], state.loan[0]) == (600, 3600)


@pytest.mark.parametrize(("loan", "paid"), [(3000, 300), (2000, 200)])
def test_interest_as_a_charge_leaves_the_loan(loan: int, paid: int) -> None:
    """docs/games/payday.md, the other reading (`interest=charge`): seed 002 "PAY DAY!" "pay the
    bank 10% interest on your full loan" as a charge that leaves the loan as it is."""
    state = pay_day(500, loan, interest="charge")
    assert state.loan[0] == loan
    assert state.cash[0] == 500 + 800 - paid


def test_interest_as_a_charge_short_of_cash() -> None:
    """`interest=charge` with seed 002 "PAY DAY!" "AND THEN pay 10% interest on your new loan
    amount": $3,000 + $1,000 borrowed, $400 charged, $4,000 still owed."""
    state = pay_day(0, 3000, ["bill-home-5", "bill-medical-4"], interest="charge")
    assert (state.cash[0], state.loan[0]) == (700, 4000)


def test_no_loan_no_interest_and_no_repay_question() -> None:
    """seed 002 "PAY DAY!": "If you have any loans, you must pay ..." (none: nothing)."""
    state = pay_day(500, 0)
    assert events(state, "pay day")[0]["interest"] == 0
    assert state.cash[0] == 1300 and state.current_player == 1


# ---- borrowing --------------------------------------------------------------------------------

# cash, amount, loan taken
BORROW = [(800, 800, 0), (799, 800, 1000), (0, 1000, 1000), (0, 1001, 2000), (50, 2550, 3000)]


@pytest.mark.parametrize(("cash", "amount", "taken"), BORROW,
                         ids=[f"{b[0]} pays {b[1]}" for b in BORROW])
def test_a_payment_short_of_cash_borrows_in_1000_steps(cash: int, amount: int,
                                                      taken: int) -> None:
    """seed 002 "Loans": "The banker can issue you loans in increments of $1,000" (only when a
    payment needs it: loans.py)."""
    state = new()
    hold(state, 0, cash=cash)
    loans.pay(state, 0, amount)
    assert state.loan[0] == taken
    assert state.cash[0] == cash + taken - amount
    assert 0 <= state.cash[0] < 1000 or taken == 0


def test_a_payment_to_another_player() -> None:
    """seed 002 "Event": "pay the bank or another player" (the other player gets the money)."""
    state = new()
    hold(state, 0, cash=50)
    loans.pay(state, 0, 100, to=3)
    assert state.cash[3] == 900 and state.loan[0] == 1000


# ---- repaying after the interest ------------------------------------------------------------


def test_repay_choices_after_the_interest() -> None:
    """seed 002 "PAY DAY!": "You may pay off part or all of your loan after you pay interest"
    ($1,000 steps, or all)."""
    state = pay_day(2000, 2000)  # 2000 + 800 - 200 = 2600 cash, 1800 owed
    assert phase(state) == "repay" and state.current_player == 0
    assert texts(state) == {"repay 1000", "repay all", "keep loan"}
    act(state, "repay 1000")
    assert (state.cash[0], state.loan[0]) == (1600, 800)
    assert texts(state) == {"repay all", "keep loan"}
    act(state, "repay all")
    assert (state.cash[0], state.loan[0]) == (800, 0)
    assert state.pos[0] == 0 and state.current_player == 1
    assert [e["amount"] for e in events(state, "repay")] == [1000, 800]


def test_keeping_the_loan() -> None:
    """seed 002 "PAY DAY!": "You may pay off ..." (a choice)."""
    state = pay_day(2000, 2000)
    act(state, "keep loan")
    assert (state.cash[0], state.loan[0]) == (2600, 1800)
    assert state.pos[0] == 0 and state.current_player == 1


def test_repaying_needs_the_cash() -> None:
    """seed 002 "PAY DAY!" (repaying is paying: only with the cash; no loan to repay a loan)."""
    state = pay_day(0, 3000)  # 800 - 300 = 500 cash, 2700 owed
    assert phase(state) == "start" and state.current_player == 1  # nothing to choose
    assert state.loan[0] == 2700 and state.cash[0] == 500


def test_a_wrong_repay_is_refused_and_changes_nothing() -> None:
    """seed 002 "PAY DAY!": repay in the loan pad's $1,000 steps or all."""
    state = pay_day(600, 2000)  # 1200 cash, 1800 owed: "repay 1000" only, not all
    assert texts(state) == {"repay 1000", "keep loan"}
    refused(state, "repay all")
    refused(state, "roll")
