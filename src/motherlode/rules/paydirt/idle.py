"""Why a placed worker can do nothing where it stands, in plain words (the Work decision's
warnings, issue 12 item 4): a seller with no nuggets, an excavator worker with no ore to load, a
repairer with nothing worn ...

`reason(state, seat, slot)` is "" when a worker at that slot (an index into `board.SLOTS`)
could act now, else why not; `worker(slot)` names the worker (`the seller`). The facts read
are public (a board, the upgrade row), so a warning tells nobody anything new.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import carry, held_cards
from .board import BUY_SLOT, EMPTY, REPAIR_SLOT, REPAIR_TARGETS, SELL_SLOT, SLOTS, Board
from .components import EQUIPMENT_TYPES
from .log import machine
from .table import equipment_tile

if TYPE_CHECKING:
    from .model import PayDirtModel


def worker(slot: int) -> str:
    """The worker at a slot in words: `the loader worker`, `the camp repairer`, `the seller`."""
    if slot < REPAIR_SLOT:
        return f"the {machine(SLOTS[slot])} worker"
    if slot < SELL_SLOT:
        return f"the {machine(REPAIR_TARGETS[slot - REPAIR_SLOT])} repairer"
    return "the seller" if slot == SELL_SLOT else "the buyer"


def reason(state: PayDirtModel, seat: int, slot: int) -> str:
    """Why a worker of `seat` at `slot` can do nothing now; "" when it can act."""
    board = state.boards[seat]
    if slot < REPAIR_SLOT:
        return _machine(state, seat, slot)
    if slot < SELL_SLOT:
        return _repair(state, board, slot - REPAIR_SLOT)
    if slot == SELL_SLOT:
        if board.loose_gold > 0:
            return ""
        if board.vault:
            return "nothing to sell: your nuggets are in the Company Vault"
        return "nothing to sell: no nuggets"
    if slot == BUY_SLOT:
        by_id = state.game.upgrade_by_id
        if any(by_id[u].price <= board.cash for u in state.upgrade_display):
            return ""
        return "nothing to buy: no upgrade on display within your cash"
    return ""


def _machine(state: PayDirtModel, seat: int, chain: int) -> str:
    if carry.moves(state, seat, chain):
        return ""
    board = state.boards[seat]
    name = machine(EQUIPMENT_TYPES[chain])
    if board.events and held_cards.machine_stopped(state, seat, chain):
        return f"an event card in force stops the {name} now"
    spaces = board.machines[chain].spaces
    if spaces[0] != EMPTY:
        return f"nothing to pull: the ore on the {name} has no free space ahead"
    if chain == 0 and not any(held.ore for held in board.claims):
        return "nothing to load: no ore on your claims"
    if chain > 0 and board.machines[chain - 1].spaces[-1] == EMPTY:
        before = machine(EQUIPMENT_TYPES[chain - 1])
        return f"nothing to pull: no ore on the last space of the {before}"
    if not carry.can_enter(state, board, chain):
        return f"the {name} is fully worn: no ore may enter until it is repaired"
    return "an event card in force keeps the ore on your claims"


def _repair(state: PayDirtModel, board: Board, target: int) -> str:
    name = machine(REPAIR_TARGETS[target])
    if target < len(EQUIPMENT_TYPES):
        worn = board.machines[target]
        tile = equipment_tile(state, target, worn.equipment)
        if worn.wear <= 0:
            return f"nothing to repair: the {name} has no wear"
        if tile.flimco and worn.wear >= tile.service_life:
            return f"a fully worn FlimCo {name} cannot be repaired"
        return ""
    if name not in board.upgrades:
        return f"nothing to repair: no {name} upgrade"
    if board.upgrade_wear.get(name, 0) <= 0:
        return f"nothing to repair: the {name} upgrade has no wear"
    return ""
