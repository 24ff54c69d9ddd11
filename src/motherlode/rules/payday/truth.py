"""The whole truth of a Pay Day position (hidden parts included), and the position rebuilt
from it.

`truth(state)` is JSON: every field of the state and the log, each event as `[kind, seat,
field, ...]`; the digest hashes it (with the RNG). `restore(state, truth)` fills a blank state
with it; the engine sets the seed, RNG and history after (`Game.restore`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import JSON

from .log import KINDS
from .phase import Phase

if TYPE_CHECKING:
    from .state import PayDayState


def truth(state: PayDayState) -> JSON:
    """The whole truth, hidden parts included."""
    return {
        "cash": state.cash, "loan": state.loan, "pos": state.pos, "month": state.month,
        "done": state.done, "ds_used": state.ds_used, "bargains": state.bargains,
        "markups": state.markups, "insurance": state.insurance, "bills": state.bills,
        "events": state.event_cards, "jackpot": state.jackpot, "bargain_deck": state.bargain_deck,
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
        "owing": list(state.owing),
        "lottery": [state.lottery_pot, state.lottery_numbers, state.lottery_stakes,
                    state.lottery_in, state.lottery_queue],
        "log": [[entry[0].kind, *entry[1:]] for entry in state.log],
        # only while a Not Today! chain is open, so positions without one keep their digests
        **({"chain": [list(link) for link in state.chain]} if state.chain else {}),
        **({"chain_hit": state.chain_hit} if state.chain_hit else {}),
    }


def _cards(value: list[list[str]]) -> list[list[str]]:
    return [[str(card) for card in cards] for cards in value]


def restore(state: PayDayState, data: JSON) -> PayDayState:
    """Fill `state` (its game set, nothing else) with the position `data` describes."""
    state.cash = [int(v) for v in data["cash"]]
    state.loan = [int(v) for v in data["loan"]]
    state.pos = [int(v) for v in data["pos"]]
    state.month = [int(v) for v in data["month"]]
    state.done = [bool(v) for v in data["done"]]
    state.ds_used = [int(v) for v in data["ds_used"]]
    state.bargains = _cards(data["bargains"])
    state.markups = _cards(data["markups"])
    state.insurance = _cards(data["insurance"])
    state.bills = _cards(data["bills"])
    state.event_cards = _cards(data["events"])
    state.jackpot = int(data["jackpot"])
    state.bargain_deck = list(data["bargain_deck"])
    state.bargain_known = {str(card): int(mask) for card, mask in data["bargain_known"]}
    state.bargain_min = {str(card): int(low) for card, low in data["bargain_min"]}
    state.bargain_discard = list(data["bargain_discard"])
    state.mail_deck = list(data["mail_deck"])
    state.mail_discard = list(data["mail_discard"])
    state.event_deck = list(data["event_deck"])
    state.event_discard = list(data["event_discard"])
    state.yard_sale = str(data["yard_sale"])
    state.player = int(data["player"])
    state.decider = int(data["decider"])
    state.phase = Phase(data["phase"])
    state.todo = [tuple(int(v) for v in task) for task in data["todo"]]
    state.rolled = bool(data["rolled"])
    state.roll = int(data["roll"])
    state.face = str(data["face"])
    state.extra = int(data["extra"])
    state.extra_played = bool(data["extra_played"])
    state.die_todo = str(data["die_todo"])
    state.drawn = list(data["drawn"])
    state.drawer = int(data["drawer"])
    state.auction_card = str(data["auction_card"])
    state.auction_hidden = bool(data["auction_hidden"])
    state.min_bid = int(data["min_bid"])
    state.high = int(data["high"])
    state.high_bidder = int(data["high_bidder"])
    state.bidders = list(data["bidders"])
    seller, bargain, markup = data["sale"]
    state.sale = (int(seller), str(bargain), str(markup))
    state.hits = [(int(seat), str(card)) for seat, card in data["hits"]]
    state.queue = list(data["queue"])
    player, card = data["played"]
    state.played = (int(player), str(card))
    state.chain = [(int(seat), str(card)) for seat, card in data.get("chain", [])]
    state.chain_hit = str(data.get("chain_hit", ""))
    state.mail_pending = list(data["mail_pending"])
    owing_seat, owed = data["owing"]
    state.owing = (int(owing_seat), int(owed))
    pot, numbers, stakes, inside, queue = data["lottery"]
    state.lottery_pot = int(pot)
    state.lottery_numbers = list(numbers)
    state.lottery_stakes = list(stakes)
    state.lottery_in = list(inside)
    state.lottery_queue = list(queue)
    state.log = [(KINDS[entry[0]], *entry[1:]) for entry in data["log"]]
    return state
