"""Sampling what a seat cannot see (`State.determinize`): the chance deck's order, the other
players' missions (dealt and kept), and the future (a new seed).

The secrets are the ones `view.py` and the log's `seen_by` hide: each other seat's 3 missions
dealt and the one it kept, which also stand in the history (`keep <mission>`) and in the log
(`MissionKept`); all three are rewritten to agree.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypeVar

from .log import MissionKept
from .phase import EMPTY, Phase
from .setup import MISSIONS_DEALT

if TYPE_CHECKING:
    from .model import DigItUpModel

M = TypeVar("M", bound="DigItUpModel")


def determinize(state: M, seat: int, rng: random.Random) -> M:
    """A state `seat` cannot tell from this one: other players' missions and the chance deck
    resampled, the history's and the log's secret mission choices rewritten to match, the
    future reseeded."""
    other = state.clone()
    other._reseed(rng)
    rng.shuffle(other.deck)
    if state.phase == Phase.OVER or state.game.simplified:
        return other
    game = state.game
    own = set(state.dealt[seat])
    unseen = [m for m in game.mission_pool if m not in own]
    rng.shuffle(unseen)
    deal = iter(range(0, len(unseen), MISSIONS_DEALT))
    for p in range(game.num_players):
        if p == seat:
            continue
        start = next(deal)
        hand = tuple(unseen[start : start + MISSIONS_DEALT])
        other.dealt[p] = hand
        if state.mission[p] != EMPTY:
            kept = other.mission[p] = rng.choice(hand)
            # Set-up 6: seats keep their missions in turn, so seat p's choice is action p.
            other.history[p] = game.keep_actions[kept]
    # The log opens with the seats' MissionKept events, one per seat in turn.
    for i, entry in enumerate(other.log):
        if entry[0] is not MissionKept:
            break
        p = entry[1]
        if p != seat:
            kept = other.mission[p]
            other.log[i] = (MissionKept, p, game.mission_ids[kept], game.mission_names[kept])
    return other
