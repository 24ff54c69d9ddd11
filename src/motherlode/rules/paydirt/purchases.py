"""Using purchases (seed 000 "Using purchases"; seed 001 I 04a-d; notes PU-1..PU-8, D9-D19).

A purchase takes effect at once (D9): a claim gets its ore face down (a 4th claim means
discarding an existing one), a specialist adds its workers from the reserve, and equipment is
either installed (replacing the machine of its type; ore re-placed by machines.replace_ore,
old wear discarded) or scrapped for parts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from motherlode.engine import Action

from . import held_cards
from .board import WASH_PLANT, Board, HeldClaim, Machine
from .components import EQUIPMENT_TYPES, Components
from .log import ClaimDiscarded, Installed, Scrapped
from .machines import replace_ore, send_back
from .phase import Phase
from .table import discard_ore, draw_ore, equipment_tile

if TYPE_CHECKING:
    from .model import PayDirtModel


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


def actions(parts: Components) -> list[Action]:
    claims = [*parts.starting_claims, *parts.claims]
    return [
        *(Discard(c.id) for c in claims),
        Install(),
        *(Scrap(m) for m in EQUIPMENT_TYPES),
    ]


def take(state: PayDirtModel, seat: int, kind: str, item: str) -> bool:
    """Give `seat` the tile it bought; True when the winner must now decide something."""
    board = state.boards[seat]
    if kind == "specialist":
        workers = state.game.specialist_by_id[item].workers
        board.specialists.append(item)
        board.workers = min(state.game.components.rules.max_workers, board.workers + workers)
        return False
    if kind == "claim":
        claim = state.game.claim_by_id[item]
        ore = [tile for t in claim.ore if (tile := draw_ore(state, t)) is not None]
        board.claims.append(HeldClaim(claim.id, claim.layered, ore))
        if len(board.claims) <= state.game.components.rules.max_claims:
            return False
    elif held_cards.waits(state, seat, item):
        return False  # Bad Roads: equipment waits, no install-or-scrap decision
    state.pending = (kind, item)
    state.phase = Phase.PURCHASE
    state.seat = seat
    return True


def legal(state: PayDirtModel) -> list[Action]:
    if state.pending is None:
        return []
    kind, item = state.pending
    board = state.boards[state.seat]
    if kind == "claim":
        return [Discard(c.claim) for c in board.claims[:-1]]
    return [Install(), *(Scrap(m) for m in scrap_targets(state, board, item))]


def scrap_targets(state: PayDirtModel, board: Board, item: str) -> list[str]:
    """Machines whose wear scrapping may take off (C1): any (default), or the same life."""
    life = state.game.equipment_by_id[item].service_life
    same_life = state.game.option("scrap_parts") == "same_life"
    return [
        EQUIPMENT_TYPES[c]
        for c, machine in enumerate(board.machines)
        if not same_life or equipment_tile(state, c, machine.equipment).service_life == life
    ]


def apply(state: PayDirtModel, action: Action) -> None:
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
        state.log.append((ClaimDiscarded, seat, action.claim, state.game.names[action.claim]))
    elif isinstance(action, Install):
        install(state, board, item)
        state.log.append((Installed, seat, item, state.game.names[item]))
    elif isinstance(action, Scrap):
        scrap(state, board, item, EQUIPMENT_TYPES.index(action.machine))
        state.log.append((Scrapped, seat, item, state.game.names[item], action.machine))
    state.purchase_done()


def scrap(state: PayDirtModel, board: Board, item: str, chain: int) -> None:
    """The new tile is discarded; wear comes off the chosen machine: up to the scrapped tile's
    service life (seed 001, default) or all of it (`scrap_parts=same_life`, seed 000)."""
    machine = board.machines[chain]
    if state.game.option("scrap_parts") == "same_life":
        machine.wear = 0
    else:
        machine.wear = max(0, machine.wear - state.game.equipment_by_id[item].service_life)


def install(state: PayDirtModel, board: Board, item: str) -> None:
    """The new machine replaces the one of its type: old wear discarded, ore re-placed (D14),
    what does not fit goes back (D15)."""
    tile = state.game.equipment_by_id[item]
    chain = EQUIPMENT_TYPES.index(tile.type)
    old = board.machines[chain]
    spaces, back = replace_ore(old.spaces, tile.stages, chain == WASH_PLANT)
    board.machines[chain] = Machine(item, 0, spaces)
    send_back(board, chain, back)
    held_cards.installed(state, board, chain)  # Bought a Lemon
