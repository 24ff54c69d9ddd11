"""examples/train_digitup.py: its environment and a tiny training run (skipped without torch;
the `train` extra installs it)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_digitup.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_digitup", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def test_slot_env_plays_games_with_masks(example: ModuleType) -> None:
    env = example.SlotEnv(players=2, seat=1, opponent="random", seed=3)
    observation, _ = env.reset()
    rng = np.random.default_rng(0)
    ended, total = 0, 0.0
    while ended < 3:
        assert observation.shape == env.observation_space.shape
        mask = env.action_masks()
        assert mask.any()
        observation, reward, terminated, truncated, _ = env.step(rng.choice(np.flatnonzero(mask)))
        assert not truncated
        if terminated:
            ended, total = ended + 1, total + reward
            observation, _ = env.reset()
    assert 0.0 <= total <= 3.0


def test_a_tiny_training_run_is_evaluated(example: ModuleType) -> None:
    model = example.MaskablePPO(
        "MlpPolicy",
        example.DummyVecEnv([lambda: example.SlotEnv(2, 0, "random", 5)]),
        n_steps=32,
        batch_size=32,
        n_epochs=1,
        seed=0,
    )
    model.learn(total_timesteps=32)
    share = example.evaluate(model, players=2, opponent="random", games=4, seed=11)
    low, high = share.interval
    assert share.games == 4 and 0.0 <= low <= share.share <= high <= 1.0
