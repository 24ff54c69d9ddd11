"""Same seeds, same games: 200 seeded random games per game and player count end with the
digests recorded before the positions were declared once (issue 22); a refactor that changes
a game's play, its truth or its restore fails here. Recorded with
`scripts/digests.py --write tests/data/digests.json`."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
RECORDED = json.loads((ROOT / "tests" / "data" / "digests.json").read_text())


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("digests", ROOT / "scripts" / "digests.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["digitup", "paydirt", "payday", "saboteur"])
def test_seeded_games_keep_their_recorded_digests(name: str) -> None:
    script = _script()
    found = script.game_digests(name, RECORDED["games"])
    want = {key: value for key, value in RECORDED["digests"].items() if key.startswith(f"{name}:")}
    assert want and found == want
