"""Money and loans: paying with a loan when cash is short, PAY DAY's 10%, repaying.

Seed 002 "Loans": "You may take out a loan at any time to pay for anything EXCEPT the lottery
... in increments of $1,000"; "PAY DAY!": "If you don't have enough cash, you must take out an
additional loan AND THEN pay 10% interest on your new loan amount. You may pay off part or all
of your loan after you pay interest." Loans are taken when a payment is due and cash is short,
never ahead of need (docs/games/payday.md: a loan taken early would only sit as cash).

Before such a loan, the payer may play an Event card that brings money (seed "Event": "You may
play these at any time, on any player's turn"): `owe` puts the payment on the turn's stack when
the payer is short and holds one (`money_cards`), and `ask_owe` opens the window (phase OWE,
`events.owe_actions`: play a card, or `take loan`); a payment task whose window was closed by
`take loan` is made at once. The window is not opened where no card can change the payment.
"""

from __future__ import annotations

from .log import Borrowed
from .model import PayDayModel
from .phase import PAY, Phase

MONEY_EFFECTS = ("collect_bank", "collect_each")  # Event cards that bring cash at once


def money_cards(state: PayDayModel, seat: int) -> list[str]:
    """The Event cards that could cover a payment `seat` is short for: collect from the bank,
    collect from each player, and a Buyer while it holds a Bargain to sell."""
    event = state.game.event
    selling = bool(state.bargains[seat])
    return [card for card in state.event_cards[seat]
            if event[card].effect in MONEY_EFFECTS or (selling and event[card].effect == "buyer")]


def owe(state: PayDayModel, seat: int, amount: int, to: int = -1) -> None:
    """`seat` must pay `amount` (to the bank, or to the seat `to`): at once, or, short of cash
    with a card that brings money, as a task that first asks it (`pay_task`)."""
    if amount > state.cash[seat] and money_cards(state, seat):
        state.todo.append((PAY, seat, amount, to, 0))
    else:
        pay(state, seat, amount, to)


def ask_owe(state: PayDayModel, task: tuple[int, ...], seat: int, amount: int) -> bool:
    """Open the window for `task` (a payment of `amount` by `seat`, kept on the stack until it
    is made) if `seat` is short of cash and holds a card that brings money."""
    if task[-1] or amount <= state.cash[seat] or not money_cards(state, seat):
        return False
    state.todo.append(task)
    state.owing = (seat, amount)
    state.phase = Phase.OWE
    state.decider = seat
    return True


def pay_task(state: PayDayModel, task: tuple[int, ...]) -> None:
    """A payment put off by `owe`: the window again while still short, else paid."""
    _, seat, amount, to, _ = task
    if not ask_owe(state, task, seat, amount):
        pay(state, seat, amount, to)

def borrow(state: PayDayModel, seat: int, amount: int) -> None:
    """Take a loan of `amount` (a multiple of the loan step) for `seat`."""
    state.loan[seat] += amount
    state.cash[seat] += amount
    state.log.append((Borrowed, seat, amount))


def pay(state: PayDayModel, seat: int, amount: int, to: int = -1) -> None:
    """`seat` pays `amount` to the bank (`to` -1) or to the seat `to`, borrowing in $1,000
    steps first if its cash is short (seed "Loans", "Event": "you must take out a loan")."""
    short = amount - state.cash[seat]
    if short > 0:
        step = state.game.rules.loan_step
        borrow(state, seat, -(-short // step) * step)
    state.cash[seat] -= amount
    if to >= 0:
        state.cash[to] += amount


def interest_due(percent: int, loan: int) -> int:
    """10% of `loan`, rounded up to the next $10 ("at least 10%", seed "Loans"):
    $3,000 -> $300, $2,700 -> $270, $2,430 -> $250."""
    return -(-loan * percent // 1000) * 10


def pay_interest(state: PayDayModel, seat: int) -> int:
    """PAY DAY's 10% on the whole loan, borrowing first (and paying on the new amount) when cash
    is short; under `interest=payment` the payment lowers the loan. Returns what was paid."""
    rules = state.game.rules
    loan = state.loan[seat]
    if loan <= 0:
        return 0
    extra = 0
    while interest_due(rules.interest_percent, loan + extra) > state.cash[seat] + extra:
        extra += rules.loan_step
    if extra:
        borrow(state, seat, extra)
    due = interest_due(rules.interest_percent, state.loan[seat])
    state.cash[seat] -= due
    if state.game.interest_lowers_loan:
        state.loan[seat] -= due
    return due


def can_repay_step(state: PayDayModel, seat: int) -> bool:
    """`repay 1000`: at least $1,000 owed and in cash."""
    step = state.game.rules.loan_step
    return state.loan[seat] >= step and state.cash[seat] >= step


def can_repay_all(state: PayDayModel, seat: int) -> bool:
    """`repay all`: something owed and cash to pay all of it."""
    return 0 < state.loan[seat] <= state.cash[seat]


def repay(state: PayDayModel, seat: int, amount: int) -> None:
    state.cash[seat] -= amount
    state.loan[seat] -= amount
