"""Determinizing: a full Pay Day position a seat cannot tell from the real one.

Seed 002. What is hidden is decided in `view.py` (the log holds no secret, `log.py`): here the
Bargains the seat has not seen are dealt again among the places it cannot see, consistently
with what is public, and the Mail and Event piles are shuffled.
"""

from __future__ import annotations

import random
from typing import TypeVar

from .log import AuctionOpened, BidMade
from .model import PayDayModel
from .view import drawer_sees

M = TypeVar("M", bound=PayDayModel)


def determinize(state: M, seat: int, rng: random.Random) -> M:
    """A state `seat` cannot tell from this one: the Bargains it has not seen dealt again (an
    unseen Auction Bargain only among Auction Bargains that fit what is public: the announced
    minimum, or a minimum up to the drawer's opening bid), the Mail and Event piles shuffled,
    and a new seed."""
    other = state.clone()
    bit = 1 << seat
    deck = other.bargain_deck
    real_deck = state.bargain_deck
    slots = [i for i, c in enumerate(deck) if not other.bargain_known.get(c, 0) & bit]
    pool = [deck[i] for i in slots]
    if other.yard_sale:
        pool.append(other.yard_sale)
    secret = other.drawer != seat and (
        (other.drawn and drawer_sees(other)) or (other.auction_card and other.auction_hidden))
    if secret:
        pool += other.drawn if other.drawn else [other.auction_card]
    rng.shuffle(pool)
    # the most constrained first: unsold Auction Bargains of a known minimum, then the one drawn
    hinted = {i: other.bargain_min[deck[i]] for i in slots if deck[i] in other.bargain_min}
    chosen: dict[int, str] = {}
    for i, minimum in hinted.items():
        chosen[i] = _take(pool, _fits(other, deck[i], minimum=minimum))
    if secret:
        if len(other.drawn) == 2:
            other.drawn = [pool.pop(), pool.pop()]
        elif other.drawn:
            other.drawn = [_take(pool, _fits(other, state.drawn[0], minimum=other.min_bid))]
        else:
            other.auction_card = _take(pool, _fits(other, state.auction_card, other.min_bid,
                                                   _opening_bid(other)))
    for i in slots:
        deck[i] = chosen[i] if i in chosen else pool.pop()
    # what is known of a place in the pile stays with the place, whichever card now lies there
    other.bargain_known = {deck[i]: state.bargain_known[c] for i, c in enumerate(real_deck)
                           if c in state.bargain_known}
    other.bargain_min = {deck[i]: state.bargain_min[c] for i, c in enumerate(real_deck)
                         if c in state.bargain_min}
    if other.yard_sale:
        other.yard_sale = pool.pop()
    rng.shuffle(other.mail_deck)
    rng.shuffle(other.event_deck)
    other._reseed(rng)
    return other


def _fits(state: PayDayModel, real: str, minimum: int = 0, opening: int = 0) -> dict[str, bool]:
    """Which Bargains could be an unseen Auction Bargain: auction cards whose minimum is the
    announced `minimum`, or at most the drawer's `opening` bid (the real card always fits)."""
    fits = {}
    for card in state.game.bargain.values():
        ok = card.kind == "auction"
        if ok and minimum:
            ok = card.min_bid == minimum
        elif ok and opening:
            ok = card.min_bid <= opening
        fits[card.id] = ok
    fits[real] = True
    return fits


def _take(pool: list[str], fits: dict[str, bool]) -> str:
    """Take the first card of the shuffled `pool` that fits."""
    for i, card in enumerate(pool):
        if fits[card]:
            return pool.pop(i)
    raise AssertionError("the real card is in the pool and fits")


def _opening_bid(state: PayDayModel) -> int:
    """The drawer's opening bid in the auction now running (0 if the minimum was announced)."""
    for i in range(len(state.log) - 1, -1, -1):
        entry = state.log[i]
        if entry[0] is AuctionOpened:
            follow = state.log[i + 1] if i + 1 < len(state.log) else None
            if follow is not None and follow[0] is BidMade and follow[1] == entry[1]:
                return int(follow[2])
            return 0
    return 0
