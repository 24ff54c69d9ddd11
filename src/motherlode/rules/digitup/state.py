"""A Dig It Up position, and the flow of a turn (seed 003, "How to play").

The board is flat for cheap copies: space `site * 7 + n` holds a tile number (an index into
`DigItUp.tiles`) or EMPTY, and `tokens` holds the money token lying on that space (0: none).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from motherlode.engine import JSON, Action, Decision, State

from . import chance, digging, hidden, illegal, observe, scoring, setup, truth, view
from .actions import COMPASS_MOVES, Dig, KeepMission, PlaceToken
from .components import KINDS
from .decision import decide
from .log import MissionRevealed
from .phase import EMPTY, ON_LABEL, PHASES, Phase

if TYPE_CHECKING:
    from .game import DigItUp
    from .schema import DigItUpView

COMPASS_CHOICES = tuple(range(1, COMPASS_MOVES + 1))


class DigItUpState(State):
    """Where every tile, pickaxe, token and card is, and whose decision it is."""

    __slots__ = (
        "abandoned",
        "board",
        "closed_shop",
        "counts",
        "dealt",
        "deck",
        "drawn",
        "end_triggered",
        "kept",
        "left",
        "mission",
        "money",
        "open_mask",
        "pending_token",
        "phase",
        "pickaxe",
        "seat",
        "tokens",
        "turn",
        "used",
    )

    game: DigItUp

    def __init__(self, game: DigItUp, seed: int) -> None:
        super().__init__(game, seed)
        n = game.num_players
        sites = len(game.sites)
        self.phase = Phase.MISSIONS
        self.seat = 0
        self.turn = 0
        self.board = [EMPTY] * (sites * 7)
        self.tokens = [0] * (sites * 7)
        self.pickaxe = [ON_LABEL] * sites
        self.left = [7] * sites
        self.open_mask = (1 << sites) - 1
        self.abandoned = 0
        self.end_triggered = False
        self.counts = [0] * (n * len(KINDS))
        self.money = [0] * n
        self.kept: list[list[int]] = [[] for _ in range(n)]
        self.used: list[list[int]] = [[] for _ in range(n)]
        self.drawn = [0] * n
        self.dealt: list[tuple[int, ...]] = [() for _ in range(n)]
        self.mission = [EMPTY] * n
        self.closed_shop = [0] * n
        self.deck: list[int] = []
        self.pending_token = 0
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

    def end_turn(self) -> None:
        """The turn passes left; after the game-ending abandonment, the game is over."""
        if self.end_triggered:
            self.phase = Phase.OVER
            self._reveal_missions()
            return
        self.phase = Phase.DIG
        self.seat = (self.seat + 1) % self.game.num_players
        self.turn += 1

    def _reveal_missions(self) -> None:
        """Game end: "all players reveal their mission cards"; each kept one is logged."""
        game = self.game
        for p in range(game.num_players):
            m = self.mission[p]
            if m != EMPTY:
                self.log.append((MissionRevealed, p, game.mission_ids[m], game.mission_names[m],
                                 game.mission_bonus[m]))

    # --- what a seat may know ----------------------------------------------------------------
    def view(self, seat: int | None) -> DigItUpView:
        return view.view(self, seat)

    def observation(self, seat: int) -> list[float]:
        return observe.observe_state(self, seat)  # the view's vector, without the view

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

    def clone(self) -> DigItUpState:
        other = DigItUpState.__new__(DigItUpState)
        self._clone_base(other)
        other.phase = self.phase
        other.seat = self.seat
        other.turn = self.turn
        other.board = self.board.copy()
        other.tokens = self.tokens.copy()
        other.pickaxe = self.pickaxe.copy()
        other.left = self.left.copy()
        other.open_mask = self.open_mask
        other.abandoned = self.abandoned
        other.end_triggered = self.end_triggered
        other.counts = self.counts.copy()
        other.money = self.money.copy()
        other.kept = [k.copy() for k in self.kept]
        other.used = [u.copy() for u in self.used]
        other.drawn = self.drawn.copy()
        other.dealt = self.dealt.copy()
        other.mission = self.mission.copy()
        other.closed_shop = self.closed_shop.copy()
        other.deck = self.deck.copy()
        other.pending_token = self.pending_token
        return other

    # --- the end -------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(scoring.money(self, p).total) for p in range(self.game.num_players)]
