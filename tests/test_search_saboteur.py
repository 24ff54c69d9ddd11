"""The determinized search bot in Saboteur Gold: its state built from a view agrees with that
view, it reads its seat's view only, replays bit for bit with an iteration budget, and values a
playout against the other side, not against its teammates."""

from __future__ import annotations

import random

import pytest
from bot_checks import check_never_sees_the_state, check_views_rebuild

import motherlode
from motherlode.bots.base import bot_names, make_bot
from motherlode.bots.search import SearchBot
from motherlode.bots.search_saboteur import (
    candidates,
    cards_to_treasure,
    relative_value,
    rollout_policy,
    share_side,
    state_from_view,
)
from motherlode.bots.search_saboteur_levels import SaboteurSearch
from motherlode.rules.saboteur import Saboteur, SaboteurState


def _game(players: int, edition: str = "gold") -> Saboteur:
    game = motherlode.load("saboteur", players=players, edition=edition)
    assert isinstance(game, Saboteur)
    return game


@pytest.mark.parametrize(("players", "edition"), [(4, "gold"), (7, "gold"), (5, "base")])
def test_state_from_view_agrees_with_the_view(players: int, edition: str) -> None:
    """At every position of a seeded game, for every seat: the state built from the seat's
    view, and a determinization of it, shows that seat the same view (log aside), and the seat
    to move has the same legal actions in it."""
    check_views_rebuild(_game(players, edition), 0, state_from_view)


def test_state_from_view_hides_the_other_hands_and_dwarves() -> None:
    """The rebuilt state does not hold the others' real hands and dwarves: determinizations of
    it vary them, and keep the seat's own."""
    game = _game(7)
    state = game.new_game(5)
    rebuilt = state_from_view(game, state.view(0))
    rng = random.Random(0)
    samples = [rebuilt.determinize(0, rng) for _ in range(20)]
    assert len({tuple(sorted(s.hands[1])) for s in samples}) > 1
    assert len({tuple(s.dwarves[1:]) for s in samples}) > 1
    assert all(sorted(s.hands[0]) == sorted(state.hands[0]) for s in samples)
    assert all(s.dwarves[0] == state.dwarves[0] for s in samples)


def test_the_rollout_and_the_candidates_are_legal_moves() -> None:
    game = _game(7)
    state = game.new_game(2)
    rng = random.Random(2)
    for _ in range(120):
        if state.is_terminal:
            break
        assert isinstance(state, SaboteurState)
        legal = state.legal_actions()
        ranked = candidates(state, 4)
        assert 1 <= len(ranked) <= 4 and set(ranked) <= set(legal)
        action = rollout_policy(state, rng)
        assert action in legal
        state.apply(action)


def test_a_teammate_s_gold_is_not_held_against_the_seat() -> None:
    """A playout is valued against the best player of another side (a Digger's team): more
    gold for a player on the seat's side changes nothing, more for one on another side lowers
    the value."""
    game = _game(7)
    state = game.new_game(1)
    assert isinstance(state, SaboteurState)
    sides = [share_side(state, d) for d in state.dwarves]
    seat = 0
    mate = next((p for p in range(1, 7) if sides[p] == sides[seat]), None)
    rival = next(p for p in range(1, 7) if sides[p] != sides[seat])
    end = state.clone()
    base = relative_value(state, end, seat)
    if mate is not None:
        end.gold[mate] += 10
        assert relative_value(state, end, seat) == base
    end.gold[rival] += 10
    assert relative_value(state, end, seat) < base


def test_search_never_sees_the_state() -> None:
    check_never_sees_the_state(_game(3), 1, bot="search-easy")


def _play(seed: int) -> str:
    game = _game(4)
    state = game.new_game(seed)
    search = make_bot("search-easy", game, 0, seed)
    assert isinstance(search, SearchBot)
    search.iterations = 8
    bots = [search] + [make_bot("heuristic", game, p, p) for p in (1, 2, 3)]
    while (seat := state.current_player) is not None:
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state.digest()


def test_an_iteration_budget_replays_bit_for_bit() -> None:
    assert _play(8) == _play(8)


def test_the_levels_are_registered_for_saboteur() -> None:
    for level in ("search-easy", "search-medium", "search-hard"):
        assert level in bot_names("saboteur")
    game = _game(5)
    seat, view = 0, game.new_game(0).view(0)
    bot = make_bot("search-easy", game, seat, 0)
    assert isinstance(bot, SearchBot)
    legal = game.new_game(0).legal_actions()
    assert bot.choose(view, legal) in legal


def test_playouts_run_to_the_round_s_end_only_near_the_treasure() -> None:
    game = _game(7)
    state = game.new_game(3)
    assert isinstance(state, SaboteurState)
    search = make_bot("search-medium", game, 0, 0)
    assert isinstance(search, SaboteurSearch)
    assert search._playout_depth(state) == search.depth  # off in the levels
    search.endgame = 3
    assert 7 <= cards_to_treasure(state) <= 9  # from the ladder to the goals' column
    assert search._playout_depth(state) == search.depth
    bots = [make_bot("heuristic", game, p, p) for p in range(7)]
    while cards_to_treasure(state) > search.endgame and state.current_player is not None:
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert state.round == 1, "the heuristics come near the treasure in the first round"
    assert search._playout_depth(state) == search.endgame_depth
    search.endgame = 0
    assert search._playout_depth(state) == search.depth


def test_heuristic_rollouts_replay_and_stay_legal() -> None:
    game = _game(4)
    state = game.new_game(5)
    heuristics = [make_bot("heuristic", game, p, p) for p in range(4)]
    searched = 0
    for step in range(40):
        seat = state.current_player
        assert seat is not None
        legal, view = state.legal_actions(), state.view(seat)
        if len(legal) > 1 and step % 8 == 0:
            picks = []
            for _ in range(2):
                search = make_bot("search-medium", game, seat, 7)
                assert isinstance(search, SaboteurSearch)
                search.iterations, search.heuristic_depth = 4, 8
                picks.append(search.choose(view, legal))
            assert picks[0] == picks[1] and picks[0] in legal
            searched += 1
        state.apply(heuristics[seat].choose(view, legal))
    assert searched >= 2
