"""A Pay Day position with the contract's methods: its fields are declared in `model.py`.

Seed 002. The set-up is here (`PayDayState.__init__`); the turn and its order of work are in
`turn.py`; each space in `spaces.py`; Bargains and auctions in `bargains.py`; Buyers and Market
Hits in `selling.py`; Event cards in `events.py`; the Lottery in `lottery.py`; money in
`loans.py`. Events go to the engine's `log`, packed (`log.py`); the view is in `view.py`, the
decision in `decision.py`, determinize in `hidden.py`, the truth in `truth.py`. The rule
modules take the model, never this class.
"""

from __future__ import annotations

import random
from typing import Any

from motherlode.engine import JSON, Action, Decision

from . import bargains, decision, hidden, lottery, observe, refusals, truth, turn, view
from .box import PayDayBox
from .log import FreeBargain
from .model import PayDayModel
from .phase import PHASE_NAMES, Phase
from .schema import PayDayView


class PayDayState(PayDayModel):
    """A Pay Day position (its fields: `model.py`) with the contract's methods."""

    def __init__(self, game: PayDayBox, seed: int) -> None:
        super().__init__(game, seed)
        n = game.num_players
        rules = game.rules
        self.cash = [rules.start_money] * n
        self.loan = [0] * n
        self.pos = [0] * n
        self.month = [0] * n
        self.ds_used = [0] * n
        self.bargains = [[] for _ in range(n)]
        self.markups = [[] for _ in range(n)]
        self.insurance = [[] for _ in range(n)]
        self.bills = [[] for _ in range(n)]
        self.event_cards = [[] for _ in range(n)]
        self.jackpot = rules.jackpot_seed
        # the decks, shuffled: the top card last
        self.bargain_deck = [b.id for b in game.components.bargains]
        self.mail_deck = [m.id for m in game.components.mail()]
        self.event_deck = [e.id for e in game.components.events]
        self.rng.shuffle(self.bargain_deck)
        self.rng.shuffle(self.mail_deck)
        self.rng.shuffle(self.event_deck)
        self.bargain_known = {}
        self.bargain_min = {}
        self.bargain_discard = []
        self.mail_discard = []
        self.event_discard = []
        self.yard_sale = self.bargain_deck.pop()  # seed "Set It Up!": unseen, under Yard Sale
        for seat in range(n):  # "Each player draws one Bargain card ... it's free!"
            card = self.bargain_deck.pop()
            self.bargains[seat].append(card)
            self.log.append((FreeBargain, seat, card, game.names[card]))
        # the turn
        self.player = 0  # whose turn it is (seat 0 first: the seed's "youngest")
        self.decider = 0
        self.phase = Phase.START
        self.todo = []
        turn.begin_turn(self)  # roll, face, extra, extra_played, die_todo
        self.drawn = []  # no Bargain being dealt with
        bargains.close_auction(self)
        # no sale, Event card played, Mail offered, payment owed or Lottery
        self.sale = (-1, "", "")
        self.hits = []
        self.queue = []
        self.played = (-1, "")
        self.chain = []
        self.chain_hit = ""
        self.mail_pending = []
        self.owing = (-1, 0)
        lottery.close(self)

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

    def legal_action_ids(self) -> list[int]:
        if self.phase == Phase.AUCTION:  # the (up to 300) bids' integers, without the bids
            return bargains.bid_action_ids(self)
        return super().legal_action_ids()

    def _apply(self, action: Action) -> None:
        turn.apply(self, action)

    def why_illegal(self, action: Action) -> str:
        return refusals.why_illegal(self, action)

    # --- what a seat may know ------------------------------------------------------------
    def view(self, seat: int | None) -> PayDayView:
        return view.view(self, seat)

    def observation(self, seat: int) -> list[float]:
        return observe.observe_state(self, seat)  # the view's vector, without the view

    def observe_into(self, seat: int, out: Any) -> None:
        observe.fill(self, seat, out)  # only the numbers that are not zero

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def decision(self) -> Decision:
        return decision.decision(self)

    def determinize(self, seat: int, rng: random.Random) -> PayDayState:
        return hidden.determinize(self, seat, rng)

    def _truth(self) -> JSON:
        return truth.truth(self)

    # --- the end -------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return view.scores(self)
