"""Game options: declared as data by each game, validated in one place."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import OptionError

OptionValue = int | bool | str


@dataclass(frozen=True, slots=True)
class Option:
    """One option a game accepts: its name, type, default and allowed values."""

    name: str
    kind: type[int] | type[bool] | type[str]
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def allowed(self) -> str:
        """The allowed values, in words, for an error message."""
        if self.choices is not None:
            return ", ".join(repr(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        if self.kind is int:
            if self.minimum is not None and self.maximum is not None:
                return f"an integer {self.minimum}..{self.maximum}"
            if self.minimum is not None:
                return f"an integer >= {self.minimum}"
            if self.maximum is not None:
                return f"an integer <= {self.maximum}"
            return "an integer"
        return "a string"

    def check(self, game: str, value: Any) -> OptionValue:
        """Return the value converted to the option's type, or raise OptionError."""
        converted = _convert(self.kind, value)
        bad = converted is None
        if not bad and self.choices is not None and converted not in self.choices:
            bad = True
        if not bad and isinstance(converted, int) and not isinstance(converted, bool):
            if self.minimum is not None and converted < self.minimum:
                bad = True
            if self.maximum is not None and converted > self.maximum:
                bad = True
        if bad or converted is None:
            raise OptionError(
                f"{game}: option {self.name}={value!r} is not allowed; use {self.allowed()}"
            )
        return converted


def _convert(kind: type, value: Any) -> OptionValue | None:
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "yes", "1", "on"):
            return True
        if isinstance(value, str) and value.lower() in ("false", "no", "0", "off"):
            return False
        return None
    if kind is int:
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return value
        if isinstance(value, str) and re.fullmatch(r"-?[0-9]+", value):
            return int(value)
        return None
    return value if isinstance(value, str) else None


def resolve_options(
    game: str, specs: Sequence[Option], given: Mapping[str, Any]
) -> dict[str, OptionValue]:
    """Validate `given` against `specs`, filling defaults; unknown names are refused."""
    by_name = {spec.name: spec for spec in specs}
    for name in given:
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(f"{game}: unknown option {name!r}; options are: {known}")
    return {
        spec.name: spec.check(game, given[spec.name]) if spec.name in given else spec.default
        for spec in specs
    }
