"""Component data files: TOML in a game's package, validated when loaded.

Every entry carries `source`: "rulebook", "reference" or "designed"; a designed entry also
carries `reason`, one line on why the project chose its numbers.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import DataError

SOURCES = ("rulebook", "reference", "designed")


def read_toml(package: str, filename: str, override: str | Path | None = None) -> dict[str, Any]:
    """Parse `filename` from `package` (or the file at `override`); DataError if it is not TOML."""
    try:
        if override is not None:
            text = Path(override).read_text(encoding="utf-8")
            where = str(override)
        else:
            text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
            where = f"{package}/{filename}"
    except OSError as err:
        raise DataError(f"cannot read component data: {err}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{where}: not valid TOML: {err}") from None


class Entry:
    """Typed reads of one table of a data file, each error naming the file, entry and field."""

    def __init__(self, where: str, table: Any) -> None:
        if not isinstance(table, Mapping):
            raise DataError(f"{where}: must be a table")
        self.where = where
        self.table = table
        self.source = self.choice("source", SOURCES)
        if self.source == "designed":
            self.text("reason")

    def _get(self, field: str) -> Any:
        if field not in self.table:
            raise DataError(f"{self.where}: field {field!r} is missing")
        return self.table[field]

    def text(self, field: str) -> str:
        value = self._get(field)
        if not isinstance(value, str) or not value:
            raise DataError(f"{self.where}: field {field!r} must be a non-empty string")
        return value

    def integer(self, field: str, low: int, high: int, default: int | None = None) -> int:
        if default is not None and field not in self.table:
            return default
        value = self._get(field)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise DataError(f"{self.where}: field {field!r} must be an integer {low}..{high}")
        return value

    def flag(self, field: str, default: bool) -> bool:
        value = self.table.get(field, default)
        if not isinstance(value, bool):
            raise DataError(f"{self.where}: field {field!r} must be true or false")
        return value

    def choice(self, field: str, allowed: Sequence[str], default: str | None = None) -> str:
        if default is not None and field not in self.table:
            return default
        value = self._get(field)
        if value not in allowed:
            raise DataError(
                f"{self.where}: field {field!r} is {value!r}; allowed: {', '.join(allowed)}"
            )
        return str(value)  # one of `allowed`, all strings

    def entries(self, field: str) -> list[Entry]:
        """A sub-list of tables (`[[x.field]]`), each validated as an Entry of its own."""
        value = self._get(field)
        if not isinstance(value, list):
            raise DataError(f"{self.where}: field {field!r} must be a list of tables")
        return [Entry(f"{self.where}.{field}[{i}]", item) for i, item in enumerate(value)]


def entries(where: str, document: Mapping[str, Any], key: str) -> list[Entry]:
    """The list of tables `[[key]]` of a data file as validated Entries."""
    value = document.get(key)
    if not isinstance(value, list) or not value:
        raise DataError(f"{where}: [[{key}]] must be a non-empty list of tables")
    return [Entry(f"{where} {key}[{i}]", item) for i, item in enumerate(value)]


DataFile = tuple[str, dict[str, Any]]  # a data file's name and its parsed TOML


def reader(package: str, data_dir: str | Path | None) -> Callable[[str], DataFile]:
    """A function reading one data file by name: from `data_dir` when given (a user's
    corrected copy), else from `package`; it returns the file's name and its parsed TOML."""

    def read(name: str) -> DataFile:
        override = None if data_dir is None else Path(data_dir) / name
        return name, read_toml(package, name, override)

    return read


def check_unique(where: str, what: str, values: Iterable[str]) -> None:
    """DataError if a value (an id, a name) appears twice."""
    repeated = [v for v, n in Counter(values).items() if n > 1]
    if repeated:
        raise DataError(f"{where}: {what} {repeated[0]!r} is used twice")


RuleRange = tuple[int, int] | tuple[int, int, int | None]  # low, high[, list length]


def rule_values(where: str, document: Mapping[str, Any], ranges: Mapping[str, RuleRange],
                tables: Sequence[str] = ()) -> dict[str, Any]:
    """A rules file of single-number tables: each `[name]` with a `section` and a `value` in
    `ranges[name]` = (low, high) or (low, high, length) for a list of `length` integers. Other
    keys are refused unless named in `tables` (read by the caller); a missing rule is refused."""
    known = (*ranges, *tables)
    unknown = sorted(set(document) - set(known))
    if unknown:
        raise DataError(f"{where}: unknown rule {unknown[0]!r}; known: {', '.join(known)}")
    values: dict[str, Any] = {}
    for name, (low, high, *length) in ranges.items():
        if name not in document:
            raise DataError(f"{where}: rule [{name}] is missing")
        entry = Entry(f"{where} [{name}]", document[name])
        entry.text("section")
        values[name] = _rule_value(entry, low, high, length[0] if length else None)
    return values


def _rule_value(entry: Entry, low: int, high: int, length: int | None) -> int | tuple[int, ...]:
    if length is None:
        return entry.integer("value", low, high)
    value = entry.table.get("value")
    if (not isinstance(value, list) or len(value) != length
            or any(isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high
                   for v in value)):
        raise DataError(f"{entry.where}: field 'value' must list {length} integers {low}..{high}")
    return tuple(value)
