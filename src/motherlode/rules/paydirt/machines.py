"""Machines changing on a board: where ore lands when a machine is replaced (D14-D17) and a
FlimCo leaving at full wear (WK-12, C6, D19). Used by purchases (install), the Work phase and
the cards that add wear."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import EMPTY, STARTING, WASH_PLANT, Board, Machine
from .log import FlimcoGone
from .table import equipment_tile

if TYPE_CHECKING:
    from .model import PayDirtModel


def replace_ore(old: list[int], stages: int, wash_plant: bool) -> tuple[list[int], list[int]]:
    """D14-D17: where the ore of the old machine lands on a new one of `stages` stages.

    Old left -> new first stage, old right -> new last, old centre -> new centre if any, else
    the first; a single-stage machine's ore counts as right. From the rightmost ore leftward,
    an ore takes its target if free and left of every ore already placed, else the nearest free
    stage left of them, else it goes back; the order of ores never changes. A wash plant's last
    space is never a target. Returns the new spaces and the ores sent back, right to left.
    """
    spaces = [EMPTY] * stages
    allowed = stages - 1 if wash_plant else stages
    limit = allowed
    back: list[int] = []
    for i in range(len(old) - 1, -1, -1):
        ore = old[i]
        if ore == EMPTY:
            continue
        target = _target(i, len(old), stages)
        if target < limit:
            spaces[target] = ore
            limit = target
        elif limit > 0:
            limit -= 1
            spaces[limit] = ore
        else:
            back.append(ore)
    return spaces, back


def _target(space: int, old_stages: int, stages: int) -> int:
    if old_stages == 1 or space == old_stages - 1:
        return stages - 1  # right -> right
    if space == 0:
        return 0  # left -> left
    return stages // 2 if stages % 2 == 1 and stages > 1 else 0  # centre -> centre, else left


def send_back(board: Board, chain: int, back: list[int]) -> None:
    """D15: each ore that did not fit goes to the rightmost free stage of the previous machine,
    else the one before; from the excavator, back onto the player's first claim (to be taken
    next). No wear is added."""
    for ore in back:
        for previous in range(chain - 1, -1, -1):
            spaces = board.machines[previous].spaces
            free = [s for s in range(len(spaces)) if spaces[s] == EMPTY]
            if free:
                spaces[free[-1]] = ore
                break
        else:
            board.claims[0].ore.insert(0, ore)


def flimco_check(state: PayDirtModel, seat: int, chain: int, *, at_end: bool = False) -> None:
    """WK-12, C6, D19: a FlimCo at full wear leaves (at once, or when Work ends with
    `flimco_removal=end_of_work`); the board's own machine is back, 3 stages and no wear, and
    the FlimCo's ore is re-placed onto it (D14, rightmost first, order kept; no wear)."""
    board = state.boards[seat]
    machine = board.machines[chain]
    if machine.equipment == STARTING:
        return
    tile = equipment_tile(state, chain, machine.equipment)
    if not tile.flimco or machine.wear < tile.service_life:
        return
    if not at_end and state.game.option("flimco_removal") == "end_of_work":
        return
    stages = state.game.components.starting_equipment[chain].stages
    spaces, back = replace_ore(machine.spaces, stages, chain == WASH_PLANT)
    board.machines[chain] = Machine(STARTING, 0, spaces)
    send_back(board, chain, back)
    state.log.append((FlimcoGone, seat, tile.id, state.game.names[tile.id]))
