"""Dig It Up at the terminal: the renderer draws every phase from the view alone."""

from __future__ import annotations

import shutil
from pathlib import Path

from rich.console import Console

import motherlode
from motherlode.cli.render_digitup import render
from motherlode.rules import digitup

DATA = Path(digitup.__file__).parent / "data"


def test_digitup_renderer_draws_every_phase() -> None:
    game = motherlode.load("digitup", players=5)
    state = game.new_game(9)
    console = Console(record=True, width=100)
    seen: dict[str, str] = {}
    while not state.is_terminal:
        phase = state.view(0)["phase"]
        if phase not in seen:
            draw = Console(record=True, width=100)
            render(state.view(state.current_player), draw)
            seen[phase] = draw.export_text()
        state.apply(state.legal_actions()[-1])
    assert "Missions dealt to you" in seen["missions"]
    assert "Dig sites" in seen["dig"] and "Your mission" in seen["dig"]
    assert "money token" in seen["place"]  # seed 9 draws a token card
    render(state.view(0), console)
    render(state.view(None), console)
    text = console.export_text()
    assert "Dig sites" in text and "Money" in text and "Your mission" in text


def test_renderer_shows_the_names_of_the_loaded_data(tmp_path: Path) -> None:
    """A view describes itself: a mission renamed in a data folder is drawn by its new name."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    missions = data / "missions.toml"
    text = missions.read_text(encoding="utf-8")
    missions.write_text(text.replace('name = "Closing Shop"', 'name = "Shutters Down"'),
                        encoding="utf-8")
    game = motherlode.load("digitup", players=4, data=str(data))
    keep = game.parse_action("keep closing-shop")
    for seed in range(50):  # a game in which some seat is dealt Closing Shop and keeps it
        state = game.new_game(seed)
        keeper = None
        while not state.is_terminal:
            legal = state.legal_actions()
            if keep in legal:
                keeper = state.current_player
            state.apply(keep if keep in legal else legal[0])
        if keeper is not None:
            break
    assert keeper is not None
    for seat in (keeper, None):
        drawn = Console(record=True, width=120)
        render(state.view(seat), drawn)
        output = drawn.export_text()
        assert "Shutters Down" in output and "Closing Shop" not in output
