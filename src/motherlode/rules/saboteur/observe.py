"""Saboteur Gold's observation for learning agents: a seat's view as a flat vector.

`Saboteur.observe` gives the layout; `observation_size` its length. `observe` builds it from
the view only (`SaboteurView`); `observe_state`, the fast path, gives the very same vector
from the state, reading only what that view shows.
"""

from __future__ import annotations

from collections.abc import Iterator
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
    game = state.game
    codes = _codes(game)
    out = [0.0] * len(PHASES)
    out[state.phase] = 1.0
    out.append(state.round / game.cards.rules.rounds)
    out.append(len(state.pile) / len(game.deck_ids))
    out.extend(codes.dwarf.get(state.dwarves[seat], codes.no_dwarf))
    counts: dict[str, int] = {}
    for card_id in state.hands[seat]:
        counts[card_id] = counts.get(card_id, 0) + 1
    hand = [0.0] * len(game.card_ids)
    for card_id, count in counts.items():
        at = codes.card.get(card_id)
        if at is not None:
            hand[at] = count / 3
    out.extend(hand)
    known = state.maps[seat]
    lying = state.maze.cells
    for cell in GOALS:
        placed = lying.get(cell)
        card = game.goal.get(placed.card.id if placed is not None else known.get(cell) or "")
        out.append(1.0 if placed is not None else 0.0)
        out.append(float(card is not None))
        out.append(float(card is not None and card.treasure))
    out.append(state.passed / 3)
    fixing = state.fixing
    out.extend([float(fixing == what) for what in FIXING])
    offer = state.gold_offer
    out.extend([offer.count(value) / 10 for value in (1, 2, 3)])
    _seats_state(state, seat, codes, out)
    out.extend(_table(state))
    return out


FIXING = (*TOOLS, "trapped")
UNSEEN = (0.0,) * (len(TOOLS) + 2)  # a tableau with nothing in front of the player


@dataclass(frozen=True, slots=True)
class _Codes:
    """A game's one-hot codes for `observe_state`: each dwarf's, and each card's index."""

    dwarf: dict[str, tuple[float, ...]]
    no_dwarf: tuple[float, ...]
    card: dict[str, int]


@cache
def _codes(game: SaboteurBase) -> _Codes:
    ids = game.dwarf_ids
    dwarf = {d: tuple(float(d == other) for other in ids) for d in ids}
    return _Codes(dwarf, (0.0,) * len(ids), {card: i for i, card in enumerate(game.card_ids)})


def _seats_state(state: SaboteurModel, me: int, codes: _Codes, out: list[float]) -> None:
    """`_seats` from the state, appended to `out`."""
    n = state.game.num_players
    current = None if state.phase == Phase.OVER else state.seat
    inspected = state.inspected[me]
    hands, gold, tableaux = state.hands, state.gold, state.tableaux
    for k in range(n):
        s = (me + k) % n
        tableau = tableaux[s]
        out += (1.0, float(current == s), len(hands[s]) / 6, gold[s] / 20)
        if tableau.broken or tableau.trapped is not None or tableau.theft is not None:
            broken = {tool for card in tableau.broken for tool in card.tools}
            out.extend([float(tool in broken) for tool in TOOLS])
            out.append(float(tableau.trapped is not None))
            out.append(float(tableau.theft is not None))
        else:
            out += UNSEEN
        dwarf = inspected.get(s)
        out += codes.no_dwarf if dwarf is None else codes.dwarf.get(dwarf, codes.no_dwarf)
    out.extend([0.0] * ((12 - n) * (4 + len(UNSEEN) + len(codes.no_dwarf))))


def _table(state: SaboteurModel) -> list[float]:
    """`_cells` from the state: worked out once per maze and kept by its frontier (a maze
    that changes gets a new frontier, which clones share)."""
    frontier = state.spots()
    if frontier.table is None:
        game = state.game
        values = list(game.empty_table)
        reached = {cell for cell, _ in frontier.reach}
        for cell, placed in state.maze.cells.items():
            at = game.cell_index[cell] * CELL_FEATURES
            values[at:at + CELL_FEATURES] = game.cell_features[placed.card.id, placed.turned]
            values[at + REACHED] = float(cell in reached)
        frontier.table = values
    return frontier.table
