"""The whole truth of a Saboteur Gold position, JSON-ready, and the position rebuilt from it.

`truth(state)` is every part of the position (hands, pile, dwarves, goals, the log ...): the
engine's digest hashes it, `State.snapshot` carries it. The log is kept as `[kind, seat,
*fields]` (cells and other tuples as lists). `restore(game, truth)` reads it back, rebuilding
what the state derives (the maze's cards as they lie, the tableaux's cards, the frontier cache,
dropped on restore and worked out again when needed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import JSON, Event, PackedEvent

from .log import BY_KIND
from .maze import Maze
from .phase import Phase
from .tableau import Tableau

if TYPE_CHECKING:
    from .game import Saboteur
    from .state import SaboteurState


def _json(value: object) -> object:
    """Tuples (and lists) as new lists, all the way down."""
    if type(value) is tuple or type(value) is list:
        return [_json(v) if type(v) is tuple or type(v) is list else v for v in value]
    return value


def _tuples(value: object) -> object:
    """Lists as tuples, all the way down (the log's fields and the state's pairs)."""
    if type(value) is list:
        return tuple(_tuples(v) for v in value)
    return value


def tableau_json(tableau: Tableau) -> JSON:
    return {
        "broken": [card.id for card in tableau.broken],
        "trapped": None if tableau.trapped is None else tableau.trapped.id,
        "theft": None if tableau.theft is None else tableau.theft.id,
    }


def truth(state: SaboteurState) -> JSON:
    """The whole truth, JSON-ready (for the digest and the snapshot)."""
    return {
        "round": state.round,
        "phase": int(state.phase),
        "seat": state.seat,
        "first": state.first,
        "last_player": state.last_player,
        "gold": state.gold,
        "hands": state.hands,
        "pile": state.pile,
        "removed": state.removed,
        "dwarves": state.dwarves,
        "spare_dwarves": state.spare_dwarves,
        "dropped_dwarves": _json(state.dropped_dwarves),
        "maze": [[list(cell), p.card.id, p.turned] for cell, p in sorted(state.maze.cells.items())],
        "face_down": [[list(cell), card.id] for cell, card in sorted(state.maze.face_down.items())],
        "tableaux": [tableau_json(t) for t in state.tableaux],
        "theft_order": state.theft_order,
        "hidden_discards": state.hidden_discards,
        "public_discards": state.public_discards,
        "maps": [[[list(c), g] for c, g in sorted(known.items())] for known in state.maps],
        "inspected": [sorted(known.items()) for known in state.inspected],
        "known_hands": [[list(key), cards] for key, cards in sorted(state.known_hands.items())],
        "passed": state.passed,
        "fixing": state.fixing,
        "stealers": state.stealers,
        "gold_deck": state.gold_deck,
        "gold_offer": state.gold_offer,
        "pickers": state.pickers,
        "secret_steps": state.secret_steps,
        "log": [[entry[0].kind, *entry[1:]] for entry in state.log],  # tuples: written as lists
    }


def _tableau(game: Saboteur, data: JSON) -> Tableau:
    actions = game.actions
    return Tableau(
        tuple(actions[card] for card in data["broken"]),
        None if data["trapped"] is None else actions[data["trapped"]],
        None if data["theft"] is None else actions[data["theft"]],
    )


def _entry(data: list[object]) -> PackedEvent:
    """A packed log entry from its truth `[kind, seat, *fields]`."""
    cls: type[Event] = BY_KIND[str(data[0])]
    return (cls, *(_tuples(value) for value in data[1:]))


def restore(game: Saboteur, data: JSON) -> SaboteurState:
    """The position `data` (`truth`) is the truth of; the engine then sets the seed, the RNG
    and the history."""
    state = game._new_game(0)
    state.round = data["round"]
    state.phase = Phase(data["phase"])
    state.seat = data["seat"]
    state.first = data["first"]
    state.last_player = data["last_player"]
    state.gold = list(data["gold"])
    state.hands = [list(hand) for hand in data["hands"]]
    state.pile = list(data["pile"])
    state.removed = list(data["removed"])
    state.dwarves = list(data["dwarves"])
    state.spare_dwarves = list(data["spare_dwarves"])
    state.dropped_dwarves = [(seat, dwarf) for seat, dwarf in data["dropped_dwarves"]]
    state.maze = Maze({(c, r): game.placed[card, turned] for (c, r), card, turned in data["maze"]},
                      {(c, r): game.goal[card] for (c, r), card in data["face_down"]})
    state.frontier = None
    state.tableaux = [_tableau(game, t) for t in data["tableaux"]]
    state.theft_order = list(data["theft_order"])
    state.hidden_discards = [list(cards) for cards in data["hidden_discards"]]
    state.public_discards = list(data["public_discards"])
    state.maps = [{(c, r): goal for (c, r), goal in known} for known in data["maps"]]
    state.inspected = [{seat: dwarf for seat, dwarf in known} for known in data["inspected"]]
    state.known_hands = {(knower, held): tuple(cards)
                         for (knower, held), cards in data["known_hands"]}
    state.passed = data["passed"]
    state.fixing = data["fixing"]
    state.stealers = list(data["stealers"])
    state.gold_deck = list(data["gold_deck"])
    state.gold_offer = list(data["gold_offer"])
    state.pickers = list(data["pickers"])
    state.secret_steps = [(index, seat, round_) for index, seat, round_ in data["secret_steps"]]
    state.log = [_entry(entry) for entry in data["log"]]
    return state
