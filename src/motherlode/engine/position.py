"""A game's position declared once: each field says how it is copied, saved and read back.

A game declares its position as one class of `Position` whose body lists the fields, each with
its type for mypy and a field kind for the engine::

    class DigItUpModel(Position):
        phase: Phase = enum(Phase)
        seat: int = value()
        board: list[int] = items()
        kept: list[list[int]] = rows()
        dealt: list[tuple[int, ...]] = tuples()
        open_mask: int = value(saved=False)  # rebuilt from `left` by `_rebuild`

From those lines the class gets its `__slots__` (no instance dict, so attribute access stays
fast) and three methods written out as straight-line code when the class is made, so nothing
loops over field lists while a game is played:

- `_copy_fields(other)`: every field into `other` (`clone` uses it);
- `_saved()`: the saved fields as JSON-ready values, by key (a game's `_truth` adds its log);
- `_load(data)`: the saved fields back from such a dict (a game's `_restore` uses it, then
  `_rebuild` for the fields declared `saved=False`).

A field kind is three code templates (copy, save, load) in which `{}` stands for the value:
the common ones have names here (`value`, `enum`, `items`, `rows`, `tuples`, `copied`), and
`field` takes any three with the names they use. The class's `FIELDS` lists the declarations,
for tests and for `replace`.
"""

from __future__ import annotations

from abc import ABCMeta
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from dataclasses import field as _dataclass_field
from typing import Any, TypeVar

from .game import State

P = TypeVar("P", bound="Position")


@dataclass(frozen=True)
class Field:
    """How one field of a position is copied, saved and read back (see the module's text).

    `copy`, `save` and `load` are Python expressions with `{}` for the value (`self.x` when
    copying or saving, the saved value when loading); `names` are the names they use besides
    builtins. `key` is the field's key in the saved dict (default: its name); `saved=False`
    keeps it out (a derived field, rebuilt by the game's `_rebuild`); `only_when_set` saves it
    only when the value is truthy and loads `default` when the key is missing (a field added
    later, so older positions keep their digests)."""

    copy: str = "{}"
    save: str = "{}"
    load: str = "{}"
    names: Mapping[str, object] = _dataclass_field(default_factory=dict)
    key: str | None = None
    saved: bool = True
    only_when_set: bool = False
    default: str = "None"
    name: str = ""


def field(copy: str = "{}", save: str = "{}", load: str = "{}", *,
          names: Mapping[str, object] | None = None, key: str | None = None,
          saved: bool = True, only_when_set: bool = False, default: str = "None") -> Any:
    """A field of any kind: its copy, save and load expressions (`{}` for the value)."""
    return Field(copy, save, load, dict(names or {}), key, saved, only_when_set, default)


def value(**options: Any) -> Any:
    """An immutable value (int, str, bool, tuple, None): shared by copies, saved as is."""
    return field(**options)


def enum(kind: Callable[[Any], object], **options: Any) -> Any:
    """An int enum: saved as its number, read back as the enum."""
    name = getattr(kind, "__name__", "kind")
    return field("{}", "int({})", f"{name}({{}})", names={name: kind}, **options)


def items(**options: Any) -> Any:
    """A list of immutable values: each copy its own list."""
    return field("{}.copy()", "{}", "list({})", **options)


def rows(**options: Any) -> Any:
    """A list of lists of immutable values: each copy its own lists."""
    return field("[row.copy() for row in {}]", "{}", "[list(row) for row in {}]", **options)


def tuples(**options: Any) -> Any:
    """A list of tuples: saved as lists, read back as tuples."""
    return field("{}.copy()", "[list(t) for t in {}]", "[tuple(t) for t in {}]", **options)


def copied(save: str, load: str, *, names: Mapping[str, object] | None = None,
           optional: bool = False, **options: Any) -> Any:
    """An object with a `copy()` method (None allowed when `optional`), saved and loaded by
    the expressions given."""
    copy = "None if {0} is None else {0}.copy()" if optional else "{}.copy()"
    return field(copy, save, load, names=names, **options)


class PositionMeta(ABCMeta):
    """Makes a `Position` class's declared fields into slots and straight-line methods."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                **kwargs: Any) -> PositionMeta:
        declared = [(key, spec) for key, spec in namespace.items() if isinstance(spec, Field)]
        if declared and "__slots__" in namespace:
            raise TypeError(f"{name}: declare fields or __slots__, not both")
        for key, _ in declared:
            del namespace[key]
        namespace.setdefault("__slots__", tuple(key for key, _ in declared))
        cls = super().__new__(mcs, name, bases, namespace, **kwargs)
        if declared:
            inherited: tuple[Field, ...] = getattr(cls, "FIELDS", ())
            fields = inherited + tuple(_named(spec, key) for key, spec in declared)
            cls.FIELDS = fields  # type: ignore[attr-defined]
            for method in _methods(fields, name):
                setattr(cls, method.__name__, method)
        return cls


def _named(spec: Field, name: str) -> Field:
    return Field(spec.copy, spec.save, spec.load, spec.names, spec.key or name, spec.saved,
                 spec.only_when_set, spec.default, name)


def _methods(fields: tuple[Field, ...], owner: str) -> list[Callable[..., Any]]:
    """`_copy_fields`, `_saved` and `_load` for `fields`, compiled from their templates."""
    names: dict[str, object] = {}
    for spec in fields:
        names.update(spec.names)
    copy = [f"    other.{f.name} = {f.copy.format(f'self.{f.name}')}" for f in fields]
    plain = [f for f in fields if f.saved and not f.only_when_set]
    sometimes = [f for f in fields if f.saved and f.only_when_set]
    save = ["    saved = {"]
    save += [f"        {f.key!r}: {f.save.format(f'self.{f.name}')}," for f in plain]
    save += ["    }"]
    for f in sometimes:
        save += [f"    if self.{f.name}:",
                 f"        saved[{f.key!r}] = {f.save.format(f'self.{f.name}')}"]
    load = []
    for f in fields:
        if not f.saved:
            continue
        raw = (f"data.get({f.key!r}, {f.default})" if f.only_when_set else f"data[{f.key!r}]")
        load.append(f"    self.{f.name} = {f.load.format(raw)}")
    source = "\n".join([
        "def _copy_fields(self, other):", *(copy or ["    pass"]), "",
        "def _saved(self):", *save, "    return saved", "",
        "def _load(self, data):", *(load or ["    pass"]), "",
    ])
    exec(compile(source, f"<{owner} fields>", "exec"), names)
    return [names["_copy_fields"], names["_saved"], names["_load"]]  # type: ignore[list-item]


class Position(State, metaclass=PositionMeta):
    """A state whose fields are declared once (see the module's text)."""

    FIELDS: tuple[Field, ...] = ()

    def _copy_fields(self, other: Any) -> None:
        """Every declared field into `other` (made per class from the declarations)."""

    def _saved(self) -> dict[str, Any]:
        """The saved fields, JSON-ready, by key (made per class from the declarations)."""
        return {}

    def _load(self, data: Mapping[str, Any]) -> None:
        """The saved fields back from `data` (made per class from the declarations)."""

    def _rebuild(self) -> None:
        """After `_load`: set the fields declared `saved=False` from the others."""

    def clone(self: P) -> P:
        other: P = object.__new__(type(self))
        self._clone_base(other)
        self._copy_fields(other)
        return other


def replace(state: P, **values: Any) -> P:
    """`state` with the named fields set (for scenario tests): a name that is not a declared
    field is an error, so a renamed field fails the test that set it instead of adding a
    stray attribute. The derived fields are rebuilt after, unless given too."""
    declared = {f.name for f in type(state).FIELDS}
    unknown = sorted(set(values) - declared)
    if unknown:
        raise TypeError(f"{type(state).__name__} has no field {', '.join(unknown)}")
    derived = {f.name for f in type(state).FIELDS if not f.saved}
    for key, new in values.items():
        if key not in derived:
            setattr(state, key, new)
    state._rebuild()
    for key in derived & set(values):
        setattr(state, key, values[key])
    return state
