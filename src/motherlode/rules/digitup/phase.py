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


# Public log entries (tuples of ints), first element the kind:
LOG_KEEP = 0  # (LOG_KEEP, seat): a player kept a mission (which one stays secret)
LOG_DIG = 1  # (LOG_DIG, seat, site, move, space, tile, compass, token, card, last_tile)
LOG_PLACE = 2  # (LOG_PLACE, seat, site, space, value)
NO_CARD = -1
