"""Simulation at scale: results as Parquet (a round trip), games on Ray (the same rows as
worker processes) and two variants compared on the same seeds."""

from __future__ import annotations

import json
import math
import socket
from pathlib import Path

import pytest
import ray_crash
from data_edits import copy_data, edit
from ray import cloudpickle
from typer.testing import CliRunner

import motherlode.rules.digitup
from motherlode.cli.main import app
from motherlode.sim import GameResult, Tally
from motherlode.sim.balance import run_balance
from motherlode.sim.cluster import batch_size
from motherlode.sim.compare import compare, difference
from motherlode.sim.parquet import read_rows, row_game
from motherlode.sim.runner import just_the_result, play_seeds, set_up_run
from motherlode.sim.stats import Z95

pytestmark = pytest.mark.slow  # Ray clusters and runs of many games

runner = CliRunner()

DIGITUP_DATA = Path(motherlode.rules.digitup.__file__).parent / "data"

# Pay Day describes what a seat holds, so its rows carry parts; two players keep games short.
RUN = ("simulate", "payday", "--games", "6", "--players", "2", "--seed", "40", "--json")
TIMINGS = ("seconds", "games_per_s", "steps_per_s", "jobs")


def simulate(*args: str) -> dict[str, object]:
    """The summary of `motherlode simulate`, without its timings."""
    result = runner.invoke(app, [*RUN, *args])
    assert result.exit_code == 0, result.output
    summary: dict[str, object] = json.loads(result.stdout)
    for timing in TIMINGS:
        summary.pop(timing)
    return summary


def test_parquet_rows_hold_what_the_json_lines_hold(tmp_path: Path) -> None:
    lines_summary = simulate("--out", str(tmp_path / "games.jsonl"))
    parquet_summary = simulate("--out", str(tmp_path / "games.parquet"))
    assert parquet_summary == lines_summary
    lines = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    rows = read_rows(tmp_path / "games.parquet")
    assert [{key: row[key] for key in lines[0]} for row in rows] == lines
    for row in rows:
        assert row["game"] == "payday" and row["players"] == 2
        assert json.loads(row["options"]) == lines_summary["options"]
        assert [row["score_0"], row["score_1"]] == row["scores"]
        assert [row["win_0"], row["win_1"]] == row["win_shares"]
        assert len(row["cards"]) == 2 and all(row["cards"])


def test_the_summary_and_the_balance_report_rebuild_from_parquet(tmp_path: Path) -> None:
    out = tmp_path / "games.parquet"
    summary = simulate("--out", str(out))
    games = [row_game(row) for row in read_rows(out)]
    tally = Tally(2)
    for one in games:
        tally.add(one.result)
    assert tally.wins == summary["seat_wins"]
    assert tally.mean_score == summary["mean_score"]
    balance = run_balance("payday", 6, players=2, seed=40)
    assert tuple(games) == balance.results


def test_a_bad_run_keeps_an_existing_parquet_file(tmp_path: Path) -> None:
    out = tmp_path / "games.parquet"
    out.write_bytes(b"kept")
    result = runner.invoke(app, ["simulate", "payday", "--bots", "nobot", "--out", str(out)])
    assert result.exit_code == 2
    assert out.read_bytes() == b"kept"


def test_ray_batches_are_large_and_many() -> None:
    assert batch_size(6, 2) == 1
    assert batch_size(1_000_000, 64) == 1000  # a lost batch costs at most 1000 games again
    assert batch_size(10_000, 2) == 625  # 8 batches per CPU


def test_ray_gives_the_rows_of_worker_processes(tmp_path: Path) -> None:
    """The same seed on `--jobs 2` and on `--ray local` (a Ray of two CPUs started for the run,
    on free ports, not Redis's 6379) gives the same Parquet rows and summary."""
    processes = simulate("--jobs", "2", "--out", str(tmp_path / "jobs.parquet"))
    on_ray = simulate("--jobs", "2", "--ray", "local", "--out", str(tmp_path / "ray.parquet"))
    assert on_ray == processes
    assert read_rows(tmp_path / "ray.parquet") == read_rows(tmp_path / "jobs.parquet")


def test_a_lost_ray_worker_has_its_batch_run_again(tmp_path: Path) -> None:
    """A worker that dies in the middle of a batch (here: killed by its own game) loses
    nothing: Ray runs the batch again and the results are those of one process."""
    ray_crash.MARKER = str(tmp_path / "killed")
    cloudpickle.register_pickle_by_value(ray_crash)
    try:
        on_ray: list[GameResult] = []
        run = set_up_run("digitup", 8, ["random"], 0, 2, None, 2, "local")
        play_seeds(run, ray_crash.crash_once, on_ray.append)
    finally:
        cloudpickle.unregister_pickle_by_value(ray_crash)
    assert (tmp_path / "killed").exists()  # a worker did die
    here: list[GameResult] = []
    play_seeds(set_up_run("digitup", 8, ["random"], 0, 2, None, 1), just_the_result, here.append)
    assert on_ray == here


def test_a_paired_difference_has_the_textbook_interval() -> None:
    # Differences 1, 2, 3: mean 2, sd 1; A's variance 1, B's 4.
    found = difference([1.0, 2.0, 3.0], [2.0, 4.0, 6.0])
    half = Z95 / math.sqrt(3)
    assert (found.a, found.b, found.diff) == (2.0, 4.0, 2.0)
    assert found.low == pytest.approx(2 - half) and found.high == pytest.approx(2 + half)
    assert found.unpaired_half == pytest.approx(Z95 * math.sqrt(5 / 3))


def test_a_variant_against_itself_differs_by_nothing() -> None:
    """Both variants play the same seeds with the same bots: the same games, so every
    difference and every paired interval is exactly 0."""
    found = compare(
        "digitup", 6, ({}, {"simplified": False}), options={"players": 3}, bots=["greedy"]
    )
    for seat in found.seats:
        for figure in (seat.win_rate, seat.score):
            assert (figure.diff, figure.low, figure.high) == (0.0, 0.0, 0.0)
    assert found.length.diff == 0.0


def test_compare_gives_paired_differences_per_seat() -> None:
    result = runner.invoke(
        app,
        ["compare", "digitup", "-n", "6", "--players", "3", "--bots", "greedy", "--json",
         "--variant", "", "--variant", "simplified=true"],
    )
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert found["variants"] == ["", "simplified=true"]
    assert [options["simplified"] for options in found["options"]] == [False, True]
    assert len(found["seats"]) == 3
    for seat in found["seats"]:
        score = seat["score"]
        assert score["diff"] == pytest.approx(score["b"] - score["a"])
        assert score["low"] <= score["diff"] <= score["high"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "simplified=true"], "exactly twice"),
        (["--variant", "players=2", "--variant", "players=3"], "one table size"),
        (["--variant", "x", "--variant", ""], "key=value"),
        (["--players", "3", "--variant", "players=3", "--variant", ""], "players given both"),
    ],
)
def test_compare_refuses_bad_variants(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["compare", "digitup", "-n", "2", *args])
    assert result.exit_code == 2
    assert message in result.stderr


def test_compare_takes_a_folder_of_component_data(tmp_path: Path) -> None:
    """Variant B: Dig It Up's data with the first set bonus raised by 10. Random bots play the
    same moves on the same seeds, so the games are alike but for the bonus: no seat loses
    points, some gain, and the lengths do not move."""
    folder = copy_data(DIGITUP_DATA, tmp_path)
    edit(folder, "scoring.toml", "[3, 3, 3]", "[3, 3, 13]")
    result = runner.invoke(
        app, ["compare", "digitup", "-n", "8", "--json", "--variant", "", "--variant", str(folder)]
    )
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert found["options"][1]["data"] == str(folder)
    gains = [seat["score"]["diff"] for seat in found["seats"]]
    assert min(gains) >= 0 and max(gains) > 0
    assert found["steps"]["diff"] == 0


def test_a_ray_address_where_nothing_answers_is_refused_at_once() -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # free, and nobody listens once the socket is closed
    result = runner.invoke(app, ["simulate", "digitup", "-n", "2", "--ray", f"127.0.0.1:{port}"])
    assert result.exit_code == 2
    assert "no Ray cluster answers at 127.0.0.1:" in result.stderr
