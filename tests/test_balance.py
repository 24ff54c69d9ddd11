"""Balance reports: seeded games, card statistics, Markdown and PNG plots."""

from __future__ import annotations

import datetime
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

import motherlode
from motherlode.cli.main import app
from motherlode.sim import GameResult
from motherlode.sim.balance import (
    CARDS_PNG,
    LENGTH_PNG,
    SEATS_PNG,
    analyse,
    balance_game,
    card_stats,
    diff_interval,
    length_rows,
    length_stats,
    mean_diff_interval,
    payday_cards,
    paydirt_cards,
    render_markdown,
    run_balance,
)
from motherlode.sim.runner import play_to_end

runner = CliRunner()
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
WHEN = datetime.datetime(2025, 1, 2, 3, 4, 5, tzinfo=datetime.UTC)


def test_paydirt_report_has_every_section_and_plot(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = runner.invoke(
        app,
        [
            "balance",
            "paydirt",
            "--games",
            "12",
            "--players",
            "2",
            "--bots",
            "random",
            "--seed",
            "3",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    text = (out / "report.md").read_text(encoding="utf-8")
    for heading in (
        "# Balance report: paydirt",
        "## Seats",
        "## Game length (rounds)",
        "## Cards",
        "## Definitions",
    ):
        assert heading in text
    assert (
        f"motherlode balance paydirt --games 12 --players 2 --bots random --seed 3 --jobs 1 "
        f"--out {out}" in text
    )
    assert "- Date: " in text and "matplotlib " in text and "motherlode 0.1.0" in text
    assert "specialist:" in text and "event:" in text
    for name in (SEATS_PNG, LENGTH_PNG, CARDS_PNG):
        assert (out / name).read_bytes()[:8] == PNG_MAGIC
        assert f"]({name})" in text


def test_same_results_for_one_and_two_jobs() -> None:
    one = run_balance("paydirt", 8, players=2, bots=["random"], seed=11, jobs=1)
    two = run_balance("paydirt", 8, players=2, bots=["random"], seed=11, jobs=2)
    assert one.results == two.results
    assert [g.result.seed for g in one.results] == list(range(11, 19))
    assert render_markdown(one, analyse(one), "cmd", WHEN) == render_markdown(
        two, analyse(two), "cmd", WHEN
    )


def test_cli_reports_match_for_one_and_two_jobs(tmp_path: Path) -> None:
    texts = []
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}"
        args = ["balance", "paydirt", "-n", "6", "--players", "2", "--seed", "9", "--jobs", jobs]
        result = runner.invoke(app, [*args, "--out", str(out)])
        assert result.exit_code == 0, result.output
        text = (out / "report.md").read_text(encoding="utf-8")
        texts.append(
            [
                line
                for line in text.splitlines()
                if not line.startswith(("- Date:", "motherlode balance"))
            ]
        )
    assert texts[0] == texts[1]


def test_a_game_without_extractor_reports_seats_and_lengths(tmp_path: Path) -> None:
    out = tmp_path / "dig"
    result = runner.invoke(
        app, ["balance", "digitup", "-n", "6", "--players", "3", "--seed", "1", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    text = (out / "report.md").read_text(encoding="utf-8")
    assert "## Seats" in text and "## Game length (steps)" in text
    assert "No card extractor for digitup" in text
    assert (out / SEATS_PNG).exists() and (out / LENGTH_PNG).exists()
    assert not (out / CARDS_PNG).exists()


def test_paydirt_extractor_reads_the_final_view() -> None:
    game = motherlode.load("paydirt", players=3)
    played = balance_game(game, *play_to_end(game, ["random"] * 3, 7))
    assert played.length_unit == "rounds" and played.length >= 1
    assert played.cards is not None and len(played.cards) == 3
    every = [card for seat in played.cards for card in seat]
    assert len(every) == len(set(every))  # a card is held by one seat at most
    assert all(card.split(":")[0] in {"specialist", "upgrade", "event"} for card in every)
    assert any(card.startswith("event:") for card in every)  # every round drafts events


def test_extractor_takes_cards_ever_held_and_kept_events_only() -> None:
    """Final holdings, specialists and upgrades bought or taken (even if gone by the end), and
    kept events; equipment and claims bought are not cards."""
    game = motherlode.load("paydirt", players=2)
    view = {
        "game": "paydirt",
        "boards": [
            {"specialists": ["julian-cash"], "upgrades": {"camp": "atv"}},
            {"specialists": [], "upgrades": {}},
        ],
        "log": [
            {"kind": "bought", "seat": 1, "item": "dirty-mike-the-boys", "price": 3000},
            {"kind": "specialist-unpaid", "seat": 1, "specialist": "dirty-mike-the-boys"},
            {"kind": "upgrade-bought", "seat": 1, "upgrade": "generator", "price": 2000},
            {"kind": "took-leftover", "seat": 0, "item": "pete-bidder", "price": 2000},
            {"kind": "bought", "seat": 0, "item": "claim-4", "price": 9000},
            {"kind": "kept", "seat": 1, "forced": False},
            {"kind": "event-resolved", "seat": 1, "event": "snap", "long_term": True},
            {"kind": "cooled", "seat": 1, "event": "snap", "temperature": 3},
            {"kind": "event-ended", "seat": 0, "event": "snap"},
        ],
    }
    assert paydirt_cards(game, view) == [
        ["specialist:julian-cash", "specialist:pete-bidder", "upgrade:atv"],
        ["event:snap", "specialist:dirty-mike-the-boys", "upgrade:generator"],
    ]


def _result(seed: int, scores: tuple[float, ...], winners: tuple[int, ...]) -> GameResult:
    return GameResult(
        seed=seed, bots=("x",) * len(scores), scores=scores, winners=winners, steps=10
    )


def test_card_held_only_by_winners_has_a_positive_effect() -> None:
    results = [
        _result(0, (10.0, 5.0), (0,)),
        _result(1, (4.0, 9.0), (1,)),
        _result(2, (8.0, 7.0), (0,)),
        _result(3, (3.0, 6.0), (1,)),
    ]
    cards = [
        [["gold"], ["dud"]],
        [["dud"], ["gold"]],
        [["gold"], []],
        [[], ["gold", "dud"]],
    ]
    stats = {c.card: c for c in card_stats(results, cards)}
    gold = stats["gold"]
    assert gold.held == 4 and gold.others == 4
    assert gold.win_rate == 1.0 and gold.others_win_rate == 0.0
    assert gold.win_effect == pytest.approx(1.0)
    low, high = gold.win_effect_interval
    assert low <= gold.win_effect <= high and low > 0
    assert gold.score_effect == pytest.approx((10 + 9 + 8 + 6) / 4 - (5 + 4 + 7 + 3) / 4)
    s_low, s_high = gold.score_effect_interval
    assert s_low <= gold.score_effect <= s_high
    # the winning margins 5, 5, 1, 3: the last two are below the score effect 3.5
    assert gold.decided_games == 2 and gold.decides == pytest.approx(0.5)
    dud = stats["dud"]
    assert dud.win_effect < 0 and dud.decides == 0.0  # held by a winner once, but harmful
    assert list(stats) == ["gold", "dud"]  # sorted by effect, largest first


def test_shared_wins_and_interval_helpers() -> None:
    tie = [_result(0, (5.0, 5.0), (0, 1))]
    (card,) = card_stats(tie, [[["c"], []]])
    assert card.win_rate == 0.5 and card.win_effect == 0.0
    assert card.decided_games == 0  # no positive score effect
    for wins1, n1, wins0, n0 in [(3, 10, 5, 10), (0, 4, 4, 4), (7.5, 9, 1, 30)]:
        d, low, high = diff_interval(wins1, n1, wins0, n0)
        assert d == pytest.approx(wins1 / n1 - wins0 / n0)
        assert -1.0 <= low <= d <= high <= 1.0
    assert diff_interval(1, 0, 1, 2) == (0.0, -1.0, 1.0)
    d, low, high = mean_diff_interval([1.0, 3.0, 5.0], [0.0, 1.0])
    assert d == pytest.approx(2.5) and low < d < high
    d, low, high = mean_diff_interval([1.0], [0.0, 1.0])
    assert d == pytest.approx(0.5) and math.isnan(low) and math.isnan(high)
    lengths = length_stats([6, 7, 7, 9], "rounds")
    assert lengths.counts == ((6, 1), (7, 2), (9, 1))
    assert (lengths.minimum, lengths.maximum, lengths.median) == (6, 9, 7.0)


def test_many_lengths_are_grouped_into_ranges_with_every_game_counted() -> None:
    few = [(6, 1), (7, 2)]
    assert length_rows(few) == [("6", 1), ("7", 2)]
    many = [(value, 1) for value in range(230, 271)]  # 41 lengths: ranges 3 wide
    rows = length_rows(many)
    assert len(rows) <= 20
    assert rows[0] == ("230-232", 3) and rows[-1] == ("269-271", 2)
    assert sum(count for _, count in rows) == 41


def test_payday_cards_are_every_card_a_seat_held_from_the_log() -> None:
    """The final PAY DAY discards every card, so the log says who held what."""
    game = motherlode.load("payday", players=2)
    state, _ = play_to_end(game, ["random", "random"], 3)
    final = state.view(None)
    assert all(not seat["bargains"] for seat in final["seats"])
    held = payday_cards(game, final)
    for seat, cards in enumerate(held):
        free = next(e["card"] for e in final["log"]
                    if e["kind"] == "free-bargain" and e["seat"] == seat)
        assert f"bargain:{free}" in cards
        for entry in final["log"]:
            if entry["kind"] in ("buy", "won", "event") and entry["seat"] == seat:
                assert any(c.endswith(f":{entry['card']}") for c in cards)


@pytest.mark.parametrize(
    "args",
    [
        ("balance", "nosuchgame"),
        ("balance", "paydirt", "--games", "0"),
        ("balance", "paydirt", "--bots", "nosuchbot"),
        ("balance", "paydirt", "--players", "9"),
        ("balance", "paydirt", "--games", "lots"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], tmp_path: Path) -> None:
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "r")])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("motherlode: error: ")
    assert not (tmp_path / "r").exists()
