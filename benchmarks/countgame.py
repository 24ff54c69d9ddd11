"""Count: the trivial two-seat game benchmarks/bgio/server.js gives boardgame.io, on our engine,
so the side by side (benchmarks/server_load.py --versus-bgio --game count) can compare the
two servers on the same game: each turn the player to move takes the one action `step`,
which adds 1 to the count and passes the turn; the game is over after `moves` steps (38 by
default, as `--bgio-moves`). No hidden information, no randomness.

benchmarks/thinker.py registers it as "count" (`countgame:Count`: `benchmarks` must be on
PYTHONPATH, where server_load.py puts it), so a server started through that file plays it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from motherlode.engine import JSON, Action, ActionSyntaxError, Event, Game, Option, State, View

#: The game's length by default: boardgame.io's side (benchmarks/bgio/server.js) plays 38.
MOVES = 38


@dataclass(frozen=True, slots=True)
class Step(Action):
    """Add 1 to the count (the only action)."""

    def __str__(self) -> str:
        return "step"


@dataclass(frozen=True, slots=True)
class Stepped(Event):
    """A step, and the count it made."""

    count: int
    kind: ClassVar[str] = "stepped"

    def text(self) -> str:
        return f"counts {self.count}"


class CountView(View):
    """Everyone's view: the envelope and the count."""

    count: int


class Count(Game):
    """Count for two players."""

    name: ClassVar[str] = "count"
    title: ClassVar[str] = "Count"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    extra_options: ClassVar[tuple[Option, ...]] = (
        Option("moves", int, MOVES, "steps in a game", minimum=1, maximum=10_000),
    )
    summary: ClassVar[str] = "Take turns adding 1; the game ends at the count. For benchmarks."

    def _new_game(self, seed: int) -> State:
        return CountState(self, seed)

    @property
    def length(self) -> int:
        moves = self.options["moves"]
        assert isinstance(moves, int)  # checked by resolve_options
        return moves

    def _restore(self, truth: JSON) -> State:
        state = CountState(self, 0)
        state.count = truth["count"]
        state.log = [(Stepped, *entry[1:]) for entry in truth["log"]]
        return state

    @property
    def num_actions(self) -> int:
        return 1

    def encode(self, action: Action) -> int:
        if isinstance(action, Step):
            return 0
        raise ActionSyntaxError(f"count: {action!r} is not a Count action")

    def _decode(self, index: int) -> Action:
        return Step()

    def parse_action(self, text: str) -> Action:
        if text == "step":
            return Step()
        raise ActionSyntaxError("count: the only action is 'step'")

    @property
    def max_game_length(self) -> int:
        return self.length

    @property
    def observation_size(self) -> int:
        return 1

    def observe(self, view: View) -> list[float]:
        count = view.get("count")
        assert isinstance(count, int)
        return [count / self.length]


class CountState(State):
    """A position of Count: the count so far."""

    game: Count

    def __init__(self, game: Count, seed: int) -> None:
        super().__init__(game, seed)
        self.count = 0

    @property
    def current_player(self) -> int | None:
        return None if self.count >= self.game.length else self.count % 2

    def legal_actions(self) -> list[Action]:
        return [] if self.count >= self.game.length else [Step()]

    def _apply(self, action: Action) -> None:
        seat = self.count % 2
        self.count += 1
        self.log.append((Stepped, seat, self.count))

    @property
    def phase_name(self) -> str:
        return "over" if self.count >= self.game.length else "count"

    def view(self, seat: int | None) -> CountView:
        return {**self.envelope(seat), "count": self.count}

    def determinize(self, seat: int, rng: random.Random) -> State:
        other = self.clone()
        other._reseed(rng)
        return other

    def _truth(self) -> JSON:
        return {"log": [[entry[0].kind, *entry[1:]] for entry in self.log], "count": self.count}

    def clone(self) -> State:
        other = CountState(self.game, self.seed)
        self._clone_base(other)
        other.count = self.count
        return other

    def scores(self) -> list[float]:
        return [float(self.count // 2 + self.count % 2), float(self.count // 2)]
