"""A Pay Day position: money, loans, tokens, cards, the decks, and whose decision it is.

Seed 002. The turn and its order of work are in `turn.py`; each space in `spaces.py`; Bargains
and auctions in `bargains.py`; Buyers and Market Hits in `selling.py`; Event cards in
`events.py`; the Lottery in `lottery.py`; money in `loans.py`; hidden information in `view.py`.
Cards are held by their id. Events go to the engine's `log`, packed (`log.py`); the view is
in `view.py`, the decision in `decision.py`, determinize in `hidden.py`, the truth in `truth.py`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from motherlode.engine import JSON, Action, Decision, State

from . import decision, hidden, refusals, truth, turn, view
from .log import FreeBargain
from .phase import PHASE_NAMES, Phase
from .schema import PayDayView

if TYPE_CHECKING:
    from .game import PayDay


class PayDayState(State):
    """Everything on the table; `todo` is the work still to do this turn (a stack)."""

    __slots__ = (
        "auction_card",
        "auction_hidden",
        "bargain_deck",
        "bargain_discard",
        "bargain_known",
        "bargain_min",
        "bargains",
        "bidders",
        "bills",
        "cash",
        "chain",
        "chain_hit",
        "decider",
        "die_todo",
        "done",
        "drawer",
        "drawn",
        "ds_used",
        "event_cards",
        "event_deck",
        "event_discard",
        "extra",
        "extra_played",
        "face",
        "high",
        "high_bidder",
        "hits",
        "insurance",
        "jackpot",
        "loan",
        "lottery_in",
        "lottery_numbers",
        "lottery_pot",
        "lottery_queue",
        "lottery_stakes",
        "mail_deck",
        "mail_discard",
        "mail_pending",
        "markups",
        "min_bid",
        "month",
        "owing",
        "phase",
        "played",
        "player",
        "pos",
        "queue",
        "roll",
        "rolled",
        "sale",
        "todo",
        "yard_sale",
    )

    game: PayDay
    # the turn so far, set by `turn.begin_turn` at each turn's start
    rolled: bool
    roll: int  # the numbered die
    face: str  # the PAY DAY die's face, "" if not rolled
    extra: int  # steps the player may add to the roll (+3, an extra move)
    extra_played: bool  # an extra-move Event card took effect this turn
    die_todo: str  # the PAY DAY die's Buyer or Bargain still to do

    def __init__(self, game: PayDay, seed: int) -> None:
        super().__init__(game, seed)
        n = game.num_players
        rules = game.rules
        self.cash = [rules.start_money] * n
        self.loan = [0] * n
        self.pos = [0] * n  # 0 START, 1..31 the days, 32 PAY DAY
        self.month = [0] * n  # months finished
        self.done = [False] * n  # finished the last month: token off the board
        self.ds_used = [0] * n  # Daylight Savings set off this month (`spaces.py`)
        self.bargains: list[list[str]] = [[] for _ in range(n)]
        self.markups: list[list[str]] = [[] for _ in range(n)]
        self.insurance: list[list[str]] = [[] for _ in range(n)]
        self.bills: list[list[str]] = [[] for _ in range(n)]
        self.event_cards: list[list[str]] = [[] for _ in range(n)]
        self.jackpot = rules.jackpot_seed
        # decks: the top card last; bargain_known: cards put at the bottom, and who knows them
        self.bargain_deck = [b.id for b in game.components.bargains]
        self.mail_deck = [m.id for m in game.components.mail()]
        self.event_deck = [e.id for e in game.components.events]
        self.rng.shuffle(self.bargain_deck)
        self.rng.shuffle(self.mail_deck)
        self.rng.shuffle(self.event_deck)
        self.bargain_known: dict[str, int] = {}
        self.bargain_min: dict[str, int] = {}  # unsold Auction Bargains' announced minimums
        self.bargain_discard: list[str] = []
        self.mail_discard: list[str] = []
        self.event_discard: list[str] = []
        self.yard_sale = self.bargain_deck.pop()  # seed "Set It Up!": unseen, under Yard Sale
        for seat in range(n):  # "Each player draws one Bargain card ... it's free!"
            card = self.bargain_deck.pop()
            self.bargains[seat].append(card)
            self.log.append((FreeBargain, seat, card, game.names[card]))
        # the turn
        self.player = 0  # whose turn it is (seat 0 first: the seed's "youngest")
        self.decider = 0  # whose decision it is
        self.phase = Phase.START
        self.todo: list[tuple[int, ...]] = []
        turn.begin_turn(self)  # rolled, roll, face, extra, extra_played, die_todo
        # a Bargain being dealt with
        self.drawn: list[str] = []
        self.drawer = -1
        self.auction_card = ""
        self.auction_hidden = False
        self.min_bid = 0
        self.high = 0
        self.high_bidder = -1
        self.bidders: list[int] = []
        # a sale, an Event card played, Mail, the Lottery
        self.sale: tuple[int, str, str] = (-1, "", "")  # seller, bargain, markup
        self.hits: list[tuple[int, str]] = []
        self.queue: list[int] = []  # the seats still to ask in a window
        self.played: tuple[int, str] = (-1, "")
        self.chain: list[tuple[int, str]] = []  # the Not Today! cards answering it, in order
        self.chain_hit = ""  # in a sale: the Market Hit the chain's first card cancels ("": all)
        self.mail_pending: list[str] = []
        self.owing = (-1, 0)  # the seat short of cash for a payment, and the amount (OWE)
        self.lottery_pot = 0
        self.lottery_numbers = [0] * n
        self.lottery_stakes = [0] * n
        self.lottery_in: list[int] = []
        self.lottery_queue: list[int] = []  # the seats still to ask in the Lottery

    # --- the contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == Phase.OVER else self.decider

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def legal_actions(self) -> list[Action]:
        return turn.legal_actions(self)

    def is_legal(self, action: Action) -> bool:
        return turn.is_legal(self, action)

    def _apply(self, action: Action) -> None:
        turn.apply(self, action)

    def why_illegal(self, action: Action) -> str:
        return refusals.why_illegal(self, action)

    # --- what a seat may know ------------------------------------------------------------
    def view(self, seat: int | None) -> PayDayView:
        return view.view(self, seat)

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def decision(self) -> Decision:
        return decision.decision(self)

    def determinize(self, seat: int, rng: random.Random) -> PayDayState:
        return hidden.determinize(self, seat, rng)

    def _truth(self) -> JSON:
        return truth.truth(self)

    def clone(self) -> PayDayState:
        other = PayDayState.__new__(PayDayState)
        self._clone_base(other)
        other.cash = self.cash.copy()
        other.loan = self.loan.copy()
        other.pos = self.pos.copy()
        other.month = self.month.copy()
        other.done = self.done.copy()
        other.ds_used = self.ds_used.copy()
        other.bargains = [cards.copy() for cards in self.bargains]
        other.markups = [cards.copy() for cards in self.markups]
        other.insurance = [cards.copy() for cards in self.insurance]
        other.bills = [cards.copy() for cards in self.bills]
        other.event_cards = [cards.copy() for cards in self.event_cards]
        other.jackpot = self.jackpot
        other.bargain_deck = self.bargain_deck.copy()
        other.mail_deck = self.mail_deck.copy()
        other.event_deck = self.event_deck.copy()
        other.bargain_known = self.bargain_known.copy()
        other.bargain_min = self.bargain_min.copy()
        other.bargain_discard = self.bargain_discard.copy()
        other.mail_discard = self.mail_discard.copy()
        other.event_discard = self.event_discard.copy()
        other.yard_sale = self.yard_sale
        other.player = self.player
        other.decider = self.decider
        other.phase = self.phase
        other.todo = self.todo.copy()
        other.rolled = self.rolled
        other.roll = self.roll
        other.face = self.face
        other.extra = self.extra
        other.extra_played = self.extra_played
        other.die_todo = self.die_todo
        other.drawn = self.drawn.copy()
        other.drawer = self.drawer
        other.auction_card = self.auction_card
        other.auction_hidden = self.auction_hidden
        other.min_bid = self.min_bid
        other.high = self.high
        other.high_bidder = self.high_bidder
        other.bidders = self.bidders.copy()
        other.sale = self.sale
        other.hits = self.hits.copy()
        other.queue = self.queue.copy()
        other.played = self.played
        other.chain = self.chain.copy()
        other.chain_hit = self.chain_hit
        other.mail_pending = self.mail_pending.copy()
        other.owing = self.owing
        other.lottery_pot = self.lottery_pot
        other.lottery_numbers = self.lottery_numbers.copy()
        other.lottery_stakes = self.lottery_stakes.copy()
        other.lottery_in = self.lottery_in.copy()
        other.lottery_queue = self.lottery_queue.copy()
        return other

    # --- the end -------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """Each seat's money: cash minus loans (option `loans_at_end=ignore`: cash only)."""
        if self.game.loans_count:
            return [float(c - debt) for c, debt in zip(self.cash, self.loan, strict=True)]
        return [float(c) for c in self.cash]

    def others_from(self, seat: int) -> list[int]:
        """The other seats still playing, in turn order from `seat`'s left."""
        n = len(self.done)
        return [s % n for s in range(seat + 1, seat + n) if not self.done[s % n]]
