"""Event cards: drawn on an Event space, kept face up, played, and cancelled with Not Today!

Seed 002 "Event": "You may play these at any time, on any player's turn. After you use the card,
discard it. If an Event card requires you to pay the bank or another player and you don't have
enough money, you must take out a loan"; "Notes About Event Cards": "You can play the 'Not
Today!' Event card to cancel any Event card when another player plays one."

Windows (docs/games/payday.md), each offered only where a card can change something: a player
plays collect, Buyer and Bargain cards at the start of its turn; an extra move after its roll,
before it moves (at most one a turn, designed); a card that brings money whenever it owes more
than its cash, on any player's turn, before the loan (`owe_actions`, `loans.owe`), or is
short of a Lottery stake (`lottery.py`: the Lottery takes no loan money); a collect-from-each
card when someone lands on the Lottery, before the stakes, if it would leave another seat
short of the stake (`lottery.py`, `collect_actions`). Market Hit and Not Today! are answers,
played in their windows (`selling.py` and here). When an Event card is played, each other seat
holding a Not Today!, in turn order, may cancel it; a Not Today! is an Event card too, so when
one is played every seat but its player holding one may cancel it in turn, and so on while
anyone answers (`chain`): each Not Today! cancels the card before it, so the card played stands
when an even number of them were played. A Not Today! played in a sale's window (the seller's
against every Market Hit, or another seat's against one) opens the same chain; once it ends
the sale goes on as after that one Not Today!, with the hits cancelled or standing
(`answer_apply`, `protect_apply`, `_end_sale_chain`).
"""

from __future__ import annotations

from motherlode.engine import Action

from . import selling
from .actions import ALLOW, NOT_TODAY, PASS, TAKE_LOAN, Cancel, Play
from .loans import money_cards, owe
from .log import (
    Cancelled,
    EventDrawn,
    HitCancelled,
    HitsCancelled,
    NotTodayCancelled,
    Played,
)
from .model import PayDayModel
from .phase import COLLECT, DRAW, SELL, Phase
from .piles import take_top
from .selling import holds_not_today, play_not_today

ANSWERS = ("market_hit", "not_today")  # played only in answer to another's play or sale
AFTER_ROLL = ("extra_move",)  # played once the roll is known, before moving
NOT_AT_START = (*ANSWERS, *AFTER_ROLL)


def draw(state: PayDayModel, seat: int) -> None:
    """An Event space: take the top Event card (the discards shuffled in if the pile is empty)."""
    card = take_top(state, state.event_deck, state.event_discard)
    if card:
        state.event_cards[seat].append(card)
        state.log.append((EventDrawn, seat, card, state.game.labels[card]))


def playable(state: PayDayModel, seat: int) -> list[Action]:
    """The Event cards `seat` may play at the start of its turn: collect from the bank or from
    each player, a Buyer, a Bargain (an extra move waits for the roll: `extra_moves`)."""
    game = state.game
    return [game.space.play[card_id] for card_id in state.event_cards[seat]
            if game.event[card_id].effect not in NOT_AT_START]


def extra_moves(state: PayDayModel, seat: int) -> list[Action]:
    """The extra-move cards `seat` may play after its roll (none once one took effect)."""
    if state.extra_played:
        return []
    game = state.game
    return [game.space.play[card_id] for card_id in state.event_cards[seat]
            if game.event[card_id].effect in AFTER_ROLL]


def owe_actions(state: PayDayModel) -> list[Action]:
    """Short of cash for a payment: each card that brings money, or `take loan`."""
    play = state.game.space.play
    return [*(play[card] for card in money_cards(state, state.decider)), TAKE_LOAN]


def owe_apply(state: PayDayModel, seat: int, action: Action) -> None:
    """A card played (the payment is asked again once it is resolved), or `take loan`: the
    window closes and the payment is made, borrowing what is short."""
    state.owing = (-1, 0)
    if isinstance(action, Play):
        play(state, seat, action.card)
        return
    task = state.todo.pop()
    state.todo.append((*task[:-1], 1))


def play(state: PayDayModel, seat: int, card: str) -> None:
    state.event_cards[seat].remove(card)
    state.played = (seat, card)
    state.log.append((Played, seat, card, state.game.labels[card]))
    _ask_answers(state, seat)


def _ask_answers(state: PayDayModel, seat: int) -> None:
    """`seat` played the card on top of the chain: the other seats holding a Not Today! may
    cancel it, in turn order from its left."""
    state.queue = [s for s in state.others_from(seat) if holds_not_today(state, s)]
    _next_answer(state)


def _next_answer(state: PayDayModel) -> None:
    if state.queue:
        state.phase = Phase.CANCEL
        state.decider = state.queue[0]
    elif not state.played[1]:  # a chain over the Market Hits on a sale
        _end_sale_chain(state)
    elif len(state.chain) % 2:
        _cancel(state)
    else:
        state.chain = []
        _resolve(state)


def cancel_actions(state: PayDayModel) -> list[Action]:
    return [NOT_TODAY, ALLOW]


def cancel_apply(state: PayDayModel, seat: int, action: Action) -> None:
    """`not today` cancels the card on top of the chain (the card played, or the last Not
    Today!), and the window opens again for the Not Today! just played."""
    state.queue.pop(0)
    if action != NOT_TODAY:
        _next_answer(state)
        return
    card = state.played[1] or state.chain_hit
    if state.chain:
        against = state.chain[-1][0]
        stands = len(state.chain) % 2 == 1
        state.log.append((NotTodayCancelled, seat, against, card, chain_words(state), stands))
    else:
        state.log.append((Cancelled, seat, card, state.game.labels[card]))
    state.chain.append((seat, play_not_today(state, seat)))
    _ask_answers(state, seat)


def chain_words(state: PayDayModel) -> str:
    """What the chain's first Not Today! cancels, as the log says it: the Event card played,
    or in a sale the Market Hit named or every Market Hit (the seller's)."""
    card = state.played[1] or state.chain_hit
    return state.game.labels[card] if card else "every Market Hit on the sale"


# --- a chain in a sale's window (selling.py): Not Today! against the Market Hits -----------

def answer_apply(state: PayDayModel, seat: int, action: Action) -> None:
    """The seller: `not today` cancels every Market Hit on its sale with one card, and the
    window opens for it (a Not Today! is an Event card too); `allow` lets them stand."""
    if action != NOT_TODAY:
        selling.ask_protectors(state, state.sale[0])
        return
    state.log.append((HitsCancelled, seat))
    _open_sale_chain(state, seat, "")


def protect_apply(state: PayDayModel, seat: int, action: Action) -> None:
    """Another seat: `not today on <card>` cancels that one Market Hit, and the window opens
    for the Not Today!; `allow` passes to the next seat."""
    state.queue.pop(0)
    if not isinstance(action, Cancel):
        selling.next_protector(state)
        return
    card = action.card
    state.log.append((HitCancelled, seat, card, state.game.names[card],
                      state.game.event[card].amount))
    _open_sale_chain(state, seat, card)


def _open_sale_chain(state: PayDayModel, seat: int, hit: str) -> None:
    state.chain_hit = hit
    state.chain = [(seat, play_not_today(state, seat))]
    _ask_answers(state, seat)


def _end_sale_chain(state: PayDayModel) -> None:
    """The chain over the hits ends: an odd number of Not Today! cards cancels what the first
    one cancels; then the sale goes on as after that one card: the seller's sells at once
    (hits cancelled) or asks the other seats (hits standing); another seat's asks the seats
    after it."""
    first = state.chain[0][0]
    cancelled = len(state.chain) % 2 == 1
    hit = state.chain_hit
    state.chain = []
    state.chain_hit = ""
    if first == state.sale[0]:
        if cancelled:
            selling.sell_now(state, cancelled=True)
        else:
            selling.ask_protectors(state, first)
        return
    if cancelled:
        selling.cancel_hit(state, hit)
    selling.ask_protectors(state, first)


def _cancel(state: PayDayModel) -> None:
    """The chain ends with the card played cancelled: it is discarded unused."""
    state.event_discard.append(state.played[1])
    state.played = (-1, "")
    state.chain = []


def _resolve(state: PayDayModel) -> None:
    seat, card_id = state.played
    state.played = (-1, "")
    card = state.game.event[card_id]
    state.event_discard.append(card_id)
    effect = card.effect
    if effect == "collect_bank":
        state.cash[seat] += card.amount
    elif effect == "collect_each":
        for other in state.others_from(seat):
            owe(state, other, card.amount, to=seat)
    elif effect == "extra_move":  # at most one a turn (designed): a cancelled one does not count
        state.extra += card.amount
        state.extra_played = True
    elif effect == "buyer":
        state.todo.append((SELL, seat))
    elif effect == "bargain":
        state.todo.append((DRAW, seat, 1))


def collect_cards(state: PayDayModel, seat: int) -> list[Action]:
    """The collect-from-each cards `seat` may play once someone lands on the Lottery, before
    the stakes: those that would leave another seat with the stake short of it without a loan
    (cash at least the stake, and less than the stake plus the card's amount)."""
    game = state.game
    stake = game.rules.lottery_stake
    cash = state.cash
    event = game.event
    plays: list[Action] = []
    for card in state.event_cards[seat]:
        info = event[card]
        if info.effect == "collect_each" and any(
                stake <= cash[other] < stake + info.amount for other in state.others_from(seat)):
            plays.append(game.space.play[card])
    return plays


def collect_task(state: PayDayModel, task: tuple[int, ...]) -> None:
    """Ask `seat` whether it plays a collect card before the Lottery's stakes, if it holds one
    that would change who can stake."""
    seat = task[1]
    if not state.finished(seat) and collect_cards(state, seat):
        state.phase = Phase.COLLECT
        state.decider = seat


def collect_actions(state: PayDayModel) -> list[Action]:
    return [*collect_cards(state, state.decider), PASS]


def collect_apply(state: PayDayModel, seat: int, action: Action) -> None:
    """A card played (`seat` is asked again once it is resolved), or `pass`."""
    if isinstance(action, Play):
        state.todo.append((COLLECT, seat))
        play(state, seat, action.card)
