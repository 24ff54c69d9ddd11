"""Selling at a Buyer, with Markups, and the Market Hits other players play against the sale.

Seed 002 "Buyer": "If you have any Bargains, choose one, and collect the resale price ... Have a
Markup Card? ... add its value to the Bargain's resale price"; "Markups": "You can only use one
Markup per Bargain"; "Notes About Event Cards": "More than one player may play a Market Hit card
at a time, but the value of a Bargain can never go below $0 ... when you're selling a Bargain and
multiple players play a Market Hit card against you ... you may cancel each of the Market Hits"
(with one Not Today!), and "You can play the 'Not Today!' Event card to cancel any Event card
when another player plays one". The window: once the seller names the Bargain (and Markup), each
other seat holding a Market Hit, in turn order from the seller's left, plays one or not; then
the seller, if hit and holding a Not Today!, cancels them all or not; if not, each other seat
holding a Not Today! may cancel one of the hits left (docs/games/payday.md). A Not Today! played
here is an Event card too: its chain, and the sale going on after it, are in `events.py`
(`answer_apply`, `protect_apply`).
"""

from __future__ import annotations

from motherlode.engine import Action

from .actions import ALLOW, NO_HIT, NOT_TODAY, Hit, Sell
from .log import MarketHit, Offered, Sold
from .model import PayDayModel
from .phase import Phase


def start(state: PayDayModel, seat: int) -> None:
    """A Buyer for `seat`: a decision if it holds a Bargain, else nothing happens."""
    if state.bargains[seat]:
        state.phase = Phase.SELL
        state.decider = seat


def sell_actions(state: PayDayModel) -> list[Action]:
    seat = state.decider
    table = state.game.space.sell
    markups = ["", *state.markups[seat]]
    return [table[card, markup] for card in state.bargains[seat] for markup in markups]


def sell_apply(state: PayDayModel, seat: int, action: Action) -> None:
    assert isinstance(action, Sell)
    state.bargains[seat].remove(action.card)
    if action.markup:
        state.markups[seat].remove(action.markup)
    state.sale = (seat, action.card, action.markup)
    state.hits = []
    game = state.game
    markup = action.markup
    state.log.append((Offered, seat, action.card, game.names[action.card], markup or None,
                      game.markup[markup].value if markup else 0))
    state.queue = [s for s in state.others_from(seat) if _market_hits(state, s)]
    _next_hitter(state)


def _market_hits(state: PayDayModel, seat: int) -> list[str]:
    event = state.game.event
    return [card for card in state.event_cards[seat] if event[card].effect == "market_hit"]


def hit_actions(state: PayDayModel) -> list[Action]:
    table = state.game.space.hit
    return [*(table[card] for card in _market_hits(state, state.queue[0])), NO_HIT]


def hit_apply(state: PayDayModel, seat: int, action: Action) -> None:
    state.queue.pop(0)
    if isinstance(action, Hit):
        state.event_cards[seat].remove(action.card)
        state.hits.append((seat, action.card))
        state.log.append((MarketHit, seat, action.card, state.game.names[action.card],
                          state.game.event[action.card].amount))
    _next_hitter(state)


def _next_hitter(state: PayDayModel) -> None:
    if state.queue:
        state.phase = Phase.HIT
        state.decider = state.queue[0]
        return
    seller = state.sale[0]
    if state.hits and holds_not_today(state, seller):
        state.phase = Phase.ANSWER
        state.decider = seller
        return
    ask_protectors(state, seller)


def ask_protectors(state: PayDayModel, after: int) -> None:
    """The Market Hits stand against the seller: every other seat holding a Not Today! may
    cancel one of them ("cancel any Event card when another player plays one"), in turn order
    from the seller's left, those after `after` (the seller: all of them)."""
    order = state.others_from(state.sale[0])
    if after in order:
        order = order[order.index(after) + 1:]
    state.queue = [s for s in order if holds_not_today(state, s)]
    next_protector(state)


def _others_hits(state: PayDayModel, seat: int) -> list[str]:
    """The Market Hits on the sale that `seat` may cancel: those another player played."""
    return [card for hitter, card in state.hits if hitter != seat]


def next_protector(state: PayDayModel) -> None:
    """Ask the next seat with a hit it may cancel (none once every hit is cancelled)."""
    while state.queue and not _others_hits(state, state.queue[0]):
        state.queue.pop(0)
    if state.queue:
        state.phase = Phase.PROTECT
        state.decider = state.queue[0]
        return
    sell_now(state, cancelled=False)


def holds_not_today(state: PayDayModel, seat: int) -> bool:
    event = state.game.event
    return any(event[card].effect == "not_today" for card in state.event_cards[seat])


def play_not_today(state: PayDayModel, seat: int) -> str:
    """`seat` plays (discards) one of its Not Today! cards; the card's id."""
    event = state.game.event
    card = next(c for c in state.event_cards[seat] if event[c].effect == "not_today")
    state.event_cards[seat].remove(card)
    state.event_discard.append(card)
    return card


def answer_actions(state: PayDayModel) -> list[Action]:
    return [NOT_TODAY, ALLOW]


def protect_actions(state: PayDayModel) -> list[Action]:
    table = state.game.space.cancel
    return [*(table[card] for card in _others_hits(state, state.decider)), ALLOW]


def cancel_hit(state: PayDayModel, card: str) -> None:
    """A Not Today! cancels the Market Hit `card`: it goes to the discard, its amount off."""
    state.hits.remove(next(h for h in state.hits if h[1] == card))
    state.event_discard.append(card)


def sell_now(state: PayDayModel, cancelled: bool) -> None:
    """The sale is made: the resale and Markup, less the hits unless they are `cancelled`."""
    seller, card, markup = state.sale
    game = state.game
    price = game.bargain[card].resale + (game.markup[markup].value if markup else 0)
    if not cancelled:
        price = max(0, price - sum(game.event[hit].amount for _, hit in state.hits))
    state.cash[seller] += price
    state.bargain_discard.append(card)
    if markup:
        state.mail_discard.append(markup)
    state.event_discard.extend(hit for _, hit in state.hits)
    state.log.append((Sold, seller, card, game.names[card], price))
    state.sale = (-1, "", "")
    state.hits = []
