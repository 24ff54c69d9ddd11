"""The phases of a Dig It Up game and the board's marker values."""

from __future__ import annotations

from enum import IntEnum

EMPTY = -1  # a space without a tile, or a player without a kept mission
ON_LABEL = -1  # a pickaxe on its dig site's starting picture label


class Phase(IntEnum):
    MISSIONS = 0  # set-up 6: each player keeps 1 of the 3 missions dealt
    DIG = 1  # a player's turn: call out a dig site and roll
    PLACE = 2  # the digger places a Strike Gold / Hazardous Area token
    OVER = 3


PHASES = ("missions", "dig", "place", "over")
"""Each phase's name in the views (`State.phase_name`), by `Phase` value."""
