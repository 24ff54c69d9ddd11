"""The shape of a Pay Day view (`view.view`), as TypedDicts a bot or a face reads typed.

The envelope (game, players, seat, current_player, phase, log, decision) is the engine's
`View`; `PayDayView` adds the table. Cards are named by their id; `cards` describes every card
in front of a player or on the table (drawn, auctioned, sold, hitting a sale, played, offered
by the Mail, known at the bottom of the pile), with its name, numbers and text from the data
the game was loaded with, and `board` the month's spaces, so that a face needs nothing but the
view. The discard piles are listed by id only (a face shows their sizes; `glossary` names
every card of the box).
"""

from __future__ import annotations

from typing import TypedDict, TypeGuard

from motherlode.engine import View
from motherlode.engine.scoresheet import ScoreSheet


class SeatView(TypedDict):
    """A player's token, money and the cards in front of it (all face up)."""

    day: int | None  # None once finished (the token is off the board)
    month: int  # months finished
    finished: bool
    cash: int
    loan: int
    daylight_savings: int  # times it set off Daylight Savings this month
    bargains: list[str]
    markups: list[str]
    insurance: list[str]
    bills: list[str]
    events: list[str]


class AuctionView(TypedDict):
    min_bid: int | None
    high: int | None
    high_bidder: int | None
    bidders: list[int]  # still bidding, the next first


class BargainView(TypedDict):
    """The Bargain(s) drawn (a card the seat may not see: None) or being auctioned."""

    drawer: int
    cards: list[str | None]
    min_bid: int | None  # a minimum everyone knows (an unsold Auction Bargain come back)
    auction: AuctionView | None


class HitView(TypedDict):
    seat: int
    card: str


class SaleView(TypedDict):
    """The sale and its Market Hits; `not_today`: the seats that played a Not Today! chain over
    the hits, in order (each cancels the one before), the first against the hit `against`, or
    against every hit when `against` is None (the seller's)."""

    seller: int
    bargain: str
    markup: str | None
    hits: list[HitView]
    not_today: list[int]
    against: str | None


class PlayedView(TypedDict):
    """The Event card played (`card`, by `seat`) and the seats that answered it with Not Today!,
    in order (each cancels the one before: the card stands while their number is even)."""

    seat: int
    card: str
    not_today: list[int]


class OwingView(TypedDict):
    """A payment `seat` is short of cash for, asked before the loan (phase `owe`)."""

    seat: int
    amount: int


LotteryView = TypedDict(
    "LotteryView",
    {"pot": int, "numbers": list[int], "stakes": list[int], "in": list[int]},
)
"""The Lottery under way: the pot, each seat's number and stake (0: none), the seats in."""


class KnownCard(TypedDict):
    """A card the seat knows at the bottom of the Bargain pile, by place from the bottom (an
    unsold Auction Bargain unseen: `card` None, its announced `min_bid`)."""

    from_bottom: int
    card: str | None
    min_bid: int | None


class Decks(TypedDict):
    bargain: int
    mail: int
    event: int


class Discards(TypedDict):
    bargain: list[str]
    mail: list[str]
    event: list[str]


class CardView(TypedDict):
    """A card as printed: `deck` bargain/mail/event; `kind` plain/auction, bill/insurance/
    markup, or an Event card's effect; the numbers it has (0 where it has none); `label` a
    short name (`Market Hit $200`, `car bill $300`); `text` what it is and does."""

    name: str
    label: str
    deck: str
    kind: str
    text: str
    cost: int
    resale: int
    min_bid: int
    amount: int
    value: int
    type: str


class SpaceView(TypedDict):
    """A space of the month: START (day 0), the days, PAY DAY (the last)."""

    day: int
    kind: str
    label: str  # `Mail 2`, `Buyer`, `PAY DAY`
    weekday: str  # "" for PAY DAY
    mail: int


class PayDayView(View):
    months: int
    turn: int  # whose turn it is
    jackpot: int
    roll: int | None
    die: str | None  # the PAY DAY die's face this turn
    extra_steps: int
    die_to_do: str | None  # the die's Buyer or Bargain still to do
    decks: Decks
    yard_sale: bool  # a card lies under the Yard Sale space
    discards: Discards
    seats: list[SeatView]
    bargain: BargainView | None
    sale: SaleView | None
    played: PlayedView | None
    owing: OwingView | None
    asking: list[int]  # the seats still to answer in a window
    mail_offer: list[str]
    lottery: LotteryView | None
    known_bargain_pile: list[KnownCard]
    scores: list[float] | None  # at the end
    cards: dict[str, CardView]  # the cards in hands and on the table (not the discards)
    board: list[SpaceView]
    score_sheet: ScoreSheet | None  # at the end


def is_payday_view(view: View) -> TypeGuard[PayDayView]:
    """Whether `view` is a Pay Day view."""
    return view["game"] == "payday"
