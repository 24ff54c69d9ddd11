"""Saboteur Gold (Saboteur 2 with the base game's cards; Frederic Moyersoen), 2-12 players, and
the base game's rules as a mode (3-10 players).

`Saboteur` is `base.SaboteurBase` (the options, the cards and their look-ups) with the states
(`state.SaboteurState`, read back by `truth.restore`) and the observation (`observe.py`).

Rules: ../shared/seeds/004 and ../shared/reference/saboteur.md; the project's choices:
docs/games/saboteur.md.
"""

from __future__ import annotations

from functools import cached_property

from motherlode.engine import JSON, ActionEncoding, OptionError, View

from . import observe, setup, truth
from .base import SaboteurBase
from .hand_encoding import HandEncoding
from .schema import is_saboteur_view
from .state import SaboteurState


class Saboteur(SaboteurBase):
    """The game with its options fixed: the edition, the player count, the card data."""

    def _new_game(self, seed: int) -> SaboteurState:
        return SaboteurState(self, seed)

    def _restore(self, data: JSON) -> SaboteurState:
        state = self._new_game(0)
        truth.restore(state, data)
        return state

    @property
    def max_chance_outcomes(self) -> int:
        """The most outcomes of one draw: a round's deck, the dwarves, the goals or the gold
        cards shuffled (one card at a time)."""
        cards, edition = self.cards, self.edition
        return max(len(setup.draw_deck(cards, edition)),
                   len(setup.role_deck(cards, edition, self.num_players)),
                   len(cards.goals), len(self.gold_cards))

    def action_encoding(self, name: str | None = None) -> ActionEncoding:
        """"hand" (learning agents' default: a card by its hand slot, `hand_encoding.py`,
        about 4,000 integers) or "full" (`encode`/`decode`: 27,402)."""
        if name is None or name == "hand":
            return HandEncoding(self)
        if name == "full":
            return super().action_encoding(name)
        raise OptionError(f"saboteur: action_encoding {name!r} is not offered; use 'hand' or "
                          "'full'")

    # --- observations --------------------------------------------------------------------
    @cached_property
    def observation_size(self) -> int:
        """Worked out once per game (counting the layout's numbers takes thousands of steps,
        and the adapters ask at every observation)."""
        return observe.observation_size(self)

    def observe(self, view: View) -> list[float]:
        """Layout (`observe._parts` names every entry): phase one-hot (6), round, pile; own dwarf
        one-hot; hand count per card design /3; per goal: face up, known, treasure; passed,
        fixing one-hot, gold offer per value; per seat from the observer (12 slots): present,
        to play, hand/6, gold/20, broken tools (3), trapped, theft, dwarf seen one-hot; per cell
        of the bounded table row by row: occupied, open N/E/S/W, reached, ladder, green door,
        blue door, crystals/2, goal."""
        if not is_saboteur_view(view):
            raise ValueError(f"saboteur: cannot observe a view of {view['game']}")
        return observe.observe(self, view)
