"""Dig It Up with its options fixed: the sites, tiles, chance cards and missions in play, and the
tables the rules read while a game is played (`state.game` in every rule module).

`DigItUpBox` is the game without the state it makes: the rule modules type `state.game` with it,
so they never import `game.py` (which imports the state), and the package has no import cycle.
`game.DigItUp` adds making and restoring states, reading actions, observations and help for bots.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from motherlode.engine import Action, Game, Option, SpaceActions

from .actions import COMPASS_MOVES, Dig, KeepMission, PlaceToken, action_space
from .components import SITE_TILES, Components, load_components
from .features import SitePart, tile_features
from .glossary import describe_card, describe_mission
from .phase import EMPTY
from .schema import CardView, SiteView

#: A site's look as a view last showed it (tiles, tokens, pickaxe, tiles left) and that view.
SiteLook = tuple[list[int], list[int], int, int, SiteView]

SUMMARY = """\
Ten dig sites (six with 2-3 players) each hold 7 face-up tiles, the stone first. On your turn,
call out a site and roll: move that site's pickaxe right over the remaining tiles (wrapping to
the left) and collect the tile it lands on. A star draws a chance card (grey: now; orange: keep,
usable from your next turn); "+2" takes 2 won. A site with one tile left is abandoned. After the
8th abandoned site (5th with 2-3 players) the game ends with that turn. Money: your secret
mission, chance cards, money tokens, set bonuses (gold, bronzeware with the Trinity Prize,
scrolls, crystals, rubies, diamonds; stones cost), then bundles of 3 leftover treasures for 5.
Actions: 'keep <mission>', 'dig <site>', 'dig <site> <1-6>' (Compass), 'place <site> <1-7>'."""


@cache
def _components(data: str) -> Components:
    return load_components(data or None)


class DigItUpBox(SpaceActions, Game):
    """The game with its options fixed: which sites, cards and missions are in play."""

    name = "digitup"
    title = "Dig It Up"
    min_players = 2
    max_players = 5
    default_players = 4
    summary = SUMMARY
    extra_options = (
        Option("simplified", bool, False,
               "simplified variation: no missions or chance cards; sets of 4+ score 10, "
               "other tiles 1"),
        Option("data", str, "",
               "folder with corrected sites, chance, missions and scoring TOML files (empty: "
               "built in)"),
        Option("streams", str, "sequential",
               "random-number layout: sequential (every roll from one stream, as always) or "
               "keyed (each roll drawn under its own key, the site and the tiles dug there "
               "before: two variants on one seed share the rolls; for paired comparisons)",
               choices=("sequential", "keyed")),
        Option("last_seat_money", int, 0,
               "won in money tokens the last seat starts with (a seat compensation to test; "
               "the rulebook has none)", minimum=0, maximum=99),
    )

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.simplified = bool(self.options["simplified"])
        self.keyed_rolls = self.options["streams"] == "keyed"
        self.last_seat_money = int(self.options["last_seat_money"])
        self.components = _components(str(self.options["data"]))
        small = self.num_players <= 3
        # 2-3 players: only the large board, sites A-F; the 5th abandoned site ends the game.
        self.sites = self.components.sites[:6] if small else self.components.sites
        self.end_after = 5 if small else 8
        self.site_index = {site.key: s for s, site in enumerate(self.sites)}
        tiles = [tile for site in self.sites for tile in site.tiles]
        self.tile_kind = tuple(t.kind for t in tiles)
        self.tile_star = tuple(t.star for t in tiles)
        self.tile_plus2 = tuple(t.plus2 for t in tiles)
        plus2 = self.components.bonuses.plus2
        self.plus2_won = tuple(plus2 if t.plus2 else 0 for t in tiles)
        self.tile_text = tuple(str(t) for t in tiles)
        # Public names the log's events carry, by index (see log.py).
        self.site_keys = tuple(site.key for site in self.sites)
        self.site_names = tuple(site.name for site in self.sites)
        self.chance_ids = tuple(c.id for c in self.components.chance)
        self.chance_names = tuple(c.name for c in self.components.chance)
        self.mission_ids = tuple(m.id for m in self.components.missions)
        self.mission_names = tuple(m.name for m in self.components.missions)
        self.mission_bonus = tuple(m.bonus for m in self.components.missions)
        self.chance_texts = tuple(describe_card(c) for c in self.components.chance)
        self.mission_texts = tuple(describe_mission(m) for m in self.components.missions)
        self.tile_features = tile_features(tiles)
        self.tile_nonzero = tuple(  # by tile number: its fixed features' (place, number) not 0
            tuple((i, x) for i, x in enumerate(self.tile_features[str(t)]) if x) for t in tiles
        )
        self.site_tiles = tuple(
            tuple(range(s * SITE_TILES, (s + 1) * SITE_TILES)) for s in range(len(self.sites))
        )
        chance = self.components.chance
        # 2-3 players: "remove any cards labeled with the pictogram" (small_game = false).
        self.chance_deck = tuple(
            i for i, c in enumerate(chance) if c.small_game or not small for _ in range(c.count)
        )
        self.mission_pool = tuple(
            i for i, m in enumerate(self.components.missions) if m.small_game or not small
        )
        # The chance card types in this game's deck (none in the simplified variation).
        self.chance_types = () if self.simplified else tuple(sorted(set(self.chance_deck)))
        self.compass_card = next((i for i, c in enumerate(chance) if c.effect == "compass"), EMPTY)
        self.space = action_space(self.components)
        self.keep_actions = {
            i: KeepMission(m.id) for i, m in enumerate(self.components.missions)
        }
        self.place_actions = tuple(
            PlaceToken(site.key, n + 1) for site in self.sites for n in range(SITE_TILES)
        )
        self._dig_cache: dict[tuple[int, bool], tuple[Action, ...]] = {}
        self._dig_ids: dict[tuple[int, bool], tuple[int, ...]] = {}
        # A site's roll texts in the decision, by its look (`decision._site_text`).
        self.site_texts: dict[tuple[int, ...], str] = {}
        # Each site's part of the views as last shown, and its look then (tiles, tokens,
        # pickaxe, tiles left: `view._site`), shared by the views of that look.
        self.site_views: list[SiteLook | None] = [None] * len(self.sites)
        # The cards' part of every view, by the missions it shows (`view._cards`), shared.
        self.card_views: dict[tuple[int, ...], dict[str, CardView]] = {}
        # The sites' part of a numpy observation as last written, and each site's look then
        # (`observe.observe_into`).
        self.site_block: Any = None
        self.site_parts: list[SitePart | None] = [None] * len(self.sites)
        self.mission_index = {m.id: i for i, m in enumerate(self.components.missions)}
        self.chance_index = {c.id: i for i, c in enumerate(chance)}
        # The letter the board prints for each site of the box (`A` -> `amazon`).
        self.site_letters = {site.letter.lower(): site.key for site in self.components.sites}

    def dig_actions(self, open_mask: int, compass: bool) -> tuple[Action, ...]:
        """The digs allowed on the open sites (with a Compass: also each chosen move)."""
        key = (open_mask, compass)
        actions = self._dig_cache.get(key)
        if actions is None:
            moves = range(COMPASS_MOVES + 1) if compass else range(1)
            actions = tuple(
                Dig(site.key, n)
                for s, site in enumerate(self.sites)
                if open_mask >> s & 1
                for n in moves
            )
            self._dig_cache[key] = actions
        return actions

    def dig_action_ids(self, open_mask: int, compass: bool) -> tuple[int, ...]:
        """The integers of `dig_actions`, in order (the action masks' fast path)."""
        key = (open_mask, compass)
        ids = self._dig_ids.get(key)
        if ids is None:
            index = self.space.index
            ids = self._dig_ids[key] = tuple(index[a] for a in self.dig_actions(*key))
        return ids
