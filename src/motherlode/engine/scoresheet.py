"""The score sheet every game's view carries (`"score_sheet"`, docs/protocol.md "The score
sheet"): at a round's end and at the game's end, each seat's parts of its total, the
tie-breaks used in words with the rule, and the winners. Both faces draw it as it comes.

A game builds its sheet in its `view.py` (the one place hidden information is decided) with
`sheet`: it gives the columns, each seat's parts and a rank key per seat (the total first,
then its tie-breaks); `sheet` sums the parts, numbers the places and names no rule itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NotRequired, TypedDict

Unit = Literal["$", "gold", "won", "points", ""]


class Column(TypedDict):
    """One part of a seat's total: `key` for programs, `label` for people."""

    key: str
    label: str
    unit: Unit


class Total(TypedDict):
    label: str
    unit: Unit


class Row(TypedDict):
    """One seat: its parts (in the columns' order), their total and its place (1: first)."""

    seat: int
    parts: list[int]
    total: int
    place: int


class ScoreSheet(TypedDict):
    """The sheet (docs/protocol.md): None in a view until a round has ended."""

    title: str
    final: bool
    columns: list[Column]
    total: Total
    rows: list[Row]
    tie_breaks: list[str]
    winners: list[int]
    notes: NotRequired[list[str]]


def column(key: str, label: str, unit: Unit) -> Column:
    return {"key": key, "label": label, "unit": unit}


def places(keys: Sequence[Sequence[int]]) -> list[int]:
    """Each seat's place: 1 + the seats ranked strictly above it (equal keys share a place)."""
    return [1 + sum(1 for other in keys if tuple(other) > tuple(key)) for key in keys]


def sheet(
    title: str,
    *,
    final: bool,
    columns: Sequence[Column],
    total: Total,
    parts: Sequence[Sequence[int]],
    totals: Sequence[int] | None = None,
    ranks: Sequence[Sequence[int]] | None = None,
    winners: Sequence[int] = (),
    tie_breaks: Sequence[str] = (),
    notes: Sequence[str] = (),
) -> ScoreSheet:
    """The sheet of `parts` (one list per seat, in seat order). `totals`: each seat's total when
    it is not the sum of its parts (Pay Dirt: the gold, its cash only a tie-break). `ranks`:
    each seat's rank key, the higher the better (default: its total); the places follow it."""
    if totals is None:
        totals = [sum(row) for row in parts]
    keys = ranks if ranks is not None else [[t] for t in totals]
    placed = places(keys)
    out: ScoreSheet = {
        "title": title,
        "final": final,
        "columns": list(columns),
        "total": total,
        "rows": [{"seat": seat, "parts": list(row), "total": totals[seat], "place": placed[seat]}
                 for seat, row in enumerate(parts)],
        "tie_breaks": list(tie_breaks),
        "winners": list(winners),
    }
    if notes:
        out["notes"] = list(notes)
    return out


def seats_words(seats: Sequence[int]) -> str:
    """`seat 2`, `seats 0 and 2`, `seats 0, 1 and 3`."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


def plain(scores: Sequence[float], winners: Sequence[int]) -> ScoreSheet:
    """The sheet a face makes for a game whose view carries none: each seat's score alone."""
    return sheet("Final scores", final=True, columns=[], total={"label": "Score", "unit": ""},
                 parts=[[] for _ in scores], totals=[round(score) for score in scores],
                 winners=winners)
