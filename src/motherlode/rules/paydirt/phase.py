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


PHASES = tuple(p.name.lower() for p in Phase)
"""Each phase's word in a view (`auction`, `work_place`, ...), by its number."""

PHASE_LABELS = {
    "auction": "Auction",
    "purchase": "Auction · purchase decision",
    "work_place": "Work · placing workers",
    "work": "Work · carrying out",
    "events": "Events draft",
    "choose": "a card asks its holder",
    "over": "game over",
}
"""Each phase's name for people, by its word in a view (the terminal's header)."""
