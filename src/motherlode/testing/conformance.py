"""The conformance suite: seeded random playouts that check a game keeps the engine's contract.

Every registered game must pass it for every player count. From a test or a shell:

    >>> from motherlode.testing.conformance import check_game
    >>> report = check_game("digitup", {"players": 3}, seeds=range(4))  # doctest: +SKIP
    >>> print(report)  # doctest: +SKIP
    digitup(players=3, simplified=False, data=''): 4 playouts, 160 actions (longest 41), 40 states
    fully checked, 0.4 s

`check_game` loads the game, checks its whole action space once, then plays one random
playout per seed. The bot's choices come from a `random.Random` seeded from the seed, and so
does every sampling the checks do, so a failure replays exactly from the seed it names. Every
state of every playout gets the cheap checks; the first, the last and a random `sample` of the
others also get the expensive ones (views, clones, no-leak, illegal actions). A failure raises
`ConformanceError` (an `AssertionError`) whose message names the check in brackets, the game,
its options, the seed, the step, the last actions, the problem, and the call that reproduces it.

| check            | what must hold                                                               |
|------------------|------------------------------------------------------------------------------|
| `turn`           | `current_player` is None exactly when `is_terminal`, else a seat 0..n-1      |
| `legal-actions`  | non-empty unless terminal, empty when terminal, the same list on every call, |
|                  | no duplicates, every item an `Action` and hashable                           |
| `encoding`       | `encode` is an int in 0..num_actions-1, one per action, `decode` inverts it; |
|                  | `decode` refuses -1, num_actions, a bool, a str, a float and None    |
| `text`           | `parse_action(str(a)) == a`; a mangled text raises `ActionSyntaxError`       |
| `apply`          | every chosen legal action applies; on clones, `apply` and `apply_unchecked`  |
|                  | agree and the history grows by one                                           |
| `illegal-action` | an action legal earlier in the playout but not here, or decoded from an      |
|                  | integer not legal here, raises `IllegalAction` naming it; the digest,        |
|                  | snapshot, history and every seat's view are exactly as before                |
| `clone`          | a clone has the original's digest; applying on a clone never changes the     |
|                  | original, nor applying on the original a clone made from it earlier          |
| `determinism`    | two playouts of one seed (from two `load`s) with the same choices have equal |
|                  | digests and legal actions at every step                                      |
| `seeds`          | different seeds give different games (something some seat sees differs)     |
| `cross-process`  | the first playout, replayed in a fresh Python with another hash seed, has    |
|                  | the same digests and legal actions (no dependence on set order or id())      |
| `save-load`      | `savefile.loads(savefile.dumps(s))` has the same digest and history; a file  |
|                  | that is not JSON, lacks a field, names another game or seed, or has a        |
|                  | mangled, illegal or other legal action or a tampered digest is refused with  |
|                  | `SaveFileError`                                                              |
| `json-view`      | `view(seat)` for every seat and None is a dict that survives a JSON          |
|                  | round-trip unchanged (no tuples, int keys or NaN); viewing changes nothing   |
| `observe`        | `observe(view(seat))` has `observation_size` finite numbers                  |
| `envelope`       | every view carries the engine's envelope (`game`, `players`, `seat`,         |
|                  | `current_player`, `phase`, `log`, `decision`) with the right values          |
| `decision`       | the current player's view carries `decision`, whose actions are exactly the  |
|                  | legal actions, each once; every other view (and a terminal one) has None     |
| `events`         | every event of the log, as every seat sees it, has a non-empty `text()`     |
|                  | with no Python repr in it, a JSON form with its `kind` and `text`, and the   |
|                  | view's log is exactly `seen_by(seat)` of the log (`check_events` plays 200   |
|                  | games and lists the kinds met)                                               |
| `restore`        | `game.restore(snapshot)`, after a JSON round trip, has the same digest,      |
|                  | views and legal actions, and plays on to the same digests                    |
| `no-leak`        | `view(p)` of `determinize(p, rng)` equals `view(p)`; so does `view(None)`;   |
|                  | it has the same current player and, for the current player, the same legal   |
|                  | actions; determinizing, and playing on the result, leave the original as is  |
| `length`         | every playout ends within `max_steps` actions                                |
| `end`            | `scores()` and `returns()` hold one finite number per seat                   |

The finer-grained `check_*` functions check one state (or one game) and can be used on their
own, e.g. in a game's scenario tests: `check_no_leak(state, random.Random(0))`.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from numbers import Real
from typing import Any, cast

from motherlode.engine import (
    MAX_SEED,
    Action,
    ActionSyntaxError,
    Game,
    IllegalAction,
    OptionValue,
    SaveFileError,
    State,
    View,
    load,
    savefile,
)
from motherlode.engine.decision import actions_of
from motherlode.engine.events import Event, looks_like_repr, seen_json, unpack

__all__ = [
    "ActionMemory",
    "ConformanceError",
    "Report",
    "Where",
    "check_action_codes",
    "check_action_space",
    "check_clone",
    "check_cross_process",
    "check_end",
    "check_events",
    "check_game",
    "check_illegal_actions",
    "check_legal_actions",
    "check_no_leak",
    "check_restore",
    "check_same_game",
    "check_save_load",
    "check_save_refusals",
    "check_seeds_matter",
    "check_views",
]

# Texts that name no action of any game; a mangled legal action is added per state.
BAD_TEXTS = ("", " ", "nonsense 99", "\x00")
# Things that are not an action index: decode must refuse each with ActionSyntaxError.
BAD_INDEXES: tuple[object, ...] = (-1, True, False, "0", 1.0, None)
# How many actions of the whole space `check_action_space` round-trips at most.
SPACE_SAMPLE = 20_000
# How many playouts (the first ones) also check that tampered save files are refused.
REFUSAL_SEEDS = 3
# How many of the last actions a failure message lists.
HISTORY_SHOWN = 30


# --- failures ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Where:
    """Where a check failed: the game, its options, the seed, the step and the actions so far."""

    game: str
    options: Mapping[str, OptionValue]
    seed: int | None = None
    step: int | None = None
    history: tuple[str, ...] = ()

    @classmethod
    def of(cls, state: State) -> Where:
        """The place of `state`: its game, options, seed and history."""
        try:
            history = tuple(str(action) for action in state.history)
        except Exception:  # a broken __str__ must not hide the real failure
            history = tuple(repr(action) for action in state.history)
        return cls(state.game.name, dict(state.game.options), state.seed, len(history), history)

    def __str__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        text = f"{self.game}({opts})"
        if self.seed is not None:
            text += f" seed {self.seed}"
        if self.step is not None:
            text += f" step {self.step}"
        return text

    def reproduce(self) -> str:
        """The lines that tell a reader how to replay the failure."""
        call = f"check_game({self.game!r}, {dict(self.options)!r}"
        call += ")" if self.seed is None else f", seeds=[{self.seed}])"
        lines = [f"  reproduce: motherlode.testing.conformance.{call}"]
        if self.history:
            shown = self.history[-HISTORY_SHOWN:]
            more = "... " if len(self.history) > len(shown) else ""
            lines.append(f"  actions so far ({len(self.history)}): {more}{', '.join(shown)}")
        return "\n".join(lines)


class ConformanceError(AssertionError):
    """A game broke the contract: `check` names the rule, `where` the game, seed and step."""

    def __init__(self, check: str, where: Where, problem: str) -> None:
        self.check = check
        self.where = where
        self.problem = problem
        super().__init__(f"[{check}] {where}: {problem}\n{where.reproduce()}")


def _fail(check: str, where: State | Where, problem: str) -> ConformanceError:
    return ConformanceError(check, where if isinstance(where, Where) else Where.of(where), problem)


@contextmanager
def _checking(check: str, where: State | Where) -> Iterator[None]:
    """Turn an unexpected exception from the game into a ConformanceError with the place."""
    try:
        yield
    except ConformanceError:
        raise
    except Exception as err:
        raise _fail(check, where, f"raised {type(err).__name__}: {err}") from err


def _difference(a: Any, b: Any, path: str = "") -> str:
    """The first place where two JSON-like values differ, in words."""
    if type(a) is not type(b):
        return f"at {path or 'top'}: {a!r} ({type(a).__name__}) vs {b!r} ({type(b).__name__})"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=repr):
            if key not in a or key not in b:
                side = "first" if key in a else "second"
                return f"at {path}.{key}: only the {side} has it"
            if a[key] != b[key]:
                return _difference(a[key], b[key], f"{path}.{key}")
    if isinstance(a, list | tuple):
        if len(a) != len(b):
            return f"at {path or 'top'}: length {len(a)} vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _difference(x, y, f"{path}[{i}]")
    return f"at {path or 'top'}: {_short(a)} vs {_short(b)}"


def _short(value: Any, limit: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _texts(actions: Iterable[object]) -> str:
    """Actions as their texts, for a message."""
    return _short([str(a) for a in actions])


def _finite_number(value: object) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool) and math.isfinite(value)


def _all_finite(values: Sequence[float]) -> bool:
    """A fast yes for a vector of finite floats and ints (no bools); False: look closer."""
    return set(map(type, values)) <= {float, int} and all(map(math.isfinite, values))


# --- the report ---------------------------------------------------------------------------------


@dataclass
class Report:
    """What `check_game` checked: how many playouts, actions and fully checked states."""

    game: str
    options: dict[str, OptionValue]
    seeds: list[int] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    states: int = 0
    deep_states: int = 0
    seconds: float = 0.0

    @property
    def actions(self) -> int:
        """Actions applied over all playouts."""
        return sum(self.lengths)

    def __str__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        longest = max(self.lengths, default=0)
        return (
            f"{self.game}({opts}): {len(self.lengths)} playouts, {self.actions} actions "
            f"(longest {longest}), {self.deep_states} states fully checked, {self.seconds:.1f} s"
        )


# --- checks on the whole game -----------------------------------------------------------------


def check_action_space(game: Game, where: Where | None = None) -> None:
    """Round-trip the action space: every (or a sample of) index decodes, encodes and parses back.

    Also: decode refuses what is not an index, and parse_action refuses nonsense.
    """
    where = where or Where(game.name, dict(game.options))
    with _checking("encoding", where):
        size = game.num_actions
        if not isinstance(size, int) or isinstance(size, bool) or size < 1:
            raise _fail("encoding", where, f"num_actions is {size!r}, not a positive integer")
        obs = game.observation_size
        if not isinstance(obs, int) or isinstance(obs, bool) or obs < 0:
            raise _fail("observe", where, f"observation_size is {obs!r}, not an integer >= 0")
        if size <= SPACE_SAMPLE:
            indexes: Iterable[int] = range(size)
        else:
            indexes = sorted(
                random.Random(f"conformance-space:{size}").sample(range(size), SPACE_SAMPLE)
            )
        texts: dict[str, int] = {}
        for index in indexes:
            action = game.decode(index)
            if not isinstance(action, Action):
                raise _fail("encoding", where, f"decode({index}) gave {action!r}, not an Action")
            back = game.encode(action)
            if back != index:
                raise _fail("encoding", where, f"encode(decode({index})) = {back!r} for {action!r}")
            text = str(action)
            if text in texts:
                raise _fail("text", where, f"actions {texts[text]} and {index} both read {text!r}")
            texts[text] = index
            with _checking("text", where):
                parsed = game.parse_action(text)
            if parsed != action:
                raise _fail("text", where, f"parse_action({text!r}) = {parsed!r}, not {action!r}")
        for bad in (*BAD_INDEXES, size, size + 1):
            call = f"decode({bad!r})"
            # decode is typed for int; it must also refuse what a caller passes untyped.
            _expect_syntax_error("encoding", where, call, partial(game.decode, cast(int, bad)))
        for text in BAD_TEXTS:
            call = f"parse_action({text!r})"
            _expect_syntax_error("text", where, call, partial(game.parse_action, text))


def _expect_syntax_error(check: str, where: Where, call: str, run: Callable[[], object]) -> None:
    try:
        result = run()
    except ActionSyntaxError:
        return
    except Exception as err:
        raise _fail(
            check, where, f"{call} raised {type(err).__name__}: {err}, not ActionSyntaxError"
        ) from err
    raise _fail(check, where, f"{call} returned {result!r} instead of raising ActionSyntaxError")


def check_seeds_matter(game: Game, seeds: Sequence[int], max_steps: int) -> None:
    """Different seeds give different games: the same choices, something some seat sees differs.

    The choices are made by index from one fixed RNG, so only the seed differs between games.
    """
    if len(seeds) < 2:
        return
    where = Where(game.name, dict(game.options), seeds[0])
    seats: list[int | None] = [None, *range(game.num_players)]

    def trace(seed: int) -> Iterator[str]:
        state = game.new_game(seed)
        bot = random.Random("conformance-seeds")
        for _ in range(max_steps + 1):
            yield json.dumps([state.view(p) for p in seats], sort_keys=True, default=repr)
            legal = state.legal_actions()
            if not legal:
                return
            state.apply(legal[bot.randrange(len(legal))])

    with _checking("seeds", where):
        first = list(trace(seeds[0]))
        for seed in seeds[1:]:
            for mine, other in itertools.zip_longest(first, trace(seed)):
                if mine != other:
                    return
    raise _fail(
        "seeds",
        where,
        f"seeds {list(seeds)} all give the same game (the same choices see the same views): "
        "the seed does not reach the game's randomness",
    )


_CHILD = """
import hashlib, json, random, sys
from motherlode.engine import load, register
args = json.loads(sys.argv[1])
register(args["name"], args["target"])
game = load(args["name"], **args["options"])
state = game.new_game(args["seed"])
bot = random.Random("conformance-bot:%d" % args["seed"])
steps = []
for _ in range(args["max_steps"] + 1):
    legal = state.legal_actions()
    texts = "\\n".join(str(a) for a in legal)
    chosen = str(legal[bot.randrange(len(legal))]) if legal else None
    steps.append([state.digest(), hashlib.sha256(texts.encode()).hexdigest(), chosen])
    if chosen is None:
        break
    state.apply(game.parse_action(chosen))
print(json.dumps({"steps": steps}))
"""
# Two fixed hash seeds: the children's games must agree with each other (a deterministic
# comparison, whatever this interpreter's own hash seed) and with this interpreter's.
CHILD_HASH_SEEDS = (1, 2)


def check_cross_process(game: Game, seed: int, max_steps: int, timeout: float = 300.0) -> None:
    """The same playout in a fresh interpreter with another PYTHONHASHSEED gives the same game.

    Catches rules that depend on set order, dict order of hashed keys or id(): such a game
    would give other legal-action orders (and refuse its own save files) in another process.
    """
    where = Where(game.name, dict(game.options), seed)
    cls = type(game)
    args = {
        "name": game.name,
        "target": f"{cls.__module__}:{cls.__qualname__}",
        "options": dict(game.options),
        "seed": seed,
        "max_steps": max_steps,
    }
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    games: list[list[list[str | None]]] = []
    for hash_seed in CHILD_HASH_SEEDS:
        env["PYTHONHASHSEED"] = str(hash_seed)
        try:
            done = subprocess.run(
                [sys.executable, "-c", _CHILD, json.dumps(args)],
                capture_output=True,
                text=True,
                env=env,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise _fail(
                "cross-process", where, f"the child playout took over {timeout} s"
            ) from None
        if done.returncode != 0:
            tail = "\n".join(done.stderr.strip().splitlines()[-8:])
            raise _fail("cross-process", where, f"the child playout failed:\n{tail}")
        games.append(json.loads(done.stdout)["steps"])
    if games[0] != games[1]:
        pairs = enumerate(zip(*games, strict=False))
        step = next((i for i, (a, b) in pairs if a != b), min(len(g) for g in games))
        raise _fail(
            "cross-process",
            Where(where.game, where.options, seed, step),
            f"with PYTHONHASHSEED={CHILD_HASH_SEEDS[0]} and {CHILD_HASH_SEEDS[1]} the games "
            f"differ at step {step}: set or hash order leaks into the rules",
        )
    steps = games[0]
    state = game.new_game(seed)
    with _checking("cross-process", state):
        for step, (digest, legal_hash, chosen) in enumerate(steps):
            texts = "\n".join(str(a) for a in state.legal_actions())
            if _sha256(texts) != legal_hash:
                raise _fail(
                    "cross-process",
                    state,
                    f"here and with PYTHONHASHSEED={CHILD_HASH_SEEDS[0]} the legal actions (or "
                    f"their order) differ at step {step}: set or hash order leaks into the rules",
                )
            if state.digest() != digest:
                raise _fail(
                    "cross-process",
                    state,
                    f"here and with PYTHONHASHSEED={CHILD_HASH_SEEDS[0]} the digest differs at "
                    f"step {step}: set or hash order leaks into the state",
                )
            if chosen is not None:
                state.apply(state.game.parse_action(chosen))


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


# --- checks on one state ------------------------------------------------------------------------


def check_legal_actions(state: State) -> list[Action]:
    """Whose turn it is and the legal actions agree with the contract; returns the actions."""
    with _checking("legal-actions", state):
        player = state.current_player
        if state.is_terminal != (player is None):
            raise _fail(
                "turn",
                state,
                f"is_terminal is {state.is_terminal} but current_player is {player!r}",
            )
        if player is not None and (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not 0 <= player < state.game.num_players
        ):
            raise _fail("turn", state, f"current_player {player!r} is not a seat 0..n-1")
        legal = state.legal_actions()
        again = state.legal_actions()
        if not isinstance(legal, list):
            raise _fail("legal-actions", state, f"legal_actions() is a {type(legal).__name__}")
        if legal != again:
            raise _fail(
                "legal-actions",
                state,
                f"two calls of legal_actions() differ: {_texts(legal)} then {_texts(again)}",
            )
        if player is None and legal:
            raise _fail("legal-actions", state, f"the game is over but has actions {_texts(legal)}")
        if player is not None and not legal:
            raise _fail("legal-actions", state, f"seat {player} is to play but has no action")
        for action in legal:
            if not isinstance(action, Action):
                raise _fail("legal-actions", state, f"{action!r} is not an Action")
            try:
                hash(action)
            except TypeError:
                raise _fail(
                    "legal-actions", state, f"{action!r} is not hashable (use a frozen dataclass)"
                ) from None
        if len(set(legal)) != len(legal):
            twice = sorted({str(a) for a in legal if legal.count(a) > 1})
            raise _fail("legal-actions", state, f"legal_actions() lists {twice} more than once")
        return legal


class ActionMemory:
    """The actions seen so far: their codes (over all playouts of a game), and a pool of the
    actions seen in the current playout, to try where they are not legal.

    `check_action_codes` round-trips each action once and then only checks it is still
    distinct. The pool starts empty with every playout, so that a failure replays exactly
    from its seed alone.
    """

    def __init__(self, limit: int = 2000) -> None:
        self.codes: dict[Action, int] = {}
        self.by_code: dict[int, Action] = {}
        self.pool: list[Action] = []
        self.pooled: set[Action] = set()
        self.limit = limit

    def new_playout(self) -> None:
        """Empty the pool of actions for the next playout."""
        self.pool.clear()
        self.pooled.clear()

    def remember(self, legal: Iterable[Action]) -> None:
        """Add the actions legal here to the pool (up to `limit`)."""
        for action in legal:
            if action not in self.pooled and len(self.pool) < self.limit:
                self.pool.append(action)
                self.pooled.add(action)

    def foreign(self, legal: Iterable[Action], rng: random.Random, count: int) -> list[Action]:
        """Up to `count` actions of the pool that are not in `legal`."""
        here = set(legal)
        out: list[Action] = []
        for _ in range(count * 4):
            if not self.pool or len(out) == count:
                break
            action = self.pool[rng.randrange(len(self.pool))]
            if action not in here and action not in out:
                out.append(action)
        return out


def check_action_codes(
    state: State, legal: Sequence[Action], memory: ActionMemory | None = None
) -> None:
    """Each legal action encodes in range, decodes back, reads back from its text, and no two
    actions here (or ever seen in `memory`) share an integer."""
    memory = memory or ActionMemory()
    game = state.game
    with _checking("encoding", state):
        codes: list[int] = []
        for action in legal:
            code = memory.codes.get(action)
            if code is None:
                code = game.encode(action)
                if isinstance(code, bool) or not isinstance(code, int):
                    raise _fail("encoding", state, f"encode({action}) = {code!r}, not an int")
                if not 0 <= code < game.num_actions:
                    raise _fail(
                        "encoding",
                        state,
                        f"encode({action}) = {code}, outside 0..{game.num_actions - 1}",
                    )
                back = game.decode(code)
                if back != action:
                    raise _fail("encoding", state, f"decode(encode({action})) = {back!r}")
                other = memory.by_code.get(code)
                if other is not None and other != action:
                    raise _fail("encoding", state, f"{action} and {other} both encode as {code}")
                with _checking("text", state):
                    text = str(action)
                    parsed = game.parse_action(text)
                if parsed != action:
                    raise _fail("text", state, f"parse_action({text!r}) = {parsed!r}")
                memory.codes[action] = code
                memory.by_code[code] = action
            codes.append(code)
        if len(set(codes)) != len(codes):
            raise _fail("encoding", state, f"legal actions share integers: {codes}")


def _fingerprint(state: State) -> dict[str, str]:
    """Everything that must not change when an action is refused, each part as JSON text
    (a copy that nothing aliases, made faster than a deep copy)."""
    parts: dict[str, Any] = {
        "history": [str(a) for a in state.history],
        "current_player": state.current_player,
        **{f"view({p})": _without_log(state.view(p)) for p in _seats(state)},
        "snapshot": state.snapshot(),
        "digest": state.digest(),
    }
    return {key: json.dumps(value, sort_keys=True) for key, value in parts.items()}


def _seats(state: State) -> list[int | None]:
    """The spectator and every seat."""
    return [None, *range(state.game.num_players)]


def _without_log(view: View) -> dict[str, Any]:
    """A view with its log's length for the log: the log is the state's (its truth, in the
    snapshot and the digest), and its events are checked one by one (`check_event`)."""
    return {**view, "log": len(view["log"])}


def _compare_fingerprints(check: str, state: State, before: dict[str, str], what: str) -> None:
    after = _fingerprint(state)
    for key, value in before.items():
        if after[key] != value:
            detail = (
                "the RNG state"
                if key == "digest"
                else f"{key} {_difference(json.loads(value), json.loads(after[key]))}"
            )
            raise _fail(check, state, f"{what} changed the state: {detail}")


def check_illegal_actions(
    state: State, foreign: Sequence[Action] = (), rng: random.Random | None = None
) -> None:
    """Illegal actions are refused with IllegalAction naming them, and change nothing.

    Tried: the `foreign` actions not legal here, two actions decoded from integers that are
    not legal here, and a mangled text of a legal action.
    """
    rng = rng or random.Random(0)
    game = state.game
    with _checking("illegal-action", state):
        before = _fingerprint(state)
        legal = state.legal_actions()
        here = set(legal)
        tries = [a for a in foreign if a not in here]
        decoded = 0
        for _ in range(8):
            action = game.decode(rng.randrange(game.num_actions))
            if action not in here and action not in tries:
                tries.append(action)
                decoded += 1
                if decoded == 2:
                    break
        for action in tries:
            text = str(action)
            try:
                state.apply(action)
            except IllegalAction as err:
                if text not in str(err):
                    raise _fail(
                        "illegal-action",
                        state,
                        f"the IllegalAction for {text!r} does not name it: {str(err)!r}",
                    ) from None
            except Exception as err:
                raise _fail(
                    "illegal-action",
                    state,
                    f"apply({text}) raised {type(err).__name__}: {err}, not IllegalAction",
                ) from err
            else:
                raise _fail(
                    "illegal-action", state, f"apply({text}) accepted an action that is not legal"
                )
            if state.digest() != before["digest"]:
                _compare_fingerprints("illegal-action", state, before, f"refusing {text!r}")
        if legal:
            mangled = str(legal[rng.randrange(len(legal))]) + "x"
            where = Where.of(state)
            _expect_syntax_error(
                "text", where, f"parse_action({mangled!r})", lambda: game.parse_action(mangled)
            )
        _compare_fingerprints("illegal-action", state, before, "refusing illegal actions")


def check_clone(state: State, rng: random.Random | None = None, tries: int = 3) -> None:
    """Clones are independent, and legal actions apply on them.

    On up to `tries` legal actions (the first, the last, random ones): a clone `a` of the
    state and a clone `b` of `a`; `apply` on `a` grows its history by one, equals
    `apply_unchecked` on another clone, and leaves both the state and `b` unchanged.
    """
    rng = rng or random.Random(0)
    with _checking("clone", state):
        before = state.digest()
        copy = state.clone()
        if copy is state:
            raise _fail("clone", state, "clone() returned the state itself")
        if copy.digest() != before:
            raise _fail(
                "clone",
                state,
                f"the clone's digest differs: {_difference(state.snapshot(), copy.snapshot())}",
            )
        if [str(a) for a in copy.history] != [str(a) for a in state.history]:
            raise _fail("clone", state, "the clone's history differs")
        legal = state.legal_actions()
        if not legal:
            return
        picks = [0, len(legal) - 1, *(rng.randrange(len(legal)) for _ in range(tries))]
        for i in list(dict.fromkeys(picks))[:tries]:
            action = legal[i]
            first = state.clone()
            second = first.clone()
            with _checking("apply", state):
                first.apply(action)
            if len(first.history) != len(state.history) + 1:
                raise _fail("apply", state, f"apply({action}) did not add one action to history")
            fast = state.clone()
            with _checking("apply", state):
                fast.apply_unchecked(action)
            if fast.digest() != first.digest():
                raise _fail("apply", state, f"apply and apply_unchecked of {action} disagree")
            if state.digest() != before:
                raise _fail(
                    "clone", state, f"applying {action} on a clone changed the original state"
                )
            if second.digest() != before:
                raise _fail(
                    "clone",
                    state,
                    f"applying {action} on a state changed the clone made from it before",
                )


def check_views(state: State) -> None:
    """Every seat's view (and the spectator's) is JSON-ready; observe fits observation_size."""
    game = state.game
    with _checking("json-view", state):
        before = state.digest()
        for seat in [None, *range(game.num_players)]:
            view = state.view(seat)
            if not isinstance(view, dict):
                raise _fail("json-view", state, f"view({seat}) is a {type(view).__name__}")
            body = _without_log(view)  # the log's events are checked one by one (check_event)
            try:
                text = json.dumps(body, allow_nan=False)
            except (TypeError, ValueError) as err:
                raise _fail("json-view", state, f"view({seat}) is not JSON: {err}") from None
            back = json.loads(text)
            if back != body:
                raise _fail(
                    "json-view",
                    state,
                    f"view({seat}) changes in a JSON round-trip {_difference(body, back)}",
                )
            _check_envelope(state, seat, view)
            _check_decision(state, seat, view)
            if seat is None:
                continue
            with _checking("observe", state):
                vector = game.observe(view)
            if len(vector) != game.observation_size:
                raise _fail(
                    "observe",
                    state,
                    f"observe(view({seat})) has {len(vector)} numbers, "
                    f"not observation_size {game.observation_size}",
                )
            if _all_finite(vector):
                continue
            for i, x in enumerate(vector):
                if not _finite_number(x):
                    raise _fail(
                        "observe",
                        state,
                        f"observe(view({seat}))[{i}] is {x!r}, not a finite number",
                    )
        if state.digest() != before:
            raise _fail("json-view", state, "taking views changed the state")


ENVELOPE = ("game", "players", "seat", "current_player", "phase", "log", "decision")


def _check_envelope(state: State, seat: int | None, view: View) -> None:
    game = state.game
    expected = {
        "game": game.name,
        "players": game.num_players,
        "seat": seat,
        "current_player": state.current_player,
    }
    for key in ENVELOPE:
        if key not in view:
            raise _fail("envelope", state, f"view({seat}) has no {key!r}")
    actual = {
        "game": view["game"],
        "players": view["players"],
        "seat": view["seat"],
        "current_player": view["current_player"],
    }
    if actual != expected:
        raise _fail("envelope", state, f"view({seat}) says {actual}, not {expected}")
    if not isinstance(view["phase"], str) or not view["phase"]:
        raise _fail("envelope", state, f"view({seat})['phase'] is {view['phase']!r}")
    seen = [event for entry in state.log if (event := seen_json(entry, seat)) is not None]
    if seen != view["log"]:
        raise _fail(
            "events",
            state,
            f"view({seat})['log'] is not the log as seat {seat} sees it "
            f"{_difference(seen, view['log'])}",
        )


def _check_decision(state: State, seat: int | None, view: View) -> None:
    decision = view["decision"]
    if seat is None or seat != state.current_player:
        if decision is not None:
            raise _fail("decision", state, f"view({seat}) carries a decision but does not decide")
        return
    if decision is None:
        raise _fail("decision", state, f"view({seat}) has no decision, but seat {seat} decides")
    if decision["seat"] != seat:
        raise _fail("decision", state, f"view({seat})'s decision is for seat {decision['seat']}")
    offered = actions_of(decision)
    legal = [str(a) for a in state.legal_actions()]
    if len(set(offered)) != len(offered):
        twice = sorted({a for a in offered if offered.count(a) > 1})
        raise _fail("decision", state, f"the decision offers {_short(twice)} more than once")
    if set(offered) != set(legal):
        more = sorted(set(offered) - set(legal))
        less = sorted(set(legal) - set(offered))
        raise _fail(
            "decision",
            state,
            f"the decision offers {_short(more)} that are not legal and misses legal "
            f"{_short(less)}",
        )


def check_event(state: State, event: Event) -> None:
    """One event, as every seat sees it: a plain sentence and a JSON form."""
    for seat in [None, *range(state.game.num_players)]:
        seen = event.seen_by(seat)
        if seen is None:
            continue
        text = seen.text()
        if not isinstance(text, str) or not text.strip():
            raise _fail("events", state, f"{seen!r} has no text (seen by {seat})")
        if looks_like_repr(text):
            raise _fail("events", state, f"{type(seen).__name__}'s text shows a Python value: "
                        f"{text!r}")
        body = seen.to_json()
        if body.get("kind") != seen.kind or body.get("text") != text:
            raise _fail("events", state, f"{seen!r}'s JSON form lacks its kind or text: {body}")
        json.dumps(body, allow_nan=False)


def check_events(
    name: str, options: Mapping[str, Any] | None = None, games: int = 200, seed: int = 0
) -> dict[str, str]:
    """Play `games` seeded random games and check every event met (`check_event`); the kinds
    met, each with the text of its first instance."""
    game = load(name, **dict(options or {}))
    kinds: dict[str, str] = {}
    bot = random.Random(f"events:{seed}")
    for index in range(games):
        state = game.new_game(seed + index)
        checked = 0
        while True:
            for entry in state.log[checked:]:
                with _checking("events", state):
                    event = unpack(entry)
                    check_event(state, event)
                kinds.setdefault(event.kind, event.text())
            checked = len(state.log)
            legal = state.legal_actions()
            if not legal:
                break
            if len(state.history) > game.max_game_length:
                raise _fail("length", state, "the game is not over after max_game_length")
            state.apply_unchecked(legal[bot.randrange(len(legal))])
    return kinds


def check_restore(state: State, rng: random.Random | None = None, steps: int = 4) -> None:
    """`restore(snapshot)` gives the same state: digest, the spectator's and the current
    player's views, legal actions, and the same digests and legal actions for a few random
    steps on (a cache that restore forgot shows there)."""
    rng = rng or random.Random(0)
    game = state.game
    with _checking("restore", state):
        snapshot = json.loads(json.dumps(state.snapshot()))
        back = game.restore(snapshot)
        original = state.clone()
        for step in range(steps + 1):
            if back.digest() != original.digest():
                raise _fail("restore", original, f"restore(snapshot) differs {step} steps on: "
                            f"{_difference(original.snapshot(), back.snapshot())}")
            if [str(a) for a in back.history] != [str(a) for a in original.history]:
                raise _fail("restore", original, "restore(snapshot) has another history")
            legal = original.legal_actions()
            if [str(a) for a in back.legal_actions()] != [str(a) for a in legal]:
                raise _fail("restore", original, "restore(snapshot) has other legal actions")
            for seat in [None, original.current_player] if step == 0 else ():
                if back.view(seat) != original.view(seat):
                    raise _fail("restore", original, f"restore(snapshot) shows seat {seat} "
                                f"another view {_difference(original.view(seat), back.view(seat))}")
            if not legal:
                return
            action = legal[rng.randrange(len(legal))]
            original.apply(action)
            back.apply(action)


def check_no_leak(state: State, rng: random.Random | None = None) -> None:
    """No view shows what its seat may not know: `view(p)` is the same in `determinize(p)`.

    Also: the determinized state keeps the spectator's view, the current player and (for the
    current player) the legal actions; it plays on; the original is never changed.
    """
    rng = rng or random.Random(0)
    with _checking("no-leak", state):
        before = state.digest()
        spectator = state.view(None)
        player = state.current_player
        legal = [str(a) for a in state.legal_actions()]
        for seat in range(state.game.num_players):
            view = state.view(seat)
            other = state.determinize(seat, random.Random(rng.randrange(MAX_SEED)))
            if not isinstance(other, State) or other is state:
                raise _fail("no-leak", state, f"determinize({seat}) must return a new State")
            if state.digest() != before:
                raise _fail("no-leak", state, f"determinize({seat}) changed the original state")
            if other.seed == state.seed:
                raise _fail(
                    "no-leak",
                    state,
                    f"determinize({seat}) kept the real seed, which replays the real hidden "
                    "set-up: it must reseed (State._reseed)",
                )
            seen = other.view(seat)
            if seen != view:
                raise _fail(
                    "no-leak",
                    state,
                    f"view({seat}) differs in determinize({seat}) {_difference(view, seen)}: "
                    f"the view shows something seat {seat} cannot know, or determinize "
                    "resampled something the seat knows",
                )
            watched = other.view(None)
            if watched != spectator:
                raise _fail(
                    "no-leak",
                    state,
                    f"view(None) differs in determinize({seat}) {_difference(spectator, watched)}",
                )
            if other.current_player != player:
                raise _fail(
                    "no-leak",
                    state,
                    f"determinize({seat}) has current player {other.current_player!r}, "
                    f"not {player!r}",
                )
            other_legal = other.legal_actions()
            if seat == player and [str(a) for a in other_legal] != legal:
                raise _fail(
                    "no-leak",
                    state,
                    f"determinize({seat}) gives seat {seat} other legal actions: "
                    f"{_short(legal)} vs {_texts(other_legal)}",
                )
            if other_legal:
                other.apply(other_legal[rng.randrange(len(other_legal))])
                if state.digest() != before:
                    raise _fail(
                        "no-leak",
                        state,
                        f"playing on determinize({seat}) changed the original state",
                    )


def check_same_game(
    state: State,
    twin: State,
    legal: Sequence[Action] | None = None,
    twin_legal: Sequence[Action] | None = None,
) -> None:
    """Two states reached by the same seed and actions are the same game."""
    with _checking("determinism", state):
        if legal is None:
            legal = state.legal_actions()
        if twin_legal is None:
            twin_legal = twin.legal_actions()
        if list(legal) != list(twin_legal):
            raise _fail(
                "determinism",
                state,
                "same seed, same actions, other legal actions: "
                f"{_texts(legal)} vs {_texts(twin_legal)}",
            )
        if state.digest() != twin.digest():
            mine, theirs = state.snapshot(), twin.snapshot()
            detail = (
                f"snapshots differ {_difference(mine, theirs)}"
                if mine != theirs
                else "the RNG states differ (randomness drawn outside the state's RNG, "
                "or a different number of times)"
            )
            raise _fail("determinism", state, f"same seed, same actions, other digest: {detail}")


def check_save_load(state: State) -> None:
    """The state's save file loads back to the same digest and history."""
    with _checking("save-load", state):
        text = savefile.dumps(state)
        try:
            loaded = savefile.loads(text)
        except SaveFileError as err:
            raise _fail("save-load", state, f"its own save file is refused: {err}") from None
        if loaded.digest() != state.digest():
            raise _fail("save-load", state, "the loaded game has another digest")
        if [str(a) for a in loaded.history] != [str(a) for a in state.history]:
            raise _fail("save-load", state, "the loaded game has another history")
        if loaded.current_player != state.current_player:
            raise _fail("save-load", state, "the loaded game has another current player")


def check_save_refusals(state: State, foreign: Sequence[Action] = ()) -> None:
    """Broken or tampered save files of this state are refused with SaveFileError.

    `foreign` gives actions to splice in where they are not legal (legal elsewhere).
    """
    with _checking("save-load", state):
        record = savefile.save_dict(state)
        bad: list[tuple[str, str]] = [
            ("text that is not JSON", "{not json"),
            ("an empty file", ""),
            ("a JSON list", "[]"),
        ]

        def edited(change: Callable[[dict[str, Any]], None]) -> str:
            changed = json.loads(json.dumps(record))
            change(changed)
            return json.dumps(changed)

        for key in record:
            bad.append((f"no {key!r} field", edited(partial(_drop, key=key))))
        flipped = record["digest"][:-1] + ("0" if record["digest"][-1] != "0" else "1")
        bad.append(("a tampered digest", edited(lambda r: r.update(digest=flipped))))
        bad.append(("another game's name", edited(lambda r: r.update(game="no-such-game"))))
        other_seed = state.seed + 1 if state.seed < MAX_SEED else state.seed - 1
        bad.append(("another seed", edited(lambda r: r.update(seed=other_seed))))
        actions: list[str] = record["actions"]
        if actions:
            k = len(actions) // 2
            bad.append(("a mangled action", edited(partial(_set_action, k=k, text="nonsense 99"))))
            replay = state.game.new_game(state.seed)
            for text in actions[:k]:
                replay.apply(state.game.parse_action(text))
            options_k = [str(a) for a in replay.legal_actions()]
            legal_k = set(options_k)
            others = [t for t in options_k if t != actions[k]]
            for alternative in dict.fromkeys(others[:1] + others[-1:]):
                bad.append(
                    (
                        f"another legal action {alternative!r} at step {k}",
                        edited(partial(_set_action, k=k, text=alternative)),
                    )
                )
            swap = next((str(a) for a in foreign if str(a) not in legal_k), None)
            if swap is not None:
                bad.append(
                    (
                        f"an illegal action {swap!r} at step {k}",
                        edited(partial(_set_action, k=k, text=swap)),
                    )
                )
        legal_now = {str(a) for a in state.legal_actions()}
        extra = next((str(a) for a in foreign if str(a) not in legal_now), None)
        if extra is not None:
            bad.append(
                (f"an illegal last action {extra!r}", edited(lambda r: r["actions"].append(extra)))
            )
        for label, text in bad:
            try:
                loaded = savefile.loads(text)
            except SaveFileError:
                continue
            except Exception as err:
                raise _fail(
                    "save-load",
                    state,
                    f"a save file with {label} raised {type(err).__name__}: {err}, "
                    "not SaveFileError",
                ) from err
            raise _fail(
                "save-load",
                state,
                f"a save file with {label} was accepted (loaded {Where.of(loaded)})",
            )


def _drop(record: dict[str, Any], key: str) -> None:
    del record[key]


def _set_action(record: dict[str, Any], k: int, text: str) -> None:
    record["actions"][k] = text


def check_end(state: State) -> None:
    """At the end: one finite score and return per seat, within the declared game length."""
    n = state.game.num_players
    with _checking("end", state):
        bound = state.game.max_game_length
        if len(state.history) > bound:
            raise _fail("end", state, f"{len(state.history)} actions, over max_game_length {bound}")
        for name, values in (("scores", state.scores()), ("returns", state.returns())):
            if not isinstance(values, list) or len(values) != n:
                raise _fail("end", state, f"{name}() is {values!r}, not {n} numbers")
            if not all(_finite_number(v) for v in values):
                raise _fail("end", state, f"{name}() is {values!r}: not all finite numbers")


# --- the whole suite ---------------------------------------------------------------------------


def check_game(
    name: str,
    options: Mapping[str, Any] | None = None,
    seeds: Iterable[int] = range(8),
    max_steps: int | None = None,
    *,
    sample: float = 0.2,
    cross_process: bool = True,
) -> Report:
    """Run the whole suite on the game `name` with `options`; one random playout per seed.

    `sample` is the share of states (besides the first and the last of each playout) that get
    the expensive checks (views, no-leak, clones, illegal actions). Tampered save files are
    tried on the first `REFUSAL_SEEDS` playouts. `cross_process` replays the first seed in a
    fresh interpreter. Raises ConformanceError on the first failure.
    """
    started = time.perf_counter()
    options = dict(options or {})
    seeds = list(seeds)
    game = load(name, **options)
    if max_steps is None:
        max_steps = game.max_game_length
    where = Where(name, dict(game.options))
    if game.name != name:
        raise _fail("save-load", where, f"registered as {name!r} but its name is {game.name!r}")
    report = Report(name, dict(game.options), seeds)
    check_action_space(game, where)
    twin_game = load(name, **options)
    memory = ActionMemory()
    for index, seed in enumerate(seeds):
        final = _playout(game, twin_game, seed, max_steps, sample, memory, report)
        check_end(final)
        check_save_load(final)
        if index < REFUSAL_SEEDS:
            check_save_refusals(final, memory.pool)
    check_seeds_matter(game, seeds, max_steps)
    if cross_process and seeds:
        check_cross_process(game, seeds[0], max_steps)
    report.seconds = time.perf_counter() - started
    return report


def _playout(
    game: Game,
    twin_game: Game,
    seed: int,
    max_steps: int,
    sample: float,
    memory: ActionMemory,
    report: Report,
) -> State:
    """One checked random playout; returns the final state."""
    memory.new_playout()
    bot = random.Random(f"conformance-bot:{seed}")
    rng = random.Random(f"conformance-check:{seed}")
    with _checking("determinism", Where(game.name, dict(game.options), seed, 0)):
        state = game.new_game(seed)
        twin = twin_game.new_game(seed)
    if state.seed != seed or state.history:
        raise _fail("determinism", state, "new_game(seed) must keep the seed and start empty")
    events = 0
    for step in itertools.count():
        with _checking("events", state):
            for entry in state.log[events:]:
                check_event(state, unpack(entry))
            events = len(state.log)
        legal = check_legal_actions(state)
        with _checking("determinism", state):
            twin_legal = twin.legal_actions()
        check_same_game(state, twin, legal, twin_legal)
        check_action_codes(state, legal, memory)
        memory.remember(legal)
        report.states += 1
        if step == 0 or not legal or rng.random() < sample:
            report.deep_states += 1
            check_views(state)
            check_clone(state, rng)
            check_no_leak(state, rng)
            check_restore(state, rng)
            check_illegal_actions(state, memory.foreign(legal, rng, 3), rng)
        if not legal:
            report.lengths.append(step)
            return state
        if step >= max_steps:
            raise _fail("length", state, f"the playout is not over after {max_steps} actions")
        choice = bot.randrange(len(legal))
        with _checking("apply", state):
            state.apply(legal[choice])
        with _checking("determinism", twin):
            twin.apply(twin_legal[choice])
    raise AssertionError("unreachable")  # pragma: no cover
