"""Motherlode games as OpenSpiel games: importing this module registers them with pyspiel.

    >>> import pyspiel
    >>> import motherlode.adapters.openspiel
    >>> game = pyspiel.load_game("motherlode_digitup", {"players": 3})
    >>> state = game.new_initial_state()

Every game of the registry (`motherlode.games()`) is registered as `motherlode_<name>`. Its
parameters are the game's own options (`players` first, default the game's default; then e.g.
`simplified` for Dig It Up), `rng_seed` (default 0), the seed of the game object's
sequence of game seeds, and `explicit_chance` (default False; see "Explicit chance" below).
`register(name)` registers a game added to the registry later.

What the game is, in OpenSpiel's terms:

| GameType field                    | value                                                    |
|-----------------------------------|----------------------------------------------------------|
| dynamics                          | SEQUENTIAL (out-of-turn decisions are other seats' turns) |
| chance_mode                       | SAMPLED_STOCHASTIC: no chance nodes; dice and shuffles   |
|                                   | are drawn inside `apply_action` from the state's RNG.    |
|                                   | With `explicit_chance`: EXPLICIT_STOCHASTIC              |
| information                       | IMPERFECT_INFORMATION                                    |
| utility                           | CONSTANT_SUM: winners share 1.0, others get 0            |
|                                   | (`utility_sum` 1.0, min 0, max 1)                        |
| reward_model                      | TERMINAL                                                 |
| observation string / tensor       | yes / yes                                                |
| information state string / tensor | yes / no                                                 |
| max_game_length                   | the game's `max_game_length` (a contract member)          |

Seeds. Each `new_initial_state()` plays `game.new_game(seed)` with the next seed of a sequence
drawn from `random.Random(rng_seed)` that belongs to the game object (`rng_seed=-1`: OS
entropy), so the n-th state a game object plays is the same in every run. The seed is taken
when the state is first used, not when it is made: OpenSpiel's C++ side makes a fresh initial
state inside every `clone()` and then overwrites it, and those throw-away states take no seed
(nor pay for dealing a game). Measuring the tensor shape (`observation_tensor_shape()`,
`observation_tensor_size()`, which `random_sim_test` does once per simulation) observes one
initial state and so takes one seed of the sequence.

Observations (all from `State.view(seat)`, the one place the engine decides hidden
information; nothing is ever read from the full state):

* observation string: the seat's view as compact JSON with sorted keys;
* observation tensor: `game.observe(view)` as float32, one piece named "observation" of shape
  `(game.observation_size,)`, laid out as the game documents;
* information state string: JSON of `{"view": <the seat's view>, "own": [the seat's own past
  actions, in text notation]}`. This is perfect recall to the extent the game's view is: by
  the engine contract a view holds everything the seat may know, including what the rules let
  it remember, and the seat's own decisions are added. No information state tensor is
  provided: a perfect-recall history has no fixed length.
* An observer with `private_info=NONE` gives the spectator's view (`view(None)`) as a string
  only; `ALL_PLAYERS` and observers without public information are refused (ValueError): a
  seat's view cannot be split into public and private parts without knowing the game.

Actions are the game's fixed integer space (`game.encode`); legal actions are returned sorted,
as OpenSpiel requires. `apply_action` checks the action: an illegal one raises
`motherlode.IllegalAction` and leaves the state unchanged. `action_to_string` is the game's
text notation. `str(state)` shows the seed, the move number, a digest of the whole state
(hidden parts and RNG included, so equal strings mean equal states) and the spectator view.

Serialization. A state serializes: OpenSpiel serializes a Python state by pickling its
`__dict__`, which here holds one object whose pickled form is the game's name, options, seed
and the actions as integers (a save file, in effect); deserializing replays them. So
`state.serialize()` / `game.deserialize_state(text)` round-trip, and `pickle` works on games
and states (both define `__reduce__`: a game is reloaded by its string, with its seed sequence
started afresh; a state is rebuilt through `deserialize_state`).

Without `explicit_chance`, `pyspiel.random_sim_test(game, ..., serialize=True)` cannot pass,
nor can `pyspiel.serialize_game_and_state`, with pyspiel 2.0.2: their C++
`Game::Serialize()` appends `GetRNGState()` for every SAMPLED_STOCHASTIC game, and
`GetRNGState` is a C++ virtual that pyspiel's Python-game trampoline (`PyGame`) does not
forward to Python, so it always fails with "GetRNGState unimplemented" before our state is
reached. Declaring the game
DETERMINISTIC would be false (the same action from the same position can lead to different
positions); the way round it is explicit chance, below. Our states need no RNG of the game
object anyway: each state carries its own seed.

Explicit chance (`explicit_chance=True`, all four games). The game is EXPLICIT_STOCHASTIC and
every random draw of the rules is a chance node: the state stops before it, `current_player()`
is CHANCE and `chance_outcomes()` lists outcomes 0 .. n-1, each with probability exactly 1/n;
`apply_action(k)` gives the draw outcome k. The rules draw only n equally likely integers
(`randrange`, `shuffle`, `sample`, `choice` and the die's `roll`, all through the engine's
`StateRng`), so the nodes are the rules' own draws, no more and no fewer: a test feeds a
seed's draws as outcomes and gets that seed's game, position by position. A shuffle of n cards
is n-1 nodes (n, n-1, ... 2 outcomes: the card that goes to each place, from the bottom) and a
draw with one outcome is no node. Per game:

* Dig It Up: the set-up lays out each site's 7 tiles (6 nodes of 7 .. 2 outcomes per site),
  shuffles the chance deck and the missions (one node per card but the last); each dig rolls
  the die (a node of 6). `max_chance_outcomes` is the largest of these (the chance deck: 48
  or 50 by player count). The simplified variation lays out the sites only. Every chance card
  is drawn from the deck shuffled at the set-up, so drawing one is no node.
* Pay Day: the set-up shuffles the Bargain, Mail and Event decks; each roll (a turn's, a
  reroll, the Lottery's) is a node of 6, and rolling both dice adds the face die's (a node
  of its 6 faces); an empty deck's discards shuffled back in are nodes again. At most 35.
* Pay Dirt: the set-up shuffles each ore type's stack and the equipment, specialist, claim,
  upgrade and event stacks; a stack re-formed from its discards is shuffled again. At most 30.
* Saboteur: each round shuffles the deck (118 cards in the Gold edition: 117 nodes), the
  dwarf or role cards and the 3 goals; the base game's gold cards are shuffled once. At most
  118 (the base edition: 67).

The whole set-up cannot be ONE chance node: its outcomes are every arrangement at once (for
Dig It Up 5040 per site times the deck's and missions' orders), far too many to list; so the
set-up is a run of nodes, each one draw. Observations while the set-up is drawn are zeros
(string: "set-up being drawn"); during a player's step that waits for a draw they are of the
position before that step. A state has no seed then (its future is whatever chance gives):
it serializes as its outcomes and actions, and `random_sim_test(serialize=True)` passes for
every game. `resample_from_infostate` is offered without explicit chance only. A game of the
registry with no `Game.max_chance_outcomes` (0) refuses the option (ValueError). The cost:
each outcome plays the pending step again from the last settled position with the outcomes
known so far (a set-up of n draws is played n times), so a Saboteur round's deal is some
120 partial set-ups; the default path, without the option, draws from the seed as before and
plays bit for bit the same games (tests/test_digests.py), as fast as before.

Measured 2026-12-03 on this machine's 2 cores shared (load 3.1), the slow tests'
`random_sim_test(game, 2 simulations, serialize=True)`: Dig It Up 0.2-0.5 s (2-5 players),
Pay Day 0.9 / 5.6 s (2 / 4 players), Pay Dirt 0.8 / 3.4 s; Saboteur, one simulation (three
rounds), 2.4 / 6.6 s (2 / 12 players). Without the option, Dig It Up 4-player random playouts
ran at 104,800-107,000 steps/s against the main branch's 103,500-104,500 in the same run.

Resampling. `state.resample_from_infostate(player, sampler)` is `State.determinize(player,
rng)`, its RNG seeded from one draw of `sampler` (OpenSpiel's `UniformProbabilitySampler`):
a state the player cannot tell from this one, for `open_spiel.python.algorithms.ismcts`'s
`ISMCTSBot`, which calls it from Python. The C++ `ResampleFromInfostate` stays
unimplemented: pyspiel offers no hook for a Python game to override it, so C++ algorithms
cannot resample our states.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]  # a compiled module without stubs

from motherlode.engine import (
    JSON,
    MAX_SEED,
    Action,
    Game,
    IllegalAction,
    State,
    View,
    game_class,
    games,
    load,
)
from motherlode.engine.rng import ChanceDraw, ChanceRng

__all__ = [
    "MotherlodeObserver",
    "MotherlodeSpielGame",
    "MotherlodeSpielState",
    "register",
    "register_all",
    "short_name",
]

PREFIX = "motherlode_"
SEED_PARAMETER = "rng_seed"
CHANCE_PARAMETER = "explicit_chance"
SETTING_UP = "set-up being drawn"  # every observation string while the set-up is drawn


def short_name(name: str) -> str:
    """The pyspiel name of the Motherlode game `name`: "digitup" -> "motherlode_digitup"."""
    return PREFIX + name


# --- one game being played --------------------------------------------------------------------
class _Play:
    """The Motherlode state behind one pyspiel state, made on first use.

    pyspiel clones a Python state by deep-copying its `__dict__` and serializes it by pickling
    it; this object is that `__dict__`'s only entry and answers both through the engine:
    `clone()` to copy, and (name, options, seed, action integers) to pickle.
    """

    __slots__ = ("_views", "game", "movers", "next_seed", "state")

    def __init__(
        self,
        game: Game,
        next_seed: Callable[[], int] | None,
        state: State | None = None,
        movers: list[int] | None = None,
    ) -> None:
        self.game = game
        self.next_seed = next_seed
        self.state = state
        self.movers: list[int] = [] if movers is None else movers  # seat of each past action
        self._views: dict[int | None, View] = {}

    def get(self) -> State:
        state = self.state
        if state is None:
            if self.next_seed is None:  # pragma: no cover - every constructor passes one
                raise RuntimeError("a state without a seed source")
            state = self.state = self.game.new_game(self.next_seed())
        return state

    def view(self, seat: int | None) -> View:
        """The seat's view, computed once per position (the observers ask for it often)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.get().view(seat)
        return view

    def apply(self, action: Action) -> None:
        state = self.get()
        seat = state.current_player
        state.apply(action)
        assert seat is not None  # apply refuses every action once the game is over
        self.movers.append(seat)
        self._views.clear()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        return _Play(self.game, self.next_seed, self.get().clone(), self.movers.copy())

    def __reduce__(self) -> tuple[Callable[..., _Play], tuple[str, JSON, int, list[int]]]:
        state = self.get()
        encode = self.game.encode
        moves = [encode(action) for action in state.history]
        return (_replay, (self.game.name, dict(self.game.options), state.seed, moves))


def _replay(name: str, options: JSON, seed: int, moves: list[int]) -> _Play:
    """Rebuild a pickled `_Play` by replaying its game from the seed (checked)."""
    play = _Play(load(name, **options), None, None)
    play.state = play.game.new_game(seed)
    for move in moves:
        play.apply(play.game.decode(move))
    return play


class _ChancePlay(_Play):  # see "Explicit chance" in the module docstring
    """A `_Play` with explicit chance: the state stops before every random draw.

    `state` is the last position every draw of which is known (None before the set-up is
    drawn); `pending` the player's action whose draws are being asked for (None: the set-up
    or nothing), `forced` the outcomes of that step so far, and `outcomes` how many equally
    likely outcomes the next draw has (0: no draw asked for, a player or the end decides).
    Each outcome plays the step again from `state` with a `ChanceRng` of the outcomes known.
    """

    __slots__ = ("forced", "outcomes", "pending", "steps")

    def __init__(self, game: Game) -> None:
        super().__init__(game, None)
        self.pending: Action | None = None
        self.forced: list[int] = []
        self.steps: list[int] = []  # every pyspiel action so far, chance outcomes included
        self.outcomes = 0
        self._resolve()

    def get(self) -> State:
        if self.state is None:
            raise RuntimeError("the set-up is still being drawn (a chance node)")
        return self.state

    def apply(self, action: Action) -> None:
        """The player's `action`; IllegalAction (nothing changed) if not allowed."""
        state = self.get()
        if self.outcomes:
            raise IllegalAction(f"{self.game.name}: {action} is not allowed: chance draws now")
        seat = state.current_player
        trial = state.clone()
        trial.rng = ChanceRng([])
        try:
            trial.apply(action)
        except ChanceDraw as draw:
            self.pending, self.outcomes = action, draw.outcomes
        else:
            self.state = trial
        assert seat is not None  # apply refuses every action once the game is over
        self.movers.append(seat)
        self.steps.append(self.game.encode(action))
        self._views.clear()

    def apply_outcome(self, outcome: int) -> None:
        """Chance's `outcome` (0 .. outcomes-1) of the draw asked for."""
        if not 0 <= outcome < self.outcomes:
            raise ValueError(f"chance outcome {outcome} is not one of 0..{self.outcomes - 1}")
        self.forced.append(outcome)
        self.steps.append(outcome)
        self._resolve()
        self._views.clear()

    def _resolve(self) -> None:
        """Play the pending step with the outcomes known: done, or the next draw asked for."""
        rng = ChanceRng(self.forced)
        try:
            if self.state is None:
                state = self.game.new_game_drawing(rng)
            else:
                assert self.pending is not None
                state = self.state.clone()
                state.rng = rng
                state.apply_unchecked(self.pending)
        except ChanceDraw as draw:
            self.outcomes = draw.outcomes
            return
        rng.forced, rng.used = [], 0
        self.state, self.pending, self.forced, self.outcomes = state, None, [], 0

    def __deepcopy__(self, memo: dict[int, Any]) -> _ChancePlay:
        other = _ChancePlay.__new__(_ChancePlay)
        _Play.__init__(
            other, self.game, None, None if self.state is None else self.state.clone(),
            self.movers.copy(),
        )
        other.pending, other.forced = self.pending, self.forced.copy()
        other.steps, other.outcomes = self.steps.copy(), self.outcomes
        return other

    def __reduce__(self) -> tuple[Callable[..., _Play], tuple[str, JSON, list[int]]]:  # type: ignore[override]
        return (_replay_chance, (self.game.name, dict(self.game.options), self.steps))


def _replay_chance(name: str, options: JSON, steps: list[int]) -> _ChancePlay:
    """Rebuild a pickled `_ChancePlay` by replaying its steps, outcomes and actions."""
    play = _ChancePlay(load(name, **options))
    for step in steps:
        if play.outcomes:
            play.apply_outcome(step)
        else:
            play.apply(play.game.decode(step))
    return play


# --- the pyspiel game and state ----------------------------------------------------------------
class MotherlodeSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type stubs
    """A Motherlode game with its options fixed, as a pyspiel game."""

    game_type: ClassVar[pyspiel.GameType]  # set on the subclass `register` makes per game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type = self.game_type
        given = dict(params or {})
        name = game_type.short_name.removeprefix(PREFIX)
        rng_seed = int(given.pop(SEED_PARAMETER, 0))
        self.explicit_chance = bool(given.pop(CHANCE_PARAMETER, False))
        self.motherlode: Game = load(name, **given)
        game = self.motherlode
        if self.explicit_chance:
            game_type = _game_type(name, type(game), EXPLICIT)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=game.max_chance_outcomes if self.explicit_chance else 0,
            num_players=game.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=game.max_game_length,
        )
        full = {**game.options, SEED_PARAMETER: rng_seed, CHANCE_PARAMETER: self.explicit_chance}
        super().__init__(game_type, info, full)
        if self.explicit_chance and not game.max_chance_outcomes:
            # raised after pyspiel's own constructor: raising before it crashes the process
            raise ValueError(f"{name}: explicit chance is not offered (its draws are not known)")
        self._seeds = random.Random() if rng_seed < 0 else random.Random(rng_seed)

    def __reduce__(self) -> tuple[Callable[[str], pyspiel.Game], tuple[str]]:
        # pyspiel's own pickling of a game calls GetRNGState (see the module docstring).
        return (_load_game, (str(self),))

    def next_seed(self) -> int:
        """The next game seed of this game object's sequence."""
        return self._seeds.randint(0, MAX_SEED)

    def new_initial_state(self) -> MotherlodeSpielState:
        """A new game, with the next seed of the sequence (taken when first used); with
        explicit chance, a game whose set-up chance draws first."""
        if self.explicit_chance:
            return MotherlodeSpielState(self, _ChancePlay(self.motherlode))
        return MotherlodeSpielState(self, _Play(self.motherlode, self.next_seed))

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> MotherlodeObserver:
        """The observer for observation (default) or information-state strings and tensors."""
        return MotherlodeObserver(
            self.motherlode,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
        )


class MotherlodeSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type stubs
    """One position of a Motherlode game, as a pyspiel state."""

    def __init__(self, game: MotherlodeSpielGame, play: _Play) -> None:
        super().__init__(game)
        self._play = play

    def __reduce__(self) -> tuple[Callable[[str, str], pyspiel.State], tuple[str, str]]:
        # pyspiel's own pickling of a state calls GetRNGState (see the module docstring).
        return (_load_state, (str(self.get_game()), self.serialize()))

    @property
    def motherlode(self) -> State:
        """The Motherlode state (the whole truth: bots must use views)."""
        return self._play.get()

    def setting_up(self) -> bool:
        """Whether chance is still drawing the set-up (explicit chance only)."""
        play = self._play
        return isinstance(play, _ChancePlay) and play.state is None

    def _chance(self) -> int:
        """How many outcomes the draw chance makes now has (0: not a chance node)."""
        play = self._play
        return play.outcomes if isinstance(play, _ChancePlay) else 0

    def current_player(self) -> int:
        if self._chance():
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._play.get().current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self._play.get()
        if player != state.current_player:
            return []
        encode = state.game.encode
        return sorted(encode(action) for action in state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node: outcomes 0 .. n-1 of the draw, each with probability 1/n."""
        n = self._chance()
        return [(outcome, 1.0 / n) for outcome in range(n)]

    def _apply_action(self, action: int) -> None:
        play = self._play
        if isinstance(play, _ChancePlay) and play.outcomes:
            play.apply_outcome(int(action))
            return
        play.apply(play.game.decode(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        return str(self._play.game.decode(int(action)))

    def is_terminal(self) -> bool:
        return not self._chance() and self._play.get().is_terminal

    def returns(self) -> list[float]:
        if self._chance():
            return [0.0] * self._play.game.num_players
        return self._play.get().returns()

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> MotherlodeSpielState:
        """A state `player_id` cannot tell from this one (`State.determinize`), its hidden
        parts and future drawn from an RNG seeded by one draw of `probability_sampler`."""
        play = self._play
        if isinstance(play, _ChancePlay):
            raise NotImplementedError("resampling is offered without explicit chance only")
        rng = random.Random(int(probability_sampler() * MAX_SEED))
        sample = play.get().determinize(player_id, rng)
        return MotherlodeSpielState(
            self.get_game(), _Play(play.game, play.next_seed, sample, play.movers.copy())
        )

    def own_actions(self, seat: int) -> list[str]:
        """The seat's own past actions, in the game's text notation."""
        play = self._play
        history = play.get().history
        movers = play.movers[: len(history)]  # with explicit chance, the action being drawn
        return [str(a) for a, mover in zip(history, movers, strict=True) if mover == seat]

    def __str__(self) -> str:
        play = self._play
        if isinstance(play, _ChancePlay):
            return self._chance_str(play)
        spectator = json.dumps(self._play.view(None), sort_keys=True, separators=(",", ":"))
        state = play.get()
        head = f"seed {state.seed} move {len(state.history)} digest {state.digest()[:16]}"
        return f"{head}\n{spectator}"

    @staticmethod
    def _chance_str(play: _ChancePlay) -> str:
        """With explicit chance: the move, the digest, any step being drawn, the spectator."""
        if play.state is None:
            return f"{SETTING_UP}: outcomes {play.forced}"
        state = play.state
        pending = "" if play.pending is None else f"; {play.pending}: outcomes {play.forced}"
        head = f"move {len(state.history)} digest {state.digest()[:16]}{pending}"
        spectator = json.dumps(play.view(None), sort_keys=True, separators=(",", ":"))
        return f"{head}\n{spectator}"


class MotherlodeObserver:
    """Observation and information-state strings and tensors, all from a seat's view."""

    def __init__(
        self,
        game: Game,
        iig_obs_type: pyspiel.IIGObservationType,
        params: dict[str, Any] | None,
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every seat's private information is not offered")
        if not iig_obs_type.public_info:
            raise ValueError("observers without public information are not offered")
        self.game = game
        self.seat_view = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor: npt.NDArray[np.float32] | None
        self.dict: dict[str, npt.NDArray[np.float32]]
        if self.seat_view and not self.perfect_recall:
            self.tensor = np.zeros(game.observation_size, np.float32)
            self.dict = {"observation": self.tensor}
        else:
            self.tensor = None
            self.dict = {}

    def set_from(self, state: MotherlodeSpielState, player: int) -> None:
        """Fill `tensor` with `game.observe` of the player's view (zeros while the set-up is
        drawn: there is nothing to see yet)."""
        if self.tensor is not None:
            if state.setting_up():
                self.tensor[:] = 0.0
                return
            self.tensor[:] = self.game.observe(state._play.view(player))

    def string_from(self, state: MotherlodeSpielState, player: int) -> str:
        """The player's view (or the spectator's) as JSON; with its own actions if recall."""
        if state.setting_up():
            return json.dumps(SETTING_UP)
        seat = player if self.seat_view else None
        view = state._play.view(seat)
        if self.perfect_recall and seat is not None:
            body: JSON = {"view": view, "own": state.own_actions(seat)}
            return json.dumps(body, sort_keys=True, separators=(",", ":"))
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def _load_game(game_string: str) -> pyspiel.Game:
    """Unpickle a game: load it again by its string (its seed sequence starts afresh)."""
    return pyspiel.load_game(game_string)


def _load_state(game_string: str, state_text: str) -> pyspiel.State:
    """Unpickle a state: `game.deserialize_state` of its `serialize()` (a replay)."""
    return pyspiel.load_game(game_string).deserialize_state(state_text)


# --- registration ----------------------------------------------------------------------------
_GAME_CLASSES: dict[str, type[MotherlodeSpielGame]] = {}


def register(name: str) -> None:
    """Register the Motherlode game `name` with pyspiel (a second call does nothing)."""
    spiel_name = short_name(name)
    if spiel_name in pyspiel.registered_names():
        return
    cls = game_class(name)
    specs = cls.option_specs()
    if any(spec.name in (SEED_PARAMETER, CHANCE_PARAMETER) for spec in specs):
        raise ValueError(f"{name}: an option's name clashes with the adapter's own")
    game_type = _game_type(name, cls, pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC)

    # A class, as OpenSpiel's own Python games register: pyspiel keeps the creator until the
    # process ends and drops it after Python has shut down, which is harmless for a class
    # (always in a reference cycle) but aborts the process for a plain function.
    game_class_ = type(
        f"MotherlodeSpielGame_{name}",
        (MotherlodeSpielGame,),
        {"game_type": game_type, "__module__": __name__},
    )
    _GAME_CLASSES[name] = game_class_
    pyspiel.register_game(game_type, game_class_)


EXPLICIT = pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def _game_type(
    name: str, cls: type[Game], chance_mode: pyspiel.GameType.ChanceMode
) -> pyspiel.GameType:
    """The game type of the Motherlode game `name` (class `cls`), with `chance_mode`."""
    parameters: dict[str, Any] = {spec.name: spec.default for spec in cls.option_specs()}
    parameters[SEED_PARAMETER] = 0
    parameters[CHANCE_PARAMETER] = False
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Motherlode {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance_mode,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def register_all() -> list[str]:
    """Register every game of the registry; the pyspiel names, sorted."""
    for name in games():
        register(name)
    return [short_name(name) for name in games()]


register_all()
