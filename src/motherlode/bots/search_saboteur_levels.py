"""The search's levels in Saboteur Gold, and two options measured on them: playouts of the
opponents' own policy, and whole rounds near the treasure.

The levels (`search-easy`, `search-medium`, `search-hard`) keep the settings they had as
`bots/search.py`'s classes: neither option below was shown to win more (docs/bots/
search_saboteur.md, "Session s6"), so they are off and are set per run
(`benchmarks/search_strength.py --set heuristic_depth=8 --set endgame=3`).

`heuristic_depth` (`SearchBot`'s, set on these levels): the opponents are the heuristic bot,
and the cheap `rollout_policy` makes the heuristic's move at only about 38% of its decisions
(measured on 15 heuristic games), so a playout of the cheap policy foresees the table poorly.
With `heuristic_depth` n, the first n decisions of each playout are the heuristic's own in
every seat (a fresh bot per seat and playout, reading that seat's view of the sample, so no bot
carries beliefs from one playout to the next), the rest the cheap policy's: one step of policy
improvement over the heuristic, as in Pay Day. A heuristic decision costs about 1 ms of CPU
with its view (the cheap policy's 0.12 ms), so 250 ms a move affords about 28 such playouts of
8 decisions.

`endgame`: in seven players the treasure is reached in nearly every round whatever the cards
still needed, so what a move changes is mostly the share-out: which Digger's team connects (it
wins alone), who is trapped at the end, the crystals, the thefts. A playout cut short is valued
by the distance to the treasure, which sees none of that; a playout to the round's end is
scored by the game's own share-out. With `endgame` k, a playout runs to the round's end (at
most `endgame_depth` decisions) when its sample lays the treasure within k cards of the maze's
open ends, else `depth` decisions (`SearchBot._playout_depth`, overridden here).
"""

from __future__ import annotations

from motherlode.engine import State
from motherlode.rules.saboteur import SaboteurState

from .search import SearchBot
from .search_saboteur import cards_to_treasure


class SaboteurSearch(SearchBot):
    """The search with Saboteur's two options (`endgame`, and `SearchBot`'s
    `heuristic_depth`), both off; the base of Saboteur's levels."""

    #: cards still needed to the sample's treasure at or under which a playout runs to the
    #: round's end (0: never)
    endgame = 0.0
    #: the most decisions of such a playout (a round takes about 40 at seven players)
    endgame_depth = 60

    def _playout_depth(self, sample: State) -> int:
        """The most decisions of a playout from `sample`: to the round's end near the
        treasure (`endgame`), else the level's `depth`."""
        if not isinstance(sample, SaboteurState):
            raise TypeError(f"the Saboteur search plays Saboteur, not {sample.game.name}")
        if self.endgame > 0 and cards_to_treasure(sample) <= self.endgame:
            return self.endgame_depth
        return self.depth


class SaboteurEasySearch(SaboteurSearch):
    """A light search: few playouts, short and noisy, trusted over its heuristic at once."""

    iterations = 24
    depth = 4
    epsilon = 0.3
    confidence = 0.0


class SaboteurMediumSearch(SaboteurSearch):
    """The default search: about 90 ms of CPU a move on one core."""

    iterations = 120
    depth = 8


class SaboteurHardSearch(SaboteurSearch):
    """The search with more playouts: about 220 ms of CPU a move."""

    iterations = 300
    depth = 8
