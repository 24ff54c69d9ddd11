"""The search bot in Pay Dirt: its state built from a seat's view agrees with that view (log
included) at every position, it reads its seat's view only, and it replays bit for bit with an
iteration budget."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from bot_checks import check_never_sees_the_state

import motherlode
from motherlode.bots.base import bot_names, make_bot
from motherlode.bots.search import SearchBot
from motherlode.bots.search_paydirt import Planner, candidates, state_from_view
from motherlode.engine import Game, State
from motherlode.rules.paydirt import Bid, Pass, PayDirt


def _agrees_everywhere(game: Game, seed: int, bot: str | None) -> None:
    """At every position of a seeded game (random moves, or `bot` in every seat), for every
    seat: the state built from the seat's view, and a determinization of it, show that seat
    the very same view; the seat to move has the same legal actions, and a card's question is
    the same record (where the round goes on after it included)."""
    assert isinstance(game, PayDirt)
    state = game.new_game(seed)
    rng = random.Random(seed)
    bots = [make_bot(bot, game, p, p) for p in range(game.num_players)] if bot else []
    while True:
        for seat in range(game.num_players):
            view = state.view(seat)
            rebuilt = state_from_view(game, view)
            sample = rebuilt.determinize(seat, rng)
            assert rebuilt.view(seat) == view
            assert sample.view(seat) == view
            if seat == state.current_player:
                assert sample.legal_actions() == state.legal_actions()
                assert rebuilt.choice == getattr(state, "choice", None)
        if (seat := state.current_player) is None:
            break
        legal = state.legal_actions()
        state.apply(bots[seat].choose(state.view(seat), legal) if bots else rng.choice(legal))


@pytest.mark.parametrize(("players", "seeds"), [(2, 2), (4, 1)])
def test_state_from_view_agrees_with_the_view(players: int, seeds: int) -> None:
    game = motherlode.load("paydirt", players=players)
    for seed in range(seeds):
        _agrees_everywhere(game, seed, None)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_state_from_view_agrees_in_heuristic_games(players: int) -> None:
    """Heuristic games go further than random ones (claims emptied, machines replaced, cards
    asked, the last round's cleanup)."""
    game = motherlode.load("paydirt", players=players)
    for seed in range(2):
        _agrees_everywhere(game, seed, "heuristic")


def _midgame(seed: int, moves: int, until: Callable[[State], bool] | None = None) -> State:
    """A heuristic game after `moves` moves (or, with `until`, at the first position it
    holds)."""
    game = motherlode.load("paydirt", players=4)
    state = game.new_game(seed)
    bots = [make_bot("heuristic", game, p, p) for p in range(4)]
    for _ in range(moves):
        if until is not None and until(state):
            break
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state


def test_the_rebuilt_state_hides_the_ore_values() -> None:
    """A seat's rebuilt state does not hold the real ore: determinizations vary the values
    on the boards (nobody, the owner included, sees them)."""
    state = _midgame(3, 60)
    game = state.game
    assert isinstance(game, PayDirt)
    rebuilt = state_from_view(game, state.view(0))
    rng = random.Random(0)
    values = game.components.ore
    seen = {
        tuple(values[o].value for b in rebuilt.determinize(0, rng).boards for c in b.claims
              for o in c.ore)
        for _ in range(10)
    }
    assert len(seen) > 1


def test_bids_are_searched_at_a_few_amounts() -> None:
    """While bidding, the candidates are the policy's choice, pass and a few amounts, all
    legal, not the dozens of bids the seat could make."""
    state = _midgame(1, 400, lambda s: Pass() in s.legal_actions() and len(s.legal_actions()) > 6)
    game = state.game
    assert isinstance(game, PayDirt)
    rebuilt = state_from_view(game, state.view(state.current_player))
    legal = state.legal_actions()
    tried = candidates(Planner(game, 0, 0), rebuilt, 6)
    assert Pass() in tried and set(tried) <= set(legal)
    assert 2 <= len(tried) <= 5 < len(legal)
    assert all(isinstance(a, Bid | Pass) for a in tried)


def test_search_never_sees_the_state() -> None:
    check_never_sees_the_state(motherlode.load("paydirt", players=2), 5, bot="search-easy")


def _play(seed: int) -> str:
    game = motherlode.load("paydirt", players=2)
    state = game.new_game(seed)
    bots = [make_bot("search-easy", game, 0, seed), make_bot("heuristic", game, 1, 1)]
    while (seat := state.current_player) is not None:
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state.digest()


def test_an_iteration_budget_replays_bit_for_bit() -> None:
    assert _play(8) == _play(8)


def test_the_levels_are_registered() -> None:
    game = motherlode.load("paydirt")
    levels = ("search-easy", "search-medium", "search-hard")
    assert all(level in bot_names("paydirt") for level in levels)
    bots = [make_bot(level, game, 0, 0) for level in levels]
    budgets = [bot.iterations for bot in bots if isinstance(bot, SearchBot)]
    assert len(budgets) == 3 and budgets[0] < budgets[1] < budgets[2]
