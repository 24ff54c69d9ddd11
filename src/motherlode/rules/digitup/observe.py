"""A seat's view as a flat vector of numbers, for learning agents (`DigItUp.observe`).

Made from the view only (`view.view`), so it holds nothing the seat may not know. The layout
is documented on `DigItUp.observe`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import View

from .components import CHANCE_CARDS, KINDS, SITE_TILES, SITES
from .features import CELL_FEATURES, EMPTY_CELL, PICKAXE_AT, SITE_FEATURES, TOKEN_AT
from .phase import EMPTY, PHASES
from .schema import ScoreboardView, SiteView, is_digitup_view

if TYPE_CHECKING:
    from .box import DigItUpBox
    from .model import DigItUpModel


def observe(game: DigItUpBox, seen: View) -> list[float]:
    """A seat's view as a flat vector; the layout is `DigItUp.observe`'s docstring."""
    if not is_digitup_view(seen):
        raise ValueError(f"digitup cannot observe a view of {seen['game']}")
    out: list[float] = []
    seat = seen["seat"] if seen["seat"] is not None else 0
    n = game.num_players
    phase = PHASES.index(seen["phase"])
    out.extend(1.0 if i == phase else 0.0 for i in range(len(PHASES)))
    current = seen["current_player"]
    out.extend(1.0 if current == (seat + i) % n else 0.0 for i in range(game.max_players))
    out.append(seen["abandoned"] / len(SITES))
    out.append(seen["chance_deck"] / CHANCE_CARDS)
    out.append((seen["pending_token"] or 0) / 3)
    by_key = {s["site"]: s for s in seen["sites"]}
    for site in game.components.sites:
        out.extend(_site_features(game, by_key.get(site.key)))
    boards = seen["scoreboards"]
    for i in range(game.max_players):
        out.extend(_board_features(game, boards[(seat + i) % n] if i < n else None))
    mission: str | None = None
    dealt: set[str] = set()
    if seen["seat"] is not None:
        own = boards[seat]
        mission = own.get("mission")
        dealt = set(own.get("missions_dealt", ()))
    for m in game.components.missions:
        out.append(1.0 if m.id == mission else 0.0)
        out.append(1.0 if m.id in dealt else 0.0)
    return out


def _site_features(game: DigItUpBox, shown: SiteView | None) -> list[float]:
    if shown is None:
        return [0.0] * SITE_FEATURES
    pickaxe = shown["pickaxe"]
    out = [1.0 if shown["abandoned"] else 0.0, 1.0 if pickaxe is None else 0.0]
    fixed = game.tile_features
    for n, cell in enumerate(shown["tiles"]):
        start = len(out)
        if cell is None:
            out.extend(EMPTY_CELL)
        else:
            out.extend(fixed[cell["tile"]])
            if cell["token"]:
                out[start + TOKEN_AT] = cell["token"] / 3
        if pickaxe == n + 1:
            out[start + PICKAXE_AT] = 1.0
    return out


def _board_features(game: DigItUpBox, board: ScoreboardView | None) -> list[float]:
    size = len(KINDS) + 4 + len(game.components.chance)
    if board is None:
        return [0.0] * size
    out = [board["tiles"][k] / 10 for k in KINDS]
    out.append(board["money_tokens"] / 20)
    out.append(len(board["chance_used"]) / 10)
    out.append(board["closed_shop"] / 2)
    out.append(1.0 if board["mission_kept"] else 0.0)
    kept = board["chance_kept"]
    out.extend(float(kept.count(c.id)) for c in game.components.chance)
    return out


def observation_size(game: DigItUpBox) -> int:
    chance = len(game.components.chance)
    return (
        len(PHASES)
        + game.max_players
        + 3
        + len(game.components.sites) * SITE_FEATURES
        + game.max_players * (len(KINDS) + 4 + chance)
        + 2 * len(game.components.missions)
    )


# --- the fast path: the same vector straight from the state ----------------------------------
SITE_LOOKS_KEPT = 20_000  # sites' features kept on the game (by look) before starting afresh


def observe_state(state: DigItUpModel, seat: int) -> list[float]:
    """`observe(game, view(state, seat))`, the very same vector, read from the state without
    building the view (`State.observation`'s fast path; a test checks they are equal). It
    reads only what the seat's view shows: public tiles, boards and chance cards, and the
    seat's own missions."""
    game = state.game
    n = game.num_players
    out = [0.0] * len(PHASES)
    out[state.phase] = 1.0
    current = state.current_player
    out.extend(1.0 if current == (seat + i) % n else 0.0 for i in range(game.max_players))
    out.append(state.abandoned / len(SITES))
    out.append(len(state.deck) / CHANCE_CARDS)
    out.append((state.pending_token or 0) / 3)
    looks = game.site_features
    if len(looks) >= SITE_LOOKS_KEPT:
        looks.clear()
    board, tokens, pickaxe, left = state.board, state.tokens, state.pickaxe, state.left
    for s in range(len(game.sites)):
        base = s * SITE_TILES
        key = (s, left[s], pickaxe[s], *board[base : base + SITE_TILES],
               *tokens[base : base + SITE_TILES])
        features = looks.get(key)
        if features is None:
            features = looks[key] = tuple(_site_state(state, s))
        out.extend(features)
    unused_sites = len(game.components.sites) - len(game.sites)  # the simplified variation's
    out.extend([0.0] * (unused_sites * SITE_FEATURES))
    for i in range(game.max_players):
        out.extend(_board_state(state, (seat + i) % n) if i < n else _empty_board(game))
    own, dealt = state.mission[seat], state.dealt[seat]
    for m in range(len(game.components.missions)):
        out.append(1.0 if m == own else 0.0)
        out.append(1.0 if m in dealt else 0.0)
    return out


def _site_state(state: DigItUpModel, s: int) -> list[float]:
    game = state.game
    pickaxe = state.pickaxe[s]
    out = [1.0 if state.left[s] == 0 else 0.0, 1.0 if pickaxe == EMPTY else 0.0]
    fixed, text = game.tile_features, game.tile_text
    base = s * SITE_TILES
    for cell in range(SITE_TILES):
        tile = state.board[base + cell]
        if tile == EMPTY:
            out.extend(EMPTY_CELL)
            continue
        start = len(out)
        out.extend(fixed[text[tile]])
        token = state.tokens[base + cell]
        if token:
            out[start + TOKEN_AT] = token / 3
    if pickaxe != EMPTY:
        out[2 + pickaxe * CELL_FEATURES + PICKAXE_AT] = 1.0
    return out


def _board_state(state: DigItUpModel, p: int) -> list[float]:
    kinds = len(KINDS)
    out = [count / 10 for count in state.counts[p * kinds : p * kinds + kinds]]
    out.append(state.money[p] / 20)
    out.append(len(state.used[p]) / 10)
    out.append(state.closed_shop[p] / 2)
    out.append(1.0 if state.mission[p] != EMPTY else 0.0)
    start = len(out)
    out.extend([0.0] * len(state.game.components.chance))
    for c in state.kept[p]:
        out[start + c] += 1.0
    return out


def _empty_board(game: DigItUpBox) -> list[float]:
    return [0.0] * (len(KINDS) + 4 + len(game.components.chance))
