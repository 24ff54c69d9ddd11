"""The shared table: ore stacks, the auction displays and the upgrade row (seed 000 Setup)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import STARTING
from .components import ORE_TYPES, Equipment
from .log import OreReshuffled

if TYPE_CHECKING:
    from .model import PayDirtModel


def draw_ore(state: PayDirtModel, ore_type: str) -> int | None:
    """The top ore tile of a type's stack; an empty stack is re-formed from that type's discards
    (seed 000 Setup). None when there is no tile of that type left anywhere (D11)."""
    t = ORE_TYPES.index(ore_type)
    stack = state.ore_stacks[t]
    if not stack and state.ore_discards[t]:
        state.log.append((OreReshuffled, None, ore_type))
        stack.extend(state.ore_discards[t])
        state.ore_discards[t].clear()
        state.rng.shuffle(stack)
    return stack.pop() if stack else None


def discard_ore(state: PayDirtModel, ore: int) -> None:
    """An ore tile leaves play unseen (or after cleanup): onto its type's discard pile. A tile
    turned face up (Test Drill) is face down again: `state.face_up` holds only tiles on boards."""
    if state.face_up and ore in state.face_up:
        state.face_up.remove(ore)
    t = ORE_TYPES.index(state.game.components.ore[ore].type)
    state.ore_discards[t].append(ore)


def refill(display: list[str], stack: list[str], size: int) -> None:
    """Turn tiles from the stack face up until the display holds `size` (or the stack is out)."""
    while len(display) < size and stack:
        display.append(stack.pop())


def refill_displays(state: PayDirtModel) -> None:
    """Income: 3 of each auction type face up, 5 upgrades (seed 000 4) Income)."""
    rules = state.game.components.rules
    refill(state.equipment_display, state.equipment_stack, rules.display_per_type)
    refill(state.specialist_display, state.specialist_stack, rules.display_per_type)
    refill(state.claim_display, state.claim_stack, rules.display_per_type)
    refill(state.upgrade_display, state.upgrade_stack, rules.upgrade_display)


def equipment_tile(state: PayDirtModel, chain: int, equipment: str) -> Equipment:
    """The equipment data of a machine: the tile on top, or the board's own (STARTING)."""
    parts = state.game.components
    if equipment == STARTING:
        return parts.starting_equipment[chain]
    return state.game.equipment_by_id[equipment]
