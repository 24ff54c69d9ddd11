"""Set-up (seed 000 "Setup"; seed 001 遊戲設置 01-08)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import auction
from .board import EMPTY, STARTING, Board, HeldClaim, Machine
from .components import ORE_TYPES
from .phase import Phase
from .table import draw_ore, refill_displays

if TYPE_CHECKING:
    from .model import PayDirtModel


def set_up(state: PayDirtModel) -> None:
    """Temperature +15; ore, tile and event stacks shuffled; displays turned; each player a
    board with the starting machines, 5 workers, a starting claim of 3 poor ore and $9,000."""
    game = state.game
    parts = game.components
    rng = state.rng
    state.temperature = parts.rules.start_temperature
    state.ore_stacks = [
        [n for n, tile in enumerate(parts.ore) if tile.type == t] for t in ORE_TYPES
    ]
    state.ore_discards = [[] for _ in ORE_TYPES]
    for stack in state.ore_stacks:
        rng.shuffle(stack)
    state.equipment_stack = [e.id for e in parts.equipment]
    state.specialist_stack = [s.id for s in parts.specialists]
    state.claim_stack = [c.id for c in parts.claims]
    state.upgrade_stack = [u.id for u in parts.upgrades]
    state.event_deck = [e.id for e in parts.events]
    for tiles in (state.equipment_stack, state.specialist_stack, state.claim_stack,
                  state.upgrade_stack, state.event_deck):
        rng.shuffle(tiles)
    state.equipment_display, state.specialist_display, state.claim_display = [], [], []
    state.upgrade_display, state.event_discard = [], []
    refill_displays(state)
    state.boards = [starting_board(state, seat) for seat in range(game.num_players)]
    state.first_player = 0  # D1: seat 0 is the first player
    state.round = 1
    state.last_round = False
    state.pending = None
    state.work = None
    state.draft = None
    state.choice = None
    state.face_up = []
    state.event_top = ""
    state.phase = Phase.AUCTION
    auction.begin(state)


def starting_board(state: PayDirtModel, seat: int) -> Board:
    parts = state.game.components
    claim = parts.starting_claims[seat]
    ore = [tile for t in claim.ore if (tile := draw_ore(state, t)) is not None]
    machines = [
        Machine(STARTING, 0, [EMPTY] * equipment.stages) for equipment in parts.starting_equipment
    ]
    return Board(
        cash=parts.rules.start_money,
        gold=0,
        workers=parts.rules.start_workers,
        claims=[HeldClaim(claim.id, claim.layered, ore)],
        machines=machines,
    )
