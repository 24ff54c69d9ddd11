"""Same seeds, same games: 100 seeded random games per game and player count end with the
digests recorded before the positions were declared once (issue 22); a refactor that changes
a game's play, its truth or its restore fails here. Recorded with
`scripts/digests.py --write tests/data/digests.json`.

Each game and player count is its own test, so that `pytest -n 2` spreads Saboteur's eleven
counts over both workers. The record held 200 games a count until 2026-12-03; it was cut to
the first 100 of the same seeds (the same games, checked against the 200-game record in the
same run before the new one was written) to keep `make test` under ten minutes: every game is
a few hundred random actions, so a change to the rules shows in the first 100 as surely as in
the next 100."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

# 100 seeded games per game and player count: run this file after any change to the rules.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
RECORDED = json.loads((ROOT / "tests" / "data" / "digests.json").read_text())


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("digests", ROOT / "scripts" / "digests.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_real_game_and_count_has_a_recorded_digest() -> None:
    script = _script()
    want = {f"{name}:{players}" for name in script.real_games() for players in script.counts(name)}
    assert set(RECORDED["digests"]) == want


@pytest.mark.parametrize("key", sorted(RECORDED["digests"]))
def test_seeded_games_keep_their_recorded_digests(key: str) -> None:
    name, players = key.split(":")
    found = _script().count_digest(name, int(players), RECORDED["games"])
    assert found == RECORDED["digests"][key]
