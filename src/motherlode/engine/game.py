"""The contract every game meets: a static `Game` that makes `State`s.

A game subclasses both. The engine gives every game the same checked `apply`, `history`,
digest and seed handling; the game fills in its rules through the abstract members.
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, ClassVar, TypedDict, cast

from .decision import Decision, actions_of, group_by_verb
from .errors import ActionSyntaxError, IllegalAction, OptionError
from .events import Event, EventJSON, PackedEvent, SeenLog, unpack
from .options import Option, OptionValue, resolve_options
from .rng import ChanceRng, StateRng, keyed

MAX_SEED = 2**63 - 1

JSON = dict[str, Any]

_OBSERVING: ContextVar[bool | None] = ContextVar("observing", default=False)
"""Not False while `State.lean_view` builds a view: the envelope then leaves out the decision
and (True) the log, which no game's `observe` reads (a test checks the vectors are the same),
nor a bot that says so (`bots.base.bot_view`); None keeps the log (a bot that reads it)."""

_SET_UP_RNG: ContextVar[StateRng | None] = ContextVar("set_up_rng", default=None)
"""The generator a new state draws from instead of `StateRng(seed)`, while
`Game.new_game_drawing` makes one."""


class View(TypedDict):
    """The envelope of every view, built by the engine (`State.envelope`); each game's view
    is a TypedDict deriving from this one, with the game's own body."""

    game: str
    players: int
    seat: int | None
    current_player: int | None
    phase: str
    log: list[EventJSON]
    decision: Decision | None


class Snapshot(TypedDict):
    """The whole truth of a state (`State.snapshot`), which `Game.restore` reads back."""

    game: str
    options: dict[str, OptionValue]
    seed: int
    rng: int
    history: list[str]
    truth: JSON


class Action:
    """Base of every action: games define small frozen, slotted dataclasses under it.

    `str(action)` is the action's text notation; `Game.parse_action` reads it back.
    """

    __slots__ = ()


def check_seed(seed: object) -> int:
    """Return `seed` if it is a whole number in 0..2**63-1, else raise OptionError."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise OptionError(f"seed {seed!r} is not allowed; use an integer 0..{MAX_SEED}")
    return seed


def check_index(game: str, index: object, size: int) -> int:
    """`index` if it is an integer in 0..size-1 (an action's integer in a space of `size`);
    else ActionSyntaxError naming `game`."""
    if isinstance(index, bool) or not isinstance(index, int):
        raise ActionSyntaxError(f"{game}: action index {index!r} is not an integer")
    if not 0 <= index < size:
        raise ActionSyntaxError(f"{game}: action index {index} is out of range 0..{size - 1}")
    return index


class ActionEncoding(ABC):
    """An integer action space of `num_actions` for learning agents (the action mask's
    length): which integers are legal, and the action each names, may depend on the position
    (a hand slot names the card in it), read only from what the deciding seat may see."""

    name: ClassVar[str]

    @property
    @abstractmethod
    def num_actions(self) -> int:
        """How many integers: the same in every position of the game."""

    @abstractmethod
    def legal_ids(self, state: State) -> list[int]:
        """The legal actions' integers: one for each of `state.legal_actions()`."""

    @abstractmethod
    def decode(self, state: State, index: int) -> Action:
        """The action `index` names in `state`; IllegalAction (ActionSyntaxError out of
        range) if it names none there."""

    @abstractmethod
    def encode(self, state: State, action: Action) -> int:
        """The integer of `action`, one of `state.legal_actions()`."""


class FullEncoding(ActionEncoding):
    """`Game.encode`/`Game.decode`: every action of the box numbered once."""

    name = "full"

    def __init__(self, game: Game) -> None:
        self.game = game

    @property
    def num_actions(self) -> int:
        return self.game.num_actions

    def legal_ids(self, state: State) -> list[int]:
        return state.legal_action_ids()

    def decode(self, state: State, index: int) -> Action:
        return self.game.decode(index)

    def encode(self, state: State, action: Action) -> int:
        return self.game.encode(action)


class Game(ABC):
    """A game with its options fixed: player count, component data, the action space."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    extra_options: ClassVar[tuple[Option, ...]] = ()
    summary: ClassVar[str] = ""

    def __init__(self, /, **options: Any) -> None:
        self.options: dict[str, OptionValue] = resolve_options(
            self.name, self.option_specs(), options
        )

    @classmethod
    def option_specs(cls) -> tuple[Option, ...]:
        """Every option: `players` first, then the game's own."""
        players = Option(
            "players",
            int,
            cls.default_players,
            "number of players",
            minimum=cls.min_players,
            maximum=cls.max_players,
        )
        return (players, *cls.extra_options)

    @property
    def num_players(self) -> int:
        return cast(int, self.options["players"])  # an int: checked by resolve_options

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({opts})"

    # --- states -------------------------------------------------------------------------
    def new_game(self, seed: int) -> State:
        """A new game; all its randomness comes from `seed`."""
        return self._new_game(check_seed(seed))

    @abstractmethod
    def _new_game(self, seed: int) -> State: ...

    @property
    def max_chance_outcomes(self) -> int:
        """The most outcomes one random draw of the rules can have (the largest deck
        shuffled, a die ...), for explicit chance; 0 (the default): not worked out, so
        explicit chance is not offered for the game."""
        return 0

    def new_game_drawing(self, rng: StateRng) -> State:
        """A new game (seed 0) whose set-up and later play draw from `rng`, not from a seed:
        for explicit chance, with a `ChanceRng` (engine/rng.py)."""
        token = _SET_UP_RNG.set(rng)
        try:
            return self._new_game(0)
        finally:
            _SET_UP_RNG.reset(token)

    def restore(self, snapshot: Snapshot) -> State:
        """The state `snapshot` was taken of: `restore(s.snapshot())` has `s`'s digest, views
        and legal actions. OptionError if the snapshot is of another game or options."""
        if snapshot["game"] != self.name or snapshot["options"] != self.options:
            raise OptionError(
                f"{self.name}: the snapshot is of {snapshot['game']} with options "
                f"{snapshot['options']}, not {self.options}"
            )
        state = self._restore(snapshot["truth"])
        state.seed = check_seed(snapshot["seed"])
        state.rng = StateRng(0)
        state.rng.setstate((snapshot["rng"],))
        state.history = [self.parse_action(text) for text in snapshot["history"]]
        state._seen = {}
        return state

    @abstractmethod
    def _restore(self, truth: JSON) -> State:
        """A state from its game's truth (`State._truth`); the engine sets seed, RNG and
        history after."""

    # --- actions ------------------------------------------------------------------------
    @property
    @abstractmethod
    def num_actions(self) -> int:
        """Size of the fixed integer action space."""

    @abstractmethod
    def encode(self, action: Action) -> int:
        """The action's integer in 0..num_actions-1."""

    def encode_all(self, actions: Sequence[Action]) -> list[int]:
        """Each action's integer, in order (`encode` of each; games may do it faster)."""
        return [self.encode(action) for action in actions]

    def decode(self, index: int) -> Action:
        """The action with this integer; ActionSyntaxError for anything not in range."""
        return self._decode(check_index(self.name, index, self.num_actions))

    @abstractmethod
    def _decode(self, index: int) -> Action:
        """The action with this integer, known to be in 0..num_actions-1."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action written as `text` (its `str`); ActionSyntaxError if it names none."""

    def action_encoding(self, name: str | None = None) -> ActionEncoding:
        """The integers learning agents act with (the adapters' `action_encoding` option):
        "full" is `encode`/`decode`, the same integer for an action in every position; a game
        may offer others (Saboteur: "hand"). None: the game's choice for learning agents
        ("full" unless the game says otherwise). OptionError for a name the game lacks."""
        if name is None or name == "full":
            return FullEncoding(self)
        raise OptionError(f"{self.name}: action_encoding {name!r} is not offered; use 'full'")

    @property
    def glossary(self) -> dict[str, str]:
        """Names the views use (cards, missions ...) with what they mean; empty if none."""
        return {}

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of actions in one game (every seat's decisions)."""

    # --- observations for learning agents ------------------------------------------------
    @property
    @abstractmethod
    def observation_size(self) -> int:
        """Length of the flat observation vector `observe` returns."""

    @abstractmethod
    def observe(self, view: View) -> list[float]:
        """A seat's view as a flat vector of numbers (layout documented by the game)."""


class State(ABC):
    """One position of a game. Mutable; `clone` gives an independent copy."""

    __slots__ = ("_digest_log", "_seen", "game", "history", "log", "rng", "seed")

    rng: StateRng

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        rng = _SET_UP_RNG.get()
        self.rng = StateRng(seed) if rng is None else rng
        self.history: list[Action] = []
        self.log: list[PackedEvent] = []
        """The events so far, each packed as `(EventClass, *fields)` (see engine/events.py);
        entries are only ever appended."""
        self._seen: dict[int | None, SeenLog] = {}
        self._digest_log: _DigestLog | None = None

    # --- whose turn, and what may be done ------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that decides now, or None when the game is over."""

    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take, in a fixed order; empty only at the end."""

    def apply(self, action: Action) -> None:
        """Carry out `action` after checking it; IllegalAction (state unchanged) if not allowed."""
        if self.is_terminal:
            raise IllegalAction(f"{self.game.name}: {action} is not allowed: the game is over")
        if not self.is_legal(action):
            reason = self.why_illegal(action)
            raise IllegalAction(f"{self.game.name}: {action} is not allowed now: {reason}")
        self.apply_unchecked(action)

    def is_legal(self, action: Action) -> bool:
        """Whether `action` is among `legal_actions()`; a game may answer faster."""
        return action in self.legal_actions()

    def legal_action_ids(self) -> list[int]:
        """`game.encode_all(legal_actions())`: the legal actions' integers, in order (the
        action masks' fast path; a game may answer faster)."""
        return self.game.encode_all(self.legal_actions())

    def apply_unchecked(self, action: Action) -> None:
        """The fast path for bots and search: `action` must come from `legal_actions()`."""
        self._apply(action)
        self.history.append(action)

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """The rules: change the state by a legal action."""

    def why_illegal(self, action: Action) -> str:
        """Why `action` is not legal here, in the rulebook's words; games refine it. By
        default: what is being decided now, and how many actions it offers."""
        decision = self.decision()
        count = len(actions_of(decision))
        return f"it is none of the {count} actions open now ({decision['prompt']})"

    # --- what a seat may know ------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> View:
        """Everything `seat` may know, JSON-ready; None is a spectator. A game's view is
        `{**state.envelope(seat), ...its body}`, typed by a TypedDict deriving from View."""

    @property
    @abstractmethod
    def phase_name(self) -> str:
        """The phase of play in words (`dig`, `auction`, `over`), for the view's envelope."""

    def envelope(self, seat: int | None) -> View:
        """The part of every view the engine builds: who, whose turn, the phase, the events
        as `seat` may see them, and the decision when `seat` is the one to decide."""
        current = self.current_player
        lean = _OBSERVING.get()
        if lean is not False:
            return self._lean_envelope(seat, current, lean is None)
        return {
            "game": self.game.name,
            "players": self.game.num_players,
            "seat": seat,
            "current_player": current,
            "phase": self.phase_name,
            "log": self._seen_log(seat),
            "decision": self.decision() if seat is not None and seat == current else None,
        }

    def _lean_envelope(self, seat: int | None, current: int | None, log: bool) -> View:
        """The envelope for an observation: no decision, and an empty log unless `log`."""
        return {
            "game": self.game.name,
            "players": self.game.num_players,
            "seat": seat,
            "current_player": current,
            "phase": self.phase_name,
            "log": self._seen_log(seat) if log else [],
            "decision": None,
        }

    def observation(self, seat: int) -> list[float]:
        """`game.observe(self.view(seat))`, the same vector, made without the view's log and
        decision (the costly parts of a view, which no observation reads): the fast path
        for learning agents (`adapters.pettingzoo`, `adapters.vector`)."""
        return self.game.observe(self.lean_view(seat))

    def lean_view(self, seat: int | None, log: bool = False) -> View:
        """`view(seat)` with no decision and, unless `log`, an empty log (the costly parts of
        a view), for readers that use neither: observations, and bots that say so
        (`bots.base.bot_view`; `log`: a bot that reads the log but not the decision)."""
        token = _OBSERVING.set(None if log else True)
        try:
            return self.view(seat)
        finally:
            _OBSERVING.reset(token)

    def observe_into(self, seat: int, out: Any) -> None:
        """Write `observation(seat)` into `out`, a buffer of `game.observation_size` zeros (a
        list, or a numpy array: the adapters' fast path, with no list in between). A game may
        write only the numbers that are not zero."""
        out[:] = self.observation(seat)

    def _seen_log(self, seat: int | None) -> list[EventJSON]:
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._seen[seat] = SeenLog(seat)
        return seen.read(self.log)

    def events(self) -> list[Event]:
        """The whole log as events (the truth: secret fields included)."""
        return [unpack(entry) for entry in self.log]

    def decision(self) -> Decision:
        """The current player's legal actions, grouped for a face (see engine/decision.py).
        The default groups them by their first word; games say more."""
        seat = self.current_player
        if seat is None:
            raise IllegalAction(f"{self.game.name}: the game is over; nobody decides")
        return group_by_verb(seat, "your move", self.legal_actions())

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state that `seat` cannot tell from this one; hidden parts resampled."""

    def snapshot(self) -> Snapshot:
        """The whole truth of the state, JSON-ready (hidden parts, seed, RNG and history
        included); `Game.restore` reads it back."""
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "rng": self.rng.getstate()[0],
            "history": [str(action) for action in self.history],
            "truth": self._truth(),
        }

    @abstractmethod
    def _truth(self) -> JSON:
        """The game's part of the snapshot: every piece of the position (the log included),
        JSON-ready; `Game._restore` reads it back."""

    def digest(self) -> str:
        """SHA-256 of the truth and the RNG: equal digests, equal games.

        The hash is of `json.dumps(self._truth(), sort_keys=True, separators=(",", ":"))`
        followed by the RNG state's repr (`reference_digest`), but the log's part of that text
        is kept from one digest to the next (`_DigestLog`): the log only grows, so each digest
        writes only the entries new since the last one, and `_truth` is called with just those
        in `self.log`. The value is the same, byte for byte, so digests stored before (save
        files, a server's moves) still check. A game's `_truth` must therefore write its
        `"log"` as one item per entry, each made from that entry alone (all four games do);
        one that does not gets the whole text made anew each time."""
        cache = getattr(self, "_digest_log", None)  # a clone starts without one
        log = self.log
        count = 0
        if cache is not None and cache.count <= len(log) and (
            cache.count == 0 or log[cache.count - 1] is cache.last
        ):
            count = cache.count
        else:
            cache = None
        new = log[count:]
        self.log = new
        try:
            truth = self._truth()
        finally:
            self.log = log
        written = truth.pop("log", None)
        if type(written) is not list or len(written) != len(new):
            self._digest_log = None
            return self.reference_digest()
        text = "" if cache is None else cache.text
        if written:
            fresh = ",".join([_dumps(item) for item in written])
            text = f"{text},{fresh}" if text else fresh
        if log:
            self._digest_log = _DigestLog(len(log), log[-1], text)
        before = {key: value for key, value in truth.items() if key < "log"}
        after = {key: value for key, value in truth.items() if key > "log"}
        head = _dumps(before)[:-1] + ("," if before else "")
        tail = "," + _dumps(after)[1:] if after else "}"
        hasher = hashlib.sha256(f'{head}"log":[{text}]{tail}'.encode())
        hasher.update(repr(self.rng.getstate()).encode())
        return hasher.hexdigest()

    def reference_digest(self) -> str:
        """The digest made the plain way, the whole truth written out anew: what `digest`
        gives, more slowly (for checking it)."""
        hasher = hashlib.sha256(_dumps(self._truth()).encode())
        hasher.update(repr(self.rng.getstate()).encode())
        return hasher.hexdigest()

    def keyed_rng(self, *key: object) -> StateRng:
        """A generator for one draw named by `key` (a game's option for paired comparisons:
        the same seed and key give the same outcome whatever was drawn before, so two
        variants played on one seed share it). A state drawing from given outcomes (explicit
        chance, `ChanceRng`) takes the draw from those, in order, as every other draw."""
        if isinstance(self.rng, ChanceRng):
            return self.rng
        return keyed(self.seed, *key)

    def _reseed(self, rng: random.Random) -> None:
        """For `determinize`: a new seed and RNG drawn from `rng`. The real seed would replay
        the real hidden set-up, and the real RNG the real future, so neither may be kept."""
        self.seed = rng.randrange(MAX_SEED + 1)
        self.rng = StateRng(self.seed)

    # --- copies --------------------------------------------------------------------------
    @abstractmethod
    def clone(self) -> State:
        """An independent copy: changing one never changes the other."""

    def _clone_base(self, other: State) -> None:
        """Copy the engine's part (game, seed, RNG, history, log) into `other`."""
        other.game = self.game
        other.seed = self.seed
        other.rng = self.rng.copy()
        other.history = self.history.copy()
        other.log = self.log.copy()
        other._seen = {}

    # --- the end ---------------------------------------------------------------------------
    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score in the game's own units (final when terminal)."""

    def returns(self) -> list[float]:
        """Per-seat returns for learning: 0 until the end; then the winners share 1.0."""
        n = self.game.num_players
        if not self.is_terminal:
            return [0.0] * n
        return share_win(self.scores())

    def winners(self) -> list[int]:
        """The seats with the best score (several on a tie); empty until the end."""
        if not self.is_terminal:
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def __str__(self) -> str:
        return json.dumps(self.view(None), sort_keys=True)


def _dumps(value: object) -> str:
    """JSON as the digest writes it: keys sorted, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class _DigestLog:
    """The log's part of a digest's text, for the first `count` entries (the last of them
    `last`): the items of the truth's `"log"` list written as JSON, comma-separated."""

    count: int
    last: PackedEvent
    text: str


def share_win(scores: Sequence[float]) -> list[float]:
    """Winners (best score) split 1.0 equally; everyone else gets 0."""
    best = max(scores)
    winners = [s == best for s in scores]
    share = 1.0 / sum(winners)
    return [share if w else 0.0 for w in winners]
