"""The phases of a Pay Dirt round (seed 000 "Sequence of Play") and the decisions inside them."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    AUCTION = 0  # pick a tile or decline; bid or pass (auction.py)
    PURCHASE = 1  # the winner's decision on a purchase: 4th claim, equipment (purchases.py)
    WORK_PLACE = 2  # secret worker placement, seat by seat (work.py)
    WORK = 3  # carrying out, seat by seat from the first player (work.py)
    EVENTS = 4  # the events draft (events.py)
    CHOOSE = 5  # a card asks its holder to choose (choices.py)
    OVER = 6
