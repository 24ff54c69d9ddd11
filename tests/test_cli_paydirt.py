"""Pay Dirt at the terminal: the renderer draws every seat's view through every phase, from
the view alone; the log's events carry their own sentences."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import motherlode
from motherlode.cli import render_paydirt
from motherlode.cli.render import drawing_for
from motherlode.rules.paydirt.log import Bought, PlacementsRevealed


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_paydirt_renderer_draws_every_seat_through_every_phase(players: int, seed: int) -> None:
    assert drawing_for("paydirt") is render_paydirt.render
    game = motherlode.load("paydirt", players=players)
    state = game.new_game(seed)
    rng = random.Random(seed)
    phases: set[str] = set()
    hand_shown = placements_hidden = False
    while True:
        for seat in [*range(players), None]:
            view = state.view(seat)
            phases.add(view["phase"])
            draw = Console(record=True, width=100, file=io.StringIO())
            render_paydirt.render(view, draw)
            text = draw.export_text()
            assert "Pay Dirt" in text and f"round {view['round']}" in text
            assert "Auction area" in text and "cash $" in text and "excavator" in text
            assert "wash plant" in text or "wash-plant" in text
            assert max(len(line) for line in text.splitlines()) <= 100
            if seat is not None:
                assert "you" in text
            if view["phase"] == "purchase":
                assert "Purchase decision" in text
            if view["phase"] == "choose":
                assert "Card decision" in text
            if view["draft"] is not None:
                assert "Events draft" in text
                hand_shown = hand_shown or "your hand" in text
            if view["work"] is not None and not view["work"]["revealed"] and seat is not None:
                placements_hidden = placements_hidden or "hidden until" in text
            if view["phase"] == "over":
                assert "game over" in text
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert phases == {"auction", "purchase", "work_place", "work", "events", "choose", "over"}
    assert hand_shown and placements_hidden
    assert Bought(0, "claim-4", "claim 4", 9000).text() == "wins claim 4 for $9,000"
    placed = PlacementsRevealed(1, ("excavator", "buy"), (2, 1))
    assert placed.text() == "placed workers: excavator x2, buy x1"
