"""Data is the truth (issue 22): every field of Dig It Up's component data is read by the rules
or written for people only (`components.DOCUMENTARY`), and a corrected data folder changes the
game it loads."""

from __future__ import annotations

import random
import re
from pathlib import Path

import data_edits
import pytest

import motherlode
from motherlode.rules import digitup
from motherlode.rules.digitup import Dug
from motherlode.rules.digitup.components import DOCUMENTARY, READ, load_components

DATA = Path(digitup.__file__).parent / "data"
FILES = {"site": "sites.toml", "card": "chance.toml", "mission": "missions.toml",
         "set": "scoring.toml", "bonus": "scoring.toml"}
#: For each field the rules read, the first such line of its file written another way.
READ_EDITS = {
    ("site", "letter"): '"K"',
    ("site", "name"): '"Alps"',
    ("site", "tiles"): '["stone", "gold", "gold+2", "crystal", "ruby", "scroll*", "statue"]',
    ("card", "id"): '"lucky-penny"',
    ("card", "name"): '"Lucky Penny"',
    ("card", "colour"): '"orange"',
    ("card", "effect"): '"flat"',
    ("card", "value"): "3",
    ("card", "kind"): '"ruby"',
    ("card", "count"): "7",
    ("card", "small_game"): "true",
    ("mission", "id"): '"all-trades"',
    ("mission", "name"): '"All Trades"',
    ("mission", "condition"): '"at_most"',
    ("mission", "types"): '["gold"]',
    ("mission", "count"): "2",
    ("mission", "bonus"): "25",
    ("mission", "small_game"): "true",
    ("set", "type"): '"ruby"',
    ("set", "sizes"): "[[3, 99, 5]]",
    ("bonus", "trinity"): "12",
    ("bonus", "bundle_size"): "4",
    ("bonus", "bundle"): "6",
    ("bonus", "plus2"): "3",
    ("bonus", "simplified_set_size"): "5",
    ("bonus", "simplified_set"): "11",
    ("bonus", "simplified_single"): "2",
}
DOCUMENTARY_EDITS = {
    ("site", "source"): '"reference"',
    ("site", "reason"): '"Chosen another way."',
    ("set", "note"): '"A remark."',
}


def edit_field(folder: Path, file: str, field: str, new: str) -> None:
    """Give the first `field = ...` line of `file` the value `new`."""
    path = folder / file
    text = path.read_text(encoding="utf-8")
    line = re.compile(rf"^{field} = .*$", re.MULTILINE)
    assert line.search(text), f"no {field} in {file}"
    path.write_text(line.sub(f"{field} = {new}", text, count=1), encoding="utf-8")


def test_every_field_of_the_data_is_listed_as_read_or_documentary() -> None:
    """The edits below cover every field the loader allows, each once."""
    assert set(READ_EDITS) == {(table, f) for table, fields in READ.items() for f in fields}
    assert {f for _, f in DOCUMENTARY_EDITS} == set(DOCUMENTARY)


@pytest.mark.parametrize(("table", "field"), sorted(READ_EDITS))
def test_a_field_the_rules_read_changes_the_components(tmp_path: Path, table: str,
                                                        field: str) -> None:
    """Correcting a field the rules read changes what is loaded, or is refused with the
    field's reason: never silently ignored."""
    folder = data_edits.copy_data(DATA, tmp_path)
    edit_field(folder, FILES[table], field, READ_EDITS[table, field])
    try:
        corrected = load_components(folder)
    except motherlode.DataError:
        return
    assert corrected != load_components(DATA)


@pytest.mark.parametrize(("table", "field"), sorted(DOCUMENTARY_EDITS))
def test_a_documentary_field_changes_nothing_the_rules_read(tmp_path: Path, table: str,
                                                            field: str) -> None:
    folder = data_edits.copy_data(DATA, tmp_path)
    edit_field(folder, FILES[table], field, DOCUMENTARY_EDITS[table, field])
    assert load_components(folder) == load_components(DATA)


def test_an_unknown_field_is_refused(tmp_path: Path) -> None:
    """A field the rules do not read and that is not documentary is an error naming it (a
    misspelt `plus_2` would otherwise leave the game as it was)."""
    folder = data_edits.copy_data(DATA, tmp_path)
    data_edits.check_bad_edit(load_components, folder, "scoring.toml", "plus2 = 2",
                              "plus2 = 2\nplus_2 = 3", "unknown field 'plus_2'")


def test_a_corrected_plus2_pays_in_a_seeded_game(tmp_path: Path) -> None:
    """"+2" tiles: "take 2 won" (scoring.toml `plus2`). Played with the same seed and the same
    choices, a box corrected to 3 pays 3 for every "+2" tile dug, and no seat ends poorer."""
    folder = data_edits.copy_data(DATA, tmp_path)
    edit_field(folder, "scoring.toml", "plus2", "3")
    states = []
    for data in ("", str(folder)):
        state = motherlode.load("digitup", players=3, data=data).new_game(5)
        rng = random.Random(5)
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
    built_in, corrected = states
    assert [str(a) for a in built_in.history] == [str(a) for a in corrected.history]
    paid = [[e.plus2 for e in s.events() if isinstance(e, Dug) and e.plus2] for s in states]
    assert paid[0] and set(paid[0]) == {2} and paid[1] == [3] * len(paid[0])
    assert all(b >= a for a, b in zip(built_in.scores(), corrected.scores(), strict=True))
    assert built_in.scores() != corrected.scores()
