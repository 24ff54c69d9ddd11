"""Saboteur Gold's observation for learning agents: a seat's view as a flat vector.

`Saboteur.observe` gives the layout; `observation_size` its length. `observe` builds it from
the view only (`SaboteurView`); `observe_state`, the fast path, gives the very same vector
from the state, reading only what that view shows.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, MutableSequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from .base import CELL_FEATURES
from .cards import TOOLS
from .maze import GOALS
from .phase import PHASES, Phase
from .schema import Goal, SaboteurView, TableauView, inspected_dwarves

if TYPE_CHECKING:
    from .base import SaboteurBase
    from .model import SaboteurModel


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


# --- the fast path: the same vector straight from the state ----------------------------------
def observe_state(state: SaboteurModel, seat: int) -> list[float]:
    """`observe(game, view(state, seat))`, the very same vector, read from the state without
    building the view (`State.observation`'s fast path; tests/test_observation_fast_path.py
    checks they are equal). It reads only what the seat's view shows: its own hand, dwarf and
    maps, the dwarves it has inspected, and what lies face up; the table's cells are worked
    out once per maze (`Frontier.table`)."""
    codes = _codes(state.game)
    out = [0.0] * codes.head
    _head(state, seat, codes, out)
    out += _table_list(state, codes)
    return out


def fill(state: SaboteurModel, seat: int, out: MutableSequence[float]) -> None:
    """Write `observe_state(state, seat)` into `out`, the adapters' numpy buffer
    (`State.observe_into`), whatever it held: the header and seats number by number into an
    array of zeros (cheaper to write than numpy), then it and the table's cells in one slice
    each (no list in between)."""
    codes = _codes(state.game)
    head = codes.zeros[:]
    _head(state, seat, codes, head)
    out[:codes.head] = head
    out[codes.head:] = _table(state, codes)


def _head(state: SaboteurModel, seat: int, codes: _Codes, out: MutableSequence[float]) -> None:
    """The numbers before the table, written into `out` where it holds zeros (`observe`'s
    layout)."""
    game = state.game
    out[state.phase] = 1.0
    at = len(PHASES)
    out[at] = state.round / game.cards.rules.rounds
    out[at + 1] = len(state.pile) / len(game.deck_ids)
    dwarf = codes.dwarf.get(state.dwarves[seat])
    if dwarf is not None:
        out[at + 2 + dwarf] = 1.0
    at = codes.hand
    hand = state.hands[seat]
    for card_id in set(hand):
        card = codes.card.get(card_id)
        if card is not None:
            out[at + card] = hand.count(card_id) / 3
    _goals(state, seat, codes.goals, out)
    at = codes.passed
    out[at] = state.passed / 3
    if state.fixing in FIXING:
        out[at + 1 + FIXING.index(state.fixing)] = 1.0
    at += 1 + len(FIXING)
    offer = state.gold_offer
    for value in (1, 2, 3):
        out[at + value - 1] = offer.count(value) / 10
    _seats_state(state, seat, codes, out)


FIXING = (*TOOLS, "trapped")
SEAT_SLOTS = 12
SEAT_FEATURES = 4 + len(TOOLS) + 2  # present, to play, hand, gold; broken tools, trapped, theft


@dataclass(frozen=True, slots=True)
class _Codes:
    """A game's look-ups for `fill`: where each part of the observation starts, each dwarf's
    and each card's index, and the table's numbers as arrays (copied in one slice)."""

    dwarf: dict[str, int]
    card: dict[str, int]
    hand: int  # where the hand's counts start
    goals: int
    passed: int
    seats: int
    seat_size: int
    head: int  # the header and seats' length: the table starts here
    zeros: array[float]  # `head` zeros
    empty_table: array[float]
    cells: dict[tuple[str, bool], array[float]]  # `game.cell_features`


@cache
def _codes(game: SaboteurBase) -> _Codes:
    dwarves = len(game.dwarf_ids)
    hand = len(PHASES) + 2 + dwarves
    goals = hand + len(game.card_ids)
    passed = goals + 3 * len(GOALS)
    seats = passed + 1 + len(FIXING) + 3
    seat_size = SEAT_FEATURES + dwarves
    head = seats + SEAT_SLOTS * seat_size
    return _Codes(
        {d: i for i, d in enumerate(game.dwarf_ids)},
        {card: i for i, card in enumerate(game.card_ids)},
        hand, goals, passed, seats, seat_size, head, array("f", bytes(4 * head)),
        array("f", game.empty_table),
        {key: array("f", features) for key, features in game.cell_features.items()},
    )


def _goals(state: SaboteurModel, seat: int, at: int, out: MutableSequence[float]) -> None:
    """Per goal: face up, known (face up, or mapped by `seat`), the treasure."""
    known = state.maps[seat]
    lying = state.maze.cells
    goal = state.game.goal
    for cell in GOALS:
        placed = lying.get(cell)
        card = goal.get(placed.card.id if placed is not None else known.get(cell) or "")
        if placed is not None:
            out[at] = 1.0
        if card is not None:
            out[at + 1] = 1.0
            if card.treasure:
                out[at + 2] = 1.0
        at += 3


def _seats_state(state: SaboteurModel, me: int, codes: _Codes, out: MutableSequence[float]
                 ) -> None:
    """`_seats` from the state, written into `out` (whose seat slots are zeros)."""
    n = state.game.num_players
    current = None if state.phase == Phase.OVER else state.seat
    inspected = state.inspected[me]
    hands, gold, tableaux = state.hands, state.gold, state.tableaux
    at = codes.seats
    for k in range(n):
        s = (me + k) % n
        out[at] = 1.0
        if current == s:
            out[at + 1] = 1.0
        out[at + 2] = len(hands[s]) / 6
        out[at + 3] = gold[s] / 20
        tableau = tableaux[s]
        for card in tableau.broken:
            for tool in card.tools:
                out[at + 4 + TOOLS.index(tool)] = 1.0
        if tableau.trapped is not None:
            out[at + 4 + len(TOOLS)] = 1.0
        if tableau.theft is not None:
            out[at + 5 + len(TOOLS)] = 1.0
        dwarf = inspected.get(s)
        index = None if dwarf is None else codes.dwarf.get(dwarf)
        if index is not None:
            out[at + SEAT_FEATURES + index] = 1.0
        at += codes.seat_size


def _table(state: SaboteurModel, codes: _Codes) -> array[float]:
    """`_cells` from the state: worked out once per maze and kept by its frontier (a maze
    that changes gets a new frontier, which clones share)."""
    frontier = state.spots()
    if frontier.table is None:
        values = codes.empty_table[:]
        reached = {cell for cell, _ in frontier.reach}
        cells, index = codes.cells, state.game.cell_index
        for cell, placed in state.maze.cells.items():
            at = index[cell] * CELL_FEATURES
            values[at:at + CELL_FEATURES] = cells[placed.card.id, placed.turned]
            values[at + REACHED] = float(cell in reached)
        frontier.table = values
    return frontier.table


def _table_list(state: SaboteurModel, codes: _Codes) -> list[float]:
    """`_table` as a list (for `observe_state`), also kept by the frontier."""
    frontier = state.spots()
    if frontier.table_list is None:
        frontier.table_list = _table(state, codes).tolist()
    return frontier.table_list
