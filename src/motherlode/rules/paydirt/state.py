"""A Pay Dirt position with the contract's methods: the fields are declared in `model.py`
(the table, every player's board, and the phase's own bookkeeping); this facade dispatches.

The round's flow (auction -> work -> events -> income, and the last round's cleanup) is in
`rounds.py`; each phase's decisions are in its module: `auction.py`, `purchases.py`,
`work.py`, `events.py`. Hidden information is decided in `view.py` (and, for the log, in
`log.py`); `hidden.py` determinizes, `truth.py` snapshots and restores, `decision.py` groups
the legal actions for a face.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from motherlode.engine import JSON, Action, Decision, State

from . import (
    auction,
    choices,
    decision,
    events,
    hidden,
    observe,
    purchases,
    refusals,
    rounds,
    setup,
    truth,
    view,
    work,
)
from .board import touched
from .model import PayDirtModel
from .phase import PHASES, Phase
from .records import Choice
from .schema import PayDirtView

if TYPE_CHECKING:
    from .box import PayDirtBox


class PayDirtState(PayDirtModel):
    """A Pay Dirt position with the contract's methods (the fields: model.py)."""

    def __init__(self, game: PayDirtBox, seed: int) -> None:
        super().__init__(game, seed)
        setup.set_up(self)

    @classmethod
    def blank(cls, game: PayDirtBox) -> PayDirtState:
        """A state with the engine's part only (seed 0), for `truth.restore` to fill in."""
        state = cls.__new__(cls)
        State.__init__(state, game, 0)
        return state

    # --- the contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == Phase.OVER else self.seat

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == Phase.AUCTION:
            return auction.legal(self)
        if phase == Phase.PURCHASE:
            return purchases.legal(self)
        if phase in (Phase.WORK_PLACE, Phase.WORK):
            return work.legal(self)
        if phase == Phase.EVENTS:
            return events.legal(self)
        if phase == Phase.CHOOSE:
            return choices.legal(self)
        return []

    def legal_action_ids(self) -> list[int]:
        if self.phase == Phase.WORK_PLACE:  # every placement and `done`, always the same
            return list(work.place_ids(self.game))
        if self.phase == Phase.AUCTION and self.auction is not None and self.auction.item:
            return auction.bid_ids(self, self.auction)  # the bids' integers, without the bids
        return super().legal_action_ids()

    def _apply(self, action: Action) -> None:
        """The phase's rules; then every board is `touched` unless the action changed none:
        a secret placement (the reveal may: Gold Fever), or an auction's pick, bid, pass or
        decline that sold nothing and left the phase on."""
        phase = self.phase
        if phase == Phase.WORK_PLACE:
            work.apply(self, action)
            if self.phase == Phase.WORK_PLACE:
                return
        elif phase == Phase.AUCTION:
            sold = -1 if self.auction is None else self.auction.sold
            auction.apply(self, action)
            if self.phase == Phase.AUCTION and self.auction is not None and (
                    self.auction.sold == sold):
                return
        elif phase == Phase.PURCHASE:
            purchases.apply(self, action)
        elif phase == Phase.WORK:
            work.apply(self, action)
        elif phase == Phase.EVENTS:
            events.apply(self, action)
        elif phase == Phase.CHOOSE:
            choices.apply(self, action)
        touched(self.boards)

    def phase_over(self) -> None:
        """The current phase is done (called by its module): on to the next (rounds.py)."""
        if self.phase == Phase.AUCTION:
            rounds.auction_over(self)
        elif self.phase in (Phase.WORK_PLACE, Phase.WORK):
            rounds.work_over(self)
        elif self.phase == Phase.EVENTS:
            rounds.events_over(self)

    def purchase_done(self) -> None:
        """The winner has decided what to do with a purchase: the auction goes on (or, for a
        tile taken after the auction by Morgan Grift, the round does)."""
        self.pending = None
        self.phase = Phase.AUCTION
        if self.auction is None:
            rounds.after_auction(self)
        else:
            auction.next_pick(self)

    def choice_done(self, choice: Choice) -> None:
        """A card asks nothing more: the round goes on where the card stopped it."""
        if choice.resume == choices.RESUME_EVENTS:
            events.resume(self)
        elif choice.resume == choices.RESUME_WORK:
            work.resume(self, choice.seat)
        elif choice.resume == choices.RESUME_AFTER_AUCTION:
            rounds.after_auction(self)
        elif choice.resume == choices.RESUME_AFTER_WORK:
            rounds.after_work(self)

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def view(self, seat: int | None) -> PayDirtView:
        return view.view(self, seat)

    def observation(self, seat: int) -> list[float]:
        return observe.observe_state(self, seat)  # the view's vector, without the view

    def observe_into(self, seat: int, out: Any) -> None:
        observe.fill(self, seat, out)  # only the numbers that may not be zero

    def decision(self) -> Decision:
        return decision.decision(self)

    def why_illegal(self, action: Action) -> str:
        return refusals.why_illegal(self, action)

    def determinize(self, seat: int, rng: random.Random) -> PayDirtState:
        return hidden.determinize(self, seat, rng)

    def _truth(self) -> JSON:
        return truth.truth(self)

    def scores(self) -> list[float]:
        """Gold, in nuggets (the winner: most gold, then money, then seat order; rounds.py)."""
        return [float(b.gold) for b in self.boards]

    def winners(self) -> list[int]:
        """One winner always: most gold, then most money, then nearest the first player."""
        return [rounds.winner(self)] if self.is_terminal else []

    def returns(self) -> list[float]:
        if not self.is_terminal:
            return [0.0] * self.game.num_players
        best = rounds.winner(self)
        return [1.0 if seat == best else 0.0 for seat in range(self.game.num_players)]

