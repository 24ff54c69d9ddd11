"""Chance cards and money tokens (seed 003, "Special tiles and money tokens", "Chance cards").

A star draws a chance card, revealed to all. Grey cards act at once; orange cards are kept
beside the scoreboard and can be used from the owner's next turn (a Compass), or count at the
end (a card that is a tile, or one that changes the money calculation). Strike Gold and
Hazardous Area put a money token on a board tile that has none; whoever digs that tile takes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import Action

from .components import SITE_TILES
from .log import TokenPlaced
from .phase import EMPTY, Phase
from .turn import end_turn

if TYPE_CHECKING:
    from .model import DigItUpModel


def draw(state: DigItUpModel, seat: int) -> int:
    """Draw the top chance card for `seat` and resolve or keep it; returns the card type."""
    card_id = state.deck.pop()
    card = state.game.components.chance[card_id]
    state.drawn[seat] += 1
    if card.orange:
        state.kept[seat].append(card_id)
        return card_id
    state.used[seat].append(card_id)
    if card.effect == "money":
        pay(state, seat, card.value)
    elif has_free_tile(state):  # "token": a tile for it must exist, else the card does nothing
        state.pending_token = card.value
        state.phase = Phase.PLACE
    return card_id


def pay(state: DigItUpModel, seat: int, value: int) -> None:
    """Add `value` won in money tokens (a loss never takes a player below zero)."""
    state.money[seat] = max(0, state.money[seat] + value)


def use_compass(state: DigItUpModel, seat: int) -> None:
    """Spend a kept Compass: it moves to the used cards, face down."""
    compass = state.game.compass_card
    state.kept[seat].remove(compass)
    state.used[seat].append(compass)


def has_free_tile(state: DigItUpModel) -> bool:
    board, tokens = state.board, state.tokens
    return any(board[c] != EMPTY and not tokens[c] for c in range(len(board)))


def place_actions(state: DigItUpModel) -> list[Action]:
    """Where the pending token may go: any tile on the board without a token."""
    board, tokens = state.board, state.tokens
    place = state.game.place_actions
    return [place[c] for c in range(len(board)) if board[c] != EMPTY and not tokens[c]]


def place_token(state: DigItUpModel, site: int, space: int) -> None:
    """Put the pending token on the tile at `space` of `site`; the turn then ends."""
    cell = site * SITE_TILES + space
    game = state.game
    state.tokens[cell] = state.pending_token
    state.log.append((
        TokenPlaced, state.seat, game.site_keys[site], game.site_names[site], space + 1,
        game.tile_text[state.board[cell]], state.pending_token,
    ))
    state.pending_token = 0
    end_turn(state)
