"""Bots that think slowly on purpose, for tests and benchmarks of the server. They are never
offered to users: a test registers them itself (`register_bot(name, target)` for each of
`SLOW_BOTS`), in its own process, and a server it then starts passes them to its bot workers.

Each reads its seat's view (it is not blind: the server builds the view for it), burns its
thinking time on the CPU as a search would, holding the interpreter, then chooses at random
from its seeded RNG.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from motherlode.engine import Action, Game, View

#: The slow bots, each for every game: name -> "module:Class" (milliseconds of thinking).
SLOW_BOTS = {
    "slow-250": "motherlode.testing.slow_bots:Think250",
    "slow-2000": "motherlode.testing.slow_bots:Think2000",
}


def burn(seconds: float) -> None:
    """Keep the CPU busy for `seconds` (no sleep: the interpreter is held)."""
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        pass


class Think250:
    """Thinks 250 ms on the CPU, then chooses at random."""

    think = 0.25

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        burn(self.think)
        return legal[self.rng.randrange(len(legal))]


class Think2000(Think250):
    """Thinks 2 s on the CPU, then chooses at random."""

    think = 2.0
