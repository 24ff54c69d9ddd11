"""Decisions: the legal actions of the seat to decide, grouped by kind, as data a face draws.

A `Decision` is JSON-ready (TypedDicts): the seat, a prompt, and groups. Each group is one of

| kind     | what a face draws                               | its actions                      |
|----------|-------------------------------------------------|----------------------------------|
| `choice` | a list of named things, each with its card text | each option's `action`           |
| `range`  | a number field: minimum..maximum in steps       | `action` with `{}` = value/scale |
| `cell`   | board cells, each with its orientations         | each orientation's `action`      |
| `yesno`  | a question, with its card text                  | `yes` and `no`                   |

The actions are the actions' texts (`str(action)`), which `Game.parse_action` reads back: a face
sends the text of what the player chose. `actions_of(decision)` lists every action a decision
offers; the conformance suite checks that it is exactly `legal_actions()`, nothing more or less.

`group_by_verb` is every game's starting point: each legal action under its first word, as a
choice. A game builds its own decision with the constructors below where it can say more (card
texts, a bid as a range, placements as cells).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Literal, TypeAlias, TypedDict


class ChoiceOption(TypedDict):
    """One named thing to choose: its action, its id, a label and its card text ("" if none)."""

    action: str
    name: str
    label: str
    text: str


class ChoiceGroup(TypedDict):
    kind: Literal["choice"]
    verb: str
    label: str
    options: list[ChoiceOption]


class RangeGroup(TypedDict):
    """Numbers minimum..maximum in `step`s, shown in `unit` (`$`: dollars). The action for a
    value is `action.format(value // scale)`: Pay Dirt bids in thousands, shown in dollars."""

    kind: Literal["range"]
    verb: str
    label: str
    minimum: int
    maximum: int
    step: int
    unit: str
    scale: int
    action: str


class Orientation(TypedDict):
    name: str
    action: str


class Cell(TypedDict):
    x: int
    y: int
    orientations: list[Orientation]


class CellGroup(TypedDict):
    """A card (`name`, `text`) to lay on one of `cells`, each with its orientations."""

    kind: Literal["cell"]
    verb: str
    label: str
    name: str
    text: str
    cells: list[Cell]


class YesNoGroup(TypedDict):
    kind: Literal["yesno"]
    verb: str
    label: str
    text: str
    yes: str
    no: str


Group: TypeAlias = ChoiceGroup | RangeGroup | CellGroup | YesNoGroup


class Decision(TypedDict):
    """What `seat` must decide now: a prompt and the groups of its legal actions."""

    seat: int
    prompt: str
    groups: list[Group]


# --- constructors -------------------------------------------------------------------------


def option(action: object, name: str, label: str = "", text: str = "") -> ChoiceOption:
    """One option: `action` (an Action or its text), the thing's id, its label, card text."""
    return {"action": str(action), "name": name, "label": label or name, "text": text}


def choice(verb: str, label: str, options: Iterable[ChoiceOption]) -> ChoiceGroup:
    return {"kind": "choice", "verb": verb, "label": label, "options": list(options)}


def number_range(
    verb: str,
    label: str,
    minimum: int,
    maximum: int,
    *,
    step: int = 1,
    unit: str = "",
    scale: int = 1,
    action: str = "",
) -> RangeGroup:
    """A number field; `action` defaults to "<verb> {}"."""
    return {
        "kind": "range",
        "verb": verb,
        "label": label,
        "minimum": minimum,
        "maximum": maximum,
        "step": step,
        "unit": unit,
        "scale": scale,
        "action": action or verb + " {}",
    }


def cells(verb: str, label: str, name: str, text: str, where: Iterable[Cell]) -> CellGroup:
    return {
        "kind": "cell",
        "verb": verb,
        "label": label,
        "name": name,
        "text": text,
        "cells": list(where),
    }


def cell(x: int, y: int, orientations: Iterable[tuple[str, object]]) -> Cell:
    """A cell with (orientation name, action) pairs."""
    return {
        "x": x,
        "y": y,
        "orientations": [{"name": n, "action": str(a)} for n, a in orientations],
    }


def yes_no(verb: str, label: str, yes: object, no: object, text: str = "") -> YesNoGroup:
    return {"kind": "yesno", "verb": verb, "label": label, "text": text, "yes": str(yes),
            "no": str(no)}


def decision(seat: int, prompt: str, groups: Iterable[Group]) -> Decision:
    return {"seat": seat, "prompt": prompt, "groups": list(groups)}


def verb_of(action: object) -> str:
    """The first word of an action's text: the group it falls under by default."""
    return str(action).split(" ", 1)[0]


def group_by_verb(
    seat: int,
    prompt: str,
    legal: Sequence[object],
    describe: Callable[[object], ChoiceOption] | None = None,
) -> Decision:
    """Each legal action as an option under its first word, in the order of `legal`;
    `describe` gives an action's option (default: its text as name and label)."""
    groups: dict[str, list[ChoiceOption]] = {}
    for action in legal:
        item = describe(action) if describe else option(action, str(action))
        groups.setdefault(verb_of(action), []).append(item)
    return decision(seat, prompt, (choice(v, v, items) for v, items in groups.items()))


# --- reading a decision back --------------------------------------------------------------


def range_values(group: RangeGroup) -> range:
    return range(group["minimum"], group["maximum"] + 1, group["step"])


def range_action(group: RangeGroup, value: int) -> str:
    """The action text for `value` of a range (ValueError if the value is not offered)."""
    if value not in range_values(group):
        raise ValueError(
            f"{amount(group, value)} is not allowed: {group['label']} takes "
            f"{describe_range(group)}"
        )
    return group["action"].format(value // group["scale"])


def amount(group: RangeGroup, value: int) -> str:
    """A value in the range's unit: `$3,000`, `3 nuggets`."""
    unit = group["unit"]
    return f"${value:,}" if unit == "$" else f"{value:,}{' ' + unit if unit else ''}"


def describe_range(group: RangeGroup) -> str:
    """`$720..$3,000 in steps of $10`; `$5,000 only` when one value is allowed."""
    if group["minimum"] == group["maximum"]:
        return f"{amount(group, group['minimum'])} only"
    text = f"{amount(group, group['minimum'])}..{amount(group, group['maximum'])}"
    if group["step"] != 1:
        text += f" in steps of {amount(group, group['step'])}"
    return text


def group_actions(group: Group) -> list[str]:
    """Every action text a group offers, in its order."""
    if group["kind"] == "choice":
        return [o["action"] for o in group["options"]]
    if group["kind"] == "range":
        return [group["action"].format(v // group["scale"]) for v in range_values(group)]
    if group["kind"] == "cell":
        return [o["action"] for c in group["cells"] for o in c["orientations"]]
    return [group["yes"], group["no"]]


def actions_of(decision: Decision) -> list[str]:
    """Every action text the decision offers, group by group."""
    return [text for group in decision["groups"] for text in group_actions(group)]
