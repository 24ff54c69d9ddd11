"""`State.observation(seat)`, the learning agents' fast path, is the very vector
`game.observe(state.view(seat))` gives, for every seat at every position of seeded random games
of every game and player count; and building it leaves the full view as it was."""

from __future__ import annotations

import random

import numpy as np
import pytest

from motherlode.bots import make_bot
from motherlode.engine import ActionSyntaxError, State, game_class, games, load

CASES = [
    (name, players)
    for name in games()
    for players in range(game_class(name).min_players, game_class(name).max_players + 1)
]
IDS = [f"{name}-{players}p" for name, players in CASES]
VARIANTS = [("digitup", 3, {"simplified": True}), ("saboteur", 5, {"edition": "base"})]
SEEDS = (3, 41)
CHECKS_PER_GAME = 60  # positions checked per game, spread over its length


def positions(name: str, players: int, seed: int, **options: object) -> list[State]:
    """Clones of positions of one seeded random game, its end included."""
    state = load(name, players=players, **options).new_game(seed)
    rng = random.Random(seed)
    seen = [state.clone()]
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        seen.append(state.clone())
    step = max(1, len(seen) // CHECKS_PER_GAME)
    return [*seen[::step], seen[-1]]


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_the_fast_observation_is_the_views_observation(name: str, players: int) -> None:
    for seed in SEEDS:
        for state in positions(name, players, seed):
            for seat in range(players):
                assert state.observation(seat) == state.game.observe(state.view(seat)), (
                    f"{name} {players}p seed {seed} move {len(state.history)} seat {seat}"
                )


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_observe_into_writes_the_observation(name: str, players: int) -> None:
    """The adapters' buffer: `observe_into` a numpy array of zeros gives the observation's
    numbers (as float32, what `np.fromiter` of the list gives)."""
    for state in positions(name, players, SEEDS[0]):
        for seat in range(players):
            out = np.zeros(state.game.observation_size, dtype=np.float32)
            state.observe_into(seat, out)
            assert np.array_equal(out, np.asarray(state.observation(seat), dtype=np.float32))


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_the_fast_observation_is_the_views_observation_in_variants(
    name: str, players: int, options: dict[str, object]
) -> None:
    for state in positions(name, players, 17, **options):
        for seat in range(players):
            assert state.observation(seat) == state.game.observe(state.view(seat))


@pytest.mark.parametrize(("players", "options"), [
    (4, {}), (3, {"event_resolution": "on_pick", "upgrade_limit": "one_total"}), (2, {}),
])
def test_paydirt_state_observation_at_every_position_of_heuristic_games(
    players: int, options: dict[str, object]
) -> None:
    """Pay Dirt's `observe_state` and `observe_into` (a numpy buffer: the table and boards
    copied while untouched, kept across seats, positions and games) write the vector from the
    state: every seat at every position of seeded heuristic games (cards bought and used,
    drafts, questions asked), beside the view's vector."""
    game = load("paydirt", players=players, **options)
    for seed in (1, 2):
        state = game.new_game(seed)
        bots = [make_bot("heuristic", game, seat, seed) for seat in range(players)]
        while True:
            for seat in range(players):
                expected = game.observe(state.view(seat))
                where = f"seed {seed} move {len(state.history)} seat {seat}"
                assert state.observation(seat) == expected, where
                out = np.zeros(game.observation_size, dtype=np.float32)
                state.observe_into(seat, out)
                assert np.array_equal(out, np.asarray(expected, dtype=np.float32)), where
            if (mover := state.current_player) is None:
                break
            legal = state.legal_actions()
            state.apply_unchecked(bots[mover].choose(state.view(mover), legal))


@pytest.mark.parametrize(("name", "players", "options", "seeds"), [
    ("paydirt", 4, {}, (6,)), ("paydirt", 2, {}, (7,)), ("digitup", 4, {}, (6, 7)),
    ("digitup", 2, {}, (6, 7)), ("digitup", 3, {"simplified": True}, (6, 7)),
])
def test_observe_into_at_every_position_for_every_seat(
    name: str, players: int, options: dict[str, object], seeds: tuple[int, ...]
) -> None:
    """Pay Dirt's and Dig It Up's `observe_into` (the PettingZoo adapter's buffer; boards and
    sites copied from when they last looked the same) is the view's vector as float32 for
    every seat at every position of seeded random games, seats and games interleaved."""
    game = load(name, players=players, **options)
    for seed in seeds:
        state = game.new_game(seed)
        rng = random.Random(seed)
        while True:
            for seat in (*range(players), 0):
                out = np.zeros(game.observation_size, dtype=np.float32)
                state.observe_into(seat, out)
                expected = np.asarray(game.observe(state.view(seat)), dtype=np.float32)
                assert np.array_equal(out, expected), f"seed {seed} move {len(state.history)}"
            if state.is_terminal:
                break
            assert state.legal_action_ids() == game.encode_all(state.legal_actions())
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", games())
def test_the_full_view_keeps_its_log_and_decision_after_an_observation(name: str) -> None:
    state = load(name).new_game(5)
    rng = random.Random(5)
    for _ in range(10):
        after = state.clone()
        after.apply(rng.choice(state.legal_actions()))
        if after.is_terminal:
            break
        state = after
    seat = state.current_player
    assert seat is not None
    before = state.view(seat)
    state.observation(seat)
    assert state.view(seat) == before
    assert before["decision"] is not None
    assert before["log"]


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_encode_all_is_encode_of_each_action(name: str, players: int) -> None:
    """The masks' fast path: every legal action's integer, in order."""
    game = load(name, players=players)
    for state in positions(name, players, 8):
        legal = state.legal_actions()
        assert game.encode_all(legal) == [game.encode(action) for action in legal]
        assert state.legal_action_ids() == game.encode_all(legal)


def test_encode_all_refuses_an_action_of_another_game() -> None:
    digitup, saboteur = load("digitup"), load("saboteur")
    foreign = saboteur.new_game(1).legal_actions()[0]
    with pytest.raises(ActionSyntaxError):
        digitup.encode_all([foreign])
