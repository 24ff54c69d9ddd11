"""Pay Day's observation: a seat's view as a flat vector of numbers (for learning agents).

Built from the view alone (`schema.PayDayView`) and the box's card list; `observe_view` names
every part of the layout. `observe_state` is the same vector read from the state, without
building the view (`State.observation`'s fast path), from only what the seat's view shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from motherlode.engine import View

from .box import PayDayBox
from .components import BARGAIN_CARDS, DAYS, DIE_FACES, EVENT_CARDS, MAIL_CARDS
from .model import PayDayModel
from .phase import PHASE_NAMES, Phase
from .schema import BargainView, is_payday_view
from .view import drawer_sees

SEAT_SLOTS = 4
SEAT_FEATURES = 9  # present, decides, turn, finished, day, month, cash, loan, daylight savings
FACES = tuple(DIE_FACES)
HEAD = len(Phase) + 1 + len(FACES) + 1 + 2 + 1 + 3 + 1 + 1  # the head's length, before the seats


def observation_size(game: PayDayBox) -> int:
    cards = len(game.card_index)
    seats = SEAT_SLOTS * (SEAT_FEATURES + cards)
    bargain = cards + 1 + 3 + 2 * SEAT_SLOTS
    sale = SEAT_SLOTS + cards + 1
    played = SEAT_SLOTS + cards + 1
    lottery = 2 + 3 * SEAT_SLOTS
    return HEAD + seats + bargain + sale + played + cards + lottery + cards


def _one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


def _cards(index: dict[str, int], cards: Sequence[str | None]) -> list[float]:
    out = [0.0] * len(index)
    for card in cards:
        if card is not None:
            out[index[card]] = 1.0
    return out


def observe_view(game: PayDayBox, seen: View) -> list[float]:
    """The view as numbers, in this order (money in $1,000s):
    head: phase one-hot, roll/6, die face one-hot, extra steps/6, die's action to do (buyer,
    bargain), Jackpot, decks (Bargain/35, Mail/34, Event/31), Yard Sale card present, the
    payment the decider is short of cash for;
    seats, from the observer on (4 slots): present, decides now, has the turn, finished, day/32,
    months done/months, cash, loan, Daylight Savings set off this month, then every card it
    holds;
    the Bargain dealt with: its cards (if seen), unseen, minimum, high bid, bid count ... high
    bidder and bidders still in (by slot); the sale: seller slot, bargain and markup, hits;
    the Event card played: player slot, card, cancelled as its Not Today! chain stands (in a
    sale: the hits' chain, the seller's or another's Not Today! first); the Mail
    card offered; the Lottery: on, pot, per slot number/6, stake, still in; the cards the
    observer knows at the bottom of the pile."""
    if not is_payday_view(seen):
        raise ValueError(f"payday: cannot observe a view of {seen['game']}")
    index = game.card_index
    n = seen["players"]
    me = seen["seat"] if seen["seat"] is not None else 0

    def slot(seat: int | None) -> int | None:
        return None if seat is None else (seat - me) % n

    out = _one_hot(len(Phase), PHASE_NAMES.index(seen["phase"]))
    out.append((seen["roll"] or 0) / 6)
    out += _one_hot(len(FACES), FACES.index(seen["die"]) if seen["die"] else None)
    out.append(seen["extra_steps"] / 6)
    out += [float(seen["die_to_do"] == "buyer"), float(seen["die_to_do"] == "bargain")]
    out.append(seen["jackpot"] / 1000)
    decks = seen["decks"]
    out += [decks["bargain"] / BARGAIN_CARDS, decks["mail"] / MAIL_CARDS,
            decks["event"] / EVENT_CARDS]
    out.append(float(seen["yard_sale"]))
    owing = seen["owing"]
    out.append(owing["amount"] / 1000 if owing else 0.0)
    seats = seen["seats"]
    for k in range(SEAT_SLOTS):
        if k >= n:
            out += [0.0] * (SEAT_FEATURES + len(index))
            continue
        s = (me + k) % n
        info = seats[s]
        out += [1.0, float(seen["current_player"] == s), float(seen["turn"] == s),
                float(info["finished"]), (info["day"] or 0) / (DAYS + 1),
                info["month"] / seen["months"], info["cash"] / 1000, info["loan"] / 1000,
                float(info["daylight_savings"])]
        out += _cards(index, [*info["bargains"], *info["markups"], *info["insurance"],
                              *info["bills"], *info["events"]])
    out += _bargain_features(index, seen["bargain"], slot)
    sale = seen["sale"]
    out += _one_hot(SEAT_SLOTS, slot(sale["seller"]) if sale else None)
    out += _cards(index, [sale["bargain"], sale["markup"]] if sale else [])
    out.append(sum(game.event[h["card"]].amount for h in sale["hits"]) / 1000 if sale else 0.0)
    played = seen["played"]
    out += _one_hot(SEAT_SLOTS, slot(played["seat"]) if played else None)
    out += _cards(index, [played["card"]] if played else [])
    chain = played["not_today"] if played else sale["not_today"] if sale else []
    out.append(float(len(chain) % 2))
    out += _cards(index, seen["mail_offer"][:1])
    lottery = seen["lottery"]
    out += [float(lottery is not None), (lottery["pot"] if lottery else 0) / 1000]
    for k in range(SEAT_SLOTS):
        s = (me + k) % n
        if lottery is None or k >= n:
            out += [0.0, 0.0, 0.0]
        else:
            out += [lottery["numbers"][s] / 6, lottery["stakes"][s] / 1000,
                    float(s in lottery["in"])]
    out += _cards(index, [c["card"] for c in seen["known_bargain_pile"]])
    return out


def _bargain_features(index: dict[str, int], bargain: BargainView | None,
                      slot: Callable[[int | None], int | None]) -> list[float]:
    """The Bargain dealt with: its cards as seen, whether one is unseen, the auction's minimum,
    high bid and whether it runs, the high bidder's slot and the slots still bidding."""
    cards = bargain["cards"] if bargain else []
    auction = bargain["auction"] if bargain else None
    out = _cards(index, cards)
    out.append(float(None in cards))
    if auction is None:
        return [*out, 0.0, 0.0, 0.0, *_one_hot(SEAT_SLOTS, None), *[0.0] * SEAT_SLOTS]
    out += [(auction["min_bid"] or 0) / 1000, (auction["high"] or 0) / 1000, 1.0]
    out += _one_hot(SEAT_SLOTS, slot(auction["high_bidder"]))
    bidders = [0.0] * SEAT_SLOTS
    for seat in auction["bidders"]:
        bidders[slot(seat) or 0] = 1.0
    return out + bidders


# --- the fast path: the same vector straight from the state ----------------------------------
def observe_state(state: PayDayModel, seat: int) -> list[float]:
    """`observe_view(game, view(state, seat))`, the very same vector, read from the state
    without building the view (a test checks they are equal): zeros, then the parts that are
    not (`fill`), at the places `observe_view` puts them. It reads only what `seat`'s view shows
    (`view.py`): a drawn or auctioned card only when the seat may see it, and of the bottom of
    the Bargain pile only the cards the seat knows."""
    out = [0.0] * observation_size(state.game)
    fill(state, seat, out)
    return out


def fill(state: PayDayModel, seat: int, out: Any) -> None:
    """`observe_state` written into `out`, a buffer of zeros (a list, or a numpy array): only
    the numbers that are not zero."""
    game = state.game
    index = game.card_index
    cards = len(index)
    n = game.num_players
    out[state.phase] = 1.0
    at = len(Phase)
    out[at] = state.roll / 6
    if state.face:
        out[at + 1 + FACES.index(state.face)] = 1.0
    at += 1 + len(FACES)
    out[at:HEAD] = [
        state.extra / 6, float(state.die_todo == "buyer"), float(state.die_todo == "bargain"),
        state.jackpot / 1000, len(state.bargain_deck) / BARGAIN_CARDS,
        len(state.mail_deck) / MAIL_CARDS, len(state.event_deck) / EVENT_CARDS,
        float(bool(state.yard_sale)), state.owing[1] / 1000 if state.owing[0] >= 0 else 0.0]
    current = None if state.phase == Phase.OVER else state.decider
    months = game.months
    width = SEAT_FEATURES + cards
    for k in range(n):
        s = (seat + k) % n
        at = HEAD + k * width
        finished = state.month[s] >= months
        out[at:at + SEAT_FEATURES] = [
            1.0, float(current == s), float(state.player == s), float(finished),
            (0 if finished else state.pos[s]) / (DAYS + 1), state.month[s] / months,
            state.cash[s] / 1000, state.loan[s] / 1000, float(state.ds_used[s])]
        at += SEAT_FEATURES
        for pile in (state.bargains, state.markups, state.insurance, state.bills,
                     state.event_cards):
            for card in pile[s]:
                out[at + index[card]] = 1.0
    at = HEAD + SEAT_SLOTS * width
    _bargain_state(state, seat, out, at)
    at += cards + 4 + 2 * SEAT_SLOTS
    seller, sold, markup = state.sale
    if seller >= 0:
        out[at + (seller - seat) % n] = 1.0
        _mark(out, at + SEAT_SLOTS, index, (sold, markup))
        event = game.event
        out[at + SEAT_SLOTS + cards] = sum(event[c].amount for _, c in state.hits) / 1000
    at += SEAT_SLOTS + cards + 1
    player, played = state.played
    if played:
        out[at + (player - seat) % n] = 1.0
        out[at + SEAT_SLOTS + index[played]] = 1.0
    if played or seller >= 0:
        out[at + SEAT_SLOTS + cards] = float(len(state.chain) % 2)
    at += SEAT_SLOTS + cards + 1
    _mark(out, at, index, state.mail_pending[:1])
    at += cards
    pot = state.lottery_pot
    if pot:
        out[at:at + 2] = [1.0, pot / 1000]
        for k in range(n):
            s = (seat + k) % n
            out[at + 2 + 3 * k:at + 5 + 3 * k] = [
                state.lottery_numbers[s] / 6, state.lottery_stakes[s] / 1000,
                float(s in state.lottery_in)]
    at += 2 + 3 * SEAT_SLOTS
    _mark(out, at, index, _known_cards(state, seat))


def _mark(out: Any, at: int, index: dict[str, int], cards: Sequence[str]) -> None:
    """`_cards` of the cards named (an empty id names none), written into `out` from `at`."""
    for card in cards:
        if card:
            out[at + index[card]] = 1.0


def _bargain_state(state: PayDayModel, seat: int, out: Any, at: int) -> None:
    """`_bargain_features` of the Bargain as `seat`'s view shows it (`view._bargain`), written
    into `out` from `at`."""
    index = state.game.card_index
    n = state.game.num_players
    cards = len(index)
    if state.drawn:
        secret = drawer_sees(state) and seat != state.drawer
        if secret:
            out[at + cards] = 1.0
        else:
            _mark(out, at, index, state.drawn)
        return
    card = state.auction_card
    if not card:
        return
    secret = state.auction_hidden and seat != state.drawer
    if not secret:
        out[at + index[card]] = 1.0
    at += cards
    out[at:at + 4] = [float(secret), state.min_bid / 1000, state.high / 1000, 1.0]
    at += 4
    if state.high_bidder >= 0:
        out[at + (state.high_bidder - seat) % n] = 1.0
    at += SEAT_SLOTS
    for bidder in state.bidders:
        out[at + (bidder - seat) % n] = 1.0


def _known_cards(state: PayDayModel, seat: int) -> list[str]:
    """The cards at the bottom of the Bargain pile that `seat` saw go there
    (`view._known_pile`'s cards)."""
    known = state.bargain_known
    if not known:
        return []
    bit = 1 << seat
    return [card for card in state.bargain_deck if known.get(card, 0) & bit]
