"""The terminal table for a newcomer (issue 12): info, hints, undo, saving, defaults, balance.

Each test plays through `motherlode play` (or `replay`, `rules`, `balance`) as a person would,
with what they type on standard input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import motherlode
from motherlode.bots import hint_bot
from motherlode.cli import decide, render
from motherlode.cli import play as play_module
from motherlode.cli.main import app
from motherlode.cli.play import PlaySession, lookup, renumbered
from motherlode.sim import balance

runner = CliRunner()


def run(*args: str, stdin: str = "") -> Result:
    return runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "100"})


def digitup_keep(seed: int) -> str:
    """The first mission seat 0 is dealt in a 3-player Dig It Up game of `seed`."""
    return str(motherlode.load("digitup", players=3).new_game(seed).legal_actions()[0])


# --- 1. rules where you decide ------------------------------------------------------------------
def test_info_tells_what_a_name_means_and_which_names_it_could_be() -> None:
    result = run("play", "digitup", "--players", "3", "--seed", "4",
                 stdin="info clean hands\ninfo lucky\ninfo nothing-like-it\ninfo\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    glossary = motherlode.load("digitup").glossary
    assert f"clean-hands: {glossary['clean-hands']}" in out
    assert "lucky-coin: " in out and "lucky-charm: " in out  # a prefix of two: both shown
    assert "nothing called 'nothing-like-it' in Dig It Up" in out
    assert "info NAME: e.g. info " in out


def test_lookup_by_name_prefix_or_word() -> None:
    entries = {"wash-plant-1": "", "wash-plant-2": "", "starting-wash-plant": "", "loader": ""}
    assert lookup(entries, "Wash Plant 1") == ["wash-plant-1"]
    assert lookup(entries, "wash_plant") == ["wash-plant-1", "wash-plant-2"]
    assert lookup(entries, "starting") == ["starting-wash-plant"]
    assert lookup(entries, "plant") == ["wash-plant-1", "wash-plant-2", "starting-wash-plant"]
    assert lookup(entries, "excavator") == []


@pytest.mark.parametrize("name", ["paydirt", "payday", "digitup", "saboteur"])
def test_rules_lists_the_screen_legend_and_the_default_bot(name: str) -> None:
    result = run("rules", name)
    assert result.exit_code == 0, result.output
    legend = render.face_for(name).legend
    if legend:
        assert "On the screen" in result.stdout
        for mark in legend:
            assert mark in result.stdout
    assert "(default and hints: " in " ".join(result.stdout.split())  # the line may wrap


# --- 2. saving ----------------------------------------------------------------------------------
def test_a_loaded_game_goes_on_saving_to_its_file_after_every_move(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = run("play", "digitup", "--players", "3", "--seed", "4", "--save", str(save),
                stdin="quit\n")
    assert first.exit_code == 0, first.output
    assert len(motherlode.load_game(save.read_text()).history) == 0
    # One move, then the input ends abruptly: the file already holds the move.
    second = run("play", "--load", str(save), stdin="1\n")
    assert second.exit_code == 0, second.output
    resumed = motherlode.load_game(save.read_text())
    assert len(resumed.history) == 3  # the human's mission and the two bots' after it
    assert f"saved to {save}" in second.stdout


def test_save_then_quit_says_it_saved(tmp_path: Path) -> None:
    target = tmp_path / "later.json"
    result = run("play", "digitup", "--players", "3", "--seed", "2",
                 stdin=f"save {target}\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count(f"saved to {target}") == 2
    assert f"resume with: motherlode play --load {target}" in result.stdout
    assert "not saved" not in result.stdout


def test_save_asks_before_writing_over_another_file(tmp_path: Path) -> None:
    """Issue 21 item 8: `save FILE` onto an existing file asks first; no keeps the file."""
    target = tmp_path / "notes.json"
    target.write_text("my notes")
    result = run("play", "digitup", "--players", "3", "--seed", "2",
                 stdin=f"save {target}\nn\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())  # a long path wraps the lines
    assert "write over it? (y/N)" in out and "is kept as it was" in out
    assert target.read_text() == "my notes"
    again = run("play", "digitup", "--players", "3", "--seed", "2",
                stdin=f"save {target}\ny\nquit\n")
    assert again.exit_code == 0 and f"saved to {target}" in again.stdout
    assert motherlode.load_game(target.read_text()).seed == 2


def test_a_save_naming_a_seat_the_game_lacks_is_refused(tmp_path: Path) -> None:
    """Issue 21 item 8: a save edited to `"seat": 9` no longer loads as seat 0 in silence."""
    target = tmp_path / "game.json"
    run("play", "digitup", "--players", "3", "--seed", "2", "--save", str(target),
        stdin="quit\n")
    saved = json.loads(target.read_text())
    saved["table"]["seat"] = 9
    target.write_text(json.dumps(saved))
    result = run("play", "--load", str(target), stdin="quit\n")
    assert result.exit_code != 0
    assert "names seat 9, but the game has seats 0..2: give --seat K" in result.output
    assert json.loads(target.read_text())["table"]["seat"] == 9  # not rewritten
    chosen = run("play", "--load", str(target), "--seat", "1", stdin="quit\n")
    assert chosen.exit_code == 0, chosen.output


def test_load_with_another_seat_keeps_every_bot_in_its_seat(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = run("play", "digitup", "--players", "4", "--seat", "0", "--bots",
                "greedy,random,greedy", "--seed", "4", "--save", str(save), stdin="quit\n")
    assert first.exit_code == 0, first.output
    assert json.loads(save.read_text())["table"] == {"seat": 0,
                                                     "bots": ["greedy", "random", "greedy"]}
    second = run("play", "--load", str(save), "--seat", "2", stdin="quit\n")
    assert second.exit_code == 0, second.output
    assert "seat 0 (random) · seat 1 (greedy) · seat 2 (you) · seat 3 (greedy)" in second.stdout
    # the bot that sat in seat 2 took the seat the saver left; the others did not move
    assert json.loads(save.read_text())["table"] == {"seat": 2,
                                                     "bots": ["random", "greedy", "greedy"]}


# --- 3. balance ---------------------------------------------------------------------------------
def test_balance_without_out_prints_markdown_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("balance", "digitup", "-n", "3", "--players", "3")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("# Balance report: digitup")
    assert "No plots: give --out FOLDER" in result.stdout
    assert list(tmp_path.iterdir()) == []


def test_balance_without_matplotlib_writes_the_markdown_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What `make run` installs has no matplotlib: the report is Markdown, with one line on
    how to get the plots."""
    monkeypatch.setattr(balance, "has_matplotlib", lambda: False)
    monkeypatch.setattr("motherlode.cli.main.has_matplotlib", lambda: False)
    out = tmp_path / "report"
    result = run("balance", "digitup", "-n", "3", "--players", "3", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["report.md"]
    text = (out / "report.md").read_text(encoding="utf-8")
    assert "No plots: matplotlib is not installed; pip install 'motherlode[report]'" in text
    assert "matplotlib not installed" not in text  # issue 21 item 9: no version for it
    versions = next(line for line in text.splitlines() if line.startswith("- Versions"))
    assert "matplotlib" not in versions
    assert "](" not in text  # no image links to missing files
    assert "pip install 'motherlode[report]'" in result.stderr


def test_jobs_below_zero_is_refused_saying_zero_is_one_per_cpu() -> None:
    """Issue 21 item 9: `--jobs 0` is one process per CPU (the help says so); `-1` is refused
    with words that agree."""
    for command in ("simulate", "balance"):
        result = run(command, "digitup", "--jobs", "-1")
        assert result.exit_code == 2
        assert "use 1 or more processes, or 0 for one per CPU" in result.output


# --- 4. what happened since your last turn ------------------------------------------------------
def shown_events(out: str) -> list[str]:
    """The event lines of every "Since your last turn" block, in order."""
    lines = out.splitlines()
    events = []
    for i, line in enumerate(lines):
        if line == "Since your last turn:":
            for follow in lines[i + 1 :]:
                if not follow.startswith(("  seat ", "  table  ")):
                    break
                events.append(follow)
    return events


def test_each_event_is_shown_once_while_workers_are_placed() -> None:
    """Pay Dirt's Work phase asks the human many times in a row: the events since the last
    look are shown, not the bots' last actions again each time."""
    game = motherlode.load("paydirt", players=2)
    state = game.new_game(3)
    console = Console(record=True, width=400)
    asked = []

    def read(prompt: str) -> str:
        """The human's first legal action, typed as the board names it (`bid 2000`, not the
        game's `bid 2`), for 120 decisions."""
        view = session.state.view(0)
        asked.append(view["phase"])
        if len(asked) > 120:
            return "quit"
        action = str(session.state.legal_actions()[0])
        decision = view["decision"]
        return decide.typed(decision, action) if decision is not None else action

    session = PlaySession(state, 0, {1: "random"}, console, read_line=read)
    assert session.run() == 0
    assert asked.count("work") > 3  # the human placed workers several times in a row
    events = shown_events(console.export_text())
    log = session.state.view(0)["log"]
    assert len(events) == len(log[: len(events)]) > 40
    texts = [str(event["text"]) for event in log[: len(events)]]
    assert [line.split("  ", 2)[2] for line in events] == texts


def test_renumbered_options_are_pointed_out() -> None:
    before = ("Dig a site", {"dig A": 1, "dig C": 2, "dig D": 3, "dig E": 4})
    after = ("Dig a site", {"dig A": 1, "dig D": 2, "dig E": 3})
    labels = {"dig D": "dig site D", "dig E": "dig site E"}  # named as the list names them
    line = renumbered(before, after, labels)
    assert line == ("numbers moved since your last look: dig site D is now 2 (was 3), "
                    "dig site E is now 3 (was 4)")
    assert renumbered(before, before, labels) == ""
    assert renumbered(("Keep a mission", before[1]), after, labels) == ""  # another decision


# --- 5. input -----------------------------------------------------------------------------------
def test_a_refusal_says_why_and_names_the_command_that_lists_the_actions() -> None:
    result = run("play", "digitup", "--players", "3", "--seed", "4",
                 stdin="keep jack\nkeep nonsense\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("'actions' lists your options") == 2


def test_a_mission_is_kept_by_a_unique_prefix_of_its_name() -> None:
    keep = digitup_keep(4)
    prefix = keep[: keep.index(" ") + 4]
    result = run("play", "digitup", "--players", "3", "--seed", "4", stdin=f"{prefix}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "kept the mission" in result.stdout


# --- 6. a pause on what the game marks ----------------------------------------------------------
def test_the_table_waits_for_enter_after_an_event_the_game_pauses_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    face = render.face_for("digitup")
    paused = render.Face(face.render, pause_after=frozenset({"mission-kept"}))
    monkeypatch.setattr(play_module, "face_for", lambda name: paused)
    prompts: list[str] = []
    answers = iter(["1", "", "", ""])

    def read(prompt: str) -> str:
        prompts.append(prompt)
        answer = next(answers, None)
        if answer is None:
            raise EOFError
        return answer

    state = motherlode.load("digitup", players=3).new_game(4)
    bots = {1: "random", 2: "random"}
    session = PlaySession(state, 0, bots, Console(record=True), read_line=read)
    session.run()
    assert sum("press Enter" in prompt for prompt in prompts) == 3  # the human's, two bots'
    assert session.state.current_player == 0 and len(session.state.history) == 3


# --- 7. defaults --------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "bot"), [("paydirt", "heuristic"), ("payday", "heuristic"),
                                           ("digitup", "greedy"), ("saboteur", "heuristic")])
def test_the_strongest_bot_plays_when_none_is_named(name: str, bot: str) -> None:
    result = run("play", name, "--seed", "1", stdin="quit\n")
    assert result.exit_code == 0, result.output
    assert f"seat 1 ({bot})" in result.stdout


def test_more_bots_than_seats_are_refused() -> None:
    result = run("play", "digitup", "--players", "2", "--bots", "greedy,random", stdin="quit\n")
    assert result.exit_code == 2
    assert "2 bots named (greedy, random) for 1 other seat; name at most 1" in result.stderr


def test_replay_of_an_unfinished_game_shows_only_the_savers_seat(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "digitup", "--players", "3", "--seat", "1", "--seed", "4",
        "--save", str(save), stdin="quit\n")
    refused = run("replay", str(save), "--seat", "2", "--all")
    assert refused.exit_code == 2
    assert "unfinished game saved as seat 1's game: replay it with --seat 1 or as a spectator" \
        in refused.stderr
    assert run("replay", str(save), "--seat", "1", "--all").exit_code == 0
    assert run("replay", str(save), "--all").exit_code == 0


# --- 8. undo and hints --------------------------------------------------------------------------
def test_undo_takes_back_a_move_that_showed_nothing_hidden() -> None:
    keep = digitup_keep(4)
    result = run("play", "digitup", "--players", "3", "--seed", "4",
                 stdin="1\nundo\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    assert f"took back: {keep}" in result.stdout
    assert "nothing to undo: you have not moved yet" in result.stdout


def test_undo_is_refused_once_the_die_has_rolled() -> None:
    result = run("play", "digitup", "--players", "3", "--seed", "4", stdin="1\n1\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    assert "cannot undo: the dice or the deck have been used since" in result.stdout


def test_hint_names_an_option_and_says_why_in_one_line() -> None:
    result = run("play", "digitup", "--players", "3", "--seed", "4", stdin="hint\nquit\n")
    assert result.exit_code == 0, result.output
    hint = next(line for line in result.stdout.splitlines()
                if f"hint from the {hint_bot('digitup')} bot" in line)
    assert re.search(r"keep \S+ \(option \d\) — \S", hint)


@pytest.mark.parametrize("name", ["paydirt", "payday", "saboteur"])
def test_every_game_gives_a_hint_with_a_reason(name: str) -> None:
    result = run("play", name, "--seed", "1", stdin="hint\nquit\n")
    assert result.exit_code == 0, result.output
    hint = next(line for line in result.stdout.splitlines()
                if f"hint from the {hint_bot(name)} bot" in line)
    assert "this bot gives no reasons" not in hint
