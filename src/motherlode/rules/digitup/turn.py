"""The end of a turn (seed 003, "How to play": play passes to the left) and of the game ("Game
end": after the turn in which the last site is abandoned, all players reveal their missions)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .log import MissionRevealed
from .phase import EMPTY, Phase

if TYPE_CHECKING:
    from .model import DigItUpModel


def end_turn(state: DigItUpModel) -> None:
    """The turn passes left; after the game-ending abandonment, the game is over."""
    if state.end_triggered:
        state.phase = Phase.OVER
        reveal_missions(state)
        return
    state.phase = Phase.DIG
    state.seat = (state.seat + 1) % state.game.num_players
    state.turn += 1


def reveal_missions(state: DigItUpModel) -> None:
    """Game end: "all players reveal their mission cards"; each kept one is logged."""
    game = state.game
    for p in range(game.num_players):
        m = state.mission[p]
        if m != EMPTY:
            state.log.append((MissionRevealed, p, game.mission_ids[m], game.mission_names[m],
                              game.mission_bonus[m]))
