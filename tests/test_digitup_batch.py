"""The array Dig It Up (`adapters/digitup_batch.py`) against the rules engine, the truth: the
same seeds and the same actions give the same observations, masks, rewards and final scores,
step by step, over whole games of every player count (issue 25, point 3)."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from motherlode.adapters.digitup_batch import DIG, KEEP, PLACE, DigItUpBatch, lemire, mix
from motherlode.engine import MAX_SEED, IllegalAction, OptionError
from motherlode.engine.rng import StateRng
from motherlode.rules.digitup import DigItUp, DigItUpState, observe_state

PLAYERS = (2, 3, 4, 5)


def masked_uniform(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    keys = rng.random(masks.shape)
    return np.argmax(np.where(masks == 1, keys, -1.0), axis=1)


def engine_mask(game: DigItUp, state: DigItUpState) -> np.ndarray:
    mask = np.zeros(game.num_actions, dtype=np.int8)
    mask[game.encode_all(state.legal_actions())] = 1
    return mask


def play_both(players: int, slots: int, games_wanted: int, seed: int) -> Counter[str]:
    """Play seeded games through the batch and through the engine with the same masked random
    actions, checking every step; returns what was played (to show the test covers it)."""
    game = DigItUp(players=players)
    batch = DigItUpBatch(slots, players=players)
    step = batch.reset(seed=seed)
    slot_seeds = [random.Random(seed + i) for i in range(slots)]
    states = [game.new_game(seed + i) for i in range(slots)]
    chooser = np.random.default_rng(seed)
    played: Counter[str] = Counter()
    while played["games"] < games_wanted:
        for g, state in enumerate(states):
            seat = state.current_player
            assert seat == step.seats[g], f"game {g}: seat"
            expected = np.array(observe_state(state, seat), dtype=np.float32)
            np.testing.assert_array_equal(step.observations[g], expected, f"game {g} observation")
            np.testing.assert_array_equal(step.masks[g], engine_mask(game, state), f"game {g} mask")
        actions = masked_uniform(chooser, step.masks)
        kinds = batch.tables.action_kind[actions]
        played["keep"] += int((kinds == KEEP).sum())
        played["dig"] += int((kinds == DIG).sum())
        played["compass"] += int((batch.tables.action_move[actions] > 0).sum())
        played["place"] += int((kinds == PLACE).sum())
        step = batch.step(actions)
        for g, state in enumerate(states):
            state.apply(game.decode(int(actions[g])))
            assert bool(step.dones[g]) == state.is_terminal, f"game {g}: done"
            if not state.is_terminal:
                assert not step.rewards[g].any()
                continue
            played["games"] += 1
            scores = np.array(state.scores(), dtype=np.float32)
            np.testing.assert_array_equal(step.final_scores[g], scores, f"game {g} scores")
            returns = np.array(state.returns(), dtype=np.float32)
            np.testing.assert_array_equal(step.rewards[g], returns, f"game {g} rewards")
            assert int(step.final_seeds[g]) == state.seed
            next_seed = slot_seeds[g].randint(0, MAX_SEED)
            assert int(step.seeds[g]) == next_seed
            states[g] = game.new_game(next_seed)
    return played


@pytest.mark.parametrize("players", PLAYERS)
def test_the_batch_plays_as_the_engine(players: int) -> None:
    played = play_both(players, slots=8, games_wanted=24, seed=1000 * players)
    assert played["games"] >= 24
    assert played["compass"] and played["place"] and played["keep"] >= 24 * players


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_the_batch_plays_as_the_engine_over_a_thousand_games(players: int) -> None:
    """1,000 games a player count, 4,000 in all (about 25 s of CPU on this machine)."""
    played = play_both(players, slots=64, games_wanted=1000, seed=77_000 + players)
    assert played["games"] >= 1000
    assert played["compass"] > 100 and played["place"] > 100


def test_the_draws_are_the_engines() -> None:
    """SplitMix64 in numpy, and Lemire's bound, give the engine's `_randbelow` draw by draw."""
    seeds = [0, 1, 42, MAX_SEED, MAX_SEED - 12345, 2**62 + 7]
    for seed in seeds:
        engine = StateRng(seed)
        states = np.uint64(seed) + np.uint64(0x9E3779B97F4A7C15) * np.arange(
            1, 51, dtype=np.uint64)
        words = mix(states)
        bounds = np.arange(1, 51, dtype=np.uint64)
        picks, _ = lemire(words, bounds)
        assert [engine._randbelow(int(n)) for n in bounds] == picks.tolist()


def test_a_set_up_from_the_engine_is_the_same_set_up() -> None:
    """The fallback for a redrawn set-up draw (the engine's own set-up) gives what the arrays
    give, so either path leaves a slot in the same state."""
    for players in PLAYERS:
        arrays = DigItUpBatch(16, players=players)
        arrays.reset(seed=5)
        engine = DigItUpBatch(16, players=players)
        engine.reset(seed=5)
        for slot in range(16):
            engine._from_engine(slot, 5 + slot)
        for name in ("board", "deck", "deck_left", "dealt", "rng"):
            np.testing.assert_array_equal(getattr(arrays, name), getattr(engine, name), name)


def test_an_illegal_action_changes_nothing() -> None:
    batch = DigItUpBatch(4, players=3)
    step = batch.reset(seed=3)
    board = batch.board.copy()
    actions = masked_uniform(np.random.default_rng(0), step.masks)
    actions[2] = int(np.flatnonzero(step.masks[2] == 0)[0])
    with pytest.raises(IllegalAction, match="game 2"):
        batch.step(actions)
    np.testing.assert_array_equal(batch.board, board)
    assert (batch.mission == -1).all()
    with pytest.raises(OptionError):
        batch.step(actions[:3])


def test_seeds_are_checked() -> None:
    with pytest.raises(OptionError):
        DigItUpBatch(2).reset(seed=MAX_SEED)  # the second slot's seed is out of range
    with pytest.raises(OptionError):
        DigItUpBatch(2).reset(seed=[1])
