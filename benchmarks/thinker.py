"""A bot that thinks: it burns `MOTHERLODE_THINK_MS` milliseconds (default 250) of its own
thread's CPU time before each choice, then chooses like the random bot (from its seeded RNG,
so a table's moves stay the same for its seed). For benchmarks/server_load.py --thinking-tables.

    python benchmarks/thinker.py serve --port 8000 ...   # `motherlode serve` with the bot
                                                          # "thinker" registered for every game
                                                          # and the game "count"

The bot, and benchmarks/countgame.py's game "count" (boardgame.io's trivial game of the side
by side), are registered when this module is imported as a program (so also in a process
that multiprocessing starts from it); `benchmarks` must be on PYTHONPATH, where server_load.py
puts it, for `thinker:Thinker` and `countgame:Count` to be imported wherever the server makes
its bots and games.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence

from motherlode.bots import RandomBot, register_bot
from motherlode.cli.main import main
from motherlode.engine import Action, Game, View, register

#: CPU seconds each choice burns.
THINK = float(os.environ.get("MOTHERLODE_THINK_MS", "250")) / 1000


class Thinker:
    """The random bot after THINK seconds of CPU work (of the thread it runs on)."""

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.random = RandomBot(game, seat, seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        until = time.thread_time() + THINK
        while time.thread_time() < until:
            continue
        return self.random.choose(view, legal)


register_bot("thinker", "thinker:Thinker")
register("count", "countgame:Count")

if __name__ == "__main__":
    main()
