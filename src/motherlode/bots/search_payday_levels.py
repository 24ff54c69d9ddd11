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

The guard is strict (measured, docs/bots/search_payday.md): the overrules of the looser one
(four candidates, halving, 2 standard errors, often on the 6 samples of halving's first
round) were judged by a deeper oracle (heuristic playouts to the end of the game, scored by
the win) as worth nothing on average, and the money the search expected from them mostly
selection noise. Three candidates now get the same playouts each, and the heuristic's choice
is overruled only past 3 standard errors over all of them.

Playouts stop after `depth` decisions and are scored by `search_payday.evaluate` (money plus
the worth of what is held, less bills due), relative to the best opponent. The routine phases
(`search.py`'s `_HEURISTIC_PHASES`) are left to the heuristic. Measured strength:
docs/bots/search_payday.md.
"""

from __future__ import annotations

from .search import SearchBot


class PayDaySearch(SearchBot):
    """Rollouts by the heuristic, no random moves; the base of Pay Day's levels. A strict
    guard: three candidates (the heuristic's choice and the cheap ranking's best two) get the
    same playouts each, no halving, so the heuristic's choice is compared with the best other
    on every sample, and is overruled only past `confidence` 3 standard errors."""

    bot_rollouts = True
    epsilon = 0.0
    width = 3
    halving = False
    confidence = 3.0


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
