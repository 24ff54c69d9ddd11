"""The long-term event cards acting while held, and the immunities that cancel them
(seed 001 艱困卡補充說明; EV-5, EV-8, C3).

The round code calls these hooks at its rule points without naming a card; each looks at
`in_force` (the `immunity` option) and costs nothing for a seat holding no long-term card
(`if not board.events`):

- Work (work.py, carry.py): `machine_stopped` / `claim_stopped` (which pulls are legal: Rusted
  Axel, Stolen Spark Plugs, Diesel Shortage, Flash Flood, the extra workers of Busted Controls
  and Snap Freeze), `pulled` (a pull made: extra workers used, diesel paid), `revealed` (Gold
  Fever, Mandatory Safety Training), `workers_lost` (Overslept, Late Night Bender),
  `completion_gold` (Bad Load);
- buying (purchases.py, carry.buy): `waits` (Bad Roads), `installed` / `arrival_wear`
  (Bought a Lemon);
- the Events draft (events.py): `choosable` (Good Find);
- Auction (auction.py): `may_bid` (Misfiled Paperwork).

The cards' instant effects and questions are in event_cards.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import specialists
from .board import BUY_SLOT, SELL_SLOT
from .components import EQUIPMENT_TYPES
from .log import ArrivedWorn, DieselPaid, GoldFeverPaid, TileWaits, WorkerUsedUp
from .machines import flimco_check
from .table import equipment_tile

if TYPE_CHECKING:
    from .board import Board
    from .model import PayDirtModel

GOOD_FIND = "good-find-for-someone-else"
LOST_WORKERS = ("overslept", "late-night-bender")


def _amount(state: PayDirtModel, event: str) -> int:
    return state.game.event_by_id[event].amount


# --- immunity ------------------------------------------------------------------------------
def immune(state: PayDirtModel, seat: int, event: str) -> bool:
    """EV-8: a specialist that cancels events of the card's category (Kaylee Wrench:
    equipment, Killian Igneous: claim, Patrick O'Shay: specialist; their `ability` in the data)
    protects its owner from the card's effect. C3 default `immunity=from_purchase` (seed 001
    card notes): immunity starts with the Events phase of the round it was bought, so it covers
    every card resolved from then on, and cards held from earlier rounds stay in force;
    `immunity=cancels_held` (seed 000): held cards stop too (`in_force`)."""
    wanted = f"immune_{state.game.event_by_id[event].category}_events"
    return specialists.has(state, seat, wanted) is not None


def in_force(state: PayDirtModel, seat: int) -> list[str]:
    """The long-term cards acting on `seat` now: those it holds, less those an immunity
    bought since cancels under `immunity=cancels_held` (C3)."""
    held = state.boards[seat].events
    if not held or state.game.option("immunity") != "cancels_held":
        return held
    return [event for event in held if not immune(state, seat, event)]


# --- the Events draft ---------------------------------------------------------------------
def choosable(state: PayDirtModel, seat: int, event: str, hand: list[str]) -> bool:
    """D31: a seat with no gold (no processed ore) may not keep Good Find...For Someone Else
    while its hand holds another card."""
    return event != GOOD_FIND or state.boards[seat].gold > 0 or len(hand) == 1


# --- Auction ---------------------------------------------------------------------------------
def may_bid(state: PayDirtModel, seat: int, kind: str) -> bool:
    """Misfiled Paperwork: its holder may not pick or bid on claims."""
    board = state.boards[seat]
    if not board.events or kind != "claim":
        return True
    return "misfiled-paperwork" not in in_force(state, seat)


# --- buying ----------------------------------------------------------------------------------
def waits(state: PayDirtModel, seat: int, tile: str) -> bool:
    """Bad Roads: equipment won or an upgrade bought does not reach the board; it waits
    (`board.waiting`) until the card ends. True when it waits."""
    board = state.boards[seat]
    if not board.events or "bad-roads" not in in_force(state, seat):
        return False
    board.waiting.append(tile)
    state.log.append((TileWaits, seat, tile, state.game.names[tile]))
    return True


def arrival_wear(state: PayDirtModel, seat: int, life: int) -> int:
    """Bought a Lemon: a tile arriving now has wear equal to its service life; else 0."""
    board = state.boards[seat]
    if not board.events or "bought-a-lemon" not in in_force(state, seat):
        return 0
    state.log.append((ArrivedWorn, seat, life))
    return life


def installed(state: PayDirtModel, board: Board, chain: int) -> None:
    """Equipment just installed on `board` (purchases.install): Bought a Lemon wears it fully;
    a FlimCo at full wear leaves at once (machines.flimco_check)."""
    if not board.events:
        return
    seat = _seat_of(state, board)
    machine = board.machines[chain]
    wear = arrival_wear(state, seat, equipment_tile(state, chain, machine.equipment).service_life)
    if wear:
        machine.wear = wear
        flimco_check(state, seat, chain)


# --- Work ------------------------------------------------------------------------------------
def _seat_of(state: PayDirtModel, board: Board) -> int:
    return next(s for s, b in enumerate(state.boards) if b is board)


def _unused(state: PayDirtModel, seat: int, slot: int) -> int:
    work = state.work
    if work is None or not work.left[seat]:
        return 0
    return work.left[seat][slot]


def workers_lost(state: PayDirtModel, seat: int) -> int:
    """Workers the seat's events in force keep out of this round's Work (Overslept, Late Night
    Bender: `amount` each)."""
    if not state.boards[seat].events:
        return 0
    by_id = state.game.event_by_id
    return sum(by_id[e].amount for e in in_force(state, seat) if e in LOST_WORKERS)


def completion_gold(state: PayDirtModel, seat: int, value: int) -> int:
    """The nuggets a completed ore of `value` gives the seat (WK-15), after its events: Bad
    Load gives `amount` fewer, never below 0."""
    if not state.boards[seat].events or "bad-load" not in in_force(state, seat):
        return value
    return max(0, value - _amount(state, "bad-load"))


def machine_stopped(state: PayDirtModel, seat: int, chain: int, *, crew: bool = True) -> bool:
    """No ore may enter or move along machine `chain` now: Rusted Axel on it; Stolen Spark
    Plugs on the excavator (unless the Generator ran this round); Diesel Shortage's first-run
    cost unpaid and more than the cash (no cost with the Generator); Busted Controls' first run
    needing a second unused worker on it (`crew`: the pull uses a worker)."""
    board = state.boards[seat]
    if not board.events:
        return False
    held = in_force(state, seat)
    if not held:
        return False
    flags = board.flags
    powered = bool(flags.get("generator"))
    name = EQUIPMENT_TYPES[chain]
    if "rusted-axel" in held and board.rusted == chain:
        return True
    if "stolen-spark-plugs" in held and chain == 0 and not powered:
        return True
    if ("diesel-shortage" in held and not powered and not flags.get(f"diesel_{name}")
            and board.cash < _amount(state, "diesel-shortage")):
        return True
    return (crew and "busted-controls" in held and not flags.get(f"ran_{name}")
            and _unused(state, seat, chain) < 2)


def claim_stopped(state: PayDirtModel, seat: int, claim: str, *, crew: bool = True) -> bool:
    """No ore may be loaded from `claim` now: Flash Flood on it; Snap Freeze's first load from
    it needing a second unused excavator worker (a third if Busted Controls' first run too)."""
    board = state.boards[seat]
    if not board.events:
        return False
    held = in_force(state, seat)
    if not held:
        return False
    if "flash-flood" in held and board.flooded == claim:
        return True
    if not crew or "snap-freeze" not in held or board.flags.get(f"froze_{claim}"):
        return False
    need = 2 + ("busted-controls" in held and not board.flags.get("ran_excavator"))
    return _unused(state, seat, 0) < need


def pulled(state: PayDirtModel, seat: int, chain: int, claim: str = "", *,
           crew: bool = True) -> None:
    """A pull into machine `chain` (a load from `claim` for the excavator) is made: the extra
    workers of Busted Controls (the machine's first run) and Snap Freeze (the claim's first
    load) are used up, Diesel Shortage's first-run cost is paid (not after the Generator)."""
    board = state.boards[seat]
    if not board.events:
        return
    held = in_force(state, seat)
    if not held:
        return
    work = state.work
    left = work.left[seat] if crew and work is not None else None
    flags = board.flags
    name = EQUIPMENT_TYPES[chain]
    if crew and "busted-controls" in held and not flags.get(f"ran_{name}"):
        flags[f"ran_{name}"] = 1
        if left:
            left[chain] -= 1
        state.log.append((WorkerUsedUp, seat, "busted-controls",
                          state.game.names["busted-controls"], name, 1))
    if crew and claim and "snap-freeze" in held and not flags.get(f"froze_{claim}"):
        flags[f"froze_{claim}"] = 1
        if left:
            left[0] -= 1
        state.log.append((WorkerUsedUp, seat, "snap-freeze",
                          state.game.names["snap-freeze"], claim, 1))
    if ("diesel-shortage" in held and not flags.get("generator")
            and not flags.get(f"diesel_{name}")):
        flags[f"diesel_{name}"] = 1
        cost = min(board.cash, _amount(state, "diesel-shortage"))
        board.cash -= cost
        state.log.append((DieselPaid, seat, name, cost))


def revealed(state: PayDirtModel) -> None:
    """The Work placements are revealed: Mandatory Safety Training keeps one worker on each
    machine with workers out of action (repair workers are not affected); Gold Fever costs
    `amount` per worker not on equipment (town and idle; repair workers count as on it), what
    cannot be paid is lost."""
    work = state.work
    if work is None:
        return
    for seat, board in enumerate(state.boards):
        if not board.events:
            continue
        held = in_force(state, seat)
        left = work.left[seat]
        if "mandatory-safety-training" in held:
            for chain, name in enumerate(EQUIPMENT_TYPES):
                if left[chain]:
                    left[chain] -= 1
                    state.log.append((WorkerUsedUp, seat, "mandatory-safety-training",
                                      state.game.names["mandatory-safety-training"], name, 1))
        if "gold-fever" in held:
            placed = work.placed[seat]
            idle = max(0, work.crew[seat] - sum(placed))
            off = idle + placed[SELL_SLOT] + placed[BUY_SLOT]
            cost = off * _amount(state, "gold-fever")
            paid = min(cost, board.cash)
            board.cash -= paid
            state.log.append((GoldFeverPaid, seat, off, cost, paid))
