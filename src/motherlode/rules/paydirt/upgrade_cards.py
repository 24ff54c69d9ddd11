"""The upgrades' effects (seed 001 營地工具 / 地權工具板塊補充說明; shared/reference/paydirt.md;
prices, service lives and designed amounts in data/upgrades.toml).

`use` is called when a seat uses an upgrade in its Work turn (WK-9: once a round, +1 wear,
no worker); it may ask the seat to choose (choices.ask with RESUME_WORK). `usable` keeps a use
that could do nothing off the legal actions. The hooks the round code calls when ore is
completed or an upgrade replaced (Shake Table's bonus, a Company Vault leaving) are carry.py's
`completion_bonus` and `replaced`; `into_vault` is Metal Detector's.

Free pulls (Fuel Reserves, Generator, Ripper Attachment) are taken from the pulls carry.py finds
legal now (`carry.moves`), so every event limit on pulls applies to them (001 Ripper Attachment:
艱困卡的限制仍舊要遵守), and they are carried out by `carry.move` / `carry.load` (entry wear,
completion).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import carry, choices, held_cards
from .board import EMPTY, EXCAVATOR, Board
from .carry import SHAKE_TABLE, VAULT
from .components import EQUIPMENT_TYPES, MAX_CLAIM_ORE, ORE_TYPES
from .log import (
    BorderMoved,
    Bulldozed,
    Detected,
    Drilled,
    Earthmoved,
    Pumped,
    Sluiced,
    Vaulted,
    WrenchThrown,
)
from .machines import flimco_check
from .table import discard_ore, draw_ore, equipment_tile

if TYPE_CHECKING:
    from .model import PayDirtModel
    from .records import Choice

GENERATOR = "generator"  # board.flags: the machines are powered this round

# --- hooks the round code calls -------------------------------------------------------------


def usable(state: PayDirtModel, seat: int, upgrade: str) -> bool:
    """Whether using `upgrade` now would do anything."""
    check = USABLE.get(upgrade)
    return check is not None and check(state, seat)


def use(state: PayDirtModel, seat: int, upgrade: str) -> None:
    """The effect of using `upgrade` (its wear is already added)."""
    effect = EFFECTS.get(upgrade)
    if effect is not None:
        effect(state, seat)


def into_vault(board: Board, nuggets: int) -> None:
    """Nuggets a seat gains straight into its Company Vault, if it has one (Metal Detector)."""
    if VAULT in board.upgrades.values():
        board.vault += nuggets


# --- helpers --------------------------------------------------------------------------------


def _ask(state: PayDirtModel, seat: int, upgrade: str, step: str, options: list[str],
         memo: list[str] | None = None) -> None:
    """Ask the owner (no option: the use does nothing). An ore beyond a claim's 6th place (ore
    sent back onto a full claim, D15) has no option in the vocabulary and is not offered."""
    options = [o for o in options if not o.startswith("ore ") or _parse_ore(o)[1] < MAX_CLAIM_ORE]
    choices.ask(state, seat, upgrade, step, options, choices.RESUME_WORK, memo)


def _ore_option(claim: str, i: int) -> str:
    """The option naming the i-th (0-based) ore of a claim."""
    return f"ore {claim} {i + 1}"


def _parse_ore(option: str) -> tuple[str, int]:
    """`ore <claim> <i>` -> (claim id, 0-based index)."""
    _, claim, index = option.split()
    return claim, int(index) - 1


def _held(state: PayDirtModel, claim: str) -> tuple[int, int]:
    """(owner seat, index in its claims) of a claim in play (claim ids are unique)."""
    for seat, board in enumerate(state.boards):
        for k, held in enumerate(board.claims):
            if held.claim == claim:
                return seat, k
    raise LookupError(claim)


def _ore_type(state: PayDirtModel, ore: int) -> str:
    return state.game.components.ore[ore].type


def _better(ore_type: str) -> str:
    """The next better ore type (rich stays rich)."""
    return ORE_TYPES[min(ORE_TYPES.index(ore_type) + 1, len(ORE_TYPES) - 1)]


def _room(board: Board) -> list[str]:
    """The seat's claims that can take one more ore (MAX_CLAIM_ORE)."""
    return [c.claim for c in board.claims if len(c.ore) < MAX_CLAIM_ORE]


def _free_pulls(state: PayDirtModel, seat: int, chain: int) -> list[int]:
    """0-based spaces of machine `chain` that a `move` could fill now (carry.py's own legality,
    event limits included)."""
    return [
        action.space - 1
        for action in carry.moves(state, seat, chain, crew=False)
        if isinstance(action, carry.Move)
    ]


def _space_option(chain: int, space: int) -> str:
    return f"space {EQUIPMENT_TYPES[chain]} {space + 1}"


def _parse_space(option: str) -> tuple[int, int]:
    """`space <machine> <k>` -> (chain, 0-based space)."""
    _, machine, k = option.split()
    return EQUIPMENT_TYPES.index(machine), int(k) - 1


# --- ATV (camp) -----------------------------------------------------------------------------
# 001: 這會在玩家有機會購買一個工具(也可以選擇不買),且在工人放置並立即結算後執行. The owner's
# carry-out turn comes after placement: it may buy one face-up upgrade at its price, no worker.


def _atv_options(state: PayDirtModel, seat: int) -> list[str]:
    cash = state.boards[seat].cash
    by_id = state.game.upgrade_by_id
    return [f"upgrade {u}" for u in state.upgrade_display if by_id[u].price <= cash]


def _atv_usable(state: PayDirtModel, seat: int) -> bool:
    return bool(_atv_options(state, seat))


def _atv(state: PayDirtModel, seat: int) -> None:
    _ask(state, seat, "atv", "buy", [*_atv_options(state, seat), "no"])


@choices.handler("atv")
def _atv_answer(state: PayDirtModel, choice: Choice, option: str) -> None:
    if option != "no":
        carry.buy(state, choice.seat, option.split()[1])


# --- Company Vault (camp) -------------------------------------------------------------------
# 001: 這些金塊不能出售,公司金庫可以存放的金塊沒有上限. Every loose nugget goes in; they count
# as gold but cannot be sold (board.loose_gold).


def _vault_usable(state: PayDirtModel, seat: int) -> bool:
    return state.boards[seat].loose_gold > 0


def _vault(state: PayDirtModel, seat: int) -> None:
    board = state.boards[seat]
    state.log.append((Vaulted, seat, board.loose_gold))
    board.vault = board.gold


# --- Fuel Reserves (camp) -------------------------------------------------------------------
# 001: 掏金板塊不會從一個設施移動下一個設施. One free pull within one machine (space k >= 2).


def _fuel_options(state: PayDirtModel, seat: int) -> list[str]:
    return [
        _space_option(chain, space)
        for chain in range(len(EQUIPMENT_TYPES))
        for space in _free_pulls(state, seat, chain)
        if space > 0
    ]


def _fuel_usable(state: PayDirtModel, seat: int) -> bool:
    return bool(_fuel_options(state, seat))


def _fuel(state: PayDirtModel, seat: int) -> None:
    _ask(state, seat, "fuel-reserves", "move", _fuel_options(state, seat))


@choices.handler("fuel-reserves")
def _fuel_answer(state: PayDirtModel, choice: Choice, option: str) -> None:
    chain, space = _parse_space(option)
    held_cards.pulled(state, choice.seat, chain, crew=False)  # Diesel Shortage's cost
    carry.move(state, choice.seat, chain, space)


# --- Generator (camp) -----------------------------------------------------------------------
# 001: 這個效果可以搭配「火星塞被偷」. The machines are powered this round (flags["generator"]:
# Stolen Spark Plugs lifted, no Diesel Shortage cost) and one free pull across machines (into
# the loader's or the wash plant's first space) may be made.


def _generator_options(state: PayDirtModel, seat: int) -> list[str]:
    return [
        _space_option(chain, 0)
        for chain in range(EXCAVATOR + 1, len(EQUIPMENT_TYPES))
        if 0 in _free_pulls(state, seat, chain)
    ]


def _generator_usable(state: PayDirtModel, seat: int) -> bool:
    """Usable when it would power machines an event stops, or make a free pull."""
    board = state.boards[seat]
    if board.events and not board.flags.get(GENERATOR):
        held = held_cards.in_force(state, seat)
        if "stolen-spark-plugs" in held or "diesel-shortage" in held:
            return True
    return bool(_generator_options(state, seat))


def _generator(state: PayDirtModel, seat: int) -> None:
    state.boards[seat].flags[GENERATOR] = 1
    options = _generator_options(state, seat)  # after powering: Stolen Spark Plugs lifted
    if options:
        _ask(state, seat, "generator", "move", [*options, "no"])


@choices.handler("generator")
def _generator_answer(state: PayDirtModel, choice: Choice, option: str) -> None:
    if option != "no":
        chain, space = _parse_space(option)
        held_cards.pulled(state, choice.seat, chain, crew=False)
        carry.move(state, choice.seat, chain, space)


# --- Misplaced Wrench (camp) ----------------------------------------------------------------
# 001: 無法阻止這個板塊的效果. `amount` wear on an opponent's machine; no immunity (Kaylee
# Wrench) stops it. A FlimCo reaching full wear leaves (WK-12).


def _wrench_machines(state: PayDirtModel, seat: int) -> list[int]:
    return [
        chain
        for chain, machine in enumerate(state.boards[seat].machines)
        if machine.wear < equipment_tile(state, chain, machine.equipment).service_life
    ]


def _wrench_seats(state: PayDirtModel, seat: int) -> list[int]:
    n = state.game.num_players
    return [o for o in range(n) if o != seat and _wrench_machines(state, o)]


def _wrench_usable(state: PayDirtModel, seat: int) -> bool:
    return bool(_wrench_seats(state, seat))


def _wrench(state: PayDirtModel, seat: int) -> None:
    _ask(state, seat, "misplaced-wrench", "seat",
         [f"seat {o}" for o in _wrench_seats(state, seat)])


@choices.handler("misplaced-wrench")
def _wrench_answer(state: PayDirtModel, choice: Choice, option: str) -> None:
    if choice.step == "seat":
        victim = int(option.split()[1])
        _ask(state, choice.seat, "misplaced-wrench", "machine",
             [f"machine {EQUIPMENT_TYPES[c]}" for c in _wrench_machines(state, victim)],
             [option])
        return
    victim = int(choice.memo[0].split()[1])
    chain = EQUIPMENT_TYPES.index(option.split()[1])
    machine = state.boards[victim].machines[chain]
    life = equipment_tile(state, chain, machine.equipment).service_life
    amount = state.game.upgrade_by_id["misplaced-wrench"].amount
    before = machine.wear
    machine.wear = min(life, machine.wear + amount)
    state.log.append((WrenchThrown, choice.seat, victim, EQUIPMENT_TYPES[chain],
                      machine.wear - before, amount, life))
    flimco_check(state, victim, chain)


# --- Shake Table (camp) ---------------------------------------------------------------------
# 001: 如板塊文字敘述 (no text survives). Designed: the next ore the owner completes this round
# gives `amount` more nuggets (completion_bonus).


def _shake_usable(state: PayDirtModel, seat: int) -> bool:
    board = state.boards[seat]
    return SHAKE_TABLE not in board.flags and bool(board.ore_on_board())


def _shake(state: PayDirtModel, seat: int) -> None:
    state.boards[seat].flags[SHAKE_TABLE] = 1


# --- Sluice Box (camp) ----------------------------------------------------------------------
# 001: 等到玩家完整除理過這個掏金板塊後才可以察看它…玩家必須接受新板塊上的金塊數量. An ore on
# the owner's machines is discarded unseen and replaced in place by one of the next better type
# (rich stays rich) drawn face down: its value is seen when it is processed.


def _sluice_options(state: PayDirtModel, seat: int) -> list[str]:
    return [
        _space_option(chain, k)
        for chain, machine in enumerate(state.boards[seat].machines)
        for k, ore in enumerate(machine.spaces)
        if ore != EMPTY
    ]


def _sluice_usable(state: PayDirtModel, seat: int) -> bool:
    return bool(_sluice_options(state, seat))


def _sluice(state: PayDirtModel, seat: int) -> None:
    _ask(state, seat, "sluice-box", "ore", _sluice_options(state, seat))


@choices.handler("sluice-box")
def _sluice_answer(state: PayDirtModel, choice: Choice, option: str) -> None:
    chain, k = _parse_space(option)
    spaces = state.boards[choice.seat].machines[chain].spaces
    old = spaces[k]
    better = _better(_ore_type(state, old))
    new = draw_ore(state, better)  # drawn before the old one is discarded: never itself
    if new is None:
        state.log.append((Sluiced, choice.seat, EQUIPMENT_TYPES[chain], k + 1, better, False))
        return
    discard_ore(state, old)
    spaces[k] = new
    state.log.append((Sluiced, choice.seat, EQUIPMENT_TYPES[chain], k + 1, better, True))


# --- Bulldozer (claim) ----------------------------------------------------------------------
# 001: 這兩個板塊可以來自不同的主動地權板塊…用兩個荒地板塊換一個希望板塊,或者用兩個希望板塊換一個
# 肥沃板塊。新的板塊要放到其中一個交換板塊的主動地權板塊中。分層地權板塊也可以這麼做. Two ore of one
# type (poor or medium) are discarded unseen; one of the next type is drawn face down onto one
# of their claims (a layered claim: at the end of its order).

_TRADED = ORE_TYPES[:-1]


def _bulldozer_ore(state: PayDirtModel, seat: int) -> dict[str, list[str]]:
    """Per tradable type with at least two tiles: the options naming them."""
    found: dict[str, list[str]] = {t: [] for t in _TRADED}
    for held in state.boards[seat].claims:
        for i, ore in enumerate(held.ore):
            t = _ore_type(state, ore)
            if t in found:
                found[t].append(_ore_option(held.claim, i))
    return {t: options for t, options in found.items() if len(options) >= 2}


def _bulldozer_usable(state: PayDirtModel, seat: int) -> bool:
    return bool(_bulldozer_ore(state, seat))


def _bulldozer(state: PayDirtModel, seat: int) -> None:
    options = [o for group in _bulldozer_ore(state, seat).values() for o in group]
    _ask(state, seat, "bulldozer", "first", options)


@choices.handler("bulldozer")
def _bulldozer_answer(state: PayDirtModel, choice: Choice, option: str) -> None:
    seat = choice.seat
    memo = [*choice.memo, option]
    if choice.step == "first":
        group = next(g for g in _bulldozer_ore(state, seat).values() if option in g)
        _ask(state, seat, "bulldozer", "second", [o for o in group if o != option], memo)
        return
    claims = [_parse_ore(o)[0] for o in memo[:2]]
    if choice.step == "second" and claims[0] != claims[1]:
        _ask(state, seat, "bulldozer", "claim", [f"claim {c}" for c in claims], memo)
        return
    target = claims[0] if choice.step == "second" else option.split()[1]
    _bulldoze(state, seat, memo[:2], target)


def _bulldoze(state: PayDirtModel, seat: int, picked: list[str], target: str) -> None:
    board = state.boards[seat]
    places = sorted((_parse_ore(o) for o in picked), key=lambda p: -p[1])  # pop last first
    by_claim = {c.claim: c for c in board.claims}
    traded = _ore_type(state, by_claim[places[0][0]].ore[places[0][1]])
    new = draw_ore(state, _better(traded))
    if new is None:
        state.log.append((Bulldozed, seat, tuple(p[0] for p in places), traded, target,
                          _better(traded), False))
        return
    for claim, i in places:
        discard_ore(state, by_claim[claim].ore.pop(i))
    by_claim[target].ore.append(new)
    state.log.append((Bulldozed, seat, tuple(p[0] for p in places), traded, target,
                      _better(traded), True))


# --- Earthmover (claim) ---------------------------------------------------------------------
# 001: 這讓你可以在一個分層地權上「跳躍」並交換兩個掏金板塊. Two ore of one layered claim swap
# places.


def _earthmover_claims(state: PayDirtModel, seat: int) -> list[tuple[str, int]]:
    return [(c.claim, len(c.ore)) for c in state.boards[seat].claims
            if c.layered and len(c.ore) >= 2]


def _earthmover_usable(state: PayDirtModel, seat: int) -> bool:
    return bool(_earthmover_claims(state, seat))


def _earthmover(state: PayDirtModel, seat: int) -> None:
    options = [_ore_option(claim, i) for claim, n in _earthmover_claims(state, seat)
               for i in range(n)]
    _ask(state, seat, "earthmover", "first", options)


@choices.handler("earthmover")
def _earthmover_answer(state: PayDirtModel, choice: Choice, option: str) -> None:
    seat = choice.seat
    claim, i = _parse_ore(option)
    _, k = _held(state, claim)
    ore = state.boards[seat].claims[k].ore
    if choice.step == "first":
        _ask(state, seat, "earthmover", "second",
             [_ore_option(claim, j) for j in range(len(ore)) if j != i], [option])
        return
    _, j = _parse_ore(choice.memo[0])
    ore[i], ore[j] = ore[j], ore[i]
    state.log.append((Earthmoved, seat, claim, (min(i, j) + 1, max(i, j) + 1)))


# --- Fake Border Marker (claim) -------------------------------------------------------------
# 001: 無法阻止這個板塊的效果. One poor or medium ore of an opponent's claim moves onto one of the
# owner's claims with room (a layered claim: at the end); no immunity (Killian Igneous) stops it.


def _marker_targets(state: PayDirtModel, seat: int) -> list[str]:
    """An opponent's poor or medium claim ore (designed: a moved marker takes a claim's edge,
    never its rich vein; taking rich ore every round made holders win 25 points more than
    others in the balance runs)."""
    return [
        _ore_option(held.claim, i)
        for other, board in enumerate(state.boards)
        if other != seat
        for held in board.claims
        for i in range(len(held.ore))
        if _ore_type(state, held.ore[i]) != "rich"
    ]


def _marker_usable(state: PayDirtModel, seat: int) -> bool:
    return bool(_room(state.boards[seat])) and bool(_marker_targets(state, seat))


def _marker(state: PayDirtModel, seat: int) -> None:
    _ask(state, seat, "fake-border-marker", "take", _marker_targets(state, seat))


@choices.handler("fake-border-marker")
def _marker_answer(state: PayDirtModel, choice: Choice, option: str) -> None:
    seat = choice.seat
    if choice.step == "take":
        _ask(state, seat, "fake-border-marker", "to",
             [f"claim {c}" for c in _room(state.boards[seat])], [option])
        return
    claim, i = _parse_ore(choice.memo[0])
    victim, k = _held(state, claim)
    tile = state.boards[victim].claims[k].ore.pop(i)
    _, mine = _held(state, option.split()[1])
    state.boards[seat].claims[mine].ore.append(tile)
    state.log.append((BorderMoved, seat, victim, claim, i + 1, option.split()[1]))


# --- Industrial Pump (claim) ----------------------------------------------------------------
# 001: 如果你沒有任何空的地權,你無法這麼做。加進分層地權的掏金板塊仍就必須遵守地權板塊的規則限制.
# An empty claim of the owner gets `amount` ore: the first types printed on it, drawn face down
# in that order (a layered claim keeps its printed order).


def _pump_claims(state: PayDirtModel, seat: int) -> list[str]:
    return [c.claim for c in state.boards[seat].claims if not c.ore]


def _pump_usable(state: PayDirtModel, seat: int) -> bool:
    return bool(_pump_claims(state, seat))


def _pump(state: PayDirtModel, seat: int) -> None:
    _ask(state, seat, "industrial-pump", "claim",
         [f"claim {c}" for c in _pump_claims(state, seat)])


@choices.handler("industrial-pump")
def _pump_answer(state: PayDirtModel, choice: Choice, option: str) -> None:
    claim = option.split()[1]
    _, k = _held(state, claim)
    held = state.boards[choice.seat].claims[k]
    amount = state.game.upgrade_by_id["industrial-pump"].amount
    printed = state.game.claim_by_id[claim].ore[:amount]
    held.ore.extend(tile for t in printed if (tile := draw_ore(state, t)) is not None)
    state.log.append((Pumped, choice.seat, claim, tuple(_ore_type(state, o) for o in held.ore)))


# --- Metal Detector (claim) -----------------------------------------------------------------
# 001: 擁有「公司金庫」的玩家可以把這個板塊增加的新金塊放到公司金庫. `amount` nuggets; into the
# Vault when the owner has one (designed: always, it cannot hurt).


def _detector_usable(state: PayDirtModel, seat: int) -> bool:
    return True


def _detector(state: PayDirtModel, seat: int) -> None:
    board = state.boards[seat]
    amount = state.game.upgrade_by_id["metal-detector"].amount
    board.gold += amount
    into_vault(board, amount)
    state.log.append((Detected, seat, amount))


# --- Ripper Attachment (claim) --------------------------------------------------------------
# 001: 當使用這個板塊時,任何艱困卡的限制仍舊要遵守. One free load onto the excavator, no worker:
# the loads carry.py finds legal now (event limits included), named by the ore each would take;
# the excavator's entry wear is added as for any load.


def _ripper_options(state: PayDirtModel, seat: int) -> list[str]:
    board = state.boards[seat]
    by_claim = {c.claim: c for c in board.claims}
    options = []
    for action in carry.moves(state, seat, EXCAVATOR, crew=False):
        if isinstance(action, carry.Load):
            ore = by_claim[action.claim].ore
            i = next(i for i, o in enumerate(ore) if _ore_type(state, o) == action.ore)
            options.append(_ore_option(action.claim, i))
    return options


def _ripper_usable(state: PayDirtModel, seat: int) -> bool:
    return bool(_ripper_options(state, seat))


def _ripper(state: PayDirtModel, seat: int) -> None:
    _ask(state, seat, "ripper-attachment", "load", _ripper_options(state, seat))


@choices.handler("ripper-attachment")
def _ripper_answer(state: PayDirtModel, choice: Choice, option: str) -> None:
    claim, i = _parse_ore(option)
    _, k = _held(state, claim)
    ore_type = _ore_type(state, state.boards[choice.seat].claims[k].ore[i])
    held_cards.pulled(state, choice.seat, EXCAVATOR, claim, crew=False)  # Diesel's cost
    carry.load(state, choice.seat, claim, ore_type)


# --- Test Drill (claim) ---------------------------------------------------------------------
# 001: 如板塊文字敘述 (no text survives). Designed: one ore on the owner's claims is turned face
# up; its value is public (state.face_up, shown by every view, kept by determinize) until it
# leaves the boards (table.discard_ore).


def _drill_options(state: PayDirtModel, seat: int) -> list[str]:
    shown = set(state.face_up)
    return [
        _ore_option(held.claim, i)
        for held in state.boards[seat].claims
        for i, ore in enumerate(held.ore)
        if ore not in shown
    ]


def _drill_usable(state: PayDirtModel, seat: int) -> bool:
    return bool(_drill_options(state, seat))


def _drill(state: PayDirtModel, seat: int) -> None:
    _ask(state, seat, "test-drill", "ore", _drill_options(state, seat))


@choices.handler("test-drill")
def _drill_answer(state: PayDirtModel, choice: Choice, option: str) -> None:
    claim, i = _parse_ore(option)
    _, k = _held(state, claim)
    tile = state.boards[choice.seat].claims[k].ore[i]
    state.face_up.append(tile)
    # The value is public through state.face_up (view): the log says it too.
    ore = state.game.components.ore[tile]
    state.log.append((Drilled, choice.seat, claim, i + 1, ore.type, ore.value))


# --- dispatch -------------------------------------------------------------------------------

Effect = Callable[["PayDirtModel", int], None]
Check = Callable[["PayDirtModel", int], bool]

EFFECTS: dict[str, Effect] = {
    "atv": _atv,
    "company-vault": _vault,
    "fuel-reserves": _fuel,
    "generator": _generator,
    "misplaced-wrench": _wrench,
    "shake-table": _shake,
    "sluice-box": _sluice,
    "bulldozer": _bulldozer,
    "earthmover": _earthmover,
    "fake-border-marker": _marker,
    "industrial-pump": _pump,
    "metal-detector": _detector,
    "ripper-attachment": _ripper,
    "test-drill": _drill,
}

USABLE: dict[str, Check] = {
    "atv": _atv_usable,
    "company-vault": _vault_usable,
    "fuel-reserves": _fuel_usable,
    "generator": _generator_usable,
    "misplaced-wrench": _wrench_usable,
    "shake-table": _shake_usable,
    "sluice-box": _sluice_usable,
    "bulldozer": _bulldozer_usable,
    "earthmover": _earthmover_usable,
    "fake-border-marker": _marker_usable,
    "industrial-pump": _pump_usable,
    "metal-detector": _detector_usable,
    "ripper-attachment": _ripper_usable,
    "test-drill": _drill_usable,
}
