"""The Work phase (seed 000 "2) Work"; seed 001 II 01-05; notes WK-1..WK-16, D13, D19-D26,
D39, C5, C6, C9).

Placement (WK-1, D22): secret and sequential. From the first player clockwise, each seat places
one worker per action (`place excavator`, `place loader`, `place wash_plant`,
`place repair <excavator|loader|wash_plant|camp|claim>`, `place sell`, `place buy`), then
`done`; unplaced workers idle. A seat without workers is skipped, and a seat that has placed all
its workers is done without saying so. When the last seat is done the placements are revealed.

Carrying out (WK-2, D23): from the first player clockwise, each seat uses its placed workers in
the order it likes, then `end` (unused workers return without acting, WK-3). A seat whose
remaining workers can do nothing ends at once; `skip` returns one worker that can do nothing
now while others still can (the first such slot in board order).

- `load <claim> <ore type>` (excavator worker, WK-13/WK-16): one ore of that type from the
  claim onto the excavator's first space; a layered claim offers only its next tile.
- `move <machine> <space>` (worker on that machine, D20/D21): space 1 pulls the ore on the
  previous machine's last space; space k > 1 pulls the ore from space k - 1. Spaces are 1-based.
- `repair <slot>` (WK-5, D25): up to `repair_per_worker` wear off what sits at the slot now.
- `sell <n>` (WK-6): n nuggets (1..nuggets_per_sale) at `nugget_price` each.
- `buy <upgrade id>` (WK-7/WK-8, D26, C5): a face-up upgrade at its price.

Ore entering a machine adds 1 wear (WK-10); a machine whose wear equals its service life takes
no new ore, ore on it keeps moving (WK-11, C9); an ore on the wash plant's last space is gold at
once (WK-15). A FlimCo at full wear cannot be repaired and leaves (WK-12; C6 `flimco_removal`);
the board's own machine is back, with the FlimCo's ore re-placed by D14 (D19).

The pulls themselves (what a worker on a machine can pull now, `load`, `move`, entry wear,
completion, an upgrade bought) are carry.py's, shared with the upgrades that pull for free; a
FlimCo leaving is machines.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from motherlode.engine import Action

from . import carry, held_cards, idle, specialists, upgrade_cards
from .board import BUY_SLOT, REPAIR_SLOT, REPAIR_TARGETS, SELL_SLOT, Board
from .board import SLOTS as SLOTS  # where workers go: also work.SLOTS
from .carry import MOVES, Load, Move, load_action
from .components import EQUIPMENT_TYPES, ORE_TYPES, UPGRADE_KINDS, Components
from .log import DonePlacing, PlacementsRevealed, Repaired, Skipped, Sold, TurnEnded, UpgradeUsed
from .machines import flimco_check
from .phase import Phase
from .records import Work
from .table import equipment_tile

if TYPE_CHECKING:
    from .box import PayDirtBox
    from .model import PayDirtModel



# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place one worker, secretly, at a slot (WK-1, D22): a machine, a repair or town."""

    slot: str

    def __str__(self) -> str:
        return f"place {self.slot}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish placing; the workers not placed idle this round (D22)."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Repair(Action):
    """A repair worker takes up to 2 wear off the machine or upgrade at its slot (WK-5, D25)."""

    target: str

    def __str__(self) -> str:
        return f"repair {self.target}"


@dataclass(frozen=True, slots=True)
class Sell(Action):
    """A town worker sells `nuggets` nuggets at $3,000 each (WK-6)."""

    nuggets: int

    def __str__(self) -> str:
        return f"sell {self.nuggets}"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """A town worker buys a face-up upgrade at its price (WK-7, WK-8)."""

    upgrade: str

    def __str__(self) -> str:
        return f"buy {self.upgrade}"


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """A worker that can do nothing now returns without acting (WK-3)."""

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class End(Action):
    """End this seat's carrying out; unused workers return without acting (WK-2, WK-3)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use the camp or claim upgrade: once a round, no worker, +1 wear (WK-9)."""

    kind: str

    def __str__(self) -> str:
        return f"use {self.kind}"


USES = tuple(Use(kind) for kind in UPGRADE_KINDS)
PLACES = tuple(Place(slot) for slot in SLOTS)
DONE, SKIP, END = Done(), Skip(), End()
REPAIRS = tuple(Repair(target) for target in REPAIR_TARGETS)
_BUYS: dict[str, Buy] = {}
_SELLS: dict[int, Sell] = {}


def actions(parts: Components) -> list[Action]:
    """Every Work action: placements, loads (claim x ore type), moves (spaces 1..3), repairs,
    sales (1..nuggets_per_sale), upgrade purchases, skip, end."""
    claims = [*parts.starting_claims, *parts.claims]
    return [
        *PLACES,
        DONE,
        *(load_action(c.id, t) for c in claims for t in ORE_TYPES),
        *MOVES.values(),
        *REPAIRS,
        *(_sell(n) for n in range(1, parts.rules.nuggets_per_sale + 1)),
        *(_buy(u.id) for u in parts.upgrades),
        SKIP,
        END,
        *USES,
    ]


def _buy(upgrade: str) -> Buy:
    action = _BUYS.get(upgrade)
    if action is None:
        action = _BUYS[upgrade] = Buy(upgrade)
    return action


def _sell(nuggets: int) -> Sell:
    action = _SELLS.get(nuggets)
    if action is None:
        action = _SELLS[nuggets] = Sell(nuggets)
    return action


# --- bookkeeping --------------------------------------------------------------------------


def _work(state: PayDirtModel) -> Work:
    work = state.work
    if not isinstance(work, Work):
        raise RuntimeError("paydirt: no Work phase in progress")
    return work


# --- flow ---------------------------------------------------------------------------------


def begin(state: PayDirtModel) -> None:
    """Work begins with secret placement, the first player first (WK-1, D22)."""
    n = state.game.num_players
    state.work = Work.new(n)
    state.work.crew = [crew(state, seat) for seat in range(n)]
    state.phase = Phase.WORK_PLACE
    _next_placer(state)


def crew(state: PayDirtModel, seat: int) -> int:
    """Workers `seat` may place in this round's Work phase: what its specialists leave it
    (`specialists.staffed`: Chuck Shady, a borrowed specialist, Flu Outbreak), less those its
    events keep out (`held_cards.workers_lost`: Overslept, Late Night Bender); never below 0."""
    board = state.boards[seat]
    if not (board.specialists or board.borrowed or board.events):
        return max(0, board.workers)  # the common case, kept cheap: every view asks
    return max(0, specialists.staffed(state, seat) - held_cards.workers_lost(state, seat))


def _turn_order(state: PayDirtModel) -> range:
    n = state.game.num_players
    return range(state.first_player, state.first_player + n)


def _next_placer(state: PayDirtModel) -> None:
    """The next seat clockwise from the first player still placing; seats without workers are
    done at once. When all are done, the placements are revealed and carrying out begins."""
    work = _work(state)
    n = state.game.num_players
    for k in _turn_order(state):
        seat = k % n
        if work.done[seat]:
            continue
        if work.crew[seat] <= 0:
            work.done[seat] = True
            continue
        state.seat = seat
        return
    _reveal(state)


def _finish_placing(state: PayDirtModel, seat: int) -> None:
    _work(state).done[seat] = True
    state.log.append((DonePlacing, seat))
    _next_placer(state)


def _reveal(state: PayDirtModel) -> None:
    """All seats are done: every placement is revealed together (D22); carrying out begins."""
    work = _work(state)
    work.revealed = True
    work.left = [row.copy() for row in work.placed]
    n = state.game.num_players
    for k in _turn_order(state):
        seat = k % n
        row = work.placed[seat]
        used = [i for i in range(len(SLOTS)) if row[i]]
        state.log.append((PlacementsRevealed, seat, tuple(SLOTS[i] for i in used),
                          tuple(row[i] for i in used)))
    held_cards.revealed(state)  # Gold Fever, Mandatory Safety Training
    state.phase = Phase.WORK
    _next_actor(state)


def _next_actor(state: PayDirtModel) -> None:
    """The next seat clockwise from the first player that has not ended and has a worker that
    can act (WK-2, D23); seats with nothing to do end at once. When every seat has ended:
    fully worn FlimCos leave if `flimco_removal=end_of_work` (C6), then the phase is over."""
    work = _work(state)
    n = state.game.num_players
    for k in _turn_order(state):
        seat = k % n
        if work.ended[seat]:
            continue
        if _uses(state, seat):
            state.seat = seat
            return
        work.ended[seat] = True
    if state.game.option("flimco_removal") == "end_of_work":
        for seat in range(n):
            for chain in range(len(EQUIPMENT_TYPES)):
                flimco_check(state, seat, chain, at_end=True)
    state.phase_over()


def resume(state: PayDirtModel, seat: int) -> None:
    """A card used in this seat's turn asks nothing more (choices.py): the turn goes on."""
    _after_use(state, seat)


def _after_use(state: PayDirtModel, seat: int) -> None:
    """After a worker acted: the seat goes on while one of its workers can still act."""
    if state.choice is not None:
        return  # an upgrade asks its owner first; `resume` goes on
    if not _uses(state, seat):
        _work(state).ended[seat] = True
        _next_actor(state)


# --- legal actions ------------------------------------------------------------------------


def legal(state: PayDirtModel) -> list[Action]:
    """Placement: any slot, or `done`. Carrying out: what the seat's unused workers can do now,
    then `skip` (if a worker is stuck) and `end`."""
    if state.phase == Phase.WORK_PLACE:
        return [*PLACES, DONE]
    uses = _uses(state, state.seat)
    if _stuck_slot(state, state.seat) >= 0:
        uses.append(SKIP)
    uses.append(END)
    return uses


@lru_cache(maxsize=8)
def place_ids(game: PayDirtBox) -> tuple[int, ...]:
    """The integers of the placement's legal actions (`legal`: every slot, then `done`), the
    same at every placement."""
    return tuple(game.encode_all([*PLACES, DONE]))


def _uses(state: PayDirtModel, seat: int) -> list[Action]:
    """Every action the seat's unused workers can take now, slot by slot in board order."""
    left = _work(state).left[seat]
    board = state.boards[seat]
    out = _upgrade_uses(state, board, seat)
    if not any(left):
        return out
    for chain in range(len(EQUIPMENT_TYPES)):
        if left[chain]:
            out.extend(carry.moves(state, seat, chain))
    for i in range(len(REPAIR_TARGETS)):
        if left[REPAIR_SLOT + i] and _repairable(state, board, i):
            out.append(REPAIRS[i])
    if left[SELL_SLOT]:
        most = min(board.loose_gold, state.game.components.rules.nuggets_per_sale)
        out.extend(_sell(n) for n in range(1, most + 1))
    if left[BUY_SLOT]:
        by_id = state.game.upgrade_by_id
        out.extend(_buy(u) for u in state.upgrade_display if by_id[u].price <= board.cash)
    return out


def _upgrade_uses(state: PayDirtModel, board: Board, seat: int) -> list[Action]:
    """WK-9: each upgrade once a round, no worker needed; not when fully worn."""
    used = _work(state).used[seat]
    by_id = state.game.upgrade_by_id
    return [
        USES[k]
        for k, kind in enumerate(UPGRADE_KINDS)
        if kind in board.upgrades
        and not used[k]
        and board.upgrade_wear.get(kind, 0) < by_id[board.upgrades[kind]].service_life
        and upgrade_cards.usable(state, seat, board.upgrades[kind])
    ]


def _stuck_slot(state: PayDirtModel, seat: int) -> int:
    """The first slot (board order) holding an unused worker that can do nothing now; -1 if
    none."""
    left = _work(state).left[seat]
    for slot, count in enumerate(left):
        if count and idle.reason(state, seat, slot):
            return slot
    return -1


def _repairable(state: PayDirtModel, board: Board, target: int) -> bool:
    """D25: what sits at the slot has wear; a fully worn FlimCo cannot be repaired (WK-12)."""
    if target < len(EQUIPMENT_TYPES):
        machine = board.machines[target]
        if machine.wear <= 0:
            return False
        tile = equipment_tile(state, target, machine.equipment)
        return not (tile.flimco and machine.wear >= tile.service_life)
    kind = REPAIR_TARGETS[target]
    return kind in board.upgrades and board.upgrade_wear.get(kind, 0) > 0


# --- carrying out -------------------------------------------------------------------------


def apply(state: PayDirtModel, action: Action) -> None:
    """Carry out a legal Work action."""
    seat = state.seat
    work = _work(state)
    if isinstance(action, Place):
        row = work.placed[seat]
        row[SLOTS.index(action.slot)] += 1
        if sum(row) >= work.crew[seat]:
            _finish_placing(state, seat)
        return
    if isinstance(action, Done):
        _finish_placing(state, seat)
        return
    if isinstance(action, End):
        work.ended[seat] = True
        state.log.append((TurnEnded, seat))
        _next_actor(state)
        return
    left = work.left[seat]
    if isinstance(action, Skip):
        left[_stuck_slot(state, seat)] -= 1
        state.log.append((Skipped, seat))
    elif isinstance(action, Load):
        left[0] -= 1
        held_cards.pulled(state, seat, 0, action.claim)
        carry.load(state, seat, action.claim, action.ore)
    elif isinstance(action, Move):
        chain = EQUIPMENT_TYPES.index(action.machine)
        left[chain] -= 1
        held_cards.pulled(state, seat, chain)
        carry.move(state, seat, chain, action.space - 1)
    elif isinstance(action, Repair):
        target = REPAIR_TARGETS.index(action.target)
        left[REPAIR_SLOT + target] -= 1
        repair(state, seat, target)
    elif isinstance(action, Sell):
        left[SELL_SLOT] -= 1
        sell(state, seat, action.nuggets)
    elif isinstance(action, Buy):
        left[BUY_SLOT] -= 1
        carry.buy(state, seat, action.upgrade)
    elif isinstance(action, Use):
        use_upgrade(state, seat, action.kind)
    _after_use(state, seat)


def repair(state: PayDirtModel, seat: int, target: int) -> None:
    """WK-5, D25: up to `repair_per_worker` wear off what sits at the slot now."""
    board = state.boards[seat]
    most = state.game.components.rules.repair_per_worker
    name = REPAIR_TARGETS[target]
    if target < len(EQUIPMENT_TYPES):
        machine = board.machines[target]
        off = min(most, machine.wear)
        machine.wear -= off
    else:
        off = min(most, board.upgrade_wear[name])
        board.upgrade_wear[name] -= off
    state.log.append((Repaired, seat, name, off))


def sell(state: PayDirtModel, seat: int, nuggets: int) -> None:
    """WK-6: nuggets to the bank at `nugget_price` each."""
    board = state.boards[seat]
    board.gold -= nuggets
    cash = nuggets * state.game.components.rules.nugget_price
    board.cash += cash
    board.cash += specialists.sell_bonus(state, seat)
    state.log.append((Sold, seat, nuggets, cash))


def use_upgrade(state: PayDirtModel, seat: int, kind: str) -> None:
    """WK-9: using an upgrade needs no worker and adds 1 wear; once a round. What it does is
    the card's ability: `upgrade_cards.use` (it may ask the owner to choose)."""
    board = state.boards[seat]
    upgrade = board.upgrades[kind]
    board.upgrade_wear[kind] = board.upgrade_wear.get(kind, 0) + 1
    _work(state).used[seat][UPGRADE_KINDS.index(kind)] = True
    state.log.append((UpgradeUsed, seat, kind, upgrade, state.game.names[upgrade]))
    upgrade_cards.use(state, seat, upgrade)
