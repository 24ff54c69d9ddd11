"""The greedy Dig It Up bot: it reads its seat's typed view only, and plays well enough."""

from __future__ import annotations

import pytest
from bot_checks import check_never_sees_the_state

import motherlode
from motherlode.bots.base import make_bot
from motherlode.bots.digitup_greedy import Board, GreedyDigger
from motherlode.rules.digitup import KINDS, DigItUp
from motherlode.rules.digitup.actions import Dig
from motherlode.rules.digitup.schema import is_digitup_view


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_never_sees_the_state(players: int) -> None:
    check_never_sees_the_state(motherlode.load("digitup", players=players), 3, bot="greedy")


def test_greedy_plays_the_simplified_variation() -> None:
    check_never_sees_the_state(motherlode.load("digitup", simplified=True), 1, bot="greedy")


def test_greedy_keeps_the_mission_worth_most() -> None:
    """It keeps the mission with the best bonus x measured odds (Jack of All Trades: 11.4)."""
    game = motherlode.load("digitup", players=4)
    bot = make_bot("greedy", game, 0, 0)
    state = game.new_game(0)
    legal = state.legal_actions()
    choice = bot.choose(state.view(0), legal)
    assert choice in legal and str(choice).startswith("keep ")


def test_greedy_outscores_random() -> None:
    """Over a few seeded 2-player games, greedy in seat 0 has more money than random."""
    game = motherlode.load("digitup", players=2)
    greedy = random = 0.0
    for seed in range(12):
        state = game.new_game(seed)
        bots = [make_bot("greedy", game, 0, seed), make_bot("random", game, 1, seed)]
        while (seat := state.current_player) is not None:
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        scores = state.scores()
        greedy += scores[0]
        random += scores[1]
    assert greedy > random


def test_greedy_refuses_another_game() -> None:
    game = motherlode.load("digitup")
    view = game.new_game(0).view(0)
    view["game"] = "payday"
    with pytest.raises(TypeError, match="Dig It Up"):
        make_bot("greedy", game, 0, 0).choose(view, [Dig("amazon")])


@pytest.mark.parametrize("players", [2, 5])
def test_explain_names_the_site_as_printed_and_agrees_with_choose(players: int) -> None:
    """`hint`: the action `choose` would take and one line of why (< 100 characters): the
    mission's expected bonus, the dig site by its printed letter and name with its expected
    gain, or where the token goes."""
    game = motherlode.load("digitup", players=players)
    state = game.new_game(4)
    kinds: set[str] = set()
    while (seat := state.current_player) is not None:
        view, legal = state.view(seat), state.legal_actions()
        assert is_digitup_view(view)
        action, why = GreedyDigger(game, seat, 7).explain(view, legal)
        assert action == GreedyDigger(game, seat, 7).choose(view, legal)
        assert len(why) < 100 and "\n" not in why
        if view["phase"] == "dig":
            site = next(s for s in view["sites"] if s["site"] == str(action).split()[1])
            assert why.startswith(f"dig {site['letter']} {site['name']}: ")
            assert "won expected" in why
        kinds.add(view["phase"])
        state.apply(action)
    assert {"missions", "dig"} <= kinds


@pytest.mark.parametrize(("players", "simplified"), [(4, False), (3, False), (2, True)])
def test_the_boards_money_is_money_of(players: int, simplified: bool) -> None:
    """`Board.money` (the tokens' part apart, the rest once per kind and what the mission
    reads) equals `DigItUp.money_of` with one more tile of every kind, any tokens won or lost,
    a site closed or not and a card drawn or not, at positions of seeded greedy games (every
    mission kept at some seat of some game)."""
    game = motherlode.load("digitup", players=players, simplified=simplified)
    assert isinstance(game, DigItUp)
    missions: set[int] = set()
    for seed in range(6 if not simplified else 1):
        state = game.new_game(seed)
        bots = [make_bot("greedy", game, seat, seed) for seat in range(players)]
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            assert is_digitup_view(view)
            mine = view["scoreboards"][seat]
            board = Board(game, mine)
            missions.add(board.mission)
            for kind in range(len(KINDS)):
                for extra in (-3, 0, 2, 5):
                    for closes in (0, 1):
                        for draws in (0, 1):
                            counts = list(board.counts)
                            counts[kind] += 1
                            expected = game.money_of(
                                counts, max(0, board.tokens + extra), board.kept, board.mission,
                                board.closed + closes, board.drawn + draws)
                            assert board.money(kind, extra, closes, draws) == expected
            state.apply(bots[seat].choose(view, state.legal_actions()))
    if not simplified:
        assert len(missions) >= 8
