"""The search's levels in Dig It Up: the mission kept by measured worth, then the search.

The mission pays only at the end, past any playout, so it is not searched: the seat keeps the
dealt mission with which the potential bot won most often (`search_digitup.MISSION_WINS`,
measured). The digs are searched as `SearchBot` does, from the potential's best dig
(`search_digitup.potential_digs`, the seat's own mission in it by its chance of being met).
Measured strength: docs/bots/search.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from motherlode.engine import Action, View
from motherlode.rules.digitup import PHASES, Phase

from .search import EasySearch, HardSearch, MediumSearch, SearchBot
from .search_digitup import keep_mission


class DigItUpSearch(SearchBot):
    """`SearchBot`, keeping the mission by `keep_mission`; the base of Dig It Up's levels."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if view["phase"] == PHASES[Phase.MISSIONS]:
            self.last_iterations = 0
            return keep_mission(legal)
        return super().choose(view, legal)


class DigItUpEasySearch(DigItUpSearch, EasySearch):
    """`EasySearch` in Dig It Up."""


class DigItUpMediumSearch(DigItUpSearch, MediumSearch):
    """`MediumSearch` in Dig It Up."""


class DigItUpHardSearch(DigItUpSearch, HardSearch):
    """`HardSearch` in Dig It Up."""
