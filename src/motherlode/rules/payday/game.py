"""Pay Day (the modern Hasbro edition), 2-4 players.

Rules: ../shared/seeds/002 and ../shared/reference/payday-and-digitup.md; the project's choices:
docs/games/payday.md. The options, the data and the words made from them are in `box.py`;
this class adds the positions (`state.py`) and the observations (`observe.py`).
"""

from __future__ import annotations

from motherlode.engine import JSON, View

from . import truth
from .box import PayDayBox
from .observe import observation_size, observe_view
from .state import PayDayState


class PayDay(PayDayBox):
    """The game with its options fixed: players, months, the readings, the card data."""

    def _new_game(self, seed: int) -> PayDayState:
        return PayDayState(self, seed)

    def _restore(self, data: JSON) -> PayDayState:
        """A blank state of this game filled from its truth (`truth.py`)."""
        state = PayDayState.__new__(PayDayState)
        state.game = self
        return truth.restore(state, data)

    @property
    def max_chance_outcomes(self) -> int:
        """The most outcomes of one draw: the die (6 numbers; the Jackpot face of the box's
        die), the Bargain, Mail or Event deck shuffled (one card at a time)."""
        parts = self.components
        return max(6, len(self.die_faces), len(parts.bargains), len(parts.mail()),
                   len(parts.events))

    # --- observations --------------------------------------------------------------------
    @property
    def observation_size(self) -> int:
        return observation_size(self)

    def observe(self, view: View) -> list[float]:
        """Layout (`view.observe` names every part): the phase one-hot, the turn's roll and
        die face, the Jackpot and decks; per seat from the observer (4 slots): present, to
        decide, finished, day, month, cash, loan, and per card of the box whether it holds it;
        the Bargain being dealt with and the auction; the sale and its hits; the Lottery."""
        return observe_view(self, view)
