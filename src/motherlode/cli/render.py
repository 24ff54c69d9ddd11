"""Drawing a seat's view: a game's own renderer if it has one, else a generic one.

A game `NAME` provides its own drawing in the module `motherlode.cli.render_NAME`, with a
function `render(view, console: rich.console.Console) -> None`. The module may also give:

- `LEGEND: dict[str, str]`: the abbreviations and badges its drawing prints, with their
  meaning (shown by `motherlode rules NAME` and found by `info` at the prompt);
- `PAUSE_AFTER: frozenset[str]`: event kinds after which `play` waits for Enter;
- `plan(view, text) -> str | None` and `PLAN_HELP: str`: a command of the game's own at the
  prompt, standing for a run of actions (the next one each time it is asked, None when done).
 Every renderer draws the view
only, never the state: that is what keeps hidden information hidden. The log and the decision
are the engine's envelope, the same for every game: events are printed as their `text`
(`event_line`), decisions by `cli/decide.py`; the generic renderer leaves both out.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.engine import EventJSON, View, game_class

Renderer = Callable[[View, Console], None]
Planner = Callable[[View, str], "str | None"]

SCALARS = (str, int, float, bool, type(None))

#: The longest list of records the generic renderer draws whole; longer ones show their tail.
MAX_ROWS = 12


#: The envelope's parts that every face draws the same way, left out of the generic drawing.
ENVELOPE = ("log", "decision")


def no_plan(view: View, text: str) -> str | None:
    """A game without a command of its own: no text stands for a run of actions."""
    return None


def no_plan_refusal(view: View, text: str) -> str:
    """A game without a command of its own: nothing to say why one does nothing."""
    return ""


@dataclass(frozen=True, slots=True)
class Face:
    """What a game's terminal module gives: its drawing and the optional extras."""

    render: Renderer
    legend: dict[str, str] = field(default_factory=dict)
    pause_after: frozenset[str] = frozenset()
    plan: Planner = no_plan
    plan_help: str = ""
    plan_refusal: Callable[[View, str], str] = no_plan_refusal
    """Why the game's own command (`run`) does nothing now ("" if `text` is not it)."""


def face_for(game_name: str) -> Face:
    """The terminal module of the game registered as `game_name` (`motherlode.cli.render_`
    and the registry's name), else the generic face; OptionError if no game has that name."""
    module = _module(game_name)
    if module is None:
        return Face(render_generic)
    render: Renderer | None = getattr(module, "render", None)
    if not callable(render):
        raise TypeError(f"{module.__name__} has no render(view, console) function")
    return Face(
        render,
        dict(getattr(module, "LEGEND", {})),
        frozenset(getattr(module, "PAUSE_AFTER", frozenset())),
        getattr(module, "plan", no_plan),
        str(getattr(module, "PLAN_HELP", "")),
        getattr(module, "plan_refusal", no_plan_refusal),
    )


def drawing_for(game_name: str) -> Renderer:
    """The game's own `render` (`motherlode.cli.render_<game>`), else the generic one."""
    return face_for(game_name).render


def _module(game_name: str) -> ModuleType | None:
    game_class(game_name)  # the registry's name: OptionError naming the games if unknown
    module_name = f"{__package__}.render_{game_name}"
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name != module_name:  # the renderer exists but something it imports is missing
            raise
        return None


def render_generic(view: View, console: Console) -> None:
    """Any view: scalars as a key/value grid, then a panel for each nested part."""
    body = {key: value for key, value in view.items() if key not in ENVELOPE}
    console.print(renderable(body))


def event_line(event: EventJSON) -> Text:
    """One event of a view's log: its sentence."""
    return Text(str(event.get("text", "")))


def seat_of(event: EventJSON) -> int | None:
    """The seat an event names (None: the table)."""
    seat = event.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def label(key: object) -> str:
    """A dict key as a heading: `chance_cards` -> `chance cards`."""
    return str(key).replace("_", " ")


def scalar(value: Any) -> Text:
    """A JSON scalar, coloured by kind."""
    if value is None:
        return Text("—", style="dim")
    if value is True:
        return Text("yes", style="green")
    if value is False:
        return Text("no", style="red")
    if isinstance(value, int | float):
        return Text(str(value), style="cyan")
    return Text(str(value))


def is_scalar(value: Any) -> bool:
    return isinstance(value, SCALARS)


def is_flat(value: Any) -> bool:
    """A scalar, or a list of scalars: fits in one table cell."""
    return is_scalar(value) or (isinstance(value, list) and all(is_scalar(v) for v in value))


def flat(value: Any) -> Text:
    """A scalar or a list of scalars as one line of text."""
    if isinstance(value, list):
        if not value:
            return Text("—", style="dim")
        return Text(", ").join(scalar(v) for v in value)
    return scalar(value)


def renderable(value: Any, title: str | None = None, depth: int = 0) -> RenderableType:
    """A JSON value as rich renderables: dicts as key/value grids and panels, lists of
    records as tables, lists of scalars as one line."""
    if isinstance(value, Mapping):
        return _mapping(value, title, depth)
    if isinstance(value, list):
        return _sequence(value, title, depth)
    return flat(value)


def _mapping(value: Mapping[str, Any], title: str | None, depth: int) -> RenderableType:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    nested: list[RenderableType] = []
    for key, item in value.items():
        if is_flat(item):
            grid.add_row(label(key), flat(item))
        else:
            nested.append(renderable(item, label(key), depth + 1))
    parts: list[RenderableType] = [grid] if grid.row_count else []
    parts.extend(nested)
    body = Group(*parts) if parts else Text("—", style="dim")
    if title is None:
        return body
    style = ("blue", "magenta", "yellow", "green")[depth % 4]
    return Panel(body, title=Text(title, style=f"bold {style}"), border_style=style, expand=False)


def _sequence(value: Sequence[Any], title: str | None, depth: int) -> RenderableType:
    if is_flat(list(value)):
        body: RenderableType = flat(list(value))
    elif all(isinstance(v, Mapping) for v in value):
        if len(value) > MAX_ROWS:
            hidden = Text(f"… {len(value) - MAX_ROWS} earlier", style="dim")
            body = Group(hidden, _records(value[-MAX_ROWS:], depth))
        else:
            body = _records(value, depth)
    else:
        body = Group(*(renderable(v, f"{i}", depth + 1) for i, v in enumerate(value)))
    if title is None:
        return body
    style = ("blue", "magenta", "yellow", "green")[depth % 4]
    return Panel(body, title=Text(title, style=f"bold {style}"), border_style=style, expand=False)


def _records(rows: Sequence[Mapping[str, Any]], depth: int) -> RenderableType:
    """A list of dicts as a table: one column per key (in first-seen order)."""
    columns: list[str] = []
    for row in rows:
        columns.extend(key for key in row if key not in columns)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for column in columns:
        table.add_column(label(column), header_style="bold")
    for row in rows:
        cells: list[RenderableType] = []
        for column in columns:
            item = row.get(column)
            cells.append(flat(item) if is_flat(item) else renderable(item, None, depth + 1))
        table.add_row(*cells)
    return table
