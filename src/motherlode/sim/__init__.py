"""Many seeded bot games at once, for designers and researchers: `run_games(...) -> Summary`.

>>> from motherlode.sim import run_games
>>> summary = run_games("digitup", 10, players=3, bots=["random"], seed=1)
>>> summary.games
10
"""

from .runner import (
    SimulationError,
    bot_seed,
    play_game,
    run_games,
    seat_bots,
)
from .stats import GameResult, Summary, Tally, wilson_interval

__all__ = [
    "GameResult",
    "SimulationError",
    "Summary",
    "Tally",
    "bot_seed",
    "play_game",
    "run_games",
    "seat_bots",
    "wilson_interval",
]
