"""The Saboteur Gold state: the position (`model.py`) with the contract's methods.

Seed 004 "Flow of the Game"; the turn's rules are in `turn.py`, the end of a round in
`round_end.py`; what a seat may know in `view.py` (its decision in `decision.py`), the hidden
parts dealt again in `hidden.py`, the whole truth in `truth.py`. Events go to the engine's
`log`, packed (`log.py`). Nothing imports this module but `game.py`: the rule modules take the
model.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from motherlode.engine import JSON, Action, Decision

from . import observe, round_end, truth, turn, view
from .decision import decision as decide
from .hidden import determinize
from .legality import is_legal
from .model import SaboteurModel
from .phase import PHASES, Phase
from .sheet import SheetReading

if TYPE_CHECKING:
    from .base import SaboteurBase
    from .schema import SaboteurView


class SaboteurState(SaboteurModel):
    """A game of Saboteur Gold: its position and what the engine asks of it."""

    def __init__(self, game: SaboteurBase, seed: int) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self.round = 0
        self.phase = Phase.TURN
        self.seat = 0
        self.first = 0
        self.last_player = n - 1  # round 1 starts at seat 0 (designed)
        self.gold = [0] * n
        self.secret_steps = []
        self.gold_deck = list(game.gold_cards)
        self.rng.shuffle(self.gold_deck)
        self.gold_offer = []
        self.pickers = []
        self.stealers = []
        self.sheet = SheetReading()
        round_end.start_round(self)

    # --- the contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == Phase.OVER else self.seat

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == Phase.TURN:
            return turn.turn_actions(self)
        if phase == Phase.PASSING or phase == Phase.FIXING:
            return turn.discard_actions(self)
        if phase == Phase.STEAL:
            return round_end.steal_actions(self)
        if phase == Phase.GOLD:
            return round_end.take_actions(self)
        return []

    def legal_action_ids(self) -> list[int]:
        if self.phase == Phase.TURN:  # the placements' integers kept by the frontier
            return turn.turn_action_ids(self)
        return super().legal_action_ids()

    def _apply(self, action: Action) -> None:
        if self.phase == Phase.STEAL or self.phase == Phase.GOLD:
            round_end.apply(self, action)
        else:
            turn.apply(self, action)

    def is_legal(self, action: Action) -> bool:
        return is_legal(self, action)

    def why_illegal(self, action: Action) -> str:
        return turn.why_illegal(self, action)

    # --- what a seat may know ------------------------------------------------------------
    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def view(self, seat: int | None) -> SaboteurView:
        return view.view(self, seat)

    def decision(self) -> Decision:
        return decide(self)

    def observation(self, seat: int) -> list[float]:
        return observe.observe_state(self, seat)  # the view's vector, without the view

    def observe_into(self, seat: int, out: Any) -> None:
        observe.fill(self, seat, out)  # no list: the table's numbers in one slice

    def determinize(self, seat: int, rng: random.Random) -> SaboteurState:
        return determinize(self, seat, rng)

    def _truth(self) -> JSON:
        return truth.truth(self)

    # --- the end -------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(g) for g in self.gold]
