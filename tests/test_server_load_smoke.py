"""The load benchmark runs (benchmarks/server_load.py): two tables for two seconds against its
own server on SQLite. A smoke test, not a timed one: its figures are not checked."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from system import need

pytestmark = pytest.mark.slow  # a live server under a short load

pytest.importorskip("fastapi", reason="the web extra is not installed")
pytest.importorskip("websockets", reason="the web extra is not installed")

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "server_load.py"
#: A load generator's table that got no answer in its 30 s (the open flake below).
NO_ANSWER = "no answer in 30000 ms"


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


def test_the_thinking_tables_mode_runs_and_reports() -> None:
    """--thinking-tables: a person against benchmarks/thinker.py's bot (registered in the
    server through that file), the other tables people only."""
    done = subprocess.run(
        [sys.executable, str(BENCHMARK), "--tables", "3", "--thinking-tables", "1",
         "--clients", "2", "--think-ms", "5", "--seconds", "2", "--warmup", "1", "--json"],
        capture_output=True, text=True, timeout=90, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "client errors" not in done.stderr, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["game"] == ("digitup (2p, 2 clients); 1 of them 1 client + bot thinker "
                              "(5 ms)")
    assert result["errors"] == [] and result["client_moves"] > 0


@pytest.mark.parametrize(("extra", "ours"), [
    ([], "digitup (2p, 2 clients)"),
    (["--game", "count"], "count (38 moves, 2p, 2 clients)"),
    (["--python-clients"], "digitup (2p, 2 clients)"),
])
def test_the_side_by_side_with_boardgame_io_runs_and_reports(extra: list[str],
                                                              ours: str) -> None:
    """--versus-bgio: ours and boardgame.io (installed from benchmarks/bgio/package-lock.json
    by `npm ci` when missing), each server on core 0 and its load on core 1, both printed.
    Ours is driven by node (benchmarks/bgio/load_motherlode.js) as boardgame.io is, or by the
    Python clients; `--game count` plays boardgame.io's game (benchmarks/countgame.py)."""
    need("node", "nodejs")
    need("npm", "npm")
    need("taskset", "util-linux")
    command = [sys.executable, str(BENCHMARK), "--versus-bgio", "--tables", "2", "--seconds",
               "2", "--warmup", "1", "--json", *extra]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    if NO_ANSWER in done.stderr:
        # Known and open (stop 27/28 notes): about once in 15-45 pairings, under the full
        # suite's load, one seat of one table on either server waits 30 s for the answer to a
        # move sent as the window closes. Run once more, and say so; twice in a row fails.
        # a warning, not a print: pytest's summary shows it in CI logs of passing runs too
        warnings.warn(f"run again after a table timed out: {done.stderr}", stacklevel=1)
        done = subprocess.run(command, capture_output=True, text=True, timeout=300,
                              check=False)
    assert done.returncode == 0, done.stderr
    assert "client errors" not in done.stderr, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].startswith("| server | tables | game | storage |")
    assert lines[2].startswith(f"| motherlode | 2 | {ours} | SQLite | 1 |")
    assert lines[3].startswith("| boardgame.io 0.50.2 | 2 | count (38 moves, 2p, 2 clients) "
                               "| in memory | 1 |")
    assert lines[5].startswith("motherlode / boardgame.io: moves/s x")
    mine, theirs = json.loads(lines[-1])
    for result in (mine, theirs):
        assert result["errors"] == [] and result["client_moves"] > 0
        assert result["p50"] <= result["p99"] <= result["max"]
