"""The observation vector's layout of one board space (`observe.py`), and each tile's fixed
part of it, made once per game (`DigItUpBox.tile_features`)."""

from __future__ import annotations

from collections.abc import Sequence

from .components import KINDS, SITE_TILES, Tile

CELL_FEATURES = len(KINDS) + 4  # kind one-hot, star, +2, token/3, pickaxe here
TOKEN_AT, PICKAXE_AT = len(KINDS) + 2, len(KINDS) + 3
SITE_FEATURES = 2 + SITE_TILES * CELL_FEATURES
EMPTY_CELL = (0.0,) * CELL_FEATURES
# The look a site's part of a numpy observation was last written from (tiles left, pickaxe,
# the site's tiles and tokens): a site that looks the same is not written again.
SitePart = tuple[int, int, list[int], list[int]]


def tile_features(tiles: Sequence[Tile]) -> dict[str, tuple[float, ...]]:
    """Each tile notation's fixed features (kind one-hot, star, +2)."""
    table = {}
    for tile in tiles:
        features = [0.0] * CELL_FEATURES
        features[tile.kind] = 1.0
        features[len(KINDS)] = 1.0 if tile.star else 0.0
        features[len(KINDS) + 1] = 1.0 if tile.plus2 else 0.0
        table[str(tile)] = tuple(features)
    return table
