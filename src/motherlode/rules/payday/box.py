"""Pay Day's box as the options set it up: the rule numbers, the board, the cards and the
words made from them, which every position reads (`model.PayDayModel.game`).

The game's class (`game.PayDay`) adds the positions themselves (a new game, a restored one)
and the observations; this class knows no position, so the rule modules can name its type
without importing the state.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from motherlode.engine import Game, Option, OptionError, SpaceActions

from .actions import PayDayActions
from .components import (
    DAYS,
    Bargain,
    Components,
    Event,
    Insurance,
    MailCard,
    Markup,
    load_components,
)
from .glossary import (
    card_views,
    day_words,
    event_label,
    glossary,
    mail_words,
    space_views,
)
from .schema import CardView, SpaceView

SUMMARY = """\
A month of days: roll the numbered die and move along the calendar (or pay $100 into the
Jackpot to roll the PAY DAY die too: Buyer, Bargain, +3 or Reroll); a 6 at the start of a turn
takes the Jackpot. Bargain spaces: buy at cost or auction; Buyers: sell one Bargain at its
resale (plus one Markup); Mail: bills to pay at PAY DAY, insurance and markups to buy; Events:
kept and played (Market Hit lowers another's sale, Not Today! cancels); the Lottery; Happy
Birthday; the Yard Sale; Daylight Savings. At PAY DAY: collect $800, pay bills and 10% of the
loan. After the last month, the most money (cash minus loans) wins.
Actions: 'roll', 'roll both', 'play <event>', 'buy <card>', 'auction <card>', 'bid <dollars>',
'pass', 'sell <bargain> [with <markup>]', 'hit with <card>', 'not today', 'pick <n>' ..."""

MAX_DAYLIGHT_SAVINGS = 6  # a seat sets it off at most this often a month (so every game ends)
MAX_LOTTERY_ROUNDS = 24  # the stake doubles each round: $100 x 2**24 is more cash than any game
MAX_REPAYS = 1001  # `repay 1000` steps and `repay all`: cash stays under $1 million


@cache
def _components(data: str) -> Components:
    return load_components(data or None)


@cache
def _space(data: str) -> PayDayActions:
    return PayDayActions(_components(data))


class PayDayBox(SpaceActions, Game):
    """The game with its options fixed: players, months, the readings, the card data (the
    positions: `game.PayDay`)."""

    name = "payday"
    title = "Pay Day"
    min_players = 2
    max_players = 4
    default_players = 4
    summary = SUMMARY
    space: PayDayActions
    extra_options = (
        Option("months", int, 2, "months to play (the seed recommends two)",
               minimum=1, maximum=12),
        Option("interest", str, "payment",
               "payment: PAY DAY's 10% is paid off the loan ($3,000 -> $2,700, the seed's "
               "examples); charge: it is interest that leaves the loan as it is",
               choices=("payment", "charge")),
        Option("loans_at_end", str, "subtract",
               "subtract: money at the end is cash minus loans; ignore: cash only",
               choices=("subtract", "ignore")),
        Option("auction_pays", str, "bid",
               "bid: an auction's winner pays the winning bid; cost: the card's printed cost",
               choices=("bid", "cost")),
        Option("daylight_savings", str, "every",
               "every: Daylight Savings sets everyone back on every landing (the seed); once: "
               "only a seat's first landing in a month does",
               choices=("every", "once")),
        Option("data", str, "",
               "folder with corrected rules/board/bargains/mail/events TOML files (empty: built "
               "in)"),
    )

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        data = str(self.options["data"])
        self.components = components = _components(data)
        self.rules = rules = components.rules
        self.months = int(self.options["months"])
        if not rules.min_months <= self.months <= rules.max_months:
            raise OptionError(f"payday: option months={self.months} is not allowed; use an "
                              f"integer {rules.min_months}..{rules.max_months}")
        self.interest_lowers_loan = self.options["interest"] == "payment"
        self.loans_count = self.options["loans_at_end"] == "subtract"
        self.winner_pays_bid = self.options["auction_pays"] == "bid"
        self.daylight_savings_limit = (
            1 if self.options["daylight_savings"] == "once" else MAX_DAYLIGHT_SAVINGS)
        self.board = components.board
        self.die_faces = rules.die()
        self.bargain: dict[str, Bargain] = {b.id: b for b in components.bargains}
        self.mail: dict[str, MailCard] = {m.id: m for m in components.mail()}
        self.markup: dict[str, Markup] = {m.id: m for m in components.markups}
        self.event: dict[str, Event] = {e.id: e for e in components.events}
        # every card of the box numbered once (Bargains, Mail, Events): the observations' order
        self.card_index: dict[str, int] = {
            card: i for i, card in enumerate([*self.bargain, *self.mail, *self.event])}
        self.space = _space(data)
        # words the log and the views use, made once from the loaded data
        self.names: dict[str, str] = {b.id: b.name for b in components.bargains}
        self.names.update({e.id: e.name for e in components.events})
        self.labels: dict[str, str] = {e.id: event_label(e) for e in components.events}
        self.mail_words: dict[str, str] = {m.id: mail_words(m) for m in components.mail()}
        self.bought_words = {m.id: (f"{m.type} insurance for ${m.cost:,}"
                                    if isinstance(m, Insurance) else mail_words(m))
                             for m in components.mail()}
        self.day_words: tuple[str, ...] = tuple(day_words(s) for s in self.board)
        self.card_views: dict[str, CardView] = card_views(components)
        self.space_views: list[SpaceView] = space_views(self.board)

    @property
    def glossary(self) -> dict[str, str]:
        return glossary(self.components)

    @property
    def max_game_length(self) -> int:
        """A bound, not an estimate (about 400 actions are played at 4 players, 2 months).

        Turns: each moves a token forward at least one day, and a token only goes back when
        Daylight Savings sets it back, which each seat sets off at most
        `daylight_savings_limit` times in each of its months; so a seat has at most months x
        (31 + 1 + players x limit) turns.
        A turn: the dice (roll, reroll, order, steps, each extra-move card offered: 4 + the
        cards); the Event cards played (at most all of them, each answered by every other seat);
        and spaces: its own, the die's Buyer or Bargain, every other seat's after Daylight
        Savings, and one for each Buyer or Bargain Event card. A space is at most the longest
        of: a Bargain drawn and auctioned (every bid raises by the step up to the highest bid;
        each seat passes once), a sale with its hits and answers, three Mail offers, a Lottery
        (every seat joins, then at most `MAX_LOTTERY_ROUNDS` doublings); each space and card
        makes each seat pay at most once (one `take loan` each).
        A PAY DAY: at most `MAX_REPAYS` repayments (cash under $1 million)."""
        n = self.num_players
        rules = self.rules
        draw = 2 + rules.max_bid // rules.bid_step + 2 * n
        sale = 2 * n
        lottery = n * (1 + MAX_LOTTERY_ROUNDS)
        space = max(draw, sale, 3, lottery) + n
        events = len(self.event)
        space_events = sum(e.effect in ("buyer", "bargain") for e in self.event.values())
        turn = 4 + events * (2 * n + 1) + (2 + (n - 1) + space_events) * space
        turns = self.months * (DAYS + 1 + n * self.daylight_savings_limit)
        return n * (turns * turn + self.months * MAX_REPAYS)
