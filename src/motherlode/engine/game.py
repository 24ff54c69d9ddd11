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
from typing import Any, ClassVar, cast

from .errors import ActionSyntaxError, IllegalAction, OptionError
from .options import Option, OptionValue, resolve_options
from .rng import StateRng

MAX_SEED = 2**63 - 1

JSON = dict[str, Any]


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

    # --- actions ------------------------------------------------------------------------
    @property
    @abstractmethod
    def num_actions(self) -> int:
        """Size of the fixed integer action space."""

    @abstractmethod
    def encode(self, action: Action) -> int:
        """The action's integer in 0..num_actions-1."""

    def decode(self, index: int) -> Action:
        """The action with this integer; ActionSyntaxError for anything not in range."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise ActionSyntaxError(f"{self.name}: action index {index!r} is not an integer")
        if not 0 <= index < self.num_actions:
            raise ActionSyntaxError(
                f"{self.name}: action index {index} is out of range 0..{self.num_actions - 1}"
            )
        return self._decode(index)

    @abstractmethod
    def _decode(self, index: int) -> Action:
        """The action with this integer, known to be in 0..num_actions-1."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action written as `text` (its `str`); ActionSyntaxError if it names none."""

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
    def observe(self, view: JSON) -> list[float]:
        """A seat's view as a flat vector of numbers (layout documented by the game)."""


class State(ABC):
    """One position of a game. Mutable; `clone` gives an independent copy."""

    __slots__ = ("game", "history", "rng", "seed")

    rng: StateRng

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = StateRng(seed)
        self.history: list[Action] = []

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
        if action not in self.legal_actions():
            reason = self.why_illegal(action)
            raise IllegalAction(f"{self.game.name}: {action} is not allowed now: {reason}")
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """The fast path for bots and search: `action` must come from `legal_actions()`."""
        self._apply(action)
        self.history.append(action)

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """The rules: change the state by a legal action."""

    def why_illegal(self, action: Action) -> str:
        """Why `action` is not legal here, in the rulebook's words; games refine it."""
        return f"it is not one of the {len(self.legal_actions())} legal actions"

    # --- what a seat may know ------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """Everything `seat` may know, JSON-ready; None is a spectator."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> State:
        """A full state that `seat` cannot tell from this one; hidden parts resampled."""

    @abstractmethod
    def snapshot(self) -> JSON:
        """The whole truth of the state, JSON-ready (hidden parts included); for the digest."""

    def digest(self) -> str:
        """SHA-256 of the snapshot and the RNG: equal digests, equal games."""
        body = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        hasher = hashlib.sha256(body.encode())
        hasher.update(repr(self.rng.getstate()).encode())
        return hasher.hexdigest()

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
        """Copy the engine's part (game, seed, RNG, history) into `other`."""
        other.game = self.game
        other.seed = self.seed
        other.rng = self.rng.copy()
        other.history = self.history.copy()

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


def share_win(scores: Sequence[float]) -> list[float]:
    """Winners (best score) split 1.0 equally; everyone else gets 0."""
    best = max(scores)
    winners = [s == best for s in scores]
    share = 1.0 / sum(winners)
    return [share if w else 0.0 for w in winners]
