"""The search bot in Pay Day: the state it builds from a seat's view shows that seat the very
view it came from (log included), and so does each determinization of it; its rollout policy
and candidates play legal moves; it never sees the state and replays bit for bit."""

from __future__ import annotations

import random

import pytest
from bot_checks import check_never_sees_the_state

import motherlode
from motherlode.bots.base import bot_names, make_bot
from motherlode.bots.search import SearchBot
from motherlode.bots.search_payday import candidates, evaluate, rollout_policy, state_from_view
from motherlode.engine import Action, State
from motherlode.rules.payday import PASS, Bid, PayDayState

LEVELS = ("search-easy", "search-medium", "search-hard")


def _positions(players: int, seeds: int) -> list[State]:
    """Every position of seeded one-month games of random moves."""
    game = motherlode.load("payday", players=players, months=1)
    out = []
    for seed in range(seeds):
        state = game.new_game(seed)
        rng = random.Random(seed)
        out.append(state.clone())
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            out.append(state.clone())
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_state_from_view_agrees_with_the_view(players: int) -> None:
    """At every position, for every seat: the state built from the seat's view, and each
    determinization of it, shows that seat the same view, and the seat to move has the same
    legal actions in it."""
    game = motherlode.load("payday", players=players, months=1)
    rng = random.Random(players)
    for state in _positions(players, 2):
        for seat in range(players):
            view = state.view(seat)
            rebuilt = state_from_view(game, view)
            sample = rebuilt.determinize(seat, rng)
            assert rebuilt.view(seat) == view
            assert sample.view(seat) == view
            if seat == state.current_player:
                assert sample.legal_actions() == state.legal_actions()


def test_state_from_view_hides_the_piles() -> None:
    """The rebuilt state does not hold the real order of the piles: determinizations of it
    vary the unseen Bargains and the Mail pile."""
    game = motherlode.load("payday", players=4, months=1)
    state = game.new_game(3)
    rebuilt = state_from_view(game, state.view(0))
    rng = random.Random(0)
    samples = [rebuilt.determinize(0, rng) for _ in range(10)]
    assert len({tuple(s.bargain_deck) for s in samples}) > 1
    assert len({tuple(s.mail_deck) for s in samples}) > 1
    assert all(s.bargains == state.bargains for s in samples)  # face up


def test_rollouts_and_candidates_play_legal_moves() -> None:
    """From determinizations of states built from views, the rollout policy and every
    candidate are legal; the evaluation gives every seat a number; an auction's candidates
    include the lowest bid and passing, the policy's choice first."""
    game = motherlode.load("payday", players=3, months=1)
    rng = random.Random(1)
    auctions = 0
    for state in _positions(3, 2):
        seat = state.current_player
        if seat is None:
            continue
        sample = state_from_view(game, state.view(seat)).determinize(seat, rng)
        legal = sample.legal_actions()
        assert rollout_policy(sample, rng) in legal
        ranked = candidates(sample, 4)
        assert ranked and len(ranked) <= 4 and set(ranked) <= set(legal)
        assert ranked[0] == rollout_policy(sample, random.Random(0))
        assert len(evaluate(sample)) == 3
        if sample.phase_name == "auction" and len(legal) > 1:
            auctions += 1
            assert PASS in ranked and isinstance(_lowest(legal), Bid) and _lowest(legal) in ranked
    assert auctions > 0


def _lowest(legal: list[Action]) -> Action:
    return next(a for a in legal if isinstance(a, Bid))


@pytest.mark.parametrize("players", [2, 4])
def test_search_never_sees_the_state(players: int) -> None:
    game = motherlode.load("payday", players=players, months=1)
    check_never_sees_the_state(game, 5, bot="search-easy")


def _play(seed: int) -> str:
    game = motherlode.load("payday", players=3, months=1)
    state = game.new_game(seed)
    bots = [make_bot("search-easy", game, 0, seed)] + [
        make_bot("heuristic", game, p, p) for p in (1, 2)
    ]
    while (seat := state.current_player) is not None:
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state.digest()


def test_an_iteration_budget_replays_bit_for_bit() -> None:
    assert _play(8) == _play(8)


def test_the_levels_are_registered_for_pay_day() -> None:
    game = motherlode.load("payday")
    for level in LEVELS:
        assert level in bot_names("payday")
    bots = [make_bot(level, game, 0, 0) for level in LEVELS]
    assert all(isinstance(bot, SearchBot) for bot in bots)


def test_the_search_searches_a_bid() -> None:
    """In an auction the search plays out its candidates and chooses a legal action."""
    game = motherlode.load("payday", players=4, months=1)
    rng = random.Random(2)
    state = game.new_game(2)
    while state.phase_name != "auction":
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    assert seat is not None
    bot = SearchBot(game, seat, 4)
    bot.iterations = 24
    legal = state.legal_actions()
    assert bot.choose(state.view(seat), legal) in legal
    assert bot.last_iterations > 0
    assert isinstance(state_from_view(game, state.view(seat)), PayDayState)


def test_the_levels_roll_out_with_the_heuristic_and_leave_it_the_routine() -> None:
    """Pay Day's levels roll out with the heuristic, no random moves; in a routine phase (the
    order of the die and the move) they play the heuristic's choice without a playout."""
    game = motherlode.load("payday", players=4, months=1)
    bot = make_bot("search-easy", game, 0, 0)
    assert isinstance(bot, SearchBot)
    assert bot.bot_rollouts and bot.epsilon == 0
    rng = random.Random(3)
    state = game.new_game(3)
    searched = routine = 0
    while (seat := state.current_player) is not None and not (searched and routine):
        legal = state.legal_actions()
        if seat == 0 and len(legal) > 1:
            action = bot.choose(state.view(seat), legal)
            assert action in legal
            if state.phase_name == "order":
                routine += 1
                assert bot.last_iterations == 0
            elif state.phase_name in ("auction", "start", "bargain"):
                searched += 1
                assert bot.last_iterations > 0
        state.apply(rng.choice(legal))
    assert searched and routine


def test_the_heuristics_choice_is_compared_on_every_sample() -> None:
    """Pay Day's levels give each of their candidates the same playouts (no halving): the
    heuristic's choice meets every sample its challenger met, and stands unless beaten by
    three standard errors."""
    game = motherlode.load("payday", players=4, months=1)
    bot = make_bot("search-easy", game, 0, 0)
    assert isinstance(bot, SearchBot)
    assert bot.confidence >= 3
    compared: list[tuple[int, int]] = []
    judge = bot._surely_better

    def recorded(challenger: list[float], default: list[float]) -> bool:
        compared.append((len(challenger), len(default)))
        return judge(challenger, default)

    bot._surely_better = recorded  # type: ignore[method-assign]
    rng = random.Random(5)
    state = game.new_game(5)
    while (seat := state.current_player) is not None and len(compared) < 3:
        legal = state.legal_actions()
        if seat == 0 and len(legal) > 1:
            bot.choose(state.view(seat), legal)
        state.apply(rng.choice(legal))
    fewest = bot.iterations // bot.width  # two or three candidates share the budget
    assert compared and all(mine == theirs >= fewest for mine, theirs in compared)
