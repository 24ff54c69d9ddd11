"""Scenario helpers for Pay Dirt rules tests."""

from __future__ import annotations

from motherlode.rules.paydirt.game import PayDirt
from motherlode.rules.paydirt.log import CleanedUp, Completed
from motherlode.rules.paydirt.state import PayDirtState


def new_state(players: int = 4, seed: int = 1, **options: object) -> PayDirtState:
    """A new game at the start of the first Auction phase."""
    state = PayDirt(players=players, **options).new_game(seed)
    if not isinstance(state, PayDirtState):
        raise TypeError("not a Pay Dirt state")
    return state


def show(state: PayDirtState, equipment: list[str], specialists: list[str],
         claims: list[str]) -> None:
    """Put exactly these tiles on the auction displays."""
    state.equipment_display[:] = equipment
    state.specialist_display[:] = specialists
    state.claim_display[:] = claims


def texts(state: PayDirtState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play(state: PayDirtState, *actions: str) -> None:
    for text in actions:
        state.apply(state.game.parse_action(text))


def minimum(state: PayDirtState, specialist: str) -> int:
    """A specialist's minimum price in dollars, as designed in data/specialists.toml (read,
    not copied, so the tests follow the data's tuning)."""
    return state.game.specialist_by_id[specialist].price


def bid(dollars: int) -> str:
    """The bid action for `dollars` (bids count thousands)."""
    return f"bid {dollars // 1000}"


def revealed_values(state: PayDirtState, start: int = 0) -> list[int]:
    """The ore values the log has shown since its `start`-th event (an ore washed in Work or
    revealed in Cleanup): the only events that carry a value."""
    return [e.value for e in state.events()[start:] if isinstance(e, Completed | CleanedUp)]
