"""What each seat may know (the one place hidden information is decided), and observations.

Seed 002. Secret: an Auction Bargain's card while it is drawn and auctioned (its drawer sees it,
"don't show any other players the card"), two Bargains drawn at once (their drawer), the card
under the Yard Sale space (nobody), the order of the three decks, the cards put at the bottom of
the Bargain pile (whoever saw them) and the RNG. Everything else is face up: money, loans,
tokens, every player's Bargains, Bills, Insurance, Markups and Event cards, the discard piles.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from motherlode.engine import JSON

from .phase import PHASE_NAMES, Phase

if TYPE_CHECKING:
    from .game import PayDay
    from .state import PayDayState

# names of each log entry's fields after its kind (the modules' LOG_* constants)
LOG_FIELDS: dict[str, tuple[str, ...]] = {
    "free bargain": ("seat", "card"),
    "turn": ("seat",),
    "roll": ("seat", "roll", "die"),
    "reroll": ("seat", "roll"),
    "jackpot": ("seat", "amount"),
    "move": ("seat", "day"),
    "order": ("seat", "choice"),
    "loan": ("seat", "amount"),
    "bargain": ("seat", "card", "count"),
    "buy": ("seat", "card", "price"),
    "auction": ("seat", "card", "min_bid"),
    "bid": ("seat", "amount"),
    "pass": ("seat",),
    "won": ("seat", "card", "price"),
    "unsold": ("seat", "card"),
    "sell": ("seat", "card", "markup"),
    "hit": ("seat", "card"),
    "cancel hits": ("seat",),
    "cancel hit": ("seat", "card"),
    "sold": ("seat", "card", "price"),
    "event": ("seat", "card"),
    "play": ("seat", "card"),
    "cancel": ("seat", "card"),
    "mail": ("seat", "card"),
    "mail buy": ("seat", "card"),
    "lottery": ("seat",),
    "pick": ("seat", "number", "stake"),
    "lottery roll": ("roll", "winner"),
    "double down": ("seat", "stake"),
    "lottery lost": ("pot",),
    "birthday": ("seat", "amount"),
    "yard sale": ("seat", "roll", "card"),
    "daylight savings": ("seat", "taken"),
    "salary": ("seat", "amount"),
    "pay day": ("seat", "salary", "bills", "insured", "interest"),
    "repay": ("seat", "amount"),
    "finish": ("seat",),
}


def _event(entry: tuple[object, ...]) -> JSON:
    kind = str(entry[0])
    event: JSON = {"event": kind}
    for name, value in zip(LOG_FIELDS[kind], entry[1:], strict=True):
        event[name] = value if value != "" else None
    return event


def _drawer_sees(state: PayDayState) -> bool:
    """The drawn Bargain(s) are the drawer's secret: two at once, or an Auction Bargain."""
    drawn = state.drawn
    return len(drawn) == 2 or (len(drawn) == 1
                               and state.game.bargain[drawn[0]].kind == "auction")


def view(state: PayDayState, seat: int | None) -> JSON:
    """Everything `seat` may know (None: a spectator), JSON-ready."""
    game = state.game
    over = state.phase == Phase.OVER
    seen: JSON = {
        "game": game.name,
        "seat": seat,
        "players": game.num_players,
        "months": game.months,
        "phase": PHASE_NAMES[state.phase],
        "current_player": state.current_player,
        "turn": state.player,
        "jackpot": state.jackpot,
        "roll": state.roll or None,
        "die": state.face or None,
        "extra_steps": state.extra,
        "die_to_do": state.die_todo or None,
        "decks": {"bargain": len(state.bargain_deck), "mail": len(state.mail_deck),
                  "event": len(state.event_deck)},
        "yard_sale": bool(state.yard_sale),
        "discards": {"bargain": state.bargain_discard.copy(), "mail": state.mail_discard.copy(),
                     "event": state.event_discard.copy()},
        "seats": [_seat(state, s) for s in range(game.num_players)],
        "bargain": _bargain(state, seat),
        "sale": _sale(state),
        "played": ({"seat": state.played[0], "card": state.played[1]}
                   if state.played[1] else None),
        "asking": state.queue.copy(),
        "mail_offer": state.mail_pending.copy(),
        "lottery": _lottery(state),
        "known_bargain_pile": _known_pile(state, seat),
        "log": [_event(e) for e in state.log],
    }
    if over:
        seen["scores"] = state.scores()
    return seen


def _seat(state: PayDayState, s: int) -> JSON:
    return {
        "day": None if state.done[s] else state.pos[s],
        "month": state.month[s],
        "finished": state.done[s],
        "cash": state.cash[s],
        "loan": state.loan[s],
        "daylight_savings_used": state.ds_used[s],
        "bargains": state.bargains[s].copy(),
        "markups": state.markups[s].copy(),
        "insurance": state.insurance[s].copy(),
        "bills": state.bills[s].copy(),
        "events": state.events[s].copy(),
    }


def _bargain(state: PayDayState, seat: int | None) -> JSON | None:
    """The Bargain being decided on (`min_bid`: a minimum everyone knows, that of an unsold
    Auction Bargain come back) or auctioned (`auction`), as far as `seat` may see it."""
    if state.drawn:
        secret = _drawer_sees(state) and seat != state.drawer
        return {"drawer": state.drawer, "cards": [None if secret else c for c in state.drawn],
                "min_bid": state.min_bid or None, "auction": None}
    if not state.auction_card:
        return None
    secret = state.auction_hidden and seat != state.drawer
    return {"drawer": state.drawer, "cards": [None if secret else state.auction_card],
            "auction": {"min_bid": state.min_bid or None, "high": state.high or None,
                        "high_bidder": state.high_bidder if state.high_bidder >= 0 else None,
                        "bidders": state.bidders.copy()}}


def _sale(state: PayDayState) -> JSON | None:
    seller, card, markup = state.sale
    if seller < 0:
        return None
    return {"seller": seller, "bargain": card, "markup": markup or None,
            "hits": [{"seat": s, "card": c} for s, c in state.hits]}


def _lottery(state: PayDayState) -> JSON | None:
    if not state.lottery_pot:
        return None
    return {"pot": state.lottery_pot, "numbers": state.lottery_numbers.copy(),
            "stakes": state.lottery_stakes.copy(), "in": state.lottery_in.copy()}


def _known_pile(state: PayDayState, seat: int | None) -> list[JSON]:
    """What `seat` knows of the bottom of the Bargain pile, by place from the bottom: cards it
    saw go there, and (card unseen) unsold Auction Bargains with their announced minimum."""
    mask = (1 << state.game.num_players) - 1
    known: list[JSON] = []
    for i, card in enumerate(state.bargain_deck):
        who = state.bargain_known.get(card, 0)
        seen = who == mask if seat is None else bool(who & (1 << seat))
        if seen:
            known.append({"from_bottom": i, "card": card, "min_bid": None})
        elif card in state.bargain_min:
            known.append({"from_bottom": i, "card": None, "min_bid": state.bargain_min[card]})
    return known


def snapshot(state: PayDayState) -> JSON:
    """The whole truth, hidden parts included (for the digest)."""
    return {
        "cash": state.cash, "loan": state.loan, "pos": state.pos, "month": state.month,
        "done": state.done, "ds_used": state.ds_used, "bargains": state.bargains,
        "markups": state.markups, "insurance": state.insurance, "bills": state.bills,
        "events": state.events, "jackpot": state.jackpot, "bargain_deck": state.bargain_deck,
        "bargain_known": sorted(state.bargain_known.items()),
        "bargain_min": sorted(state.bargain_min.items()),
        "bargain_discard": state.bargain_discard, "mail_deck": state.mail_deck,
        "mail_discard": state.mail_discard, "event_deck": state.event_deck,
        "event_discard": state.event_discard, "yard_sale": state.yard_sale,
        "player": state.player, "decider": state.decider, "phase": int(state.phase),
        "todo": [list(t) for t in state.todo], "rolled": state.rolled, "roll": state.roll,
        "face": state.face, "extra": state.extra, "extra_played": state.extra_played,
        "die_todo": state.die_todo, "drawn": state.drawn, "drawer": state.drawer,
        "auction_card": state.auction_card, "auction_hidden": state.auction_hidden,
        "min_bid": state.min_bid, "high": state.high, "high_bidder": state.high_bidder,
        "bidders": state.bidders, "sale": list(state.sale),
        "hits": [list(h) for h in state.hits], "queue": state.queue,
        "played": list(state.played), "mail_pending": state.mail_pending,
        "lottery": [state.lottery_pot, state.lottery_numbers, state.lottery_stakes,
                    state.lottery_in],
        "log": [list(e) for e in state.log],
    }


# --- determinize ---------------------------------------------------------------------------

def determinize(state: PayDayState, seat: int, rng: random.Random) -> PayDayState:
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
        (other.drawn and _drawer_sees(other)) or (other.auction_card and other.auction_hidden))
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


def _fits(state: PayDayState, real: str, minimum: int = 0, opening: int = 0) -> dict[str, bool]:
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


def _opening_bid(state: PayDayState) -> int:
    """The drawer's opening bid in the auction now running (0 if the minimum was announced)."""
    for i in range(len(state.log) - 1, -1, -1):
        entry = state.log[i]
        if entry[0] == "auction":
            follow = state.log[i + 1] if i + 1 < len(state.log) else None
            if follow is not None and follow[0] == "bid" and follow[1] == entry[1]:
                return int(str(follow[2]))
            return 0
    return 0


# --- observations ----------------------------------------------------------------------------

def _card_index(game: PayDay) -> dict[str, int]:
    """Every card of the box numbered once: Bargains, Mail, Events."""
    ids = [*game.bargain, *game.mail, *game.event]
    return {card: i for i, card in enumerate(ids)}


SEAT_SLOTS = 4
SEAT_FEATURES = 9  # present, decides, turn, finished, day, month, cash, loan, daylight used
FACES = ("buyer", "bargain", "plus_three", "reroll")


def observation_size(game: PayDay) -> int:
    cards = len(_card_index(game))
    head = len(Phase) + 1 + len(FACES) + 1 + 2 + 1 + 3 + 1
    seats = SEAT_SLOTS * (SEAT_FEATURES + cards)
    bargain = cards + 1 + 3 + 2 * SEAT_SLOTS
    sale = SEAT_SLOTS + cards + 1
    played = SEAT_SLOTS + cards
    lottery = 2 + 3 * SEAT_SLOTS
    return head + seats + bargain + sale + played + cards + lottery + cards


def _one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


def _cards(index: dict[str, int], cards: list[str | None]) -> list[float]:
    out = [0.0] * len(index)
    for card in cards:
        if card is not None:
            out[index[card]] = 1.0
    return out


def observe(game: PayDay, seen: JSON) -> list[float]:
    """The view as numbers, in this order (money in $1,000s):
    head: phase one-hot, roll/6, die face one-hot, extra steps/6, die's action to do (buyer,
    bargain), Jackpot, decks (Bargain/35, Mail/34, Event/31), Yard Sale card present;
    seats, from the observer on (4 slots): present, decides now, has the turn, finished, day/32,
    months done/months, cash, loan, Daylight Savings used, then every card it holds;
    the Bargain dealt with: its cards (if seen), unseen, minimum, high bid, bid count ... high
    bidder and bidders still in (by slot); the sale: seller slot, bargain and markup, hits;
    the Event card played: player slot, card; the Mail card offered; the Lottery: on, pot,
    per slot number/6, stake, still in; the cards the observer knows at the bottom of the pile."""
    index = _card_index(game)
    n = int(seen["players"])
    me = int(seen["seat"]) if seen["seat"] is not None else 0

    def slot(seat: int | None) -> int | None:
        return None if seat is None else (seat - me) % n

    out = _one_hot(len(Phase), PHASE_NAMES.index(str(seen["phase"])))
    out.append((seen["roll"] or 0) / 6)
    out += _one_hot(len(FACES), FACES.index(seen["die"]) if seen["die"] else None)
    out.append(seen["extra_steps"] / 6)
    out += [float(seen["die_to_do"] == "buyer"), float(seen["die_to_do"] == "bargain")]
    out.append(seen["jackpot"] / 1000)
    decks = seen["decks"]
    out += [decks["bargain"] / 35, decks["mail"] / 34, decks["event"] / 31]
    out.append(float(seen["yard_sale"]))
    seats = seen["seats"]
    for k in range(SEAT_SLOTS):
        if k >= n:
            out += [0.0] * (SEAT_FEATURES + len(index))
            continue
        s = (me + k) % n
        info = seats[s]
        out += [1.0, float(seen["current_player"] == s), float(seen["turn"] == s),
                float(info["finished"]), (info["day"] or 0) / 32,
                info["month"] / seen["months"], info["cash"] / 1000, info["loan"] / 1000,
                float(info["daylight_savings_used"])]
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


def _bargain_features(index: dict[str, int], bargain: JSON | None,
                      slot: Callable[[int | None], int | None]) -> list[float]:
    """The Bargain dealt with: its cards as seen, whether one is unseen, the auction's minimum,
    high bid and whether it runs, the high bidder's slot and the slots still bidding."""
    cards = bargain["cards"] if bargain else []
    auction: JSON = (bargain["auction"] if bargain else None) or {}
    out = _cards(index, cards)
    out.append(float(None in cards))
    out += [(auction.get("min_bid") or 0) / 1000, (auction.get("high") or 0) / 1000,
            float(bool(auction))]
    out += _one_hot(SEAT_SLOTS, slot(auction.get("high_bidder")))
    bidders = [0.0] * SEAT_SLOTS
    for seat in auction.get("bidders", []):
        bidders[slot(seat) or 0] = 1.0
    return out + bidders
