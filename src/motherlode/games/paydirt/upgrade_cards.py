"""The upgrades' effects (seed 001 營地工具 / 地權工具板塊補充說明; shared/reference/paydirt.md;
prices and service lives in data/upgrades.toml).

`use` is called when a seat uses an upgrade in its Work turn (WK-9: once a round, +1 wear,
no worker); it may ask the seat to choose (choices.ask with RESUME_WORK).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import PayDirtState


def usable(state: PayDirtState, seat: int, upgrade: str) -> bool:
    """Whether using `upgrade` now would do anything."""
    return True


def use(state: PayDirtState, seat: int, upgrade: str) -> None:
    """The effect of using `upgrade` (its wear is already added)."""


def completion_bonus(state: PayDirtState, seat: int) -> int:
    """Extra nuggets an upgrade adds to an ore the seat completes now."""
    return 0
