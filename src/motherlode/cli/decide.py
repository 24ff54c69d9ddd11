"""The decision at the terminal: the view's `decision` listed, and what the player types read.

Options of choices and yes/no questions are numbered in the decision's order, each with its
card text beside it. A number range is one line (`bid: $720..$3,000 in steps of $10`) and is
answered with its verb and a number (`bid 725`, `bid $3,000`, `bid 3,000`). Cells are one line
per card, each shown cell with its orientations' numbers (`3 0: 7 upright, 8 turned`);
they are answered by number or with the action's text. So no decision prints more
lines than it has groups and named options.

Typed words are matched against the options too (`match`): case, `-` and spaces do not
matter (`wash plant` is `wash-plant`), each word may be cut short while it stays unique
(`keep gold` is `keep gold-digger`), and an option's name or label alone picks it (`A`).
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
SEPARATORS = re.compile(r"[\s_]+")
NUMBER = re.compile(r"^-?\d+$")

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
    names = [o["name"] for cell in cells for o in cell["orientations"]]
    if len(set(names)) == len(names):  # each place named as the board prints it: all of them
        shown = [f"{number[o['action']]} {o['name']}" for cell in cells
                 for o in cell["orientations"]]
        more = ""
    else:  # a grid's cells by column and row, each with its orientations
        shown = []
        for cell in cells[:CELLS_SHOWN]:
            turns = ", ".join(f"{number[o['action']]} {o['name']}" for o in cell["orientations"])
            shown.append(f"{cell['x']} {cell['y']}: {turns}")
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
        amount = AMOUNT.match(text[len(verb) :].strip())
        if amount is None:
            continue
        try:
            return range_action(group, int(amount.group(1).replace(",", "")))
        except ValueError as err:
            raise Unreadable(str(err)) from None
    return match(decision, text)


def words(text: str) -> list[str]:
    """`text` as lower-case words: `-`, `_` and spaces alike between letters, numbers whole
    (`-1` keeps its sign), amounts without `$` and `,`."""
    out: list[str] = []
    for word in SEPARATORS.split(text.strip().lower()):
        amount = AMOUNT.match(word)
        if amount:
            out.append(amount.group(1).replace(",", ""))
        elif NUMBER.match(word):
            out.append(word)
        else:
            out.extend(word.split("-"))
    return [word for word in out if word]


def _starts(typed: list[str], key: list[str]) -> bool:
    """Whether each typed word begins the key's word in its place (numbers whole), with
    only the key's last words left over."""
    if not typed or len(typed) > len(key):
        return False
    for mine, theirs in zip(typed, key, strict=False):
        if NUMBER.match(mine) or NUMBER.match(theirs):
            if mine != theirs:
                return False
        elif not theirs.startswith(mine):
            return False
    return True


def match(decision: Decision, text: str) -> str | None:
    """The option `text` names, in the player's loose words; None if it names none;
    Unreadable when it could be several (the message lists them)."""
    typed = words(text)
    if not typed:
        return None
    names = _names(decision)
    for level in (
        [a for a in names if words(a) == typed],
        [a for a, keys in names.items() if any(words(k) == typed for k in keys)],
        [a for a, keys in names.items() if any(_starts(typed, words(k)) for k in keys)],
    ):
        unique = list(dict.fromkeys(level))
        if len(unique) == 1:
            return unique[0]
        if unique:
            shown = ", ".join(unique[:6]) + (", ..." if len(unique) > 6 else "")
            raise Unreadable(f"{text!r} could be {len(unique)} options: {shown}")
    return None


def _names(decision: Decision) -> dict[str, list[str]]:
    """What each option may be called: its action; a choice's name and label, alone or after
    the verb (`A`, `dig A`); and where every option has the same verb, the action without it
    (`amazon` for `dig amazon`; never `map` for `discard map` beside `play map at 8 -2`)."""
    items = numbered(decision)
    one_verb = len({item.action.partition(" ")[0] for item in items}) == 1
    names: dict[str, list[str]] = {}
    for item in items:
        names[item.action] = [item.action]
        if one_verb:
            names[item.action].append(item.action.partition(" ")[2])
    for group in decision["groups"]:
        if group["kind"] == "choice":
            for option in group["options"]:
                verb = option["action"].partition(" ")[0]
                for key in (option["name"], option["label"]):
                    if key:
                        names[option["action"]].extend((key, f"{verb} {key}"))
    return {action: [key for key in keys if key] for action, keys in names.items()}
