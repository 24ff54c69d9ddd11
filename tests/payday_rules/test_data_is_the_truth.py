"""Pay Day's data is the truth (issue 22, "The data is the truth"): every field of the component
data is read when it is loaded, every rule number a rule reads changes the games played when a
user corrects it, and the few the game only states for people (`components.DOCUMENTARY`) agree
with the code.

Seed 002 "PAY DAY!" ("Collect $800"), "Set It Up!", "Contents"; a user with the physical game
corrects a number by pointing the `data` option at a copied folder.
"""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import data_edits
import pytest

import motherlode
from motherlode.engine import OptionError
from motherlode.rules.payday import PayDay
from motherlode.rules.payday import components as data
from motherlode.rules.payday.components import (
    DOCUMENTARY,
    FILES,
    PROVENANCE,
    RULE_RANGES,
    load_components,
)

from .scenario import PAY_DAY, act, empty_hands, events, new, script, turn_at

DATA = Path(data.__file__).parent / "data"

# A correction for each rule number the rules read: (the rule, its new value).
CORRECTIONS = {
    "start_money": 900,
    "jackpot_seed": 1500,
    "jackpot_roll": 5,
    "payday_die_cost": 200,
    "salary": 900,
    "interest_percent": 20,
    "bid_step": 20,
    "max_bid": 1000,
    "lottery_prize": 2000,
    "lottery_stake": 200,
    "birthday_gift": 200,
    "yard_sale_per_pip": 50,
}
BOUNDS = {"min_months": (2, 1), "max_months": (3, 4)}  # corrected value, months then refused
FIXED = {"loan_step": 500}  # the rulebook's, which the actions name (`repay 1000`): refused


def corrected(tmp_path: Path, rule: str, value: int) -> Path:
    """A copy of the data folder with `rule`'s value corrected (`start_money` with its bills)."""
    folder = data_edits.copy_data(DATA, tmp_path)
    text = (folder / "rules.toml").read_text(encoding="utf-8")
    text, count = re.subn(rf"(\[{rule}\]\nvalue = )\d+", rf"\g<1>{value}", text)
    assert count == 1, rule
    if rule == "start_money":
        text = text.replace("value = [50, 50, 100, 100, 500]",
                            f"value = [50, 50, 100, 100, {value - 300}]")
    (folder / "rules.toml").write_text(text, encoding="utf-8")
    return folder


def digests(players: int = 4, seeds: int = 3, **options: Any) -> list[str]:
    """The final digests of seeded random games."""
    game = motherlode.load("payday", players=players, **options)
    out = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_game(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
        out.append(state.digest())
    return out


def test_every_rule_is_corrected_or_documentary() -> None:
    """Each rule of rules.toml is either checked below to change the games, or bounds the
    options, or is documentary: a new rule must say which."""
    assert set(RULE_RANGES) == {*CORRECTIONS, *BOUNDS, *FIXED, *DOCUMENTARY}


@pytest.mark.parametrize("rule", sorted(CORRECTIONS))
def test_a_corrected_rule_changes_the_games(tmp_path: Path, rule: str) -> None:
    """A rule the game reads: corrected, the same seeds and choices play other games."""
    folder = corrected(tmp_path, rule, CORRECTIONS[rule])
    assert digests(data=str(folder)) != digests()


def test_corrected_die_faces_change_the_games(tmp_path: Path) -> None:
    """seed 002 "Pay Day Die": how many sides show each face is designed (rules.toml): three
    Buyer sides and one Bargain side play other games."""
    folder = data_edits.copy_data(DATA, tmp_path)
    data_edits.edit(folder, "rules.toml", 'face = "buyer"\ncount = 2', 'face = "buyer"\ncount = 3')
    data_edits.edit(folder, "rules.toml", 'face = "bargain"\ncount = 2',
                    'face = "bargain"\ncount = 1')
    assert digests(data=str(folder)) != digests()


@pytest.mark.parametrize("rule", sorted(FIXED))
def test_a_fixed_rule_is_refused_with_a_clear_error(tmp_path: Path, rule: str) -> None:
    """seed 002 "Loans": "in increments of $1,000"; the action `repay 1000` names the step,
    so a data folder with another is refused by the loader, not by the action space."""
    folder = corrected(tmp_path, rule, FIXED[rule])
    with pytest.raises(motherlode.DataError, match=rf"\[{rule}\]: field 'value' must be"):
        load_components(folder)


@pytest.mark.parametrize("rule", sorted(BOUNDS))
def test_corrected_month_bounds_bound_the_option(tmp_path: Path, rule: str) -> None:
    """min_months and max_months bound the `months` option (seed "Set It Up!": "choose how many
    months you'll play")."""
    value, refused = BOUNDS[rule]
    folder = str(corrected(tmp_path, rule, value))
    motherlode.load("payday", players=2, data="", months=refused)
    with pytest.raises(OptionError, match=f"months={refused} is not allowed"):
        motherlode.load("payday", players=2, data=folder, months=refused)


def test_documentary_rules_agree_with_the_code() -> None:
    """The rules only stated for people say what the code does: 2-4 players ("Contents"),
    two months by default ("first time, we recommend two"), $800 in the banker's bills."""
    rules = load_components().rules
    assert (rules.min_players, rules.max_players) == (PayDay.min_players, PayDay.max_players)
    months = next(o for o in PayDay.option_specs() if o.name == "months")
    assert rules.months == months.default
    assert sum(rules.start_bills) == rules.start_money


def test_a_corrected_salary_is_collected_at_pay_day(tmp_path: Path) -> None:
    """seed 002 "PAY DAY!": "Collect $800"; a box that pays $900 pays $900."""
    folder = str(corrected(tmp_path, "salary", 900))
    for salary, options in ((800, {}), (900, {"data": folder})):
        state = new(2, **options)
        empty_hands(state)
        turn_at(state, 0, PAY_DAY - 2)
        script(state, 2)
        act(state, "roll")
        assert events(state, "pay day")[0]["salary"] == salary
        assert state.cash[0] == state.game.rules.start_money + salary


class _Read(dict[str, Any]):
    """A TOML table that notes which of its keys were read."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self.read.add(str(key))
        return super().__contains__(key)


def _noting(value: Any, tables: list[tuple[str, _Read]], where: str) -> Any:
    if isinstance(value, dict):
        table = _Read({k: _noting(v, tables, f"{where}.{k}") for k, v in value.items()})
        tables.append((where, table))
        return table
    if isinstance(value, list):
        return [_noting(v, tables, f"{where}[{i}]") for i, v in enumerate(value)]
    return value


def _unread(tables: list[tuple[str, _Read]]) -> Iterator[str]:
    """Each field of an entry (a value, not a table) that nothing read."""
    for where, table in tables:
        for key, value in table.items():
            if not isinstance(value, dict) and key not in table.read and key not in PROVENANCE:
                yield f"{where}.{key}"


def test_every_field_of_the_data_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every field of every entry in the five files is read by the loader (or says where the
    numbers come from: `PROVENANCE`): a misspelt field is not silently ignored."""
    tables: list[tuple[str, _Read]] = []
    loads = tomllib.loads
    monkeypatch.setattr(tomllib, "loads",
                        lambda text: _noting(loads(text), tables, "file"))
    load_components()
    assert len([t for t in tables if t[0] == "file"]) == len(FILES)
    assert list(_unread(tables)) == []
