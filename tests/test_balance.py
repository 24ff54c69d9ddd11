"""Balance reports: seeded games, card statistics, Markdown and PNG plots."""

from __future__ import annotations

import datetime
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

import motherlode
from motherlode.cli.main import app
from motherlode.engine import description
from motherlode.engine.description import PartsReader
from motherlode.sim import GameResult
from motherlode.sim.balance import (
    CARDS_PNG,
    LENGTH_PNG,
    PAYOFFS_PNG,
    SEATS_PNG,
    BalanceGame,
    SeatStats,
    analyse,
    balance_game,
    card_stats,
    diff_interval,
    lead_story,
    length_rows,
    length_stats,
    mean_diff_interval,
    metrics,
    payoff_stats,
    render_markdown,
    run_balance,
)
from motherlode.sim.runner import play_to_end


def parts_of(game: str) -> PartsReader:
    """What a seat of `game` holds, as its front door describes it."""
    described = description(game)
    assert described is not None and described.parts is not None
    return described.parts


paydirt_cards = parts_of("paydirt")
payday_cards = parts_of("payday")

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
        "## Metrics",
        "## Parts",
        "### specialist",
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


def test_dig_it_up_reports_missions_chance_cards_and_what_missions_paid(tmp_path: Path) -> None:
    out = tmp_path / "dig"
    result = runner.invoke(
        app, ["balance", "digitup", "-n", "6", "--players", "3", "--seed", "1", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    text = (out / "report.md").read_text(encoding="utf-8")
    assert "## Seats" in text and "## Game length (steps)" in text
    assert "### mission" in text and "### chance" in text and "## What parts earned" in text
    for name in (SEATS_PNG, LENGTH_PNG, CARDS_PNG, PAYOFFS_PNG):
        assert (out / name).exists()


def test_paydirt_parts_are_read_from_the_final_view() -> None:
    game = motherlode.load("paydirt", players=3)
    played = balance_game(game, *play_to_end(game, ["random"] * 3, 7))
    assert played.length_unit == "rounds" and played.length >= 1
    assert played.cards is not None and len(played.cards) == 3
    every = [card for seat in played.cards for card in seat]
    assert len(every) == len(set(every))  # a card is held by one seat at most
    assert all(card.split(":")[0] in {"specialist", "upgrade", "event"} for card in every)
    assert any(card.startswith("event:") for card in every)  # every round drafts events


def test_paydirt_parts_are_cards_ever_held_and_kept_events_only() -> None:
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


def test_dig_it_up_parts_are_the_kept_mission_and_the_chance_cards_drawn() -> None:
    game = motherlode.load("digitup", players=4)
    state, _ = play_to_end(game, ["greedy"] * 4, 21)
    final = state.view(None)
    parts = parts_of("digitup")(game, final)
    for seat, held in enumerate(parts):
        missions = [p for p in held if p.startswith("mission:")]
        assert missions == [f"mission:{final['scoreboards'][seat]['mission']}"]
        drawn = {f"chance:{e['chance']}" for e in final["log"]
                 if e["kind"] == "dug" and e["seat"] == seat and e["chance"]}
        assert set(held) - set(missions) == drawn
    described = description("digitup")
    assert described is not None and described.payoffs is not None
    paid = described.payoffs(game, final)
    assert sorted(seat for seat, _, _ in paid) == [0, 1, 2, 3]  # one kept mission a seat
    for seat, part, earned in paid:
        assert part in parts[seat]
        assert earned == final["scoreboards"][seat]["money"]["mission"]


@pytest.mark.parametrize("players", [5, 7])
def test_saboteur_roles_each_round_add_up_to_the_final_gold(players: int) -> None:
    """What each role won in its round, with the thefts, is each seat's final gold."""
    game = motherlode.load("saboteur", players=players)
    state, result = play_to_end(game, ["heuristic"] * players, 13)
    final = state.view(None)
    described = description("saboteur")
    assert described is not None and described.payoffs is not None
    paid = described.payoffs(game, final)
    assert len(paid) == players * 3  # every seat in each of the three rounds
    gold = [0.0] * players
    for seat, _, earned in paid:
        gold[seat] += earned
    for entry in final["log"]:
        if entry["kind"] == "steal":
            gold[entry["seat"]] += 1
            gold[entry["victim"]] -= 1
    assert gold == list(result.scores)
    roles = parts_of("saboteur")(game, final)
    assert all(f"{part}" in roles[seat] for seat, part, _ in paid)
    assert all(part.startswith("role:") for held in roles for part in held)


def test_the_lead_story_is_read_from_the_game_replayed() -> None:
    game = motherlode.load("digitup", players=3)
    state, result = play_to_end(game, ["greedy"] * 3, 4)
    changes, decided = lead_story(game, state)
    assert changes >= 0 and decided is not None and 0.0 <= decided <= 1.0
    assert lead_story(game, state) == (changes, decided)
    played = balance_game(game, state, result)
    assert (played.lead_changes, played.decided_at) == (changes, decided)


def test_metrics_follow_ludii() -> None:
    seats = [SeatStats(seat, "x", 0.0, rate, (0.0, 1.0), 0.0)
             for seat, rate in enumerate([0.5, 0.3, 0.2])]
    games = [BalanceGame(_result(i, (1.0, 0.0, 0.0), (0,)), 9, "steps", None,
                         lead_changes=i, decided_at=d)
             for i, d in enumerate([0.0, 0.95, None])]
    found = metrics(seats, games)
    assert found.balance == pytest.approx(0.7)
    assert found.first_seat_advantage == pytest.approx(0.5 - 1 / 3)
    assert found.strongest_seat == 0
    assert found.lead_changes == pytest.approx(1.0)
    assert found.decisiveness == pytest.approx(0.475) and found.decided_late == 0.5


def test_payoff_stats_are_per_part_means_with_intervals() -> None:
    games = [[(0, "role:saboteur", 3.0), (1, "role:digger", 0.0)],
             [(0, "role:digger", 2.0), (1, "role:saboteur", 1.0)]]
    found = {p.part: p for p in payoff_stats(games)}
    assert list(found) == ["role:digger", "role:saboteur"]
    saboteur = found["role:saboteur"]
    assert (saboteur.held, saboteur.mean, saboteur.paid) == (2, 2.0, 1.0)
    low, high = saboteur.interval
    assert low < 2.0 < high
    assert found["role:digger"].paid == 0.5
