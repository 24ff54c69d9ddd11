"""The round's flow (seed 000 "Sequence of Play"), Income, the last round's Cleanup and the
winner (seed 000 "End of Game"; seed 001 最後一輪, 遊戲勝利)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import auction, events, specialist_choices, specialists, work
from .board import EMPTY, Board
from .log import CleanedUp
from .phase import Phase
from .table import discard_ore, equipment_tile, refill_displays

if TYPE_CHECKING:
    from .model import PayDirtModel


def auction_over(state: PayDirtModel) -> None:
    """Auction -> (Morgan Grift's leftover tile, D33) -> Work."""
    state.auction = None
    after_auction(state)


def after_auction(state: PayDirtModel) -> None:
    """The Auction phase is done: Morgan Grift's holders are asked one by one (a purchase
    decision still open waits), then Work begins."""
    if state.pending is None and not specialist_choices.after_auction(state):
        work.begin(state)


def work_over(state: PayDirtModel) -> None:
    """Work -> (Rick Axelgrease's repair) -> Events; in the last round, Work -> Cleanup and
    the end (no Events, no Income)."""
    state.work = None
    if state.last_round:
        cleanup(state)
        state.phase = Phase.OVER
        return
    after_work(state)


def after_work(state: PayDirtModel) -> None:
    """Rick Axelgrease's holders are asked one by one, then Events begin."""
    if not specialist_choices.after_work(state):
        events.begin(state)


def events_over(state: PayDirtModel) -> None:
    """Events -> Income -> the next round. The temperature was lowered by events.py; at 0 °C
    or lower the next round is the last."""
    state.draft = None
    if state.temperature <= state.game.components.rules.end_temperature:
        state.last_round = True
    income(state)
    next_round(state)


def income(state: PayDirtModel) -> None:
    """4) Income: Dirty Mike & The Boys are paid first (from the cash the round left), then
    $2,000 each (Julian Cash: his amount); the displays refilled to 3 of each type and 5
    upgrades."""
    for seat, board in enumerate(state.boards):
        specialists.upkeep(state, seat)
        board.cash += specialists.income(state, seat)
    refill_displays(state)


def next_round(state: PayDirtModel) -> None:
    """The first player marker passes clockwise; a new Auction phase begins."""
    state.first_player = (state.first_player + 1) % state.game.num_players
    state.round += 1
    for board in state.boards:
        board.won = False
        board.flags.clear()
    state.phase = Phase.AUCTION
    auction.begin(state)


def spaces_to_go(state: PayDirtModel, board: Board, chain: int, space: int) -> int:
    """Spaces from an ore's space to the wash plant's last one."""
    later = sum(len(m.spaces) for m in board.machines[chain + 1 :])
    return len(board.machines[chain].spaces) - 1 - space + later


def cleanup(state: PayDirtModel) -> None:
    """Cleanup: each player's single rightmost ore on equipment is revealed and pays its value
    minus the spaces still to go (never below 0; nothing if a machine it must still enter is
    fully worn, D34-D35); all other ore on equipment is discarded unseen."""
    ore_tiles = state.game.components.ore
    for seat, board in enumerate(state.boards):
        placed = [
            (spaces_to_go(state, board, c, s), c, ore)
            for c, machine in enumerate(board.machines)
            for s, ore in enumerate(machine.spaces)
            if ore != EMPTY
        ]
        if not placed:
            continue
        placed.sort()
        to_go, chain, ore = placed[0]
        blocked = any(
            m.wear >= equipment_tile(state, c, m.equipment).service_life
            for c, m in enumerate(board.machines)
            if c > chain
        )
        paid = 0 if blocked else max(0, ore_tiles[ore].value - to_go)
        board.gold += paid
        state.log.append((CleanedUp, seat, ore_tiles[ore].type, ore_tiles[ore].value, to_go,
                          paid))
        for _, _, other in placed:
            discard_ore(state, other)
        for machine in board.machines:
            machine.spaces = [EMPTY] * len(machine.spaces)


def winner(state: PayDirtModel) -> int:
    """Most gold; then most money; then the seat nearest clockwise to the first player
    (the first player nearest of all)."""
    n = state.game.num_players

    def rank(seat: int) -> tuple[int, int, int]:
        board = state.boards[seat]
        return (board.gold, board.cash, -((seat - state.first_player) % n))

    return max(range(n), key=rank)
