"""Bargain cards: drawing, buying, and auctions.

Seed 002 "Bargain" ("Plain Old Bargains", "Auction Bargains") and "Pay Day Die" (a Bargain face
on a Bargain space: "Draw two, choose which to buy, and place the other at the bottom of the
Bargain pile"). A plain Bargain is drawn face up; an Auction Bargain is seen by its drawer only
until someone wins it. Bidding goes to the left; a seat that passes is out; the winner pays the
bid (option `auction_pays=cost`: the card's cost); nobody bidding sends the card to the bottom.
"""

from __future__ import annotations

from motherlode.engine import Action

from .actions import ANNOUNCE, PASS, Bid, Buy, Keep, PutUp
from .loans import owe
from .log import AuctionOpened, BargainDrawn, BidMade, Bought, Passed, Unsold, Won
from .model import PayDayModel
from .phase import Phase
from .piles import take_top


def top_card(state: PayDayModel) -> str:
    """The top Bargain card, the discards shuffled in first if the pile is empty ("" if none)."""
    card = take_top(state, state.bargain_deck, state.bargain_discard)
    state.bargain_known.pop(card, None)  # what was known of it: it leaves the pile
    state.bargain_min.pop(card, None)
    return card


def to_bottom(state: PayDayModel, card: str, known_by: int, min_bid: int = 0) -> None:
    """Put `card` at the bottom of the Bargain pile; the seats in the mask `known_by` know it,
    and everyone knows an unsold Auction Bargain's announced `min_bid`."""
    state.bargain_deck.insert(0, card)
    if known_by:
        state.bargain_known[card] = known_by
    if min_bid:
        state.bargain_min[card] = min_bid


def draw(state: PayDayModel, seat: int, count: int) -> None:
    """`seat` draws `count` (1 or 2) Bargain cards. A single unsold Auction Bargain coming back
    keeps its announced minimum public (`min_bid`) while it is drawn and auctioned again."""
    deck = state.bargain_deck
    known = state.bargain_min.get(deck[-1], 0) if count == 1 and deck else 0
    cards = [card for card in (top_card(state) for _ in range(count)) if card]
    state.drawn = cards
    state.drawer = seat if cards else -1
    if len(cards) == 2:
        state.log.append((BargainDrawn, seat, None, None, 0, 0, 2))
        state.phase = Phase.CHOOSE
        state.decider = seat
    elif cards:
        state.min_bid = known
        offer(state, seat, cards[0])


def offer(state: PayDayModel, seat: int, card: str) -> None:
    """`seat` has drawn `card`: it decides (plain: buy or auction; auction: bid or announce)."""
    state.drawn = [card]
    info = state.game.bargain[card]
    if info.kind == "plain":
        state.log.append((BargainDrawn, seat, card, info.name, info.cost, info.resale, 1))
    else:
        state.log.append((BargainDrawn, seat, None, None, 0, 0, 1))
    state.phase = Phase.BARGAIN
    state.decider = seat


def choose_actions(state: PayDayModel) -> list[Action]:
    return [Keep(1), Keep(2)]


def choose_apply(state: PayDayModel, seat: int, action: Action) -> None:
    assert isinstance(action, Keep)
    kept = state.drawn[action.which - 1]
    to_bottom(state, state.drawn[2 - action.which], 1 << seat)
    offer(state, seat, kept)


def drawer_actions(state: PayDayModel) -> list[Action]:
    card = state.game.bargain[state.drawn[0]]
    space = state.game.space
    if card.kind == "plain":
        return [space.buy[card.id], space.put_up[card.id]]
    return [*space.bids_from(card.min_bid), ANNOUNCE]


def drawer_apply(state: PayDayModel, seat: int, action: Action) -> None:
    card_id = state.drawn[0]
    card = state.game.bargain[card_id]
    state.drawn = []
    if isinstance(action, Buy):
        owe(state, seat, card.cost)  # "pay its cost to the bank ... you can take out a loan"
        state.bargains[seat].append(card_id)
        state.log.append((Bought, seat, card_id, card.name, card.cost))
        state.drawer = -1
        return
    others = state.others_from(seat)
    state.auction_card = card_id
    if isinstance(action, PutUp):  # "announce the cost listed on the card ... you may not bid"
        state.auction_hidden = False
        state.min_bid = card.cost
        state.bidders = others
        state.log.append((AuctionOpened, seat, card_id, card.name, card.cost))
    elif isinstance(action, Bid):  # the drawer of an Auction Bargain opens the bidding
        state.auction_hidden = True  # (min_bid stays 0 unless it was already public)
        state.high = action.amount
        state.high_bidder = seat
        state.bidders = [*others, seat]
        state.log.append((AuctionOpened, seat, None, None, 0))
        state.log.append((BidMade, seat, action.amount))
    else:  # announce: "announce the minimum bid listed on the card. Bidding starts to your left"
        state.auction_hidden = True
        state.min_bid = card.min_bid
        state.bidders = others
        state.log.append((AuctionOpened, seat, None, None, card.min_bid))
    _next_bidder(state)


def bid_actions(state: PayDayModel) -> list[Action]:
    return [*state.game.space.bids_from(_lowest_bid(state)), PASS]


def bid_action_ids(state: PayDayModel) -> list[int]:
    """The integers of `bid_actions`, in order, without making the list of bids."""
    space = state.game.space
    return [*space.bid_ids_from(_lowest_bid(state)), space.index[PASS]]


def _lowest_bid(state: PayDayModel) -> int:
    return state.high + state.game.rules.bid_step if state.high_bidder >= 0 else state.min_bid


def bid_apply(state: PayDayModel, seat: int, action: Action) -> None:
    state.bidders.pop(0)
    if isinstance(action, Bid):
        state.high = action.amount
        state.high_bidder = seat
        state.bidders.append(seat)
        state.log.append((BidMade, seat, action.amount))
    else:  # "Once a player passes on bidding, they may not reenter the auction"
        state.log.append((Passed, seat))
    _next_bidder(state)


def _next_bidder(state: PayDayModel) -> None:
    """Ask the next bidder, or end the auction: won when only the high bidder is left, unsold
    ("If no one bids, place the Bargain at the bottom of the draw pile") when nobody is."""
    bidders = state.bidders
    if bidders and bidders[0] != state.high_bidder:
        state.phase = Phase.AUCTION
        state.decider = bidders[0]
        return
    card = state.auction_card
    if bidders:
        winner = state.high_bidder
        price = state.high if state.game.winner_pays_bid else state.game.bargain[card].cost
        owe(state, winner, price)
        state.bargains[winner].append(card)
        state.log.append((Won, winner, card, state.game.names[card], price))
    else:
        hidden = state.auction_hidden
        known = 1 << state.drawer if hidden else (1 << len(state.month)) - 1
        to_bottom(state, card, known, state.min_bid if hidden else 0)
        if hidden:
            state.log.append((Unsold, state.drawer, None, None))
        else:
            state.log.append((Unsold, state.drawer, card, state.game.names[card]))
    close_auction(state)


def close_auction(state: PayDayModel) -> None:
    """No Bargain is auctioned, nor drawn by anyone (also the set-up's)."""
    state.auction_card = ""
    state.auction_hidden = False
    state.min_bid = 0
    state.high = 0
    state.high_bidder = -1
    state.bidders = []
    state.drawer = -1
