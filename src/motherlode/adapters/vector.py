"""
# N games in one object, for single-agent training: a Gymnasium vector environment

```python
from motherlode.adapters.vector import MotherlodeVectorEnv

envs = MotherlodeVectorEnv("digitup", num_envs=64, opponents="greedy", players=3)
observations, infos = envs.reset(seed=7)          # games seeded 7, 8, ..., 70
while training:
    actions = policy(observations["observation"], observations["action_mask"])
    observations, rewards, terminations, truncations, infos = envs.step(actions)
```

The learner plays seat `seat` (default 0) of every game; the other seats are played by our bots
(`opponents`: one bot name for every other seat, or one name per other seat in seat order;
`motherlode.bots.bot_names(game)` lists them). After the learner's action, the bots play until
it is the learner's turn again or the game ends, so every step is one decision of the learner.

Gymnasium's vector conventions, as they apply here:

- `num_envs`, `single_observation_space`, `single_action_space`, and the batched spaces.
- Observations: a dict of arrays, the PettingZoo adapter's dict batched: `observation`
  float32 `(N, game.observation_size)` (`State.observation(seat)`) and `action_mask` int8
  `(N, encoding.num_actions)`.
- Actions: an integer array `(N,)`, one action a game; each must be set in its mask. The
  integers are those of `action_encoding`, as in the PettingZoo adapter (`envs.encoding`;
  None, the default, is the game's choice: "hand" for Saboteur, "full" for the others).
- Rewards: float32 `(N,)`: 0 until a game ends, then the learner's share of
  `State.returns()` (1 alone, 1/k for k tied winners, 0 otherwise).
- Terminations and truncations: bool `(N,)`; games always end, so truncations stay False.
- Autoreset: `AutoresetMode.SAME_STEP`. A game that ends is started anew in the same step:
  the step returns the new game's first observation, `infos["final_obs"]` (masked by
  `infos["_final_obs"]`) the ended game's last one, and `infos["final_info"]` its
  `{"returns", "scores", "seed", "actions"}` (actions: every seat's, the game's length).
- Seeding: `reset(seed=s)` seeds game i with `s + i` (a list of N seeds seeds each game);
  every later game of slot i takes the next seed of slot i's own RNG, itself seeded by the
  slot's first seed, and each game's bots are seeded from its seed, so a run is reproducible
  bit for bit. `reset()` without a seed draws first seeds from OS entropy.

Where the conventions do not fit a multi-agent turn-based game: the environment is single-agent
(the other seats are bots, not other learners); there is no `render`; an illegal action is not
given a made-up reward: `step` raises `motherlode.IllegalAction` naming the game, and checks
every action first, so it changes nothing when one is illegal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from motherlode.bots import Blind, Bot, make_bot
from motherlode.engine import MAX_SEED, Game, IllegalAction, OptionError, State, load

from .pettingzoo import check_action, game_seed, observation_space

__all__ = ["MotherlodeVectorEnv"]

Batch = dict[str, npt.NDArray[Any]]


class Table:
    """One slot of the batch: a game, its bots, and the RNG of its next seeds."""

    def __init__(self, game: Game, seat: int, opponents: Sequence[str], first_seed: int) -> None:
        self.game = game
        self.seat = seat
        self.opponents = opponents
        self.seeds, self.seed = game_seed(random.Random(), first_seed)
        self.state: State
        self.bots: dict[int, Bot]
        self._deal(self.seed)

    def _deal(self, seed: int) -> None:
        """A new game with `seed`, its bots seeded from it, played to the learner's turn."""
        self.state = self.game.new_game(seed)
        bot_seeds = random.Random(seed)
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self.bots = {
            s: make_bot(name, self.game, s, bot_seeds.randint(0, MAX_SEED))
            for s, name in zip(others, self.opponents, strict=True)
        }
        self.play_bots()

    def next_game(self) -> None:
        """The slot's next game, with the next seed of its RNG."""
        self.seed = self.seeds.randint(0, MAX_SEED)
        self._deal(self.seed)

    def play_bots(self) -> None:
        """Let the bots act until the learner decides or the game is over."""
        state = self.state
        while True:
            seat = state.current_player
            if seat is None or seat == self.seat:
                return
            bot = self.bots[seat]
            legal = state.legal_actions()
            if isinstance(bot, Blind):
                state.apply_unchecked(bot.choose_blind(legal))
            else:
                state.apply_unchecked(bot.choose(state.view(seat), legal))


class MotherlodeVectorEnv(VectorEnv[Batch, npt.NDArray[Any], npt.NDArray[Any]]):
    """`num_envs` games of `name` with `options`; the learner at `seat`, bots elsewhere."""

    def __init__(
        self,
        name: str,
        num_envs: int,
        opponents: str | Sequence[str] = "random",
        seat: int = 0,
        action_encoding: str | None = None,
        **options: Any,
    ) -> None:
        game = load(name, **options)
        self.encoding = game.action_encoding(action_encoding)
        if num_envs < 1:
            raise OptionError(f"num_envs must be at least 1, not {num_envs}")
        if not 0 <= seat < game.num_players:
            raise OptionError(f"seat {seat} is not a seat of {game.num_players} players")
        others = game.num_players - 1
        names = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(names) != others:
            raise OptionError(f"give one opponent bot or {others}, not {len(names)}")
        for bot_name in set(names):
            make_bot(bot_name, game, (seat + 1) % game.num_players, 0)  # OptionError if unknown
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}
        self.game = game
        self.seat = seat
        self.opponents = names
        self.num_envs = num_envs
        self.single_observation_space = observation_space(game, self.encoding)
        self.single_action_space = spaces.Discrete(self.encoding.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seed_source = random.Random()  # OS entropy until reset(seed=...)
        self.tables: list[Table] = []

    def reset(
        self,
        *,
        seed: int | Sequence[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Batch, dict[str, Any]]:
        """Start every game: game i with `seed + i` (or `seed[i]`); `options` is ignored."""
        if isinstance(seed, np.integer):
            seed = int(seed)
        super().reset(seed=seed if isinstance(seed, int) else None)
        seeds = self._first_seeds(seed)
        self.tables = [Table(self.game, self.seat, self.opponents, s) for s in seeds]
        return self._observations(), {"seed": np.array(seeds, dtype=np.uint64)}

    def _first_seeds(self, seed: int | Sequence[int] | None) -> list[int]:
        if seed is None:
            return [self._seed_source.randint(0, MAX_SEED) for _ in range(self.num_envs)]
        if isinstance(seed, int):
            return [seed + i for i in range(self.num_envs)]
        if len(seed) != self.num_envs:
            raise OptionError(f"give {self.num_envs} seeds, not {len(seed)}")
        return [int(s) for s in seed]

    def step(
        self, actions: npt.NDArray[Any] | Sequence[int]
    ) -> tuple[
        Batch, npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """One decision of the learner in every game; ended games start again (same step)."""
        tables = self._tables()
        chosen = self._checked(tables, actions)
        n = self.num_envs
        rewards = np.zeros(n, dtype=np.float32)
        terminations = np.zeros(n, dtype=np.bool_)
        final_obs = np.full(n, None, dtype=object)
        final_info = np.full(n, None, dtype=object)
        for i, (table, action) in enumerate(zip(tables, chosen, strict=True)):
            state = table.state
            state.apply_unchecked(action)
            table.play_bots()
            if state.is_terminal:
                returns = state.returns()
                rewards[i] = returns[self.seat]
                terminations[i] = True
                final_obs[i] = self._observe(state)
                final_info[i] = {
                    "returns": returns,
                    "scores": state.scores(),
                    "seed": table.seed,
                    "actions": len(state.history),
                }
                table.next_game()
        infos: dict[str, Any] = {}
        if terminations.any():
            infos = {
                "final_obs": final_obs,
                "_final_obs": terminations.copy(),
                "final_info": final_info,
                "_final_info": terminations.copy(),
            }
        truncations = np.zeros(n, dtype=np.bool_)
        return self._observations(), rewards, terminations, truncations, infos

    def _tables(self) -> list[Table]:
        if not self.tables:
            raise RuntimeError("call reset() before step()")
        return self.tables

    def _checked(self, tables: list[Table], actions: npt.NDArray[Any] | Sequence[int]) -> list[Any]:
        """Every game's action decoded and checked legal before any is carried out."""
        if len(actions) != self.num_envs:
            raise OptionError(f"give {self.num_envs} actions, not {len(actions)}")
        chosen = []
        for i, (table, action) in enumerate(zip(tables, actions, strict=True)):
            index = check_action(self.game, f"game {i}", action)
            decoded = self.encoding.decode(table.state, index)
            if decoded not in table.state.legal_actions():
                raise IllegalAction(
                    f"{self.game.name} game {i}: {decoded} is not legal now: "
                    f"{table.state.why_illegal(decoded)}"
                )
            chosen.append(decoded)
        return chosen

    def _observe(self, state: State) -> dict[str, npt.NDArray[Any]]:
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        if state.current_player == self.seat:
            mask[self.encoding.legal_ids(state)] = 1
        observation = np.zeros(self.game.observation_size, dtype=np.float32)
        state.observe_into(self.seat, observation)
        return {"observation": observation, "action_mask": mask}

    def _observations(self) -> Batch:
        n, game = self.num_envs, self.game
        observations = np.zeros((n, game.observation_size), dtype=np.float32)
        masks = np.zeros((n, self.encoding.num_actions), dtype=np.int8)
        for i, table in enumerate(self.tables):
            state = table.state
            state.observe_into(self.seat, observations[i])
            masks[i, self.encoding.legal_ids(state)] = 1
        return {"observation": observations, "action_mask": masks}
