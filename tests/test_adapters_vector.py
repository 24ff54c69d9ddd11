"""The batched environment (`adapters.vector`): N seeded games, batched observations and
masks, the learner's rewards, same-step auto-reset, bots at the other seats, bad input."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from motherlode.adapters.vector import MotherlodeVectorEnv
from motherlode.bots import strongest_bot
from motherlode.engine import IllegalAction, OptionError, games, load


def random_actions(rng: np.random.Generator, masks: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    return np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])


@pytest.mark.parametrize("name", games())
def test_batches_are_in_the_spaces_and_each_game_is_its_seeded_engine_game(name: str) -> None:
    envs = MotherlodeVectorEnv(name, num_envs=3)
    observations, infos = envs.reset(seed=20)
    assert list(infos["seed"]) == [20, 21, 22]
    rng = np.random.default_rng(0)
    for _ in range(5):
        assert observations in envs.observation_space
        for i, table in enumerate(envs.tables):
            replay = load(name).new_game(table.seed)
            for action in table.state.history:
                replay.apply(action)  # checked: every move the slot made is legal
            assert replay.digest() == table.state.digest()
            assert replay.current_player == envs.seat
            assert observations["observation"][i].tolist() == pytest.approx(
                replay.observation(envs.seat)
            )
            legal = {envs.encoding.encode(replay, a) for a in replay.legal_actions()}
            assert set(np.flatnonzero(observations["action_mask"][i])) == legal
        observations, *_ = envs.step(random_actions(rng, observations["action_mask"]))


def play(envs: MotherlodeVectorEnv, steps: int) -> list[Any]:
    rng = np.random.default_rng(1)
    observations, _ = envs.reset(seed=5)
    trace: list[Any] = []
    for _ in range(steps):
        actions = random_actions(rng, observations["action_mask"])
        observations, rewards, terminations, truncations, _infos = envs.step(actions)
        assert not truncations.any()
        trace.append((observations["observation"].copy(), rewards.copy(), terminations.copy()))
        trace.append([table.seed for table in envs.tables])
    return trace


def test_same_seed_and_actions_give_the_same_run_bit_for_bit() -> None:
    first, second = (
        play(MotherlodeVectorEnv("digitup", num_envs=4, players=3), 120) for _ in range(2)
    )
    for a, b in zip(first, second, strict=True):
        if isinstance(a, list):
            assert a == b
        else:
            for x, y in zip(a, b, strict=True):
                assert np.array_equal(x, y)


def test_an_ended_game_pays_the_learners_share_and_starts_anew_in_the_same_step() -> None:
    envs = MotherlodeVectorEnv("digitup", num_envs=4, opponents="greedy", players=2)
    observations, _ = envs.reset(seed=3)
    rng = np.random.default_rng(2)
    ended = 0
    while ended < 6:
        seeds = [table.seed for table in envs.tables]
        actions = random_actions(rng, observations["action_mask"])
        observations, rewards, terminations, _, infos = envs.step(actions)
        for i in np.flatnonzero(terminations):
            ended += 1
            final = infos["final_info"][i]
            assert final["seed"] == seeds[i]
            assert rewards[i] == final["returns"][envs.seat]
            assert not infos["final_obs"][i]["action_mask"].any()  # the game is over
            assert envs.tables[i].seed != seeds[i]
            assert observations["action_mask"][i].any()  # the new game awaits the learner
        assert (rewards[~terminations] == 0).all()
        assert infos == {} or infos["_final_obs"].tolist() == terminations.tolist()


def test_the_other_seats_are_played_by_the_named_bots() -> None:
    envs = MotherlodeVectorEnv(
        "payday", num_envs=2, opponents=["random", strongest_bot("payday")], seat=1, players=3
    )
    envs.reset(seed=4)
    for table in envs.tables:
        assert sorted(table.bots) == [0, 2]
        assert type(table.bots[0]).__name__ == "RandomBot"
        assert table.state.current_player == 1


def test_an_illegal_action_raises_and_changes_no_game() -> None:
    envs = MotherlodeVectorEnv("digitup", num_envs=3, players=3)
    observations, _ = envs.reset(seed=8)
    before = [list(table.state.history) for table in envs.tables]
    actions = random_actions(np.random.default_rng(0), observations["action_mask"])
    actions[2] = int(np.flatnonzero(observations["action_mask"][2] == 0)[0])
    with pytest.raises(IllegalAction, match="game 2"):
        envs.step(actions)
    assert [table.state.history for table in envs.tables] == before


@pytest.mark.parametrize(
    "kwargs",
    [
        {"num_envs": 0},
        {"num_envs": 2, "seat": 5},
        {"num_envs": 2, "opponents": "nobody"},
        {"num_envs": 2, "opponents": ["random"]},
    ],
)
def test_bad_settings_are_option_errors(kwargs: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        MotherlodeVectorEnv("digitup", players=3, **kwargs)


def test_step_before_reset_and_wrong_batch_sizes_are_refused() -> None:
    envs = MotherlodeVectorEnv("digitup", num_envs=2)
    with pytest.raises(RuntimeError):
        envs.step(np.zeros(2, dtype=np.int64))
    envs.reset(seed=1)
    with pytest.raises(OptionError):
        envs.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(OptionError):
        envs.reset(seed=[1, 2, 3])


def test_a_numpy_integer_seed_is_a_seed() -> None:
    envs = MotherlodeVectorEnv("digitup", num_envs=2)
    _, infos = envs.reset(seed=np.int64(30))
    assert list(infos["seed"]) == [30, 31]
