"""Pay Dirt's components, read from the TOML files in `data/` and validated.

Seeds: 000 "Components", "Setup" and the phase sections (English rulebook); 001 (Chinese rules
and per-card notes); the facts of both in shared/reference/paydirt.md. The seeds fix the counts
checked here; most numbers on the tiles are designed, and each data entry says which and why.
A user with the physical game corrects them by pointing `load_components` at a copied folder.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from motherlode.engine import DataError
from motherlode.engine.data import Entry, check_unique, entries, reader, rule_values

PACKAGE = "motherlode.rules.paydirt.data"
FILES = ("rules.toml", "equipment.toml", "claims.toml", "ore.toml", "specialists.toml",
         "upgrades.toml", "events.toml")

# The work chain, in the order ore passes through it.
EQUIPMENT_TYPES = ("excavator", "loader", "wash_plant")
EQUIPMENT_LABELS = {kind: kind.replace("_", " ") for kind in EQUIPMENT_TYPES}  # `wash plant`
EQUIPMENT_PER_TYPE = 6
BOUGHT_STAGES = (1, 2)  # Chinese rules, work 05: bought equipment has 1-2 stages ...
STARTING_STAGES = 3  # ... and starting equipment 3
MAX_STAGES = max(*BOUGHT_STAGES, STARTING_STAGES)

ORE_TYPES = ("poor", "medium", "rich")
ORE_COUNTS = dict(zip(ORE_TYPES, (20, 12, 12), strict=True))
ORE_VALUES = dict(zip(ORE_TYPES, ((2, 3, 4), (3, 4, 5), (4, 5, 6)), strict=True))

REGULAR_CLAIMS = 12
LAYERED_CLAIMS = 6
STARTING_CLAIMS = 4
MAX_CLAIM_ORE = 6  # designed: no claim holds more than 6 ore tiles
STARTING_CLAIM_ORE = ("poor", "poor", "poor")  # Setup: a starting claim with 3 poor ore tiles

SPECIALIST_NAMES = (
    "Betsy Pretty", "Butch Deadlift", "Chuck Shady", "Darrell Switcher",
    "Dirty Mike & The Boys", "Frank Estate", "Hank Driver", "Julian Cash", "Kaylee Wrench",
    "Killian Igneous", "Kyle Greymarket", "McGillis Brothers", "Morgan Grift", "Patrick O'Shay",
    "Pete Bidder", "Remy Roulette", "Rick Axelgrease", "Spencer Socket",
)
# The rule point each specialist's ability hooks into (see specialists.toml for each meaning).
ABILITIES = (
    "none", "discount_specialists", "discount_claims", "discount_equipment",
    "temporary_workers", "paid_workers", "layered_any_order", "no_loader_wear", "income",
    "immune_equipment_events", "immune_claim_events", "immune_specialist_events", "sell_bonus",
    "take_leftover", "pick_same_type", "swap_event", "repair_after_work",
)

UPGRADE_KINDS = ("camp", "claim")
UPGRADE_NAMES = {
    "camp": ("ATV", "Company Vault", "Fuel Reserves", "Generator", "Misplaced Wrench",
             "Shake Table", "Sluice Box"),
    "claim": ("Bulldozer", "Earthmover", "Fake Border Marker", "Industrial Pump",
              "Metal Detector", "Ripper Attachment", "Test Drill"),
}

EVENT_CATEGORIES = ("equipment", "claim", "specialist")
EVENT_KINDS = ("long_term", "instant")
EVENT_COUNT = 30
EVENT_NAMES = (
    "Bad Load", "Bad Roads", "Bought a Lemon", "Bum Claim", "Busted Controls",
    "Catastrophic Failure", "Clay Layer", "Clear Eyes, Full Hearts, Can't Lose",
    "Diesel Shortage", "Disloyal Employee", "Employee Feud", "Flu Outbreak", "Fool's Gold",
    "Gambling Losses", "Gold Fever", "Good Find...For Someone Else", "Harsh Weather",
    "Late Night Bender", "Mandatory Safety Training", "Misfiled Paperwork", "Open Pit Fine",
    "Overslept", "Poached Mine", "Rusted Axel", "Snap Freeze", "Stolen Spark Plugs",
    "Surveying Error", "Thieving Workers", "Unexpected Breakdown",
)

MAX_PRICE = 20_000  # dollars; well above any tile, low enough to catch a typo


@dataclass(frozen=True, slots=True)
class Equipment:
    """An excavator, loader or wash plant: its stages, service life (hammers), minimum price."""

    id: str
    type: str
    stages: int
    service_life: int
    price: int
    flimco: bool  # red hammers: destroyed on reaching full wear


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim tile and the types of the ore placed on it, in printed order."""

    id: str
    layered: bool  # ore taken in printed order, first listed first
    ore: tuple[str, ...]
    price: int


@dataclass(frozen=True, slots=True)
class OreTile:
    """An ore tile: its type (seen on the back) and its value in nuggets (seen once processed)."""

    type: str
    value: int


@dataclass(frozen=True, slots=True)
class Specialist:
    """A specialist: minimum price, workers added, and the rule point its ability hooks into."""

    id: str
    name: str
    price: int
    workers: int
    ability: str
    amount: int  # what the ability counts (dollars, workers, wear); 0 when nothing


@dataclass(frozen=True, slots=True)
class Upgrade:
    """A camp or claim upgrade: price in town and service life (uses before a repair)."""

    id: str
    name: str
    kind: str
    price: int
    service_life: int
    amount: int = 0  # what the effect counts (nuggets, dollars, wear ...); 0 when nothing


@dataclass(frozen=True, slots=True)
class Event:
    """An event card: what it affects, long-term or instant, and the temperature drop it shows."""

    id: str
    name: str
    category: str
    long_term: bool
    temperature_drop: int
    amount: int = 0  # what the effect counts (nuggets, dollars, workers ...); 0 when nothing


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule constants (rules.toml), money in dollars, temperatures in °C."""

    min_players: int
    max_players: int
    start_temperature: int
    end_temperature: int
    start_money: int
    income: int
    bid_step: int
    nugget_price: int
    nuggets_per_sale: int
    repair_per_worker: int
    start_workers: int
    reserve_workers: int
    max_claims: int
    display_per_type: int
    upgrade_display: int
    upgrades_per_kind: int
    nuggets_per_bar: int

    @property
    def max_workers(self) -> int:
        """Workers of a colour: those in play at the start and the reserve (D13); a
        specialist's workers come from the reserve, so a board never holds more."""
        return self.start_workers + self.reserve_workers


@dataclass(frozen=True, slots=True)
class Components:
    """Every component of the seeds' edition, one tuple entry per physical tile or card."""

    rules: Rules
    equipment: tuple[Equipment, ...]  # the 18 auction tiles
    starting_equipment: tuple[Equipment, ...]  # excavator, loader, wash plant of every board
    claims: tuple[Claim, ...]  # the 18 auction tiles, regular first
    starting_claims: tuple[Claim, ...]
    ore: tuple[OreTile, ...]  # all 44 tiles
    specialists: tuple[Specialist, ...]
    upgrades: tuple[Upgrade, ...]
    events: tuple[Event, ...]


# Each rule constant and its allowed range.
RULE_RANGES: dict[str, tuple[int, int]] = {
    "min_players": (2, 2),
    "max_players": (4, 4),
    "start_temperature": (1, 50),
    "end_temperature": (-20, 0),
    "start_money": (0, 100_000),
    "income": (0, 20_000),
    "bid_step": (1_000, 1_000),
    "nugget_price": (0, 20_000),
    "nuggets_per_sale": (1, 10),
    "repair_per_worker": (1, 10),
    "start_workers": (1, 10),
    "reserve_workers": (0, 10),
    "max_claims": (1, 10),
    "display_per_type": (1, 6),
    "upgrade_display": (1, 14),
    "upgrades_per_kind": (1, 1),
    "nuggets_per_bar": (1, 10),
}


# The rules the code does not read, and why (rules.toml lists them as `documentary`; the loader
# checks the list, and a test that every other rule is read):
# - min_players, max_players: the game's class fixes 2-4 (their ranges allow only those);
# - bid_step: the action space bids in $1,000 steps (auction.THOUSAND; its range allows only it);
# - upgrades_per_kind: a board has one upgrade space of each kind (`Board.upgrades`, kind -> id;
#   its range allows only 1, so a corrected number is refused rather than ignored);
# - nuggets_per_bar: a gold bar is change for 5 nuggets; gold is counted in nuggets.
DOCUMENTARY = ("min_players", "max_players", "bid_step", "upgrades_per_kind", "nuggets_per_bar")


def _rules(where: str, document: dict[str, Any]) -> Rules:
    listed = document.get("documentary")
    if listed != list(DOCUMENTARY):
        raise DataError(f"{where}: 'documentary' must list the rules the code does not read, "
                        f"{list(DOCUMENTARY)}, not {listed!r}")
    return Rules(**rule_values(where, document, RULE_RANGES, tables=("documentary",)))


def _price(entry: Entry, low: int = 1_000) -> int:
    price = entry.integer("price", low, MAX_PRICE)
    if price % 1_000:
        raise DataError(f"{entry.where}: field 'price' must be a multiple of $1,000")
    return price


def _equipment(entry: Entry, starting: bool) -> Equipment:
    stages = entry.integer("stages", STARTING_STAGES, STARTING_STAGES) if starting else (
        entry.integer("stages", BOUGHT_STAGES[0], BOUGHT_STAGES[-1])
    )
    return Equipment(
        id=entry.text("id"),
        type=entry.choice("type", EQUIPMENT_TYPES),
        stages=stages,
        service_life=entry.integer("service_life", 1, 10),
        price=entry.integer("price", 0, 0) if starting else _price(entry),
        flimco=entry.flag("flimco", False),
    )


def _ore_list(entry: Entry) -> tuple[str, ...]:
    raw = entry.table.get("ore")
    if (not isinstance(raw, list) or not 1 <= len(raw) <= MAX_CLAIM_ORE
            or any(o not in ORE_TYPES for o in raw)):
        raise DataError(f"{entry.where}: field 'ore' must list 1-{MAX_CLAIM_ORE} ore types "
                        f"from {', '.join(ORE_TYPES)}")
    return tuple(str(o) for o in raw)


def _claim(entry: Entry, starting: bool) -> Claim:
    claim = Claim(
        id=entry.text("id"),
        layered=entry.flag("layered", False),
        ore=_ore_list(entry),
        price=entry.integer("price", 0, 0) if starting else _price(entry),
    )
    if starting and (claim.layered or claim.ore != STARTING_CLAIM_ORE):
        raise DataError(f"{entry.where}: field 'ore': a starting claim holds 3 poor ore (Setup)")
    return claim


def _ore(entry: Entry) -> tuple[OreTile, ...]:
    kind = entry.choice("type", ORE_TYPES)
    low, *_, high = ORE_VALUES[kind]
    value = entry.integer("value", low, high)
    return (OreTile(kind, value),) * entry.integer("count", 1, ORE_COUNTS[kind])


def _specialist(entry: Entry) -> Specialist:
    return Specialist(
        id=entry.text("id"),
        name=entry.choice("name", SPECIALIST_NAMES),
        price=_price(entry),
        workers=entry.integer("workers", 0, 5),  # at most the reserve of 5 (Setup)
        ability=entry.choice("ability", ABILITIES),
        amount=entry.integer("amount", 0, MAX_PRICE),
    )


def _upgrade(entry: Entry) -> Upgrade:
    kind = entry.choice("kind", UPGRADE_KINDS)
    return Upgrade(
        id=entry.text("id"),
        name=entry.choice("name", UPGRADE_NAMES[kind]),
        kind=kind,
        price=_price(entry),
        service_life=entry.integer("service_life", 1, 10),
        amount=entry.integer("amount", 0, MAX_PRICE, default=0),
    )


def _event(entry: Entry) -> Event:
    return Event(
        id=entry.text("id"),
        name=entry.text("name"),
        category=entry.choice("category", EVENT_CATEGORIES),
        long_term=entry.choice("kind", EVENT_KINDS) == "long_term",
        temperature_drop=entry.integer("temperature_drop", 1, 15),
        amount=entry.integer("amount", 0, MAX_PRICE, default=0),
    )


def _count(where: str, what: str, found: int, wanted: int) -> None:
    if found != wanted:
        raise DataError(f"{where}: there must be {wanted} {what}, found {found}")


def load_components(data_dir: str | Path | None = None) -> Components:
    """Read and check the data files (from `data_dir` when given, else the package's)."""

    doc = reader(PACKAGE, data_dir)
    where, rules_doc = doc("rules.toml")
    rules = _rules(where, rules_doc)

    where, equipment_doc = doc("equipment.toml")
    equipment = tuple(_equipment(e, False) for e in entries(where, equipment_doc, "equipment"))
    starting_equipment = tuple(
        _equipment(e, True) for e in entries(where, equipment_doc, "starting")
    )
    check_unique(where, "id", [e.id for e in equipment + starting_equipment])
    for kind in EQUIPMENT_TYPES:
        _count(where, f"{kind} tiles", sum(e.type == kind for e in equipment), EQUIPMENT_PER_TYPE)
    if tuple(e.type for e in starting_equipment) != EQUIPMENT_TYPES:
        raise DataError(
            f"{where}: [[starting]] must give one of each type in order: "
            + ", ".join(EQUIPMENT_TYPES)
        )

    where, claims_doc = doc("claims.toml")
    claims = tuple(_claim(e, False) for e in entries(where, claims_doc, "claim"))
    starting_claims = tuple(_claim(e, True) for e in entries(where, claims_doc, "starting"))
    check_unique(where, "id", [c.id for c in claims + starting_claims])
    _count(where, "regular claims", sum(not c.layered for c in claims), REGULAR_CLAIMS)
    _count(where, "layered claims", sum(c.layered for c in claims), LAYERED_CLAIMS)
    _count(where, "starting claims", len(starting_claims), STARTING_CLAIMS)
    claims = tuple(sorted(claims, key=lambda c: c.layered))

    where, ore_doc = doc("ore.toml")
    ore_entries = entries(where, ore_doc, "ore")
    ore = tuple(tile for e in ore_entries for tile in _ore(e))
    check_unique(where, "ore type and value", [f"{e.table['type']} {e.table['value']}"
                                          for e in ore_entries])
    for kind, wanted in ORE_COUNTS.items():
        _count(where, f"{kind} ore tiles", sum(t.type == kind for t in ore), wanted)

    where, specialists_doc = doc("specialists.toml")
    specialists = tuple(_specialist(e) for e in entries(where, specialists_doc, "specialist"))
    check_unique(where, "id", [s.id for s in specialists])
    check_unique(where, "name", [s.name for s in specialists])
    _count(where, "specialists", len(specialists), len(SPECIALIST_NAMES))

    where, upgrades_doc = doc("upgrades.toml")
    upgrades = tuple(_upgrade(e) for e in entries(where, upgrades_doc, "upgrade"))
    check_unique(where, "id", [u.id for u in upgrades])
    check_unique(where, "name", [u.name for u in upgrades])
    for kind, names in UPGRADE_NAMES.items():
        _count(where, f"{kind} upgrades", sum(u.kind == kind for u in upgrades), len(names))

    where, events_doc = doc("events.toml")
    events = tuple(_event(e) for e in entries(where, events_doc, "event"))
    check_unique(where, "id", [e.id for e in events])
    _count(where, "event cards", len(events), EVENT_COUNT)
    missing = sorted(set(EVENT_NAMES) - {e.name for e in events})
    if missing:
        raise DataError(f"{where}: event {missing[0]!r} is missing (the seeds name it)")

    return Components(rules, equipment, starting_equipment, claims, starting_claims, ore,
                      specialists, upgrades, events)


def game_length(drops: Sequence[int], start: int, end: int = 0) -> dict[int, Fraction]:
    """The chance of each game length in rounds, from the event deck's temperature drops.

    Sequence of Play: the temperature starts at `start`; each Events phase it drops by the
    first player's card; once it is at `end` or lower, the next round is the last (and has no
    Events phase). Assumes the first player's card is a random card not yet drawn, which is
    exact while the deck lasts and the first player's choice is blind to the drop.
    """
    needed = start - end
    if sum(drops) < needed:
        raise ValueError(f"the drops add to {sum(drops)}, less than the {needed} °C to fall")
    values = sorted(set(drops))
    full = tuple(drops.count(v) for v in values)

    @cache
    def rounds(left: tuple[int, ...]) -> dict[int, Fraction]:
        used = sum(v * (n - k) for v, n, k in zip(values, full, left, strict=True))
        events = sum(full) - sum(left)
        if used >= needed:
            return {events + 1: Fraction(1)}
        total = sum(left)
        result: dict[int, Fraction] = {}
        for i, k in enumerate(left):
            if k:
                after = rounds((*left[:i], k - 1, *left[i + 1:]))
                for length, p in after.items():
                    result[length] = result.get(length, Fraction(0)) + p * Fraction(k, total)
        return result

    return dict(sorted(rounds(full).items()))
