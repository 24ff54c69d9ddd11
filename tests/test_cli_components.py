"""`--components FOLDER`: a user with the physical game plays with corrected component data."""

from __future__ import annotations

import shutil
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

import motherlode.rules.paydirt
from motherlode.cli.main import app
from motherlode.cli.scoresheet import sheet_table
from motherlode.engine import scoresheet

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


def test_the_score_sheet_is_drawn_with_units_tie_breaks_and_winners() -> None:
    """Issue 21 item 2: the terminal draws the view's score sheet as a table at the end."""
    sheet = scoresheet.sheet(
        "Final scores", final=True, columns=[scoresheet.column("cash", "Cash (tie-break)", "$")],
        total={"label": "Gold", "unit": "gold"}, parts=[[6000], [-250]], totals=[14, 14],
        ranks=[[14, 6000], [14, -250]], winners=[0],
        tie_breaks=["Seats 0 and 1 tied on 14 gold nuggets: seat 0 wins with the most money"])
    console = Console(width=80, record=True)
    console.print(sheet_table(sheet, lambda seat: f"player {seat}"))
    out = console.export_text()
    assert "$6,000" in out and "-$250" in out and "14 gold" in out and "1 ★" in out
    assert "Tie-break: Seats 0 and 1 tied on 14 gold nuggets" in out
