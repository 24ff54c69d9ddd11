"""Saboteur Gold's component data: every count the reference fixes, the shapes of the named
cards, the designed crystal cards' balance, and clear errors for a bad data file.

Seed 004 "Types of Action Cards", "Pathway Rules", "End of Game and Scoring";
shared/reference/saboteur.md "Board geometry", "Base path deck", "Base action cards",
"Expansion contents", "Dwarves (15)", "Gold", "Base game rules".
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import data_edits
import pytest

import motherlode
from motherlode.engine import Game, State
from motherlode.rules.saboteur import RoundEnded
from motherlode.rules.saboteur import cards as data
from motherlode.rules.saboteur.cards import (
    SIDES,
    ActionCard,
    Cards,
    PathCard,
    Shape,
    load_cards,
    turned,
)

DATA = Path(data.__file__).parent / "data"


@pytest.fixture(scope="module")
def parts() -> Cards:
    return load_cards()


def by_id(parts: Cards, card_id: str) -> PathCard:
    return next(c for c in (parts.start, *parts.goals, *parts.paths) if c.id == card_id)


def sides(text: str) -> frozenset[str]:
    return frozenset(text)


def shape(*paths: str, stubs: str = "") -> Shape:
    return Shape(tuple(sides(p) for p in paths), sides(stubs))


def path_counts(parts: Cards, edition: str) -> Counter[str]:
    counts: Counter[str] = Counter()
    for card in parts.paths:
        if card.edition == edition:
            counts[card.kind] += card.count
    return counts


def action_counts(parts: Cards, edition: str) -> Counter[tuple[str, frozenset[str]]]:
    counts: Counter[tuple[str, frozenset[str]]] = Counter()
    for card in parts.actions:
        if card.edition == edition:
            counts[card.kind, card.tools] += card.count
    return counts


# ---- path cards ------------------------------------------------------------------------------

BASE_TABLE = [  # reference "Base path deck": openings, count (every opening connected)
    ("WE", 3), ("NS", 4), ("NW", 4), ("NE", 5), ("WEN", 5), ("NSE", 5), ("NESW", 5),
]
BASE_DEAD_ENDS = ["N", "E", "NS", "WE", "NW", "NE", "NSE", "WEN", "NESW"]  # 1 each


def test_base_deck_is_40_tunnel_cards(parts: Cards) -> None:
    """Reference "Base path deck: 40 tunnel cards": 31 passages and 9 dead ends."""
    assert path_counts(parts, "base") == {"tunnel": 31, "dead_end": 9}
    assert sum(c.count for c in parts.paths if c.edition == "base") == 40


@pytest.mark.parametrize(("openings", "count"), BASE_TABLE)
def test_base_passages_follow_the_table(parts: Cards, openings: str, count: int) -> None:
    """Reference "Base path deck" table: each passage joins all its openings."""
    found = [c for c in parts.paths if c.kind == "tunnel" and c.shape == shape(openings)]
    assert len(found) == 1 and found[0].count == count
    assert found[0].edition == "base" and not found[0].ladder and found[0].door == ""


def test_base_dead_ends_are_9_single_cards(parts: Cards) -> None:
    """Reference "Dead ends, 1 each, every opening a stub connected to nothing" (9 cards)."""
    dead = [c for c in parts.paths if c.kind == "dead_end"]
    assert sorted(c.shape.stubs for c in dead) == sorted(sides(s) for s in BASE_DEAD_ENDS)
    assert all(c.count == 1 and not c.shape.paths and c.edition == "base" for c in dead)


def test_start_and_goals(parts: Cards) -> None:
    """Reference "Board geometry": the start is a cross with a ladder; goals: the treasure is
    a cross, the two stones curves N-E and N-W."""
    start = parts.start
    assert start.kind == "start" and start.ladder and start.shape == shape("NESW")
    treasure, *stones = parts.goals
    assert treasure.treasure and treasure.shape == shape("NESW")
    assert sorted(s.shape.paths[0] for s in stones) == sorted([sides("NE"), sides("NW")])
    assert not any(s.treasure for s in stones)
    assert all(g.count == 1 and g.kind == "goal" for g in parts.goals)
    assert parts.start not in parts.paths and not set(parts.goals) & set(parts.paths)


def test_expansion_is_30_path_cards_by_kind(parts: Cards) -> None:
    """Reference "Expansion path cards": bridge 2, double curve 2, ladder 4, door 3 + 3, crystal
    cards the other 16."""
    assert path_counts(parts, "expansion") == {
        "bridge": 2, "double_curve": 2, "ladder": 4, "door": 6, "crystal": 16}
    assert sum(c.count for c in parts.paths if c.edition == "expansion") == 30
    doors = Counter(c.door for c in parts.paths for _ in range(c.count) if c.kind == "door")
    assert doors == {"green": 3, "blue": 3}


@pytest.mark.parametrize(
    ("card_id", "expected"),
    [
        # Seed "The Bridge": two unconnected paths, "not a crossroad".
        ("bridge", shape("WE", "NS")),
        # Seed "The Double Curve": two unconnected paths (reference: W-N and E-S).
        ("double-curve", shape("WN", "ES")),
        # Reference, known shapes: ladders stub N, stub W, curve W-N, curve W-S.
        ("ladder-n", shape("N")),
        ("ladder-w", shape("W")),
        ("ladder-wn", shape("WN")),
        ("ladder-ws", shape("WS")),
        # Doors: blue N-S, W-E, curve W-S; green N-S with W a dead stub, W-E, curve W-N.
        ("door-blue-ns", shape("NS")),
        ("door-blue-we", shape("WE")),
        ("door-blue-ws", shape("WS")),
        ("door-green-ns-stub-w", shape("NS", stubs="W")),
        ("door-green-we", shape("WE")),
        ("door-green-wn", shape("WN")),
        # Crystal cards, known: stub N; stub W; cross; W-E-N; N-S-E; N-E-S + stub W; W-N-E +
        # stub S; W-E + stub N.
        ("crystal-stub-n", shape(stubs="N")),
        ("crystal-stub-w", shape(stubs="W")),
        ("crystal-nesw", shape("NESW")),
        ("crystal-wen", shape("WEN")),
        ("crystal-nse", shape("NSE")),
        ("crystal-nes-stub-w", shape("NES", stubs="W")),
        ("crystal-wne-stub-s", shape("WNE", stubs="S")),
        ("crystal-we-stub-n", shape("WE", stubs="N")),
    ],
)
def test_named_expansion_shapes(parts: Cards, card_id: str, expected: Shape) -> None:
    """Reference "Expansion path cards" and its known shapes."""
    assert by_id(parts, card_id).shape == expected


def test_bridge_and_double_curve_paths_never_meet(parts: Cards) -> None:
    """Seed: "Two unconnected paths"; the bridge "is not a crossroad"."""
    for card_id in ("bridge", "double-curve"):
        card = by_id(parts, card_id)
        first, second = card.shape.paths
        assert not first & second and card.shape.openings == set(SIDES) and card.count == 2


def test_features_sit_on_their_own_kinds(parts: Cards) -> None:
    """Ladders: the start and the 4 ladder cards; doors only on door cards; crystals only on
    crystal cards (seed: "crystals have no effect on the path's connections")."""
    every = (parts.start, *parts.goals, *parts.paths)
    assert sum(c.count for c in every if c.ladder) == 5
    assert all(c.ladder == (c.kind in ("start", "ladder")) for c in every)
    assert all((c.door != "") == (c.kind == "door") for c in every)
    assert all((c.crystals > 0) == (c.kind == "crystal") for c in every)


def test_crystal_cards_are_10_known_and_6_designed(parts: Cards) -> None:
    """Reference: six crystal cards and the crystals per card are not known: designed."""
    text = (DATA / "paths.toml").read_text(encoding="utf-8")
    crystal = [c for c in parts.paths if c.kind == "crystal"]
    designed_shapes = [c for c in crystal if "six shapes are not known" in
                       text.split(f'id = "{c.id}"')[1].split("\n[[")[0]]
    assert sum(c.count for c in designed_shapes) == 6
    # 1 crystal on every crystal card: 16 (designed; 2 on the dead ends paid too much).
    assert all(c.crystals == 1 for c in crystal)
    assert sum(c.crystals * c.count for c in crystal) == 16


def axis_openings(cards: list[PathCard]) -> tuple[int, int]:
    east_west = sum(len(c.shape.openings & {"E", "W"}) * c.count for c in cards)
    north_south = sum(len(c.shape.openings & {"N", "S"}) * c.count for c in cards)
    return east_west, north_south


def test_designed_crystal_cards_balance_the_openings(parts: Cards) -> None:
    """Designed: the 16 crystal cards open as many east-west sides as north-south ones (the
    base deck 50 and 52), with 3 pure dead ends (base: 9 in 40)."""
    crystal = [c for c in parts.paths if c.kind == "crystal"]
    assert axis_openings(crystal) == (21, 21)
    assert axis_openings([c for c in parts.paths if c.edition == "base"]) == (50, 52)
    assert sum(c.count for c in crystal if not c.shape.paths) == 3


# ---- turning -----------------------------------------------------------------------------------

def test_turned_side_is_the_opposite() -> None:
    """Reference "Board geometry": a card is turned 180 degrees, never 90."""
    assert [turned(s) for s in SIDES] == ["S", "W", "N", "E"]
    assert all(turned(turned(s)) == s for s in SIDES)


def test_turned_twice_is_the_same_card(parts: Cards) -> None:
    for card in (parts.start, *parts.goals, *parts.paths):
        assert card.shape.turned().turned() == card.shape, card.id
        assert len(card.shape.turned().openings) == len(card.shape.openings)


@pytest.mark.parametrize(
    ("card_id", "expected"),
    [
        ("tunnel-nw", shape("SE")),  # reference: "N-W (same card turned: S-E)"
        ("tunnel-ne", shape("SW")),
        ("tunnel-wen", shape("WES")),
        ("tunnel-nse", shape("NSW")),
        ("goal-stone-ne", shape("SW")),
        ("double-curve", shape("ES", "WN")),
        ("crystal-nes-stub-w", shape("SWN", stubs="E")),
        ("dead-e", shape(stubs="W")),
    ],
)
def test_turned_shapes(parts: Cards, card_id: str, expected: Shape) -> None:
    turned_shape = by_id(parts, card_id).shape.turned()
    assert set(turned_shape.paths) == set(expected.paths)
    assert turned_shape.stubs == expected.stubs


def test_cross_and_bridge_look_the_same_turned(parts: Cards) -> None:
    for card_id in ("start", "tunnel-nesw", "bridge", "tunnel-we", "tunnel-ns"):
        shape_ = by_id(parts, card_id).shape
        assert set(shape_.turned().paths) == set(shape_.paths), card_id


# ---- action cards and dwarves -------------------------------------------------------------------

def tools(*names: str) -> frozenset[str]:
    return frozenset(names)


def test_base_actions_are_27_by_kind(parts: Cards) -> None:
    """Reference "Base action cards (27)"; the seed's counts agree (Map 6, Done diggin' 3, ...)."""
    assert action_counts(parts, "base") == {
        ("broken", tools("pickaxe")): 3, ("broken", tools("lamp")): 3,
        ("broken", tools("cart")): 3,
        ("repair", tools("pickaxe")): 2, ("repair", tools("lamp")): 2,
        ("repair", tools("cart")): 2,
        ("repair", tools("pickaxe", "lamp")): 1, ("repair", tools("pickaxe", "cart")): 1,
        ("repair", tools("lamp", "cart")): 1,
        ("rockfall", tools()): 3, ("map", tools()): 6,
    }
    assert sum(a.count for a in parts.actions if a.edition == "base") == 27


def test_expansion_actions_are_21_by_kind(parts: Cards) -> None:
    """Reference "Expansion contents": 21 action cards, the rules name 20; the 21st is most
    likely one more rockfall (kept as reference, with the reason)."""
    assert action_counts(parts, "expansion") == {
        ("theft", tools()): 4, ("hands_off", tools()): 3, ("swap_hand", tools()): 2,
        ("inspection", tools()): 2, ("swap_hats", tools()): 2, ("trapped", tools()): 3,
        ("free_at_last", tools()): 4, ("rockfall", tools()): 1,
    }
    assert sum(a.count for a in parts.actions if a.edition == "expansion") == 21
    text = (DATA / "actions.toml").read_text(encoding="utf-8")
    extra = text.split('id = "rockfall-expansion"')[1]
    assert 'source = "reference"' in extra and "reason = " in extra


def test_dwarves_are_15_by_role_and_team(parts: Cards) -> None:
    """Reference "Dwarves (15)": 4 green diggers, 4 blue, Boss, Profiteer, 2 Geologists, 3
    Saboteurs."""
    deck = parts.dwarf_deck()
    assert len(deck) == 15
    assert Counter((d.role, d.team) for d in deck) == {
        ("digger", "green"): 4, ("digger", "blue"): 4, ("boss", ""): 1, ("profiteer", ""): 1,
        ("geologist", ""): 2, ("saboteur", ""): 3}


def test_the_deck(parts: Cards) -> None:
    """Set-up: all path and action cards of both sets are shuffled (70 + 48 = 118); the base
    mode uses the base cards only (40 + 27); the start and goals are never in it."""
    deck = parts.deck()
    assert len(deck) == 118
    assert sum(isinstance(c, ActionCard) for c in deck) == 48
    base = parts.deck(base_only=True)
    assert len(base) == 67 and all(c.edition == "base" for c in base)
    assert not any(isinstance(c, PathCard) and c.kind in ("start", "goal") for c in deck)


# ---- rules --------------------------------------------------------------------------------------

def test_rule_numbers(parts: Cards) -> None:
    """Seed "Preparation", "End of Game and Scoring"; reference "Dwarves (15) and set-up",
    "Gold", "Board geometry"."""
    r = parts.rules
    assert (r.min_players, r.max_players) == (2, 12)
    assert (r.hand_size, r.removed_cards, r.rounds) == (6, 10, 3)
    assert [r.winner_gold(n) for n in range(1, 9)] == [5, 4, 3, 2, 1, 1, 1, 1]
    assert (r.boss_less, r.profiteer_less, r.profiteer_alone) == (1, 2, 3)
    # The worked example: a blue digger, the Boss and the Profiteer: 3, 2, 1.
    three = r.winner_gold(3)
    assert (three, three - r.boss_less, three - r.profiteer_less) == (3, 2, 1)
    assert (r.goal_column, r.goal_rows) == (8, (-2, 0, 2))


def test_base_mode_numbers(parts: Cards) -> None:
    """Reference "Base game rules": roles, hand sizes, gold cards, the saboteurs' table."""
    r = parts.rules
    assert (r.base_min_players, r.base_max_players) == (3, 10)
    roles = {n: (r.base_row(n).saboteurs, r.base_row(n).diggers) for n in range(3, 11)}
    assert roles == {3: (1, 3), 4: (1, 4), 5: (2, 4), 6: (2, 5), 7: (3, 5), 8: (3, 6),
                     9: (3, 7), 10: (4, 7)}
    assert [r.base_row(n).hand_size for n in range(3, 11)] == [6, 6, 6, 5, 5, 4, 4, 4]
    assert [r.base_row(n).gold_drawn for n in range(3, 11)] == [3, 4, 5, 6, 7, 8, 9, 9]
    assert r.base_gold_cards == (16, 8, 4)
    assert r.base_saboteur_gold == (4, 3, 3, 2)


# ---- the files ----------------------------------------------------------------------------------

def test_package_data_and_sources() -> None:
    """Every data file ships with the package; every entry says where its numbers come from."""
    assert sorted(p.name for p in DATA.glob("*.toml")) == sorted(data.FILES)
    for file in data.FILES:
        text = (DATA / file).read_text(encoding="utf-8")
        assert text.count("source = ") >= text.count("\n[")
        assert text.count('source = "designed"') <= text.count("reason = ")
    pyproject = (Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"motherlode.rules" = ["*/data/*.toml"]' in pyproject  # every game's data


def copy_data(tmp_path: Path) -> Path:
    return data_edits.copy_data(DATA, tmp_path)


def test_corrected_data_folder_is_used(tmp_path: Path) -> None:
    """A user with the physical game can correct a designed number."""
    folder = copy_data(tmp_path)
    file = folder / "paths.toml"
    text = file.read_text(encoding="utf-8")
    old = 'stubs = ["N"]\ncrystals = 1'
    assert old in text
    file.write_text(text.replace(old, 'stubs = ["N"]\ncrystals = 2', 1), encoding="utf-8")
    assert by_id(load_cards(folder), "crystal-stub-n").crystals == 2


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("paths.toml", 'paths = [["W", "E"]]\nsource', 'paths = [["W", "X"]]\nsource',
         r"paths.toml path\[0\]: field 'paths' must list distinct sides from N, E, S, W"),
        ("paths.toml", 'paths = [["W", "E"]]\nsource', 'paths = [["W", "W"]]\nsource',
         r"path\[0\]: field 'paths' must list distinct sides"),
        ("paths.toml", 'paths = [["N", "S"]]\nsource', 'paths = [["N", "S"]]\nstubs = ["S"]\n'
         "source", r"path\[1\]: field 'paths': a side is in two paths or in a path and the stubs"),
        ("paths.toml", "count = 3", "count = 2",
         "there must be 31 base path tunnel cards, found 30"),
        ("paths.toml", "count = 3", "count = 9", r"path\[0\]: field 'count' must be an integer"),
        ("paths.toml", 'kind = "tunnel"', 'kind = "tube"',
         r"path\[0\]: field 'kind' is 'tube'; allowed: "),
        ("paths.toml", 'kind = "start"', 'kind = "tunnel"', r"start\[0\]: field 'kind'"),
        ("paths.toml", 'edition = "base"\ncount = 3', 'edition = "gold"\ncount = 3',
         r"path\[0\]: field 'edition' is 'gold'"),
        ("paths.toml", 'door = "green"', 'door = "red"', r"field 'door' is 'red'"),
        ("paths.toml", 'door = "green"', 'door = "blue"', "there must be 3 green doors, found 2"),
        ("paths.toml", "crystals = 1", "crystals = 3",
         r"path\[28\]: field 'crystals' must be an integer 0..2"),
        ("paths.toml", "crystals = 1", "crystals = 0",
         r"path\[28\]: field 'crystals': crystal cards, and only they, show crystals"),
        ("paths.toml", 'ladder = true\nsource = "reference"\nsection = "Expansion path cards: '
         'Ladder 4; known shapes: stub N"', 'source = "reference"\nsection = "x"',
         r"path\[18\]: field 'ladder': the start and the ladder cards"),
        ("paths.toml", 'ladder = true\nsource = "reference"\nsection = "Board',
         'ladder = "yes"\nsource = "reference"\nsection = "Board',
         r"start\[0\]: field 'ladder' must be true or false"),
        ("paths.toml", 'paths = [["W", "E"], ["N", "S"]]', 'paths = [["W", "N"], ["E", "S"]]',
         r"path\[16\]: field 'paths': a bridge's paths are straight"),
        ("paths.toml", "treasure = true", "treasure = false", "there must be 1 treasure goals"),
        ("paths.toml", 'id = "goal-stone-nw"', 'id = "goal-stone-ne"',
         "id 'goal-stone-ne' is used twice"),
        ("paths.toml", 'stubs = ["N"]\nsource', 'paths = [["N"]]\nsource',
         r"path\[7\]: field 'paths'"),
        ("paths.toml", 'source = "designed"', 'source = "guessed"',
         r"path\[28\]: field 'source' is 'guessed'"),
        ("paths.toml", "\nreason = ", "\nwhy = ", r"path\[28\]: field 'reason' is missing"),
        ("paths.toml", '\nsection = "Base path deck: W-E 3"', "",
         r"path\[0\]: field 'section' is missing"),
        ("actions.toml", 'tools = ["pickaxe"]', 'tools = ["shovel"]',
         r"actions.toml action\[0\]: field 'tools' must list distinct tools"),
        ("actions.toml", 'tools = ["pickaxe"]', 'tools = ["pickaxe", "lamp"]',
         r"action\[0\]: field 'tools': a broken card names 1-1 tools"),
        ("actions.toml", 'kind = "theft"', 'kind = "robbery"',
         r"action\[11\]: field 'kind' is 'robbery'"),
        ("actions.toml", "count = 6", "count = 5",
         "there must be 6 base action map cards, found 5"),
        ("actions.toml", 'id = "rockfall-expansion"\nkind = "rockfall"',
         'id = "rockfall-expansion"\nkind = "map"',
         "there must be 0 expansion action map cards, found 1"),
        ("dwarves.toml", 'team = "green"', 'team = "red"',
         r"dwarves.toml dwarf\[0\]: field 'team' is 'red'"),
        ("dwarves.toml", 'team = "green"', 'team = "blue"',
         "there must be 4 dwarf digger blue cards, found 8"),
        ("dwarves.toml", 'role = "boss"', 'role = "boss"\nteam = "green"',
         r"dwarf\[2\]: field 'team': diggers, and only they, have a team"),
        ("dwarves.toml", "count = 3", "count = 2", "there must be 3 dwarf saboteur cards"),
        ("rules.toml", "value = 6", "value = 0",
         r"rules.toml \[hand_size\]: field 'value' must be an integer 1..10"),
        ("rules.toml", "value = [5, 4, 3, 2, 1]", "value = [5, 4, 3]",
         r"\[gold_per_winner\]: field 'value' must list 5 integers"),
        ("rules.toml", "value = [5, 4, 3, 2, 1]", "value = [5, 4, 3, 4, 1]",
         "must not rise with more winners"),
        ("rules.toml", "[boss_less]", "[boss_bonus]", "unknown rule 'boss_bonus'"),
        ("rules.toml", "diggers = 7\nhand_size = 4\ngold_drawn = 9\nsource",
         "diggers = 6\nhand_size = 4\ngold_drawn = 9\nsource",
         r"base_setup\[6\]: field 'diggers': saboteurs \+ diggers must be players \+ 1 = 10"),
        ("rules.toml", "players = 3\nsaboteurs = 1\ndiggers = 3",
         "players = 4\nsaboteurs = 1\ndiggers = 4",
         "one row per player count 3-10 in order"),
        ("rules.toml", 'section = "Preparation (Setup) 2', 'chapter = "Preparation (Setup) 2',
         r"\[removed_cards\]: field 'section' is missing"),
        # A field the rules do not read is refused, not silently ignored (issue 22):
        ("paths.toml", 'kind = "tunnel"', 'kind = "tunnel"\ncolour = "green"',
         r"paths.toml path\[0\]: field 'colour' is not one the rules read"),
        ("actions.toml", 'tools = ["pickaxe"]', 'tools = ["pickaxe"]\nvalue = 2',
         r"actions.toml action\[0\]: field 'value' is not one the rules read"),
        ("dwarves.toml", 'team = "green"', 'team = "green"\ngold = 1',
         r"dwarves.toml dwarf\[0\]: field 'gold' is not one the rules read"),
        ("rules.toml", "value = 6", "value = 6\nplayers = 4",
         r"rules.toml \[hand_size\]: field 'players' is not one the rules read"),
        ("rules.toml", "gold_drawn = 3", "gold_drawn = 3\nhand = 6",
         r"base_setup\[0\]: field 'hand' is not one the rules read"),
        # The goals lie where the bounded table puts them (reference "Board geometry"):
        ("rules.toml", "value = 8", "value = 9",
         r"rules.toml \[goal_column\]: the goals lie at column 8"),
        ("rules.toml", "value = [-2, 0, 2]", "value = [-3, 0, 3]",
         r"rules.toml \[goal_rows\]: the goals lie in rows -2, 0, 2"),
    ],
)
def test_bad_data_names_the_file_entry_and_field(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    """A bad data file raises DataError naming the file, the entry and the field."""
    data_edits.check_bad_edit(load_cards, copy_data(tmp_path), file, old, new, message)


def _played(game: Game, seed: int) -> State:
    """A seeded game played out with seeded random choices."""
    state = game.new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_corrected_data_folder_changes_a_seeded_game(tmp_path: Path) -> None:
    """The data is the truth: with `rounds` 2 and `hand_size` 5 in a corrected folder (the
    `data` option), a seeded game deals 5 cards and ends after round 2 (reference "three
    rounds"; seed "Preparation (Setup) 3: deal each dwarf 6 cards")."""
    folder = copy_data(tmp_path)
    data_edits.edit(folder, "rules.toml", "[hand_size]\nvalue = 6", "[hand_size]\nvalue = 5")
    data_edits.edit(folder, "rules.toml", "[rounds]\nvalue = 3", "[rounds]\nvalue = 2")
    built_in = motherlode.load("saboteur", players=5)
    corrected = motherlode.load("saboteur", players=5, data=str(folder))
    assert corrected.new_game(7).view(None)["hand_sizes"] == [5] * 5
    assert built_in.new_game(7).view(None)["hand_sizes"] == [6] * 5
    ends = {name: [e for e in _played(game, 7).log if e[0] is RoundEnded]
            for name, game in (("built in", built_in), ("corrected", corrected))}
    assert [e[2] for e in ends["built in"]] == [1, 2, 3]
    assert [e[2] for e in ends["corrected"]] == [1, 2]
    assert _played(corrected, 7).digest() != _played(built_in, 7).digest()


def test_documentary_fields_change_nothing(tmp_path: Path) -> None:
    """Every field of the data is read by the rules or documentary (`cards.DOCUMENTARY`: where
    a number comes from); the loader refuses any other (above). Rewriting every documentary
    field leaves the cards the same."""
    assert data.DOCUMENTARY == ("source", "section", "reason")
    folder = copy_data(tmp_path)
    for file in data.FILES:
        text = (folder / file).read_text(encoding="utf-8")
        text = re.sub(r'^(section|reason) = ".*"$', r'\1 = "rewritten"', text, flags=re.M)
        text = text.replace('source = "rulebook"', 'source = "reference"')
        (folder / file).write_text(text, encoding="utf-8")
    rewritten = (folder / "paths.toml").read_text(encoding="utf-8")
    assert 'section = "rewritten"' in rewritten and 'reason = "rewritten"' in rewritten
    assert load_cards(folder) == load_cards()


def test_missing_file_and_bad_toml_are_data_errors(tmp_path: Path) -> None:
    data_edits.check_missing_and_bad_toml(load_cards, copy_data(tmp_path), "dwarves.toml",
                                          "[[dwarf]\n")
