"""Pay Dirt's component data: the counts and names the seeds fix, the ranges they give, the
designed numbers' balance rules, and clear errors for a bad data file.

Seeds: 000 "Components", "Setup", "Sequence of Play"; 001 work 05 and the per-card notes;
shared/reference/paydirt.md.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import data_edits
import pytest

from motherlode.rules.paydirt import components as data
from motherlode.rules.paydirt.components import Components, game_length, load_components

DATA = Path(data.__file__).parent / "data"


@pytest.fixture(scope="module")
def parts() -> Components:
    return load_components()


def test_equipment_is_6_of_each_type_with_1_or_2_stages(parts: Components) -> None:
    """Components: 18 equipment tiles, 6 excavators, 6 loaders, 6 wash plants; bought 1-2 stages."""
    assert len(parts.equipment) == 18
    assert Counter(e.type for e in parts.equipment) == dict.fromkeys(data.EQUIPMENT_TYPES, 6)
    assert {e.stages for e in parts.equipment} == {1, 2}
    assert all(e.price % 1000 == 0 and e.price > 0 for e in parts.equipment)
    assert any(e.flimco for e in parts.equipment) and not all(e.flimco for e in parts.equipment)


def test_starting_equipment_has_3_stages(parts: Components) -> None:
    """Chinese rules, work 05: starting equipment has 3 stages; one of each type per board."""
    assert [e.type for e in parts.starting_equipment] == list(data.EQUIPMENT_TYPES)
    assert all(e.stages == 3 and e.price == 0 and not e.flimco for e in parts.starting_equipment)


def test_cheaper_equipment_is_slower_or_frailer(parts: Components) -> None:
    """Issue 3: a cheaper tile of a type is never as fast, as long-lived and as safe as a dearer."""
    for cheap in parts.equipment:
        for dear in parts.equipment:
            if cheap.type == dear.type and cheap.price < dear.price:
                as_good = (cheap.stages <= dear.stages
                           and cheap.service_life >= dear.service_life
                           and (dear.flimco or not cheap.flimco))
                assert not as_good, (cheap.id, dear.id)


def test_flimco_is_the_cheap_risk(parts: Components) -> None:
    """A FlimCo costs less than the regular tile of the same type and stages."""
    for flimco in (e for e in parts.equipment if e.flimco):
        regular = [e for e in parts.equipment if not e.flimco
                   and (e.type, e.stages) == (flimco.type, flimco.stages)]
        assert regular and all(flimco.price < e.price for e in regular), flimco.id
        assert all(flimco.service_life <= e.service_life for e in regular), flimco.id


def test_claims_are_12_regular_6_layered_and_4_starting(parts: Components) -> None:
    """Components: 18 claims (12 regular, 6 layered), 4 starting claims with 3 poor ore each."""
    assert sum(not c.layered for c in parts.claims) == 12
    assert sum(c.layered for c in parts.claims) == 6
    assert len(parts.starting_claims) == 4
    assert all(c.ore == ("poor",) * 3 for c in parts.starting_claims)
    assert all(set(c.ore) <= set(data.ORE_TYPES) and c.price >= 1000 for c in parts.claims)


def test_layered_claims_are_cheaper_than_the_same_ore_in_any_order(parts: Components) -> None:
    """Designed: a layered claim's forced order costs it $1,000 against a regular one."""
    regular = {tuple(sorted(c.ore)): c.price for c in parts.claims if not c.layered}
    for claim in (c for c in parts.claims if c.layered):
        same = regular.get(tuple(sorted(claim.ore)))
        assert same is None or claim.price == max(1000, same - 1000), claim.id
        assert len(claim.ore) == 3  # the Chinese rules' "order 1, 2, 3"


def test_ore_is_20_poor_12_medium_12_rich_with_values_in_range(parts: Components) -> None:
    """Components: 20 poor (2-4), 12 medium (3-5), 12 rich (4-6) ore tiles."""
    assert len(parts.ore) == 44
    assert Counter(t.type for t in parts.ore) == {"poor": 20, "medium": 12, "rich": 12}
    for tile in parts.ore:
        assert tile.value in data.ORE_VALUES[tile.type]
    means = {kind: Fraction(sum(t.value for t in parts.ore if t.type == kind), count)
             for kind, count in data.ORE_COUNTS.items()}
    assert means == {"poor": 3, "medium": 4, "rich": 5}  # designed: symmetric splits


def test_specialists_are_the_18_of_the_notes(parts: Components) -> None:
    """Components: 18 specialists; names and facts from the Chinese per-card notes."""
    by_name = {s.name: s for s in parts.specialists}
    assert sorted(by_name) == sorted(data.SPECIALIST_NAMES)
    assert all(0 <= s.workers <= 5 and s.price % 1000 == 0 for s in parts.specialists)
    assert by_name["Butch Deadlift"].workers == 2 and by_name["Butch Deadlift"].ability == "none"
    assert by_name["McGillis Brothers"].workers == 2
    assert by_name["Julian Cash"].ability == "income" and by_name["Julian Cash"].amount == 3000
    assert by_name["Dirty Mike & The Boys"].workers == 3  # 3 go back when unpaid
    assert by_name["Kyle Greymarket"].amount == 1000
    assert by_name["Kaylee Wrench"].ability == "immune_equipment_events"
    assert by_name["Killian Igneous"].ability == "immune_claim_events"
    assert by_name["Patrick O'Shay"].ability == "immune_specialist_events"
    # "Most specialists provide some workers; some provide none" (Chinese component tour).
    assert 0 < sum(s.workers == 0 for s in parts.specialists) < 9


def test_upgrades_are_7_camp_and_7_claim(parts: Components) -> None:
    """Components: 14 upgrade tiles; the notes name 7 camp and 7 claim upgrades."""
    for kind, names in data.UPGRADE_NAMES.items():
        assert sorted(u.name for u in parts.upgrades if u.kind == kind) == sorted(names)
    assert all(u.price >= 1000 and u.service_life >= 1 for u in parts.upgrades)


def test_events_are_30_with_the_29_known_names(parts: Components) -> None:
    """Components: 30 event cards; 29 names are known, the 30th is designed."""
    assert len(parts.events) == 30
    names = {e.name for e in parts.events}
    assert set(data.EVENT_NAMES) <= names
    assert names - set(data.EVENT_NAMES) == {"Flash Flood"}
    busted = next(e for e in parts.events if e.name == "Busted Controls")
    assert busted.long_term and busted.category == "equipment"  # the seeds' example
    guarded = {"Stolen Spark Plugs": "equipment", "Unexpected Breakdown": "equipment",
               "Late Night Bender": "specialist"}
    assert all(e.category == guarded[e.name] for e in parts.events if e.name in guarded)
    assert Counter(e.category for e in parts.events) == dict.fromkeys(data.EVENT_CATEGORIES, 10)


def test_rules_constants(parts: Components) -> None:
    """Setup, Work and Income: the seeds' numbers."""
    r = parts.rules
    assert (r.start_temperature, r.end_temperature) == (15, 0)
    assert (r.start_money, r.income, r.bid_step) == (9000, 2000, 1000)
    assert (r.nugget_price, r.nuggets_per_sale, r.repair_per_worker) == (3000, 2, 2)
    assert (r.start_workers, r.reserve_workers, r.max_claims) == (5, 5, 3)
    assert (r.display_per_type, r.upgrade_display, r.upgrades_per_kind) == (3, 5, 1)
    assert (r.min_players, r.max_players) == (2, 4)


def test_the_event_deck_makes_a_game_of_5_to_8_rounds(parts: Components) -> None:
    """Issue 3: about 5-8 rounds from +15 °C. The deck averages 85/30 = 2.83 °C a card, so
    about 5.3 events reach 0 °C and the game ends one round later: 6.66 rounds on average,
    never fewer than 5, more than 8 in about 1% of games (the first player's card taken as a
    random one, drawn without replacement)."""
    drops = [e.temperature_drop for e in parts.events]
    assert Fraction(sum(drops), len(drops)) == Fraction(85, 30)
    lengths = game_length(drops, parts.rules.start_temperature, parts.rules.end_temperature)
    assert sum(lengths.values()) == 1
    mean = sum(rounds * p for rounds, p in lengths.items())
    assert 6.6 < mean < 6.7
    assert min(lengths) == 5
    assert sum(p for rounds, p in lengths.items() if 5 <= rounds <= 8) > 0.98
    assert lengths[6] + lengths[7] > 0.8


def test_game_length_of_a_fixed_deck() -> None:
    """Sequence of Play: the round after the temperature reaches 0 °C is the last."""
    assert game_length([5] * 10, 15) == {4: 1}  # 15 -> 10 -> 5 -> 0, then one last round
    assert game_length([15, 1], 15) == {2: Fraction(1, 2), 3: Fraction(1, 2)}
    with pytest.raises(ValueError, match="less than"):
        game_length([1, 1], 15)


def test_package_data_and_sources() -> None:
    """Every data file ships with the package; every entry says where its numbers come from."""
    assert sorted(p.name for p in DATA.glob("*.toml")) == sorted(data.FILES)
    for file in data.FILES:
        text = (DATA / file).read_text(encoding="utf-8")
        assert text.count("source = ") >= text.count("\n[")
    pyproject = (Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"motherlode.rules" = ["*/data/*.toml"]' in pyproject  # every game's data


def copy_data(tmp_path: Path) -> Path:
    return data_edits.copy_data(DATA, tmp_path)


def test_corrected_data_folder_is_used(tmp_path: Path) -> None:
    """Component data: a user with the physical game can correct a number."""
    folder = copy_data(tmp_path)
    file = folder / "specialists.toml"
    text = file.read_text(encoding="utf-8")
    file.write_text(text.replace("price = 4000", "price = 5000", 1), encoding="utf-8")
    butch = next(s for s in load_components(folder).specialists if s.name == "Butch Deadlift")
    assert butch.price == 5000


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("equipment.toml", "stages = 1", "stages = 3",
         r"equipment.toml equipment\[0\]: field 'stages' must be an integer 1..2"),
        ("equipment.toml", "flimco = false", 'flimco = "no"', r"equipment\[0\]: field 'flimco'"),
        ("equipment.toml", 'type = "loader"', 'type = "excavator"',
         "there must be 6 excavator tiles, found 7"),
        ("equipment.toml", "stages = 3", "stages = 2", r"starting\[0\]: field 'stages'"),
        ("claims.toml", 'ore = ["poor", "poor"]', 'ore = ["poor", "gold"]',
         r"claims.toml claim\[0\]: field 'ore' must list"),
        ("claims.toml", "price = 1000", "price = 1500",
         r"claim\[0\]: field 'price' must be a multiple of \$1,000"),
        ("claims.toml", 'ore = ["poor", "poor", "poor"]', 'ore = ["poor", "poor", "rich"]',
         r"starting\[0\]: field 'ore': a starting claim holds 3 poor ore"),
        ("claims.toml", "layered = true", "layered = false", "there must be 12 regular claims"),
        ("ore.toml", "value = 2", "value = 5",
         r"ore.toml ore\[0\]: field 'value' must be an integer 2..4"),
        ("ore.toml", "count = 8", "count = 7", "there must be 20 poor ore tiles, found 19"),
        ("specialists.toml", 'name = "Betsy Pretty"', 'name = "Betsy Petty"',
         r"specialist\[0\]: field 'name' is 'Betsy Petty'; allowed: "),
        ("specialists.toml", 'ability = "income"', 'ability = "more_money"',
         r"specialist\[9\]: field 'ability' is 'more_money'"),
        ("specialists.toml", "workers = 1", "workers = 6",
         r"specialist\[0\]: field 'workers' must be an integer 0..5"),
        ("upgrades.toml", 'kind = "camp"', 'kind = "claim"',
         r"upgrade\[0\]: field 'name' is 'ATV'"),
        ("upgrades.toml", "service_life = 3", "service_life = 0", r"field 'service_life'"),
        ("events.toml", "temperature_drop = 2", 'temperature_drop = "two"',
         r"events.toml event\[0\]: field 'temperature_drop' must be an integer 1..15"),
        ("events.toml", 'kind = "long_term"', 'kind = "lasting"', r"event\[0\]: field 'kind'"),
        ("events.toml", 'category = "equipment"', 'category = "weather"',
         r"event\[0\]: field 'category' is 'weather'"),
        ("events.toml", 'name = "Bad Load"', 'name = "Bad Luck"', "event 'Bad Load' is missing"),
        ("events.toml", 'source = "designed"', 'source = "guessed"', r"event\[0\]: field 'source'"),
        ("events.toml", "\nreason = ", "\nwhy = ", r"event\[0\]: field 'reason' is missing"),
        ("rules.toml", "value = 9000", "value = -9000",
         r"rules.toml \[start_money\]: field 'value' must be an integer"),
        ("rules.toml", 'section = "4) Income', 'chapter = "4) Income',
         r"\[income\]: field 'section' is missing"),
        ("rules.toml", "[income]", "[wages]", "unknown rule 'wages'"),
    ],
)
def test_bad_data_names_the_file_entry_and_field(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    """A bad data file raises DataError naming the file, the entry and the field."""
    data_edits.check_bad_edit(load_components, copy_data(tmp_path), file, old, new, message)


def test_missing_file_and_bad_toml_are_data_errors(tmp_path: Path) -> None:
    data_edits.check_missing_and_bad_toml(load_components, copy_data(tmp_path), "ore.toml",
                                          "[[ore]\n")
