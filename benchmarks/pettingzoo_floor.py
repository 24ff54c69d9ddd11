"""The PettingZoo loop's own cost for a game's action space: a do-nothing environment beside
the game, same loop, same run (`pettingzoo_speed.py`'s `measure`).

    .venv/bin/python benchmarks/pettingzoo_floor.py --cases saboteur:7 --seconds 2 --rounds 2

`Idle` is an AEC environment that does no work: two agents, a fixed observation of the game's
length and a fixed int8 action mask as long as the adapter's default action encoding
(`game.action_encoding()`; one action in 500 legal), 100 steps a game. Its rate is the most
any environment with that action space can reach in the loop:
`np.flatnonzero` over an int8 mask costs about a nanosecond a number, and `Discrete.sample`
needs the mask as int8. Prints Markdown rows as `pettingzoo_speed.py` does, with each idle
environment beside its game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pettingzoo_speed
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.classic import tictactoe_v3
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo_speed import BASELINE

from motherlode import load
from motherlode.adapters.pettingzoo import env

AGENTS = ["player_0", "player_1"]
LENGTH = 100  # steps a game


class Idle(AECEnv):  # type: ignore[misc]
    """A do-nothing environment with a game's observation and action mask lengths."""

    def __init__(self, observation_size: int, num_actions: int) -> None:
        super().__init__()
        self.metadata = {"name": "idle_v0", "render_modes": []}
        self.possible_agents = AGENTS[:]
        mask = np.zeros(num_actions, dtype=np.int8)
        mask[::500] = 1
        self.fixed = {"observation": np.zeros(observation_size, dtype=np.float32),
                      "action_mask": mask}
        self.spaces = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (num_actions,), np.int8)})
        self.actions = spaces.Discrete(num_actions)
        self.moves = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.spaces

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.actions

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = AGENTS[:]
        self.moves = 0
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[0]

    def observe(self, agent: str) -> dict[str, Any]:
        return self.fixed

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection]:
            self._was_dead_step(action)
            return
        self.moves += 1
        if self.moves >= LENGTH:
            self.terminations = dict.fromkeys(AGENTS, True)
        self.agent_selection = AGENTS[self.moves % 2]


def makers(cases: str) -> dict[str, Callable[[], Any]]:
    """tictactoe_v3, then each game beside an idle environment of its lengths."""
    made: dict[str, Callable[[], Any]] = {BASELINE: tictactoe_v3.env}
    for case in cases.split(","):
        name, _, players = case.partition(":")
        options = {"players": int(players)} if players else {}
        game = load(name, **options)
        size, actions = game.observation_size, game.action_encoding().num_actions
        label = f"{name} ({players}p)" if players else name
        made[f"idle, {label}'s lengths ({actions:,} actions)"] = (
            lambda size=size, n=actions: OrderEnforcingWrapper(Idle(size, n)))
        made[label] = lambda name=name, options=options: env(name, **options)
    return made


def main(argv: list[str] | None = None) -> int:
    return pettingzoo_speed.main(argv, makers, "saboteur:7", __doc__)


if __name__ == "__main__":
    sys.exit(main())
