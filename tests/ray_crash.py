"""A `finish` for a simulation run that kills its worker process the first time it finishes
one chosen seed: a lost Ray worker. Sent to Ray's workers by value (they cannot import the
tests), with the marker file's path set here before the run."""

from __future__ import annotations

import os
from pathlib import Path

from motherlode.engine import Game, State
from motherlode.sim import GameResult

#: The file that says the worker was already killed once (set by the test).
MARKER = ""
#: The seed whose game kills its worker.
DOOMED_SEED = 3


def crash_once(game: Game, state: State, result: GameResult) -> GameResult:
    marker = Path(MARKER)
    if result.seed == DOOMED_SEED and not marker.exists():
        marker.touch()
        os._exit(1)
    return result
