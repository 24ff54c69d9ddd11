"""Saboteur Gold's cards: path shapes, action cards, dwarves and rule numbers, read from the
TOML files in `data/` and validated.

Seed 004 ("How to Play Saboteur Gold") and shared/reference/saboteur.md (the base deck's table,
the expansion's counts and known shapes, the base game's tables). Every data entry says where its
numbers come from (`source`, `section`); six crystal cards and the crystals per card are designed.
A user with the physical game corrects them by pointing `load_cards` at a copied folder.

Sides are "N", "E", "S", "W" in the card's upright frame (start west, goals east). A card is
only ever turned 180 degrees (`turned`): N<->S, E<->W.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from motherlode.engine import DataError
from motherlode.engine.data import Entry, check_unique, entries, reader, rule_values

SIDES = ("N", "E", "S", "W")
"""A card's sides, clockwise from north (the order faces and views write them in)."""
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
"""The side facing each side: a card's side meets its neighbour's opposite side."""


def turned(side: str) -> str:
    """The side a card's `side` becomes when the card is turned 180 degrees (N<->S, E<->W)."""
    return OPPOSITE[side]


@dataclass(frozen=True, slots=True)
class Shape:
    """What a path card looks like in its upright orientation.

    `paths`: each path, the openings it joins (connected inside the card); `stubs`: openings
    that end at once (dead ends). An opening is in at most one path or in `stubs`; a side in
    neither is a wall.
    """

    paths: tuple[frozenset[str], ...]
    stubs: frozenset[str]

    @property
    def openings(self) -> frozenset[str]:
        """Every side that is open: the paths' sides and the stubs."""
        return self.stubs.union(*self.paths)

    def turned(self) -> Shape:
        """The same card turned 180 degrees."""
        return Shape(tuple(frozenset(map(turned, path)) for path in self.paths),
                     frozenset(map(turned, self.stubs)))


@dataclass(frozen=True, slots=True)
class PathCard:
    """A path card: tunnel, dead end, bridge, double curve, ladder, door, crystal, start, goal."""

    id: str
    kind: str
    shape: Shape
    door: str  # "" | "green" | "blue": the card's paths pass only that team (the Boss: all)
    ladder: bool  # the start card and the ladder cards: linked to every other ladder
    crystals: int
    treasure: bool  # goals only: the treasure (True) or a stone (False)
    count: int
    edition: str  # "base" | "expansion"


@dataclass(frozen=True, slots=True)
class ActionCard:
    """An action card design and its copies; `tools` it breaks or repairs (else empty)."""

    id: str
    kind: str  # one of ACTION_KINDS
    count: int
    edition: str
    tools: frozenset[str]


@dataclass(frozen=True, slots=True)
class Dwarf:
    """A dwarf card design: its role, its team (diggers only) and its copies."""

    id: str
    role: str  # one of ROLES
    team: str  # "green" | "blue" for diggers, "" for every other role
    count: int


# ---- what the data may say ----------------------------------------------------------------

EDITIONS = ("base", "expansion")
PATH_KINDS = ("tunnel", "dead_end", "bridge", "double_curve", "ladder", "door", "crystal",
              "start", "goal")
DECK_KINDS = PATH_KINDS[:-2]  # start and goals lie on the table, never in the deck
TOOLS = ("pickaxe", "lamp", "cart")
ACTION_KINDS = ("broken", "repair", "rockfall", "map", "theft", "hands_off", "swap_hand",
                "inspection", "swap_hats", "trapped", "free_at_last")
ROLES = ("digger", "boss", "profiteer", "geologist", "saboteur")
TEAMS = ("", "green", "blue")  # "": no team (the Boss, the Profiteer ...)
DOORS = TEAMS  # a door is of a team's colour ("": a card without a door)
GOAL_COLUMN = 8  # reference "Board geometry": the goals 8 columns east of the start ...
GOAL_ROWS = (-2, 0, 2)  # ... in rows -2, 0, 2 (the bounded table, `actions.COLUMNS`, is round them)
MAX_CRYSTALS = 2  # designed: 1 or 2 crystals on a crystal card (see paths.toml)

# Counts the reference fixes, checked when the data is loaded.
BASE_PATHS = {"tunnel": 31, "dead_end": 9}  # 40 tunnel cards
EXPANSION_PATHS = {"bridge": 2, "double_curve": 2, "ladder": 4, "door": 6, "crystal": 16}
DOORS_PER_TEAM = 3
BASE_ACTIONS = {"broken": 9, "repair": 9, "rockfall": 3, "map": 6}  # 27
EXPANSION_ACTIONS = {"theft": 4, "hands_off": 3, "swap_hand": 2, "inspection": 2,
                     "swap_hats": 2, "trapped": 3, "free_at_last": 4, "rockfall": 1}  # 21
BROKEN_PER_TOOL = 3
DWARVES = {("digger", "green"): 4, ("digger", "blue"): 4, ("boss", ""): 1,
           ("profiteer", ""): 1, ("geologist", ""): 2, ("saboteur", ""): 3}  # 15

DOCUMENTARY = ("source", "section", "reason")
"""The fields that say where an entry's numbers come from: checked, never read by the rules.
Any other field an entry holds must be one its reader below reads (`_only`)."""
PATH_FIELDS = ("id", "kind", "edition", "count", "paths", "stubs", "door", "ladder", "crystals",
               "treasure")
ACTION_FIELDS = ("id", "kind", "tools", "count", "edition")
DWARF_FIELDS = ("id", "role", "team", "count")
BASE_SETUP_FIELDS = ("players", "saboteurs", "diggers", "hand_size", "gold_drawn")
RULE_FIELDS = ("value",)

PACKAGE = "motherlode.rules.saboteur.data"
FILES = ("rules.toml", "paths.toml", "actions.toml", "dwarves.toml")


@dataclass(frozen=True, slots=True)
class BaseSetup:
    """One row of the base game's table: roles dealt, hand size and gold cards drawn."""

    players: int
    saboteurs: int
    diggers: int  # saboteurs + diggers = players + 1: one role card stays unseen
    hand_size: int
    gold_drawn: int  # gold cards drawn when the diggers win


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule numbers (rules.toml): Saboteur Gold's, then the base-game mode's."""

    min_players: int
    max_players: int
    hand_size: int
    removed_cards: int
    rounds: int
    gold_per_winner: tuple[int, ...]  # by number of winners 1, 2, ...; the last for any more
    boss_less: int
    profiteer_less: int
    profiteer_alone: int  # treasure not reached and no saboteur: the Profiteer's gold
    goal_column: int
    goal_rows: tuple[int, ...]
    base_min_players: int
    base_max_players: int
    base_setup: tuple[BaseSetup, ...]  # one row per player count, base_min_players first
    base_gold_cards: tuple[int, ...]  # how many gold cards worth 1, 2, 3 ...
    base_saboteur_gold: tuple[int, ...]  # each saboteur's gold by number of saboteurs 1, 2, ...

    def winner_gold(self, winners: int) -> int:
        """Gold per winner when `winners` share (before the Boss's and Profiteer's less)."""
        return self.gold_per_winner[min(winners, len(self.gold_per_winner)) - 1]

    def base_row(self, players: int) -> BaseSetup:
        """The base game's table row for `players`."""
        return self.base_setup[players - self.base_min_players]


@dataclass(frozen=True, slots=True)
class Cards:
    """Every card of Saboteur Gold: one entry per design, `count` copies each."""

    rules: Rules
    start: PathCard
    goals: tuple[PathCard, ...]  # the treasure first, then the two stones
    paths: tuple[PathCard, ...]  # the deck's path cards, base then expansion
    actions: tuple[ActionCard, ...]
    dwarves: tuple[Dwarf, ...]

    def deck(self, base_only: bool = False) -> tuple[PathCard | ActionCard, ...]:
        """One entry per physical card of the draw pile (both sets, or the base set only)."""
        cards: list[PathCard | ActionCard] = []
        designs: tuple[PathCard | ActionCard, ...] = (*self.paths, *self.actions)
        for card in designs:
            if not base_only or card.edition == "base":
                cards.extend([card] * card.count)
        return tuple(cards)

    def dwarf_deck(self) -> tuple[Dwarf, ...]:
        """One entry per dwarf card."""
        return tuple(d for d in self.dwarves for _ in range(d.count))


# ---- reading ------------------------------------------------------------------------------

def _only(entry: Entry, fields: tuple[str, ...]) -> None:
    """DataError for a field of `entry` that is neither read (`fields`) nor documentary: a
    correction the rules would silently ignore."""
    for field in entry.table:
        if field not in fields and field not in DOCUMENTARY:
            raise DataError(f"{entry.where}: field {field!r} is not one the rules read "
                            f"({', '.join(fields)}) nor documentary ({', '.join(DOCUMENTARY)})")


def _sides(entry: Entry, value: Any, field: str) -> frozenset[str]:
    if (not isinstance(value, list) or not value or any(s not in SIDES for s in value)
            or len(set(value)) != len(value)):
        raise DataError(
            f"{entry.where}: field {field!r} must list distinct sides from {', '.join(SIDES)}"
        )
    return frozenset(str(s) for s in value)


def _shape(entry: Entry) -> Shape:
    raw_paths = entry.table.get("paths", [])
    if not isinstance(raw_paths, list):
        raise DataError(f"{entry.where}: field 'paths' must be a list of side lists")
    paths = tuple(_sides(entry, p, "paths") for p in raw_paths)
    raw_stubs = entry.table.get("stubs", [])
    stubs = _sides(entry, raw_stubs, "stubs") if raw_stubs != [] else frozenset[str]()
    used = [s for part in (*paths, stubs) for s in part]
    if len(used) != len(set(used)):
        raise DataError(f"{entry.where}: field 'paths': a side is in two paths or in a path "
                        "and the stubs")
    if not used:
        raise DataError(f"{entry.where}: field 'paths': the card has no opening")
    return Shape(paths, stubs)


def _path_card(entry: Entry, kinds: tuple[str, ...]) -> PathCard:
    _only(entry, PATH_FIELDS)
    kind = entry.choice("kind", kinds)
    card = PathCard(
        id=entry.text("id"),
        kind=kind,
        shape=_shape(entry),
        door=entry.choice("door", DOORS, default=""),
        ladder=entry.flag("ladder", False),
        crystals=entry.integer("crystals", 0, MAX_CRYSTALS, default=0),
        treasure=entry.flag("treasure", False),
        count=entry.integer("count", 1, 5),
        edition=entry.choice("edition", EDITIONS),
    )
    entry.text("section")
    _check_kind(entry, card)
    return card


def _check_kind(entry: Entry, card: PathCard) -> None:
    """The shape and features each kind must have (reference: the decks' descriptions)."""
    shape, kind = card.shape, card.kind
    problems: list[tuple[str, str]] = []
    if kind in ("bridge", "double_curve"):
        if len(shape.paths) != 2 or shape.stubs or any(len(p) != 2 for p in shape.paths):
            problems.append(("paths", "a bridge or double curve has two 2-sided paths, no stub"))
        straight = all(p in ({"N", "S"}, {"E", "W"}) for p in shape.paths)
        if straight != (kind == "bridge"):
            problems.append(("paths", "a bridge's paths are straight, a double curve's turn"))
    elif kind == "dead_end":
        if shape.paths:
            problems.append(("paths", "a dead end has stubs only"))
    elif kind == "ladder":
        if len(shape.paths) != 1:
            problems.append(("paths", "a ladder card has one path (joined to its ladder)"))
    elif len(shape.paths) > 1:
        problems.append(("paths", f"a {kind} card has at most one path"))
    if kind not in ("ladder", "dead_end") and any(len(p) < 2 for p in shape.paths):
        problems.append(("paths", "a path joins at least 2 sides (a 1-sided opening is a stub)"))
    if kind in ("tunnel", "start", "goal") and shape.stubs:
        problems.append(("stubs", f"a {kind} card has no stub"))
    if (kind in ("start", "ladder")) != card.ladder:
        problems.append(("ladder", "the start and the ladder cards, and only they, have one"))
    if (kind == "door") != (card.door != ""):
        problems.append(("door", "door cards, and only they, have a colour"))
    if (kind == "crystal") != (card.crystals > 0):
        problems.append(("crystals", "crystal cards, and only they, show crystals"))
    if card.treasure and kind != "goal":
        problems.append(("treasure", "only a goal hides the treasure"))
    if kind in ("start", "goal") and (card.count != 1 or card.edition != "base"):
        problems.append(("count", "the start and each goal are one base card"))
    if problems:
        field, why = problems[0]
        raise DataError(f"{entry.where}: field {field!r}: {why}")


def _action(entry: Entry) -> ActionCard:
    _only(entry, ACTION_FIELDS)
    kind = entry.choice("kind", ACTION_KINDS)
    raw = entry.table.get("tools", [])
    if not isinstance(raw, list) or any(t not in TOOLS for t in raw) or len(set(raw)) != len(raw):
        raise DataError(f"{entry.where}: field 'tools' must list distinct tools from "
                        f"{', '.join(TOOLS)}")
    tools = frozenset(str(t) for t in raw)
    allowed = {"broken": (1, 1), "repair": (1, 2)}.get(kind, (0, 0))
    if not allowed[0] <= len(tools) <= allowed[1]:
        raise DataError(f"{entry.where}: field 'tools': a {kind} card names "
                        f"{allowed[0]}-{allowed[1]} tools")
    card = ActionCard(
        id=entry.text("id"),
        kind=kind,
        count=entry.integer("count", 1, 6),
        edition=entry.choice("edition", EDITIONS),
        tools=tools,
    )
    entry.text("section")
    return card


def _dwarf(entry: Entry) -> Dwarf:
    _only(entry, DWARF_FIELDS)
    role = entry.choice("role", ROLES)
    team = entry.choice("team", TEAMS, default="")
    if (role == "digger") != (team != ""):
        raise DataError(f"{entry.where}: field 'team': diggers, and only they, have a team")
    dwarf = Dwarf(id=entry.text("id"), role=role, team=team, count=entry.integer("count", 1, 4))
    entry.text("section")
    return dwarf


def _count(where: str, what: str, found: int, wanted: int) -> None:
    if found != wanted:
        raise DataError(f"{where}: there must be {wanted} {what}, found {found}")


def _counts(where: str, what: str, found: Mapping[Any, int], wanted: Mapping[Any, int]) -> None:
    for key in sorted(set(found) | set(wanted), key=str):
        name = " ".join(k for k in key if k) if isinstance(key, tuple) else str(key)
        _count(where, f"{what} {name} cards", found.get(key, 0), wanted.get(key, 0))


# Each rule, its allowed range, and for a list its length (None: a single integer).
RULE_RANGES: dict[str, tuple[int, int, int | None]] = {
    "min_players": (2, 2, None),
    "max_players": (12, 12, None),
    "hand_size": (1, 10, None),
    "removed_cards": (0, 20, None),
    "rounds": (1, 10, None),
    "gold_per_winner": (1, 10, 5),
    "boss_less": (0, 5, None),
    "profiteer_less": (0, 5, None),
    "profiteer_alone": (0, 10, None),
    "goal_column": (2, 20, None),
    "goal_rows": (-5, 5, 3),
    "base_min_players": (3, 3, None),
    "base_max_players": (10, 10, None),
    "base_gold_cards": (1, 30, 3),
    "base_saboteur_gold": (1, 10, 4),
}


def _base_setup(entry: Entry) -> BaseSetup:
    _only(entry, BASE_SETUP_FIELDS)
    row = BaseSetup(
        players=entry.integer("players", 3, 10),
        saboteurs=entry.integer("saboteurs", 1, 4),
        diggers=entry.integer("diggers", 3, 7),
        hand_size=entry.integer("hand_size", 4, 6),
        gold_drawn=entry.integer("gold_drawn", 3, 10),
    )
    if row.saboteurs + row.diggers != row.players + 1:
        raise DataError(f"{entry.where}: field 'diggers': saboteurs + diggers must be "
                        f"players + 1 = {row.players + 1}")
    return row


def _rules(where: str, document: dict[str, Any]) -> Rules:
    values = rule_values(where, document, RULE_RANGES, tables=("base_setup",))
    for name in RULE_RANGES:
        _only(Entry(f"{where} [{name}]", document[name]), RULE_FIELDS)
    _check_goals(where, values)
    rows = []
    for entry in entries(where, document, "base_setup"):
        entry.text("section")
        rows.append(_base_setup(entry))
    players = [row.players for row in rows]
    wanted = list(range(values["base_min_players"], values["base_max_players"] + 1))
    if players != wanted:
        raise DataError(f"{where}: [[base_setup]] must give one row per player count "
                        f"{wanted[0]}-{wanted[-1]} in order, found {players}")
    if list(values["gold_per_winner"]) != sorted(values["gold_per_winner"], reverse=True):
        raise DataError(f"{where} [gold_per_winner]: field 'value' must not rise with more "
                        "winners")
    return Rules(**values, base_setup=tuple(rows))


def _check_goals(where: str, values: Mapping[str, Any]) -> None:
    """The goals' cells are the table's geometry (`maze.GOALS`, the bounded table of the action
    space round them): the data must agree, or it is refused (not silently ignored)."""
    if values["goal_column"] != GOAL_COLUMN:
        raise DataError(f"{where} [goal_column]: the goals lie at column {GOAL_COLUMN} "
                        "(reference \"Board geometry\"; the table is built round them)")
    if values["goal_rows"] != GOAL_ROWS:
        rows = ", ".join(str(row) for row in GOAL_ROWS)
        raise DataError(f"{where} [goal_rows]: the goals lie in rows {rows} (reference "
                        "\"Board geometry\"; the table is built round them)")


def load_cards(data_dir: str | Path | None = None) -> Cards:
    """Read and check the data files (from `data_dir` when given, else the package's)."""

    doc = reader(PACKAGE, data_dir)
    where, rules_doc = doc("rules.toml")
    rules = _rules(where, rules_doc)

    where, paths_doc = doc("paths.toml")
    starts = [_path_card(e, ("start",)) for e in entries(where, paths_doc, "start")]
    goals = [_path_card(e, ("goal",)) for e in entries(where, paths_doc, "goal")]
    paths = [_path_card(e, DECK_KINDS) for e in entries(where, paths_doc, "path")]
    check_unique(where, "id", [c.id for c in (*starts, *goals, *paths)])
    _count(where, "start cards", len(starts), 1)
    _count(where, "goal cards", len(goals), 3)
    _count(where, "treasure goals", sum(g.treasure for g in goals), 1)
    goals.sort(key=lambda g: not g.treasure)
    for edition, wanted in (("base", BASE_PATHS), ("expansion", EXPANSION_PATHS)):
        found: Counter[str] = Counter()
        for card in paths:
            if card.edition == edition:
                found[card.kind] += card.count
        _counts(where, f"{edition} path", found, wanted)
    for team in DOORS[1:]:
        _count(where, f"{team} doors", sum(c.count for c in paths if c.door == team),
               DOORS_PER_TEAM)
    paths.sort(key=lambda c: EDITIONS.index(c.edition))

    where, actions_doc = doc("actions.toml")
    actions = [_action(e) for e in entries(where, actions_doc, "action")]
    check_unique(where, "id", [a.id for a in actions])
    for edition, wanted in (("base", BASE_ACTIONS), ("expansion", EXPANSION_ACTIONS)):
        found = Counter()
        for action in actions:
            if action.edition == edition:
                found[action.kind] += action.count
        _counts(where, f"{edition} action", found, wanted)
    for tool in TOOLS:
        _count(where, f"broken {tool} cards",
               sum(a.count for a in actions if a.kind == "broken" and tool in a.tools),
               BROKEN_PER_TOOL)
    actions.sort(key=lambda a: EDITIONS.index(a.edition))

    where, dwarves_doc = doc("dwarves.toml")
    dwarves = tuple(_dwarf(e) for e in entries(where, dwarves_doc, "dwarf"))
    check_unique(where, "id", [d.id for d in dwarves])
    roles: Counter[tuple[str, str]] = Counter()
    for dwarf in dwarves:
        roles[dwarf.role, dwarf.team] += dwarf.count
    _counts(where, "dwarf", roles, DWARVES)

    return Cards(rules, starts[0], tuple(goals), tuple(paths), tuple(actions), dwarves)
