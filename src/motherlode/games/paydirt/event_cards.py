"""The event cards' effects (seed 001 艱困卡補充說明; shared/reference/paydirt.md; category,
kind and temperature drop in data/events.toml).

`resolve` is called once per kept card its holder is not immune to, in pick order (D28), after
a long-term card is put in front of its holder; long-term cards act while held through hooks
the round code asks (`events.in_force` lists them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import PayDirtState


def resolve(state: PayDirtState, seat: int, event: str) -> None:
    """The effect of `event` on the seat that kept it (may ask it to choose: choices.ask)."""


def workers_lost(state: PayDirtState, seat: int) -> int:
    """Workers the seat's events in force keep out of this round's Work."""
    return 0


def completion_gold(state: PayDirtState, seat: int, value: int) -> int:
    """The nuggets a completed ore of `value` gives the seat (WK-15), after its events."""
    return value
