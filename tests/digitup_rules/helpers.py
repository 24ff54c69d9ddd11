"""Scenario helpers for Dig It Up rules tests: set a board, fix a die roll."""

from __future__ import annotations

import random

import motherlode
from motherlode.rules.digitup.components import KINDS, SITE_TILES, parse_tile
from motherlode.rules.digitup.game import DigItUp
from motherlode.rules.digitup.phase import EMPTY, Phase
from motherlode.rules.digitup.state import DigItUpState

SEED = "seed 003 (Dig It Up rulebook)"


class FixedDie(random.Random):
    """An RNG whose die rolls are the given faces, in order."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 0.5) / 6


def game(players: int = 4, **options: object) -> DigItUp:
    g = motherlode.load("digitup", players=players, **options)
    assert isinstance(g, DigItUp)
    return g


def playing(players: int = 4, seed: int = 1, **options: object) -> DigItUpState:
    """A new game past the mission choice: seat 0 is about to dig."""
    state = game(players, **options).new_game(seed)
    assert isinstance(state, DigItUpState)
    while state.phase == Phase.MISSIONS:
        state.apply(state.legal_actions()[0])
    return state


def set_site(state: DigItUpState, site: str, tiles: list[str | None]) -> int:
    """Lay `tiles` (tile notation, None for an empty space) on `site`; returns its index."""
    s = state.game.site_index[site]
    texts = state.game.tile_text
    for n, text in enumerate(tiles):
        cell = s * SITE_TILES + n
        if text is None:
            state.board[cell] = EMPTY
            continue
        tile = parse_tile("test", text)
        state.board[cell] = texts.index(str(tile)) if str(tile) in texts else _any(state, tile)
    state.left[s] = sum(t is not None for t in tiles)
    return s


def _any(state: DigItUpState, tile: object) -> int:
    raise AssertionError(f"no tile {tile} in this game's box")


def roll(state: DigItUpState, *faces: int) -> None:
    state.rng = FixedDie(*faces)


def tiles_of(state: DigItUpState, seat: int) -> dict[str, int]:
    n = len(KINDS)
    return dict(zip(KINDS, state.counts[seat * n : seat * n + n], strict=True))


def card(state: DigItUpState, card_id: str) -> int:
    return next(i for i, c in enumerate(state.game.components.chance) if c.id == card_id)
