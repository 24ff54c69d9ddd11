"""The event cards' effects (seed 001 艱困卡補充說明; shared/reference/paydirt.md; category,
kind, temperature drop and the designed `amount` in data/events.toml).

`resolve` is called once per kept card its holder is not immune to, in pick order (D28), after
a long-term card is put in front of its holder; it runs the card's instant effect (`EFFECTS`,
by card id), which may ask the holder to choose (`choices.ask`, resumed in the Events phase).
Long-term cards act while held through the hooks below, which the round code calls at its rule
points without naming a card; each hook looks at `events.in_force` (the `immunity` option) and
costs nothing for a seat holding no long-term card (`if not board.events`):

- Work (work.py): `machine_stopped` / `claim_stopped` (which pulls are legal: Rusted Axel,
  Stolen Spark Plugs, Diesel Shortage, Flash Flood, the extra workers of Busted Controls and
  Snap Freeze), `pulled` (a pull made: extra workers used, diesel paid), `revealed` (Gold
  Fever, Mandatory Safety Training), `workers_lost` (Overslept, Late Night Bender),
  `completion_gold` (Bad Load);
- buying (purchases.py, work.buy): `waits` (Bad Roads), `installed` / `arrival_wear` (Bought
  a Lemon); the Events phase (events.py): `end_held` (Bad Roads' tiles arrive, the cards'
  marks cleared), `choosable` (Good Find), `offer_swap` (Remy Roulette's swap);
- Auction (auction.py): `may_bid` (Misfiled Paperwork).

Hidden information: an ore taken off a claim unseen goes to the discards; an ore put in its place
is drawn face down; the log names ore types (public), never values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import choices, events, specialists
from .components import EQUIPMENT_TYPES, ORE_TYPES
from .table import discard_ore, draw_ore, equipment_tile

if TYPE_CHECKING:
    from .board import Board, HeldClaim
    from .choices import Choice
    from .state import PayDirtState

REMY = "remy-roulette"  # the specialist whose holder may swap a kept event (`swap_event`)
VAULT = "company-vault"  # the upgrade Fool's Gold spares and Thieving Workers cannot reach
GOOD_FIND = "good-find-for-someone-else"
LOST_WORKERS = ("overslept", "late-night-bender")


# --- resolution ------------------------------------------------------------------------------
def resolve(state: PayDirtState, seat: int, event: str) -> None:
    """The effect of `event` on the seat that kept it (may ask it to choose: choices.ask)."""
    effect = EFFECTS.get(event)
    if effect is not None:
        effect(state, seat, _amount(state, event))


def _amount(state: PayDirtState, event: str) -> int:
    return state.game.event_by_id[event].amount


def _log(state: PayDirtState, seat: int, action: str, **facts: object) -> None:
    state.log.append({"seat": seat, "action": action, **facts})


def _ask(state: PayDirtState, seat: int, event: str, step: str, options: list[str],
         memo: list[str] | None = None) -> bool:
    """Ask the holder; a card with nothing to choose does nothing (算你好運) and says so."""
    if choices.ask(state, seat, event, step, options, choices.RESUME_EVENTS, memo):
        return True
    _nothing(state, seat, event)
    return False


def _nothing(state: PayDirtState, seat: int, event: str) -> None:
    _log(state, seat, event, effect="nothing")


def _opponents(state: PayDirtState, seat: int) -> list[int]:
    return [s for s in range(state.game.num_players) if s != seat]


def _ore_options(state: PayDirtState, board: Board, types: tuple[str, ...] = ORE_TYPES
                 ) -> list[str]:
    """`ore <claim> <i>` for each ore of these types on the board's claims (i 1-based; a tile
    past the vocabulary's MAX_CLAIM_ORE, possible only after ore was sent back onto a full
    claim, cannot be named)."""
    ore = state.game.components.ore
    return [f"ore {held.claim} {i}" for held in board.claims
            for i, tile in enumerate(held.ore, 1)
            if i <= choices.MAX_CLAIM_ORE and ore[tile].type in types]


def _held_ore(state: PayDirtState, option: str) -> tuple[int, HeldClaim, int]:
    """The seat, claim and 0-based index an `ore <claim> <i>` option names."""
    _, claim, i = option.split()
    for seat, board in enumerate(state.boards):
        for held in board.claims:
            if held.claim == claim:
                return seat, held, int(i) - 1
    raise ValueError(f"paydirt: no claim {claim!r} on the table")


def _off_board(state: PayDirtState, tile: int) -> None:
    """An ore leaves a board unseen (a face-up one stops being face up)."""
    if tile in state.face_up:
        state.face_up.remove(tile)
    discard_ore(state, tile)


def _swap_type(state: PayDirtState, option: str, step: int, event: str, seat: int) -> None:
    """The ore named is replaced in place by one of the type `step` away, drawn face down; the
    old one discarded unseen (nothing happens if no tile of that type is left)."""
    owner, held, i = _held_ore(state, option)
    old = held.ore[i]
    was = state.game.components.ore[old].type
    now = ORE_TYPES[ORE_TYPES.index(was) + step]
    new = draw_ore(state, now)  # drawn before the old one is discarded: never itself again
    if new is None:
        _log(state, seat, event, claim=held.claim, owner=owner, ore=was, effect="none left")
        return
    held.ore[i] = new
    _off_board(state, old)
    _log(state, seat, event, claim=held.claim, owner=owner, ore=was, new=now)


def _add_wear(state: PayDirtState, seat: int, chain: int, wear: int, event: str) -> None:
    """`wear` more on a machine, never past its service life; a FlimCo at full wear leaves."""
    from .work import flimco_check

    machine = state.boards[seat].machines[chain]
    life = equipment_tile(state, chain, machine.equipment).service_life
    added = min(wear, max(0, life - machine.wear))
    machine.wear += added
    _log(state, seat, event, machine=EQUIPMENT_TYPES[chain], wear=added)
    if added:
        flimco_check(state, seat, chain)


# Equipment cards.
def _catastrophic_failure(state: PayDirtState, seat: int, amount: int) -> None:
    """`amount` wear on each machine now on the board (not the tiles it covers) and 1 on each
    upgrade, each capped at its service life."""
    board = state.boards[seat]
    for chain in range(len(board.machines)):
        _add_wear(state, seat, chain, amount, "catastrophic-failure")
    for kind, upgrade in board.upgrades.items():
        life = state.game.upgrade_by_id[upgrade].service_life
        board.upgrade_wear[kind] = min(life, board.upgrade_wear.get(kind, 0) + 1)
        _log(state, seat, "catastrophic-failure", upgrade=upgrade)


def _harsh_weather(state: PayDirtState, seat: int, amount: int) -> None:
    """`amount` wear on each machine (Hank Driver does not stop it: this is no ore entering)."""
    for chain in range(len(EQUIPMENT_TYPES)):
        _add_wear(state, seat, chain, amount, "harsh-weather")


def _machines_not_worn(state: PayDirtState, board: Board) -> list[str]:
    return [f"machine {EQUIPMENT_TYPES[c]}" for c, m in enumerate(board.machines)
            if m.wear < equipment_tile(state, c, m.equipment).service_life]


def _unexpected_breakdown(state: PayDirtState, seat: int, amount: int) -> None:
    _ask(state, seat, "unexpected-breakdown", "machine",
         _machines_not_worn(state, state.boards[seat]))


@choices.handler("unexpected-breakdown")
def _breakdown_chosen(state: PayDirtState, choice: Choice, option: str) -> None:
    chain = EQUIPMENT_TYPES.index(option.split()[1])
    amount = _amount(state, choice.card)
    _add_wear(state, choice.seat, chain, amount, choice.card)


def _rusted_axel(state: PayDirtState, seat: int, amount: int) -> None:
    options = [f"machine {m}" for m in EQUIPMENT_TYPES]
    _ask(state, seat, "rusted-axel", "machine", options)


@choices.handler("rusted-axel")
def _rusted_chosen(state: PayDirtState, choice: Choice, option: str) -> None:
    machine = option.split()[1]
    state.boards[choice.seat].rusted = EQUIPMENT_TYPES.index(machine)
    _log(state, choice.seat, choice.card, machine=machine)


# Claim cards.
def _bum_claim(state: PayDirtState, seat: int, amount: int) -> None:
    options = _ore_options(state, state.boards[seat], ("medium", "rich"))
    _ask(state, seat, "bum-claim", "ore", options)


@choices.handler("bum-claim")
def _bum_chosen(state: PayDirtState, choice: Choice, option: str) -> None:
    _swap_type(state, option, -1, choice.card, choice.seat)


def _discard_one(event: str) -> Callable[[PayDirtState, int, int], None]:
    """Clay Layer, Poached Mine: the holder discards one ore of its claims (any position)."""

    def effect(state: PayDirtState, seat: int, amount: int) -> None:
        _ask(state, seat, event, "ore", _ore_options(state, state.boards[seat]))

    return effect


def _discard_chosen(state: PayDirtState, choice: Choice, option: str) -> None:
    _, held, i = _held_ore(state, option)
    tile = held.ore.pop(i)
    ore = state.game.components.ore[tile].type
    _off_board(state, tile)
    _log(state, choice.seat, choice.card, claim=held.claim, ore=ore)


choices.handler("clay-layer")(_discard_chosen)
choices.handler("poached-mine")(_discard_chosen)


def _fools_gold(state: PayDirtState, seat: int, amount: int) -> None:
    """Lose `amount` nuggets; a seat owning a Company Vault is not affected (001 note)."""
    board = state.boards[seat]
    if VAULT in board.upgrades.values():
        _log(state, seat, "fools-gold", gold=0, effect="vault")
        return
    lost = min(amount, board.gold)
    board.gold -= lost
    board.vault = min(board.vault, board.gold)
    _log(state, seat, "fools-gold", gold=-lost)


def _good_find(state: PayDirtState, seat: int, amount: int) -> None:
    """An opponent's poor or medium ore becomes one of the next type (drawn face down). A seat
    without gold, which may keep it only as its last card, is spared: nothing (D31)."""
    if state.boards[seat].gold <= 0:
        _nothing(state, seat, GOOD_FIND)
        return
    options = [o for other in _opponents(state, seat)
               for o in _ore_options(state, state.boards[other], ("poor", "medium"))]
    _ask(state, seat, GOOD_FIND, "ore", options)


@choices.handler(GOOD_FIND)
def _good_find_chosen(state: PayDirtState, choice: Choice, option: str) -> None:
    _swap_type(state, option, 1, choice.card, choice.seat)


def _open_pit_fine(state: PayDirtState, seat: int, amount: int) -> None:
    """`amount` per claim holding ore; what cannot be paid is lost."""
    board = state.boards[seat]
    fine = amount * sum(1 for held in board.claims if held.ore)
    paid = min(fine, board.cash)
    board.cash -= paid
    _log(state, seat, "open-pit-fine", fine=fine, paid=paid)


def _surveying_error(state: PayDirtState, seat: int, amount: int) -> None:
    """`amount` per ore on the claims: pay for all left, or discard tiles one at a time."""
    board = state.boards[seat]
    options = _ore_options(state, board)
    if not options:
        return
    if board.cash >= amount * len(options):
        options.append("pay")
    _ask(state, seat, "surveying-error", "pay or discard", options)


@choices.handler("surveying-error")
def _surveying_chosen(state: PayDirtState, choice: Choice, option: str) -> None:
    seat, board = choice.seat, state.boards[choice.seat]
    amount = _amount(state, choice.card)
    if option == "pay":
        tiles = sum(len(held.ore) for held in board.claims)
        board.cash -= amount * tiles
        _log(state, seat, choice.card, paid=amount * tiles)
        return
    _discard_chosen(state, choice, option)
    _surveying_error(state, seat, amount)


def _flash_flood(state: PayDirtState, seat: int, amount: int) -> None:
    options = [f"claim {held.claim}" for held in state.boards[seat].claims if held.ore]
    _ask(state, seat, "flash-flood", "claim", options)


@choices.handler("flash-flood")
def _flood_chosen(state: PayDirtState, choice: Choice, option: str) -> None:
    claim = option.split()[1]
    state.boards[choice.seat].flooded = claim
    _log(state, choice.seat, choice.card, claim=claim)


# Specialist cards.
def _own_specialists(state: PayDirtState, seat: int) -> list[str]:
    return [f"specialist {s}" for s in state.boards[seat].specialists]


def _disloyal_employee(state: PayDirtState, seat: int, amount: int) -> None:
    _ask(state, seat, "disloyal-employee", "specialist", _own_specialists(state, seat))


@choices.handler("disloyal-employee")
def _disloyal_chosen(state: PayDirtState, choice: Choice, option: str) -> None:
    if choice.step == "specialist":
        seats = [f"seat {s}" for s in _opponents(state, choice.seat)]
        _ask(state, choice.seat, choice.card, "seat", seats, [option])
        return
    specialist = choice.memo[0].split()[1]
    other = int(option.split()[1])
    state.boards[other].borrowed = specialist
    _log(state, choice.seat, choice.card, specialist=specialist, to=other)


def _employee_feud(state: PayDirtState, seat: int, amount: int) -> None:
    """Pay the minimum price of one of your specialists; if none can be paid, discard one."""
    board = state.boards[seat]
    by_id = state.game.specialist_by_id
    payable = [f"specialist {s}" for s in board.specialists if by_id[s].price <= board.cash]
    if payable:
        _ask(state, seat, "employee-feud", "pay", payable)
    else:
        _ask(state, seat, "employee-feud", "discard", _own_specialists(state, seat))


@choices.handler("employee-feud")
def _feud_chosen(state: PayDirtState, choice: Choice, option: str) -> None:
    specialist = option.split()[1]
    board = state.boards[choice.seat]
    tile = state.game.specialist_by_id[specialist]
    if choice.step == "pay":
        board.cash -= tile.price
        _log(state, choice.seat, choice.card, specialist=specialist, paid=tile.price)
        return
    board.specialists.remove(specialist)  # leaves the game; its workers go to the reserve
    board.workers = max(0, board.workers - tile.workers)
    if board.sick == specialist:
        board.sick = ""
    for other in state.boards:
        if other.borrowed == specialist:
            other.borrowed = ""
    _log(state, choice.seat, choice.card, specialist=specialist, discarded=True)


def _flu_outbreak(state: PayDirtState, seat: int, amount: int) -> None:
    _ask(state, seat, "flu-outbreak", "specialist", _own_specialists(state, seat))


@choices.handler("flu-outbreak")
def _flu_chosen(state: PayDirtState, choice: Choice, option: str) -> None:
    specialist = option.split()[1]
    state.boards[choice.seat].sick = specialist
    _log(state, choice.seat, choice.card, specialist=specialist)


def _gambling_losses(state: PayDirtState, seat: int, amount: int) -> None:
    """Pay an opponent `amount`, or all your cash if less; no cash: nothing (算你好運)."""
    if state.boards[seat].cash <= 0:
        _nothing(state, seat, "gambling-losses")
        return
    seats = [f"seat {s}" for s in _opponents(state, seat)]
    _ask(state, seat, "gambling-losses", "seat", seats)


@choices.handler("gambling-losses")
def _gambling_chosen(state: PayDirtState, choice: Choice, option: str) -> None:
    board = state.boards[choice.seat]
    other = int(option.split()[1])
    paid = min(_amount(state, choice.card), board.cash)
    board.cash -= paid
    state.boards[other].cash += paid
    _log(state, choice.seat, choice.card, to=other, paid=paid)


def _thieving_workers(state: PayDirtState, seat: int, amount: int) -> None:
    """Lose `amount` loose nuggets; nuggets in a Company Vault are safe."""
    board = state.boards[seat]
    lost = min(amount, board.loose_gold)
    board.gold -= lost
    _log(state, seat, "thieving-workers", gold=-lost)


Effect = Callable[["PayDirtState", int, int], None]  # (state, holder, the card's amount)
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
# Long-term cards acting only through the hooks below: bad-load, bad-roads, bought-a-lemon,
# busted-controls, diesel-shortage, stolen-spark-plugs, misfiled-paperwork, snap-freeze,
# gold-fever, late-night-bender, mandatory-safety-training, overslept. Clear Eyes, Full Hearts,
# Can't Lose does nothing.


# --- the Events phase --------------------------------------------------------------------------
def choosable(state: PayDirtState, seat: int, event: str, hand: list[str]) -> bool:
    """D31: a seat with no gold (no processed ore) may not keep Good Find...For Someone Else
    while its hand holds another card."""
    return event != GOOD_FIND or state.boards[seat].gold > 0 or len(hand) == 1


def offer_swap(state: PayDirtState, seat: int, event: str) -> bool:
    """Remy Roulette: his holder's kept card is revealed, then the holder is asked whether to
    swap it for the unseen top card of the event deck. True when asked."""
    board = state.boards[seat]
    if not board.specialists and not board.borrowed:
        return False
    if specialists.has(state, seat, "swap_event") is None:
        return False
    if not state.event_deck and not state.event_discard:
        return False
    _log(state, seat, f"reveal {event}", event=event)
    return _ask(state, seat, REMY, "swap", ["yes", "no"], [event])


@choices.handler(REMY)
def _remy_chosen(state: PayDirtState, choice: Choice, option: str) -> None:
    """Yes: the top card of the deck is drawn and resolves instead (its temperature counts);
    the card given up goes on top of the deck face up (`state.event_top`)."""
    seat, kept = choice.seat, choice.memo[0]
    if option == "yes":
        drawn = events.draw(state, 1)
        if drawn:
            new = drawn[0]
            state.event_deck.append(kept)
            state.event_top = kept
            draft = state.draft
            if draft is not None and draft.pick_of(seat) == kept:
                draft.swaps[draft.order.index(seat)] = new
            _log(state, seat, "swap", given_up=kept, event=new)
            kept = new
    events.resolve(state, seat, kept, swap=False)


def end_held(state: PayDirtState, seat: int) -> None:
    """The seat's long-term cards end (before the draw): tiles Bad Roads held back arrive
    (equipment installed without the scrap choice, upgrades replacing per the upgrade rules;
    Bought a Lemon, if held too, still wears them), and the cards' marks are cleared."""
    board = state.boards[seat]
    if board.waiting:
        from .purchases import install
        from .work import place_upgrade

        for tile in board.waiting:
            if tile in state.game.equipment_by_id:
                install(state, board, tile)
            else:
                place_upgrade(state, seat, tile)
            _log(state, seat, "arrive", tile=tile)
        board.waiting.clear()
    board.sick = board.borrowed = board.flooded = ""
    board.rusted = -1


# --- Auction ---------------------------------------------------------------------------------
def may_bid(state: PayDirtState, seat: int, kind: str) -> bool:
    """Misfiled Paperwork: its holder may not pick or bid on claims."""
    board = state.boards[seat]
    if not board.events or kind != "claim":
        return True
    return "misfiled-paperwork" not in events.in_force(state, seat)


# --- buying ----------------------------------------------------------------------------------
def waits(state: PayDirtState, seat: int, tile: str) -> bool:
    """Bad Roads: equipment won or an upgrade bought does not reach the board; it waits
    (`board.waiting`) until the card ends. True when it waits."""
    board = state.boards[seat]
    if not board.events or "bad-roads" not in events.in_force(state, seat):
        return False
    board.waiting.append(tile)
    _log(state, seat, "bad-roads", tile=tile)
    return True


def arrival_wear(state: PayDirtState, seat: int, life: int) -> int:
    """Bought a Lemon: a tile arriving now has wear equal to its service life; else 0."""
    board = state.boards[seat]
    if not board.events or "bought-a-lemon" not in events.in_force(state, seat):
        return 0
    _log(state, seat, "bought-a-lemon", wear=life)
    return life


def installed(state: PayDirtState, board: Board, chain: int) -> None:
    """Equipment just installed on `board` (purchases.install): Bought a Lemon wears it fully;
    a FlimCo at full wear leaves at once (work.flimco_check)."""
    if not board.events:
        return
    from .work import flimco_check

    seat = _seat_of(state, board)
    machine = board.machines[chain]
    wear = arrival_wear(state, seat, equipment_tile(state, chain, machine.equipment).service_life)
    if wear:
        machine.wear = wear
        flimco_check(state, seat, chain)


# --- Work ------------------------------------------------------------------------------------
def _seat_of(state: PayDirtState, board: Board) -> int:
    return next(s for s, b in enumerate(state.boards) if b is board)


def _unused(state: PayDirtState, seat: int, slot: int) -> int:
    work = state.work
    if work is None or not work.left[seat]:
        return 0
    return work.left[seat][slot]


def workers_lost(state: PayDirtState, seat: int) -> int:
    """Workers the seat's events in force keep out of this round's Work (Overslept, Late Night
    Bender: `amount` each)."""
    if not state.boards[seat].events:
        return 0
    by_id = state.game.event_by_id
    return sum(by_id[e].amount for e in events.in_force(state, seat) if e in LOST_WORKERS)


def completion_gold(state: PayDirtState, seat: int, value: int) -> int:
    """The nuggets a completed ore of `value` gives the seat (WK-15), after its events: Bad
    Load gives `amount` fewer, never below 0."""
    if not state.boards[seat].events or "bad-load" not in events.in_force(state, seat):
        return value
    return max(0, value - _amount(state, "bad-load"))


def machine_stopped(state: PayDirtState, seat: int, chain: int, *, crew: bool = True) -> bool:
    """No ore may enter or move along machine `chain` now: Rusted Axel on it; Stolen Spark
    Plugs on the excavator (unless the Generator ran this round); Diesel Shortage's first-run
    cost unpaid and more than the cash (no cost with the Generator); Busted Controls' first run
    needing a second unused worker on it (`crew`: the pull uses a worker)."""
    board = state.boards[seat]
    if not board.events:
        return False
    held = events.in_force(state, seat)
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


def claim_stopped(state: PayDirtState, seat: int, claim: str, *, crew: bool = True) -> bool:
    """No ore may be loaded from `claim` now: Flash Flood on it; Snap Freeze's first load from
    it needing a second unused excavator worker (a third if Busted Controls' first run too)."""
    board = state.boards[seat]
    if not board.events:
        return False
    held = events.in_force(state, seat)
    if not held:
        return False
    if "flash-flood" in held and board.flooded == claim:
        return True
    if not crew or "snap-freeze" not in held or board.flags.get(f"froze_{claim}"):
        return False
    need = 2 + ("busted-controls" in held and not board.flags.get("ran_excavator"))
    return _unused(state, seat, 0) < need


def pulled(state: PayDirtState, seat: int, chain: int, claim: str = "", *,
           crew: bool = True) -> None:
    """A pull into machine `chain` (a load from `claim` for the excavator) is made: the extra
    workers of Busted Controls (the machine's first run) and Snap Freeze (the claim's first
    load) are used up, Diesel Shortage's first-run cost is paid (not after the Generator)."""
    board = state.boards[seat]
    if not board.events:
        return
    held = events.in_force(state, seat)
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
        _log(state, seat, "busted-controls", machine=name, workers=1)
    if crew and claim and "snap-freeze" in held and not flags.get(f"froze_{claim}"):
        flags[f"froze_{claim}"] = 1
        if left:
            left[0] -= 1
        _log(state, seat, "snap-freeze", claim=claim, workers=1)
    if ("diesel-shortage" in held and not flags.get("generator")
            and not flags.get(f"diesel_{name}")):
        flags[f"diesel_{name}"] = 1
        cost = min(board.cash, _amount(state, "diesel-shortage"))
        board.cash -= cost
        _log(state, seat, "diesel-shortage", machine=name, paid=cost)


def revealed(state: PayDirtState) -> None:
    """The Work placements are revealed: Mandatory Safety Training keeps one worker on each
    machine with workers out of action (repair workers are not affected); Gold Fever costs
    `amount` per worker not on equipment (town and idle; repair workers count as on it), what
    cannot be paid is lost."""
    work = state.work
    if work is None:
        return
    from .work import BUY_SLOT, SELL_SLOT

    for seat, board in enumerate(state.boards):
        if not board.events:
            continue
        held = events.in_force(state, seat)
        left = work.left[seat]
        if "mandatory-safety-training" in held:
            for chain, name in enumerate(EQUIPMENT_TYPES):
                if left[chain]:
                    left[chain] -= 1
                    _log(state, seat, "mandatory-safety-training", machine=name, workers=1)
        if "gold-fever" in held:
            placed = work.placed[seat]
            idle = max(0, specialists.crew(state, seat) - sum(placed))
            off = idle + placed[SELL_SLOT] + placed[BUY_SLOT]
            cost = off * _amount(state, "gold-fever")
            paid = min(cost, board.cash)
            board.cash -= paid
            _log(state, seat, "gold-fever", workers=off, cost=cost, paid=paid)
