"""
# Motherlode games as PettingZoo environments

Every game of the registry (`motherlode.games()`) is a turn-based PettingZoo AEC environment:

```python
from motherlode.adapters import pettingzoo

env = pettingzoo.env("digitup", players=3)
env.reset(seed=7)
for agent in env.agent_iter():
    observation, reward, termination, truncation, info = env.last()
    if termination or truncation:
        action = None
    else:
        action = env.action_space(agent).sample(observation["action_mask"])
    env.step(action)
env.close()
```

| Creation           | `motherlode.adapters.pettingzoo.env(name, **options)`                  |
|--------------------|------------------------------------------------------------------------|
| Actions            | Discrete                                                               |
| Parallel API       | Yes: `parallel_env(name, **options)` (see "Parallel API" below)        |
| Manual Control     | No (use `motherlode play`)                                             |
| Agents             | `agents = ["player_0", ..., "player_<n-1>"]`                           |
| Agents             | the game's `players` option (2..5 for Dig It Up)                       |
| Action Shape       | (1,)                                                                   |
| Action Values      | [0, encoding.num_actions - 1] (see "Action space")                     |
| Observation Shape  | observation `(game.observation_size,)`, mask `(encoding.num_actions,)` |
| Observation Values | observation float32 (-inf..inf); action_mask int8 0 or 1               |

The options are the game's own (`players`, and e.g. `simplified` for Dig It Up), checked by
`motherlode.load`; a bad one raises `motherlode.OptionError`. `render_mode` and
`action_encoding` are the keywords the adapter takes for itself.

### Observation space

The observation is a dict with two entries:

| key           | dtype   | shape                      | meaning                                |
|---------------|---------|----------------------------|----------------------------------------|
| `observation` | float32 | `(game.observation_size,)` | `state.observation(seat)`              |
| `action_mask` | int8    | `(encoding.num_actions,)`  | 1 at the integer of each legal action  |

The observation is built only from the seat's own view (`State.view(seat)`), so it carries
exactly what that seat may know and never a hidden card of another seat.
`state.observation(seat)` is `game.observe(state.view(seat))`, the same vector (a test checks
it over seeded games of every game), made from a view built without its log and decision,
which no `observe` reads. Its layout, index by index, is documented by each game with its
`observe`. The space's bounds are -inf..inf: the
game contract fixes the length of the vector, not the range of each entry.

The action mask is all zeros for every agent but the one whose decision it is
(`agent_selection`), and all zeros once the game is over.

### Action space

`Discrete(encoding.num_actions)`, where `encoding` (`env.unwrapped.encoding`, a
`motherlode.engine.ActionEncoding`) is chosen by the `action_encoding` keyword:

- `"full"`: the game's fixed integer action space, every action of the box numbered once
  (`game.encode` / `game.decode`; `str(game.decode(i))` is the action in the game's text
  notation). The default for every game but Saboteur.
- `"hand"` (Saboteur only, and its default): a card named by its slot in the deciding seat's
  hand, a seat by where it sits from the decider: 3,894 integers at 4 players, 3,969 at 7,
  4,044 at 10, where the full space has 27,402 (26,460 of them a path card at a cell). Slot k
  is the k-th different card of the hand in the order of the observation's hand counts, so an
  agent reads what each slot holds from its own observation, which is unchanged. The layout,
  block by block, is in `motherlode/rules/saboteur/hand_encoding.py`.
  `encoding.decode(state, i)` is the action integer i names in `state`, `encoding.encode(state,
  action)` its inverse; `encoding.legal_ids(state)` the mask's integers.

With either, every legal action has exactly one integer and the mask holds exactly the legal
actions; the full encoding stays what the OpenSpiel adapter uses. `action_encoding=None` (the
default) takes the game's choice (`game.action_encoding()`).

An illegal action (an integer that is not set in the action mask, or one out of range) raises
`motherlode.IllegalAction` (a `ValueError`) naming the action and why, and leaves the
environment exactly as it was: the rules decide what is legal, and no reward is made up for a
mistake. Wrap the environment (e.g. `pettingzoo.utils.wrappers.TerminateIllegalWrapper`) if
you want an illegal action to end the game instead.

### Rewards

Rewards come only at the end, from `State.returns()`: the winners (best final score) share 1.0
and everyone else gets 0, so the rewards of a game always sum to 1.0.

| Winner (alone) | k tied winners | Others |
|:--------------:|:--------------:|:------:|
| 1              | 1/k each       | 0      |

Games always end (their length is bounded), so there is no truncation.

### Seeding

`reset(seed=s)` starts the game `game.new_game(s)`, the same game the CLI and save files play
with seed `s`; every die and shuffle is drawn from the state's own RNG. `reset()` without a
seed takes the next seed from the environment's own RNG, which `reset(seed=s)` reseeds with `s`
and which, if never seeded, starts from OS entropy (as Gymnasium does). `options` of `reset`
is accepted and ignored: game options are fixed when the environment is made.

### Parallel API

`parallel_env(name, **options)` is the same game as a PettingZoo `ParallelEnv`: `reset`
returns every agent's observation; `step(actions)` carries out the action of the one agent
whose decision it is (the game is turn based: the others' masks are all zeros and their
actions, if given, are ignored), then returns every live agent's observation, reward,
termination, truncation and info. When the game ends every agent terminates with its share
of `State.returns()` and `agents` empties. An illegal action raises `IllegalAction`, as in the
AEC environment; `parallel_env(name, illegal_action="refuse")` refuses it instead (nothing
changes, rewards 0, `infos[agent] == {"illegal_action": True}`), which PettingZoo's
`parallel_seed_test` needs because it samples actions without their masks.

### Rendering

`render_mode="human"` prints the spectator view (`state.view(None)`: what anyone at the table
can see) after every step; `"ansi"` makes `render()` return that text instead.

### Version History

* v0: Initial release (Motherlode 0.1.0). Saboteur's default action space became the hand
  encoding (`action_encoding="full"` gives the old one).
"""

from __future__ import annotations

import json
import operator
import random
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.logger import warn

# PettingZoo ships no type information (no py.typed); its classes are Any to mypy.
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]

from motherlode.engine import (
    MAX_SEED,
    ActionEncoding,
    ActionSyntaxError,
    Game,
    IllegalAction,
    OptionError,
    State,
    View,
    check_seed,
    load,
)
from motherlode.engine.memo import remember

__all__ = ["MotherlodeEnv", "MotherlodeParallelEnv", "env", "parallel_env", "raw_env"]

ObsType = dict[str, npt.NDArray[Any]]
#: What a Parallel environment's `step` returns: each live agent's observation, reward,
#: termination, truncation and info.
ParallelStep = tuple[
    dict[str, ObsType],
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]
VERSION = 0
RENDER_MODES = ("human", "ansi")
ILLEGAL_ACTION_MODES = ("raise", "refuse")
MASKS_KEPT = 1024  # action masks an environment keeps, by their legal ids (`LegalIds.mask`)


def env(
    name: str, render_mode: str | None = None, action_encoding: str | None = None, **options: Any
) -> AECEnv[str, ObsType, int]:
    """The game `name` with `options` as an AEC environment (order of calls enforced)."""
    return OrderEnforcingWrapper(
        raw_env(name, render_mode=render_mode, action_encoding=action_encoding, **options)
    )


def raw_env(
    name: str, render_mode: str | None = None, action_encoding: str | None = None, **options: Any
) -> MotherlodeEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    game = load(name, **options)
    encoding = game.action_encoding(action_encoding)
    return MotherlodeEnv(game, render_mode=render_mode, encoding=encoding)


def agent_name(seat: int) -> str:
    """The agent name of a seat: seat 0 is "player_0"."""
    return f"player_{seat}"


def observe_seat(state: State, seat: int, legal: LegalIds) -> ObsType:
    """The observation of `seat`: its own view as a vector (`State.observation`, the fast
    path), and its action mask in `legal`'s encoding (all zeros unless the seat decides now);
    `legal` keeps the legal actions' integers for the step that follows."""
    observation = np.zeros(state.game.observation_size, dtype=np.float32)
    state.observe_into(seat, observation)
    if state.current_player != seat:
        mask = np.zeros(legal.encoding.num_actions, dtype=np.int8)
    else:
        mask = legal.mask(state)
    return {"observation": observation, "action_mask": mask}


@runtime_checkable
class MasksItself(Protocol):
    """An encoding that writes its action mask faster than from its legal ids (Saboteur's
    hand encoding: a path card's placements are one slice of bytes kept per maze)."""

    def legal_mask(self, state: State) -> bytearray:
        """`num_actions` bytes: 1 at each of `legal_ids(state)`, 0 elsewhere."""


class LegalIds:
    """The legal actions' integers in `encoding` of the position last asked about, worked
    out once for both the action mask and the step's check (a position is a state and its
    move count)."""

    def __init__(self, encoding: ActionEncoding) -> None:
        self.encoding = encoding
        self._masks_itself = encoding if isinstance(encoding, MasksItself) else None
        self._state: State | None = None
        self._moves = -1
        self._ids: list[int] | None = None
        self._bytes: bytearray | None = None
        self._masks: dict[tuple[int, ...], npt.NDArray[np.int8]] = {}

    def _at(self, state: State) -> None:
        """Forget what was kept unless `state` is the position last asked about."""
        moves = len(state.history)
        if state is not self._state or moves != self._moves:
            self._state, self._moves = state, moves
            self._ids = self._bytes = None

    def of(self, state: State) -> list[int]:
        """`encoding.legal_ids(state)`, kept until the state takes a move."""
        self._at(state)
        if self._ids is None:
            self._ids = self.encoding.legal_ids(state)
        return self._ids

    def _mask_bytes(self, masks_itself: MasksItself, state: State) -> bytearray:
        """`legal_mask(state)`, kept until the state takes a move."""
        self._at(state)
        if self._bytes is None:
            self._bytes = masks_itself.legal_mask(state)
        return self._bytes

    def mask(self, state: State) -> npt.NDArray[np.int8]:
        """The action mask of the position: the encoding's own bytes copied if it writes
        them, else a copy of the one kept for the same legal ids (most positions repeat a
        set: placements, digs; at most MASKS_KEPT kept)."""
        if self._masks_itself is not None:
            return np.frombuffer(self._mask_bytes(self._masks_itself, state), np.int8).copy()
        ids = tuple(self.of(state))
        kept = self._masks.get(ids)
        if kept is None:
            kept = remember(self._masks, ids, MASKS_KEPT,
                            np.zeros(self.encoding.num_actions, dtype=np.int8))
            kept[self.of(state)] = 1
        return kept.copy()

    def apply(self, state: State, index: int) -> None:
        """Carry out the action with integer `index`: unchecked when it is among the legal
        integers, else `State.apply` (which raises IllegalAction, naming why)."""
        action = self.encoding.decode(state, index)  # in range, or ActionSyntaxError
        if self._masks_itself is not None:
            legal = self._mask_bytes(self._masks_itself, state)[index] == 1
        else:
            legal = index in self.of(state)
        if legal:
            state.apply_unchecked(action)
        else:
            state.apply(action)


def observation_space(game: Game, encoding: ActionEncoding) -> spaces.Dict:
    """The space of `observe_seat`'s dicts for `game` with its actions in `encoding`."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=-np.inf, high=np.inf, shape=(game.observation_size,), dtype=np.float32
            ),
            "action_mask": spaces.Box(
                low=0, high=1, shape=(encoding.num_actions,), dtype=np.int8
            ),
        }
    )


def game_seed(seeds: random.Random, seed: int | None) -> tuple[random.Random, int]:
    """The seed of the next game and the seed generator after it: `seed` itself (and a
    generator reseeded with it), or the generator's next seed."""
    if seed is None:
        return seeds, seeds.randint(0, MAX_SEED)
    try:
        chosen = check_seed(operator.index(seed))  # numpy integers too, not floats
    except TypeError:
        raise OptionError(f"seed {seed!r} is not allowed; use an integer") from None
    return random.Random(chosen), chosen


def check_action(game: Game, agent: str, action: object) -> int:
    """`action` as an int; ActionSyntaxError unless it is an integer (bools refused)."""
    if action is None or isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise ActionSyntaxError(
            f"{game.name}: {agent} must act with an integer action, not {action!r}"
        )
    return int(action)


class OneGame:
    """What both environments keep of their game: its agents' spaces and the state played."""

    game: Game
    encoding: ActionEncoding
    observation_spaces: dict[str, spaces.Space[Any]]
    action_spaces: dict[str, spaces.Space[Any]]
    _state: State | None
    _legal: LegalIds

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def motherlode_state(self) -> State:
        """The Motherlode state being played (the whole truth: not for agents to read)."""
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state


class MotherlodeEnv(OneGame, AECEnv[str, ObsType, int]):  # type: ignore[misc]  # AECEnv is Any
    """A thin AEC adapter over one Motherlode `Game`: the rules stay in the game."""

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        encoding: ActionEncoding | None = None,
    ) -> None:
        """`encoding`: the integer actions (None: `game.action_encoding()`, the game's
        choice)."""
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode {render_mode!r} is not supported; use None, 'human' or 'ansi'"
            )
        self.game = game
        self.encoding = game.action_encoding() if encoding is None else encoding
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"{game.name}_v{VERSION}",
            "is_parallelizable": False,
            "render_fps": 1,
        }
        self.possible_agents = [agent_name(seat) for seat in range(game.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.action_spaces = {
            agent: spaces.Discrete(self.encoding.num_actions) for agent in self.possible_agents
        }
        self.observation_spaces = {
            agent: observation_space(game, self.encoding) for agent in self.possible_agents
        }
        self._seeds = random.Random()  # OS entropy until reset(seed=...)
        self._state: State | None = None
        self._legal = LegalIds(self.encoding)
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    # --- the AEC API ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: `game.new_game(seed)`, or the next seed of the env's RNG."""
        self._seeds, chosen = game_seed(self._seeds, seed)
        self._state = self.game.new_game(chosen)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._select()

    def observe(self, agent: str) -> ObsType:
        """The observation of `agent`: its own view as a vector, and its action mask."""
        return observe_seat(self.motherlode_state, self._seat[agent], self._legal)

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Carry out `action` for `agent_selection`; IllegalAction if the rules forbid it."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)  # only None is allowed: PettingZoo checks that
            return
        state = self.motherlode_state
        self._legal.apply(state, check_action(self.game, agent, action))
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal:  # the rewards are all 0 until now: nothing to clear before
            self._clear_rewards()
            for seat, value in enumerate(state.returns()):
                self.rewards[agent_name(seat)] = value
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        """Point `agent_selection` at the seat that decides now (the first seat at the end)."""
        seat = self.motherlode_state.current_player
        self.agent_selection = self.agents[0] if seat is None else self.possible_agents[seat]

    # --- showing the table ----------------------------------------------------------------
    def render(self) -> str | None:
        """Print ("human") or return ("ansi") the spectator view of the table."""
        if self.render_mode is None:
            warn("render() was called without a render_mode; pass render_mode='human'")
            return None
        text = self._table_text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def _table_text(self) -> str:
        state = self.motherlode_state
        seat = state.current_player
        whose = "game over" if seat is None else f"{agent_name(seat)} to act"
        view: View = state.view(None)
        head = f"{self.game.name} move {len(state.history)}: {whose}"
        if seat is None:
            head += f"; scores {state.scores()}"
        return f"{head}\n{json.dumps(view, sort_keys=True, indent=1)}"

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""

    def __repr__(self) -> str:
        return f"MotherlodeEnv({self.game!r}, render_mode={self.render_mode!r})"


def parallel_env(
    name: str, illegal_action: str = "raise", action_encoding: str | None = None, **options: Any
) -> MotherlodeParallelEnv:
    """The game `name` with `options` as a PettingZoo Parallel environment; `illegal_action`
    is "raise" (IllegalAction, as the AEC environment) or "refuse" (see the class)."""
    game = load(name, **options)
    return MotherlodeParallelEnv(
        game, illegal_action=illegal_action, encoding=game.action_encoding(action_encoding)
    )


class MotherlodeParallelEnv(OneGame, ParallelEnv[str, ObsType, int]):  # type: ignore[misc]
    """The Parallel API over one Motherlode `Game`: every live agent observes every step, and
    `step(actions)` carries out the action of the agent whose decision it is (the others'
    actions are ignored: their masks are all zeros, and the rules let one seat decide at once).

    An illegal action raises `motherlode.IllegalAction` and changes nothing; with
    `illegal_action="refuse"` it is refused instead: nothing changes, every reward is 0 and
    the deciding agent's info says `{"illegal_action": True}`. PettingZoo's own
    `parallel_seed_test` samples actions without their masks, so it needs "refuse".
    """

    def __init__(
        self, game: Game, illegal_action: str = "raise", encoding: ActionEncoding | None = None
    ) -> None:
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise OptionError(
                f"illegal_action {illegal_action!r} is not supported; use 'raise' or 'refuse'"
            )
        self.refuse_illegal = illegal_action == "refuse"
        self.game = game
        self.encoding = game.action_encoding() if encoding is None else encoding
        self.metadata = {"render_modes": [], "name": f"{game.name}_v{VERSION}"}
        self.render_mode = None
        self.possible_agents = [agent_name(seat) for seat in range(game.num_players)]
        self.agents: list[str] = []
        self.observation_spaces = {
            agent: observation_space(game, self.encoding) for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.encoding.num_actions) for agent in self.possible_agents
        }
        self._seeds = random.Random()  # OS entropy until reset(seed=...)
        self._state: State | None = None
        self._legal = LegalIds(self.encoding)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsType], dict[str, dict[str, Any]]]:
        """Start a new game, seeded as the AEC environment's `reset`."""
        self._seeds, chosen = game_seed(self._seeds, seed)
        self._state = self.game.new_game(chosen)
        self.agents = self.possible_agents[:]
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, int]) -> ParallelStep:
        """Carry out the deciding agent's action; IllegalAction if the rules forbid it."""
        state = self.motherlode_state
        seat = state.current_player
        if seat is None:
            raise RuntimeError("the game is over: call reset()")
        agent = agent_name(seat)
        if agent not in actions:
            raise ActionSyntaxError(f"{self.game.name}: {agent} decides now; give its action")
        try:
            self._legal.apply(state, check_action(self.game, agent, actions[agent]))
        except IllegalAction:
            if not self.refuse_illegal:
                raise
            return self._refused(agent)
        over = state.is_terminal
        values = state.returns() if over else [0.0] * self.game.num_players
        live = self.agents
        rewards = {name: values[self._seat_of(name)] for name in live}
        observations = self._observations()
        flags = dict.fromkeys(live, over)
        if over:
            self.agents = []
        return observations, rewards, flags, dict.fromkeys(live, False), {a: {} for a in live}

    def _refused(self, agent: str) -> ParallelStep:
        live = self.agents
        infos: dict[str, dict[str, Any]] = {name: {} for name in live}
        infos[agent]["illegal_action"] = True
        no = dict.fromkeys(live, False)
        return self._observations(), dict.fromkeys(live, 0.0), no, no.copy(), infos

    def _observations(self) -> dict[str, ObsType]:
        state = self.motherlode_state
        legal = self._legal
        return {agent: observe_seat(state, self._seat_of(agent), legal) for agent in self.agents}

    def _seat_of(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def render(self) -> None:
        """Nothing to draw: use the AEC environment's render modes or `motherlode play`."""

    def close(self) -> None:
        """Nothing to release."""
