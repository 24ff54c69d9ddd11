"""A greedy Dig It Up bot: from its own view, it digs where the expected gain in money is best.

It never sees the state: only the view of its seat and the legal actions. For each dig it
averages, over the six faces of the die (or the one move a Compass fixes), the change in its
money calculation from the tile it would collect, plus the "+2", any token on the tile and a
small value for drawing a chance card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter

from motherlode.engine import Action, Game, View
from motherlode.engine.memo import remember
from motherlode.rules.digitup import (
    DIE_FACES,
    EMPTY,
    KINDS,
    ON_LABEL,
    PHASES,
    Dig,
    DigItUp,
    DigItUpView,
    Phase,
    PlaceToken,
    ScoreboardView,
    SiteView,
    is_digitup_view,
    landing_space,
    landing_spaces,
)

STAR_VALUE = 1.5  # rough worth of a chance card: money, tokens and tiles net of losses
COMPASS_KEPT = 0.5  # a Compass used now is not there for a later turn
TOKEN_SPOT = 1  # a space this many tiles right of a pickaxe is the next one dug at a roll of 1
# How often each mission is met when greedy bots keep missions at random, as measured by
# benchmarks/digitup_missions.py --games 400 (1,600 games, 2-5 players) on 2026-11-30.
MISSION_ODDS = {
    "closing-shop": 0.77,
    "bundler": 0.73,
    "jack-of-all-trades": 0.57,
    "fortune-hunter": 0.55,
    "collector": 0.48,
    "bronze-age": 0.44,
    "penny-pincher": 0.42,
    "balanced-dig": 0.41,
    "ruby-red": 0.38,
    "stonecutter": 0.32,
    "scholar": 0.31,
    "clean-hands": 0.30,
    "diamond-dealer": 0.27,
    "crystal-clear": 0.23,
    "gold-digger": 0.20,
}
DEFAULT_ODDS = 0.3
LOOKS_KEPT = 20_000  # sites' outcomes kept (`GreedyDigger._outcomes`) before starting afresh
#: What a mission's condition reads besides the tiles (`Board.money`): 1 the money tokens, 2
#: the sites closed, 3 the chance cards drawn; ALL for a condition not named here.
READS = {"tokens": 1, "closing_shop": 2, "chance_cards": 3, "at_least": 0, "at_most": 0,
         "trinities": 0, "sets": 0, "bundles": 0}
ALL = 4
KIND_COUNTS = itemgetter(*KINDS)  # a scoreboard's tiles by kind, in the order of KINDS
#: What a move collects: the tile's kind, the won it brings, sites it closes (0 or 1), its star.
Outcome = tuple[int, int, int, int]
#: (the "+2" won, a site's look: pickaxe, and tile and token of each space) -> its outcomes,
#: shared by the greedy bots of a process (the four at a table mostly see the same sites).
_LOOKS: dict[tuple[object, ...], tuple[Outcome, ...]] = {}
#: id of a site's dict -> (that dict, the "+2" won, its outcomes): the views share a site's
#: dict between its looks' views (`SiteView`), so most sites are found without their look.
_SITES: dict[int, tuple[SiteView, int, tuple[Outcome, ...]]] = {}
NO_CELL = (None, None)  # an empty space in a site's look


class GreedyDigger:
    """Picks the dig with the best expected money; keeps the mission with the best odds."""

    lean_view = True  # reads neither the view's log nor its decision (`bots.base.bot_view`)

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        if not isinstance(game, DigItUp):
            raise TypeError(f"the greedy digger plays Dig It Up, not {game.name}")
        self.game = game  # its money_of (estimate_money in numbers) is part of its public API
        self.seat = seat
        self.rng = random.Random(seed)
        self._missions = {m.id: m for m in game.components.missions}
        self._tiles: dict[str, tuple[int, int, int]] = {}
        self._plus2 = game.components.bonuses.plus2

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not is_digitup_view(view):
            raise TypeError(f"the greedy digger reads Dig It Up views, not {view['game']}")
        phase = view["phase"]
        if phase == PHASES[Phase.MISSIONS]:
            return self._mission(view, legal)
        if phase == PHASES[Phase.PLACE]:
            return self._place(view, legal)[0]
        return self._dig(view, legal)[0]

    def explain(self, view: View, legal: Sequence[Action]) -> tuple[Action, str]:
        """The action `choose` takes and why, in one line (the terminal's `hint`)."""
        if not is_digitup_view(view):
            raise TypeError(f"the greedy digger reads Dig It Up views, not {view['game']}")
        phase = view["phase"]
        if phase == PHASES[Phase.MISSIONS]:
            action = self._mission(view, legal)
            return action, self._why_mission(action)
        if phase == PHASES[Phase.PLACE]:
            return self._place(view, legal)
        chosen, sites, gains, value = self._dig(view, legal)
        return chosen, _dig_reason(chosen, sites, gains, value)

    def _mission(self, view: DigItUpView, legal: Sequence[Action]) -> Action:
        return max(legal, key=self._worth)

    def _worth(self, action: Action) -> float:
        """A mission's bonus x how often it is met."""
        mission = self._missions[str(action).split()[1]]
        return mission.bonus * MISSION_ODDS.get(mission.id, DEFAULT_ODDS)

    def _why_mission(self, action: Action) -> str:
        mission = self._missions[str(action).split()[1]]
        odds = MISSION_ODDS.get(mission.id, DEFAULT_ODDS)
        return (f"keep {mission.name}: {mission.bonus} won x {odds:.0%} of games met = "
                f"{self._worth(action):.1f} won expected")

    def _dig(self, view: DigItUpView, legal: Sequence[Action]
             ) -> tuple[Action, dict[str, SiteView], dict[str, list[float]], float]:
        """The dig with the best expected gain (ties: a seeded pick), the sites by key, the
        gain of each move 1-6 at the sites looked at, and the chosen dig's value."""
        board = Board(self.game, view["scoreboards"][self.seat])
        sites = {site["site"]: site for site in view["sites"]}
        gains: dict[str, list[float]] = {}  # site -> gain of each move 1-6
        rolled: dict[str, float] = {}  # site -> mean gain over the die
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            if not isinstance(action, Dig):
                raise TypeError(f"the greedy digger digs, and {action} is no dig")
            key, move = action.site, action.compass
            if key not in gains:
                moves = gains[key] = board.moves(self._outcomes(sites[key]))
                rolled[key] = sum(moves) / len(moves)
            value = gains[key][move - 1] - COMPASS_KEPT if move else rolled[key]
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))], sites, gains, best_value

    def _outcomes(self, site: SiteView) -> tuple[Outcome, ...]:
        """What each move 1-6 at `site` collects (`Board.moves`' outcomes), worked out once
        for each look of a site (its tiles, tokens and pickaxe) in a process (`_LOOKS`), and
        found by the site's dict itself when the view shares it (`SiteView`: one dict for
        every view of a look; the entry keeps the dict, so its id is not reused)."""
        plus2 = self._plus2
        shared = _SITES.get(id(site))
        if shared is not None and shared[0] is site and shared[1] == plus2:
            return shared[2]
        parts: list[object] = [plus2, site["pickaxe"]]
        for cell in site["tiles"]:  # each space's tile and token (None, None: empty)
            if cell is None:
                parts += NO_CELL
            else:
                parts += cell["tile"], cell["token"]
        look = tuple(parts)
        outcomes = _LOOKS.get(look)
        if outcomes is None:
            outcomes = remember(_LOOKS, look, LOOKS_KEPT, self._site_outcomes(site))
        remember(_SITES, id(site), LOOKS_KEPT, (site, plus2, outcomes))
        return outcomes

    def _site_outcomes(self, site: SiteView) -> tuple[Outcome, ...]:
        """Per move 1-6 at `site`: the tile's kind, the won it brings ("+2" and any token),
        whether collecting it closes the site, and its star (0 or 1)."""
        cells = site["tiles"]
        # Collecting one of the last two tiles abandons the site (Closing Shop counts it).
        closes = int(len(cells) - cells.count(None) == 2)
        out = []
        for space in landings(site, DIE_FACES):
            cell = cells[space]
            if cell is None:
                raise ValueError(f"the pickaxe of {site['site']} cannot land on an empty space")
            kind, plus2, star = self._tile(cell["tile"])
            out.append((kind, (cell["token"] or 0) + plus2, closes, star))
        return tuple(out)

    def _tile(self, text: str) -> tuple[int, int, int]:
        """A tile's kind (index into KINDS), "+2" won and star (0 or 1), from its notation."""
        tile = self._tiles.get(text)
        if tile is None:
            plus2 = self._plus2 if text.endswith("+2") else 0
            tile = self._tiles[text] = (KINDS.index(text.rstrip("*+2")), plus2, int("*" in text))
        return tile

    def _place(self, view: DigItUpView, legal: Sequence[Action]) -> tuple[Action, str]:
        """A loss goes where the next digger is most likely to land; a gain far from pickaxes."""
        sites = {site["site"]: site for site in view["sites"]}
        near = {(key, landing(site, TOKEN_SPOT) + 1) for key, site in sites.items()
                if not site["abandoned"]}
        good = (view["pending_token"] or 0) > 0
        # A loss: the spaces a roll of 1 reaches next; a gain: the others.
        preferred = [a for a in legal if (_spot(a) in near) != good]
        pool = preferred or list(legal)
        chosen = pool[self.rng.randrange(len(pool))]
        key, space = _spot(chosen)
        site = sites[key]
        why = ("away from the tiles a roll of 1 reaches next" if good
               else "on a tile the next digger reaches with a roll of 1")
        if not preferred:
            why = "no better tile is left"
        return chosen, f"put the {view['pending_token'] or 0:+d} won token on {site['letter']} " \
                       f"{site['name']} space {space}: {why}"


class Board:
    """The bot's own scoreboard as numbers, and its money with one more tile (`DigItUp.money_of`),
    each distinct outcome worked out once a turn.

    Money is the money tokens plus a part that does not change with them (`money_of`: the
    tokens are added to the rest), and a mission reads one thing besides the tiles at most
    (`READS`): so the rest is worked out once per tile kind and that one thing, from the tiles'
    part of the scoreboard as it is (`MoneyTable.one_more`; the simplified variation through
    `money_of`)."""

    def __init__(self, game: DigItUp, board: ScoreboardView) -> None:
        self.game = game
        self.counts = list(KIND_COUNTS(board["tiles"]))
        self.tokens = board["money_tokens"]
        self.kept = tuple(map(game.chance_index.__getitem__, board["chance_kept"]))
        mission = board.get("mission")
        self.mission = EMPTY if mission is None else game.mission_index[mission]
        self.closed = board["closed_shop"]
        self.drawn = len(board["chance_kept"]) + len(board["chance_used"])
        self.reads = 0 if self.mission == EMPTY or game.simplified else \
            READS.get(game.components.missions[self.mission].condition, ALL)
        self.more = None if game.simplified else game.money_table.one_more(self.counts, self.kept)
        self.seen: dict[tuple[int, ...], int] = {}
        self.gains: dict[Outcome, float] = {}
        self.base = self._money(None, max(0, self.tokens), 0, 0)

    def moves(self, outcomes: Sequence[Outcome]) -> list[float]:
        """The gain in money of collecting each outcome (kind, won, closes, star), in order:
        the tile, its "+2", any token and, for a star, a chance card's rough worth; each
        distinct outcome worked out once a turn."""
        gains, base = self.gains, self.base
        moves = []
        for outcome in outcomes:
            value = gains.get(outcome)
            if value is None:
                kind, extra, closes, star = outcome
                value = float(self.money(kind, extra, closes, star) - base)
                value = gains[outcome] = value + STAR_VALUE if star else value
            moves.append(value)
        return moves

    def money(self, kind: int, extra: int, closes: int, draws: int) -> int:
        """Money with a tile of `kind` more, `extra` won of tokens, `closes` sites closed and
        `draws` chance cards drawn."""
        tokens = self.tokens + extra
        if tokens < 0:  # max(0, tokens), without the call
            tokens = 0
        reads = self.reads
        key = (kind,) if not reads else (kind, (tokens, closes, draws)[reads - 1]) \
            if reads != ALL else (kind, tokens, closes, draws)
        rest = self.seen.get(key)
        if rest is None:
            rest = self.seen[key] = self._money(kind, tokens, closes, draws) - tokens
        return tokens + rest

    def _money(self, kind: int | None, tokens: int, closes: int, draws: int) -> int:
        """Money with a tile of `kind` more (None: the tiles as they are)."""
        closed, drawn = self.closed + closes, self.drawn + draws
        if self.more is None:
            counts = list(self.counts)
            if kind is not None:
                counts[kind] += 1
            return self.game.money_of(counts, tokens, self.kept, self.mission, closed, drawn)
        tiles = self.more.own if kind is None else self.more.tiles(kind)
        return self.game.money_table.money(tiles, tokens, self.mission, drawn, closed)


def _spot(action: Action) -> tuple[str, int]:
    """The site and space (1-7) a token placing puts the token on."""
    if not isinstance(action, PlaceToken):
        raise TypeError(f"the greedy digger places a token here, and {action} places none")
    return action.site, action.space


def _dig_reason(chosen: Action, sites: dict[str, SiteView], gains: dict[str, list[float]],
                value: float) -> str:
    """Why the dig: the site as the board prints it, its expected gain and its best tile."""
    words = str(chosen).split()
    site = sites[words[1]]
    where = f"dig {site['letter']} {site['name']}: {value:+.1f} won expected"
    if len(words) > 2:
        move = int(words[2])
        return f"{where}, moving {move} with the Compass to the {_tile(site, move)}"
    moves = gains[words[1]]
    top = max(range(len(moves)), key=lambda m: moves[m])
    return (f"{where} over the die; best: the {_tile(site, top + 1)} on a roll of {top + 1} "
            f"({moves[top]:+.1f})")


def _tile(site: SiteView, move: int) -> str:
    """The tile a move reaches, as the board prints it (`gold★`)."""
    cell = site["tiles"][landing(site, move)]
    return cell["tile"].replace("*", "★") if cell else "empty space"


def landings(site: SiteView, moves: int) -> list[int]:
    """`landing` of each move from 1 to `moves`, in order."""
    row = [EMPTY if cell is None else 0 for cell in site["tiles"]]
    pickaxe = site["pickaxe"]
    return landing_spaces(row, 0, ON_LABEL if pickaxe is None else pickaxe - 1, moves)


def landing(site: SiteView, move: int) -> int:
    """Index of the space a pickaxe reaches after `move` steps (the rules' `landing_space`
    on the site as the view shows it)."""
    row = [EMPTY if cell is None else 0 for cell in site["tiles"]]
    pickaxe = site["pickaxe"]  # view spaces are 1-based; None is the label
    return landing_space(row, 0, ON_LABEL if pickaxe is None else pickaxe - 1, move)
