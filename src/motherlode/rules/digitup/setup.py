"""Game set-up (seed 003, "Game set-up" 1-6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import STONE
from .log import MissionKept
from .phase import Phase

if TYPE_CHECKING:
    from .model import DigItUpModel

MISSIONS_DEALT = 3


def set_up(state: DigItUpModel) -> None:
    """Lay out the sites, shuffle the chance deck, deal 3 missions to each player."""
    game = state.game
    rng = state.rng
    state.money[-1] += game.last_seat_money
    for s, tiles in enumerate(game.site_tiles):
        place_site(state, s, tiles, rng.sample(range(7), 7))
    if game.simplified:
        # Simplified variation: no mission or chance cards.
        state.phase = Phase.DIG
        state.turn = 1
        return
    state.deck = list(game.chance_deck)
    rng.shuffle(state.deck)
    pool = list(game.mission_pool)
    rng.shuffle(pool)
    for p in range(game.num_players):
        state.dealt[p] = tuple(pool[p * MISSIONS_DEALT : (p + 1) * MISSIONS_DEALT])


def place_site(state: DigItUpModel, site: int, tiles: tuple[int, ...], order: list[int]) -> None:
    """Set-up 2: the site's 7 tiles face up in `order`, then its stone swapped to the front.

    "Swap the stone tile from each dig site with the leftmost treasure tile located in that
    same dig site": the stone takes space 1, the tile that was there takes the stone's space.
    """
    row = [tiles[i] for i in order]
    kinds = state.game.tile_kind
    stone_at = next(i for i, t in enumerate(row) if kinds[t] == STONE)
    row[0], row[stone_at] = row[stone_at], row[0]
    state.board[site * 7 : site * 7 + 7] = row


def keep_mission(state: DigItUpModel, mission: int) -> None:
    """Set-up 6: the player keeps `mission` and returns the other two to the box."""
    state.mission[state.seat] = mission
    game = state.game
    state.log.append(
        (MissionKept, state.seat, game.mission_ids[mission], game.mission_names[mission])
    )
    if state.seat + 1 < game.num_players:
        state.seat += 1
        return
    # "The oldest player goes first": seat 0 starts the first turn.
    state.phase = Phase.DIG
    state.seat = 0
    state.turn = 1
