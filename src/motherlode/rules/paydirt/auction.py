"""1) Auction (seed 000 "1) Auction"; seed 001 I 01-03; notes AU-1..AU-10, D4-D8).

A pick: the picker chooses a face-up equipment, specialist or claim (not of the type just
sold, not above their cash) and opens with a bid of at least its minimum, or declines. Then,
clockwise, the others raise in $1,000 steps or pass until only the high bidder is left.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from motherlode.engine import Action
from motherlode.engine.events import money

from . import purchases, specialists
from .components import Components
from .held_cards import may_bid
from .log import BidMade, Bought, Declined, Passed, Picked
from .phase import Phase
from .records import Auction

if TYPE_CHECKING:
    from .box import PayDirtBox
    from .model import PayDirtModel

THOUSAND = 1_000
BID_CAP = 60  # D4: bids are written in thousands up to $60,000 (the fixed action space)
KINDS = ("equipment", "specialist", "claim")


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Choose a face-up tile to auction (then open the bidding on it)."""

    item: str

    def __str__(self) -> str:
        return f"pick {self.item}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Decline the right to start the next auction."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Offer `thousands` x $1,000 for the tile on auction (the picker's first bid opens it)."""

    thousands: int

    def __str__(self) -> str:
        return f"bid {self.thousands}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: out of this auction."""

    def __str__(self) -> str:
        return "pass"


def actions(parts: Components) -> list[Action]:
    """Every auction action: a pick per auction tile, decline, bids 1..BID_CAP, pass."""
    tiles = [t.id for t in parts.equipment] + [t.id for t in parts.specialists]
    tiles += [t.id for t in parts.claims]
    return [
        *(Pick(t) for t in tiles),
        Decline(),
        *(Bid(k) for k in range(1, BID_CAP + 1)),
        Pass(),
    ]


def begin(state: PayDirtModel) -> None:
    """A new Auction phase: nothing sold, no type blocked; the first player picks first."""
    state.phase = Phase.AUCTION
    state.auction = Auction(0, "", [False] * state.game.num_players)
    next_pick(state)


def displays(state: PayDirtModel) -> dict[str, list[str]]:
    return {
        "equipment": state.equipment_display,
        "specialist": state.specialist_display,
        "claim": state.claim_display,
    }


def price(state: PayDirtModel, kind: str, item: str) -> int:
    """The tile's minimum price (a discount specialist lowers what is paid after winning, not
    the minimum: `specialists.price_paid`)."""
    game = state.game
    if kind == "equipment":
        return game.equipment_by_id[item].price
    if kind == "specialist":
        return game.specialist_by_id[item].price
    return game.claim_by_id[item].price


def pickable(state: PayDirtModel, seat: int) -> list[tuple[str, str]]:
    """(type, tile) the seat may pick: face up, not the type just sold, minimum within cash."""
    cash = state.boards[seat].cash
    blocked = state.auction.blocked if state.auction else ""
    blocked = "" if blocked and specialists.picks_blocked(state, seat) else blocked
    return [
        (kind, item)
        for kind, shown in displays(state).items()
        if kind != blocked
        if may_bid(state, seat, kind)
        for item in shown
        if price(state, kind, item) <= min(cash, BID_CAP * THOUSAND)
    ]


def next_pick(state: PayDirtModel) -> None:
    """Whose pick it is now (D6), or the end of the Auction phase (D7)."""
    auction = state.auction
    n = state.game.num_players
    if auction is None:
        return
    auction.item = ""
    if auction.sold >= n:
        state.phase_over()
        return
    first = state.first_player
    order = ([first] if auction.sold == 0 else []) + [(first + i) % n for i in range(1, n + 1)]
    for seat in order:
        if not state.boards[seat].won and not auction.declined[seat] and pickable(state, seat):
            state.seat = seat
            return
    state.phase_over()


def legal(state: PayDirtModel) -> list[Action]:
    auction = state.auction
    if auction is None:
        return []
    if not auction.item:
        picks: list[Action] = [Pick(item) for _, item in pickable(state, state.seat)]
        return [*picks, Decline()]
    amounts, opening = _bid_range(state, auction)
    bids: list[Action] = [Bid(k) for k in amounts]
    return bids if opening else [*bids, Pass()]


def bid_ids(state: PayDirtModel, auction: Auction) -> list[int]:
    """The integers of `legal`'s bids (and pass) for the item on auction, without the bids."""
    amounts, opening = _bid_range(state, auction)
    bid_id, pass_id = _bid_ids(state.game)
    ids = [bid_id[k] for k in amounts]
    if not opening:
        ids.append(pass_id)
    return ids


def _bid_range(state: PayDirtModel, auction: Auction) -> tuple[range, bool]:
    """The bids the seat may make, in thousands, and whether none has been made yet (then no
    pass: the picker opens)."""
    cash = min(state.boards[state.seat].cash // THOUSAND, BID_CAP)
    opening = auction.high == 0
    low = -(-price(state, auction.kind, auction.item) // THOUSAND) if opening else (
        auction.high // THOUSAND + 1
    )
    return range(max(low, 1), cash + 1), opening


@lru_cache(maxsize=8)
def _bid_ids(game: PayDirtBox) -> tuple[dict[int, int], int]:
    """Each bid's integer by its thousands, and pass's."""
    return {k: game.encode(Bid(k)) for k in range(1, BID_CAP + 1)}, game.encode(Pass())


def apply(state: PayDirtModel, action: Action) -> None:
    auction = state.auction
    if auction is None:
        return
    seat = state.seat
    if isinstance(action, Pick):
        kind = next(k for k, shown in displays(state).items() if action.item in shown)
        auction.item, auction.kind, auction.high, auction.bidder = action.item, kind, 0, seat
        auction.blocked = ""  # the marker blocked this pick only (D8)
        auction.passed = [False] * state.game.num_players
        state.log.append((Picked, seat, action.item, state.game.names[action.item]))
    elif isinstance(action, Decline):
        auction.declined[seat] = True
        state.log.append((Declined, seat))
        next_pick(state)
    elif isinstance(action, Bid):
        auction.high, auction.bidder = action.thousands * THOUSAND, seat
        state.log.append((BidMade, seat, auction.high))
        next_bidder(state)
    elif isinstance(action, Pass) and auction.passed is not None:
        auction.passed[seat] = True
        state.log.append((Passed, seat))
        next_bidder(state)


def next_bidder(state: PayDirtModel) -> None:
    """Clockwise from the seat that just acted, the next seat still in; a seat that cannot top
    the high bid passes without a decision (D5). Nobody left: the high bidder buys."""
    auction = state.auction
    if auction is None or auction.passed is None:
        return
    n = state.game.num_players
    top = auction.high + THOUSAND
    for step in range(1, n):
        seat = (state.seat + step) % n
        if seat == auction.bidder or auction.passed[seat]:
            continue
        cash = state.boards[seat].cash
        if min(cash, BID_CAP * THOUSAND) < top or not may_bid(state, seat, auction.kind):
            auction.passed[seat] = True
            state.log.append((Passed, seat, _why_out(cash, top, auction.kind)))
            continue
        state.seat = seat
        return
    sell(state)


def _why_out(cash: int, top: int, kind: str) -> str:
    """Why a seat passes without a decision (D5): the words `Passed` shows."""
    if cash < top:
        return f"has {money(cash)}, less than the next bid of {money(top)}"
    if top > BID_CAP * THOUSAND:
        return f"the bids are at the cap of {money(BID_CAP * THOUSAND)}"
    return f"Misfiled Paperwork: may not bid on a {kind}"


def sell(state: PayDirtModel) -> None:
    """The high bidder pays and takes the tile; its type is blocked for the next pick."""
    auction = state.auction
    if auction is None:
        return
    winner, item, kind = auction.bidder, auction.item, auction.kind
    board = state.boards[winner]
    board.cash -= specialists.price_paid(state, winner, kind, auction.high)
    board.won = True
    displays(state)[kind].remove(item)
    auction.sold += 1
    auction.blocked = kind
    auction.declined = [False] * state.game.num_players
    auction.passed = None
    state.log.append((Bought, winner, item, state.game.names[item], auction.high))
    state.seat = winner
    if not purchases.take(state, winner, kind, item):
        next_pick(state)
