"""The ladder of bots: its seatings, seeded games, ratings and report."""

from __future__ import annotations

import datetime
import importlib.util
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from motherlode.cli.main import app
from motherlode.engine import OptionError
from motherlode.sim import GameResult
from motherlode.sim.ladder import (
    BotStats,
    Ladder,
    LadderStats,
    Share,
    analyse,
    lone_seats,
    ranks,
    render_markdown,
    run_ladder,
    seatings,
    write_plot,
)

runner = CliRunner()
WHEN = datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.UTC)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def digitup() -> Ladder:
    return run_ladder("digitup", ["random", "greedy"], seeds=2, seed=5, players=3)


def test_each_ordered_pair_puts_its_lone_bot_at_every_seat_once() -> None:
    tables = seatings(["a", "b", "c"], 4)
    assert len(tables) == len(set(tables)) == 3 * 2 * 4
    lone = Counter((t[seat], next(b for b in t if b != t[seat]), seat)
                   for t in tables for _, seat in lone_seats(t))
    assert set(lone.values()) == {1}
    assert {(x, y) for x, y, _ in lone} == {(x, y) for x in "abc" for y in "abc" if x != y}
    assert {seat for *_, seat in lone} == {0, 1, 2, 3}


def test_two_players_play_each_pair_once_from_each_seat() -> None:
    assert seatings(["a", "b"], 2) == [("a", "b"), ("b", "a")]
    assert len(seatings(["a", "b", "c"], 2)) == 6
    assert lone_seats(("a", "b")) == [("a", 0), ("b", 1)]


def test_every_seating_plays_the_same_seeds(digitup: Ladder) -> None:
    tables = seatings(digitup.bots, 3)
    assert [(g.seating, g.result.seed) for g in digitup.games] == [
        (table, seed) for seed in (5, 6) for table in tables]


def test_a_seed_gives_the_same_games_and_ratings(digitup: Ladder) -> None:
    again = run_ladder("digitup", ["random", "greedy"], seeds=2, seed=5, players=3)
    assert [(g.result, g.moves) for g in again.games] == [
        (g.result, g.moves) for g in digitup.games]
    first, second = analyse(digitup), analyse(again)
    assert [(b.bot, b.mu, b.sigma, b.share) for b in first.bots] == [
        (b.bot, b.mu, b.sigma, b.share) for b in second.bots]


def test_places_put_the_winners_first_then_the_scores() -> None:
    result = GameResult(seed=0, bots=("a",) * 4, scores=(5.0, 9.0, 5.0, 7.0), winners=(1,),
                        steps=1)
    assert ranks(result) == [2, 0, 2, 1]
    shared = GameResult(seed=0, bots=("a",) * 3, scores=(3.0, 3.0, 1.0), winners=(0, 1),
                        steps=1)
    assert ranks(shared) == [0, 0, 1]


def test_report_has_ratings_head_to_head_and_definitions(digitup: Ladder) -> None:
    stats = analyse(digitup)
    text = render_markdown(digitup, stats, "motherlode ladder digitup", WHEN, (1.0, 2.0))
    lines = text.splitlines()
    assert lines[0] == "# Ladder: digitup, 3 players"
    for heading in ("## Ratings", "## Head to head", "## Definitions"):
        assert heading in lines
    assert "## Roles" not in lines
    rows = [line for line in lines if line.startswith("| 1 |") or line.startswith("| 2 |")]
    assert {row.split(" | ")[1] for row in rows} == {"random", "greedy"}
    assert "2 seeds (5..6) x 6 seatings = 12 games" in text
    assert "1.00, 2.00 on" in text  # the machine's load beside the milliseconds
    for bot in stats.bots:
        assert bot.share.n == 6  # each bot alone in 3 seatings of each seed
        assert bot.moves > 0 and bot.ms_per_move > 0
        assert 0 < bot.sigma < 25 / 3


def test_saboteur_report_has_the_roles() -> None:
    ladder = run_ladder("saboteur", ["random", "heuristic"], seeds=1, seed=2, players=3)
    stats = analyse(ladder)
    assert stats.roles
    assert {(bot, field) for bot, field, _ in stats.roles} == {
        ("random", "heuristic"), ("heuristic", "random")}
    assert {role for *_, role in stats.roles} <= {
        "digger", "boss", "profiteer", "geologist", "saboteur"}
    rounds = sum(len(g.rounds) for g in ladder.games)
    assert sum(share.n for share in stats.roles.values()) == rounds  # one lone seat a game
    text = render_markdown(ladder, stats, "motherlode ladder saboteur", WHEN, (0.0, 0.0))
    assert "## Roles" in text.splitlines()


def test_cli_writes_the_report_and_its_plot(tmp_path: Path) -> None:
    out = tmp_path / "ladder.md"
    result = runner.invoke(app, ["ladder", "digitup", "--bots", "random,greedy", "--seeds", "1",
                                 "--players", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "![Ratings and win shares](ladder.png)" in text
    assert "motherlode ladder digitup --bots random,greedy --seeds 1" in text
    assert (tmp_path / "ladder.png").read_bytes().startswith(PNG_MAGIC)


def test_the_plot_takes_shares_of_none_and_all(tmp_path: Path) -> None:
    stats = LadderStats(
        bots=(BotStats("a", 30.0, 2.0, Share(5.0, 5), moves=9, seconds=0.1),
              BotStats("b", 20.0, 2.0, Share(0.0, 5), moves=9, seconds=0.1)),
        head_to_head={}, roles={})
    write_plot(stats, "a against b", 0.5, tmp_path / "plot.png")
    assert (tmp_path / "plot.png").read_bytes().startswith(PNG_MAGIC)


def test_cli_prints_the_report_without_out() -> None:
    result = runner.invoke(app, ["ladder", "digitup", "--bots", "greedy,random", "--seeds", "1",
                                 "--players", "2"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("# Ladder: digitup, 2 players")


@pytest.mark.parametrize(
    ("bots", "words"),
    [
        ("random,nosuchbot", "bot 'nosuchbot' cannot play digitup; bots are: "),
        ("random,heuristic", "bot 'heuristic' cannot play digitup"),
        ("greedy", "at least two different bots"),
        ("greedy,random,greedy", "bot 'greedy' is named twice"),
    ],
)
def test_a_bad_bot_is_named_before_any_game(bots: str, words: str) -> None:
    result = runner.invoke(app, ["ladder", "digitup", "--bots", bots, "--seeds", "1"])
    assert result.exit_code == 2
    assert words in result.stderr
    assert result.stderr.count("\n") == 1


def test_bad_counts_are_refused() -> None:
    with pytest.raises(OptionError, match="number of seeds 0"):
        run_ladder("digitup", ["random", "greedy"], seeds=0)


def test_without_openskill_the_ladder_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *args: None if name == "openskill" else found(name, *args))
    result = runner.invoke(app, ["ladder", "digitup", "--bots", "random,greedy", "--seeds", "1"])
    assert result.exit_code == 2
    assert "pip install 'motherlode[ladder]'" in result.stderr


@pytest.mark.slow
def test_two_processes_play_the_same_games(digitup: Ladder) -> None:
    again = run_ladder("digitup", ["random", "greedy"], seeds=2, seed=5, players=3, jobs=2)
    assert [(g.seating, g.result, g.moves, g.rounds) for g in again.games] == [
        (g.seating, g.result, g.moves, g.rounds) for g in digitup.games]
