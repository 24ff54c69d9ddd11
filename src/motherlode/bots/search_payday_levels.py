"""The search's levels in Pay Day: rollout-improvement of the heuristic.

Pay Day's opponents are the heuristic bot, and a whole game of four heuristic bots costs
about 50 ms, so the search rolls out with the heuristic itself in every seat (through each
seat's view of the determinization, `SearchBot.bot_rollouts`) and with no random moves
(`epsilon` 0): each first move is judged by how the game goes on when everyone, the seat
included, then plays as the heuristic does, on the same determinizations and dice for every
candidate (common random numbers). The heuristic's choice stands unless another candidate's
playouts beat it by `confidence` standard errors of their paired differences (`SearchBot`),
so the search plays the heuristic's move where it cannot tell, and a better one where the
playouts show it: one step of policy improvement over the opponents' own policy.

Playouts stop after `depth` decisions and are scored by `search_payday.evaluate` (money plus
the worth of what is held, less bills due), relative to the best opponent. The routine phases
(`search.py`'s `_HEURISTIC_PHASES`) are left to the heuristic. Measured strength:
docs/bots/search_payday.md.
"""

from __future__ import annotations

from .search import SearchBot


class PayDaySearch(SearchBot):
    """Rollouts by the heuristic, no random moves; the base of Pay Day's levels."""

    bot_rollouts = True
    epsilon = 0.0
    width = 4


class PayDayEasySearch(PayDaySearch):
    """A light search: few short playouts, the heuristic's choice kept unless clearly beaten."""

    iterations = 16
    depth = 16


class PayDayMediumSearch(PayDaySearch):
    """The default search: about 250 ms a move on one core."""

    iterations = 48
    depth = 24


class PayDayHardSearch(PayDaySearch):
    """The search with more and longer playouts (about 1 s a move)."""

    iterations = 160
    depth = 32
