"""A heuristic Pay Day bot: it plays its seat from the view and the game's public card data.

It never sees the state: only its view, the legal actions and what is printed on the cards and
the board (`game.bargain`, `game.mail`, `game.markup`, `game.event`, `game.board`, `game.rules`)
and the options (`game.months`, `game.interest_lowers_loan`, `game.loans_count`).

The core is **the worth of what it holds**, `Plan.worth`: a Bargain is worth its resale only if
it is sold before the player's final PAY DAY (seed 002 "Is it the final month?": the cards are
discarded). The Buyers still ahead are counted from the landing chances of a six-sided die
(`_reach`: the chance to land on each day from the bot's day, PAY DAY stopping the token), for
this month and every month left, plus a share of the PAY DAY die's Buyer face and the bot's
Buyer events: `Plan.sales`, an expected number of sales. The number of sales is taken as
Poisson; the bot sells its best Bargains first, each with its best Markup, so the k-th best is
worth (resale + k-th markup) x P(sales >= k). Every purchase compares the worth with and without
the card:

- **Bargains** (seed "Bargain"): a plain card is bought when its worth minus its cost (minus the
  interest a loan it forces would cost) plus `DENY` of its printed margin is positive (declined,
  it goes to auction and a rival may take it at cost); otherwise it is put up for auction.
  Of two drawn at once (the die's Bargain face on a Bargain space) it keeps the better one.
- **Auctions** ("Auction Bargains"): the bot bids the lowest legal bid while it is under its cap:
  the card's worth less `AUCTION_MARGIN` and the loan's interest. An unseen card (another's
  Auction Bargain) is valued as the mean of the Auction Bargains it could be (not in anyone's
  hands or the discards, with the announced minimum, or at most the drawer's opening bid), less
  a caution for a drawer who may be bluffing. Its own Auction Bargain: it opens at the minimum
  when the card pays more than both margins at that price, else announces it (and is out).
- **Selling** ("Buyer"): of every (Bargain, Markup) pair it takes the one that maximises the
  price now plus the worth of what is left, so it keeps a Markup for a better Bargain later.
- **Mail**: insurance when the bills of that type it holds plus those expected over the Mail
  spaces still ahead (per card drawn, the type's share of the Mail deck) exceed the cost;
  a Markup when the worth it adds beats its cost.
- **Events**: collect cards are played at once (at the start of its turn, or in a window: short
  of cash for a payment or a Lottery stake); an extra move after the roll when the space it
  reaches is `EXTRA_WORTH` better; a Buyer event when it holds a Bargain it may not otherwise
  sell (also to cover a payment); a Bargain event while Bargains still pay. Market
  Hits against rivals' sales (the leader, or anyone close, or when its own game ends), never
  against a seller who holds Not Today! unless its cards will soon be worthless. Not Today!
  against hits on its own sale worth `NOT_TODAY_WORTH` or more, against collect-from-each
  events of $100 or more and against a leader's big gains. In a chain of Not Today! cards (a
  Not Today! is an Event card too) it answers only to restore its own card worth
  `RESTORE_WORTH` or more (a Buyer counts as that much), or to cancel again a rival's card it
  would have cancelled; it never cancels a Not Today! that keeps a rival's card cancelled.
  When someone lands on the Lottery it plays a collect-from-each card the window offers (it
  leaves a rival short of the stake, and the card's money is the same whenever it comes).
- **Dice** ("On your turn", "Pay Day Die"): roll both when the expected gain of the die's faces
  (a sale, a Bargain, +3, a reroll) beats the $100 (less its share of the Jackpot);
  `move first` for a Buyer face (a Markup or a Bargain found on the way can then be used), die
  first for a Bargain face (it may then be sold on the way), and die first whenever the move
  ends its game at PAY DAY; steps and rerolls by `Plan.space_value` (a Buyer when holding
  Bargains, a Bargain space while they pay, Mail's expected bills, Happy Birthday ...).
- **Lottery**: joins when its cash after the stake covers the bills it holds (it may not borrow
  for the Lottery; short of the stake, it plays a collect card when it holds one), doubles down
  only when the pot is worth more than `DOUBLE_FACTOR` times the stake at one chance in six.
- **Loans**: taken (`take loan`) when a payment is short and no card pays it; the interest a
  purchase's loan would cost counts against it (`Plan.loan_cost`; nothing under the default
  `interest=payment`, where the 10% is a payment off the loan); at PAY DAY it repays when cash
  keeps `CUSHION` (never under `loans_at_end=ignore`).

Ties between equally good actions go to the first in the game's legal order; the lottery number
is drawn from the bot's seeded RNG, so a bot is deterministic given its seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache
from operator import attrgetter

from motherlode.engine import Action, Game, View
from motherlode.engine.events import money
from motherlode.rules.payday import (
    ALLOW,
    ANNOUNCE,
    DIE_FIRST,
    DOUBLE_DOWN,
    DROP_OUT,
    KEEP_LOAN,
    KEEP_ROLL,
    MOVE_FIRST,
    NO_HIT,
    NOT_TODAY,
    PASS,
    REPAY_ALL,
    REPAY_STEP,
    REROLL,
    ROLL,
    ROLL_BOTH,
    STAY_OUT,
    TAKE_LOAN,
    AuctionView,
    BargainView,
    Bid,
    Bill,
    Buy,
    Cancel,
    Discard,
    Event,
    Hit,
    Insurance,
    Keep,
    LotteryView,
    Markup,
    Move,
    PayDay,
    PayDayView,
    Pick,
    Play,
    PlayedView,
    PutUp,
    SaleView,
    SeatView,
    Sell,
    Space,
    is_payday_view,
)

MARGIN = 20  # the bot's own Auction Bargain is opened when it pays this (and AUCTION_MARGIN)
DENY = 0.3  # a plain Bargain declined goes to auction: a rival gets its margin (a share counts)
AUCTION_MARGIN = 30  # an auction's cap is this far below the worth
UNSEEN_CAUTION = 60  # and this much lower again for a card the bot has not seen
DIE_SHARE = 0.4  # the share of its turns the bot expects to roll the PAY DAY die too
EVENT_WORTH = 60  # an Event card drawn, on average
EXTRA_WORTH = 40  # an extra-move card is played when the space it reaches is this much better
NOT_TODAY_WORTH = 100  # hits on its own sale worth this much are cancelled
RESTORE_WORTH = 200  # its own Event card bringing this much is restored against a Not Today!
CUSHION = 300  # cash kept after repaying a loan
DOUBLE_FACTOR = 1.5  # double down when pot / 6 >= this x the new stake
LATE = 0.6  # expected sales left below this: the bot's cards are nearly worthless


def poisson_tail(mean: float, count: int) -> list[float]:
    """P(N >= k) for k = 1..count, N Poisson with `mean`."""
    tails = []
    term = math.exp(-mean)
    below = term
    for k in range(1, count + 1):
        tails.append(max(0.0, 1.0 - below))
        term *= mean / k
        below += term
    return tails


def ranked_worth(resale: list[int], boost: Sequence[int], tails: Sequence[float]) -> float:
    """The Bargains of `resale` sold best first, the k-th with the k-th best Markup (`boost`,
    one each, 0 without) and the chance of a k-th sale (`tails`): their expected money
    (`Plan.worth`). Sorts `resale` in place."""
    resale.sort(reverse=True)
    return sum([(r + b) * t for r, b, t in zip(resale, boost, tails, strict=True)])


@cache
def _reach(board: tuple[Space, ...], day: int) -> tuple[float, ...]:
    """The chance to land on each day from `day` with one die a turn (PAY DAY stops the token):
    the day itself counts 1."""
    last = len(board) - 1
    land = [0.0] * len(board)
    land[day] = 1.0
    for d in range(day, last):
        for roll in range(1, 7):
            land[min(d + roll, last)] += land[d] / 6
    return tuple(land)


class PayDayHeuristic:
    """Plays one seat of Pay Day from its view (see the module's docstring)."""

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        if not isinstance(game, PayDay):
            raise TypeError(f"the Pay Day bot plays Pay Day, not {game.name}")
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        g = self.game
        self.board = g.board
        self.last_day = len(g.board) - 1
        mail = list(g.mail.values())
        self.bill_share: dict[str, float] = {}  # per Mail card drawn: the bills of each type
        for card in mail:
            if isinstance(card, Bill):
                self.bill_share[card.type] = self.bill_share.get(card.type, 0.0) \
                    + card.amount / len(mail)
        self.mail_bill = sum(self.bill_share.values())
        # made once, read by every decision (the same numbers the plan would recompute)
        self.resale = {card.id: card.resale for card in g.bargain.values()}
        self.boost = {card.id: card.value for card in g.markup.values()}
        self.buyer_face = g.die_faces.count("buyer") / len(g.die_faces)
        self.draw_prices = [(card.id, card.resale, card.cost if card.kind == "plain"
                             else card.min_bid + AUCTION_MARGIN) for card in g.bargain.values()]
        self.ahead_from: dict[tuple[int, int], tuple[float, float, float]] = {}
        self.tails: dict[tuple[float, int], tuple[float, ...]] = {}

    # ---- the plan: what the view says about the bot's chances --------------------------------
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.explain(view, legal)[0]

    def explain(self, view: View, legal: Sequence[Action]) -> tuple[Action, str]:
        """The action `choose` takes and why, in a line of plain words (from the view)."""
        if len(legal) == 1:
            return legal[0], "it is the only thing to do"
        if not is_payday_view(view):
            raise ValueError(f"the Pay Day bot reads Pay Day views, not {view['game']}'s")
        plan = Plan(self, view)
        handler = getattr(plan, "on_" + str(view["phase"]), None)
        choice = handler(legal) if handler is not None else None
        if choice is None or choice not in legal:
            return legal[0], "nothing is better than the first choice"
        return choice, plan.why


class Plan:
    """One decision: the bot's seat as the view shows it, and the valuations."""

    def __init__(self, bot: PayDayHeuristic, view: PayDayView) -> None:
        self.bot = bot
        self.game = bot.game
        self.view = view
        self.me = bot.seat
        seats = view["seats"]
        self.mine: SeatView = seats[self.me]
        self.day: int = self.mine["day"] if self.mine["day"] is not None else self.bot.last_day
        self.now = self.day  # where its token stands
        self.day = self.after_pending_move()
        self.months_left = self.game.months - self.mine["month"] - 1  # after this one
        self.cash: int = self.mine["cash"]
        self.bargains: list[str] = list(self.mine["bargains"])
        self.markups: list[str] = list(self.mine["markups"])
        self.active = [s for s, info in enumerate(seats) if not info["finished"]]
        self.sales = self.expected_sales(self.day)
        self.why = "it looks best"  # the reason of the decision, set by the handler
        self.held: float | None = None  # `worth` of what it holds, once asked
        self.card_worths: dict[str, float] = {}  # `card_worth`, once asked
        self.bargain_gain: float | None = None  # `draw_gain`, once asked

    def because(self, action: Action, why: str) -> Action:
        """`action`, noting why it was chosen (for `explain`)."""
        self.why = why
        return action
    def after_pending_move(self) -> int:
        """Its day once the move it has rolled for is made (the PAY DAY die's action done
        first): its sales are counted from there."""
        view = self.view
        roll = view["roll"]
        if view["turn"] != self.me or not roll:
            return self.day
        for event in reversed(view["log"]):
            kind = event["kind"]
            if kind in ("move", "turn") or (kind == "order" and event["choice"] == "move first"):
                return self.day
            if kind == "roll":
                return min(self.day + roll, self.bot.last_day)
        return self.day

    # ---- chances ahead ------------------------------------------------------------------------
    def ahead(self, day: int) -> tuple[float, float, float]:
        """From `day` to the end of the game: expected Buyer landings, Mail cards, turns
        (worked out once per day and months left)."""
        key = (day, self.months_left)
        known = self.bot.ahead_from.get(key)
        if known is None:
            known = self.bot.ahead_from[key] = self.count_ahead(day)
        return known

    def count_ahead(self, day: int) -> tuple[float, float, float]:
        board = self.bot.board
        buyers = mails = turns = 0.0
        for start, months in ((day, 1), (0, self.months_left)):
            if months <= 0:
                continue
            land = _reach(board, start)
            b = sum(p for d, p in enumerate(land) if d > start and board[d].kind == "buyer")
            m = sum(p * board[d].mail for d, p in enumerate(land) if d > start)
            t = sum(land[start:self.bot.last_day])
            buyers += months * b
            mails += months * m
            turns += months * t
        return buyers, mails, turns

    def expected_sales(self, day: int, extra: float = 0.0) -> float:
        buyers, _, turns = self.ahead(day)
        events = sum(1 for c in self.mine["events"] if self.game.event[c].effect == "buyer")
        return buyers + turns * DIE_SHARE * self.bot.buyer_face + events + extra

    def worth(self, bargains: Sequence[str], markups: Sequence[str],
              sales: float | None = None) -> float:
        """Expected money from `bargains` (best first, each with the best Markup left)."""
        mean = self.sales if sales is None else sales
        resale = [self.bot.resale[b] for b in bargains]
        return ranked_worth(resale, self.boosts(markups, len(resale)),
                            self.tails(mean, len(resale)))

    def boosts(self, markups: Sequence[str], count: int) -> list[int]:
        """The `count` best Markups' values, best first, with 0 for the Bargains sold without
        one."""
        boost = sorted([self.bot.boost[m] for m in markups], reverse=True)
        return boost[:count] + [0] * (count - len(boost))

    def tails(self, mean: float, count: int) -> tuple[float, ...]:
        """`poisson_tail(mean, count)`, worked out once per mean and count."""
        known = self.bot.tails.get((mean, count))
        if known is None:
            known = self.bot.tails[mean, count] = tuple(poisson_tail(mean, count))
        return known

    def held_worth(self) -> float:
        """`worth` of the Bargains and Markups it holds (at the expected sales)."""
        if self.held is None:
            self.held = self.worth(self.bargains, self.markups)
        return self.held

    def card_worth(self, card: str) -> float:
        """What holding `card` too adds."""
        known = self.card_worths.get(card)
        if known is None:
            known = self.card_worths[card] = \
                self.worth([*self.bargains, card], self.markups) - self.held_worth()
        return known

    def loan_cost(self, price: int) -> float:
        """The interest a loan forced by paying `price` would cost (0 under interest=payment)."""
        if self.game.interest_lowers_loan:
            return 0.0
        short = price - self.cash
        if short <= 0:
            return 0.0
        step = self.game.rules.loan_step
        borrowed = -(-short // step) * step
        return borrowed * self.game.rules.interest_percent / 100 * (self.months_left + 1)

    def draw_gain(self) -> float:
        """The expected gain of drawing a Bargain: each card bought only if it pays."""
        if self.bargain_gain is None:
            self.bargain_gain = self.count_draw_gain()
        return self.bargain_gain

    def count_draw_gain(self) -> float:
        """`draw_gain` worked out: each card's `card_worth` from the resales, Markups and
        chances it holds, sorted once."""
        held = [self.bot.resale[b] for b in self.bargains]
        boost = self.boosts(self.markups, len(held) + 1)
        tails = self.tails(self.sales, len(held) + 1)
        base = self.held_worth()
        worths = self.card_worths
        total = 0.0
        for card, resale, price in self.bot.draw_prices:
            worth = worths.get(card)
            if worth is None:
                worth = worths[card] = ranked_worth([*held, resale], boost, tails) - base
            total += max(0.0, worth - price - self.loan_cost(price))
        return total / len(self.bot.draw_prices)

    def sale_gain(self, day: int) -> float:
        """What one more sale at `day` adds, selling the best Bargain with the best Markup."""
        if not self.bargains:
            return 0.0
        after = self.expected_sales(day)
        return self.worth(self.bargains, self.markups, after + 1) \
            - self.worth(self.bargains, self.markups, after)

    def money(self, seat: int) -> int:
        info = self.view["seats"][seat]
        return info["cash"] - (info["loan"] if self.game.loans_count else 0)

    def leader(self) -> int:
        """The other seat with the most money (first in seat order on ties)."""
        others = [s for s in range(len(self.view["seats"])) if s != self.me]
        return max(others, key=self.money)

    def insured(self) -> set[str]:
        """The bill types its insurance covers."""
        mail = self.game.mail
        return {card.type for c in self.mine["insurance"]
                if isinstance(card := mail[c], Insurance)}

    def held_bills(self) -> int:
        """The bills it holds that its insurance does not cover."""
        insured = self.insured()
        total = 0
        for card in self.mine["bills"]:
            bill = self.game.mail[card]
            if isinstance(bill, Bill) and bill.type not in insured:
                total += bill.amount
        return total

    def late(self) -> bool:
        """Its remaining sales are few: its Event cards will soon be discarded."""
        return self.months_left == 0 and self.sales < LATE

    # ---- spaces --------------------------------------------------------------------------------
    def space_value(self, day: int) -> float:
        """Roughly what landing on `day` is worth to the bot now."""
        board = self.bot.board
        kind = board[day].kind
        if kind == "buyer":
            return self.sale_gain(day)
        if kind == "bargain":
            return self.draw_gain()
        if kind == "mail":
            insured = self.insured()
            bills = sum(v for t, v in self.bot.bill_share.items() if t not in insured)
            return -board[day].mail * (bills - 10)
        if kind == "event":
            return EVENT_WORTH
        if kind == "lottery":
            return 80.0 if self.cash >= self.game.rules.lottery_stake else 0.0
        if kind == "happy_birthday":
            return float(self.game.rules.birthday_gift * (len(self.active) - 1))
        if kind == "yard_sale":
            return self.yard_sale_value() if self.view["yard_sale"] else 0.0
        if kind == "daylight_savings":
            spent = self.mine["daylight_savings"] >= self.game.daylight_savings_limit
            return 0.0 if spent else -60.0
        if kind == "pay_day" and self.months_left == 0:
            return -self.held_worth() - 50
        return 0.0

    def yard_sale_value(self) -> float:
        cards = list(self.game.bargain.values())
        gain = sum(self.card_worth(c.id) for c in cards) / len(cards)
        return gain - 3.5 * self.game.rules.yard_sale_per_pip

    def landing(self, steps: int) -> int:
        return min(self.now + steps, self.bot.last_day)

    # ---- the start of a turn -------------------------------------------------------------------
    def on_start(self, legal: Sequence[Action]) -> Action:
        event = self.game.event
        plays = [a for a in legal if isinstance(a, Play)]
        for action in plays:
            effect = event[action.card].effect
            if effect in ("collect_bank", "collect_each"):
                return self.because(action, "its money is best taken at once")
            if effect == "buyer" and self.sells_now():
                return self.because(action, "a sale now: few Buyers are left for its Bargains")
            if effect == "bargain" and self.draw_gain() > 20:
                return self.because(action, "a Bargain drawn now should pay before the end")
        cost = money(self.game.rules.payday_die_cost)
        if ROLL_BOTH in legal and self.die_gain() > 0:
            return self.because(ROLL_BOTH, f"the PAY DAY die's faces are worth more than {cost}")
        return self.because(ROLL, f"the PAY DAY die is not worth its {cost} now")

    def sells_now(self) -> bool:
        """Whether a Buyer card is best used now: two Bargains or more, few sales ahead."""
        return bool(self.bargains) and (
            len(self.bargains) >= 2 or self.sales - 1 < 1.5 or self.late())

    def die_gain(self) -> float:
        """The PAY DAY die's faces against its price, less the bot's share of the Jackpot."""
        faces = self.game.die_faces
        n = len(faces)
        gain = faces.count("buyer") / n * self.sale_gain(self.day)
        gain += faces.count("bargain") / n * self.draw_gain()
        gain += (faces.count("plus_three") + faces.count("reroll")) / n * 25
        cost = self.game.rules.payday_die_cost
        back = cost / max(1, len(self.active))
        return gain - (cost - back) - self.loan_cost(cost)

    def on_reroll(self, legal: Sequence[Action]) -> Action:
        roll = self.view["roll"] or 0
        now = self.space_value(self.landing(roll))
        mean = sum(self.space_value(self.landing(r)) for r in range(1, 7)) / 6
        if mean > now + 20:
            return self.because(REROLL, f"the space a {roll} reaches is worse than the average")
        return self.because(KEEP_ROLL, f"the space a {roll} reaches is as good as a new roll")

    def on_order(self, legal: Sequence[Action]) -> Action:
        """Asked once the token stands on its new space (not yet carried out)."""
        if self.now == self.bot.last_day and self.months_left == 0:
            return self.because(DIE_FIRST, "its last PAY DAY would discard the die's action")
        if self.view["die_to_do"] == "buyer":
            return self.because(MOVE_FIRST, "the space may bring a Bargain or Markup to sell")
        return self.because(DIE_FIRST, "a Bargain drawn first may be sold on the space")

    def on_steps(self, legal: Sequence[Action]) -> Action:
        """The best landing; an extra-move card played when a landing it reaches is better by
        `EXTRA_WORTH` (or the game is nearly over for the bot), the best one first."""
        moves = [a for a in legal if isinstance(a, Move)]
        best = max(moves, key=lambda a: self.space_value(self.landing(a.steps)))
        here = self.space_value(self.landing(best.steps))
        top = max(a.steps for a in moves)
        event = self.game.event
        plays = sorted((a for a in legal if isinstance(a, Play)),
                       key=lambda a: -event[a.card].amount)
        for play in plays:
            further = max(self.space_value(self.landing(top + k))
                          for k in range(1, event[play.card].amount + 1))
            if further > here + EXTRA_WORTH or (further > here and self.late()):
                return self.because(play, "the extra move reaches a better space")
        return self.because(best, f"day {self.landing(best.steps)} is the best space in reach")

    # ---- short of cash for a payment -----------------------------------------------------------
    def on_owe(self, legal: Sequence[Action]) -> Action:
        """A collect card rather than a loan; a Buyer card when it would sell now anyway."""
        card = self.paying_card(legal, "instead of a loan")
        if card is not None:
            return card
        return self.because(TAKE_LOAN, "its cards are worth more kept than a loan costs")

    def paying_card(self, legal: Sequence[Action], instead: str) -> Action | None:
        """A card that raises cash now: a collect card (its money is best taken at once), or
        a Buyer card when it would sell now anyway; None if neither is offered."""
        event = self.game.event
        for action in legal:
            if not isinstance(action, Play):
                continue
            effect = event[action.card].effect
            if effect in ("collect_bank", "collect_each"):
                return self.because(action, f"the card's money pays {instead}")
            if effect == "buyer" and self.sells_now():
                return self.because(action, f"a sale pays {instead}")
        return None

    # ---- Bargains and auctions -----------------------------------------------------------------
    def profit(self, card: str) -> float:
        """What buying `card` at its price (plain: cost; auction: minimum bid) gains."""
        info = self.game.bargain[card]
        price = info.cost if info.kind == "plain" else info.min_bid
        return self.card_worth(card) - price - self.loan_cost(price)

    def bargain(self) -> BargainView:
        """The Bargain being dealt with (the phases that ask about one have it)."""
        bargain = self.view["bargain"]
        if bargain is None:
            raise ValueError(f"a {self.view['phase']} decision without a Bargain")
        return bargain

    def auction(self) -> AuctionView:
        auction = self.bargain()["auction"]
        if auction is None:
            raise ValueError("an auction decision without an auction")
        return auction

    def sale(self) -> SaleView:
        sale = self.view["sale"]
        if sale is None:
            raise ValueError(f"a {self.view['phase']} decision without a sale")
        return sale

    def seen_card(self, index: int = 0) -> str:
        """A drawn card the bot may see (its own draw)."""
        card = self.bargain()["cards"][index]
        if card is None:
            raise ValueError("the bot's own draw is face down to it")
        return card

    def on_choose(self, legal: Sequence[Action]) -> Action:
        keeps = [a for a in legal if isinstance(a, Keep)]
        best = max(keeps, key=lambda a: self.profit(self.seen_card(a.which - 1)))
        return self.because(best, "the Bargain kept is worth more to it")

    def on_bargain(self, legal: Sequence[Action]) -> Action:
        card = self.seen_card()
        info = self.game.bargain[card]
        if info.kind == "plain":
            buy = self.profit(card) + DENY * max(0, info.resale - info.cost) > 0
            if buy:
                return self.because(next(a for a in legal if isinstance(a, Buy)),
                                    f"the {info.name} should sell for more than it costs")
            return self.because(next(a for a in legal if isinstance(a, PutUp)),
                                f"the {info.name} is unlikely to sell at a profit in time")
        if self.profit(card) > MARGIN + AUCTION_MARGIN:  # opens at the minimum
            return self.because(min((a for a in legal if isinstance(a, Bid)),
                                    key=lambda a: a.amount),
                                "the card pays well at its minimum bid")
        return self.because(ANNOUNCE, "the card does not pay enough at its minimum bid")

    def cap(self, card: str | None) -> float:
        """The highest bid the card is worth to the bot (before the loan it may force)."""
        if card is not None:
            return self.card_worth(card) - AUCTION_MARGIN
        options = self.could_be()
        if not options:
            return 0.0
        mean = sum(self.card_worth(c) for c in options) / len(options)
        return mean - AUCTION_MARGIN - UNSEEN_CAUTION

    def could_be(self) -> list[str]:
        """The Auction Bargains an unseen card could be."""
        view = self.view
        seen = set(view["discards"]["bargain"])
        for info in view["seats"]:
            seen.update(info["bargains"])
        seen.update(c["card"] for c in view["known_bargain_pile"] if c["card"])
        auction = self.auction()
        floor = auction["min_bid"]
        opening = auction["high"] if floor is None else None
        out = []
        for card in self.game.bargain.values():
            if card.kind != "auction" or card.id in seen:
                continue
            if floor is not None and card.min_bid != floor:
                continue
            if opening is not None and card.min_bid > opening:
                continue
            out.append(card.id)
        return out

    def on_auction(self, legal: Sequence[Action]) -> Action:
        lowest = min((a for a in legal if type(a) is Bid), key=attrgetter("amount"), default=None)
        if lowest is None:
            return self.because(PASS, "no bid is left to make")
        card = self.bargain()["cards"][0]
        cap = self.cap(card) - self.loan_cost(lowest.amount)
        if lowest.amount <= cap:
            return self.because(lowest, f"the card is worth about ${max(0, int(cap)):,} to it")
        return self.because(PASS, f"${lowest.amount:,} is more than the card is worth to it")

    # ---- selling -------------------------------------------------------------------------------
    def on_sell(self, legal: Sequence[Action]) -> Action:
        sells = [a for a in legal if isinstance(a, Sell)]

        def total(a: Sell) -> float:
            now = self.game.bargain[a.card].resale
            now += self.game.markup[a.markup].value if a.markup else 0
            rest = list(self.bargains)
            rest.remove(a.card)
            marks = [m for m in self.markups if m != a.markup]
            return now + self.worth(rest, marks)

        best = max(sells, key=total)
        return self.because(best, "this sale leaves it best off, counting what it keeps")

    def price(self) -> int:
        sale = self.sale()
        price = self.game.bargain[sale["bargain"]].resale
        if sale["markup"]:
            price += self.game.markup[sale["markup"]].value
        return price

    def on_hit(self, legal: Sequence[Action]) -> Action:
        sale = self.sale()
        seller = sale["seller"]
        left = self.price() - sum(self.game.event[h["card"]].amount for h in sale["hits"])
        if left <= 0:
            return self.because(NO_HIT, "the sale already brings nothing")
        late = self.late()
        seller_info = self.view["seats"][seller]
        shielded = any(self.game.event[c].effect == "not_today" for c in seller_info["events"])
        if shielded and not late:
            return self.because(NO_HIT, "the seller holds Not Today! and would cancel it")
        if not late and seller != self.leader() \
                and self.money(seller) < self.money(self.me) - 200:
            return self.because(NO_HIT, "the seller is behind: the card is kept for the leader")
        hits = [a for a in legal if isinstance(a, Hit)]
        amount = {a: self.game.event[a.card].amount for a in hits}
        fitting = [a for a in hits if amount[a] <= left]
        why = "the seller is a rival to slow down" if not late else "its cards go unused soon"
        if fitting:
            return self.because(max(fitting, key=lambda a: amount[a]), why)
        return self.because(min(hits, key=lambda a: amount[a]), why)

    def on_answer(self, legal: Sequence[Action]) -> Action:
        hits = sum(self.game.event[h["card"]].amount for h in self.sale()["hits"])
        lost = min(hits, self.price())
        if lost >= NOT_TODAY_WORTH or (lost > 0 and self.late()):
            return self.because(NOT_TODAY, f"the hits would cost it ${lost:,}")
        return self.because(ALLOW, f"${lost:,} is too little to spend Not Today! on")

    def on_protect(self, legal: Sequence[Action]) -> Action:
        """Another's sale under Market Hits: its Not Today! is kept for its own turns, unless
        the seller trails and a hit comes from the leader (late in its game, when the card
        would go unused)."""
        sale = self.sale()
        seller = sale["seller"]
        leader = self.leader()
        if self.late() and seller != leader and leader != self.me:
            from_leader = [a for a in legal if isinstance(a, Cancel)
                           and any(h["seat"] == leader and h["card"] == a.card
                                   for h in sale["hits"])]
            if from_leader:
                return self.because(from_leader[0], "the leader's hit on a trailing seller")
        return self.because(ALLOW, "its Not Today! is kept for its own sales")

    def on_cancel(self, legal: Sequence[Action]) -> Action:
        """Not Today! against an Event card, or against the last Not Today! of a chain (each
        cancels the one before: the card stands while their number is even): it answers a
        chain only to restore its own card or to cancel a rival's card it would cancel."""
        played: PlayedView | None = self.view["played"]
        if played is None:
            return self.on_sale_chain()
        card = self.game.event[played["card"]]
        player = played["seat"]
        stands = len(played["not_today"]) % 2 == 0
        if player == self.me:
            if stands:
                return self.because(ALLOW, "its own card stands")
            return self.restore(card)
        if not stands:
            return self.because(ALLOW, "the card is cancelled already")
        return self.against(card, player)

    def on_sale_chain(self) -> Action:
        """A chain over the Market Hits on a sale (the seller's Not Today! against every hit,
        or another's against one): the same policy as for an Event card. As the seller it
        cancels again hits it would have cancelled (`on_answer`); as a hitter it restores its
        own hit worth `RESTORE_WORTH` or more; otherwise it cancels again only a hit it would
        have cancelled (`on_protect`); never a Not Today! that keeps a rival's hit cancelled."""
        sale = self.sale()
        against = sale["against"]
        targets = [h for h in sale["hits"] if against is None or h["card"] == against]
        amount = {h["seat"]: self.game.event[h["card"]].amount for h in targets}
        if len(sale["not_today"]) % 2 == 1:  # the hits are cancelled now
            if self.me not in amount:
                return self.because(ALLOW, "the hits are cancelled already")
            worth = min(amount[self.me], self.price())
            if worth >= RESTORE_WORTH or self.late():
                return self.because(NOT_TODAY, f"its own hit takes ${worth:,} off a rival's sale")
            return self.because(ALLOW, "its own hit is too small to spend Not Today! on")
        if sale["seller"] == self.me:
            lost = min(sum(amount.values()), self.price())
            if lost >= NOT_TODAY_WORTH or (lost > 0 and self.late()):
                return self.because(NOT_TODAY, f"the hits would cost it ${lost:,}")
            return self.because(ALLOW, f"${lost:,} is too little to spend Not Today! on")
        if self.me in amount:
            return self.because(ALLOW, "its own hit stands")
        leader = self.leader()
        if self.late() and sale["seller"] != leader and leader in amount:
            return self.because(NOT_TODAY, "the leader's hit on a trailing seller")
        return self.because(ALLOW, "its Not Today! is kept for its own sales")

    def restore(self, card: Event) -> Action:
        """Its own card cancelled by a Not Today!: cancel that Not Today! when the card brings
        `RESTORE_WORTH` or more (or its Not Today! would go unused)."""
        seats = self.view["seats"]
        others = sum(1 for s, info in enumerate(seats) if s != self.me and not info["finished"])
        worth = {"collect_bank": card.amount, "collect_each": card.amount * others,
                 "buyer": RESTORE_WORTH}.get(card.effect, 0)
        if worth >= RESTORE_WORTH or self.late():
            return self.because(NOT_TODAY, "its own card is worth a Not Today!")
        return self.because(ALLOW, "its own card is too small to spend Not Today! on")

    def against(self, card: Event, player: int) -> Action:
        """A rival's card that stands: Not Today! against big collect-from-each cards, a
        leader's big gains, or anything once its own cards go unused soon."""
        if card.effect == "collect_each":
            if card.amount >= 100 or self.late():
                return self.because(NOT_TODAY, f"it would pay ${card.amount:,} to the player")
            return self.because(ALLOW, "too small a payment to spend Not Today! on")
        if player == self.leader() and self.money(player) > self.money(self.me):
            if card.effect == "collect_bank" and card.amount >= 200:
                return self.because(NOT_TODAY, "the leader would gain a lot")
            if card.effect == "buyer" and self.view["seats"][player]["bargains"]:
                return self.because(NOT_TODAY, "the leader would sell a Bargain")
        if self.late() and card.effect in ("collect_bank", "buyer", "bargain"):
            return self.because(NOT_TODAY, "its Not Today! would go unused otherwise")
        return self.because(ALLOW, "its Not Today! is kept for something bigger")

    def on_collect(self, legal: Sequence[Action]) -> Action:
        """Someone landed on the Lottery: a collect card offered here leaves a rival short of
        the stake, and its money is the same now as later, so it is played."""
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return self.because(PASS, "no collect card to play")
        return self.because(plays[0], "its money comes all the same, and a rival cannot stake")

    # ---- Mail ----------------------------------------------------------------------------------
    def on_mail(self, legal: Sequence[Action]) -> Action:
        card_id = self.view["mail_offer"][0]
        card = self.game.mail[card_id]
        buy = Buy(card_id)
        discard = Discard(card_id)
        if isinstance(card, Insurance):
            if self.insurance_gain(card) > 0:
                return self.because(buy, f"the {card.type} bills held and expected cost more")
            return self.because(discard, f"the {card.type} bills expected cost less")
        if isinstance(card, Markup):
            gain = self.worth(self.bargains, [*self.markups, card_id]) - self.held_worth()
            if gain - card.cost - self.loan_cost(card.cost) > 0:
                return self.because(buy, "it adds more to its sales than it costs")
            return self.because(discard, "it adds less to its sales than it costs")
        return self.because(discard, "a bill is not offered")

    def insurance_gain(self, card: Insurance) -> float:
        """The bills of its type it holds and expects, against the cost."""
        if card.type in self.insured():
            return -1.0
        bills = [self.game.mail[c] for c in self.mine["bills"]]
        held = sum(b.amount for b in bills if isinstance(b, Bill) and b.type == card.type)
        _, mails, _ = self.ahead(self.day)
        expected = mails * self.bot.bill_share.get(card.type, 0.0)
        return held + expected - card.cost - self.loan_cost(card.cost)

    # ---- the Lottery and PAY DAY ---------------------------------------------------------------
    def stake_card(self, legal: Sequence[Action]) -> Action | None:
        """Short of a Lottery stake: a card that raises the cash, as for a payment."""
        return self.paying_card(legal, "the stake (no loan for it)")

    def on_join(self, legal: Sequence[Action]) -> Action:
        card = self.stake_card(legal)
        if card is not None:
            return card
        stake = self.game.rules.lottery_stake
        if self.cash - stake < self.held_bills():
            return self.because(STAY_OUT, "its cash is needed for the bills it holds")
        picks = [a for a in legal if isinstance(a, Pick)]
        if not picks:
            return self.because(STAY_OUT, "no number is left")
        return self.because(picks[self.bot.rng.randrange(len(picks))],
                            f"a {money(self.game.rules.lottery_prize)} pot is worth "
                            f"{money(stake)} with cash to spare")

    def on_double(self, legal: Sequence[Action]) -> Action:
        card = self.stake_card(legal)
        if card is not None:
            return card
        lottery: LotteryView | None = self.view["lottery"]
        if lottery is None:
            raise ValueError("a double-down decision without a Lottery")
        stake = 2 * lottery["stakes"][self.me]
        pot = lottery["pot"] + stake
        if pot / 6 >= DOUBLE_FACTOR * stake and self.cash - stake >= self.held_bills() + CUSHION:
            return self.because(DOUBLE_DOWN, "one chance in six of the pot beats the stake")
        return self.because(DROP_OUT, "the stake is too much for one chance in six")

    def on_repay(self, legal: Sequence[Action]) -> Action:
        if not self.game.loans_count:
            return self.because(KEEP_LOAN, "cash alone counts at the end")
        loan = self.mine["loan"]
        if REPAY_ALL in legal and self.cash - loan >= CUSHION:
            return self.because(REPAY_ALL, f"it keeps ${CUSHION} in cash after repaying")
        if REPAY_STEP in legal and self.cash - self.game.rules.loan_step >= CUSHION:
            return self.because(REPAY_STEP, f"it keeps ${CUSHION} in cash after repaying")
        return self.because(KEEP_LOAN, "its cash is needed more than the repayment")
