"""Carrying out (seed 000 "2) Work"; WK-9..WK-16, D20, D21): how ore moves along a board, and
an upgrade reaching a board. The Work phase (work.py) and the upgrades that pull ore for free
(upgrade_cards.py) both move ore through here, so every limit on a pull applies to both.

- `moves(state, seat, chain)`: the pulls a worker on machine `chain` can make now (`load`
  from a claim onto the excavator, `move` into a space), the events in force included;
- `load`, `move`: carry one out; `enter` adds the entry wear (WK-10); `complete` turns the ore
  on the wash plant's last space into gold (WK-15);
- `buy`, `place_upgrade`: an upgrade bought in town (or by the ATV) and put on the board,
  `replaced` (a Company Vault leaving), `completion_bonus` (Shake Table).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from motherlode.engine import Action

from . import held_cards, specialists
from .board import EMPTY, WASH_PLANT, Board, Machine
from .components import EQUIPMENT_TYPES, ORE_TYPES, STARTING_STAGES
from .log import Completed, Loaded, Moved, UpgradeBought, VaultEmptied
from .machines import flimco_check
from .table import discard_ore, equipment_tile

if TYPE_CHECKING:
    from .model import PayDirtModel

VAULT = "company-vault"
SHAKE_TABLE = "shake_table"  # board.flags: the next completed ore gives more nuggets


@dataclass(frozen=True, slots=True)
class Load(Action):
    """An excavator worker pulls one ore of this type from a claim onto the excavator's first
    space (WK-13, WK-16)."""

    claim: str
    ore: str

    def __str__(self) -> str:
        return f"load {self.claim} {self.ore}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A worker on `machine` pulls an ore into its space `space` (1-based; D20, D21)."""

    machine: str
    space: int

    def __str__(self) -> str:
        return f"move {self.machine} {self.space}"


MOVES = {
    (chain, space): Move(machine, space + 1)
    for chain, machine in enumerate(EQUIPMENT_TYPES)
    for space in range(STARTING_STAGES)
    if chain or space
}
_LOADS: dict[tuple[str, str], Load] = {}


def load_action(claim: str, ore: str) -> Load:
    action = _LOADS.get((claim, ore))
    if action is None:
        action = _LOADS[claim, ore] = Load(claim, ore)
    return action


def _service_life(state: PayDirtModel, chain: int, machine: Machine) -> int:
    return equipment_tile(state, chain, machine.equipment).service_life


def can_enter(state: PayDirtModel, board: Board, chain: int) -> bool:
    """WK-11: a machine whose wear equals its service life takes no new ore."""
    machine = board.machines[chain]
    return machine.wear < _service_life(state, chain, machine)


def moves(state: PayDirtModel, seat: int, chain: int, *, crew: bool = True) -> list[Action]:
    """The pulls a worker on this machine can make (D20, D21): into space 1 from a claim (the
    excavator, WK-13) or from the previous machine's last space; into space k from k - 1.
    Events in force may stop them (`crew=False`: a pull no worker makes, by an upgrade, is not
    held back by the events that ask for extra workers)."""
    board = state.boards[seat]
    spaces = board.machines[chain].spaces
    out: list[Action] = []
    if board.events and held_cards.machine_stopped(state, seat, chain, crew=crew):
        return out
    if spaces[0] == EMPTY and can_enter(state, board, chain):
        if chain == 0:
            out.extend(loads(state, seat, crew=crew))
        elif board.machines[chain - 1].spaces[-1] != EMPTY:
            out.append(MOVES[chain, 0])
    for k in range(1, len(spaces)):
        if spaces[k] == EMPTY and spaces[k - 1] != EMPTY:
            out.append(MOVES[chain, k])
    return out


def loads(state: PayDirtModel, seat: int, *, crew: bool = True) -> list[Action]:
    """WK-13: any ore of any claim, by type; from a layered claim only its next tile."""
    board = state.boards[seat]
    ore = state.game.components.ore
    out: list[Action] = []
    free = specialists.any_order(state, board)
    for held in board.claims:
        if board.events and held_cards.claim_stopped(state, seat, held.claim, crew=crew):
            continue
        if not held.ore:
            continue
        if held.layered and not free:
            out.append(load_action(held.claim, ore[held.ore[0]].type))
            continue
        types = {ore[o].type for o in held.ore}
        out.extend(load_action(held.claim, t) for t in ORE_TYPES if t in types)
    return out



def load(state: PayDirtModel, seat: int, claim: str, ore_type: str) -> None:
    """WK-13: the first ore of that type on the claim (a layered claim's next tile) enters the
    excavator's first space (+1 wear, WK-10)."""
    board = state.boards[seat]
    held = next(c for c in board.claims if c.claim == claim)
    ore = state.game.components.ore
    i = next(i for i, o in enumerate(held.ore) if ore[o].type == ore_type)
    tile = held.ore.pop(i)
    state.log.append((Loaded, seat, claim, ore_type))
    board.machines[0].spaces[0] = tile
    enter(state, seat, 0)


def move(state: PayDirtModel, seat: int, chain: int, space: int) -> None:
    """D21: one ore one space into `space` (0-based) of machine `chain`; entering a machine adds
    wear (WK-10); the wash plant's last space turns it into gold (WK-15)."""
    board = state.boards[seat]
    spaces = board.machines[chain].spaces
    state.log.append((Moved, seat, EQUIPMENT_TYPES[chain], space + 1))
    if space == 0:
        before = board.machines[chain - 1].spaces
        spaces[0], before[-1] = before[-1], EMPTY
    else:
        spaces[space], spaces[space - 1] = spaces[space - 1], EMPTY
    if chain == WASH_PLANT and space == len(spaces) - 1:
        complete(state, seat)
    if space == 0:
        enter(state, seat, chain)


def enter(state: PayDirtModel, seat: int, chain: int) -> None:
    """WK-10: an ore entering a machine for the first time adds 1 wear; then the FlimCo check."""
    state.boards[seat].machines[chain].wear += specialists.entry_wear(state, seat, chain)
    flimco_check(state, seat, chain)


def complete(state: PayDirtModel, seat: int) -> None:
    """WK-15: the ore on the wash plant's last space is revealed, its nuggets paid, the tile
    discarded; no worker needed."""
    board = state.boards[seat]
    spaces = board.machines[WASH_PLANT].spaces
    tile = spaces[-1]
    spaces[-1] = EMPTY
    ore = state.game.components.ore[tile]
    loaded = held_cards.completion_gold(state, seat, ore.value)
    bonus = completion_bonus(state, seat)
    gold = loaded + bonus
    board.gold += gold
    discard_ore(state, tile)
    state.log.append((Completed, seat, ore.type, ore.value, gold, ore.value - loaded, bonus))


def buy(state: PayDirtModel, seat: int, upgrade: str) -> None:
    """WK-7, WK-8, D26, C5: pay the listed price; the upgrade replaces the one of its kind
    (`upgrade_limit=one_total`: any held upgrade), whose wear goes with it; usable at once."""
    board = state.boards[seat]
    tile = state.game.upgrade_by_id[upgrade]
    board.cash -= tile.price
    state.upgrade_display.remove(upgrade)
    if not held_cards.waits(state, seat, upgrade):  # Bad Roads: it arrives with the card's end
        place_upgrade(state, seat, upgrade)
    state.log.append((UpgradeBought, seat, upgrade, tile.name, tile.price))


def place_upgrade(state: PayDirtModel, seat: int, upgrade: str) -> None:
    """The upgrade goes on the board, replacing the one of its kind (`upgrade_limit=one_total`:
    any held upgrade), whose wear goes with it; Bought a Lemon may wear it fully."""
    board = state.boards[seat]
    tile = state.game.upgrade_by_id[upgrade]
    replaced(state, seat, tile.kind)  # what leaves (a Company Vault's nuggets)
    if state.game.option("upgrade_limit") == "one_total":
        board.upgrades.clear()
        board.upgrade_wear.clear()
    board.upgrades[tile.kind] = upgrade
    board.upgrade_wear[tile.kind] = held_cards.arrival_wear(state, seat, tile.service_life)




def completion_bonus(state: PayDirtModel, seat: int) -> int:
    """Extra nuggets an upgrade adds to an ore the seat completes now (Shake Table: the next ore
    completed after its use this round)."""
    flags = state.boards[seat].flags
    if not flags or not flags.pop(SHAKE_TABLE, 0):
        return 0
    return state.game.upgrade_by_id["shake-table"].amount


def replaced(state: PayDirtModel, seat: int, kind: str) -> None:
    """A new upgrade of `kind` goes on the board: what it replaces leaves (every held upgrade
    under `upgrade_limit=one_total`). A Company Vault leaving lets its nuggets loose again."""
    board = state.boards[seat]
    if not board.vault:
        return
    if state.game.option("upgrade_limit") == "one_total":
        leaving = list(board.upgrades.values())
    else:
        leaving = [board.upgrades.get(kind, "")]
    if VAULT in leaving:
        state.log.append((VaultEmptied, seat, board.vault))
        board.vault = 0


