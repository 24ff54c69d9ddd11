"""The phases of a Saboteur Gold turn and round (seed 004 "Flow of the Game")."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    TURN = 0  # a player chooses A, B, C or D
    PASSING = 1  # C: discarding 1-3 cards; `draw` ends it
    FIXING = 2  # D: paying the two cards
    STEAL = 3  # after the share-out: a thief chooses whom to rob
    GOLD = 4  # base-game mode: a digger takes one of the gold cards passed round
    OVER = 5


PHASES = ("turn", "passing", "fixing", "steal", "gold", "over")
"""Each `Phase` in words, as views name it."""
