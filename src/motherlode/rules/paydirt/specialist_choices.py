"""The specialists whose holders are asked between phases (D33): Morgan Grift right after
the Auction (take a tile left on display at its minimum) and Rick Axelgrease right after Work
(wear off a machine). Each holder is asked once a round, first player first, with `no` allowed
(choices.py); rounds.py calls `after_auction` and `after_work`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import auction, choices, purchases, specialists
from .components import EQUIPMENT_TYPES
from .log import Oiled, TookLeftover
from .table import equipment_tile

if TYPE_CHECKING:
    from .model import PayDirtModel
    from .records import Choice

LEFTOVER_FLAG = "take_leftover"  # board.flags: the seat was asked for Morgan's tile this round
REPAIR_FLAG = "repair_after_work"  # board.flags: the seat was asked for Rick's repair


# --- Morgan Grift ----------------------------------------------------------------------------
def after_auction(state: PayDirtModel) -> bool:
    """Right after the Auction phase, before Work (D33): each seat with Morgan Grift (first
    player first; a borrowed Morgan too), once a round, may take one tile still on the auction
    displays, of any type, paying its minimum price (designed; no discount: it is not won in an
    auction); a seat that cannot pay any minimum is not asked. True when a seat is asked.

    001 Morgan Grift: 你只能在競標結束,並重新補充競標物件之前,立刻拿取一個物件 (the displays
    are refilled at Income, later)."""
    return _ask_holders(state, "take_leftover", LEFTOVER_FLAG, _leftovers, "morgan-grift",
                        "take", choices.RESUME_AFTER_AUCTION)


def _leftovers(state: PayDirtModel, seat: int) -> list[str]:
    """The tiles still on the auction displays that the seat can pay the minimum of."""
    cash = state.boards[seat].cash
    return [
        f"tile {item}"
        for kind, shown in auction.displays(state).items()
        for item in shown
        if auction.price(state, kind, item) <= cash
    ]


def _ask_holders(
    state: PayDirtModel,
    ability: str,
    flag: str,
    options: Callable[[PayDirtModel, int], list[str]],
    card: str,
    step: str,
    resume: str,
) -> bool:
    """Ask each seat with `ability` (first player first; a borrowed card too), once a round
    (`flag`), the card's question, with `no` allowed; a seat with no option is not asked. True
    when a seat is asked (the others are asked when the round comes back here)."""
    n = state.game.num_players
    for k in range(n):
        seat = (state.first_player + k) % n
        board = state.boards[seat]
        if flag in board.flags or specialists.has(state, seat, ability) is None:
            continue
        board.flags[flag] = 1
        offered = options(state, seat)
        if offered and choices.ask(state, seat, card, step, [*offered, "no"], resume):
            return True
    return False


@choices.handler("morgan-grift")
def _take_leftover(state: PayDirtModel, choice: Choice, option: str) -> None:
    """The tile is paid at its minimum and taken as if bought (purchases.take): a specialist's
    workers join, a claim gets its ore (a 4th asks which to discard), equipment asks install or
    scrap; then Work begins (rounds.after_auction)."""
    if option == "no":
        return
    item = option.removeprefix("tile ")
    seat = choice.seat
    kind = next(k for k, shown in auction.displays(state).items() if item in shown)
    price = auction.price(state, kind, item)
    state.boards[seat].cash -= price
    auction.displays(state)[kind].remove(item)
    state.log.append((TookLeftover, seat, item, state.game.names[item], price))
    purchases.take(state, seat, kind, item)


# --- Rick Axelgrease -------------------------------------------------------------------------
def after_work(state: PayDirtModel) -> bool:
    """Right after a Work phase, before Events (not after the last round's Work, which ends the
    game): each seat with Rick Axelgrease (first player first; a borrowed Rick too), once a
    round, may take `amount` wear off one of its machines with wear (001: 在艱困階段開始前,每個
    工作階段結束後,你可以從一個設備立刻移除一個破損方塊). A fully worn FlimCo has already left
    (WK-12). True when a seat is asked."""
    return _ask_holders(state, "repair_after_work", REPAIR_FLAG, _oilable, "rick-axelgrease",
                        "repair", choices.RESUME_AFTER_WORK)


def _oilable(state: PayDirtModel, seat: int) -> list[str]:
    """The seat's machines with wear that can still be repaired."""
    return [
        f"machine {EQUIPMENT_TYPES[chain]}"
        for chain, machine in enumerate(state.boards[seat].machines)
        if machine.wear > 0 and _repairable(state, chain, machine.equipment, machine.wear)
    ]


def _repairable(state: PayDirtModel, chain: int, equipment: str, wear: int) -> bool:
    tile = equipment_tile(state, chain, equipment)
    return not (tile.flimco and wear >= tile.service_life)


@choices.handler("rick-axelgrease")
def _repair_after_work(state: PayDirtModel, choice: Choice, option: str) -> None:
    if option == "no":
        return
    seat = choice.seat
    name = option.removeprefix("machine ")
    machine = state.boards[seat].machines[EQUIPMENT_TYPES.index(name)]
    rick = specialists.has(state, seat, "repair_after_work")
    most = rick.amount if rick is not None else 0
    off = min(most, machine.wear)
    machine.wear -= off
    state.log.append((Oiled, seat, name, off))
