"""Digging (seed 003, "How to play", "Special tiles and money tokens", "Abandoning a dig site").

A turn: call out a site, roll, move that site's pickaxe to the right over the remaining tiles
("skip empty spaces and move from tile to tile like stepping stones"), wrapping to the leftmost
tile, and collect the tile it lands on.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from . import chance
from .components import KINDS, SITE_TILES
from .log import Dug
from .phase import EMPTY, ON_LABEL, Phase
from .turn import end_turn

if TYPE_CHECKING:
    from .model import DigItUpModel

DIE_FACES = 6


def dig(state: DigItUpModel, site: int, compass: int) -> None:
    """Call out `site`, roll (or use a Compass for `compass` moves), collect, resolve."""
    seat = state.seat
    if compass:
        chance.use_compass(state, seat)
        move = compass
    elif state.game.keyed_rolls:
        # The roll of this site's next dig: the same in every game of the seed that digs it.
        move = state.keyed_rng("dig", site, state.left[site]).roll(DIE_FACES) + 1
    else:
        move = state.rng.roll(DIE_FACES) + 1
    space = landing_space(state.board, site, state.pickaxe[site], move)
    state.pickaxe[site] = space
    tile, token = collect(state, seat, site * SITE_TILES + space)
    state.left[site] -= 1
    game = state.game
    last_text: str | None = None
    if state.left[site] == 1:
        last_text = game.tile_text[abandon(state, site)]
        # Closing Shop: "the only mission card that is achieved during game play".
        state.closed_shop[seat] += 1
    chance_id: str | None = None
    chance_name: str | None = None
    if game.tile_star[tile] and state.deck:
        card = chance.draw(state, seat)
        chance_id, chance_name = game.chance_ids[card], game.chance_names[card]
    state.log.append((
        Dug, seat, game.site_keys[site], game.site_names[site], move, compass != 0, space + 1,
        game.tile_text[tile], game.plus2_won[tile], token, chance_id, chance_name, last_text,
    ))
    if state.phase != Phase.PLACE:
        end_turn(state)


def landing_space(board: list[int], site: int, pickaxe: int, move: int) -> int:
    """The space the pickaxe reaches after `move` steps from `pickaxe` (-1: the label).

    Each step goes to the next tile to the right, skipping empty spaces; past the last tile it
    continues from the leftmost one.
    """
    tiles, first = _stepping_stones(board, site, pickaxe)
    return tiles[(first + move - 1) % len(tiles)]


def landing_spaces(board: list[int], site: int, pickaxe: int, moves: int) -> list[int]:
    """`landing_space` for each move from 1 to `moves`, in order."""
    tiles, first = _stepping_stones(board, site, pickaxe)
    return [tiles[(first + move - 1) % len(tiles)] for move in range(1, moves + 1)]


def _stepping_stones(board: list[int], site: int, pickaxe: int) -> tuple[list[int], int]:
    """The site's spaces that hold a tile, and the index among them of the first step."""
    base = site * SITE_TILES
    tiles = [n for n in range(SITE_TILES) if board[base + n] != EMPTY]
    return tiles, bisect_right(tiles, pickaxe)


def collect(state: DigItUpModel, seat: int, cell: int) -> tuple[int, int]:
    """Take the tile at `cell` onto the player's scoreboard, with its "+2" and any token."""
    game = state.game
    tile = state.board[cell]
    state.board[cell] = EMPTY
    state.counts[seat * len(KINDS) + game.tile_kind[tile]] += 1
    if game.tile_plus2[tile]:
        state.money[seat] += game.components.bonuses.plus2
    token = state.tokens[cell]
    if token:
        state.tokens[cell] = 0
        chance.pay(state, seat, token)
    return tile, token


def abandon(state: DigItUpModel, site: int) -> int:
    """Abandon `site`: its last tile goes face down on the label, out of play, with the pickaxe
    laid on top of it. Returns the tile.

    Once the 8th site (5th with 2-3 players) is abandoned, the game ends after this turn.
    """
    base = site * SITE_TILES
    space = next(n for n in range(SITE_TILES) if state.board[base + n] != EMPTY)
    last = state.board[base + space]
    state.board[base + space] = EMPTY
    state.tokens[base + space] = 0
    state.left[site] = 0
    state.pickaxe[site] = ON_LABEL
    state.open_mask &= ~(1 << site)
    state.abandoned += 1
    if state.abandoned >= state.game.end_after:
        state.end_triggered = True
    return last
