"""Simulation: seeded bot games, the same results whatever the number of processes."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

import motherlode
from motherlode.cli.main import app
from motherlode.engine import JSON, Action, Game
from motherlode.sim import (
    GameResult,
    SimulationError,
    Tally,
    bot_seed,
    play_game,
    run_games,
    seat_bots,
    wilson_interval,
)
from motherlode.sim.runner import importable_target

runner = CliRunner()

SUMMARY_KEYS = {
    "game",
    "games",
    "steps",
    "seconds",
    "games_per_s",
    "steps_per_s",
    "seat_win_rate",
    "mean_score",
    "std_score",
    "seat_win_interval",
    "min_steps",
    "max_steps",
    "mean_steps",
}


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_wilson_interval_matches_published_values(
    wins: float, games: int, low: float, high: float
) -> None:
    got = wilson_interval(wins, games)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_a_tie_is_a_shared_win() -> None:
    tally = Tally(3)
    tally.add(GameResult(seed=0, bots=("a",) * 3, scores=(5, 5, 1), winners=(0, 1), steps=10))
    tally.add(GameResult(seed=1, bots=("a",) * 3, scores=(1, 2, 9), winners=(2,), steps=20))
    assert tally.wins == [0.5, 0.5, 1.0]
    assert tally.ties == 1
    assert (tally.steps, tally.min_steps, tally.max_steps) == (30, 10, 20)
    assert tally.mean_score == [3.0, 3.5, 5.0]
    assert tally.std_score[2] == pytest.approx(5.6568542, abs=1e-6)


def test_bot_seeds_are_fixed_and_apart() -> None:
    assert bot_seed(7, 0) == bot_seed(7, 0)
    assert len({bot_seed(seed, seat) for seed in range(20) for seat in range(5)}) == 100
    assert seat_bots(["greedy", "random"], 5) == ("greedy", "random", "greedy", "random", "greedy")


def test_same_seed_same_results_in_one_process_or_two() -> None:
    lines: dict[int, list[GameResult]] = {1: [], 2: []}
    summaries = {
        jobs: run_games(
            "digitup",
            12,
            players=3,
            bots=["greedy", "random"],
            seed=40,
            jobs=jobs,
            on_result=lines[jobs].append,
        )
        for jobs in (1, 2)
    }
    assert lines[1] == lines[2]
    assert [r.seed for r in lines[1]] == list(range(40, 52))
    one, two = (summaries[j].to_json() for j in (1, 2))
    for timing in ("seconds", "games_per_s", "steps_per_s", "jobs"):
        one.pop(timing), two.pop(timing)
    assert one == two
    assert sum(summaries[1].seat_win_rate) == pytest.approx(1.0)


def test_a_game_registered_at_run_time_plays_in_worker_processes() -> None:
    """The tests' toy game lives outside the package; spawned workers still find it."""
    one = run_games("toy", 6, bots=["random"], seed=3, jobs=1)
    two = run_games("toy", 6, bots=["random"], seed=3, jobs=2)
    assert one.seat_wins == two.seat_wins and one.steps == two.steps


def test_results_match_a_game_played_by_hand() -> None:
    game = motherlode.load("digitup", players=2, simplified=True)
    result = play_game(game, ("random", "random"), seed=5)
    state = game.new_game(5)
    bots = [motherlode.bots.make_bot("random", game, seat, bot_seed(5, seat)) for seat in range(2)]
    while (seat := state.current_player) is not None:
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert result.scores == tuple(state.scores())
    assert result.winners == tuple(state.winners())
    assert result.steps == len(state.history)


class _Cheat:
    """A bot that answers with an action that is not legal."""

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        pass

    def choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        return _Nothing()


class _Nothing(Action):
    """An action of no game."""

    __slots__ = ()

    def __str__(self) -> str:
        return "nothing"


def test_a_bot_choosing_an_illegal_action_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("motherlode.sim.runner.make_bot", lambda n, g, s, r: _Cheat(g, s, r))
    game = motherlode.load("digitup", players=2)
    with pytest.raises(SimulationError, match="chose nothing"):
        play_game(game, ("cheat", "cheat"), seed=1)


def test_a_game_that_never_ends_is_stopped() -> None:
    game = motherlode.load("digitup", players=2)
    with pytest.raises(SimulationError, match="no end after 5 steps"):
        play_game(game, ("random", "random"), seed=1, max_steps=5)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0}, "number of games"),
        ({"jobs": 0}, "number of jobs"),
        ({"seed": -1}, "seed"),
        ({"bots": ["nobot"]}, "bot 'nobot'"),
        ({"bots": []}, "no bot given"),
        ({"players": 6}, "players=6"),
        ({"options": {"colour": "red"}}, "unknown option"),
    ],
)
def test_bad_arguments_are_refused_before_playing(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"games": 2, **kwargs}
    games = arguments.pop("games")
    with pytest.raises(motherlode.OptionError, match=message):
        run_games("digitup", games, **arguments)  # type: ignore[arg-type]


def test_simulate_json_summary_and_lines_are_the_same_for_any_jobs(tmp_path: Path) -> None:
    outputs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}.jsonl"
        result = runner.invoke(
            app,
            [
                "simulate",
                "digitup",
                "--games",
                "10",
                "--players",
                "3",
                "--bots",
                "greedy,random",
                "--seed",
                "100",
                "--jobs",
                jobs,
                "--out",
                str(out),
                "--json",
            ],
        )
        assert result.exit_code == 0, result.output
        summary = json.loads(result.stdout)
        assert set(summary) >= SUMMARY_KEYS
        assert summary["games"] == 10 and summary["game"] == "digitup"
        assert summary["bots"] == ["greedy", "random", "greedy"]
        assert len(summary["seat_win_rate"]) == 3 and len(summary["mean_score"]) == 3
        for timing in ("seconds", "games_per_s", "steps_per_s", "jobs"):
            summary.pop(timing)
        outputs[jobs] = (summary, out.read_text())
    assert outputs["1"] == outputs["2"]
    lines = [json.loads(line) for line in outputs["1"][1].splitlines()]
    assert [line["seed"] for line in lines] == list(range(100, 110))
    assert set(lines[0]) == {"seed", "scores", "winners", "steps", "bots"}


def test_simulate_prints_a_summary_table() -> None:
    result = runner.invoke(
        app,
        ["simulate", "digitup", "-n", "4", "--option", "simplified=true", "--players", "2"],
        env={"COLUMNS": "120"},
    )
    assert result.exit_code == 0, result.output
    for text in ("win rate", "95% interval", "mean score", "games/s", "steps/s", "length"):
        assert text in result.stdout


def test_a_game_workers_cannot_import_is_refused_not_hung() -> None:
    """With several jobs, a game class defined where workers cannot import it is refused."""
    import toygame

    class Local(toygame.Toy):
        pass

    with pytest.raises(motherlode.OptionError, match="cannot be imported by worker processes"):
        run_games(Local(), 4, jobs=2)


def test_a_worker_knows_a_game_by_its_front_door() -> None:
    """A worker process registers the game as the parent knows it: a built-in game by its
    front door, so that its DESCRIPTION (the strongest bot a search bot plays out with) is
    the same in every process; a game registered as a class by that class."""
    assert importable_target(motherlode.load("digitup")) == "motherlode.rules.digitup"
    assert importable_target(motherlode.load("toy")) == "toygame:Toy"
