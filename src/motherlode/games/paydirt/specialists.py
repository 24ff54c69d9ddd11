"""The specialists' abilities (seed 001 員工卡補充說明; shared/reference/paydirt.md; the data's
`ability` and `amount` fields in data/specialists.toml).

Each ability hooks into a named rule point of the round code; the round code asks this module
(`has`, `crew`, ...) and never names a card. A specialist sick with Flu Outbreak (`board.sick`)
lends neither ability nor workers; one lent by Disloyal Employee (`board.borrowed`) gives both
to the borrower as well.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import event_cards

if TYPE_CHECKING:
    from .components import Specialist
    from .state import PayDirtState


def abilities(state: PayDirtState, seat: int) -> list[Specialist]:
    """The specialists whose abilities act for `seat` now: its own, less a sick one, plus one
    borrowed from an opponent."""
    board = state.boards[seat]
    by_id = state.game.specialist_by_id
    working = [by_id[s] for s in board.specialists if s != board.sick]
    if board.borrowed:
        working.append(by_id[board.borrowed])
    return working


def has(state: PayDirtState, seat: int, ability: str) -> Specialist | None:
    """The first specialist acting for `seat` with this ability (None: none does)."""
    return next((s for s in abilities(state, seat) if s.ability == ability), None)


def crew(state: PayDirtState, seat: int) -> int:
    """Workers `seat` may place in this round's Work phase."""
    return max(0, state.boards[seat].workers - event_cards.workers_lost(state, seat))


def after_auction(state: PayDirtState) -> bool:
    """Right after the Auction phase (Morgan Grift, D33); True when a seat is asked to choose."""
    return False


def after_work(state: PayDirtState) -> bool:
    """Right after a Work phase, before Events (Rick Axelgrease); True when a seat is asked."""
    return False
