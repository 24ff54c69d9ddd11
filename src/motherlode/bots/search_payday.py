"""What the search bot knows of Pay Day: a state built from one seat's view alone, for it to
determinize, a cheap greedy policy for its rollouts, the few first moves worth searching, and
an evaluation of a playout cut short.

Everything public is copied from the view: money, loans, tokens, every seat's cards, the
Jackpot, the discards, the turn, the Bargain, sale, Event card, Mail and Lottery being dealt
with, and the log (every Pay Day event is public, so the log is rebuilt entry for entry). What
the seat cannot see is filled with placeholders that agree in number with what it knows: the
Bargain pile's unseen places (an unsold Auction Bargain of an announced minimum gets an
Auction Bargain of that minimum), the card under the Yard Sale, a Bargain drawn face down by
another seat, and the Mail and Event piles. `State.determinize(seat, rng)` then resamples
exactly those parts. (A Not Today! chain's cards, which the view names only by their players,
are the last Not Today! cards in the Event discard: each is discarded as it is played.)

The turn's stack of work still to do (`todo`) is no part of the view: it is inferred from the
phase and this turn's log (`_todo`): the PAY DAY die's action under a space ("move first"),
the space under the die's action ("die first"), the payment a seat is asked about (phase
`owe`), the Lottery after its collect window or a card played for the stake, the next Mail
offer. Rarer stacks (Daylight Savings setting several seats back, a payment inside a PAY DAY)
are approximated: a playout from them may end a turn's work early; the view is still exact.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

from motherlode.engine import Action, View
from motherlode.rules.payday import (
    ALLOW,
    ANNOUNCE,
    COLLECT,
    DIE_FIRST,
    DROP_OUT,
    FACE,
    INTEREST,
    KEEP_LOAN,
    KEEP_ROLL,
    LOG_KINDS,
    LOTTERY,
    MAIL,
    MOVE_FIRST,
    NO_HIT,
    NOT_TODAY,
    PASS,
    PAY,
    PHASE_NAMES,
    REPAY_ALL,
    ROLL,
    ROLL_BOTH,
    SPACE,
    STAY_OUT,
    TAKE_LOAN,
    Bid,
    Bill,
    Buy,
    Discard,
    Hit,
    Insurance,
    Keep,
    Markup,
    Move,
    PayDay,
    PayDayState,
    PayDayView,
    Phase,
    Pick,
    Play,
    PutUp,
    Sell,
    Space,
    close_auction,
    is_payday_view,
)

from .payday_heuristic import poisson_tail

# ---- the state from the view ------------------------------------------------------------------


def state_from_view(game: PayDay, view: View) -> PayDayState:
    """A state agreeing with everything `view` shows; its hidden parts are placeholders."""
    if not is_payday_view(view):
        raise TypeError(f"the Pay Day search reads Pay Day views, not {view['game']}")
    seat = view["seat"]
    if seat is None:
        raise ValueError("a search plays from a seat's view, not a spectator's")
    state = game.new_game(0)
    assert isinstance(state, PayDayState)
    last_day = len(game.board) - 1
    seats = view["seats"]
    state.cash = [info["cash"] for info in seats]
    state.loan = [info["loan"] for info in seats]
    state.pos = [last_day if info["day"] is None else info["day"] for info in seats]
    state.month = [info["month"] for info in seats]
    state.ds_used = [info["daylight_savings"] for info in seats]
    state.bargains = [list(info["bargains"]) for info in seats]
    state.markups = [list(info["markups"]) for info in seats]
    state.insurance = [list(info["insurance"]) for info in seats]
    state.bills = [list(info["bills"]) for info in seats]
    state.event_cards = [list(info["events"]) for info in seats]
    state.jackpot = view["jackpot"]
    discards = view["discards"]
    state.bargain_discard = list(discards["bargain"])
    state.mail_discard = list(discards["mail"])
    state.event_discard = list(discards["event"])
    state.log = [_packed(event) for event in view["log"]]
    _turn(state, view)
    _bargain(state, view)
    _bargain_pile(state, view, seat)
    _sale_and_played(state, view)
    _mail_and_event_piles(state, view)
    _lottery(state, view)
    state.todo = _todo(state, view)
    return state


def _packed(event: dict[str, Any]) -> tuple[Any, ...]:
    """A log entry packed back from its JSON (every Pay Day event is public, `log.py`)."""
    kind = LOG_KINDS[event["kind"]]
    return (kind, *(event[name] for name in kind.__match_args__))


def _turn(state: PayDayState, view: PayDayView) -> None:
    state.player = view["turn"]
    current = view["current_player"]
    state.decider = current if current is not None else -1
    state.phase = Phase(PHASE_NAMES.index(view["phase"]))
    state.roll = view["roll"] or 0
    state.face = view["die"] or ""
    state.extra = view["extra_steps"]
    # an extra-move card took effect this turn: more extra steps than the die's +3
    state.extra_played = state.extra > (3 if state.face == "plus_three" else 0)
    state.die_todo = view["die_to_do"] or ""
    owing = view["owing"]
    state.owing = (owing["seat"], owing["amount"]) if owing is not None else (-1, 0)
    state.mail_pending = list(view["mail_offer"])
    phase = state.phase
    asking = view["asking"]
    state.queue = [] if phase in (Phase.JOIN, Phase.DOUBLE, Phase.COLLECT) else list(asking)


def _bargain(state: PayDayState, view: PayDayView) -> None:
    """The Bargain drawn or auctioned; a card the seat may not see is filled in later from
    the unseen ones (`_bargain_pile`)."""
    bargain = view["bargain"]
    state.drawn = []
    close_auction(state)
    if bargain is None:
        return
    state.drawer = bargain["drawer"]
    state.min_bid = bargain["min_bid"] or 0
    cards = [card or "" for card in bargain["cards"]]
    auction = bargain["auction"]
    if auction is None:
        state.drawn = cards
        return
    state.auction_card = cards[0]
    state.high = auction["high"] or 0
    high_bidder = auction["high_bidder"]
    state.high_bidder = -1 if high_bidder is None else high_bidder
    state.bidders = list(auction["bidders"])
    # put up (face up, at its cost) or an Auction Bargain (the drawer's secret while unsold)
    state.auction_hidden = state.game.bargain[cards[0]].kind == "auction" if cards[0] else True


def _bargain_pile(state: PayDayState, view: PayDayView, seat: int) -> None:
    """The pile: the places the seat knows as it knows them, the others (and the Yard Sale's
    card, and a drawn card it may not see) from the Bargains it has not seen; an unsold
    Auction Bargain of a known minimum gets an unseen Auction Bargain of that minimum."""
    game = state.game
    seen: set[str] = set(state.bargain_discard)
    for held in state.bargains:
        seen.update(held)
    seen.update(card for card in state.drawn if card)
    if state.auction_card:
        seen.add(state.auction_card)
    known = view["known_bargain_pile"]
    seen.update(k["card"] for k in known if k["card"])
    sale = view["sale"]
    if sale is not None:
        seen.add(sale["bargain"])
    unseen = [card for card in game.bargain if card not in seen]
    deck: list[str] = [""] * view["decks"]["bargain"]
    state.bargain_known = {}
    state.bargain_min = {}
    for k in known:
        card = k["card"]
        if card is None:
            continue
        deck[k["from_bottom"]] = card
        state.bargain_known[card] = 1 << seat
        info = game.bargain[card]
        if info.kind == "auction":
            state.bargain_min[card] = info.min_bid
    for k in known:
        minimum = k["min_bid"]
        if k["card"] is None and minimum is not None:
            card = _take(unseen, lambda c, m=minimum: game.bargain[c].min_bid == m)
            deck[k["from_bottom"]] = card
            state.bargain_min[card] = minimum
    if state.auction_card == "" and view["bargain"] is not None \
            and view["bargain"]["auction"] is not None:
        state.auction_card = _take(unseen, lambda c: game.bargain[c].kind == "auction")
    state.drawn = [card or _take(unseen, _auction_fit(state)) for card in state.drawn]
    state.yard_sale = unseen.pop() if view["yard_sale"] else ""
    for i, card in enumerate(deck):
        if not card:
            deck[i] = unseen.pop()
    if unseen:
        raise ValueError(f"the view's Bargain pile leaves {len(unseen)} cards unplaced")
    state.bargain_deck = deck


def _auction_fit(state: PayDayState) -> Any:
    """A face-down drawn card: one of two drawn at once (any), or an Auction Bargain (of the
    announced minimum if there is one)."""
    game = state.game
    if len(state.drawn) == 2:
        return lambda card: True
    minimum = state.min_bid
    return lambda card: game.bargain[card].kind == "auction" and (
        not minimum or game.bargain[card].min_bid == minimum)


def _take(pool: list[str], fits: Any) -> str:
    """The first card of `pool` that fits (else the first), taken out of it."""
    for i, card in enumerate(pool):
        if fits(card):
            return pool.pop(i)
    return pool.pop(0)


def _sale_and_played(state: PayDayState, view: PayDayView) -> None:
    sale = view["sale"]
    if sale is None:
        state.sale = (-1, "", "")
        state.hits = []
    else:
        state.sale = (sale["seller"], sale["bargain"], sale["markup"] or "")
        state.hits = [(hit["seat"], hit["card"]) for hit in sale["hits"]]
    state.chain_hit = sale["against"] or "" if sale is not None else ""
    played = view["played"]
    state.played = (played["seat"], played["card"]) if played is not None else (-1, "")
    # the chain's Not Today! cards, filled in from the unseen ones (`_mail_and_event_piles`)
    answers = played["not_today"] if played is not None else (
        sale["not_today"] if sale is not None else [])
    state.chain = [(answerer, "") for answerer in answers]


def _mail_and_event_piles(state: PayDayState, view: PayDayView) -> None:
    """The Mail and Event piles: the cards no seat, discard, offer, sale or play shows, as
    many as the view counts (their order is the determinization's)."""
    game = state.game
    shown = Counter(state.mail_discard)
    shown.update(state.mail_pending)
    for held in (*state.bills, *state.insurance, *state.markups):
        shown.update(held)
    if state.sale[2]:
        shown[state.sale[2]] += 1
    state.mail_deck = [card for card in game.mail if not shown[card]]
    events = Counter(state.event_discard)
    for held in state.event_cards:
        events.update(held)
    events.update(card for _, card in state.hits)
    if state.played[1]:
        events[state.played[1]] += 1
    unseen = [card for card in game.event if not events[card]]
    # a Not Today! is discarded as it is played: the chain's are the last ones discarded
    answers = [c for c in state.event_discard if game.event[c].effect == "not_today"]
    cards = answers[len(answers) - len(state.chain):] if state.chain else []
    state.chain = [(answerer, card) for (answerer, _), card in zip(state.chain, cards,
                                                                   strict=True)]
    state.event_deck = unseen
    decks = view["decks"]
    if len(state.mail_deck) != decks["mail"] or len(state.event_deck) != decks["event"]:
        raise ValueError("the view's Mail or Event pile does not add up")


def _lottery(state: PayDayState, view: PayDayView) -> None:
    lottery = view["lottery"]
    n = len(state.month)
    if lottery is None:
        state.lottery_pot = 0
        state.lottery_numbers = [0] * n
        state.lottery_stakes = [0] * n
        state.lottery_in = []
        state.lottery_queue = []
        return
    state.lottery_pot = lottery["pot"]
    state.lottery_numbers = list(lottery["numbers"])
    state.lottery_stakes = list(lottery["stakes"])
    state.lottery_in = list(lottery["in"])
    if state.phase in (Phase.JOIN, Phase.DOUBLE):
        state.lottery_queue = list(view["asking"])
    else:
        state.lottery_queue = _lottery_queue(state, view)


def _lottery_queue(state: PayDayState, view: PayDayView) -> list[int]:
    """The seats the Lottery has still to ask, from its log: in the first round every seat
    from the lander on not yet answered; after a roll, those in before it not yet asked."""
    log = view["log"]
    start = max(i for i, e in enumerate(log) if e["kind"] == "lottery")
    rolls = [i for i in range(start, len(log)) if log[i]["kind"] == "lottery-roll"]
    answered = {"pick", "lottery-out", "double-down"}
    if not rolls:
        lander = int(str(log[start]["seat"]))
        order = [lander, *state.others_from(lander)]
        done = {int(str(log[i]["seat"])) for i in range(start, len(log))
                if log[i]["kind"] in answered}
        return [s for s in order if s not in done]
    before = rolls[-2] if len(rolls) > 1 else start
    order = [int(str(log[i]["seat"])) for i in range(before, rolls[-1])
             if log[i]["kind"] in ("pick", "double-down")]
    done = {int(str(log[i]["seat"])) for i in range(rolls[-1], len(log))
            if log[i]["kind"] in answered}
    return [s for s in order if s not in done]


def _todo(state: PayDayState, view: PayDayView) -> list[tuple[int, ...]]:
    """The turn's work still to do, inferred from the phase and this turn's log (see the
    module's text)."""
    log = view["log"]
    begun = max((i for i, e in enumerate(log) if e["kind"] == "turn"), default=0)
    turn = log[begun:]
    player = state.player
    todo: list[tuple[int, ...]] = []
    orders = [i for i, e in enumerate(turn) if e["kind"] == "order"]
    if state.phase == Phase.ORDER:  # the space waits on the stack for the order
        todo.append((SPACE, player, state.pos[player]))
    elif orders:
        after = turn[orders[-1]:]
        kinds = {e["kind"] for e in after if e["seat"] == player}
        day = state.pos[player]
        if turn[orders[-1]]["choice"] == str(MOVE_FIRST):
            if state.die_todo:
                todo.append((FACE, player))
        elif not kinds & {"sold", "buy", "won", "unsold"} and not (
                state.face == "buyer" and "sell" not in kinds
                and state.phase != Phase.SELL):
            todo.append((SPACE, player, day))
    phase = state.phase
    if state.lottery_pot and phase not in (Phase.JOIN, Phase.DOUBLE):
        todo += _lottery_tasks(state, view)
    if state.mail_pending and phase != Phase.MAIL:
        todo.append((MAIL, state.owing[0] if state.owing[0] >= 0 else player))
    if phase == Phase.OWE:
        todo += _owed(state, view)
    return todo


def _lottery_tasks(state: PayDayState, view: PayDayView) -> list[tuple[int, ...]]:
    """The Lottery's tasks under a collect window or a card played for a stake."""
    log = view["log"]
    start = max(i for i, e in enumerate(log) if e["kind"] == "lottery")
    lander = int(str(log[start]["seat"]))
    rolled = any(e["kind"] == "lottery-roll" for e in log[start:])
    if state.phase == Phase.COLLECT or (not rolled and not any(
            e["kind"] in ("pick", "lottery-out") for e in log[start:])
            and state.lottery_queue and state.lottery_queue[0] == lander
            and state.played[0] != lander):
        asked = state.decider
        order = [lander, *state.others_from(lander)]
        event = state.game.event
        holders = [s for s in order if any(
            event[c].effect == "collect_each" for c in state.event_cards[s])]
        after = holders[holders.index(asked) + 1:] if asked in holders else []
        tasks: list[tuple[int, ...]] = [(LOTTERY, lander, 0)]
        tasks += [(COLLECT, s) for s in reversed(after)]
        return tasks
    if state.lottery_queue:
        return [(LOTTERY, state.lottery_queue[0], int(rolled))]
    return []


def _owed(state: PayDayState, view: PayDayView) -> list[tuple[int, ...]]:
    """The payment the seat in phase `owe` is asked about, on top: PAY DAY's 10% (the seat on
    PAY DAY owing just that), or a payment (to the seat it goes to, where this turn's log
    says), with PAY DAY's 10% under it when the seat is on PAY DAY (its bills)."""
    seat, amount = state.owing
    rules = state.game.rules
    on_pay_day = state.pos[seat] == len(state.game.board) - 1
    interest = -(-state.loan[seat] * rules.interest_percent // 1000) * 10
    if on_pay_day and amount == interest:
        return [(INTEREST, seat, 0, 0, 0)]
    to = -1
    player = state.player
    if seat != player and state.game.board[state.pos[player]].kind == "happy_birthday":
        to = player
    for event in reversed(view["log"]):
        if event["kind"] == "turn":
            break
        if event["kind"] == "play" and event["seat"] != seat \
                and state.game.event[str(event["card"])].effect == "collect_each":
            to = int(str(event["seat"]))
            break
    under = [(INTEREST, seat, 0, 0, 0)] if on_pay_day and seat == player else []
    return [*under, (PAY, seat, amount, to, 0)]


# ---- what a seat's holdings are worth -----------------------------------------------------------

#: a share of the turns on which a player rolls the PAY DAY die and it shows Buyer
DIE_BUYER = 0.4 / 6
#: an auction's cap: this far below what the card is worth to the bidder
AUCTION_MARGIN = 30
#: a Market Hit on a sale, a Not Today! against hits or a collect card: worth playing from
PLAY_WORTH = 100


@cache
def _landings(board: tuple[Space, ...], day: int) -> tuple[float, float]:
    """From `day` to PAY DAY with one die a turn: expected Buyer landings and turns."""
    last = len(board) - 1
    land = [0.0] * len(board)
    land[day] = 1.0
    for d in range(day, last):
        for roll in range(1, 7):
            land[min(d + roll, last)] += land[d] / 6
    buyers = sum(p for d, p in enumerate(land) if d > day and board[d].kind == "buyer")
    return buyers, sum(land[day:last])


def expected_sales(state: PayDayState, seat: int) -> float:
    """The sales `seat` may still expect: Buyer landings and PAY DAY die faces this month and
    in the months left, and its Buyer Event cards."""
    game = state.game
    if state.finished(seat):
        return 0.0
    buyers, turns = _landings(game.board, state.pos[seat])
    months_left = game.months - state.month[seat] - 1
    if months_left > 0:
        more_buyers, more_turns = _landings(game.board, 0)
        buyers += months_left * more_buyers
        turns += months_left * more_turns
    cards = sum(game.event[c].effect == "buyer" for c in state.event_cards[seat])
    return buyers + turns * DIE_BUYER + cards



def holdings_worth(state: PayDayState, seat: int, bargains: Sequence[str],
                   markups: Sequence[str], sales: float) -> float:
    """Expected money from `bargains` (best first, each with the best Markup left) over
    `sales` expected sales (Poisson)."""
    game = state.game
    resale = sorted((game.bargain[b].resale for b in bargains), reverse=True)
    boost = sorted((game.markup[m].value for m in markups), reverse=True)
    tails = poisson_tail(sales, len(resale))
    return sum((r + (boost[k] if k < len(boost) else 0)) * tails[k]
               for k, r in enumerate(resale))


def _bills_due(state: PayDayState, seat: int) -> int:
    game = state.game
    insured = {card.type for c in state.insurance[seat]
               if isinstance(card := game.mail[c], Insurance)}
    return sum(bill.amount for c in state.bills[seat]
               if isinstance(bill := game.mail[c], Bill) and bill.type not in insured)


#: the most auction decisions `evaluate` plays to settle an auction a playout stopped in
SETTLE_LIMIT = 400


def evaluate(state: PayDayState) -> list[float]:
    """Each seat's money as the game would count it, plus what it holds is expected to bring:
    its Bargains (and Markups) by the sales it may still expect, its collect cards, a sale
    under way at its price less the hits, less the bills it will pay at PAY DAY; exactly the
    money once the seat has finished. An auction the playout stopped in is first played to
    its end by the rollout policy (bids of the lowest step take many decisions)."""
    if state.phase == Phase.AUCTION:
        state = state.clone()
        rng = random.Random(0)
        for _ in range(SETTLE_LIMIT):
            if state.phase != Phase.AUCTION:
                break
            state.apply_unchecked(rollout_policy(state, rng))
    scores = state.scores()
    if state.is_terminal:
        return scores
    game = state.game
    seller, sold, markup = state.sale
    if seller >= 0:
        price = game.bargain[sold].resale + (game.markup[markup].value if markup else 0)
        scores[seller] += max(0, price - sum(game.event[c].amount for _, c in state.hits))
    out = []
    for seat, money in enumerate(scores):
        if state.finished(seat):
            out.append(money)
            continue
        worth = holdings_worth(state, seat, state.bargains[seat], state.markups[seat],
                               expected_sales(state, seat))
        others = sum(not state.finished(s) for s in range(len(scores))) - 1
        for card in state.event_cards[seat]:
            info = game.event[card]
            if info.effect == "collect_bank":
                worth += info.amount
            elif info.effect == "collect_each":
                worth += info.amount * others
        out.append(money + worth - _bills_due(state, seat))
    return out


# ---- the rollout policy ----------------------------------------------------------------------


def rollout_policy(state: PayDayState, rng: random.Random) -> Action:
    """A greedy move for the seat to decide, cheap enough for rollouts (the heuristic bot's
    ideas, read from the state: `_POLICY` by phase); the first legal action where it has
    nothing to say."""
    legal = state.legal_actions()
    choice = _POLICY.get(state.phase, _first)(state, legal, rng)
    return choice if choice is not None else legal[0]


def card_gain(state: PayDayState, seat: int, card: str) -> float:
    """What holding the Bargain `card` too adds to `seat`'s expected money."""
    sales = expected_sales(state, seat)
    held, marks = state.bargains[seat], state.markups[seat]
    return holdings_worth(state, seat, [*held, card], marks, sales) \
        - holdings_worth(state, seat, held, marks, sales)


def _first(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    return legal[0]


def _start(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    seat = state.decider
    event = state.game.event
    for action in legal:
        if isinstance(action, Play) and event[action.card].effect in (
                "collect_bank", "collect_each"):
            return action
    if ROLL_BOTH in legal and state.bargains[seat] and state.cash[seat] >= 300 \
            and expected_sales(state, seat) < len(state.bargains[seat]):
        return ROLL_BOTH
    return ROLL


def _space_value(state: PayDayState, seat: int, day: int) -> float:
    kind = state.game.board[day].kind
    if kind == "buyer":
        return 150.0 if state.bargains[seat] else 0.0
    if kind == "bargain":
        return 40.0
    if kind == "mail":
        return -60.0 * state.game.board[day].mail
    if kind in ("event", "happy_birthday"):
        return 60.0
    if kind == "daylight_savings":
        return -40.0
    return 0.0


def _steps(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    seat = state.decider
    moves = [a for a in legal if isinstance(a, Move)]
    if not moves:
        return legal[0]
    here = state.pos[seat]
    return max(moves, key=lambda a: _space_value(state, seat, here + a.steps))


def _order(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    return MOVE_FIRST if state.die_todo == "buyer" else DIE_FIRST


def _profit(state: PayDayState, seat: int, card: str) -> float:
    info = state.game.bargain[card]
    price = info.cost if info.kind == "plain" else info.min_bid
    return card_gain(state, seat, card) - price


def _choose(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    seat = state.decider
    return max((a for a in legal if isinstance(a, Keep)),
               key=lambda a: _profit(state, seat, state.drawn[a.which - 1]))


def _drawn(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    seat = state.decider
    card = state.drawn[0]
    info = state.game.bargain[card]
    if info.kind == "plain":
        if _profit(state, seat, card) > 0:
            return next(a for a in legal if isinstance(a, Buy))
        return next(a for a in legal if isinstance(a, PutUp))
    if _profit(state, seat, card) > 2 * AUCTION_MARGIN:
        return next(a for a in legal if isinstance(a, Bid))
    return ANNOUNCE


def _auction(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    bids = [a for a in legal if isinstance(a, Bid)]
    if not bids:
        return PASS
    lowest = bids[0]
    assert isinstance(lowest, Bid)
    cap = card_gain(state, state.decider, state.auction_card) - AUCTION_MARGIN
    return lowest if lowest.amount <= cap else PASS


def _sell(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    game = state.game

    def price(action: Action) -> int:
        assert isinstance(action, Sell)
        return game.bargain[action.card].resale + (
            game.markup[action.markup].value if action.markup else 0)

    return max(legal, key=price)


def _leader(state: PayDayState, seat: int) -> int:
    scores = state.scores()
    return max((s for s in range(len(scores)) if s != seat), key=lambda s: scores[s])


def _hit(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    seat = state.decider
    seller = state.sale[0]
    if seller != _leader(state, seat):
        return NO_HIT
    hits = [a for a in legal if isinstance(a, Hit)]
    return max(hits, key=lambda a: state.game.event[a.card].amount) if hits else NO_HIT


def _answer(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    lost = sum(state.game.event[card].amount for _, card in state.hits)
    return NOT_TODAY if lost >= PLAY_WORTH else ALLOW


def _cancel(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    """Not Today! only against another's collect-from-each card worth `PLAY_WORTH`, played
    first (no chains)."""
    player, card = state.played
    if card and player != state.decider and not state.chain:
        info = state.game.event[card]
        if info.effect == "collect_each" and info.amount >= PLAY_WORTH:
            return NOT_TODAY
    return ALLOW


def _mail(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    seat = state.decider
    game = state.game
    card_id = state.mail_pending[0]
    card = game.mail[card_id]
    if isinstance(card, Insurance):
        covered = sum(bill.amount for c in state.bills[seat]
                      if isinstance(bill := game.mail[c], Bill) and bill.type == card.type)
        gain = covered + 100.0 - card.cost
    elif isinstance(card, Markup):
        sales = expected_sales(state, seat)
        held, marks = state.bargains[seat], state.markups[seat]
        gain = holdings_worth(state, seat, held, [*marks, card_id], sales) \
            - holdings_worth(state, seat, held, marks, sales) - card.cost
    else:
        return Discard(card_id)
    return Buy(card_id) if gain > 0 and Buy(card_id) in legal else Discard(card_id)


def _join(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    seat = state.decider
    picks = [a for a in legal if isinstance(a, Pick)]
    if picks and state.cash[seat] - state.game.rules.lottery_stake >= _bills_due(state, seat):
        return picks[rng.randrange(len(picks))]
    plays = [a for a in legal if isinstance(a, Play)]
    return plays[0] if plays else STAY_OUT


def _double(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    return DROP_OUT


def _repay(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    seat = state.decider
    if REPAY_ALL in legal and state.cash[seat] - state.loan[seat] >= 300:
        return REPAY_ALL
    return KEEP_LOAN


def _owe(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    event = state.game.event
    for action in legal:
        if isinstance(action, Play) and event[action.card].effect in (
                "collect_bank", "collect_each"):
            return action
    return TAKE_LOAN


def _collect(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    return legal[0]


def _reroll(state: PayDayState, legal: list[Action], rng: random.Random) -> Action | None:
    return KEEP_ROLL


_POLICY = {
    Phase.START: _start,
    Phase.REROLL: _reroll,
    Phase.ORDER: _order,
    Phase.STEPS: _steps,
    Phase.CHOOSE: _choose,
    Phase.BARGAIN: _drawn,
    Phase.AUCTION: _auction,
    Phase.SELL: _sell,
    Phase.HIT: _hit,
    Phase.ANSWER: _answer,
    Phase.CANCEL: _cancel,
    Phase.PROTECT: lambda state, legal, rng: ALLOW,
    Phase.MAIL: _mail,
    Phase.JOIN: _join,
    Phase.DOUBLE: _double,
    Phase.REPAY: _repay,
    Phase.OWE: _owe,
    Phase.COLLECT: _collect,
}


# ---- the first moves worth searching -----------------------------------------------------------

#: the bids searched above the lowest one (dollars)
JUMPS = (100, 250)


def candidates(state: PayDayState, width: int) -> list[Action]:
    """The first moves worth searching, best first by the cheap policy, at most `width`: in
    an auction (or opening one's own Auction Bargain) the policy's choice, the lowest bid,
    passing (or announcing) and bids `JUMPS` above the lowest; at a Buyer the sales of the
    best price now; moves by the value of the space reached; one Lottery number; any other
    decision's every legal action, the policy's first."""
    legal = state.legal_actions()
    policy = _POLICY.get(state.phase, _first)(state, legal, random.Random(0)) or legal[0]
    phase = state.phase
    if phase in (Phase.AUCTION, Phase.BARGAIN) and any(isinstance(a, Bid) for a in legal):
        bids = [a for a in legal if isinstance(a, Bid)]
        lowest = bids[0]
        assert isinstance(lowest, Bid)
        wanted = {lowest.amount + jump for jump in JUMPS}
        ranked = [lowest, *(a for a in legal if not isinstance(a, Bid)),
                  *(a for a in bids if isinstance(a, Bid) and a.amount in wanted)]
    elif phase == Phase.SELL:
        ranked = sorted(legal, key=lambda a: -_sale_price(state, a))
    elif phase == Phase.STEPS:
        seat = state.decider
        ranked = sorted(legal, key=lambda a: -_space_value(state, seat, state.pos[seat] + a.steps)
                        if isinstance(a, Move) else 0.0)
    elif phase == Phase.JOIN:
        ranked = [next((a for a in legal if not isinstance(a, Pick)), legal[-1]),
                  *(a for a in legal if isinstance(a, Pick))][:2]
    else:
        ranked = list(legal)
    out = [policy, *(a for a in ranked if a != policy)]
    return out[:width]


def _sale_price(state: PayDayState, action: Action) -> int:
    if not isinstance(action, Sell):
        return 0
    game = state.game
    return game.bargain[action.card].resale + (
        game.markup[action.markup].value if action.markup else 0)
