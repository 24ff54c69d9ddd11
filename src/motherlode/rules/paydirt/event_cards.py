"""The event cards' effects (seed 001 艱困卡補充說明; shared/reference/paydirt.md; category,
kind, temperature drop and the designed `amount` in data/events.toml).

`resolve` is called once per kept card its holder is not immune to, in pick order (D28), after
a long-term card is put in front of its holder; it runs the card's instant effect (`EFFECTS`,
by card id), which may ask the holder to choose (`choices.ask`, resumed in the Events phase).
Long-term cards act while held through the hooks of held_cards.py, which the round code calls
at its rule points; `end_held` ends them at the next Events phase (Bad Roads' tiles arrive, the
cards' marks are cleared). Remy Roulette's swap is part of the resolution (events.py).

Hidden information: an ore taken off a claim unseen goes to the discards; an ore put in its place
is drawn face down; the log names ore types (public), never values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import choices
from .board import EMPTY
from .carry import place_upgrade
from .components import EQUIPMENT_TYPES, MAX_CLAIM_ORE, ORE_TYPES
from .log import (
    ClaimFlooded,
    ClaimOreDiscarded,
    FeudPaid,
    Fined,
    GoldLost,
    MachineOreDiscarded,
    MachineRusted,
    NoEffect,
    OreChanged,
    PaidTo,
    SpecialistDiscarded,
    SpecialistLent,
    SpecialistSick,
    TileArrived,
    UpgradeWorn,
    WearAdded,
)
from .machines import flimco_check
from .purchases import install
from .table import discard_ore, draw_ore, equipment_tile

if TYPE_CHECKING:
    from .board import Board, HeldClaim
    from .model import PayDirtModel
    from .records import Choice

VAULT = "company-vault"  # the upgrade Fool's Gold spares and Thieving Workers cannot reach
GOOD_FIND = "good-find-for-someone-else"


# --- resolution ------------------------------------------------------------------------------
def resolve(state: PayDirtModel, seat: int, event: str) -> None:
    """The effect of `event` on the seat that kept it (may ask it to choose: choices.ask)."""
    effect = EFFECTS.get(event)
    if effect is not None:
        effect(state, seat, _amount(state, event))


def _amount(state: PayDirtModel, event: str) -> int:
    return state.game.event_by_id[event].amount


def _name(state: PayDirtModel, card: str) -> str:
    return state.game.names[card]


def _ask(state: PayDirtModel, seat: int, event: str, step: str, options: list[str],
         memo: list[str] | None = None) -> bool:
    """Ask the holder; a card with nothing to choose does nothing (算你好運) and says so."""
    if choices.ask(state, seat, event, step, options, choices.RESUME_EVENTS, memo):
        return True
    _nothing(state, seat, event)
    return False


def _nothing(state: PayDirtModel, seat: int, event: str) -> None:
    state.log.append((NoEffect, seat, event, _name(state, event)))


def _opponents(state: PayDirtModel, seat: int) -> list[int]:
    return [s for s in range(state.game.num_players) if s != seat]


def _ore_options(state: PayDirtModel, board: Board, types: tuple[str, ...] = ORE_TYPES
                 ) -> list[str]:
    """`ore <claim> <i>` for each ore of these types on the board's claims (i 1-based; a tile
    past the vocabulary's MAX_CLAIM_ORE, possible only after ore was sent back onto a full
    claim, cannot be named)."""
    ore = state.game.components.ore
    return [f"ore {held.claim} {i}" for held in board.claims
            for i, tile in enumerate(held.ore, 1)
            if i <= MAX_CLAIM_ORE and ore[tile].type in types]


def _held_ore(state: PayDirtModel, option: str) -> tuple[int, HeldClaim, int]:
    """The seat, claim and 0-based index an `ore <claim> <i>` option names."""
    _, claim, i = option.split()
    for seat, board in enumerate(state.boards):
        for held in board.claims:
            if held.claim == claim:
                return seat, held, int(i) - 1
    raise ValueError(f"paydirt: no claim {claim!r} on the table")


def _off_board(state: PayDirtModel, tile: int) -> None:
    """An ore leaves a board unseen (a face-up one stops being face up)."""
    if tile in state.face_up:
        state.face_up.remove(tile)
    discard_ore(state, tile)


def _swap_type(state: PayDirtModel, option: str, step: int, event: str, seat: int) -> None:
    """The ore named is replaced in place by one of the type `step` away, drawn face down; the
    old one discarded unseen (nothing happens if no tile of that type is left)."""
    owner, held, i = _held_ore(state, option)
    old = held.ore[i]
    was = state.game.components.ore[old].type
    now = ORE_TYPES[ORE_TYPES.index(was) + step]
    new = draw_ore(state, now)  # drawn before the old one is discarded: never itself again
    if new is None:
        state.log.append((OreChanged, seat, event, _name(state, event), held.claim, owner, was,
                          now, False))
        return
    held.ore[i] = new
    _off_board(state, old)
    state.log.append((OreChanged, seat, event, _name(state, event), held.claim, owner, was, now,
                      True))


def _add_wear(state: PayDirtModel, seat: int, chain: int, wear: int, event: str) -> None:
    """`wear` more on a machine, never past its service life; a FlimCo at full wear leaves."""
    machine = state.boards[seat].machines[chain]
    life = equipment_tile(state, chain, machine.equipment).service_life
    added = min(wear, max(0, life - machine.wear))
    machine.wear += added
    state.log.append((WearAdded, seat, event, _name(state, event), EQUIPMENT_TYPES[chain], added))
    if added:
        flimco_check(state, seat, chain)


# Equipment cards.
def _catastrophic_failure(state: PayDirtModel, seat: int, amount: int) -> None:
    """`amount` wear on each machine now on the board (not the tiles it covers) and 1 on each
    upgrade, each capped at its service life."""
    board = state.boards[seat]
    for chain in range(len(board.machines)):
        _add_wear(state, seat, chain, amount, "catastrophic-failure")
    for kind, upgrade in board.upgrades.items():
        life = state.game.upgrade_by_id[upgrade].service_life
        board.upgrade_wear[kind] = min(life, board.upgrade_wear.get(kind, 0) + 1)
        state.log.append((UpgradeWorn, seat, "catastrophic-failure",
                          _name(state, "catastrophic-failure"), upgrade, _name(state, upgrade)))


def _harsh_weather(state: PayDirtModel, seat: int, amount: int) -> None:
    """`amount` wear on each machine (Hank Driver does not stop it: this is no ore entering)."""
    for chain in range(len(EQUIPMENT_TYPES)):
        _add_wear(state, seat, chain, amount, "harsh-weather")


def _machines_not_worn(state: PayDirtModel, board: Board) -> list[str]:
    return [f"machine {EQUIPMENT_TYPES[c]}" for c, m in enumerate(board.machines)
            if m.wear < equipment_tile(state, c, m.equipment).service_life]


def _unexpected_breakdown(state: PayDirtModel, seat: int, amount: int) -> None:
    _ask(state, seat, "unexpected-breakdown", "machine",
         _machines_not_worn(state, state.boards[seat]))


@choices.handler("unexpected-breakdown")
def _breakdown_chosen(state: PayDirtModel, choice: Choice, option: str) -> None:
    chain = EQUIPMENT_TYPES.index(option.split()[1])
    amount = _amount(state, choice.card)
    _add_wear(state, choice.seat, chain, amount, choice.card)


def _rusted_axel(state: PayDirtModel, seat: int, amount: int) -> None:
    options = [f"machine {m}" for m in EQUIPMENT_TYPES]
    _ask(state, seat, "rusted-axel", "machine", options)


@choices.handler("rusted-axel")
def _rusted_chosen(state: PayDirtModel, choice: Choice, option: str) -> None:
    machine = option.split()[1]
    state.boards[choice.seat].rusted = EQUIPMENT_TYPES.index(machine)
    state.log.append((MachineRusted, choice.seat, machine))


# Claim cards.
def _bum_claim(state: PayDirtModel, seat: int, amount: int) -> None:
    options = _ore_options(state, state.boards[seat], ("medium", "rich"))
    _ask(state, seat, "bum-claim", "ore", options)


@choices.handler("bum-claim")
def _bum_chosen(state: PayDirtModel, choice: Choice, option: str) -> None:
    _swap_type(state, option, -1, choice.card, choice.seat)


def _discard_one(event: str) -> Callable[[PayDirtModel, int, int], None]:
    """Clay Layer, Poached Mine: the holder discards one ore of its claims (any position)."""

    def effect(state: PayDirtModel, seat: int, amount: int) -> None:
        _ask(state, seat, event, "ore", _ore_options(state, state.boards[seat]))

    return effect


def _discard_chosen(state: PayDirtModel, choice: Choice, option: str) -> None:
    _, held, i = _held_ore(state, option)
    tile = held.ore.pop(i)
    ore = state.game.components.ore[tile].type
    _off_board(state, tile)
    state.log.append((ClaimOreDiscarded, choice.seat, choice.card, _name(state, choice.card),
                      held.claim, ore))


choices.handler("clay-layer")(_discard_chosen)
choices.handler("poached-mine")(_discard_chosen)


def _fools_gold(state: PayDirtModel, seat: int, amount: int) -> None:
    """Lose `amount` nuggets; a seat owning a Company Vault is not affected (001 note)."""
    board = state.boards[seat]
    if VAULT in board.upgrades.values():
        state.log.append((GoldLost, seat, "fools-gold", _name(state, "fools-gold"), 0, True))
        return
    lost = min(amount, board.gold)
    board.gold -= lost
    board.vault = min(board.vault, board.gold)
    state.log.append((GoldLost, seat, "fools-gold", _name(state, "fools-gold"), lost, False))


def _good_find(state: PayDirtModel, seat: int, amount: int) -> None:
    """An opponent's poor or medium ore becomes one of the next type (drawn face down). A seat
    without gold, which may keep it only as its last card, is spared: nothing (D31)."""
    if state.boards[seat].gold <= 0:
        _nothing(state, seat, GOOD_FIND)
        return
    options = [o for other in _opponents(state, seat)
               for o in _ore_options(state, state.boards[other], ("poor", "medium"))]
    _ask(state, seat, GOOD_FIND, "ore", options)


@choices.handler(GOOD_FIND)
def _good_find_chosen(state: PayDirtModel, choice: Choice, option: str) -> None:
    _swap_type(state, option, 1, choice.card, choice.seat)


def _open_pit_fine(state: PayDirtModel, seat: int, amount: int) -> None:
    """`amount` per claim holding ore; what cannot be paid is lost."""
    board = state.boards[seat]
    fine = amount * sum(1 for held in board.claims if held.ore)
    paid = min(fine, board.cash)
    board.cash -= paid
    state.log.append((Fined, seat, "open-pit-fine", _name(state, "open-pit-fine"), fine, paid))


def _surveying_error(state: PayDirtModel, seat: int, amount: int) -> None:
    """001: "加總你所有未處理好的掏金板塊。每個都付$1k。如果玩家不想付錢,可以選擇棄掉板塊,包含
    可以棄掉所有板塊": `amount` per unprocessed ore, on the claims and on the machines; pay for
    all of them (offered only when the cash covers it), or discard tiles one at a time first."""
    board = state.boards[seat]
    options = _ore_options(state, board) + _machine_ore_options(board)
    if not options:
        return
    if board.cash >= amount * len(board.ore_on_board()):
        options.append("pay")
    _ask(state, seat, "surveying-error", "pay or discard", options)


def _machine_ore_options(board: Board) -> list[str]:
    """`space <machine> <k>` for each ore on the board's machines (k 1-based)."""
    return [f"space {EQUIPMENT_TYPES[chain]} {k}" for chain, machine in enumerate(board.machines)
            for k, tile in enumerate(machine.spaces, 1) if tile != EMPTY]


@choices.handler("surveying-error")
def _surveying_chosen(state: PayDirtModel, choice: Choice, option: str) -> None:
    seat, board = choice.seat, state.boards[choice.seat]
    amount = _amount(state, choice.card)
    if option == "pay":
        owed = amount * len(board.ore_on_board())
        board.cash -= owed
        state.log.append((Fined, seat, choice.card, _name(state, choice.card), owed, owed))
        return
    if option.startswith("space "):
        _machine_ore_discarded(state, choice, option)
    else:
        _discard_chosen(state, choice, option)
    _surveying_error(state, seat, amount)


def _machine_ore_discarded(state: PayDirtModel, choice: Choice, option: str) -> None:
    """The ore on `space <machine> <k>` of the chooser's board leaves it unseen."""
    _, machine, k = option.split()
    spaces = state.boards[choice.seat].machines[EQUIPMENT_TYPES.index(machine)].spaces
    tile, spaces[int(k) - 1] = spaces[int(k) - 1], EMPTY
    ore = state.game.components.ore[tile].type
    _off_board(state, tile)
    state.log.append((MachineOreDiscarded, choice.seat, choice.card, _name(state, choice.card),
                      machine, int(k), ore))


def _flash_flood(state: PayDirtModel, seat: int, amount: int) -> None:
    options = [f"claim {held.claim}" for held in state.boards[seat].claims if held.ore]
    _ask(state, seat, "flash-flood", "claim", options)


@choices.handler("flash-flood")
def _flood_chosen(state: PayDirtModel, choice: Choice, option: str) -> None:
    claim = option.split()[1]
    state.boards[choice.seat].flooded = claim
    state.log.append((ClaimFlooded, choice.seat, claim))


# Specialist cards.
def _own_specialists(state: PayDirtModel, seat: int) -> list[str]:
    return [f"specialist {s}" for s in state.boards[seat].specialists]


def _disloyal_employee(state: PayDirtModel, seat: int, amount: int) -> None:
    _ask(state, seat, "disloyal-employee", "specialist", _own_specialists(state, seat))


@choices.handler("disloyal-employee")
def _disloyal_chosen(state: PayDirtModel, choice: Choice, option: str) -> None:
    if choice.step == "specialist":
        seats = [f"seat {s}" for s in _opponents(state, choice.seat)]
        _ask(state, choice.seat, choice.card, "seat", seats, [option])
        return
    specialist = choice.memo[0].split()[1]
    other = int(option.split()[1])
    state.boards[other].borrowed = specialist
    state.log.append((SpecialistLent, choice.seat, specialist, _name(state, specialist), other))


def _employee_feud(state: PayDirtModel, seat: int, amount: int) -> None:
    """Pay the minimum price of one of your specialists; if none can be paid, discard one."""
    board = state.boards[seat]
    by_id = state.game.specialist_by_id
    payable = [f"specialist {s}" for s in board.specialists if by_id[s].price <= board.cash]
    if payable:
        _ask(state, seat, "employee-feud", "pay", payable)
    else:
        _ask(state, seat, "employee-feud", "discard", _own_specialists(state, seat))


@choices.handler("employee-feud")
def _feud_chosen(state: PayDirtModel, choice: Choice, option: str) -> None:
    specialist = option.split()[1]
    board = state.boards[choice.seat]
    tile = state.game.specialist_by_id[specialist]
    if choice.step == "pay":
        board.cash -= tile.price
        state.log.append((FeudPaid, choice.seat, specialist, tile.name, tile.price))
        return
    board.specialists.remove(specialist)  # leaves the game; its workers go to the reserve
    board.workers = max(0, board.workers - tile.workers)
    if board.sick == specialist:
        board.sick = ""
    for other in state.boards:
        if other.borrowed == specialist:
            other.borrowed = ""
    state.log.append((SpecialistDiscarded, choice.seat, specialist, tile.name))


def _flu_outbreak(state: PayDirtModel, seat: int, amount: int) -> None:
    _ask(state, seat, "flu-outbreak", "specialist", _own_specialists(state, seat))


@choices.handler("flu-outbreak")
def _flu_chosen(state: PayDirtModel, choice: Choice, option: str) -> None:
    specialist = option.split()[1]
    state.boards[choice.seat].sick = specialist
    state.log.append((SpecialistSick, choice.seat, specialist, _name(state, specialist)))


def _gambling_losses(state: PayDirtModel, seat: int, amount: int) -> None:
    """Pay an opponent `amount`, or all your cash if less; no cash: nothing (算你好運)."""
    if state.boards[seat].cash <= 0:
        _nothing(state, seat, "gambling-losses")
        return
    seats = [f"seat {s}" for s in _opponents(state, seat)]
    _ask(state, seat, "gambling-losses", "seat", seats)


@choices.handler("gambling-losses")
def _gambling_chosen(state: PayDirtModel, choice: Choice, option: str) -> None:
    board = state.boards[choice.seat]
    other = int(option.split()[1])
    paid = min(_amount(state, choice.card), board.cash)
    board.cash -= paid
    state.boards[other].cash += paid
    state.log.append((PaidTo, choice.seat, choice.card, _name(state, choice.card), other, paid))


def _thieving_workers(state: PayDirtModel, seat: int, amount: int) -> None:
    """Lose `amount` loose nuggets; nuggets in a Company Vault are safe."""
    board = state.boards[seat]
    lost = min(amount, board.loose_gold)
    board.gold -= lost
    state.log.append((GoldLost, seat, "thieving-workers", _name(state, "thieving-workers"), lost,
                      False))


Effect = Callable[["PayDirtModel", int, int], None]  # (state, holder, the card's amount)
EFFECTS: dict[str, Effect] = {
    "catastrophic-failure": _catastrophic_failure,
    "harsh-weather": _harsh_weather,
    "rusted-axel": _rusted_axel,
    "unexpected-breakdown": _unexpected_breakdown,
    "bum-claim": _bum_claim,
    "clay-layer": _discard_one("clay-layer"),
    "fools-gold": _fools_gold,
    GOOD_FIND: _good_find,
    "open-pit-fine": _open_pit_fine,
    "poached-mine": _discard_one("poached-mine"),
    "surveying-error": _surveying_error,
    "flash-flood": _flash_flood,
    "disloyal-employee": _disloyal_employee,
    "employee-feud": _employee_feud,
    "flu-outbreak": _flu_outbreak,
    "gambling-losses": _gambling_losses,
    "thieving-workers": _thieving_workers,
}
# Long-term cards acting only through the hooks of held_cards.py: bad-load, bad-roads,
# bought-a-lemon, busted-controls, diesel-shortage, stolen-spark-plugs, misfiled-paperwork,
# snap-freeze, gold-fever, late-night-bender, mandatory-safety-training, overslept. Clear Eyes,
# Full Hearts, Can't Lose does nothing.


# --- the Events phase --------------------------------------------------------------------------
def end_held(state: PayDirtModel, seat: int) -> None:
    """The seat's long-term cards end (before the draw): tiles Bad Roads held back arrive
    (equipment installed without the scrap choice, upgrades replacing per the upgrade rules;
    Bought a Lemon, if held too, still wears them), and the cards' marks are cleared."""
    board = state.boards[seat]
    if board.waiting:
        for tile in board.waiting:
            if tile in state.game.equipment_by_id:
                install(state, board, tile)
            else:
                place_upgrade(state, seat, tile)
            state.log.append((TileArrived, seat, tile, _name(state, tile)))
        board.waiting.clear()
    board.sick = board.borrowed = board.flooded = ""
    board.rusted = -1


