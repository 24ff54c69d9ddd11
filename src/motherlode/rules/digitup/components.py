"""Dig It Up's components, read from the TOML files in `data/` and validated.

Seed: 003 "Components" (70 tiles, 10 sites of 7, 15 missions, 50 chance cards) and
"Calculating money" (the set tables).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from motherlode.engine import DataError
from motherlode.engine.data import Entry, check_unique, entries, reader

PACKAGE = "motherlode.rules.digitup.data"

# Tile kinds, in the order used for counts everywhere (an index into a player's tile counts).
KINDS = ("gold", "incense", "statue", "knife", "scroll", "crystal", "ruby", "diamond", "stone")
# Each kind's name for people, as the rulebook names the tiles, in the order of KINDS.
KIND_NAMES = dict(zip(KINDS, (
    "gold", "incense burner", "statue", "knife", "ancient scroll", "crystal", "ruby", "diamond",
    "stone",
), strict=True))
GOLD, INCENSE, STATUE, KNIFE, SCROLL, CRYSTAL, RUBY, DIAMOND, STONE = range(len(KINDS))
BRONZEWARE = (INCENSE, STATUE, KNIFE)
# Types that score as sets: bronzeware's three kinds form one type.
TYPES = ("gold", "bronzeware", "scroll", "crystal", "ruby", "diamond", "stone")
# The kinds each type counts, in the order of TYPES.
TYPE_KINDS: dict[str, tuple[int, ...]] = dict(zip(TYPES, (
    (GOLD,), BRONZEWARE, (SCROLL,), (CRYSTAL,), (RUBY,), (DIAMOND,), (STONE,),
), strict=True))
TREASURE_TYPES = TYPES[:-1]
# Names usable in mission conditions: a type, or one bronzeware kind.
CONDITION_TYPES = (*TYPES, *(KINDS[k] for k in BRONZEWARE))

SITE_TILES = 7
SITES = "ABCDEFGHIJ"  # the letters on the sites' tiles, large board (A-F) first
CHANCE_CARDS = 50
MISSIONS = 15

#: The fields of the data files written for people, never read by the rules: where an entry
#: comes from (`source`), why the project chose a designed one's numbers (`reason`), a remark
#: (`note`). Every other field is one the rules read (`READ`); the loader refuses the rest, so a
#: field a player corrects is never silently ignored.
DOCUMENTARY = ("source", "reason", "note")
#: The fields the rules read, by the data's table (`[[site]]`, `[[card]]` ... and `[bonus]`).
READ: dict[str, tuple[str, ...]] = {
    "site": ("letter", "name", "tiles"),
    "card": ("id", "name", "colour", "effect", "value", "kind", "count", "small_game"),
    "mission": ("id", "name", "condition", "types", "count", "bonus", "small_game"),
    "set": ("type", "sizes"),
    "bonus": ("trinity", "bundle_size", "bundle", "plus2", "simplified_set_size",
              "simplified_set", "simplified_single"),
}


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile: its kind, a star (draw a chance card) and a "+2" (take 2 won)."""

    kind: int
    star: bool
    plus2: bool

    def __str__(self) -> str:
        return KINDS[self.kind] + ("*" if self.star else "") + ("+2" if self.plus2 else "")


@dataclass(frozen=True, slots=True)
class Site:
    """A dig site: the letter on its tiles' backs, its name and its 7 tiles."""

    letter: str
    name: str
    key: str
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class ChanceCard:
    """A chance card type: grey (use now) or orange (keep), its effect and how many."""

    id: str
    name: str
    orange: bool
    effect: str
    value: int
    kind: int | None
    count: int
    small_game: bool


@dataclass(frozen=True, slots=True)
class Mission:
    """A mission card: its condition, the types it counts and its bonus."""

    id: str
    name: str
    condition: str
    types: tuple[str, ...]
    count: int
    bonus: int
    small_game: bool


@dataclass(frozen=True, slots=True)
class SetTable:
    """Set bonus of one type: (min size, max size, won) ranges."""

    type: str
    sizes: tuple[tuple[int, int, int], ...]

    @property
    def minimum(self) -> int:
        return self.sizes[0][0]

    def bonus(self, size: int) -> int:
        for low, high, won in self.sizes:
            if low <= size <= high:
                return won
        return 0


@dataclass(frozen=True, slots=True)
class Bonuses:
    trinity: int
    bundle_size: int
    bundle: int
    plus2: int
    simplified_set_size: int
    simplified_set: int
    simplified_single: int


@dataclass(frozen=True, slots=True)
class Components:
    sites: tuple[Site, ...]
    chance: tuple[ChanceCard, ...]
    missions: tuple[Mission, ...]
    sets: dict[str, SetTable]
    bonuses: Bonuses


def known_fields(entry: Entry, table: str) -> Entry:
    """`entry`, once every field in it is one the rules read or a documentary one."""
    allowed = (*READ[table], *DOCUMENTARY)
    unknown = sorted(set(entry.table) - set(allowed))
    if unknown:
        raise DataError(f"{entry.where}: unknown field {unknown[0]!r}: the rules read "
                        f"{', '.join(READ[table])} (and {', '.join(DOCUMENTARY)} are for people)")
    return entry


def parse_tile(where: str, text: str) -> Tile:
    """Read the tile notation `kind[*][+2]`."""
    body = text
    plus2 = body.endswith("+2")
    if plus2:
        body = body[:-2]
    star = body.endswith("*")
    if star:
        body = body[:-1]
    if body not in KINDS:
        raise DataError(f"{where}: tile {text!r}: kind must be one of {', '.join(KINDS)}")
    return Tile(KINDS.index(body), star, plus2)


def _site(entry: Entry) -> Site:
    known_fields(entry, "site")
    name = entry.text("name")
    raw = entry.table.get("tiles")
    if not isinstance(raw, list) or len(raw) != SITE_TILES:
        raise DataError(f"{entry.where}: field 'tiles' must list exactly {SITE_TILES} tiles")
    tiles = tuple(parse_tile(entry.where, str(t)) for t in raw)
    if sum(t.kind == STONE for t in tiles) != 1:
        raise DataError(f"{entry.where}: field 'tiles' must hold exactly one stone")
    if any(t.kind == SCROLL and not t.star for t in tiles):
        raise DataError(f"{entry.where}: field 'tiles': every scroll carries a star (seed)")
    return Site(entry.text("letter"), name, name.lower(), tiles)


EFFECTS = ("money", "token", "counts_as", "compass", "per_kind", "per_trinity", "flat")


def _chance(entry: Entry) -> ChanceCard:
    known_fields(entry, "card")
    effect = entry.choice("effect", EFFECTS)
    kind = None
    if effect in ("counts_as", "per_kind"):
        kind = KINDS.index(entry.choice("kind", KINDS[:-1]))
    needs_value = effect not in ("counts_as", "compass")
    value = entry.integer("value", -50, 50) if needs_value else 0
    return ChanceCard(
        id=entry.text("id"),
        name=entry.text("name"),
        orange=entry.choice("colour", ("grey", "orange")) == "orange",
        effect=effect,
        value=value,
        kind=kind,
        count=entry.integer("count", 1, 50),
        small_game=entry.flag("small_game", True),
    )


CONDITIONS = ("at_least", "at_most", "closing_shop", "trinities", "sets", "tokens",
              "chance_cards", "bundles")


def _mission(entry: Entry) -> Mission:
    known_fields(entry, "mission")
    condition = entry.choice("condition", CONDITIONS)
    types: tuple[str, ...] = ()
    if condition in ("at_least", "at_most"):
        raw = entry.table.get("types")
        if not isinstance(raw, list) or not raw or any(t not in CONDITION_TYPES for t in raw):
            raise DataError(
                f"{entry.where}: field 'types' must list names from {', '.join(CONDITION_TYPES)}"
            )
        types = tuple(raw)
    return Mission(
        id=entry.text("id"),
        name=entry.text("name"),
        condition=condition,
        types=types,
        count=entry.integer("count", 0, 70),
        bonus=entry.integer("bonus", 0, 200),
        small_game=entry.flag("small_game", True),
    )


def _set_table(entry: Entry) -> SetTable:
    known_fields(entry, "set")
    kind = entry.choice("type", TYPES)
    raw = entry.table.get("sizes")
    ok = isinstance(raw, list) and raw and all(
        isinstance(r, list) and len(r) == 3 and all(isinstance(x, int) for x in r) for r in raw
    )
    if not ok or raw is None:
        raise DataError(f"{entry.where}: field 'sizes' must be a list of [min, max, won]")
    sizes = tuple((r[0], r[1], r[2]) for r in raw)
    if any(low > high for low, high, _ in sizes):
        raise DataError(f"{entry.where}: field 'sizes': a range's min is above its max")
    return SetTable(kind, sizes)


def load_components(data_dir: str | Path | None = None) -> Components:
    """Read and check the four data files (from `data_dir` when given, else the package's)."""

    doc = reader(PACKAGE, data_dir)
    where, sites_doc = doc("sites.toml")
    sites = tuple(_site(e) for e in entries(where, sites_doc, "site"))
    letters = "".join(s.letter for s in sites)
    if letters != SITES:
        raise DataError(f"{where}: sites must be A-J in order (large board first), not {letters}")
    if any(t.kind == DIAMOND for site in sites[:6] for t in site.tiles):
        raise DataError(f"{where}: sites A-F hold no diamond (not used with 2-3 players)")
    check_unique(where, "id", [s.key for s in sites])
    where, chance_doc = doc("chance.toml")
    chance = tuple(_chance(e) for e in entries(where, chance_doc, "card"))
    check_unique(where, "id", [c.id for c in chance])
    if sum(c.count for c in chance) != CHANCE_CARDS:
        raise DataError(f"{where}: the counts must add to {CHANCE_CARDS} chance cards")
    where, missions_doc = doc("missions.toml")
    missions = tuple(_mission(e) for e in entries(where, missions_doc, "mission"))
    check_unique(where, "id", [m.id for m in missions])
    if len(missions) != MISSIONS:
        raise DataError(f"{where}: there must be {MISSIONS} missions, found {len(missions)}")
    where, scoring_doc = doc("scoring.toml")
    tables = [_set_table(e) for e in entries(where, scoring_doc, "set")]
    sets = {t.type: t for t in tables}
    if set(sets) != set(TYPES):
        raise DataError(f"{where}: [[set]] must give one table for each of {', '.join(TYPES)}")
    bonus = known_fields(Entry(f"{where} [bonus]", scoring_doc.get("bonus")), "bonus")
    bonuses = Bonuses(
        trinity=bonus.integer("trinity", 0, 100),
        bundle_size=bonus.integer("bundle_size", 1, 10),
        bundle=bonus.integer("bundle", 0, 100),
        plus2=bonus.integer("plus2", 0, 100),
        simplified_set_size=bonus.integer("simplified_set_size", 1, 20),
        simplified_set=bonus.integer("simplified_set", 0, 100),
        simplified_single=bonus.integer("simplified_single", 0, 100),
    )
    return Components(sites, chance, missions, sets, bonuses)
