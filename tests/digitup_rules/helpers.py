"""Scenario helpers for Dig It Up rules tests: set a board, fix a die roll."""

from __future__ import annotations

import random
from typing import TypeVar

import motherlode
from motherlode.engine.position import replace
from motherlode.rules.digitup.components import KINDS, SITE_TILES, parse_tile
from motherlode.rules.digitup.game import DigItUp
from motherlode.rules.digitup.phase import EMPTY, Phase
from motherlode.rules.digitup.state import DigItUpState

SEED = "seed 003 (Dig It Up rulebook)"

T = TypeVar("T")


class FixedDie(random.Random):
    """An RNG whose die rolls are the given faces, in order."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def random(self) -> float:
        return (self.faces.pop(0) - 0.5) / 6

    def roll(self, faces: int) -> int:
        """`StateRng.roll`: the die the rules roll."""
        return int(self.random() * faces)


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
    board = list(state.board)
    for n, text in enumerate(tiles):
        tile = None if text is None else str(parse_tile("test", text))
        if tile is not None and tile not in texts:
            raise AssertionError(f"no tile {tile} in this game's box")
        board[s * SITE_TILES + n] = EMPTY if tile is None else texts.index(tile)
    replace(state, board=board, left=at(state.left, s, sum(t is not None for t in tiles)))
    return s


def at(values: list[T], where: int | slice, new: object) -> list[T]:
    """A copy of `values` with `values[where] = new`: a field's new value for `replace`."""
    copy = list(values)
    copy[where] = new  # type: ignore[index, assignment]
    return copy


def roll(state: DigItUpState, *faces: int) -> None:
    state.rng = FixedDie(*faces)


def tiles_of(state: DigItUpState, seat: int) -> dict[str, int]:
    n = len(KINDS)
    return dict(zip(KINDS, state.counts[seat * n : seat * n + n], strict=True))


def card(state: DigItUpState, card_id: str) -> int:
    return next(i for i, c in enumerate(state.game.components.chance) if c.id == card_id)
