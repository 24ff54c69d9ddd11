"""The decision at the terminal: the view's `decision` listed, and what the player types read.

Options of choices and yes/no questions are numbered in the decision's order, each with its
card text beside it. A number range is one line (`bid: $720..$3,000 in steps of $10`) and is
answered with its verb and a number (`bid 725`, `bid $3,000`, `bid 3,000`). Cells are one line
per card, each shown cell with its orientations' numbers (`3 0: 7 upright, 8 turned`);
they are answered by number or with the action's text. So no decision prints more
lines than it has groups and named options.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.text import Text

from motherlode.engine.decision import (
    CellGroup,
    Decision,
    Group,
    RangeGroup,
    describe_range,
    range_action,
)

AMOUNT = re.compile(r"^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)$")

#: Cells listed on a card's line before "and N more".
CELLS_SHOWN = 12


@dataclass(frozen=True, slots=True)
class Numbered:
    """An option the player may answer with its number."""

    action: str
    label: str
    text: str


def numbered(decision: Decision) -> list[Numbered]:
    """The options that get a number, in the decision's order: choices, yes/no answers and
    every cell's orientations (a range is answered with an amount)."""
    return [item for group in decision["groups"] for item in _items(group)]


def _items(group: Group) -> list[Numbered]:
    """One group's numbered options."""
    if group["kind"] == "choice":
        return [Numbered(o["action"], o["label"], o["text"]) for o in group["options"]]
    if group["kind"] == "yesno":
        return [
            Numbered(group["yes"], f"{group['label']}: yes", group["text"]),
            Numbered(group["no"], f"{group['label']}: no", ""),
        ]
    if group["kind"] == "cell":
        return [
            Numbered(o["action"], o["action"], group["text"])
            for cell in group["cells"]
            for o in cell["orientations"]
        ]
    return []


def lines(decision: Decision) -> list[Text]:
    """The decision as lines of text: a heading per group, its options numbered."""
    out = [Text(decision["prompt"][:1].upper() + decision["prompt"][1:], style="bold")]
    items = numbered(decision)
    width = len(str(len(items)))
    number = {item.action: n for n, item in enumerate(items, 1)}
    for group in decision["groups"]:
        if group["kind"] == "range":
            out.append(_range_line(group))
            continue
        if group["kind"] == "cell":
            out.append(_cell_line(group, number))
            continue
        out.append(Text(f" {group['label']}", style="bold"))
        for item in _items(group):
            line = Text.assemble(
                "  ", (f"{number[item.action]:>{width}}", "bold cyan"), "  ", item.label
            )
            if item.label != item.action:
                line.append(f"  [{item.action}]", style="dim")
            if item.text:
                line.append(f" — {item.text}", style="italic")
            out.append(line)
    return out


def _range_line(group: RangeGroup) -> Text:
    return Text.assemble(
        (f" {group['label']}", "bold"),
        f": {describe_range(group)} — type ",
        (f"{group['verb']} {group['minimum']}", "cyan"),
    )


def _cell_line(group: CellGroup, number: dict[str, int]) -> Text:
    line = Text.assemble((f" {group['label']}", "bold"))
    if group["text"]:
        line.append(f" — {group['text']}", style="italic")
    cells = group["cells"]
    shown = []
    for cell in cells[:CELLS_SHOWN]:
        names = ", ".join(f"{number[o['action']]} {o['name']}" for o in cell["orientations"])
        shown.append(f"{cell['x']} {cell['y']}: {names}")
    more = f"; and {len(cells) - CELLS_SHOWN} more" if len(cells) > CELLS_SHOWN else ""
    first = cells[0]["orientations"][0]["action"] if cells else ""
    line.append(f"\n    {'; '.join(shown)}{more}; or type ")
    line.append(first, style="cyan")
    return line


class Unreadable(ValueError):
    """What the player typed answers nothing in the decision (the message says why)."""


def read(decision: Decision, text: str) -> str | None:
    """The action text that `text` answers: a number of a numbered option, or a range's verb
    (one word or more: `bid`, `dig andes`) and an amount. None when it is neither (then the
    game's own notation is tried); Unreadable when it is a number or an amount that the
    decision does not offer."""
    if text.isdecimal() and text.isascii():
        items = numbered(decision)
        number = int(text)
        if 1 <= number <= len(items):
            return items[number - 1].action
        raise Unreadable(f"no option {number}; choose 1..{len(items)}" if items else
                         f"no option {number}: type an action as the list shows")
    for group in decision["groups"]:
        if group["kind"] != "range":
            continue
        verb = group["verb"]
        if not text.lower().startswith(verb.lower() + " "):
            continue
        match = AMOUNT.match(text[len(verb) :].strip())
        if match is None:
            continue
        try:
            return range_action(group, int(match.group(1).replace(",", "")))
        except ValueError as err:
            raise Unreadable(str(err)) from None
    return None
