"""`motherlode sweep`: one number of a game's data at several values, on the same seeds."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from motherlode.cli.main import app
from motherlode.engine import OptionError, description
from motherlode.sim.sweep import DataField, field_value, sweep, toml_text, write_variant

runner = CliRunner()
FIELD = "missions.mission.closing-shop.bonus"


@pytest.mark.parametrize(
    ("field", "named"),
    [
        ("missions.mission.closing-shops.bonus", "'closing-shops'"),
        ("missions.mission.closing-shop.bonsu", "'bonsu'"),
        ("mission.mission.closing-shop.bonus", "mission.toml"),
        ("missions.mission.closing-shop.name", "not a number"),
        ("missions", "FILE.KEY"),
    ],
)
def test_a_bad_field_path_names_the_field(field: str, named: str) -> None:
    with pytest.raises(OptionError) as err:
        sweep("digitup", 2, field, "1,2", options={"players": 3})
    assert named in str(err.value)


def test_a_bad_field_on_the_command_line_is_one_line_and_status_2() -> None:
    result = runner.invoke(app, ["sweep", "paydirt", "--field", "rules.incom.value",
                                 "--values", "1000,2000", "-n", "2"])
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("motherlode: error: ") and "'incom'" in line


def test_values_take_the_fields_type() -> None:
    with pytest.raises(OptionError, match="whole number"):
        sweep("digitup", 2, FIELD, "8,8.5", options={"players": 3})
    with pytest.raises(OptionError, match="at least two"):
        sweep("digitup", 2, FIELD, "8", options={"players": 3})


def test_the_same_seed_gives_the_same_sweep_rows() -> None:
    runs = [sweep("digitup", 6, FIELD, "8,30", bots=["greedy"], seed=5, options={"players": 3})
            for _ in range(2)]
    assert runs[0].rows() == runs[1].rows()
    assert [p.value for p in runs[0].points] == [8, 30]
    assert runs[0].current == 8
    first = runs[0].points[0]
    assert all(s.win_rate.diff == 0 and s.score.diff == 0 for s in first.seats)
    assert len(runs[0].rows()) == 2 * 3


def test_a_variant_changes_that_one_number_and_nothing_else(tmp_path: Path) -> None:
    described = description("digitup")
    assert described is not None and described.data is not None
    source = resources.files(described.data)
    field = DataField.parse(FIELD)
    folder = write_variant(source, field, 30, tmp_path / "v")
    changed = tomllib.loads((folder / "missions.toml").read_text(encoding="utf-8"))
    before = tomllib.loads(source.joinpath("missions.toml").read_text(encoding="utf-8"))
    assert field_value(changed, field) == 30 and field_value(before, field) == 8
    changed["mission"][1]["bonus"] = 8
    assert changed == before
    assert (folder / "sites.toml").read_text(encoding="utf-8") == \
        source.joinpath("sites.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", ["paydirt", "payday", "digitup", "saboteur"])
def test_every_data_file_is_written_back_as_it_was_read(game: str) -> None:
    described = description(game)
    assert described is not None and described.data is not None
    for item in resources.files(described.data).iterdir():
        if item.name.endswith(".toml"):
            document = tomllib.loads(item.read_text(encoding="utf-8"))
            assert tomllib.loads(toml_text(document)) == document
