"""The heuristic Pay Dirt bot: legal play from views only, and better than random."""

from __future__ import annotations

from typing import Any

import pytest
from bot_checks import check_never_sees_the_state

import motherlode
from motherlode.bots.base import bot_names, bot_view, make_bot
from motherlode.bots.paydirt_heuristic import PayDirtHeuristic
from motherlode.rules.paydirt.game import PayDirt
from motherlode.rules.paydirt.schema import is_paydirt_view
from motherlode.sim.runner import run_games


def test_registered_for_paydirt_only() -> None:
    assert "heuristic" in bot_names("paydirt")
    assert "heuristic" not in bot_names("digitup")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_legal_actions_from_views(players: int) -> None:
    """20 seeded games a player count, every seat a heuristic bot built by make_bot: each
    choice is one of the legal actions, and the bot is given nothing but views."""
    game = motherlode.load("paydirt", players=players)
    for seed in range(20):
        state = game.new_game(seed)
        bots = [make_bot("heuristic", game, seat, 1000 * seed + seat) for seat in range(players)]
        assert all(isinstance(b, PayDirtHeuristic) for b in bots)
        steps = 0
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            assert isinstance(view, dict) and view["seat"] == seat
            legal = state.legal_actions()
            action = bots[seat].choose(view, legal)
            assert action in legal, f"seed {seed} step {steps}: {action} not legal"
            state.apply(action)
            steps += 1
            assert steps <= game.max_game_length
        assert sum(state.scores()) > 0  # heuristic bots do mine gold


@pytest.mark.parametrize("bot", ["heuristic", "heuristic-part1"])
def test_the_lean_view_gives_the_same_choices(bot: str) -> None:
    """The bot says it reads neither the log nor the decision (`bot_view` then hands it the
    lean view): at every step of seeded games it chooses the same from the full view."""
    game = motherlode.load("paydirt", players=4)
    for seed in (3, 4):
        state = game.new_game(seed)
        lean = [make_bot(bot, game, seat, seat) for seat in range(4)]
        full = [make_bot(bot, game, seat, seat) for seat in range(4)]
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            action = lean[seat].choose(bot_view(state, seat, lean[seat]), legal)
            assert action == full[seat].choose(state.view(seat), legal), f"seed {seed}"
            state.apply_unchecked(action)


def test_never_sees_the_state() -> None:
    """The bot keeps no reference to a state and is handed only a view dict and actions."""
    check_never_sees_the_state(motherlode.load("paydirt", players=3), 11)


def test_beats_random() -> None:
    """A real, seeded measurement: 60 games at 3 players, heuristic in seat 0 and random in
    the others; the heuristic must win more than its fair share (1/3), and mine more gold."""
    summary = run_games("paydirt", 60, players=3, bots=["heuristic", "random", "random"],
                        seed=1, jobs=1)
    share = 1 / 3
    assert summary.seat_win_rate[0] > 2 * share
    assert summary.mean_score[0] > max(summary.mean_score[1:])


def _play_logs(players: int, games: int) -> list[dict[str, Any]]:
    """The public log of `games` seeded games between heuristic bots."""
    game = motherlode.load("paydirt", players=players)
    entries: list[dict[str, Any]] = []
    for seed in range(games):
        state = game.new_game(seed)
        bots = [make_bot("heuristic", game, seat, seed * 10 + seat) for seat in range(players)]
        while (seat := state.current_player) is not None:
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        entries.extend(state.view(None)["log"])
    return entries


def test_uses_the_cards() -> None:
    """Issue 4: the heuristic buys upgrades and uses them, bids for specialists, and answers
    the questions cards ask (not always with the first option: `no` is sometimes chosen, and
    Rick Axelgrease's oil goes to a machine)."""
    log = _play_logs(4, 12)
    game = PayDirt(players=4)
    bought = [e["item"] for e in log if e["kind"] == "bought"]
    bought += [e["upgrade"] for e in log if e["kind"] == "upgrade-bought"]
    assert any(item in game.upgrade_by_id for item in bought)
    assert any(item in game.specialist_by_id for item in bought)
    assert any(e["kind"] == "upgrade-used" for e in log)
    answers = [e for e in log if e["kind"] == "chose"]
    assert len(answers) > 20
    assert len({e["card"] for e in answers}) >= 5
    asked = [e for e in log if e["kind"] == "asked"]
    pairs = [(q["options"], a["option"]) for q, a in zip(asked, answers, strict=True)]
    assert all(answer in options for options, answer in pairs)
    assert any(answer != options[0] for options, answer in pairs)  # not just the first


def test_keeps_the_least_harmful_event() -> None:
    """The bot keeps the card that hurts it least: with gold to lose and no Company Vault,
    Clear Eyes, Full Hearts, Can't Lose (harmless) over Thieving Workers; holding Kaylee Wrench
    (immune to equipment events), Catastrophic Failure costs it nothing."""
    game = motherlode.load("paydirt", players=2)
    bot = make_bot("heuristic", game, 0, 1)
    state = game.new_game(1)
    view = state.view(0)
    assert is_paydirt_view(view)
    view["boards"][0]["gold"] = 6
    keeps = [game.parse_action(f"keep {e}") for e in
             ("thieving-workers", "clear-eyes-full-hearts-cant-lose")]
    view["phase"] = "events"
    assert str(bot.choose(view, keeps)) == "keep clear-eyes-full-hearts-cant-lose"
    view["boards"][0]["specialists"] = ["kaylee-wrench"]
    keeps = [game.parse_action(f"keep {e}") for e in ("catastrophic-failure", "fools-gold")]
    assert str(bot.choose(view, keeps)) == "keep catastrophic-failure"


def test_part1_bot_ignores_cards() -> None:
    """`heuristic-part1` (part 1's bot, for comparison) never buys an upgrade."""
    game = PayDirt(players=3)
    state = game.new_game(5)
    bots = [make_bot("heuristic-part1", game, seat, seat) for seat in range(3)]
    while (seat := state.current_player) is not None:
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    bought = [e["upgrade"] for e in state.view(None)["log"] if e["kind"] == "upgrade-bought"]
    assert not any(item in game.upgrade_by_id for item in bought)


def test_explain_gives_the_choice_and_one_line_why() -> None:
    """`hint` (issue 12 item 8): `explain` names the action `choose` takes, with a reason in
    one line of plain words under 100 characters, in every phase of a 3-player game."""
    game = motherlode.load("paydirt", players=3)
    state = game.new_game(7)
    bots = [PayDirtHeuristic(game, seat, seat) for seat in range(3)]
    phases: set[str] = set()
    while (seat := state.current_player) is not None:
        view, legal = state.view(seat), state.legal_actions()
        action, why = PayDirtHeuristic(game, seat, seat).explain(view, legal)
        assert action == bots[seat].choose(view, legal)
        assert why and len(why) < 100 and "\n" not in why, why
        phases.add(view["phase"])
        state.apply(action)
    assert phases >= {"auction", "purchase", "work_place", "work", "events"}
