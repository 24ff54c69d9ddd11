"""The error family of Motherlode: every one is a ValueError that says what and why."""

from __future__ import annotations


class MotherlodeError(ValueError):
    """Base of every error the engine raises for bad input."""


class IllegalAction(MotherlodeError):
    """An action that the rules do not allow in this state; the state is left unchanged."""


class ActionSyntaxError(IllegalAction):
    """A text or integer that names no action of the game at all."""


class OptionError(MotherlodeError):
    """A game name, option or seed that the engine cannot accept."""


class DataError(MotherlodeError):
    """A component data file that does not validate; the message names the field."""


class SaveFileError(MotherlodeError):
    """A save file that is refused: malformed, or its actions or digest do not check out."""
