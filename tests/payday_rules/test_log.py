"""Pay Day's log (log.py): the sentence of every kind of event, who sees it, its JSON form, and
the events the rules write in seeded games.

Seed 002: every log entry is public (a secret card is never written into the log), so every seat
sees every event whole.
"""

from __future__ import annotations

import json
import random

import pytest

from motherlode.engine.events import looks_like_repr
from motherlode.rules.payday import log
from motherlode.rules.payday.log import KINDS, PayDayEvent

from .scenario import loaded

# One event of each kind and the sentence a player reads (the seat's name is the face's).
SENTENCES: list[tuple[PayDayEvent, str]] = [
    (log.TurnBegun(1), "begins a turn"),
    (log.Rolled(2, 4, "buyer"), "rolls 4 and the PAY DAY die shows Buyer"),
    (log.Rolled(2, 3, None), "rolls 3"),
    (log.Rerolled(2, 5), "rerolls the numbered die: 5"),
    (log.FreeBargain(1, "toaster", "Toaster"), "is dealt the Toaster as a free Bargain"),
    (log.JackpotTaken(0, 1200), "rolls the Jackpot's number and takes the Jackpot: $1,200"),
    (log.Moved(0, 10, "day 10 (Buyer)"), "moves to day 10 (Buyer)"),
    (log.Moved(0, 32, "PAY DAY"), "moves to PAY DAY"),
    (log.Ordered(0, "die first"), "uses the PAY DAY die first, then moves"),
    (log.Ordered(0, "move first"), "moves first, then uses the PAY DAY die"),
    (log.Borrowed(3, 2000), "takes a loan of $2,000"),
    (log.BargainDrawn(1, "toaster", "Toaster", 150, 250, 1),
     "draws the Toaster (cost $150, resale $250)"),
    (log.BargainDrawn(1, None, None, 0, 0, 1), "draws an Auction Bargain (face down)"),
    (log.BargainDrawn(1, None, None, 0, 0, 2), "draws two Bargains (face down) and keeps one"),
    (log.Bought(1, "toaster", "Toaster", 150), "buys the Toaster for $150"),
    (log.AuctionOpened(1, None, None, 800), "announces an Auction Bargain: minimum bid $800"),
    (log.AuctionOpened(1, None, None, 0), "auctions an Auction Bargain and opens the bidding"),
    (log.AuctionOpened(1, "toaster", "Toaster", 150),
     "puts the Toaster up for auction, bids from $150"),
    (log.BidMade(2, 860), "bids $860"),
    (log.Passed(3), "passes and leaves the auction"),
    (log.Won(1, "toaster", "Toaster", 260), "wins the Toaster for $260"),
    (log.Unsold(2, None, None),
     "gets no bid: the Auction Bargain (face down) goes to the bottom of the Bargain pile"),
    (log.Unsold(2, "toaster", "Toaster"),
     "gets no bid: the Toaster goes to the bottom of the Bargain pile"),
    (log.Offered(0, "toaster", "Toaster", "markup-1", 100),
     "offers the Toaster to the Buyer with a Markup +$100"),
    (log.Offered(0, "toaster", "Toaster", None, 0), "offers the Toaster to the Buyer"),
    (log.MarketHit(2, "market-hit-8", "Market Hit", 200),
     "plays Market Hit $200 against the sale"),
    (log.HitCancelled(3, "market-hit-8", "Market Hit", 200),
     "says Not Today! to Market Hit $200 against the sale"),
    (log.HitsCancelled(0), "says Not Today!: every Market Hit against the sale is cancelled"),
    (log.Sold(0, "toaster", "Toaster", 150), "sells the Toaster for $150"),
    (log.EventDrawn(3, "not-today-1", "Not Today!"), "draws the Event card Not Today!"),
    (log.Played(3, "extra-move-4", "Road Trip +3"), "plays Road Trip +3"),
    (log.Cancelled(1, "extra-move-4", "Road Trip +3"),
     "says Not Today!: Road Trip +3 is cancelled"),
    (log.NotTodayCancelled(0, 1, "extra-move-4", "Road Trip +3", True),
     "says Not Today! to seat 1's Not Today!: Road Trip +3 stands again"),
    (log.NotTodayCancelled(2, 0, "extra-move-4", "Road Trip +3", False),
     "says Not Today! to seat 0's Not Today!: Road Trip +3 is cancelled again"),
    (log.NotTodayCancelled(2, 0, "", "every Market Hit on the sale", True),
     "says Not Today! to seat 0's Not Today!: every Market Hit on the sale stands again"),
    (log.NotTodayCancelled(1, 3, "market-hit-8", "Market Hit $200", True),
     "says Not Today! to seat 3's Not Today!: Market Hit $200 stands again"),
    (log.MailDrawn(2, "bill-car-1", "a car bill of $100"), "gets mail: a car bill of $100"),
    (log.MailBought(2, "insurance-car-1", "car insurance for $200"),
     "buys car insurance for $200"),
    (log.LotteryStarted(0, 1000), "lands on the Lottery: the pot starts at $1,000"),
    (log.Picked(1, 4, 100), "picks number 4 in the Lottery for $100"),
    (log.LotteryRolled(None, 4, 1), "the Lottery roll is 4: seat 1 wins the pot"),
    (log.LotteryRolled(None, 2, None), "the Lottery roll is 2: no winner"),
    (log.LotteryRolled(None, 4, 1, 1300), "the Lottery roll is 4: seat 1 wins the pot, $1,300"),
    (log.LotteryOut(2, 200, True), "drops out of the Lottery rather than pay $200"),
    (log.LotteryOut(2, 400, False), "is out of the Lottery: cannot pay $400 without a loan, "
     "and the Lottery takes no loan money"),
    (log.LotteryOut(2, 100, True, True), "stays out of the Lottery rather than pay $100"),
    (log.LotteryOut(2, 100, False, True), "stays out of the Lottery: cannot pay $100 without a "
     "loan, and the Lottery takes no loan money"),
    (log.DoubledDown(1, 200), "doubles down in the Lottery: stakes $200"),
    (log.LotteryLost(None, 1300),
     "nobody is left in the Lottery: the $1,300 pot goes to the bank"),
    (log.Birthday(2, 300), "has a Happy Birthday: $300 in gifts from the others"),
    (log.YardSale(2, 5, "toaster", "Toaster", 500),
     "rolls 5 at the Yard Sale, pays $500 and takes the Toaster"),
    (log.DaylightSavings(3, True), "sets off Daylight Savings: every token steps back one space"),
    (log.DaylightSavings(3, False), "lands on Daylight Savings again this month: nothing happens"),
    (log.SalaryAgain(0, 800), "is on START at Daylight Savings: collects the $800 salary again"),
    (log.PayDayCollected(0, 800, 500, 300, 300),
     "PAY DAY: collects $800, pays $500 in bills ($300 more covered by insurance) and 10% of "
     "the loan: $300"),
    (log.PayDayCollected(1, 800, 0, 0, 0), "PAY DAY: collects $800, no bills to pay"),
    (log.Repaid(0, 1000), "repays $1,000 of the loan"),
    (log.Finished(1), "ends the last month: the token leaves the board"),
]


def test_every_kind_of_event_has_its_sentence() -> None:
    """A new kind of log entry fails here until it has a sentence."""
    assert {type(event) for event, _ in SENTENCES} == set(KINDS.values())
    for event, sentence in SENTENCES:
        assert event.text() == sentence, event.kind
        assert not looks_like_repr(sentence)


@pytest.mark.parametrize(("event", "sentence"), SENTENCES[:8])
def test_every_seat_sees_every_event_whole(event: PayDayEvent, sentence: str) -> None:
    """Nothing secret is logged (log.py): every seat and a spectator see the event itself."""
    for seat in (None, 0, 1, 2, 3):
        assert event.seen_by(seat) is event


def test_the_json_form_names_the_kind_the_fields_and_the_sentence() -> None:
    event = log.Won(1, "toaster", "Toaster", 260)
    assert event.to_json() == {"kind": "won", "seat": 1, "card": "toaster", "name": "Toaster",
                               "price": 260, "text": "wins the Toaster for $260"}
    for event, _ in SENTENCES:
        assert json.loads(json.dumps(event.to_json())) == event.to_json()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_games_log_only_known_kinds_with_clean_sentences(players: int) -> None:
    """Every entry the rules pack unpacks to one of the kinds, with a sentence free of Python
    values (engine/events.py: `looks_like_repr`)."""
    game = loaded(players)
    rng = random.Random(players)
    for seed in range(3):
        state = game.new_game(seed)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        for event in state.events():
            assert type(event) is KINDS[event.kind]
            assert event.text() and not looks_like_repr(event.text())
