"""The board's spaces, carried out for the seat that lands (or steps back) on them.

Seed 002 "The Board Spaces": Bargain, Buyer, Mail (Bills, Insurance, Markups), Event, Lottery,
Happy Birthday!, Yard Sale, Daylight Savings, and "PAY DAY!" with "Is it the final month?".
"""

from __future__ import annotations

from motherlode.engine import Action

from . import events, lottery
from .actions import KEEP_LOAN, REPAY_ALL, REPAY_STEP, Buy
from .bargains import top_card
from .components import Bill, Insurance
from .loans import (
    ask_owe,
    can_repay_all,
    can_repay_step,
    interest_due,
    owe,
    pay_interest,
    repay,
)
from .log import (
    Birthday,
    DaylightSavings,
    Finished,
    MailBought,
    MailDrawn,
    PayDayCollected,
    Repaid,
    SalaryAgain,
    YardSale,
)
from .model import PayDayModel
from .phase import DRAW, INTEREST, MAIL, SALARY, SELL, SPACE, Phase
from .piles import take_top


def carry_out(state: PayDayModel, seat: int, day: int) -> None:
    """The space at `day` for `seat`."""
    space = state.game.board[day]
    kind = space.kind
    if kind == "bargain":
        if state.die_todo == "bargain" and seat == state.player:
            state.die_todo = ""  # seed "Pay Day Die": "Draw two, choose which to buy"
            state.todo.append((DRAW, seat, 2))
        else:
            state.todo.append((DRAW, seat, 1))
    elif kind == "buyer":
        state.todo.append((SELL, seat))
    elif kind == "mail":
        _mail(state, seat, space.mail)
    elif kind == "event":
        events.draw(state, seat)
    elif kind == "lottery":
        lottery.start(state, seat)
    elif kind == "happy_birthday":
        _birthday(state, seat)
    elif kind == "yard_sale":
        _yard_sale(state, seat)
    elif kind == "daylight_savings":
        _daylight_savings(state, seat)
    elif kind == "pay_day":
        _pay_day(state, seat)


# --- Mail --------------------------------------------------------------------------------------

def _mail(state: PayDayModel, seat: int, count: int) -> None:
    """Draw `count` Mail cards: Bills are kept until PAY DAY; Insurance and Markups are offered."""
    offered = []
    for _ in range(count):
        card = take_top(state, state.mail_deck, state.mail_discard)
        if not card:
            break
        state.log.append((MailDrawn, seat, card, state.game.mail_words[card]))
        if isinstance(state.game.mail[card], Bill):
            state.bills[seat].append(card)
        else:
            offered.append(card)
    state.mail_pending = offered
    next_offer(state, seat)


def next_offer(state: PayDayModel, seat: int) -> None:
    """Offer `seat` the next Mail card drawn, if any is left."""
    if state.mail_pending:
        state.phase = Phase.MAIL
        state.decider = seat


def mail_actions(state: PayDayModel) -> list[Action]:
    card = state.mail_pending[0]
    space = state.game.space
    return [space.buy[card], space.discard[card]]


def mail_apply(state: PayDayModel, seat: int, action: Action) -> None:
    card_id = state.mail_pending.pop(0)
    card = state.game.mail[card_id]
    state.todo.append((MAIL, seat))  # the next offer, once this card is paid for
    if isinstance(action, Buy) and not isinstance(card, Bill):  # bills are never offered
        held = state.insurance if isinstance(card, Insurance) else state.markups
        held[seat].append(card_id)
        state.log.append((MailBought, seat, card_id, state.game.bought_words[card_id]))
        owe(state, seat, card.cost)
    else:
        state.mail_discard.append(card_id)


# --- Happy Birthday!, Yard Sale, Daylight Savings ----------------------------------------------

def _birthday(state: PayDayModel, seat: int) -> None:
    """"each player must give you $100 as a birthday gift!" (borrowing if short)."""
    gift = state.game.rules.birthday_gift
    givers = state.others_from(seat)
    for other in givers:
        owe(state, other, gift, to=seat)
    state.log.append((Birthday, seat, gift * len(givers)))


def _yard_sale(state: PayDayModel, seat: int) -> None:
    """"roll the die, and pay the bank $100 times your roll. Take the Bargain card under the Yard
    Sale space ... Draw a new Bargain, and place it facedown beneath the Yard Sale space."""
    card = state.yard_sale or top_card(state)  # none was left to put there last time
    if not card:  # every Bargain is in someone's hands: nothing to buy
        return
    roll = state.rng.randrange(1, 7)
    paid = roll * state.game.rules.yard_sale_per_pip
    state.bargains[seat].append(card)
    state.log.append((YardSale, seat, roll, card, state.game.names[card], paid))
    state.yard_sale = top_card(state)
    owe(state, seat, paid)


def _daylight_savings(state: PayDayModel, seat: int) -> None:
    """"If you land here, every player must move back one space and resolve the action of that
    space in turn order, starting with you. Any player that is on the START space stays there
    but receives their $800 PAY DAY again." On every landing (option `daylight_savings=once`:
    once a month per lander); designed: a seat sets it off at most `MAX_DAYLIGHT_SAVINGS`
    times a month (so every game ends), and stepping back onto it does not set it off."""
    if state.ds_used[seat] >= state.game.daylight_savings_limit:
        state.log.append((DaylightSavings, seat, False))
        return
    state.ds_used[seat] += 1
    state.log.append((DaylightSavings, seat, True))
    board = state.game.board
    tasks: list[tuple[int, ...]] = []
    for other in [seat, *state.others_from(seat)]:
        if state.pos[other] == 0:
            tasks.append((SALARY, other))
            continue
        state.pos[other] -= 1
        day = state.pos[other]
        if board[day].kind not in ("start", "daylight_savings"):
            tasks.append((SPACE, other, day))
    state.todo.extend(reversed(tasks))  # the lander's space on top


# --- PAY DAY! ----------------------------------------------------------------------------------

def salary_again(state: PayDayModel, seat: int) -> None:
    """Daylight Savings, for a seat on START: "receives their $800 PAY DAY again"."""
    salary = state.game.rules.salary
    state.cash[seat] += salary
    state.log.append((SalaryAgain, seat, salary))


def _pay_day(state: PayDayModel, seat: int) -> None:
    """Collect $800; pay the bills not insured (`interest_task`: then 10% of the loan; repay if
    wished; back to START, or off the board after the final month)."""
    game = state.game
    state.cash[seat] += game.rules.salary
    insured = {cover.type for card in state.insurance[seat]
               if isinstance(cover := game.mail[card], Insurance)}
    paid = covered = 0
    for card_id in state.bills[seat]:
        bill = game.mail[card_id]
        assert isinstance(bill, Bill)
        if bill.type in insured:
            covered += bill.amount
        else:
            paid += bill.amount
    state.mail_discard.extend(state.bills[seat])
    state.bills[seat] = []
    state.todo.append((INTEREST, seat, paid, covered, 0))
    if paid:
        owe(state, seat, paid)


def interest_task(state: PayDayModel, task: tuple[int, ...]) -> None:
    """PAY DAY once the bills are paid: the 10% of the loan (the window first if cash is short
    for it), the log's entry, then the repayment or the end of the game for the seat."""
    _, seat, paid, covered, _ = task
    game = state.game
    if ask_owe(state, task, seat, interest_due(game.rules.interest_percent, state.loan[seat])):
        return
    interest = pay_interest(state, seat)
    state.log.append((PayDayCollected, seat, game.rules.salary, paid, covered, interest))
    state.month[seat] += 1
    if state.month[seat] >= game.months:
        _finish(state, seat)
        return
    _offer_repay(state, seat)


def _offer_repay(state: PayDayModel, seat: int) -> None:
    if can_repay_step(state, seat) or can_repay_all(state, seat):
        state.phase = Phase.REPAY
        state.decider = seat
    else:
        _back_to_start(state, seat)


def repay_actions(state: PayDayModel) -> list[Action]:
    seat = state.decider
    actions: list[Action] = []
    if can_repay_step(state, seat):
        actions.append(REPAY_STEP)
    if can_repay_all(state, seat):
        actions.append(REPAY_ALL)
    actions.append(KEEP_LOAN)
    return actions


def repay_apply(state: PayDayModel, seat: int, action: Action) -> None:
    if action == KEEP_LOAN:
        _back_to_start(state, seat)
        return
    amount = state.loan[seat] if action == REPAY_ALL else state.game.rules.loan_step
    repay(state, seat, amount)
    state.log.append((Repaid, seat, amount))
    _offer_repay(state, seat)


def _back_to_start(state: PayDayModel, seat: int) -> None:
    state.pos[seat] = 0
    state.ds_used[seat] = 0


def _finish(state: PayDayModel, seat: int) -> None:
    """"Remove your token from the board. Place any cards you have in the appropriate discard
    piles." (The bills were just paid.)"""
    state.bargain_discard.extend(state.bargains[seat])
    state.mail_discard.extend(state.insurance[seat])
    state.mail_discard.extend(state.markups[seat])
    state.event_discard.extend(state.event_cards[seat])
    for held in (state.bargains, state.insurance, state.markups, state.event_cards):
        held[seat] = []
    state.log.append((Finished, seat))
