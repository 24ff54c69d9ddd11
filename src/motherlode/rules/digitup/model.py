"""A Dig It Up position, every field declared once (seed 003, "Components" and "Game set-up").

The board is flat for cheap copies: space `site * 7 + n` holds a tile number (an index into
the tiles of the sites in play: `game.tile_kind`, `game.tile_text` ...) or EMPTY, and `tokens`
holds the money token lying on that space (0: none). Per-player lists are by seat; `counts` is
flat too: `counts[seat * len(KINDS) + kind]` tiles of that kind on a player's scoreboard.

Each field's kind says how `clone` copies it and how the snapshot saves and reads it back
(`engine/position.py`); the saved keys are the fields' names. The rule modules import this
model, never the state facade (`state.py`), so the package's imports have no cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine.position import Position, enum, items, rows, tuples, value

from .components import KINDS, SITE_TILES
from .phase import EMPTY, ON_LABEL, Phase

if TYPE_CHECKING:
    from .box import DigItUpBox


class DigItUpModel(Position):
    """Where every tile, pickaxe, token and card is, and whose decision it is."""

    phase: Phase = enum(Phase)
    seat: int = value()  # whose decision it is (the current player unless the game is over)
    turn: int = value()  # 0 while missions are kept; the first dig is turn 1
    board: list[int] = items()  # by space: a tile number, or EMPTY
    tokens: list[int] = items()  # by space: the money token lying there (0: none)
    pickaxe: list[int] = items()  # by site: the space of its pickaxe, or ON_LABEL
    left: list[int] = items()  # by site: tiles left (0: abandoned)
    open_mask: int = value(saved=False)  # bit s set while site s is open: rebuilt from `left`
    abandoned: int = value()  # sites abandoned so far
    end_triggered: bool = value()  # the game-ending site was abandoned: this turn is the last
    counts: list[int] = items()  # by seat and kind: tiles on the scoreboard
    money: list[int] = items()  # by seat: money tokens (won)
    kept: list[list[int]] = rows()  # by seat: orange chance cards kept (card types)
    used: list[list[int]] = rows()  # by seat: chance cards used (card types)
    drawn: list[int] = items()  # by seat: chance cards drawn in all
    dealt: list[tuple[int, ...]] = tuples()  # by seat: the 3 missions dealt
    mission: list[int] = items()  # by seat: the mission kept, or EMPTY
    closed_shop: list[int] = items()  # by seat: sites the player made abandoned
    deck: list[int] = items()  # the chance deck, drawn from the end
    pending_token: int = value()  # won of the Strike Gold / Hazardous Area token to place

    game: DigItUpBox

    def __init__(self, game: DigItUpBox, seed: int) -> None:
        """The box before set-up: every site full of empty spaces, pickaxes on their labels,
        empty scoreboards, no cards."""
        super().__init__(game, seed)
        n = game.num_players
        sites = len(game.sites)
        self.phase = Phase.MISSIONS
        self.seat = 0
        self.turn = 0
        self.board = [EMPTY] * (sites * SITE_TILES)
        self.tokens = [0] * (sites * SITE_TILES)
        self.pickaxe = [ON_LABEL] * sites
        self.left = [SITE_TILES] * sites
        self.open_mask = (1 << sites) - 1
        self.abandoned = 0
        self.end_triggered = False
        self.counts = [0] * (n * len(KINDS))
        self.money = [0] * n
        self.kept = [[] for _ in range(n)]
        self.used = [[] for _ in range(n)]
        self.drawn = [0] * n
        self.dealt = [() for _ in range(n)]
        self.mission = [EMPTY] * n
        self.closed_shop = [0] * n
        self.deck = []
        self.pending_token = 0

    def _rebuild(self) -> None:
        """The open sites' mask, from the tiles left on each."""
        self.open_mask = sum(1 << s for s, left in enumerate(self.left) if left)
