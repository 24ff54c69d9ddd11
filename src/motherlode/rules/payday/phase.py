"""Whose decision it is (`Phase`) and the kinds of work a turn puts on its stack (`turn.py`)."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    START = 0  # the turn's player: roll, roll both, or play an Event card
    REROLL = 1  # the PAY DAY die shows Reroll: reroll or keep
    ORDER = 2  # the PAY DAY die shows Buyer or Bargain: move first or die first
    STEPS = 3  # +3 or an extra move: how far to move
    CHOOSE = 4  # two Bargains drawn at once: which one
    BARGAIN = 5  # the drawer: buy or auction a plain Bargain; bid or announce an auction one
    AUCTION = 6  # a bidder: bid or pass
    SELL = 7  # at a Buyer: which Bargain (and Markup)
    HIT = 8  # another seat: play a Market Hit against the sale, or not
    ANSWER = 9  # the seller: Not Today! against the Market Hits, or allow them
    CANCEL = 10  # another seat: Not Today! against the Event card (or Not Today!) just played
    MAIL = 11  # buy or discard an insurance or markup
    JOIN = 12  # the Lottery: pick a number or stay out
    DOUBLE = 13  # the Lottery: double down or drop out
    REPAY = 14  # after the interest at PAY DAY: repay or keep the loan
    PROTECT = 15  # a seat other than the seller: Not Today! against one Market Hit, or allow
    OWE = 16  # a payment more than the payer's cash: play an Event card for money, or borrow
    OVER = 17
    COLLECT = 18  # someone landed on the Lottery: play a collect-from-each card before the stakes


PHASE_NAMES = tuple(p.name.lower() for p in Phase)

#: What is decided in each phase, in words for people (the front door's `DESCRIPTION.phases`).
PHASE_MEANINGS = {
    Phase.START: "start of the turn: roll, roll both dice, or play an Event card",
    Phase.REROLL: "the PAY DAY die shows Reroll: roll the numbered die again, or keep it",
    Phase.ORDER: "move first, or use the PAY DAY die first",
    Phase.STEPS: "how many spaces to move (or play an extra-move card first)",
    Phase.CHOOSE: "two Bargains drawn: which one to keep",
    Phase.BARGAIN: "the Bargain drawn: buy or auction it (an Auction Bargain: bid or announce)",
    Phase.AUCTION: "an auction: bid or pass",
    Phase.SELL: "a Buyer: which Bargain to sell (and with which Markup)",
    Phase.HIT: "a sale: play a Market Hit against it, or not",
    Phase.ANSWER: "Market Hits against the sale: Not Today!, or allow them",
    Phase.CANCEL: "an Event card, a Not Today! against it or against Market Hits: Not Today!, "
                  "or allow it",
    Phase.MAIL: "Mail: buy or discard the card offered",
    Phase.JOIN: "the Lottery: pick a number (the stake; short of it, an Event card) or stay out",
    Phase.DOUBLE: "the Lottery: double down or drop out",
    Phase.REPAY: "PAY DAY: repay some of the loan, or keep it",
    Phase.PROTECT: "Market Hits against another's sale: Not Today! against one, or allow them",
    Phase.OWE: "a payment more than the cash: play an Event card for money, or take a loan",
    Phase.OVER: "game over",
    Phase.COLLECT: "someone landed on the Lottery: play a collect card before the stakes, or pass",
}

# tasks on a turn's stack: (kind, seat[, argument])
MOVE = 0  # move the turn's player by the roll
SPACE = 1  # carry out the space at day `argument` for `seat`
FACE = 2  # the PAY DAY die's Buyer or Bargain (unless used up on landing)
DRAW = 3  # `seat` draws `argument` Bargain cards
SELL = 4  # `seat` sells a Bargain, if it has one
SALARY = 5  # Daylight Savings: `seat`, on START, receives its PAY DAY salary again
PAY = 6  # (PAY, seat, amount, to, closed): a payment `seat` is short of cash for (`owing.py`)
INTEREST = 7  # (INTEREST, seat, bills, insured, closed): PAY DAY's 10%, then the month's end
MAIL = 8  # (MAIL, seat): offer `seat` the next Mail card drawn, once what it bought is paid
LOTTERY = 9  # (LOTTERY, seat, double): the Lottery asks on (after a card or the collect window)
COLLECT = 10  # (COLLECT, seat): before the Lottery's stakes, offer `seat` its collect cards
