"""What the search bot knows of Dig It Up: a state built from one seat's view alone, for it to
determinize, and a cheap greedy policy for its rollouts.

Everything public is copied from the view (board, pickaxes, tokens, scoreboards, chance cards
drawn, the turn). What the seat cannot see is filled with placeholders that agree in number
with what it knows: the other players' missions (dealt and kept) and the chance deck's order.
`State.determinize(seat, rng)` then resamples exactly those parts, so the search plays on
states the seat cannot tell from the real one, built without ever touching the real one.

The greedy bot values a tile by what it adds to the money now, so a tile towards a set not yet
made counts for little. `potentials` values each seat's holdings by the end instead: each
type's set bonus, and the mission's, expected over the tiles still on the board (each dug by
the seat with its share of the digs to come); `potential_digs` ranks the digs by it, the
seat's against the best other seat's, and the search starts from its best. The mission kept
is the dealt one this play won most with (`MISSION_WINS`, measured).
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Sequence
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
    TYPE_KINDS,
    TYPES,
    Dig,
    DigItUp,
    DigItUpState,
    DigItUpView,
    KeepMission,
    Phase,
    Scoreboard,
    is_digitup_view,
    landing_spaces,
    money_for,
    scoreboard,
)

from .digitup_greedy import COMPASS_KEPT, STAR_VALUE

#: How often the one-ply potential bot (`potential_digs`, the seat's mission in it by
#: `mission_chance`) won, 4 players, one such seat against three greedy bots, by the mission
#: it kept at random: 4,800 games, seeds 3000- and 5000- (about 320 a mission; a share's
#: standard error about 0.027). The search keeps the dealt mission with the best.
MISSION_WINS = {
    "jack-of-all-trades": 0.435,
    "diamond-dealer": 0.434,
    "gold-digger": 0.413,
    "bronze-age": 0.385,
    "fortune-hunter": 0.338,
    "collector": 0.328,
    "balanced-dig": 0.319,
    "scholar": 0.300,
    "closing-shop": 0.299,
    "crystal-clear": 0.290,
    "penny-pincher": 0.285,
    "ruby-red": 0.277,
    "clean-hands": 0.277,
    "bundler": 0.240,
    "stonecutter": 0.221,
}


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


def keep_mission(legal: Sequence[Action]) -> Action:
    """The mission card to keep: the one the potential bot won most with (`MISSION_WINS`)."""
    return max(legal, key=lambda action: MISSION_WINS.get(
        action.mission if isinstance(action, KeepMission) else "", 0.0))


def rollout_policy(state: DigItUpState, rng: random.Random) -> Action:
    """A greedy move, cheap enough for rollouts: the dig (without a Compass) of the best
    `dig_values`; a mission or a token placed at random."""
    if state.phase != Phase.DIG:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]
    return max(dig_values(state), key=lambda pair: pair[0])[1]


def candidates(state: DigItUpState, width: int) -> list[Action]:
    """The first moves worth searching: the `width` digs of the best `potential_digs`
    (Compass moves included), in order of value; any other decision's every legal action."""
    if state.phase != Phase.DIG:
        return state.legal_actions()
    ranked = sorted(potential_digs(state), key=lambda pair: -pair[0])
    return [action for _, action in ranked[:width]]


def dig_values(state: DigItUpState) -> list[tuple[float, Action]]:
    """Each legal dig without a Compass and its expected money for the digger (the rollouts'
    greedy policy): each tile valued by what one more of its kind adds to the digger's money
    (`kind_worths`), plus its "+2", token and star, averaged
    over the six faces of the die."""
    game = state.game
    worth = kind_worths(game, scoreboard(state, state.seat))

    def tile_value(cell: int) -> float:
        tile = state.board[cell]
        return (worth[game.tile_kind[tile]] + game.plus2_won[tile] + state.tokens[cell]
                + STAR_VALUE * game.tile_star[tile])

    values: list[tuple[float, Action]] = []
    for action in state.legal_actions():
        if not isinstance(action, Dig) or action.compass:
            continue
        s = game.site_index[action.site]
        spaces = landing_spaces(state.board, s, state.pickaxe[s], DIE_FACES)
        values.append((sum(tile_value(s * SITE_TILES + n) for n in spaces) / DIE_FACES, action))
    return values


@functools.lru_cache(maxsize=1 << 16)
def kind_worths(game: DigItUp, board: Scoreboard) -> tuple[int, ...]:
    """What one more tile of each kind adds to `board`'s money, by kind: one money
    calculation per kind, kept for the scoreboards the playouts meet again (a move's playouts
    start from the same few)."""
    base = money_for(game.components, board, game.simplified).total
    worths = []
    for kind in range(len(KINDS)):
        counts = list(board.counts)
        counts[kind] += 1
        more = replace(board, counts=tuple(counts))
        worths.append(money_for(game.components, more, game.simplified).total - base)
    return tuple(worths)


#: the scoring type (an index into TYPES) of each tile kind (an index into KINDS)
KIND_TYPE = tuple(next(t for t, name in enumerate(TYPES) if k in TYPE_KINDS[name])
                  for k in range(len(KINDS)))


def potentials(state: DigItUpState) -> list[float]:
    """Each seat's money as it should stand at the end: its chance cards and tokens as now,
    the Trinity Prizes held, its mission's bonus times its chance of being met
    (`mission_chance`), and each type's set or leftover tiles in expectation over the tiles of
    that type still on the board, each of which the seat digs with probability `dig_share` (a
    leftover treasure worth a third of a bundle)."""
    if state.game.simplified:
        return state.scores()
    available = tiles_available(state)
    share = dig_share(state)
    return [seat_potential(state, p, available, share) for p in range(state.game.num_players)]


def tiles_available(state: DigItUpState) -> list[int]:
    """Tiles of each type still on the board."""
    game = state.game
    available = [0] * len(TYPES)
    for tile in state.board:
        if tile != EMPTY:
            available[KIND_TYPE[game.tile_kind[tile]]] += 1
    return available


def dig_share(state: DigItUpState) -> float:
    """The chance that a given seat digs a given tile still on the board: the tiles still to
    be dug (all but one a site still open) shared by the seats."""
    on_board = sum(state.left)
    still_open = sum(1 for left in state.left if left)
    if on_board == 0:
        return 0.0
    return max(0, on_board - still_open) / on_board / state.game.num_players


def seat_potential(state: DigItUpState, seat: int, available: list[int], share: float) -> float:
    """`potentials` of one seat."""
    return board_potential(state, scoreboard(state, seat), available, share)


def board_potential(state: DigItUpState, board: Scoreboard, available: list[int],
                    share: float) -> float:
    """`potentials` of one scoreboard in `state`'s game."""
    game = state.game
    money = money_for(game.components, board, game.simplified)
    held = [0] * len(TYPES)
    for kind, count in enumerate(board.counts):
        held[KIND_TYPE[kind]] += count
    trinities = min(board.counts[k] for k in TYPE_KINDS["bronzeware"])
    sets = sum(_set_worth(state, t, held[t], available[t], share) for t in range(len(TYPES)))
    mission: float = money.mission
    if board.mission != EMPTY:
        mission = game.components.missions[board.mission].bonus * mission_chance(
            state, board, held, available, share)
    return (mission + money.chance + money.tokens + sets
            + trinities * game.components.bonuses.trinity)


def potential_digs(state: DigItUpState) -> list[tuple[float, Action]]:
    """Each legal dig (Compass moves included) and its expected worth to the digger: its
    `potentials` after the dig less the best other seat's (their missions, unseen, left
    out), averaged over the die (a Compass move: its one tile, less what the card is worth
    kept); a star adds `STAR_VALUE`."""
    game = state.game
    seat = state.seat
    available = tiles_available(state)
    share = round(dig_share(state), 3)
    mine = scoreboard(state, seat)
    others = {p: replace(scoreboard(state, p), mission=EMPTY)
              for p in range(game.num_players) if p != seat}
    other_values = {p: board_potential(state, board, available, share)
                    for p, board in others.items()}
    seen: dict[tuple[int, int, int, int, int], float] = {}

    def after(s: int, cell: int) -> float:
        tile = state.board[cell]
        kind = game.tile_kind[tile]
        closes = int(state.left[s] == 2)
        last = -1
        if closes:
            last = next(KIND_TYPE[game.tile_kind[state.board[s * SITE_TILES + n]]]
                        for n in range(SITE_TILES)
                        if s * SITE_TILES + n != cell and state.board[s * SITE_TILES + n] != EMPTY)
        extra = game.plus2_won[tile] + state.tokens[cell]
        key = (kind, extra, closes, last, game.tile_star[tile])
        if key not in seen:
            gone = list(available)
            gone[KIND_TYPE[kind]] -= 1
            if last >= 0:
                gone[last] -= 1
            counts = list(mine.counts)
            counts[kind] += 1
            board = replace(mine, counts=tuple(counts), tokens=mine.tokens + extra,
                            closed_shop=mine.closed_shop + closes,
                            drawn=mine.drawn + game.tile_star[tile])
            value = board_potential(state, board, gone, share) + STAR_VALUE * game.tile_star[tile]
            best_other = max(
                other_values[p] + sum(
                    _set_worth(state, t, _held(b, t), gone[t], share)
                    - _set_worth(state, t, _held(b, t), available[t], share)
                    for t in {KIND_TYPE[kind], last} if t >= 0)
                for p, b in others.items())
            seen[key] = value - best_other
        return seen[key]

    values: list[tuple[float, Action]] = []
    for action in state.legal_actions():
        if not isinstance(action, Dig):
            continue
        s = game.site_index[action.site]
        spaces = landing_spaces(state.board, s, state.pickaxe[s], DIE_FACES)
        if action.compass:
            values.append((after(s, s * SITE_TILES + spaces[action.compass - 1]) - COMPASS_KEPT,
                           action))
        else:
            values.append((sum(after(s, s * SITE_TILES + n) for n in spaces) / DIE_FACES, action))
    return values


def _held(board: Scoreboard, kind_type: int) -> int:
    """Tiles of a type on a scoreboard."""
    return sum(count for kind, count in enumerate(board.counts) if KIND_TYPE[kind] == kind_type)


def _set_worth(state: DigItUpState, kind_type: int, held: int, available: int,
               share: float) -> float:
    """A type's set bonus (or its tiles' worth in bundles; stones: their cost) at the end,
    expected over how many of the `available` tiles the seat digs (binomial, `share` each)."""
    components = state.game.components
    name = TYPES[kind_type]
    leftover = (components.bonuses.bundle / components.bonuses.bundle_size
                if name != "stone" else 0.0)
    return _expected_set(components.sets[name].sizes, leftover, held, available, round(share, 3))


@functools.cache
def _expected_set(sizes: tuple[tuple[int, int, int], ...], leftover: float, held: int,
                  available: int, share: float) -> float:
    """`_set_worth` from the type's set table (min size, max size, won) and a leftover tile's
    worth."""
    total = 0.0
    for more in range(available + 1):
        size = held + more
        won = next((float(w) for low, high, w in sizes if low <= size <= high), None)
        if won is None:
            won = size * leftover if size < sizes[0][0] else 0.0
        total += math.comb(available, more) * share**more * (1 - share)**(available - more) * won
    return total


def mission_chance(state: DigItUpState, board: Scoreboard, held: list[int],
                   available: list[int], share: float) -> float:
    """The chance that `board` meets its mission at the end, each tile of the `available`
    (by type) dug by the seat with probability `share` (a rough binomial: the types apart)."""
    game = state.game
    mission = game.components.missions[board.mission]
    condition, count = mission.condition, mission.count
    share = round(share, 3)
    if condition == "at_least":
        chance = 1.0
        for name in mission.types:
            t = TYPES.index(name)
            chance *= _tail(available[t], share, count - held[t])
        return chance
    if condition == "at_most":
        stones = sum(held[TYPES.index(name)] for name in mission.types)
        more = sum(available[TYPES.index(name)] for name in mission.types)
        return 1.0 - _tail(more, share, count - stones + 1)
    if condition == "closing_shop":
        closures = max(0, game.end_after - state.abandoned)
        return _tail(closures, round(1 / game.num_players, 3), count - board.closed_shop)
    if condition == "tokens":
        plus2 = game.components.bonuses.plus2
        tiles = sum(1 for tile in state.board if tile != EMPTY and game.plus2_won[tile])
        return _tail(tiles, share, -(-(count - board.tokens) // plus2))
    if condition == "chance_cards":
        stars = sum(1 for tile in state.board if tile != EMPTY and game.tile_star[tile])
        return _tail(stars, share, count - board.drawn)
    if condition == "trinities":
        chance = 1.0
        for kind in TYPE_KINDS["bronzeware"]:
            on_board = sum(1 for tile in state.board
                           if tile != EMPTY and game.tile_kind[tile] == kind)
            chance *= _tail(on_board, share, count - board.counts[kind])
        return chance
    sets = game.components.sets
    treasure = [t for t, name in enumerate(TYPES) if name != "stone"]
    if condition == "sets":
        made = [_tail(available[t], share, sets[TYPES[t]].minimum - held[t]) for t in treasure]
        return _at_least(made, count)
    # bundles: the tiles of types short of a set, three to a bundle
    short = [t for t in treasure if held[t] < sets[TYPES[t]].minimum]
    leftovers = sum(held[t] for t in short)
    return _tail(sum(available[t] for t in short), share,
                 count * game.components.bonuses.bundle_size - leftovers)


@functools.cache
def _tail(n: int, p: float, k: int) -> float:
    """P(Binomial(n, p) >= k)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(math.comb(n, j) * p**j * (1 - p)**(n - j) for j in range(k, n + 1))


def _at_least(chances: list[float], count: int) -> float:
    """The chance that at least `count` of independent events with `chances` happen."""
    ways = [1.0] + [0.0] * len(chances)
    for c in chances:
        for j in range(len(chances), 0, -1):
            ways[j] = ways[j] * (1 - c) + ways[j - 1] * c
        ways[0] *= 1 - c
    return sum(ways[count:])
