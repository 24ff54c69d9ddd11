"""Pay Day's log: one event class per kind of entry, with the sentence a player reads.

Seed 002. Every entry is public: what the rules keep secret (an Auction Bargain's card while it
is dealt with, two Bargains drawn at once, the card under the Yard Sale, the decks' order) is
never written into the log, so `seen_by` gives every seat the event itself (the base class's
answer, stated once here in `PayDayEvent`). A card is named by its id (`card`) and, for the
sentence, by its name (`name`) as the game's loaded data prints it; money is in dollars.

The rules write each entry packed, `(EventClass, seat, field, ...)` in field order
(engine/events.py); `KINDS` maps each event's `kind` back to its class (for `truth.restore`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from motherlode.engine import Event
from motherlode.engine.events import money

from .components import DIE_FACES


def _the(name: str | None, hidden: str = "a face-down card") -> str:
    return f"the {name}" if name else hidden


@dataclass(frozen=True, slots=True)
class PayDayEvent(Event):
    """A Pay Day log entry. Every field is public (see the module): every seat sees it all."""

    def seen_by(self, seat: int | None) -> Event | None:
        return self


@dataclass(frozen=True, slots=True)
class FreeBargain(PayDayEvent):
    """Set-up: "Each player draws one Bargain card ... it's free!"."""

    card: str
    name: str
    kind: ClassVar[str] = "free-bargain"

    def text(self) -> str:
        return f"is dealt {_the(self.name)} as a free Bargain"


@dataclass(frozen=True, slots=True)
class TurnBegun(PayDayEvent):
    kind: ClassVar[str] = "turn"

    def text(self) -> str:
        return "begins a turn"


@dataclass(frozen=True, slots=True)
class Rolled(PayDayEvent):
    """The numbered die, and the PAY DAY die's face (`die`, None if only one die)."""

    roll: int
    die: str | None
    kind: ClassVar[str] = "roll"

    def text(self) -> str:
        if self.die:
            face = DIE_FACES.get(self.die, self.die)
            return f"rolls {self.roll} and the PAY DAY die shows {face}"
        return f"rolls {self.roll}"


@dataclass(frozen=True, slots=True)
class Rerolled(PayDayEvent):
    roll: int
    kind: ClassVar[str] = "reroll"

    def text(self) -> str:
        return f"rerolls the numbered die: {self.roll}"


@dataclass(frozen=True, slots=True)
class JackpotTaken(PayDayEvent):
    amount: int
    kind: ClassVar[str] = "jackpot"

    def text(self) -> str:
        return f"rolls the Jackpot's number and takes the Jackpot: {money(self.amount)}"


@dataclass(frozen=True, slots=True)
class Moved(PayDayEvent):
    """The token's new day and that space in words (`day 10 (Buyer)`, `PAY DAY`)."""

    day: int
    space: str
    kind: ClassVar[str] = "move"

    def text(self) -> str:
        return f"moves to {self.space}"


@dataclass(frozen=True, slots=True)
class Ordered(PayDayEvent):
    """The PAY DAY die's Buyer or Bargain: `move first` or `die first`."""

    choice: str
    kind: ClassVar[str] = "order"

    def text(self) -> str:
        if self.choice == "move first":
            return "moves first, then uses the PAY DAY die"
        return "uses the PAY DAY die first, then moves"


@dataclass(frozen=True, slots=True)
class Borrowed(PayDayEvent):
    amount: int
    kind: ClassVar[str] = "loan"

    def text(self) -> str:
        return f"takes a loan of {money(self.amount)}"


@dataclass(frozen=True, slots=True)
class BargainDrawn(PayDayEvent):
    """A Bargain drawn: a plain one face up (`card`, `name`, `cost`, `resale`); an Auction
    Bargain or two drawn at once face down (None, 0)."""

    card: str | None
    name: str | None
    cost: int
    resale: int
    count: int
    kind: ClassVar[str] = "bargain"

    def text(self) -> str:
        if self.count == 2:
            return "draws two Bargains (face down) and keeps one"
        if not self.name:
            return "draws an Auction Bargain (face down)"
        return (f"draws the {self.name} (cost {money(self.cost)}, resale "
                f"{money(self.resale)})")


@dataclass(frozen=True, slots=True)
class Bought(PayDayEvent):
    card: str
    name: str
    price: int
    kind: ClassVar[str] = "buy"

    def text(self) -> str:
        return f"buys the {self.name} for {money(self.price)}"


@dataclass(frozen=True, slots=True)
class AuctionOpened(PayDayEvent):
    """An auction opens: a plain Bargain at its cost (`card` named), an Auction Bargain with
    its minimum announced (`card` None), or one the drawer opens with a bid (`min_bid` 0)."""

    card: str | None
    name: str | None
    min_bid: int
    kind: ClassVar[str] = "auction"

    def text(self) -> str:
        if self.name:
            return f"puts the {self.name} up for auction, bids from {money(self.min_bid)}"
        if self.min_bid:
            return f"announces an Auction Bargain: minimum bid {money(self.min_bid)}"
        return "auctions an Auction Bargain and opens the bidding"


@dataclass(frozen=True, slots=True)
class BidMade(PayDayEvent):
    amount: int
    kind: ClassVar[str] = "bid"

    def text(self) -> str:
        return f"bids {money(self.amount)}"


@dataclass(frozen=True, slots=True)
class Passed(PayDayEvent):
    kind: ClassVar[str] = "pass"

    def text(self) -> str:
        return "passes and leaves the auction"


@dataclass(frozen=True, slots=True)
class Won(PayDayEvent):
    card: str
    name: str
    price: int
    kind: ClassVar[str] = "won"

    def text(self) -> str:
        return f"wins the {self.name} for {money(self.price)}"


@dataclass(frozen=True, slots=True)
class Unsold(PayDayEvent):
    """Nobody bid: the card (None if it was an Auction Bargain) goes to the bottom."""

    card: str | None
    name: str | None
    kind: ClassVar[str] = "unsold"

    def text(self) -> str:
        what = _the(self.name, "the Auction Bargain (face down)")
        return f"gets no bid: {what} goes to the bottom of the Bargain pile"


@dataclass(frozen=True, slots=True)
class Offered(PayDayEvent):
    """A Bargain offered to a Buyer, with a Markup (`markup`, its `value`) or not (None, 0)."""

    card: str
    name: str
    markup: str | None
    value: int
    kind: ClassVar[str] = "sell"

    def text(self) -> str:
        text = f"offers the {self.name} to the Buyer"
        if self.markup:
            text += f" with a Markup {money(self.value, sign=True)}"
        return text


@dataclass(frozen=True, slots=True)
class MarketHit(PayDayEvent):
    """A Market Hit (`name`, lowering the sale by `value`) played against the sale."""

    card: str
    name: str
    value: int
    kind: ClassVar[str] = "hit"

    def text(self) -> str:
        return f"plays {self.name} {money(self.value)} against the sale"


@dataclass(frozen=True, slots=True)
class HitsCancelled(PayDayEvent):
    """The seller's Not Today! cancels every Market Hit against its sale."""

    kind: ClassVar[str] = "cancel-hits"

    def text(self) -> str:
        return "says Not Today!: every Market Hit against the sale is cancelled"


@dataclass(frozen=True, slots=True)
class HitCancelled(PayDayEvent):
    """Another seat's Not Today! cancels one Market Hit against the sale."""

    card: str
    name: str
    value: int
    kind: ClassVar[str] = "cancel-hit"

    def text(self) -> str:
        return f"says Not Today! to {self.name} {money(self.value)} against the sale"


@dataclass(frozen=True, slots=True)
class Sold(PayDayEvent):
    card: str
    name: str
    price: int
    kind: ClassVar[str] = "sold"

    def text(self) -> str:
        return f"sells the {self.name} for {money(self.price)}"


@dataclass(frozen=True, slots=True)
class EventDrawn(PayDayEvent):
    """An Event card drawn on an Event space (`name`: its name and amount, `Market Hit $200`)."""

    card: str
    name: str
    kind: ClassVar[str] = "event"

    def text(self) -> str:
        return f"draws the Event card {self.name}"


@dataclass(frozen=True, slots=True)
class Played(PayDayEvent):
    card: str
    name: str
    kind: ClassVar[str] = "play"

    def text(self) -> str:
        return f"plays {self.name}"


@dataclass(frozen=True, slots=True)
class Cancelled(PayDayEvent):
    """A Not Today! cancels the Event card just played."""

    card: str
    name: str
    kind: ClassVar[str] = "cancel"

    def text(self) -> str:
        return f"says Not Today!: {self.name} is cancelled"


@dataclass(frozen=True, slots=True)
class NotTodayCancelled(PayDayEvent):
    """A Not Today! cancels the Not Today! seat `against` just played in answer to the Event
    card `card` (`name`): the card stands again (`stands`) or is cancelled again. In a sale the
    card is the Market Hit another seat's Not Today! cancelled, or "" ("every Market Hit on
    the sale") for the seller's."""

    against: int
    card: str
    name: str
    stands: bool
    kind: ClassVar[str] = "cancel-not-today"

    def text(self) -> str:
        outcome = "stands again" if self.stands else "is cancelled again"
        return f"says Not Today! to seat {self.against}'s Not Today!: {self.name} {outcome}"


@dataclass(frozen=True, slots=True)
class MailDrawn(PayDayEvent):
    """A Mail card drawn (`what`: `a car bill of $100`)."""

    card: str
    what: str
    kind: ClassVar[str] = "mail"

    def text(self) -> str:
        return f"gets mail: {self.what}"


@dataclass(frozen=True, slots=True)
class MailBought(PayDayEvent):
    """An insurance or a Markup bought from the Mail (`what`: `car insurance for $200`)."""

    card: str
    what: str
    kind: ClassVar[str] = "mail-buy"

    def text(self) -> str:
        return f"buys {self.what}"


@dataclass(frozen=True, slots=True)
class LotteryStarted(PayDayEvent):
    prize: int
    kind: ClassVar[str] = "lottery"

    def text(self) -> str:
        return f"lands on the Lottery: the pot starts at {money(self.prize)}"


@dataclass(frozen=True, slots=True)
class Picked(PayDayEvent):
    number: int
    stake: int
    kind: ClassVar[str] = "pick"

    def text(self) -> str:
        return f"picks number {self.number} in the Lottery for {money(self.stake)}"


@dataclass(frozen=True, slots=True)
class LotteryRolled(PayDayEvent):
    """The table rolls for the Lottery (`seat` None); `winner` the seat whose number came up."""

    roll: int
    winner: int | None
    pot: int = 0
    kind: ClassVar[str] = "lottery-roll"

    def text(self) -> str:
        if self.winner is None:
            return f"the Lottery roll is {self.roll}: no winner"
        won = f", {money(self.pot)}" if self.pot else ""
        return f"the Lottery roll is {self.roll}: seat {self.winner} wins the pot{won}"


@dataclass(frozen=True, slots=True)
class DoubledDown(PayDayEvent):
    stake: int
    kind: ClassVar[str] = "double-down"

    def text(self) -> str:
        return f"doubles down in the Lottery: stakes {money(self.stake)}"


@dataclass(frozen=True, slots=True)
class LotteryOut(PayDayEvent):
    """A seat leaves the Lottery, or stays out of it: `stake` what it would have had to pay,
    `chose` False when it could not pay it without a loan (seed 002 "You may NOT take out a
    loan to participate"), `first` True when it stays out of the first roll (never joined)."""

    stake: int
    chose: bool
    first: bool = False
    kind: ClassVar[str] = "lottery-out"

    def text(self) -> str:
        out = "stays out of the Lottery" if self.first else "drops out of the Lottery"
        if self.chose:
            return f"{out} rather than pay {money(self.stake)}"
        out = "stays out of the Lottery" if self.first else "is out of the Lottery"
        return (f"{out}: cannot pay {money(self.stake)} without a loan, and the Lottery takes "
                "no loan money")


@dataclass(frozen=True, slots=True)
class LotteryLost(PayDayEvent):
    """Every investor passed (or nobody joined): the pot goes to the bank (`seat` None)."""

    pot: int
    kind: ClassVar[str] = "lottery-lost"

    def text(self) -> str:
        return f"nobody is left in the Lottery: the {money(self.pot)} pot goes to the bank"


@dataclass(frozen=True, slots=True)
class Birthday(PayDayEvent):
    amount: int
    kind: ClassVar[str] = "birthday"

    def text(self) -> str:
        return f"has a Happy Birthday: {money(self.amount)} in gifts from the others"


@dataclass(frozen=True, slots=True)
class YardSale(PayDayEvent):
    roll: int
    card: str
    name: str
    paid: int
    kind: ClassVar[str] = "yard-sale"

    def text(self) -> str:
        return (f"rolls {self.roll} at the Yard Sale, pays {money(self.paid)} and takes "
                f"the {self.name}")


@dataclass(frozen=True, slots=True)
class DaylightSavings(PayDayEvent):
    """Daylight Savings set off (`taken`), or landed on again this month (nothing happens)."""

    taken: bool
    kind: ClassVar[str] = "daylight-savings"

    def text(self) -> str:
        if self.taken:
            return "sets off Daylight Savings: every token steps back one space"
        return "lands on Daylight Savings again this month: nothing happens"


@dataclass(frozen=True, slots=True)
class SalaryAgain(PayDayEvent):
    amount: int
    kind: ClassVar[str] = "salary"

    def text(self) -> str:
        return f"is on START at Daylight Savings: collects the {money(self.amount)} salary again"


@dataclass(frozen=True, slots=True)
class PayDayCollected(PayDayEvent):
    """PAY DAY: the salary in, the bills paid and those insured, the 10% of the loan."""

    salary: int
    bills: int
    insured: int
    interest: int
    kind: ClassVar[str] = "pay-day"

    def text(self) -> str:
        text = f"PAY DAY: collects {money(self.salary)}"
        text += f", pays {money(self.bills)} in bills" if self.bills else ", no bills to pay"
        if self.insured:
            text += f" ({money(self.insured)} more covered by insurance)"
        if self.interest:
            text += f" and 10% of the loan: {money(self.interest)}"
        return text


@dataclass(frozen=True, slots=True)
class Repaid(PayDayEvent):
    amount: int
    kind: ClassVar[str] = "repay"

    def text(self) -> str:
        return f"repays {money(self.amount)} of the loan"


@dataclass(frozen=True, slots=True)
class Finished(PayDayEvent):
    kind: ClassVar[str] = "finish"

    def text(self) -> str:
        return "ends the last month: the token leaves the board"


EVENTS: tuple[type[PayDayEvent], ...] = (
    FreeBargain, TurnBegun, Rolled, Rerolled, JackpotTaken, Moved, Ordered, Borrowed,
    BargainDrawn, Bought, AuctionOpened, BidMade, Passed, Won, Unsold, Offered, MarketHit,
    HitsCancelled, HitCancelled, Sold, EventDrawn, Played, Cancelled, MailDrawn, MailBought,
    LotteryStarted, Picked, LotteryRolled, DoubledDown, LotteryOut, LotteryLost, Birthday,
    YardSale, DaylightSavings, SalaryAgain, PayDayCollected, Repaid, Finished,
    NotTodayCancelled)
KINDS: dict[str, type[PayDayEvent]] = {cls.kind: cls for cls in EVENTS}
