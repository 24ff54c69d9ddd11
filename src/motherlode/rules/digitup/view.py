"""What each seat may know of a Dig It Up game: its information set, and nothing else.

Public: every face-up tile, pickaxe and token; every player's scoreboard, money tokens and
chance cards (they are revealed when drawn); the log of digs with their moves. Secret: the
mission cards (a player sees their own 3 dealt and the one kept; all kept ones are revealed at
the end), the order of the chance deck, and the RNG. The log's events say for themselves what
each seat sees of them (`log.py`, `seen_by`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine.memo import remember
from motherlode.engine.scoresheet import ScoreSheet, column, seats_words, sheet

from . import scoring
from .components import KINDS, SITE_TILES
from .phase import EMPTY, Phase
from .schema import CardView, DigItUpView, MoneyView, ScoreboardView, SiteView, TileView

if TYPE_CHECKING:
    from .model import DigItUpModel

CARD_VIEWS_KEPT = 1_000  # `_cards`' views kept on the game before it starts afresh


def view(state: DigItUpModel, seat: int | None) -> DigItUpView:
    """Everything `seat` may know (None: a spectator), JSON-ready."""
    game = state.game
    over = state.phase == Phase.OVER
    return {
        **state.envelope(seat),
        "turn": state.turn,
        "abandoned": state.abandoned,
        "end_after": game.end_after,
        "chance_deck": len(state.deck),
        "pending_token": state.pending_token or None,
        "sites": [_site(state, s) for s in range(len(game.sites))],
        "scoreboards": [_scoreboard(state, p, seat, over) for p in range(game.num_players)],
        "cards": _cards(state, seat, over),
        "score_sheet": score_sheet(state) if over else None,
    }


def _site(state: DigItUpModel, s: int) -> SiteView:
    """Site `s` as every view shows it, made again only when the site's look (its tiles,
    tokens, pickaxe and tiles left) is not the one last shown, and shared by the views of
    that look (`SiteView`: read it, copy before changing): between two turns only the site
    dug changes."""
    base = s * SITE_TILES
    tiles, tokens = state.board[base : base + SITE_TILES], state.tokens[base : base + SITE_TILES]
    pickaxe, left = state.pickaxe[s], state.left[s]
    last = state.game.site_views[s]
    if (last is not None and last[0] == tiles and last[1] == tokens and last[2] == pickaxe
            and last[3] == left):
        return last[4]
    site = _new_site(state, s)
    state.game.site_views[s] = (tiles, tokens, pickaxe, left, site)
    return site


def _new_site(state: DigItUpModel, s: int) -> SiteView:
    game = state.game
    site = game.sites[s]
    board, tokens, text = state.board, state.tokens, game.tile_text
    tiles: list[TileView | None] = []
    for n in range(s * SITE_TILES, (s + 1) * SITE_TILES):
        t = board[n]
        tiles.append(None if t == EMPTY else {"tile": text[t], "token": tokens[n] or None})
    pickaxe = state.pickaxe[s]
    return {
        "site": site.key,
        "name": site.name,
        "letter": site.letter,
        "abandoned": state.left[s] == 0,
        "pickaxe": None if pickaxe == EMPTY else pickaxe + 1,
        "tiles": tiles,
    }


def _scoreboard(state: DigItUpModel, p: int, seat: int | None, over: bool) -> ScoreboardView:
    game = state.game
    ids = game.chance_ids
    n = len(KINDS)
    board: ScoreboardView = {
        "tiles": dict(zip(KINDS, state.counts[p * n : p * n + n], strict=True)),
        "money_tokens": state.money[p],
        "chance_kept": [ids[c] for c in state.kept[p]],
        "chance_used": [ids[c] for c in state.used[p]],
        "closed_shop": state.closed_shop[p],
        "mission_kept": state.mission[p] != EMPTY,
    }
    missions = game.mission_ids
    if over or p == seat:
        board["mission"] = None if state.mission[p] == EMPTY else missions[state.mission[p]]
    if p == seat and state.dealt[p]:
        board["missions_dealt"] = [missions[m] for m in state.dealt[p]]
    if over:
        board["money"] = _money(state, p)
    return board


def _money(state: DigItUpModel, p: int) -> MoneyView:
    """Every part of the money calculation (shown to all when the game is over)."""
    parts = scoring.breakdown(state, p)
    result = parts.money
    return {
        "mission": result.mission,
        "mission_achieved": result.achieved,
        "chance_cards": result.chance,
        "money_tokens": result.tokens,
        "sets": parts.treasure_sets,
        "trinities": parts.trinities,
        "trinity_prize": parts.trinity,
        "stones": parts.stones,
        "set_parts": [
            {"type": part.type, "tiles": part.tiles, "set": part.is_set, "won": part.won}
            for part in parts.parts
        ],
        "leftovers": parts.leftovers,
        "bundles": result.bundles,
        "total": result.total,
    }


def _cards(state: DigItUpModel, seat: int | None, over: bool) -> dict[str, CardView]:
    """Every chance card of this game, and the missions `seat` may see, with their texts:
    made once for each set of missions shown and shared by the views that show them
    (`DigItUpView.cards`: read it, copy before changing)."""
    game = state.game
    shown = set(state.dealt[seat]) if seat is not None else set()
    if over:
        shown.update(m for m in state.mission if m != EMPTY)
    key = tuple(sorted(shown))
    views = game.card_views
    cards = views.get(key)
    if cards is None:
        cards = remember(views, key, CARD_VIEWS_KEPT, _new_cards(state, key))
    return cards


def _new_cards(state: DigItUpModel, shown: tuple[int, ...]) -> dict[str, CardView]:
    game = state.game
    cards: dict[str, CardView] = {}
    for c in game.chance_types:
        cards[game.chance_ids[c]] = {"name": game.chance_names[c], "text": game.chance_texts[c]}
    for m in shown:
        cards[game.mission_ids[m]] = {"name": game.mission_names[m], "text": game.mission_texts[m]}
    return cards


#: Seed 003 "Game end": the only rule for the winner (it names no tie-break).
MOST_MONEY = "The player who earns the most money will be the winner."


def score_sheet(state: DigItUpModel) -> ScoreSheet:
    """The money calculation of every player in the seed's order (all of it is public at the
    end: the kept missions are turned up); equal totals share the win, the seed naming no
    tie-break."""
    n = state.game.num_players
    rows = []
    for p in range(n):
        money = scoring.breakdown(state, p).money
        rows.append([money.mission, money.chance, money.tokens, money.sets, money.bundles])
    totals = [sum(row) for row in rows]
    best = max(totals)
    winners = [p for p in range(n) if totals[p] == best]
    ties = [] if len(winners) == 1 else [
        f"{seats_words(winners).capitalize()} tied on {best} won and share the win: the "
        f"rulebook names no tie-break (\"{MOST_MONEY}\")"]
    return sheet(
        "Final scores", final=True,
        columns=[column("mission", "Mission", "won"), column("chance", "Chance cards", "won"),
                 column("tokens", "Money tokens", "won"), column("sets", "Sets", "won"),
                 column("bundles", "Bundles", "won")],
        total={"label": "Money", "unit": "won"},
        parts=rows, winners=winners, tie_breaks=ties,
        notes=["Sets: the set bonuses with the Trinity Prize, less the stones' cost (seed 003 "
               "step 4); bundles: every 3 treasure tiles left over (step 5)."],
    )
