"""Tools to test games: `conformance` checks that a game keeps the engine's contract.

>>> from motherlode.testing import check_game
>>> print(check_game("digitup", {"players": 2}, seeds=range(2)))  # doctest: +SKIP
"""

from .conformance import ConformanceError, Report, check_game

__all__ = ["ConformanceError", "Report", "check_game"]
