"""What the search bot knows of Dig It Up: a state built from one seat's view alone, for it to
determinize, and a cheap greedy policy for its rollouts.

Everything public is copied from the view (board, pickaxes, tokens, scoreboards, chance cards
drawn, the turn). What the seat cannot see is filled with placeholders that agree in number
with what it knows: the other players' missions (dealt and kept) and the chance deck's order.
`State.determinize(seat, rng)` then resamples exactly those parts, so the search plays on
states the seat cannot tell from the real one, built without ever touching the real one.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from motherlode.engine import Action, View
from motherlode.engine.position import replace as replace_fields
from motherlode.rules.digitup import (
    DIE_FACES,
    EMPTY,
    KINDS,
    MISSIONS_DEALT,
    ON_LABEL,
    PHASES,
    SITE_TILES,
    Dig,
    DigItUp,
    DigItUpState,
    DigItUpView,
    Phase,
    is_digitup_view,
    landing_spaces,
    money_for,
    scoreboard,
)

from .digitup_greedy import COMPASS_KEPT, STAR_VALUE


def state_from_view(game: DigItUp, view: View) -> DigItUpState:
    """A state agreeing with everything `view` shows; its hidden parts are placeholders."""
    if not is_digitup_view(view):
        raise TypeError(f"the Dig It Up search reads Dig It Up views, not {view['game']}")
    seat = view["seat"]
    if seat is None:
        raise ValueError("a search plays from a seat's view, not a spectator's")
    state = replace_fields(
        game.blank_state(),
        phase=Phase(PHASES.index(view["phase"])),
        seat=view["current_player"] if view["current_player"] is not None else 0,
        turn=view["turn"],
        abandoned=view["abandoned"],
        end_triggered=view["abandoned"] >= game.end_after,
        pending_token=view["pending_token"] or 0,
        **_board(game, view),
        **_scoreboards(game, view),
        **_missions(game, view, seat),
    )
    # determinize rewrites the history's secret `keep` actions (action p is seat p's choice).
    state.history = [game.keep_actions[m] for m in state.mission if m != EMPTY]
    return state


def _board(game: DigItUp, view: DigItUpView) -> dict[str, list[int]]:
    """The board's fields: tiles and tokens by space, pickaxes and tiles left by site."""
    tile_index: dict[str, int] = {}
    for t, text in enumerate(game.tile_text):
        tile_index.setdefault(text, t)
    board = [EMPTY] * (len(game.sites) * SITE_TILES)
    tokens = [0] * len(board)
    pickaxes: list[int] = []
    left: list[int] = []
    for s, site in enumerate(view["sites"]):
        for n, tile in enumerate(site["tiles"]):
            if tile is not None:
                board[s * SITE_TILES + n] = tile_index[tile["tile"]]
                tokens[s * SITE_TILES + n] = tile["token"] or 0
        pickaxe = site["pickaxe"]
        pickaxes.append(ON_LABEL if pickaxe is None else pickaxe - 1)
        left.append(sum(tile is not None for tile in site["tiles"]))
    return {"board": board, "tokens": tokens, "pickaxe": pickaxes, "left": left}


def _scoreboards(game: DigItUp, view: DigItUpView) -> dict[str, object]:
    """The scoreboards' fields, and the chance deck: the cards no scoreboard shows, as many
    as the view counts (their order is the determinization's)."""
    card_index = {card_id: c for c, card_id in enumerate(game.chance_ids)}
    boards = view["scoreboards"]
    kept = [[card_index[c] for c in board["chance_kept"]] for board in boards]
    used = [[card_index[c] for c in board["chance_used"]] for board in boards]
    out = Counter(c for cards in (*kept, *used) for c in cards)
    deck: list[int] = []
    for card in game.chance_deck:
        if out[card]:
            out[card] -= 1
        else:
            deck.append(card)
    return {
        "counts": [board["tiles"][kind] for board in boards for kind in KINDS],
        "money": [board["money_tokens"] for board in boards],
        "kept": kept,
        "used": used,
        "drawn": [len(k) + len(u) for k, u in zip(kept, used, strict=True)],
        "closed_shop": [board["closed_shop"] for board in boards],
        "deck": deck[: view["chance_deck"]],
    }


def _missions(game: DigItUp, view: DigItUpView, seat: int) -> dict[str, object]:
    """The seat's own missions as shown; the others' dealt from the unseen pool in order (the
    determinization reshuffles them), and a placeholder kept where a player has kept one."""
    n = game.num_players
    dealt: list[tuple[int, ...]] = [() for _ in range(n)]
    mission = [EMPTY] * n
    if game.simplified:
        return {"dealt": dealt, "mission": mission}
    mission_index = {m_id: m for m, m_id in enumerate(game.mission_ids)}
    own = view["scoreboards"][seat]
    dealt[seat] = tuple(mission_index[m] for m in own.get("missions_dealt", []))
    unseen = iter(m for m in game.mission_pool if m not in dealt[seat])
    for p, board in enumerate(view["scoreboards"]):
        if p != seat:
            dealt[p] = tuple(next(unseen) for _ in range(MISSIONS_DEALT))
        shown = board.get("mission")
        if shown is not None:
            mission[p] = mission_index[shown]
        elif board["mission_kept"]:
            mission[p] = dealt[p][0]
    return {"dealt": dealt, "mission": mission}


def rollout_policy(state: DigItUpState, rng: random.Random) -> Action:
    """A greedy move, cheap enough for rollouts: the dig (without a Compass) of the best
    `dig_values`; a mission or a token placed at random."""
    if state.phase != Phase.DIG:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]
    return max(dig_values(state, compass=False), key=lambda pair: pair[0])[1]


def candidates(state: DigItUpState, width: int) -> list[Action]:
    """The first moves worth searching: the `width` digs of the best `dig_values` (Compass
    moves included), in order of value; any other decision's every legal action."""
    if state.phase != Phase.DIG:
        return state.legal_actions()
    ranked = sorted(dig_values(state, compass=True), key=lambda pair: -pair[0])
    return [action for _, action in ranked[:width]]


def dig_values(state: DigItUpState, compass: bool) -> list[tuple[float, Action]]:
    """Each legal dig (with `compass`, also each Compass move) and its expected money for the
    digger: each tile valued by what one more of its kind adds to the digger's money (one
    money calculation per kind, not per tile), plus its "+2", token and star; a dig averages
    the six faces of the die, a Compass move takes its one tile, less what the card is worth
    kept for later."""
    game = state.game
    board = scoreboard(state, state.seat)
    base = money_for(game.components, board, game.simplified).total
    worth: dict[int, float] = {}

    def tile_value(cell: int) -> float:
        tile = state.board[cell]
        kind = game.tile_kind[tile]
        if kind not in worth:
            counts = list(board.counts)
            counts[kind] += 1
            more = replace(board, counts=tuple(counts))
            worth[kind] = money_for(game.components, more, game.simplified).total - base
        return (worth[kind] + game.plus2_won[tile] + state.tokens[cell]
                + STAR_VALUE * game.tile_star[tile])

    values: list[tuple[float, Action]] = []
    for action in state.legal_actions():
        if not isinstance(action, Dig) or (action.compass and not compass):
            continue
        s = game.site_index[action.site]
        spaces = landing_spaces(state.board, s, state.pickaxe[s], DIE_FACES)
        if action.compass:
            values.append((tile_value(s * SITE_TILES + spaces[action.compass - 1])
                           - COMPASS_KEPT, action))
        else:
            values.append((sum(tile_value(s * SITE_TILES + n) for n in spaces) / DIE_FACES,
                           action))
    return values
