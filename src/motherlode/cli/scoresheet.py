"""The score sheet of a view (`"score_sheet"`, engine/scoresheet.py) as a rich table: one row
per seat with its parts, its total and its place, then the tie-breaks, the notes and the
winners in words. The terminal prints it at a round's end and at the game's end."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from motherlode.engine import View


def sheet_of(view: View) -> Mapping[str, Any] | None:
    """The view's score sheet (every game's view carries one: None until a round ends)."""
    sheet = cast(Mapping[str, Any], view).get("score_sheet")
    return sheet if isinstance(sheet, Mapping) else None


def amount(value: int, unit: str) -> str:
    """`$3,900`, `-$1,000`, `14 gold`, `3 won`, `7`."""
    if unit == "$":
        return f"-${-value:,}" if value < 0 else f"${value:,}"
    return f"{value:,} {unit}" if unit else f"{value:,}"


def sheet_table(sheet: Mapping[str, Any] | None, who: Callable[[int], str]) -> RenderableType:
    """The sheet as a table and its sentences; `who(seat)` names a seat (`you`, `bot: greedy`)."""
    if sheet is None:
        return Text("(no scores yet)", style="dim")
    table = Table(title=str(sheet["title"]), title_style="bold yellow", box=box.SIMPLE_HEAD,
                  pad_edge=False)
    table.add_column("seat")
    for col in sheet["columns"]:
        table.add_column(str(col["label"]), justify="right")
    total = sheet["total"]
    table.add_column(str(total["label"]), justify="right", style="bold")
    table.add_column("place", justify="right")
    winners = set(sheet["winners"])
    for row in sheet["rows"]:
        seat = int(row["seat"])
        cells = [amount(int(v), str(c["unit"])) for v, c in zip(row["parts"], sheet["columns"],
                                                                   strict=True)]
        mark = " ★" if seat in winners else ""
        table.add_row(f"{seat} {who(seat)}", *cells,
                      amount(int(row["total"]), str(total["unit"])), f"{row['place']}{mark}",
                      style="yellow" if seat in winners else None)
    parts: list[RenderableType] = [table]
    if winners:
        parts.append(Text("★ wins", style="yellow"))
    parts += [Text(f"Tie-break: {line}", style="bold") for line in sheet["tie_breaks"]]
    parts += [Text(line, style="dim") for line in sheet.get("notes", [])]
    return Group(*parts)
