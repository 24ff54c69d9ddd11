"""A Dig It Up state: the position (`model.py`) and the contract's methods (`engine.State`),
each handed to the rule module that knows (seed 003, "How to play").

Nothing here lists the position's fields: `model.DigItUpModel` declares them, and `clone`,
the snapshot and `restore` are made from that declaration.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from motherlode.engine import JSON, Action, Decision

from . import chance, digging, hidden, illegal, observe, scoring, setup, truth, view
from .actions import COMPASS_MOVES, Dig, KeepMission, PlaceToken
from .decision import decide
from .model import DigItUpModel
from .phase import PHASES, Phase

if TYPE_CHECKING:
    from .box import DigItUpBox
    from .schema import DigItUpView

COMPASS_CHOICES = tuple(range(1, COMPASS_MOVES + 1))


class DigItUpState(DigItUpModel):
    """The position (`model.DigItUpModel`) with the contract's methods: each asks the rule
    module that knows."""

    def __init__(self, game: DigItUpBox, seed: int) -> None:
        super().__init__(game, seed)
        setup.set_up(self)

    # --- the contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == Phase.OVER else self.seat

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        game = self.game
        if phase == Phase.DIG:
            has_compass = game.compass_card in self.kept[self.seat]
            return list(game.dig_actions(self.open_mask, has_compass))
        if phase == Phase.MISSIONS:
            return [game.keep_actions[m] for m in self.dealt[self.seat]]
        if phase == Phase.PLACE:
            return chance.place_actions(self)
        return []

    def legal_action_ids(self) -> list[int]:
        if self.phase == Phase.DIG:  # the digs' integers, kept by the game
            has_compass = self.game.compass_card in self.kept[self.seat]
            return list(self.game.dig_action_ids(self.open_mask, has_compass))
        return super().legal_action_ids()

    def is_legal(self, action: Action) -> bool:
        """The same answer as `action in self.legal_actions()`, without building the list for a
        dig (the checked `apply` asks it every step)."""
        if self.phase != Phase.DIG:
            return action in self.legal_actions()
        # A Dig equals only a Dig (dataclass equality compares classes first).
        if type(action) is not Dig:
            return False
        s = self.game.site_index.get(action.site) if isinstance(action.site, str) else None
        if s is None or not self.open_mask >> s & 1:
            return False
        if action.compass == 0:
            return True
        return action.compass in COMPASS_CHOICES and self.game.compass_card in self.kept[self.seat]

    def _apply(self, action: Action) -> None:
        if isinstance(action, Dig):
            digging.dig(self, self.game.site_index[action.site], action.compass)
        elif isinstance(action, KeepMission):
            setup.keep_mission(self, self.game.mission_index[action.mission])
        elif isinstance(action, PlaceToken):
            chance.place_token(self, self.game.site_index[action.site], action.space - 1)

    def why_illegal(self, action: Action) -> str:
        return illegal.why_illegal(self, action)

    # --- what a seat may know ----------------------------------------------------------------
    def view(self, seat: int | None) -> DigItUpView:
        return view.view(self, seat)

    def observation(self, seat: int) -> list[float]:
        return observe.observe_state(self, seat)  # the view's vector, without the view

    def observe_into(self, seat: int, out: Any) -> None:
        observe.observe_into(self, seat, out)  # only the numbers that may not be zero

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def decision(self) -> Decision:
        if self.phase == Phase.OVER:
            return super().decision()  # the engine's refusal: nobody decides
        return decide(self)

    def determinize(self, seat: int, rng: random.Random) -> DigItUpState:
        return hidden.determinize(self, seat, rng)

    def _truth(self) -> JSON:
        return truth.truth(self)

    # --- the end -------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(scoring.money(self, p).total) for p in range(self.game.num_players)]
