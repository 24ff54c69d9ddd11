"""The PettingZoo adapter: PettingZoo's own api_test and seed_test over every game and player
count, then the adapter's promises (seeding, masks, illegal actions, rewards, rendering)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

import motherlode
from motherlode.adapters.pettingzoo import MotherlodeEnv, env, raw_env
from motherlode.engine import game_class, games

CASES = [
    (name, players)
    for name in games()
    for players in range(game_class(name).min_players, game_class(name).max_players + 1)
]
IDS = [f"{name}-{players}p" for name, players in CASES]
# A dict observation (observation + action_mask) is PettingZoo's own convention for classic
# games, but api_test only knows its own classic envs by name and warns for any other.
DICT_OBS = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


def unwrapped(environment: Any) -> MotherlodeEnv:
    inner = environment.unwrapped
    assert isinstance(inner, MotherlodeEnv)
    return inner


def masked_choice(rng: random.Random, mask: np.ndarray[Any, Any]) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


@DICT_OBS
@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_api_test(name: str, players: int) -> None:
    api_test(env(name, players=players), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_seed_test(name: str, players: int) -> None:
    seed_test(lambda: env(name, players=players), num_cycles=300)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_a_seeded_game_is_the_engines_game_and_ends_with_its_returns(
    name: str, players: int
) -> None:
    """reset(seed=s) plays game.new_game(s); every observation is the seat's own view."""
    environment = env(name, players=players)
    environment.reset(seed=11)
    inner = unwrapped(environment)
    game = inner.game
    mirror = game.new_game(11)
    rng = random.Random(f"{name}-{players}")
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, info = environment.last()
        seat = int(agent.removeprefix("player_"))
        assert observation is not None
        expected = np.asarray(game.observe(mirror.view(seat)), dtype=np.float32)
        np.testing.assert_array_equal(observation["observation"], expected)
        assert truncation is False
        assert info == {}
        if termination:
            assert reward == mirror.returns()[seat]
            environment.step(None)
            continue
        assert mirror.current_player == seat
        encoding = inner.encoding
        legal = sorted(encoding.encode(mirror, a) for a in mirror.legal_actions())
        assert np.flatnonzero(observation["action_mask"]).tolist() == legal
        for other in inner.possible_agents:
            if other != agent:
                assert not inner.observe(other)["action_mask"].any()
        action = masked_choice(rng, observation["action_mask"])
        for array in observation.values():  # the agent's own: kept masks and parts are copied
            array[:] = 1
        mirror.apply(encoding.decode(mirror, action))
        environment.step(action)
        assert inner.motherlode_state.digest() == mirror.digest()
    assert mirror.is_terminal
    assert sum(mirror.returns()) == pytest.approx(1.0)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    name = games()[0]
    environment = env(name)
    environment.reset(seed=3)
    inner = unwrapped(environment)
    observation, *_ = environment.last()
    assert observation is not None
    illegal = np.flatnonzero(observation["action_mask"] == 0)
    before = (inner.motherlode_state.digest(), environment.agent_selection)
    with pytest.raises(motherlode.IllegalAction):
        environment.step(int(illegal[0]))
    for bad in (-1, inner.game.num_actions, "0", 1.0, True):
        with pytest.raises(motherlode.IllegalAction):
            environment.step(bad)
    assert (inner.motherlode_state.digest(), environment.agent_selection) == before
    environment.step(np.int64(np.flatnonzero(observation["action_mask"])[0]))  # numpy ints do


def test_unseeded_resets_follow_the_last_seed() -> None:
    name = games()[0]
    first, second = raw_env(name), raw_env(name)
    digests = []
    for environment in (first, second):
        environment.reset(seed=5)
        environment.reset()
        environment.reset()
        digests.append(environment.motherlode_state.digest())
    assert digests[0] == digests[1]
    first.reset(seed=5)
    assert first.motherlode_state.digest() != digests[0]


def test_spaces_fit_the_game() -> None:
    name = games()[0]
    inner = raw_env(name, players=3)
    game = inner.game
    assert inner.possible_agents == ["player_0", "player_1", "player_2"]
    for agent in inner.possible_agents:
        space = inner.observation_space(agent)
        assert isinstance(space, spaces.Dict)
        assert space["observation"].shape == (game.observation_size,)
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (game.num_actions,)
        assert space["action_mask"].dtype == np.int8
        assert inner.action_space(agent).n == game.num_actions  # type: ignore[attr-defined]
    assert str(inner) == f"{name}_v0"


def test_options_are_the_games() -> None:
    name = games()[0]
    with pytest.raises(motherlode.OptionError):
        env(name, players=99)
    with pytest.raises(motherlode.OptionError):
        env(name, no_such_option=1)
    with pytest.raises(ValueError, match="render_mode"):
        env(name, render_mode="rgb_array")


def test_rendering(capsys: pytest.CaptureFixture[str]) -> None:
    name = games()[0]
    human = env(name, render_mode="human")
    human.reset(seed=1)
    observation, *_ = human.last()
    assert observation is not None
    human.step(int(np.flatnonzero(observation["action_mask"])[0]))
    printed = capsys.readouterr().out
    assert printed.startswith(f"{name} move 1:")
    ansi = raw_env(name, render_mode="ansi")
    ansi.reset(seed=1)
    text = ansi.render()
    assert isinstance(text, str) and text.startswith(f"{name} move 0:")
    silent = raw_env(name)
    silent.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert silent.render() is None



def test_reset_seeds_are_checked_before_anything_changes() -> None:
    aec = env("digitup", players=2)
    aec.reset(seed=np.int64(5))
    assert aec.unwrapped.motherlode_state.seed == 5
    before = aec.unwrapped._seeds.getstate()
    for bad in (5.9, -1, "5"):
        with pytest.raises(motherlode.OptionError):
            aec.reset(seed=bad)  # type: ignore[arg-type]
        assert aec.unwrapped._seeds.getstate() == before


def test_observations_hold_no_other_seats_mission() -> None:
    """The adapters observe only a seat's view: another seat's secret mission never shows."""
    aec = env("digitup", players=2)
    aec.reset(seed=3)
    for _ in range(3):  # both missions kept, then seat 0 digs
        agent = aec.agent_selection
        obs = aec.observe(agent)
        assert obs is not None
        aec.step(int(np.flatnonzero(obs["action_mask"])[0]))
    state = aec.unwrapped.motherlode_state
    missions = state.game.components.missions
    secret = missions[state.mission[1]]
    index = [m.id for m in missions].index(secret.id)
    vector = aec.observe("player_0")["observation"]
    layout_start = len(vector) - 2 * len(missions)
    assert vector[layout_start + 2 * index] == 0.0  # the "kept" flag of seat 1's mission
