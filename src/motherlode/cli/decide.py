"""The decision at the terminal: the view's `decision` listed, and what the player types read.

Options of choices and yes/no questions are numbered in the decision's order, each with its
card text beside it. A number range is one line (`bid: $720..$3,000 in steps of $10`) and is
answered with its verb and a number (`bid 725`, `bid $3,000`, `bid 3,000`). Cells are one line
per card, each shown cell with its orientations' numbers (`3 0: 7 upright, 8 turned`);
they are answered by number or with the action's text. So no decision prints more
lines than it has groups and named options.

Typed words are matched against the options too (`match`): case, `-` and spaces do not
matter (`wash plant` is `wash-plant`), each word may be cut short while it stays unique
(`keep gold` is `keep gold-digger`), and an option's name or label alone picks it (`A`,
`excavator` for `the excavator`). An option is shown, and a hint or an undo names it, the way
the board names it (`typed`): `pick wash plant 1`, `play Window Shopping`, `bid 5000`.

What answers nothing gets a refusal saying what is wrong and what to type instead (`explain`):
a range's verb without an amount or with one below zero, a verb of the game that is not
possible now, anything else; a long input is cut (`quoted`), never echoed whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.text import Text

from motherlode.engine.decision import (
    Cell,
    CellGroup,
    Decision,
    Group,
    RangeGroup,
    actions_of,
    describe_range,
    range_action,
    range_values,
)
from motherlode.engine.decision import amount as amount_of

AMOUNT = re.compile(r"^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)$")
SEPARATORS = re.compile(r"[\s_]+")
NUMBER = re.compile(r"^-?\d+$")
#: An id's joint inside an action (`wash-plant-1`, `wash_plant`): not how the board writes it.
INTERNAL = re.compile(r"\w[-_]\w")

#: Cells listed on a card's line before "and N more".
CELLS_SHOWN = 12

#: The longest input a refusal repeats whole; a longer one is cut and said to be too long.
ECHO_LIMIT = 40

#: A label is shown as what to type (`pick wash plant 1`) while it is this short.
LABEL_TYPED = 40

ARTICLES = ("the", "a", "an")

#: A label with more than a name in it (`the Antique Clock: $1,200`, `a worker on the
#: excavator (loads ore ...)`): not the way to type its action.
LABEL_EXTRAS = re.compile(r"[(:]")

#: A label's first word when it names only part of its action (`on seat 1`).
PARTS = ("on", "at", "to", "onto", "from", "with", "for", "into")


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
            Numbered(o["action"], cell_label(group, cell, o["name"]), group["text"])
            for cell in group["cells"]
            for o in cell["orientations"]
        ]
    return []


def cell_label(group: CellGroup, cell: Cell, orientation: str) -> str:
    """A place as the board names it: `place A1 stone` where each place has its own name,
    else the card, the column and row, and the orientation (`lay Tunnel N-E-W -1 0 turned`,
    as `read_cell` reads it)."""
    names = [o["name"] for c in group["cells"] for o in c["orientations"]]
    if len(set(names)) == len(names):
        return f"{group['verb']} {orientation}"
    return f"{group['label']} {cell['x']} {cell['y']} {orientation}"


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
            form = typed(decision, item.action)
            if form != item.label:
                line.append(f"  [{form}]", style="dim")
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
    if not cells:
        return line
    line.append(f"\n    {'; '.join(shown)}{more}; or type ")
    if len(set(names)) != len(names):  # by column, row and orientation
        first = cells[0]
        turn = first["orientations"][0]["name"]
        line.append(f"{group['label']} {first['x']} {first['y']} {turn}", style="cyan")
    else:
        line.append(cells[0]["orientations"][0]["action"], style="cyan")
    return line


def read_cell(decision: Decision, text: str) -> str | None:
    """A card laid as the board lists it: the group's label, the cell's column and row, and
    optionally the orientation's name (`lay Tunnel N-E-W -1 0 turned`; without one, the first
    the cell offers). None when `text` names no cell group's label."""
    lowered = " ".join(text.lower().split())
    for group in decision["groups"]:
        if group["kind"] != "cell":
            continue
        label = " ".join(group["label"].lower().split())
        if not lowered.startswith(label + " "):
            continue
        rest = lowered[len(label):].split()
        if len(rest) not in (2, 3) or not all(NUMBER.match(n) for n in rest[:2]):
            continue
        x, y = int(rest[0]), int(rest[1])
        cell = next((c for c in group["cells"] if (c["x"], c["y"]) == (x, y)), None)
        if cell is None:
            raise Unreadable(f"{group['label']} does not fit at {x} {y}; it fits at the cells "
                             "listed under it")
        turns = cell["orientations"]
        if len(rest) == 2:
            return turns[0]["action"]
        chosen = next((o for o in turns if o["name"].lower() == rest[2]), None)
        if chosen is None:
            ways = " or ".join(o["name"] for o in turns)
            raise Unreadable(f"{group['label']} at {x} {y} lies {ways}")
        return chosen["action"]
    return None


class Unreadable(ValueError):
    """What the player typed answers nothing in the decision (the message says why)."""


class Refused(Unreadable):
    """An amount for a range that it does not take: final, no other reading is tried (`bid 5`
    is not read as the game's `bid 5`, $5,000: the board's bids are in dollars)."""


def quoted(text: str) -> str:
    """`text` in quotes to repeat in a refusal; past ECHO_LIMIT characters cut and said so."""
    if len(text) <= ECHO_LIMIT:
        return repr(text)
    return f"{text[:ECHO_LIMIT]!r}... (cut: {len(text):,} characters is too long)"


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
        value = int(amount.group(1).replace(",", ""))
        try:
            return range_action(group, value)
        except ValueError as err:
            raise Refused(f"{err}{_scaled(group, value)}") from None
    laid = read_cell(decision, text)
    return laid if laid is not None else match(decision, text)


def _scaled(group: RangeGroup, value: int) -> str:
    """`; amounts are in dollars as the board prints them: bid 5000` when `value` would be
    allowed in the game's own unit (thousands), else ""."""
    scaled = value * group["scale"]
    if group["scale"] == 1 or scaled not in range_values(group):
        return ""
    return (f"; amounts are as the board prints them ({amount_of(group, scaled)}): "
            f"type {group['verb']} {scaled}")


def typed(decision: Decision, action: str) -> str:
    """How to type `action` as the board names it: a range's verb and amount (`bid 5000`,
    never the game's `bid 5`); an action with an id in it (`pick wash-plant-1`) as its verb
    and short label (`pick wash plant 1`, `play Window Shopping`), else with the id's
    hyphens as spaces where that still reads back (`place wash plant`); else the action."""
    for group in decision["groups"]:
        if group["kind"] == "range":
            for value in range_values(group):
                if group["action"].format(value // group["scale"]) == action:
                    return f"{group['verb']} {value}"
    if not INTERNAL.search(action):
        return action
    candidates = [_with_verb(option["action"], option["label"])
                  for group in decision["groups"] if group["kind"] == "choice"
                  for option in group["options"]
                  if option["action"] == action and len(option["label"]) <= LABEL_TYPED
                  and not LABEL_EXTRAS.search(option["label"]) and not _a_part(option["label"])]
    candidates.append(" ".join(words(action)))
    for candidate in candidates:
        try:
            if match(decision, candidate) == action:
                return candidate
        except Unreadable:
            continue
    return action


def _a_part(label: str) -> bool:
    """Whether a label names only part of its action (`on seat 1` under `play
    broken-pickaxe`): not the way to type it."""
    return label.partition(" ")[0].lower() in PARTS


def _with_verb(action: str, label: str) -> str:
    """A label as typed: itself when it begins with the action's verb (`play Window
    Shopping`), else after the verb (`pick wash plant 1`)."""
    verb = action.partition(" ")[0]
    return label if label.lower().startswith(verb.lower() + " ") else f"{verb} {label}"


def explain(decision: Decision, text: str, verbs: frozenset[str]) -> str:
    """Why `text` answers nothing in the decision and what to type instead: a range's verb
    without an amount or with a wrong one, a verb of the game's (`verbs`) not possible now,
    else what the decision takes."""
    first = text.split()[0].lower() if text.split() else ""
    for group in decision["groups"]:
        verb = group["verb"].lower()
        if group["kind"] == "range" and (text.lower() == verb
                                          or text.lower().startswith(verb + " ")):
            return _range_refusal(group, text[len(verb) :].strip())
    offered = {group["verb"].lower() for group in decision["groups"]}
    if first in verbs and first not in offered:
        return (f"{quoted(first)} is not possible now ({decision['prompt']}); "
                f"{what_to_type(decision)}")
    return f"{quoted(text)} is none of your options; {what_to_type(decision)}"


def _range_refusal(group: RangeGroup, rest: str) -> str:
    """Why `<verb> rest` is no amount of the range, and an example that is."""
    verb = group["verb"]
    takes = f"{group['label']} takes {describe_range(group)}: type e.g. {verb} {group['minimum']}"
    if not rest:
        return f"{verb} needs an amount: {takes}"
    if rest.startswith("-"):
        return f"an amount cannot be below zero ({quoted(rest)}): {takes}"
    return f"{quoted(rest)} is not an amount: {takes}"


def what_to_type(decision: Decision) -> str:
    """`type 1..12 or an action as listed, e.g. pick claim 9` (what the decision takes)."""
    items = numbered(decision)
    first = typed(decision, actions_of(decision)[0]) if actions_of(decision) else ""
    number = f"type 1..{len(items)} or " if items else "type "
    example = f", e.g. {first}" if first else ""
    return f"{number}an action as 'actions' lists it{example}"


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
            raise Unreadable(f"{quoted(text)} could be {len(unique)} options: {shown}")
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
                for key in (option["name"], option["label"], _bare(option["label"])):
                    if key:
                        names[option["action"]].extend((key, f"{verb} {key}"))
    return {action: [key for key in keys if key] for action, keys in names.items()}


def _bare(label: str) -> str:
    """A label without its leading article (`excavator` for `the excavator`); "" if none."""
    first, _, rest = label.partition(" ")
    return rest if first.lower() in ARTICLES and rest else ""
