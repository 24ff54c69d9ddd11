"""Dig It Up (Korea Boardgames, 2018; designer Ikhwan Kwon), 2-5 players.

Rules: ../shared/seeds/003 (the rulebook); the project's choices: docs/games/digitup.md.
The sites, cards and missions in play are `box.DigItUpBox`'s; this class adds the states it
makes and restores, the actions' text, observations and help for bots.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property

from motherlode.engine import JSON, Action, State, View

from . import observe, scoring, truth
from .box import DigItUpBox
from .components import KINDS, SITE_TILES
from .digging import DIE_FACES
from .glossary import glossary
from .phase import EMPTY
from .state import DigItUpState


class DigItUp(DigItUpBox):
    """The game the registry loads (`motherlode.load("digitup")`)."""

    def _new_game(self, seed: int) -> DigItUpState:
        return DigItUpState(self, seed)

    def _restore(self, data: JSON) -> DigItUpState:
        state = self.blank_state()
        truth.restore(state, data)
        return state

    @property
    def max_chance_outcomes(self) -> int:
        """The most outcomes of one draw: a site's tiles laid out (`sample` of 7), the die,
        the chance deck or the mission cards shuffled (one card at a time)."""
        return max(SITE_TILES, DIE_FACES, len(self.chance_deck), len(self.mission_pool))

    def blank_state(self) -> DigItUpState:
        """A state with the engine's part only, for `truth.restore` (or a bot) to fill in."""
        state = DigItUpState.__new__(DigItUpState)
        State.__init__(state, self, 0)
        return state

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
    @cached_property  # the adapters ask at every step
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
        return self.money_of(
            [tiles.get(k, 0) for k in KINDS],
            money_tokens,
            kept,
            EMPTY if mission is None else self.mission_index[mission],
            closed_shop,
            drawn,
        )

    @cached_property
    def money_table(self) -> scoring.MoneyTable:
        """The money of a scoreboard from tables made once (`money_of`)."""
        return scoring.MoneyTable(self.components)

    def money_of(
        self,
        counts: list[int],
        money_tokens: int,
        kept: Sequence[int],
        mission: int,
        closed_shop: int,
        drawn: int,
    ) -> int:
        """`estimate_money` with the scoreboard in numbers: tiles by kind in `KINDS` order
        (chance cards that count as a tile not added; `counts` may be changed), the kept chance
        cards' and the mission's numbers in the box (`components.chance`, `.missions`; EMPTY:
        no mission)."""
        if not self.simplified:
            return self.money_table.total(counts, money_tokens, kept, drawn, closed_shop, mission)
        for card_id in kept:
            card = self.components.chance[card_id]
            if card.effect == "counts_as" and card.kind is not None:
                counts[card.kind] += 1
        board = scoring.Scoreboard(
            counts=tuple(counts),
            tokens=money_tokens,
            kept=tuple(kept),
            drawn=drawn,
            closed_shop=closed_shop,
            mission=mission,
        )
        return scoring.money_for(self.components, board, self.simplified).total


def _letter_number(word: str) -> list[str]:
    """`b4` as the board prints a space (site letter and space): `b`, `4`; other words whole."""
    if len(word) >= 2 and word[0].isalpha() and word[1:].isdigit():
        return [word[0], word[1:]]
    return [word]
