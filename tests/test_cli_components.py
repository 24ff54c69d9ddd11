"""`--components FOLDER`: a user with the physical game plays with corrected component data."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

import motherlode.rules.paydirt
from motherlode.cli.main import app

runner = CliRunner()


def test_play_with_corrected_components(tmp_path: Path) -> None:
    source = Path(motherlode.rules.paydirt.__file__).parent / "data"
    data = tmp_path / "data"
    shutil.copytree(source, data)
    rules = data / "rules.toml"
    rules.write_text(rules.read_text().replace("value = 9000", "value = 12000", 1))
    result = runner.invoke(
        app, ["play", "paydirt", "--players", "2", "--seed", "1", "--components", str(data)],
        input="quit\n", env={"COLUMNS": "100"},
    )
    assert result.exit_code == 0, result.output
    assert "12,000" in result.stdout or "12000" in result.stdout


def test_components_given_twice_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["simulate", "paydirt", "--components", str(tmp_path), "--option", f"data={tmp_path}"]
    )
    assert result.exit_code == 2
    assert "data given twice" in result.output
