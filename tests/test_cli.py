"""The `motherlode` command: games, rules, play, replay, and one-line errors for bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import motherlode
from motherlode.cli.common import transcript
from motherlode.cli.main import app
from motherlode.cli.render import drawing_for, render_generic
from motherlode.cli.replay import Replay

runner = CliRunner()
MANY_ONES = "1\n" * 400


def run(*args: str, stdin: str = "") -> Result:
    return runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "100"})


def test_games_lists_every_game_with_players() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "digitup" in result.stdout
    assert "Dig It Up" in result.stdout
    assert "2-5 (default 4)" in result.stdout


def test_rules_shows_summary_options_and_bots() -> None:
    result = run("rules", "digitup")
    assert result.exit_code == 0, result.output
    assert "dig site" in result.stdout
    for word in ("players", "simplified", "an integer 2..5", "true or false", "greedy, random"):
        assert word in result.stdout


def test_play_a_whole_game_against_bots_and_save_it(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run(
        "play",
        "digitup",
        "--players",
        "3",
        "--seat",
        "1",
        "--bots",
        "greedy,random",
        "--seed",
        "7",
        "--save",
        str(save),
        stdin=MANY_ONES,
    )
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.stdout
    assert "seat 0 (greedy)" in result.stdout and "seat 2 (random)" in result.stdout
    state = motherlode.load_game(save.read_text())
    assert state.is_terminal
    assert state.seed == 7 and state.game.num_players == 3
    verdict = "You win!" if state.winners() == [1] else "Winner:"
    assert verdict in result.stdout or "You share the win!" in result.stdout


def test_quit_saves_and_load_resumes_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = run(
        "play",
        "digitup",
        "--players",
        "2",
        "--bots",
        "random",
        "--seed",
        "3",
        "--save",
        str(save),
        stdin="2\n1\nquit\n",
    )
    assert first.exit_code == 0, first.output
    assert "resume with: motherlode play --load" in first.stdout
    unfinished = motherlode.load_game(save.read_text())
    assert not unfinished.is_terminal
    assert len(unfinished.history) >= 3  # two missions kept, then the human's dig
    second = run("play", "--load", str(save), "--save", str(save), stdin=MANY_ONES)
    assert second.exit_code == 0, second.output
    finished = motherlode.load_game(save.read_text())
    assert finished.is_terminal
    assert [str(a) for a in finished.history[: len(unfinished.history)]] == [
        str(a) for a in unfinished.history
    ]


def test_actions_by_text_help_and_mistakes() -> None:
    first = motherlode.load("digitup", players=2).new_game(5).legal_actions()[1]
    stdin = f"help\nnonsense\n99\nview\n{first}\nquit\n"
    result = run("play", "digitup", "--players", "2", "--seed", "5", stdin=stdin)
    assert result.exit_code == 0, result.output
    assert "How to play" in result.stdout
    assert "'nonsense' is none of your options; type 1..3" in result.stdout
    assert "no option 99; choose 1..3" in result.stdout
    assert "Your mission:" in result.stdout  # the text action was taken
    assert "not saved" in result.stdout


def test_end_of_input_leaves_cleanly() -> None:
    result = run("play", "digitup", "--seed", "1", stdin="")
    assert result.exit_code == 0, result.output
    assert "game left unfinished" in result.stdout


def test_the_others_secret_missions_never_show(tmp_path: Path) -> None:
    """Other seats' `keep <mission>` are shown as the view's log tells them: hidden."""
    save = tmp_path / "game.json"
    result = run(
        "play",
        "digitup",
        "--players",
        "4",
        "--seat",
        "2",
        "--bots",
        "random",
        "--seed",
        "11",
        "--save",
        str(save),
        stdin="1\n1\nquit\n",
    )
    assert result.exit_code == 0, result.output
    kept = [a for a in json.loads(save.read_text())["actions"] if a.startswith("keep ")]
    assert len(kept) == 4  # seats 0, 1, 2 (the human) and 3 keep a mission in turn
    others = [kept[seat].removeprefix("keep ") for seat in (0, 1, 3)]
    for mission in others:
        assert mission not in result.stdout
        assert mission.replace("-", " ").title() not in result.stdout
    assert "kept a mission" in result.stdout  # the log: MissionKept as other seats see it


def test_replay_prints_every_step_for_scripts(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "digitup", "--players", "2", "--seed", "2", "--save", str(save), stdin=MANY_ONES)
    steps = len(json.loads(save.read_text())["actions"])
    result = run("replay", str(save), "--all")
    assert result.exit_code == 0, result.output
    assert f"step {steps}/{steps}" in result.stdout
    assert "seen by spectator" in result.stdout
    assert "Final scores" in result.stdout
    seat = run("replay", str(save), "--all", "--seat", "1")
    assert seat.exit_code == 0 and "seen by seat 1" in seat.stdout


def test_replay_steps_forward_and_back(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "digitup", "--players", "2", "--seed", "2", "--save", str(save), stdin=MANY_ONES)
    result = run("replay", str(save), stdin="\n\nb\nzz\nq\n")
    assert result.exit_code == 0, result.output
    shown = [line for line in result.stdout.splitlines() if "· step " in line]
    assert [line.split("· step ")[1].split("/")[0] for line in shown] == ["0", "1", "2", "1"]
    assert "unknown key" in result.stdout
    assert run("replay", str(save), stdin="").exit_code == 0  # end of input quits


def shown_steps(stdout: str) -> list[int]:
    return [int(line.split("· step ")[1].split("/")[0]) for line in stdout.splitlines()
            if "· step " in line]


def test_replay_jumps_to_a_round_the_end_and_the_players_own_moves(tmp_path: Path) -> None:
    """Issue 21 item 7: a replay jumps (a round, the end, a step, the seat's own moves) instead
    of one Enter per action; a move kept secret says so rather than a bare `seat 1 played`."""
    save = tmp_path / "game.json"
    state = motherlode.load("saboteur", players=3).new_game(5)
    rng = random.Random(5)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    save.write_text(motherlode.save_game(state))
    steps = len(state.history)
    result = run("replay", str(save), "--seat", "0", stdin="r 2\ne\n3\nm\nmb\nr 9\nq\n")
    assert result.exit_code == 0, result.output
    shown = shown_steps(result.stdout)
    assert shown[0] == 0 and shown[2:4] == [steps, 3]
    rounds = [i for i, frame in enumerate(Replay(state, 0, Console()).frames)
              if frame.view["round"] == 2]  # type: ignore[typeddict-item]
    assert shown[1] == rounds[0]
    transcript_ = [step.seat for step in transcript(state)]
    mine = [i for i, seat in enumerate(transcript_, 1) if seat == 0]
    assert shown[4] == next(i for i in mine if i > 3)
    assert shown[5] == max(i for i in mine if i < shown[4])
    assert "the game ended in round 3" in result.stdout
    spectator = run("replay", str(save), stdin="m\nq\n")
    assert "a spectator has no moves of its own" in spectator.stdout


def test_a_secret_move_in_a_replay_says_it_is_secret(tmp_path: Path) -> None:
    """Pay Dirt's Work placements are secret until every seat is done (D22)."""
    save = tmp_path / "game.json"
    state = motherlode.load("paydirt", players=2).new_game(3)
    rng = random.Random(0)
    while state.phase_name != "work_place":
        state.apply(rng.choice(state.legal_actions()))
    placer = state.current_player
    assert placer is not None
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("place")))
    save.write_text(motherlode.save_game(state, table={"seat": 1 - placer, "bots": []}))
    result = run("replay", str(save), "--all", "--seat", str(1 - placer))
    assert result.exit_code == 0, result.output
    assert f"seat {placer} made a move kept secret from seat {1 - placer}" in result.stdout


def test_a_game_without_its_own_renderer_is_drawn_generically(tmp_path: Path) -> None:
    """The toy game of the tests (High Card) has no render_toy: the generic renderer draws it."""
    assert drawing_for("toy") is render_generic
    save = tmp_path / "toy.json"
    result = run("play", "toy", "--seed", "4", "--save", str(save), stdin=MANY_ONES)
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.stdout
    assert run("replay", str(save), "--all").exit_code == 0


# Dig It Up's renderer: tests/test_cli_digitup.py (the log's sentences: rules/digitup/log.py).


BAD_INPUT = [
    ("rules", "nope"),
    ("play", "nope"),
    ("play", "digitup", "--players", "9"),
    ("play", "digitup", "--seed", "-1"),
    ("play", "digitup", "--seed", "abc"),
    ("play", "digitup", "--bots", "nobot"),
    ("play", "digitup", "--bots", ","),
    ("play", "digitup", "--option", "foo=1"),
    ("play", "digitup", "--option", "simplified=maybe"),
    ("play", "digitup", "--option", "novalue"),
    ("play", "digitup", "--option", "name=x"),
    ("simulate", "digitup", "--games", "2", "--option", "self=x"),
    ("play", "digitup", "--seat", "4"),
    ("play", "digitup", "--save", "/"),
    ("play",),
    ("play", "--load", "MISSING"),
    ("play", "--load", "NOT_JSON"),
    ("play", "--load", "NOT_SAVE"),
    ("play", "--load", "BINARY"),
    ("play", "--load", "EDITED"),
    ("replay", "MISSING"),
    ("replay", "NOT_JSON"),
    ("replay", "EDITED", "--seat", "5"),
    ("simulate", "nope"),
    ("simulate", "digitup", "--games", "0"),
    ("simulate", "digitup", "--games", "x"),
    ("simulate", "digitup", "--jobs", "-1"),
    ("simulate", "digitup", "--bots", "nobot"),
    ("simulate", "digitup", "--players", "1"),
    ("simulate", "digitup", "--out", "/no/such/dir/out.jsonl"),
    ("simulate", "digitup", "--seed", str(2**63 - 1), "--games", "2"),
    ("no-such-command",),
]


@pytest.mark.parametrize("args", BAD_INPUT, ids=" ".join)
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], tmp_path: Path) -> None:
    edited = json.loads(motherlode.save_game(motherlode.load("digitup", players=2).new_game(1)))
    edited["digest"] = "0" * 64
    files = {
        "MISSING": tmp_path / "missing.json",
        "NOT_JSON": tmp_path / "not.json",
        "NOT_SAVE": tmp_path / "other.json",
        "BINARY": tmp_path / "binary.json",
        "EDITED": tmp_path / "edited.json",
    }
    files["NOT_JSON"].write_text("{ not json")
    files["NOT_SAVE"].write_text('{"hello": 1}')
    files["BINARY"].write_bytes(b"\xff\xfe\x00")
    files["EDITED"].write_text(json.dumps(edited))
    result = run(*(str(files[a]) if a in files else a for a in args), stdin="quit\n")
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("motherlode: error: ")
    assert "Traceback" not in result.output


def test_load_takes_the_saved_seat_and_bots(tmp_path: Path) -> None:
    """A saved game remembers the human's seat and the bots, so --load alone resumes it."""
    save = tmp_path / "game.json"
    first = run(
        "play", "digitup", "--players", "3", "--seat", "1", "--bots", "greedy",
        "--seed", "4", "--save", str(save), stdin="quit\n",
    )
    assert first.exit_code == 0, first.output
    table = json.loads(save.read_text())["table"]
    assert table == {"seat": 1, "bots": ["greedy", "greedy"]}
    second = run("play", "--load", str(save), stdin="quit\n")
    assert second.exit_code == 0, second.output
    assert "seat 1 >" in second.stdout
    assert "greedy" in second.stdout


def test_superscript_digit_at_the_prompt_is_just_a_mistake() -> None:
    result = run("play", "digitup", "--players", "2", "--seed", "1", stdin="\u00b2\nquit\n")
    assert result.exit_code == 0, result.output
    assert "'²' is none of your options" in result.stdout


def test_the_seed_is_not_shown_to_a_player() -> None:
    """The seed replays the hidden set-up (everyone's missions, the deck order)."""
    result = run("play", "digitup", "--players", "2", "--seed", "987654", stdin="quit\n")
    assert result.exit_code == 0, result.output
    assert "987654" not in result.stdout


def test_simulate_keeps_the_out_file_when_the_input_is_bad(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    out.write_text("earlier results\n")
    result = run("simulate", "digitup", "--bots", "nobot", "--out", str(out))
    assert result.exit_code == 2
    assert out.read_text() == "earlier results\n"


def test_a_failed_save_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.mkdir()
    (target / "inside").write_text("x")
    result = run("play", "digitup", "--players", "2", "--seed", "1",
                 stdin=f"save {target}\nquit\n")
    assert "cannot save" in result.stdout
    assert not (tmp_path / "taken.tmp").exists()




def test_info_pay_day_gives_the_board_name_not_the_id() -> None:
    """Issue 21 item 4: `info PAY DAY` answers `PAY DAY: stop here ...`, never `pay_day:`."""
    result = run("play", "payday", "--players", "2", "--seed", "1", stdin="info PAY DAY\nquit\n")
    assert result.exit_code == 0, result.output
    assert "PAY DAY: stop here" in result.stdout
    assert "pay_day" not in result.stdout
