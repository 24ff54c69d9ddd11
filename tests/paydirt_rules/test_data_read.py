"""The data is the truth (issue 22): every rule of Pay Dirt's `rules.toml` is read by the rules
or listed as documentary (and the loader checks that list), and a corrected data folder changes
the game it plays, the observation, the terminal and the bot.

Seeds: 000 "Components" ("10 workers of each color"), "Setup" ("set the temperature marker to
+15°C"); 001 setup 08 ("the other 5 form the reserve").
"""

from __future__ import annotations

import ast
import dataclasses
import io
import random
from pathlib import Path

import data_edits
import pytest
from rich.console import Console

import motherlode
from motherlode.bots.paydirt_heuristic import Numbers
from motherlode.cli import render_paydirt
from motherlode.rules.paydirt import PHASES, PayDirt, is_paydirt_view
from motherlode.rules.paydirt import components as data
from motherlode.rules.paydirt.components import DOCUMENTARY, Rules, load_components

DATA = Path(data.__file__).parent / "data"
PACKAGE = DATA.parent


def corrected(tmp_path: Path, file: str, *edits: tuple[str, str]) -> str:
    """A copy of the built-in data with `edits` made to `file`: its folder, as the `data`
    option takes it."""
    folder = data_edits.copy_data(DATA, tmp_path)
    for old, new in edits:
        data_edits.edit(folder, file, old, new)
    return str(folder)


def rule(name: str, old: int, new: int) -> tuple[str, str]:
    """The edit of one rule's value in rules.toml."""
    return f"[{name}]\nvalue = {old}\n", f"[{name}]\nvalue = {new}\n"


def random_game(game: PayDirt, seed: int) -> list[motherlode.State]:
    """Every position of a game played with seeded random actions."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    seen = [state.clone()]
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        seen.append(state.clone())
    return seen


def most_workers(positions: list[motherlode.State]) -> int:
    return max(b.workers for s in positions for b in getattr(s, "boards", ()))


# --- every rule is read or documentary ----------------------------------------------------------
def test_every_rule_not_documentary_is_read_by_the_rules() -> None:
    """A rule the code never reads would be silently ignored when a player corrects it."""
    read = {
        node.attr
        for path in PACKAGE.glob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute)
    }
    rules = {f.name for f in dataclasses.fields(Rules)}
    assert set(DOCUMENTARY) <= rules
    assert sorted(rules - set(DOCUMENTARY) - read) == []


def test_the_loader_checks_the_documentary_list(tmp_path: Path) -> None:
    data_edits.check_bad_edit(load_components, data_edits.copy_data(DATA, tmp_path),
                              "rules.toml", '"nuggets_per_bar"]', "]",
                              "'documentary' must list the rules the code does not read")


def test_more_than_one_upgrade_of_a_kind_is_refused_not_ignored(tmp_path: Path) -> None:
    """000 "2) Work": "a player may have only 1 upgrade of each of the two kinds": a board has
    one space per kind, so a corrected number is an error, not silently ignored."""
    data_edits.check_bad_edit(load_components, data_edits.copy_data(DATA, tmp_path),
                              "rules.toml", *rule("upgrades_per_kind", 1, 2),
                              r"\[upgrades_per_kind\]: field 'value' must be an integer 1..1")


def test_a_documentary_rule_changes_nothing(tmp_path: Path) -> None:
    """Gold bars are change for nuggets: 4 nuggets a bar plays the same game."""
    folder = corrected(tmp_path, "rules.toml", rule("nuggets_per_bar", 5, 4))
    built_in = random_game(PayDirt(players=3), 5)[-1]
    bars_of_4 = random_game(PayDirt(players=3, data=folder), 5)[-1]
    assert built_in.digest() == bars_of_4.digest()


# --- a corrected folder plays another game ------------------------------------------------------
def test_the_reserve_caps_the_workers_a_specialist_brings(tmp_path: Path) -> None:
    """000 Components: "10 workers of each color"; 001 setup 08: 5 start in play, "the other 5
    form the reserve", from which a specialist's workers come. A box without a reserve: the
    same seeded games never go above the 5 workers in play."""
    folder = corrected(tmp_path, "rules.toml", rule("reserve_workers", 5, 0))
    seed = next(s for s in range(20) if most_workers(random_game(PayDirt(players=4), s)) > 5)
    without = random_game(PayDirt(players=4, data=folder), seed)
    assert most_workers(without) == 5
    assert without[-1].digest() != random_game(PayDirt(players=4), seed)[-1].digest()


def test_the_start_temperature_is_read_by_setup_view_observation_and_terminal(
    tmp_path: Path,
) -> None:
    """000 Setup: "set the temperature marker to +15°C": a box printed at +10 starts there,
    the observation scales by it, and the terminal's thermometer tops out at it."""
    game = PayDirt(players=2, data=corrected(tmp_path, "rules.toml",
                                             rule("start_temperature", 15, 10)))
    state = game.new_game(1)
    view = state.view(0)
    assert is_paydirt_view(view)
    assert (state.temperature, view["start_temperature"]) == (10, 10)
    assert game.max_rounds == PayDirt().max_rounds - 5 == 11
    temperature = len(PHASES) + 2 * game.max_players  # after the phase and two seat one-hots
    assert game.observe(view)[temperature] == 1.0  # temperature / start temperature
    assert PayDirt(players=2).observe(PayDirt(players=2).new_game(1).view(0))[temperature] == 1.0
    console = Console(record=True, width=100, file=io.StringIO())
    render_paydirt.render(view, console)
    assert "▏+10" in console.export_text()
    assert all(s.round <= game.max_rounds for s in random_game(game, 3))  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [2, 4])
def test_the_built_in_observation_scales_are_unchanged(players: int) -> None:
    """The scales now read from the data are the numbers written before: +15 °C, 16 rounds."""
    game = PayDirt(players=players)
    assert (game.components.rules.start_temperature, game.max_rounds) == (15, 16)


def test_the_bot_reads_the_ore_means_from_the_data(tmp_path: Path) -> None:
    """The heuristic plans with each ore type's mean value as the data defines it (poor 3.0
    built in; 3.2 when 4 of the 2-nugget poor tiles are 3-nugget ones)."""
    assert Numbers.of(PayDirt()).ore_mean == {"poor": 3.0, "medium": 4.0, "rich": 5.0}
    folder = corrected(tmp_path, "ore.toml", ("value = 2\ncount = 6", "value = 2\ncount = 2"),
                       ("value = 3\ncount = 8", "value = 3\ncount = 12"))
    numbers = Numbers.of(PayDirt(data=folder))
    assert numbers.ore_mean["poor"] == pytest.approx(3.2)
    assert (numbers.max_workers, numbers.nugget, numbers.repair) == (10, 3000, 2)
