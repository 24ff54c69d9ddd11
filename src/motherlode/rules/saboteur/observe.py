"""Saboteur Gold's observation for learning agents: a seat's view as a flat vector.

`Saboteur.observe` gives the layout; `observation_size` its length. Built from the view only
(`SaboteurView`), never the state.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .base import CELL_FEATURES
from .cards import TOOLS
from .phase import PHASES
from .schema import Goal, SaboteurView, TableauView, inspected_dwarves

if TYPE_CHECKING:
    from .base import SaboteurBase


NO_GOAL: Goal = {"cell": [0, 0], "card": "", "face_up": False}
NO_TABLEAU: TableauView = {"broken": [], "trapped": None, "theft": None}
REACHED = 5  # the index of `reached` among a cell's features


def observation_size(game: SaboteurBase) -> int:
    return sum(1 for _ in _parts(game, None)) + len(game.empty_table)


def _parts(game: SaboteurBase, seen: SaboteurView | None) -> Iterator[float]:
    """The observation's numbers (`Saboteur.observe` gives the layout); with `seen` None,
    zeros (for the size)."""
    yield from _header(game, seen)
    yield from _seats(game, seen)


def _header(game: SaboteurBase, seen: SaboteurView | None) -> Iterator[float]:
    phase = seen["phase"] if seen else ""
    for name in PHASES:
        yield float(phase == name)
    yield seen["round"] / game.cards.rules.rounds if seen else 0.0
    yield seen["pile"] / len(game.deck_ids) if seen else 0.0
    dwarf = seen["dwarf"] if seen else None
    for dwarf_id in game.dwarf_ids:
        yield float(dwarf == dwarf_id)
    hand = seen["hand"] or [] if seen else []
    for card_id in game.card_ids:
        yield hand.count(card_id) / 3
    goals: list[Goal] = seen["goals"] if seen else [NO_GOAL] * 3
    for goal in goals:
        card = game.goal.get(goal["card"] or "")
        yield 1.0 if goal["face_up"] else 0.0
        yield float(card is not None)
        yield float(card is not None and card.treasure)
    yield seen["passed"] / 3 if seen else 0.0
    fixing = seen["fixing"] if seen else ""
    for what in (*TOOLS, "trapped"):
        yield float(fixing == what)
    offer = seen["gold_offer"] if seen else []
    for value in (1, 2, 3):
        yield offer.count(value) / 10


def _seats(game: SaboteurBase, seen: SaboteurView | None) -> Iterator[float]:
    """Per seat from the observer round the table (12 slots; unused ones zero)."""
    me = (seen["seat"] or 0) if seen else 0
    n = game.num_players
    inspected = inspected_dwarves(seen) if seen else {}
    for k in range(12):
        s = (me + k) % n
        here = seen is not None and k < n
        tableau: TableauView = seen["tableaux"][s] if here and seen else NO_TABLEAU
        yield float(here)
        yield float(here and seen is not None
                                         and seen["current_player"] == s)
        yield seen["hand_sizes"][s] / 6 if here and seen else 0.0
        yield seen["gold"][s] / 20 if here and seen else 0.0
        broken = {tool for card in tableau["broken"] for tool in game.actions[card].tools}
        for tool in TOOLS:
            yield float(tool in broken)
        yield float(tableau["trapped"] is not None)
        yield float(tableau["theft"] is not None)
        dwarf = inspected.get(s) if here else None
        for dwarf_id in game.dwarf_ids:
            yield float(dwarf == dwarf_id)


def _cells(game: SaboteurBase, seen: SaboteurView | None) -> list[float]:
    """Per cell of the bounded table, row by row: occupied, open N/E/S/W, reached, ladder,
    green door, blue door, crystals/2, goal (a goal's cell is marked even face down)."""
    values = list(game.empty_table)
    if seen:
        reached = {(c, r) for c, r in seen["reached"]}
        for lying in seen["maze"]:
            col, row = lying["cell"]
            at = game.cell_index[col, row] * CELL_FEATURES
            features = game.cell_features[lying["card"], lying["turned"]]
            values[at:at + CELL_FEATURES] = features
            values[at + REACHED] = float((col, row) in reached)
    return values


def observe(game: SaboteurBase, seen: SaboteurView) -> list[float]:
    """The header and the seats, then the table's cells."""
    values = list(_parts(game, seen))
    values += _cells(game, seen)
    return values
