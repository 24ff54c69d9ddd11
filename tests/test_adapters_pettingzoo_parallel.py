"""The PettingZoo Parallel adapter: PettingZoo's own parallel_api_test and parallel_seed_test
over every game and player count, and a seeded parallel game is the AEC game move for move."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test  # type: ignore[import-untyped]

from motherlode.adapters.pettingzoo import parallel_env, raw_env
from motherlode.engine import ActionSyntaxError, IllegalAction, OptionError, game_class, games

CASES = [
    (name, players)
    for name in games()
    for players in range(game_class(name).min_players, game_class(name).max_players + 1)
]
IDS = [f"{name}-{players}p" for name, players in CASES]
DICT_OBS = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


@DICT_OBS
@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_parallel_api_test(name: str, players: int) -> None:
    parallel_api_test(parallel_env(name, players=players), num_cycles=300)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_parallel_seed_test(name: str, players: int) -> None:
    """The test samples actions without masks: illegal ones are refused, not raised."""
    parallel_seed_test(
        lambda: parallel_env(name, illegal_action="refuse", players=players), num_cycles=300
    )


@pytest.mark.parametrize("name", games())
def test_a_parallel_game_is_the_aec_game(name: str) -> None:
    """Same seed and actions: same observations, masks, and final rewards."""
    parallel, aec = parallel_env(name), raw_env(name)
    observations, _ = parallel.reset(seed=9)
    aec.reset(seed=9)
    rng = random.Random(9)
    rewards: dict[str, float] = {}
    while parallel.agents:
        agent = aec.agent_selection
        for other in parallel.agents:
            seen = aec.observe(other)
            assert np.array_equal(observations[other]["observation"], seen["observation"])
            assert np.array_equal(observations[other]["action_mask"], seen["action_mask"])
        action = int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
        observations, rewards, _, _, _ = parallel.step({agent: action})
        aec.step(action)
    assert rewards == aec.rewards


def test_the_deciding_agent_must_act() -> None:
    parallel = parallel_env("digitup", players=3)
    parallel.reset(seed=1)
    state = parallel.motherlode_state
    waiting = [f"player_{s}" for s in range(3) if s != state.current_player]
    with pytest.raises(ActionSyntaxError):
        parallel.step(dict.fromkeys(waiting, 0))
    assert state.history == []


def test_an_illegal_action_raises_or_is_refused_and_changes_nothing() -> None:
    raising = parallel_env("digitup", players=3)
    raising.reset(seed=1)
    state = raising.motherlode_state
    agent = f"player_{state.current_player}"
    illegal = int(np.flatnonzero(raising._observations()[agent]["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        raising.step({agent: illegal})
    refusing = parallel_env("digitup", illegal_action="refuse", players=3)
    before, _ = refusing.reset(seed=1)
    after, rewards, terminations, _, infos = refusing.step({agent: illegal})
    assert refusing.motherlode_state.history == []
    assert infos[agent] == {"illegal_action": True}
    assert set(rewards.values()) == {0.0} and not any(terminations.values())
    assert np.array_equal(after[agent]["observation"], before[agent]["observation"])


def test_an_unknown_illegal_action_mode_is_an_option_error() -> None:
    with pytest.raises(OptionError):
        parallel_env("digitup", illegal_action="ignore")
