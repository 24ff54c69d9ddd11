"""The determinized search bot: it reads its seat's view only, replays bit for bit with an
iteration budget, and its state built from a view agrees with that view."""

from __future__ import annotations

import random

import pytest
from bot_checks import check_never_sees_the_state, check_views_rebuild

import motherlode
from motherlode.bots.base import bot_names, make_bot
from motherlode.bots.search import SearchBot, search_games
from motherlode.bots.search_digitup import MISSION_WINS, candidates, state_from_view
from motherlode.engine import OptionError
from motherlode.rules.digitup import KeepMission

LEVELS = ("search-easy", "search-medium", "search-hard")



@pytest.mark.parametrize("players", [2, 4])
def test_search_never_sees_the_state(players: int) -> None:
    check_never_sees_the_state(motherlode.load("digitup", players=players), 5, bot="search-easy")


def test_search_plays_the_simplified_variation() -> None:
    check_never_sees_the_state(motherlode.load("digitup", simplified=True), 2, bot="search-easy")


@pytest.mark.parametrize("players", [2, 5])
def test_state_from_view_agrees_with_the_view(players: int) -> None:
    """At every position of seeded games, for every seat: the state built from the seat's
    view, and each determinization of it, shows that seat the same view (log aside), and the
    seat to move has the same legal actions in it."""
    game = motherlode.load("digitup", players=players)
    for seed in range(3):
        check_views_rebuild(game, seed, state_from_view)


def test_state_from_view_hides_the_other_missions() -> None:
    """The rebuilt state does not hold the other players' real missions: determinizations of
    it vary them (seat 0's view cannot tell them)."""
    game = motherlode.load("digitup", players=4)
    state = game.new_game(11)
    while state.current_player is not None and state.phase_name == "missions":
        state.apply(state.legal_actions()[0])
    rebuilt = state_from_view(game, state.view(0))
    rng = random.Random(0)
    kept = {tuple(rebuilt.determinize(0, rng).mission[1:]) for _ in range(20)}
    assert len(kept) > 1
    assert all(rebuilt.determinize(0, rng).mission[0] == state.mission[0] for _ in range(3))


def _play(seed: int) -> str:
    game = motherlode.load("digitup", players=3)
    state = game.new_game(seed)
    bots = [make_bot("search-easy", game, 0, seed)] + [
        make_bot("greedy", game, p, p) for p in (1, 2)
    ]
    while (seat := state.current_player) is not None:
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state.digest()


def test_an_iteration_budget_replays_bit_for_bit() -> None:
    assert _play(8) == _play(8)


def test_the_levels_are_registered_for_the_games_it_plays() -> None:
    assert search_games() == ["digitup", "payday", "paydirt", "saboteur"]
    for level in LEVELS:
        for game in search_games():
            assert level in bot_names(game)
        assert level not in bot_names("toy")
    game = motherlode.load("digitup")
    bots = [make_bot(level, game, 0, 0) for level in LEVELS]
    budgets = [bot.iterations for bot in bots if isinstance(bot, SearchBot)]
    assert len(budgets) == 3 and budgets[0] < budgets[1] < budgets[2]


def test_the_search_refuses_a_game_it_cannot_play() -> None:
    """Every built-in game is searched; a game without a `state_from_view` (the toy game of
    tests/toygame.py) is refused by name."""
    with pytest.raises(OptionError, match="cannot play toy"):
        SearchBot(motherlode.load("toy"), 0, 0)


def test_a_time_budget_stops_the_search_early() -> None:
    """With `millis` set, a move ends once the time is up (each candidate, the `width` best
    digs, tried once)."""
    game = motherlode.load("digitup", players=4)
    state = game.new_game(3)
    while state.phase_name != "dig":
        state.apply(state.legal_actions()[0])
    bot = SearchBot(game, state.current_player or 0, 1)
    bot.iterations = 10_000
    bot.millis = 1.0
    legal = state.legal_actions()
    assert bot.choose(state.view(state.current_player), legal) in legal
    assert bot.width <= bot.last_iterations < 10_000


def test_the_mission_kept_is_the_one_measured_best() -> None:
    """Dig It Up's mission pays only at the end, past a playout: the search keeps, without
    searching, the dealt mission its measured table (`MISSION_WINS`) ranks first."""
    game = motherlode.load("digitup", players=4)
    state = game.new_game(6)
    view, legal = state.view(0), state.legal_actions()
    search = make_bot("search-medium", game, 0, 0)
    assert isinstance(search, SearchBot)
    kept = search.choose(view, legal)
    assert isinstance(kept, KeepMission)
    assert MISSION_WINS[kept.mission] == max(
        MISSION_WINS[a.mission] for a in legal if isinstance(a, KeepMission))
    assert search.last_iterations == 0


def test_it_searches_the_greedy_dig_and_the_best_few_others() -> None:
    """With many digs open, the search plays out only the greedy bot's dig and the best
    others by its cheap ranking, `width` in all, and chooses among them."""
    game = motherlode.load("digitup", players=4)
    state = game.new_game(2)
    while state.phase_name != "dig":
        state.apply(state.legal_actions()[0])
    seat = state.current_player or 0
    view, legal = state.view(seat), state.legal_actions()
    greedy = make_bot("greedy", game, seat, 4 * 31 + seat).choose(view, legal)
    ranked = candidates(state_from_view(game, view), 3)
    assert len(legal) > 3 and len(ranked) == 3 and set(ranked) <= set(legal)
    bot = SearchBot(game, seat, 4)
    bot.width = 3
    assert bot.choose(view, legal) in {greedy, *ranked}
    assert bot.last_iterations > 0


def test_rollouts_through_the_greedy_bots_views_play_legal_moves() -> None:
    """`bot_rollouts`: the playouts use the greedy bot in every seat, through each seat's
    view of the determinization; the choice is still among the legal actions."""
    game = motherlode.load("digitup", players=3)
    state = game.new_game(4)
    while state.phase_name != "dig":
        state.apply(state.legal_actions()[0])
    seat = state.current_player or 0
    bot = SearchBot(game, seat, 2)
    bot.bot_rollouts = True
    bot.iterations, bot.depth = 12, 3
    legal = state.legal_actions()
    assert bot.choose(state.view(seat), legal) in legal
    assert bot.last_iterations > 0


@pytest.mark.parametrize("name", ["digitup", "paydirt"])
def test_the_hint_is_the_move_the_search_plays_with_its_reason(name: str) -> None:
    """`explain` (the hint) gives the very move `choose` plays from the same seed and view,
    and a reason: the hand-written bot's own, or what the playouts measured against it."""
    game = motherlode.load(name, players=2)
    state = game.new_game(7)
    rng = random.Random(7)
    explained = 0
    while (seat := state.current_player) is not None and explained < 4:
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            view = state.view(seat)
            action, why = make_bot("search-easy", game, seat, 11).explain(view, legal)
            assert action == make_bot("search-easy", game, seat, 11).choose(view, legal)
            assert "playouts" in why or why.startswith("as the "), why
            explained += 1
        state.apply(legal[rng.randrange(len(legal))])
    assert explained == 4
