"""What the heuristic Pay Dirt bot knows of the cards: rough values, and how to answer the
questions cards ask (`choose <option>`). Everything here reads the bot's view and the public
tile data only.

Values are in nuggets (a nugget sells for $3,000) and were set by hand from what each card
does (docs/games/paydirt.md, "Per-card notes"), then checked by the balance runs
(docs/balance/): they steer choices, they are not the game's numbers.
"""

from __future__ import annotations

from motherlode.rules.paydirt import (
    MACHINES,
    ORE_TYPES,
    BoardView,
    ChoiceView,
    PayDirt,
    PayDirtView,
)

# Nuggets a specialist's ability is worth to its holder per round left (its workers are
# counted by the forecast itself).
ABILITY_PER_ROUND = {
    "none": 0.0,
    "discount_specialists": 0.1,
    "discount_claims": 0.15,
    "discount_equipment": 0.15,
    "temporary_workers": 0.0,  # counted as workers by the forecast
    "paid_workers": -0.33,  # $1,000 a round
    "layered_any_order": 0.1,
    "no_loader_wear": 0.2,
    "income": 0.33,  # $1,000 a round more
    "immune_equipment_events": 0.8,  # the equipment events stop machines for a round
    "immune_claim_events": 0.5,
    "immune_specialist_events": 0.5,
    "sell_bonus": 0.15,
    "take_leftover": 0.3,
    "pick_same_type": 0.05,
    "swap_event": 0.1,
    "repair_after_work": 0.35,
}

# Nuggets a specialist's worker is worth per round left beyond what the forecast counts (the
# forecast spends workers on ore only; a spare hand also repairs, sells and carries events
# that ask for extra workers).
WORKER_PER_ROUND = 0.15

# Nuggets a use of each upgrade is worth (one use a round while it lasts).
UPGRADE_PER_USE = {
    "atv": 0.35,  # a town worker saved
    "company-vault": 0.45,  # nuggets safe from Fool's Gold and Thieving Workers
    "fuel-reserves": 0.55,  # a free move
    "generator": 0.4,
    "misplaced-wrench": 0.4,  # slows the leader
    "shake-table": 0.8,
    "sluice-box": 0.5,
    "bulldozer": 0.6,
    "earthmover": 0.2,
    "fake-border-marker": 0.7,
    "industrial-pump": 1.0,
    "metal-detector": 1.0,
    "ripper-attachment": 0.5,
    "test-drill": 0.15,  # knowing an ore before it costs work (early only)
}
LAST_USED = ("company-vault",)  # used after the turn's sales (it locks loose nuggets away)


def can_use(upgrade: str, board: BoardView) -> bool:
    """Whether the board has what the upgrade works on (an Earthmover: a layered claim whose
    next tile is poorer than one behind it)."""
    if upgrade == "earthmover":
        return any(c["layered"] and _buried(c["ore"]) for c in board["claims"])
    return True


def _buried(ore: list[str]) -> bool:
    """A richer tile lies behind the next one."""
    return len(ore) >= 2 and max(_ore_value(k) for k in ore[1:]) > _ore_value(ore[0])


# How much an event card hurts the seat that keeps it, in nuggets (0: harmless).
EVENT_HARM = {
    "bad-load": 1.5,
    "bad-roads": 0.6,
    "bought-a-lemon": 0.6,
    "busted-controls": 1.5,
    "catastrophic-failure": 2.0,
    "diesel-shortage": 1.0,
    "harsh-weather": 1.0,
    "rusted-axel": 1.8,
    "stolen-spark-plugs": 1.5,
    "unexpected-breakdown": 1.2,
    "bum-claim": 0.5,
    "clay-layer": 1.2,
    "fools-gold": 2.0,
    "good-find-for-someone-else": 0.6,
    "misfiled-paperwork": 0.3,
    "open-pit-fine": 0.6,
    "poached-mine": 1.2,
    "snap-freeze": 0.8,
    "surveying-error": 1.0,
    "flash-flood": 0.8,
    "clear-eyes-full-hearts-cant-lose": 0.0,
    "disloyal-employee": 0.4,
    "employee-feud": 0.8,
    "flu-outbreak": 0.8,
    "gambling-losses": 0.7,
    "gold-fever": 1.0,
    "late-night-bender": 1.6,
    "mandatory-safety-training": 1.2,
    "overslept": 0.8,
    "thieving-workers": 2.0,
}
IMMUNITY = {
    "immune_equipment_events": "equipment",
    "immune_claim_events": "claim",
    "immune_specialist_events": "specialist",
}


def event_harm(game: PayDirt, view: PayDirtView, seat: int, event: str) -> float:
    """How much keeping `event` would hurt `seat` (0 when it is immune or has nothing to lose)."""
    board = view["boards"][seat]
    category = game.event_by_id[event].category
    for sp in board["specialists"]:
        if sp != board["sick"] and IMMUNITY.get(
                game.specialist_by_id[sp].ability) == category:
            return 0.0
    harm = EVENT_HARM.get(event, 1.0)
    if event in ("fools-gold", "thieving-workers"):
        loose = board["gold"] - board["vault"]
        owns_vault = "company-vault" in board["upgrades"].values()
        if (event == "fools-gold" and owns_vault) or loose <= 0:
            return 0.0
        harm = min(harm, float(loose))
    if event in ("flu-outbreak", "employee-feud", "disloyal-employee") and not board[
            "specialists"]:
        return 0.0
    if event in ("gambling-losses", "open-pit-fine", "gold-fever") and board["cash"] <= 0:
        return 0.1
    return harm


def answer(game: PayDirt, view: PayDirtView, seat: int, options: list[str]) -> str:
    """The bot's answer to the card question in `view["choice"]`."""
    choice = view["choice"]
    if choice is None:
        return options[0]
    card = choice["card"]
    if card == "remy-roulette":
        return _remy(game, view, seat, choice, options)
    if any(o.startswith("ore ") for o in options):
        return _ore_option(view, seat, choice, options)
    if any(o.startswith("seat ") for o in options):
        return _seat_option(view, seat, card, options)
    if any(o.startswith("machine ") for o in options):
        return _machine_option(view, seat, choice, options)
    if any(o.startswith("specialist ") for o in options):
        return min((o for o in options if o.startswith("specialist ")),
                   key=lambda o: _specialist_value(game, o.split()[1]))
    if any(o.startswith("upgrade ") for o in options):
        best = max((o for o in options if o.startswith("upgrade ")),
                   key=lambda o: UPGRADE_PER_USE.get(o.split()[1], 0.0))
        value = UPGRADE_PER_USE.get(best.split()[1], 0.0) * 3 * 3_000
        price = game.upgrade_by_id[best.split()[1]].price
        return best if value > price or "no" not in options else "no"
    if any(o.startswith("space ") for o in options):
        spaces = [o for o in options if o.startswith("space ")]
        if card == "surveying-error":  # pay if it can, else lose the ore least far along
            return "pay" if "pay" in options else min(spaces, key=_space_reach)
        return max(spaces, key=_space_reach)
    if "pay" in options:
        return "pay"
    if "yes" in options:
        return "yes"
    return options[0]


def _remy(game: PayDirt, view: PayDirtView, seat: int, choice: ChoiceView,
          options: list[str]) -> str:
    """Swap when the card kept (the question's memo) hurts more than an average card would."""
    kept = next((m for m in choice["memo"] if m in game.event_by_id), None)
    average = sum(EVENT_HARM.values()) / len(EVENT_HARM)
    if kept is not None and event_harm(game, view, seat, kept) > average and "yes" in options:
        return "yes"
    return "no" if "no" in options else options[0]


def _ore_value(kind: str) -> int:
    return ORE_TYPES.index(kind)


def _ore_of(view: PayDirtView, option: str) -> tuple[int, str, int, str] | None:
    """(owner seat, claim, 1-based index, ore type) of an `ore <claim> <i>` option."""
    _, claim, index = option.split()
    for s, board in enumerate(view["boards"]):
        for held in board["claims"]:
            if held["claim"] == claim:
                i = int(index)
                return (s, claim, i, held["ore"][i - 1]) if i <= len(held["ore"]) else None
    return None


def _ore_option(view: PayDirtView, seat: int, choice: ChoiceView, options: list[str]) -> str:
    """Own ore lost or made worse: the poorest, last to be taken; an opponent's ore taken or a
    trade: the richest; an opponent's ore improved: the poorest opponent's."""
    card = choice["card"]
    ores = [o for o in options if o.startswith("ore ")]
    if "pay" in options:
        return "pay"

    def value(option: str) -> float:
        found = _ore_of(view, option)
        if found is None:
            return 0.0
        owner, _, index, kind = found
        return _ore_value(kind) * 10 - index * 0.1 + (0 if owner == seat else 100)

    if card == "good-find-for-someone-else":
        golds = {s: b["gold"] for s, b in enumerate(view["boards"])}
        return min(ores, key=lambda o: (golds.get((_ore_of(view, o) or (seat,))[0], 0),
                                        value(o)))
    if card == "earthmover":  # bring the richest buried tile to the front
        step = choice["step"]
        if step == "first":
            def gain(option: str) -> tuple[int, int]:
                """How much richer than its claim's next tile, then how deep."""
                found = _ore_of(view, option)
                if found is None or found[2] == 1:
                    return (-1, 0)
                front = _front(view, found[1])
                return (_ore_value(found[3]) - _ore_value(front), found[2])

            return max(ores, key=gain)
        return min(ores, key=lambda o: int(o.split()[2]))
    if card in ("fake-border-marker", "test-drill", "bulldozer"):
        return max(ores, key=value) if card != "bulldozer" else min(ores, key=value)
    return min(ores, key=value)


def _front(view: PayDirtView, claim: str) -> str:
    """The next tile (type) of a claim."""
    for board in view["boards"]:
        for held in board["claims"]:
            if held["claim"] == claim and held["ore"]:
                return str(held["ore"][0])
    return ORE_TYPES[0]


def _seat_option(view: PayDirtView, seat: int, card: str, options: list[str]) -> str:
    """Money or help to an opponent: the one with the least gold; harm (Misplaced Wrench): the
    leader."""
    seats = [o for o in options if o.startswith("seat ")]
    golds = {o: view["boards"][int(o.split()[1])]["gold"] for o in seats}
    if card == "misplaced-wrench":
        return max(seats, key=lambda o: golds[o])
    return min(seats, key=lambda o: golds[o])


def _machine_option(view: PayDirtView, seat: int, choice: ChoiceView, options: list[str]) -> str:
    """Repairs (Rick Axelgrease): the most worn machine; harm to own machines: the excavator
    first (ore already down the chain still flows), else the one with most life left."""
    card = choice["card"]
    machines = [o for o in options if o.startswith("machine ")]
    target = seat
    if card == "misplaced-wrench" and choice["memo"]:
        target = int(choice["memo"][0].split()[1])
    board = view["boards"][target]

    def room(option: str) -> int:
        m = board["machines"][MACHINES.index(option.split()[1])]
        return int(m["service_life"]) - int(m["wear"])

    if card == "rick-axelgrease":
        return min(machines, key=room)
    if card == "misplaced-wrench":
        return min(machines, key=room)
    if card == "rusted-axel" and "machine excavator" in machines:
        return "machine excavator"
    return max(machines, key=room)


def _specialist_value(game: PayDirt, specialist: str) -> float:
    sp = game.specialist_by_id[specialist]
    return float(sp.workers) * 0.5 + ABILITY_PER_ROUND.get(sp.ability, 0.0) * 3


def _space_reach(option: str) -> tuple[int, int]:
    _, machine, k = option.split()
    return (MACHINES.index(machine), int(k))
