"""Dig It Up (Korea Boardgames, 2018; designer Ikhwan Kwon), 2-5 players.

Rules: ../shared/seeds/003 (the rulebook); the project's choices: docs/games/digitup.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from motherlode.engine import JSON, Action, Game, Option, SpaceActions, State, View

from . import observe, scoring, truth
from .actions import COMPASS_MOVES, Dig, KeepMission, PlaceToken, action_space
from .components import KINDS, SITE_TILES, Components, load_components
from .glossary import describe_card, describe_mission, glossary
from .phase import EMPTY
from .state import DigItUpState

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


class DigItUp(SpaceActions, Game):
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
    )

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.simplified = bool(self.options["simplified"])
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
        self.tile_features = observe.tile_features(self)
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
        self.mission_index = {m.id: i for i, m in enumerate(self.components.missions)}
        self.chance_index = {c.id: i for i, c in enumerate(chance)}
        # The letter the board prints for each site of the box (`A` -> `amazon`).
        self.site_letters = {site.letter.lower(): site.key for site in self.components.sites}

    def _new_game(self, seed: int) -> DigItUpState:
        return DigItUpState(self, seed)

    def _restore(self, data: JSON) -> DigItUpState:
        return truth.restore(self, data)

    def blank_state(self) -> DigItUpState:
        """A state with the engine's part only, for `truth.restore` to fill in."""
        state = DigItUpState.__new__(DigItUpState)
        State.__init__(state, self, 0)
        return state

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

    # --- actions -----------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """The action written as `text`; a site may be named by its key, the first letters of
        its name or the letter the board prints, with the space or move joined on as the
        board prints it (`dig A`, `dig sah 2`, `dig b 4`, `place C 3`, `place B4`)."""
        words = [part for word in str(text).lower().split() for part in _letter_number(word)]
        if len(words) > 1 and words[0] in ("dig", "place"):
            words[1] = self.site_named(words[1])
        action = self.space.by_text.get(" ".join(words))
        return action if action is not None else self.space.parse(text)  # the error says why

    def site_named(self, word: str) -> str:
        """The site key `word` names: a letter, a key, or the start (3 letters or more) of one
        site's key or name; else `word` itself (the parse then says it is unknown)."""
        if word in self.site_letters:
            return self.site_letters[word]
        if len(word) < 3:
            return word
        found = {site.key for site in self.components.sites
                 if site.key.startswith(word) or site.name.lower().startswith(word)}
        return found.pop() if len(found) == 1 else word

    @property
    def glossary(self) -> dict[str, str]:
        return glossary(self.components, self.sites, self.simplified, self.end_after)

    @property
    def max_game_length(self) -> int:
        """Missions kept, one dig per tile at most, one placement per token card at most."""
        tokens = sum(self.components.chance[c].effect == "token" for c in self.chance_deck)
        return self.num_players + len(self.tile_kind) + tokens

    # --- observations ------------------------------------------------------------------
    @property
    def observation_size(self) -> int:
        return observe.observation_size(self)

    def observe(self, seen: View) -> list[float]:
        """Layout: phase one-hot (4); current player relative to the seat (5); abandoned/10;
        chance deck/50; pending token/3; per site A-J: abandoned, pickaxe on label, then per
        space: tile kind one-hot (9), star, +2, token/3, pickaxe here; per scoreboard from the
        seat round the table (5): tiles/10 by kind (9), tokens/20, used cards/10, closed shop,
        mission kept, kept cards by type (13); per mission: kept, dealt (own only)."""
        return observe.observe(self, seen)

    # --- help for bots: money of a hypothetical scoreboard -------------------------------
    def estimate_money(
        self,
        tiles: Mapping[str, int],
        money_tokens: int,
        chance_kept: Sequence[str] = (),
        mission: str | None = None,
        closed_shop: int = 0,
        drawn: int = 0,
    ) -> int:
        """Money a scoreboard would be worth at the end (missions judged as they stand);
        `closed_shop` sites made abandoned and `drawn` chance cards count for missions."""
        kept = tuple(self.chance_index[c] for c in chance_kept)
        counts = [tiles.get(k, 0) for k in KINDS]
        for card_id in kept:
            card = self.components.chance[card_id]
            if card.effect == "counts_as" and card.kind is not None:
                counts[card.kind] += 1
        board = scoring.Scoreboard(
            counts=tuple(counts),
            tokens=money_tokens,
            kept=kept,
            drawn=drawn,
            closed_shop=closed_shop,
            mission=EMPTY if mission is None else self.mission_index[mission],
        )
        return scoring.money_for(self.components, board, self.simplified).total


def _letter_number(word: str) -> list[str]:
    """`b4` as the board prints a space (site letter and space): `b`, `4`; other words whole."""
    if len(word) >= 2 and word[0].isalpha() and word[1:].isdigit():
        return [word[0], word[1:]]
    return [word]
