"""The load benchmark runs (benchmarks/server_load.py): two tables for two seconds against its
own server on SQLite. A smoke test, not a timed one: its figures are not checked."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
pytest.importorskip("websockets", reason="the web extra is not installed")

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "server_load.py"


def test_the_load_benchmark_runs_and_reports() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARK), "--tables", "2", "--seconds", "2", "--warmup", "1",
         "--header", "--json"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "client errors" not in done.stderr, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("| tables | game | database |")
    assert lines[2].startswith("| 2 | digitup (2p, 1 client, bot random) | SQLite | 1 |")
    result = json.loads(lines[-1])
    assert result["errors"] == [], done.stdout
    assert result["client_moves"] > 0 and result["moves_per_s"] > 0
    assert result["p50"] <= result["p95"] <= result["p99"] <= result["max"]
