"""A seat's view as a flat vector of numbers, for learning agents (`DigItUp.observe`).

Made from the view only (`view.view`), so it holds nothing the seat may not know. The layout
is documented on `DigItUp.observe`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from motherlode.engine import View

from .components import CHANCE_CARDS, KINDS, SITE_TILES, SITES
from .features import CELL_FEATURES, EMPTY_CELL, PICKAXE_AT, SITE_FEATURES, TOKEN_AT, SitePart
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
    if board is None:
        return [0.0] * _board_size(game)
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
def observe_state(state: DigItUpModel, seat: int) -> list[float]:
    """`observe(game, view(state, seat))`, the very same vector, read from the state without
    building the view (`State.observation`'s fast path; a test checks they are equal): zeros,
    then what `fill` writes."""
    out = [0.0] * observation_size(state.game)
    fill(state, seat, out, None)
    return out


def observe_into(state: DigItUpModel, seat: int, out: Any) -> None:
    """`observe_state` written into `out`, a buffer of zeros (`State.observe_into`, the
    adapters' fast path); a site that looks as it did when last written is copied from then
    (`DigItUpBox.site_parts`, numpy only; one dig changes one site)."""
    fill(state, seat, out, None if isinstance(out, list) else state.game.site_parts)


def fill(state: DigItUpModel, seat: int, out: Any, kept: list[SitePart | None] | None) -> None:
    """The observation written into `out`, a buffer of zeros (a list, or a numpy array with
    the sites' parts `kept`): only the numbers that may not be zero. It reads only what the
    seat's view shows: public tiles, boards and chance cards, and the seat's own missions."""
    game = state.game
    n, p_max = game.num_players, game.max_players
    out[state.phase] = 1.0
    at = len(PHASES)
    current = state.current_player
    if current is not None:  # 1.0 at every place i with (seat + i) % n == current
        for i in range((current - seat) % n, p_max, n):
            out[at + i] = 1.0
    at += p_max
    out[at] = state.abandoned / len(SITES)
    out[at + 1] = len(state.deck) / CHANCE_CARDS
    if state.pending_token:
        out[at + 2] = state.pending_token / 3
    at += 3
    if kept is None:
        for s in range(len(game.sites)):
            _site_state(state, s, out, at + s * SITE_FEATURES)
    else:
        _sites_kept(state, out, at, kept)
    at += len(game.sites) * SITE_FEATURES
    at += (len(game.components.sites) - len(game.sites)) * SITE_FEATURES  # the simplified's
    size = _board_size(game)
    for i in range(min(n, p_max)):
        _board_state(state, (seat + i) % n, out, at + i * size)
    at += p_max * size
    own = state.mission[seat]
    if own != EMPTY:
        out[at + 2 * own] = 1.0
    for m in state.dealt[seat]:
        out[at + 2 * m + 1] = 1.0


def _sites_kept(state: DigItUpModel, out: Any, at: int, kept: list[SitePart | None]) -> None:
    """Every site's `_site_state` from `at`: the sites' numbers as last written
    (`DigItUpBox.site_block`), where each site that does not look as it did then is written
    again, copied in one go."""
    game = state.game
    size = len(kept) * SITE_FEATURES
    block = game.site_block
    if block is None:  # `out` is zeros: every site is written below
        block = game.site_block = out[at : at + size].copy()
    board, tokens, left, pickaxe = state.board, state.tokens, state.left, state.pickaxe
    base = place = 0
    for s, part in enumerate(kept):
        tiles = board[base : base + SITE_TILES]
        dropped = tokens[base : base + SITE_TILES]
        if (part is None or part[0] != left[s] or part[1] != pickaxe[s]
                or part[2] != tiles or part[3] != dropped):
            block[place : place + SITE_FEATURES] = 0.0
            _site_state(state, s, block, place)
            kept[s] = (left[s], pickaxe[s], tiles, dropped)
        place, base = place + SITE_FEATURES, base + SITE_TILES
    out[at : at + size] = block


def _site_state(state: DigItUpModel, s: int, out: Any, at: int) -> None:
    """`_site_features` of site `s` written from `at` (nonzero numbers only)."""
    if state.left[s] == 0:
        out[at] = 1.0
    pickaxe = state.pickaxe[s]
    if pickaxe == EMPTY:
        out[at + 1] = 1.0
    else:
        out[at + 2 + pickaxe * CELL_FEATURES + PICKAXE_AT] = 1.0
    board, tokens, nonzero = state.board, state.tokens, state.game.tile_nonzero
    at += 2
    for cell in range(s * SITE_TILES, (s + 1) * SITE_TILES):
        tile = board[cell]
        if tile != EMPTY:
            for i, value in nonzero[tile]:
                out[at + i] = value
            if tokens[cell]:
                out[at + TOKEN_AT] = tokens[cell] / 3
        at += CELL_FEATURES


def _board_state(state: DigItUpModel, p: int, out: Any, at: int) -> None:
    """`_board_features` of seat `p`'s scoreboard written from `at` (nonzero numbers only)."""
    start = p * KIND_COUNT
    for k, count in enumerate(state.counts[start : start + KIND_COUNT], at):
        if count:
            out[k] = count / 10
    at += KIND_COUNT
    money, used, closed = state.money[p], state.used[p], state.closed_shop[p]
    if money:
        out[at] = money / 20
    if used:
        out[at + 1] = len(used) / 10
    if closed:
        out[at + 2] = closed / 2
    if state.mission[p] != EMPTY:
        out[at + 3] = 1.0
    at += 4
    for c in state.kept[p]:
        out[at + c] += 1.0


KIND_COUNT = len(KINDS)


def _board_size(game: DigItUpBox) -> int:
    return len(KINDS) + 4 + len(game.components.chance)
