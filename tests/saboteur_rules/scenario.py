"""Saboteur Gold positions set by hand for the turn, round and view scenarios.

A position is a new game (`new`) with its parts replaced: the maze (`lay`: face-up cards and the
face-down goals), what lies in front of players (`tab`), hands, the pile (top card last), the
dwarves and the seat to play. `refused` checks that an action is refused and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import pytest

import motherlode
from motherlode.engine import Action, Game, IllegalAction
from motherlode.engine.position import replace
from motherlode.rules.saboteur.maze import GOALS, START, Cell
from motherlode.rules.saboteur.state import SaboteurState
from motherlode.rules.saboteur.tableau import Tableau

Layout = Mapping[Cell, str | tuple[str, bool]]  # a card id, or (card id, turned)

STONES_AND_TREASURE = ("goal-stone-ne", "goal-treasure", "goal-stone-nw")  # GOALS order
FILLER = "map"  # a card that only matters as a card in a hand


@cache
def loaded(players: int = 5, edition: str = "gold") -> Game:
    """The game (loaded once per player count and edition: its action space is large)."""
    return motherlode.load("saboteur", players=players, edition=edition)


def new(players: int = 5, seed: int = 1, edition: str = "gold") -> SaboteurState:
    """A new game, round 1, seat 0 to play."""
    state = loaded(players, edition).new_game(seed)
    if not isinstance(state, SaboteurState):
        raise TypeError("not a Saboteur state")
    return state


def lay(state: SaboteurState, layout: Layout,
        goals: Sequence[str] = STONES_AND_TREASURE) -> None:
    """The maze: the start at (0, 0), `layout` face up, `goals` face down at `maze.GOALS`."""
    game = state.game
    cells = {START: game.placed["start", False]}
    for cell, entry in layout.items():
        card, turned = entry if isinstance(entry, tuple) else (entry, False)
        cells[cell] = game.placed[card, turned]
    state.maze.cells = cells
    state.maze.face_down = {cell: game.goal[card] for cell, card in zip(GOALS, goals,
                                                                       strict=True)}
    state.maze_changed()


def row(*cards: str, start: int = 1, line: int = 0) -> dict[Cell, str | tuple[str, bool]]:
    """`cards` laid west to east from column `start` on row `line`."""
    return {(start + n, line): card for n, card in enumerate(cards)}


CHAIN = row(*["tunnel-we"] * 6)  # the start to (6, 0): a card at (7, 0) reaches the middle goal


def tab(state: SaboteurState, words: str) -> Tableau:
    """A tableau from "pickaxe lamp cart trapped theft" (any of them)."""
    actions = state.game.actions
    names = words.split()
    broken = tuple(actions[f"broken-{tool}"] for tool in ("pickaxe", "lamp", "cart")
                   if tool in names)
    return Tableau(broken, actions["trapped"] if "trapped" in names else None,
                   actions["theft"] if "theft" in names else None)


def set_tableaux(state: SaboteurState, tableaux: Mapping[int, str]) -> None:
    """Every seat's tableau: `tableaux` by seat, the others empty."""
    replace(state, tableaux=[tab(state, tableaux.get(seat, ""))
                             for seat in range(state.game.num_players)])


def to_play(state: SaboteurState, seat: int, hand: Sequence[str],
            pile: Sequence[str] | None = None) -> None:
    """Seat `seat` to play with `hand`; `pile` (top card last) if given."""
    replace(state, seat=seat)
    state.hands[seat] = list(hand)
    if pile is not None:
        replace(state, pile=list(pile))


def act(state: SaboteurState, *texts: str) -> None:
    """Apply each action written in the game's notation (checked)."""
    for text in texts:
        state.apply(state.game.parse_action(text))


def texts(state: SaboteurState) -> set[str]:
    """The legal actions as text."""
    return {str(action) for action in state.legal_actions()}


# The fields each kind of event is compared by here (the log's fields before events had a
# text: what the scenarios were written against).
FIELDS: dict[str, tuple[str, ...]] = {
    "round": ("round", "first"),
    "place": ("seat", "card", "cell", "turned"),
    "goal": ("cell", "card", "turned"),
    "play": ("seat", "card", "target", "tool"),
    "play_at": ("seat", "card", "cell"),
    "fix": ("seat", "what"),
    "fixed": ("seat", "what"),
    "pass": ("seat", "cards"),
    "end": ("round", "connector", "dwarves", "goals"),
    "share": ("round", "gold"),
    "steal": ("seat", "victim"),
    "gold_cards": ("round", "values"),
    "take": ("seat", "value"),
    "over": ("gold",),
}


def events(state: SaboteurState, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    """The log's events of `kind` as `seat` sees them: `{"event": kind, field: value ...}`
    with the fields of `FIELDS`."""
    return [{"event": kind, **{name: entry[name] for name in FIELDS[kind]}}
            for entry in state.view(seat)["log"] if entry["kind"] == kind]


def refused(state: SaboteurState, action: str | Action, reason: str) -> None:
    """`action` (or its text) raises IllegalAction giving `reason`, and the state (digest,
    views) is unchanged."""
    digest = state.digest()
    views = [state.view(seat) for seat in (None, *range(state.game.num_players))]
    with pytest.raises(IllegalAction, match=re.escape(reason)):
        state.apply(state.game.parse_action(action) if isinstance(action, str) else action)
    assert state.digest() == digest
    assert [state.view(seat) for seat in (None, *range(state.game.num_players))] == views
