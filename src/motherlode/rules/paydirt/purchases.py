"""Using purchases (seed 000 "Using purchases"; seed 001 I 04a-d; notes PU-1..PU-8, D9-D19).

A purchase takes effect at once (D9): a claim gets its ore face down (a 4th claim means
discarding an existing one), a specialist adds its workers from the reserve, and equipment is
either installed (replacing the machine of its type; ore re-placed, old wear discarded) or
scrapped for parts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from motherlode.engine import Action

from . import event_cards
from .board import EMPTY, WASH_PLANT, Board, HeldClaim, Machine
from .components import EQUIPMENT_TYPES, Components
from .phase import Phase
from .table import discard_ore, draw_ore, equipment_tile

if TYPE_CHECKING:
    from .state import PayDirtState

MAX_WORKERS = 10  # 5 in play + 5 in reserve (D13)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard this existing claim, with its ore, to make room for a 4th (PU-3, D10)."""

    claim: str

    def __str__(self) -> str:
        return f"discard {self.claim}"


@dataclass(frozen=True, slots=True)
class Install(Action):
    """Put the equipment just bought on the board, replacing the machine of its type."""

    def __str__(self) -> str:
        return "install"


@dataclass(frozen=True, slots=True)
class Scrap(Action):
    """Scrap the equipment just bought for parts, taking wear off this machine (PU-8, C1)."""

    machine: str

    def __str__(self) -> str:
        return f"scrap {self.machine}"


# state.pending while the winner decides: ("claim", new claim id) or ("equipment", tile id)
Pending = tuple[str, str]


def actions(parts: Components) -> list[Action]:
    claims = [*parts.starting_claims, *parts.claims]
    return [
        *(Discard(c.id) for c in claims),
        Install(),
        *(Scrap(m) for m in EQUIPMENT_TYPES),
    ]


def take(state: PayDirtState, seat: int, kind: str, item: str) -> bool:
    """Give `seat` the tile it bought; True when the winner must now decide something."""
    board = state.boards[seat]
    if kind == "specialist":
        workers = state.game.specialist_by_id[item].workers
        board.specialists.append(item)
        board.workers = min(MAX_WORKERS, board.workers + workers)
        return False
    if kind == "claim":
        claim = state.game.claim_by_id[item]
        ore = [tile for t in claim.ore if (tile := draw_ore(state, t)) is not None]
        board.claims.append(HeldClaim(claim.id, claim.layered, ore))
        if len(board.claims) <= state.game.components.rules.max_claims:
            return False
    elif event_cards.waits(state, seat, item):
        return False  # Bad Roads: equipment waits, no install-or-scrap decision
    state.pending = (kind, item)
    state.phase = Phase.PURCHASE
    state.seat = seat
    return True


def legal(state: PayDirtState) -> list[Action]:
    if state.pending is None:
        return []
    kind, item = state.pending
    board = state.boards[state.seat]
    if kind == "claim":
        return [Discard(c.claim) for c in board.claims[:-1]]
    return [Install(), *(Scrap(m) for m in scrap_targets(state, board, item))]


def scrap_targets(state: PayDirtState, board: Board, item: str) -> list[str]:
    """Machines whose wear scrapping may take off (C1): any (default), or the same life."""
    life = state.game.equipment_by_id[item].service_life
    same_life = state.game.option("scrap_parts") == "same_life"
    return [
        EQUIPMENT_TYPES[c]
        for c, machine in enumerate(board.machines)
        if not same_life or equipment_tile(state, c, machine.equipment).service_life == life
    ]


def apply(state: PayDirtState, action: Action) -> None:
    if state.pending is None:
        return
    seat = state.seat
    board = state.boards[seat]
    _, item = state.pending
    if isinstance(action, Discard):
        gone = next(c for c in board.claims if c.claim == action.claim)
        board.claims.remove(gone)
        for ore in gone.ore:
            discard_ore(state, ore)
        state.log.append({"seat": seat, "action": str(action)})
    elif isinstance(action, Install):
        install(state, board, item)
        state.log.append({"seat": seat, "action": f"install {item}"})
    elif isinstance(action, Scrap):
        scrap(state, board, item, EQUIPMENT_TYPES.index(action.machine))
        state.log.append({"seat": seat, "action": str(action)})
    state.purchase_done()


def scrap(state: PayDirtState, board: Board, item: str, chain: int) -> None:
    """The new tile is discarded; wear comes off the chosen machine: up to the scrapped tile's
    service life (seed 001, default) or all of it (`scrap_parts=same_life`, seed 000)."""
    machine = board.machines[chain]
    if state.game.option("scrap_parts") == "same_life":
        machine.wear = 0
    else:
        machine.wear = max(0, machine.wear - state.game.equipment_by_id[item].service_life)


def install(state: PayDirtState, board: Board, item: str) -> None:
    """The new machine replaces the one of its type: old wear discarded, ore re-placed (D14),
    what does not fit goes back (D15)."""
    tile = state.game.equipment_by_id[item]
    chain = EQUIPMENT_TYPES.index(tile.type)
    old = board.machines[chain]
    spaces, back = replace_ore(old.spaces, tile.stages, chain == WASH_PLANT)
    board.machines[chain] = Machine(item, 0, spaces)
    send_back(board, chain, back)
    event_cards.installed(state, board, chain)  # Bought a Lemon


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
