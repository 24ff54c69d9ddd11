"""A game's fixed action space: every action numbered once, read back from its text.

A game builds one `ActionSpace` of all the actions its box allows and mixes `SpaceActions` into
its `Game` class, which then gets `num_actions`, `encode`, `_decode` and `parse_action` from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import ActionSyntaxError
from .game import Action


class ActionSpace:
    """The actions in their fixed order, with each one's number and text."""

    def __init__(self, game: str, title: str, actions: Iterable[Action], hint: str) -> None:
        """`game`/`title` name the game in errors; `hint` says how actions are written."""
        self.game = game
        self.title = title
        self.hint = hint
        self.actions: tuple[Action, ...] = tuple(actions)
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        self.by_text: dict[str, Action] = {str(a): a for a in self.actions}

    def encode(self, action: Action) -> int:
        """The action's number; ActionSyntaxError if it is not one of this game's."""
        try:
            return self.index[action]
        except (KeyError, TypeError):
            raise ActionSyntaxError(
                f"{self.game}: {action!r} is not a {self.title} action"
            ) from None

    def parse(self, text: str) -> Action:
        """The action written as `text` (case and spacing aside); ActionSyntaxError with the
        hint if it names none."""
        action = self.by_text.get(" ".join(str(text).lower().split()))
        if action is None:
            raise ActionSyntaxError(f"{self.game}: cannot read {text!r}; {self.hint}")
        return action


class SpaceActions:
    """Mixed into a `Game` (before it) whose `space` is its `ActionSpace`."""

    space: ActionSpace

    @property
    def num_actions(self) -> int:
        return len(self.space.actions)

    def encode(self, action: Action) -> int:
        return self.space.encode(action)

    def encode_all(self, actions: Sequence[Action]) -> list[int]:
        """Each action's number, in order: one look-up each (`encode`'s error if one is not
        of this game)."""
        index = self.space.index
        try:
            return [index[action] for action in actions]
        except (KeyError, TypeError):
            return [self.space.encode(action) for action in actions]  # raises the error

    def _decode(self, index: int) -> Action:
        return self.space.actions[index]

    def parse_action(self, text: str) -> Action:
        return self.space.parse(text)
