"""What each seat may know (the one place hidden information is decided), and observations.

Public: every face-up tile, pickaxe and token; every player's scoreboard, money tokens and
chance cards (they are revealed when drawn); the log of digs and die rolls. Secret: the mission
cards (a player sees their own 3 dealt and the one kept; all are revealed at the end), the order
of the chance deck, and the RNG.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from motherlode.engine import JSON

from . import scoring
from .components import KINDS, SITE_TILES
from .phase import EMPTY, LOG_DIG, LOG_KEEP, NO_CARD, Phase
from .setup import MISSIONS_DEALT

if TYPE_CHECKING:
    from .game import DigItUp
    from .state import DigItUpState

PHASES = ("missions", "dig", "place", "over")


def view(state: DigItUpState, seat: int | None) -> JSON:
    """Everything `seat` may know (None: a spectator), JSON-ready."""
    game = state.game
    over = state.phase == Phase.OVER
    return {
        "game": game.name,
        "seat": seat,
        "players": game.num_players,
        "phase": PHASES[state.phase],
        "current_player": state.current_player,
        "turn": state.turn,
        "abandoned": state.abandoned,
        "end_after": game.end_after,
        "chance_deck": len(state.deck),
        "pending_token": state.pending_token or None,
        "sites": [_site(state, s) for s in range(len(game.sites))],
        "scoreboards": [_scoreboard(state, p, seat, over) for p in range(game.num_players)],
        "log": [_event(game, e) for e in state.log],
    }


def _site(state: DigItUpState, s: int) -> JSON:
    game = state.game
    site = game.sites[s]
    base = s * SITE_TILES
    tiles: list[JSON | None] = []
    for n in range(SITE_TILES):
        t = state.board[base + n]
        if t == EMPTY:
            tiles.append(None)
        else:
            tiles.append({"tile": game.tile_text[t], "token": state.tokens[base + n] or None})
    pickaxe = state.pickaxe[s]
    return {
        "site": site.key,
        "name": site.name,
        "letter": site.letter,
        "abandoned": state.left[s] == 0,
        "pickaxe": None if pickaxe == EMPTY else pickaxe + 1,
        "tiles": tiles,
    }


def _scoreboard(state: DigItUpState, p: int, seat: int | None, over: bool) -> JSON:
    game = state.game
    chance = game.components.chance
    n = len(KINDS)
    board: JSON = {
        "tiles": dict(zip(KINDS, state.counts[p * n : p * n + n], strict=True)),
        "money_tokens": state.money[p],
        "chance_kept": [chance[c].id for c in state.kept[p]],
        "chance_used": [chance[c].id for c in state.used[p]],
        "closed_shop": state.closed_shop[p],
        "mission_kept": state.mission[p] != EMPTY,
    }
    missions = game.components.missions
    if over or p == seat:
        board["mission"] = None if state.mission[p] == EMPTY else missions[state.mission[p]].id
    if p == seat and state.dealt[p]:
        board["missions_dealt"] = [missions[m].id for m in state.dealt[p]]
    if over:
        result = scoring.money(state, p)
        board["money"] = {
            "mission": result.mission,
            "mission_achieved": result.achieved,
            "chance_cards": result.chance,
            "money_tokens": result.tokens,
            "sets": result.sets,
            "bundles": result.bundles,
            "total": result.total,
        }
    return board


def _event(game: DigItUp, entry: tuple[int, ...]) -> JSON:
    kind, seat = entry[0], entry[1]
    if kind == LOG_KEEP:
        return {"seat": seat, "action": "keep a mission"}
    if kind == LOG_DIG:
        _, _, site, move, space, tile, compass, token, card, last = entry
        event: JSON = {
            "seat": seat,
            "action": f"dig {game.sites[site].key}",
            "move": move,
            "compass": bool(compass),
            "space": space + 1,
            "tile": game.tile_text[tile],
        }
        if token:
            event["token"] = token
        if card != NO_CARD:
            event["chance"] = game.components.chance[card].id
        if last != EMPTY:
            event["abandoned"] = game.tile_text[last]
        return event
    _, _, site, space, value = entry
    return {"seat": seat, "action": f"place {game.sites[site].key} {space + 1}", "token": value}


def determinize(state: DigItUpState, seat: int, rng: random.Random) -> DigItUpState:
    """A state `seat` cannot tell from this one: other players' missions and the chance deck
    resampled, the history's secret mission choices rewritten to match, the future reseeded."""
    other = state.clone()
    other._reseed(rng)
    rng.shuffle(other.deck)
    if state.phase == Phase.OVER or state.game.simplified:
        return other
    own = set(state.dealt[seat])
    unseen = [m for m in state.game.mission_pool if m not in own]
    rng.shuffle(unseen)
    deal = iter(range(0, len(unseen), MISSIONS_DEALT))
    for p in range(state.game.num_players):
        if p == seat:
            continue
        start = next(deal)
        hand = tuple(unseen[start : start + MISSIONS_DEALT])
        other.dealt[p] = hand
        if state.mission[p] != EMPTY:
            other.mission[p] = rng.choice(hand)
            # Set-up 6: seats keep their missions in turn, so seat p's choice is action p.
            other.history[p] = state.game.keep_actions[other.mission[p]]
    return other


def observe(game: DigItUp, seen: JSON) -> list[float]:
    """A seat's view as a flat vector; the layout is `DigItUp.observation_layout`."""
    out: list[float] = []
    seat = seen["seat"] if seen["seat"] is not None else 0
    n = game.num_players
    phase = PHASES.index(seen["phase"])
    out.extend(1.0 if i == phase else 0.0 for i in range(len(PHASES)))
    current = seen["current_player"]
    out.extend(1.0 if current == (seat + i) % n else 0.0 for i in range(game.max_players))
    out.append(seen["abandoned"] / 10)
    out.append(seen["chance_deck"] / 50)
    out.append((seen["pending_token"] or 0) / 3)
    by_key = {s["site"]: s for s in seen["sites"]}
    for site in game.components.sites:
        shown = by_key.get(site.key)
        out.extend(_site_features(game, shown))
    boards = seen["scoreboards"]
    for i in range(game.max_players):
        out.extend(_board_features(game, boards[(seat + i) % n] if i < n else None))
    own = boards[seat] if seen["seat"] is not None else {}
    mission = own.get("mission")
    dealt = set(own.get("missions_dealt", ()))
    for m in game.components.missions:
        out.append(1.0 if m.id == mission else 0.0)
        out.append(1.0 if m.id in dealt else 0.0)
    return out


CELL_FEATURES = len(KINDS) + 4  # kind one-hot, star, +2, token/3, pickaxe here
TOKEN_AT, PICKAXE_AT = len(KINDS) + 2, len(KINDS) + 3
SITE_FEATURES = 2 + 7 * CELL_FEATURES


def tile_features(game: DigItUp) -> dict[str, tuple[float, ...]]:
    """Each tile notation's fixed features (kind one-hot, star, +2), made once per game."""
    table = {}
    for tile, text in enumerate(game.tile_text):
        features = [0.0] * CELL_FEATURES
        features[game.tile_kind[tile]] = 1.0
        features[len(KINDS)] = 1.0 if game.tile_star[tile] else 0.0
        features[len(KINDS) + 1] = 1.0 if game.tile_plus2[tile] else 0.0
        table[text] = tuple(features)
    return table


EMPTY_CELL = (0.0,) * CELL_FEATURES


def _site_features(game: DigItUp, shown: JSON | None) -> list[float]:
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


def _board_features(game: DigItUp, board: JSON | None) -> list[float]:
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


def observation_size(game: DigItUp) -> int:
    chance = len(game.components.chance)
    return (
        len(PHASES)
        + game.max_players
        + 3
        + len(game.components.sites) * SITE_FEATURES
        + game.max_players * (len(KINDS) + 4 + chance)
        + 2 * len(game.components.missions)
    )
