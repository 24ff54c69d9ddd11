"""Pay Dirt (Tasty Minstrel Games; the seeds' print-and-play edition), 2-4 players.

Rules: shared/seeds/000 (English) and 001 (Chinese, with per-card notes); the project's
choices and both readings of every conflict: docs/games/paydirt.md.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from motherlode.engine import (
    JSON,
    Action,
    ActionSpace,
    ActionSyntaxError,
    SpaceActions,
    View,
)

from . import auction, choices, events, observe, purchases, truth, work
from .auction import BID_CAP
from .box import PayDirtBox
from .components import MAX_CLAIM_ORE, MAX_STAGES, ORE_TYPES
from .notation import Aliases
from .schema import is_paydirt_view
from .state import PayDirtState

SUMMARY = """\
Mine the most gold before winter. Each round: Auction (pick a face-up equipment, specialist or
claim and bid in $1,000 steps; the type just sold is blocked for the next pick), Work (place
workers secretly on your excavator, loader and wash plant, on repairs or in town; then carry
out: each worker moves one ore one space along claim -> excavator -> loader -> wash plant,
ore entering a machine adds wear, ore reaching the wash plant's end becomes gold; in town sell
2 nuggets at $3,000 or buy an upgrade), Events (least gold drafts first; the first player's card
lowers the temperature), Income ($2,000). At 0 °C the next round is the last, ending with a
Cleanup of the rightmost ore. Most gold wins, then most money."""


class PayDirt(SpaceActions, PayDirtBox):
    """The game with its options fixed: the components and the readings of the seeds."""

    summary = SUMMARY

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        parts = self.components
        every: list[Action] = [
            *auction.actions(parts),
            *purchases.actions(parts),
            *work.actions(parts),
            *events.actions(parts),
            *choices.actions(parts),
        ]
        self.space = ActionSpace("paydirt", "Pay Dirt", every, "'help' lists the actions")

    @property
    def max_chance_outcomes(self) -> int:
        """The most outcomes of one draw: an ore type's stack, or the equipment, specialist,
        claim, upgrade or event stack shuffled (one tile or card at a time)."""
        parts = self.components
        ore = [sum(tile.type == t for tile in parts.ore) for t in ORE_TYPES]
        return max(*ore, len(parts.equipment), len(parts.specialists), len(parts.claims),
                   len(parts.upgrades), len(parts.events))

    def parse_action(self, text: str) -> Action:
        """`str(action)`, or the action as the screen writes it (`wash plant`, a printed name,
        a bid in dollars: notation.py)."""
        try:
            return self.space.parse(text)
        except ActionSyntaxError:
            action = self._aliases.read(text)
            if action is None:
                raise
            return action

    @cached_property
    def _aliases(self) -> Aliases:
        return Aliases(self.space.actions, self.names)

    def _new_game(self, seed: int) -> PayDirtState:
        return PayDirtState(self, seed)

    def _restore(self, data: JSON) -> PayDirtState:
        return truth.restore(PayDirtState.blank(self), data)

    @property
    def max_game_length(self) -> int:
        return max_game_length(self)

    @cached_property  # the adapters ask at every step
    def observation_size(self) -> int:
        return observe.observation_size(self)

    def observe(self, view: View) -> list[float]:
        if not is_paydirt_view(view):
            raise ValueError(f"paydirt: cannot observe a {view['game']} view")
        return observe.observe(self, view)


def max_game_length(game: PayDirt) -> int:
    """A safe bound on the actions of one game: at most `max_rounds` (16, D29) of, generously,
    - Auction: up to P sales, each after at most P declines, a pick, at most BID_CAP bids (each
      raises $1,000), P passes and the buyer's purchase decision; then P declines more;
    - Work: each seat places up to `max_workers` (10) and says done, then carries out as many,
      2 upgrades and ends: 2 x (10 + 3) per seat, doubled for specialists' temporary workers;
    - Events: a pick per seat, Remy Roulette's swap and the card's questions (Surveying Error
      asks once per ore tile discarded: at most 3 claims x MAX_CLAIM_ORE and an ore on each
      space of the 3 machines, then `pay`).
    """
    p = game.max_players
    auction = p * (p + 1 + BID_CAP + p + 1) + p
    work = p * 2 * 2 * (game.components.rules.max_workers + 3)
    events = p * (3 + 3 * MAX_CLAIM_ORE + 3 * MAX_STAGES)
    return game.max_rounds * (auction + work + events) + 100
