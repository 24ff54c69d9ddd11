"""Shared test set-up: the toy game High Card (tests/toygame.py) is registered as "toy"."""

from __future__ import annotations

import sys
from pathlib import Path

from motherlode.engine import register

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)

register("toy", "toygame:Toy")
