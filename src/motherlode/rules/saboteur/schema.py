"""The shape of a Saboteur Gold view (`view.view`), for bots, faces and mypy.

`SaboteurView` is the engine's envelope (`View`: game, players, seat, current_player, phase,
log, decision) and this game's body. A view describes itself: `cards` gives every card of the
game's data with its shape and text, and `dwarves` every dwarf's text, so a face draws the maze
and explains a hand without loading any card data.
"""

from __future__ import annotations

from typing import TypedDict, TypeGuard

from motherlode.engine import View
from motherlode.engine.scoresheet import ScoreSheet

TITLES = {"gold": "Saboteur Gold", "base": "Saboteur"}
"""The game's title in each edition (`SaboteurView.edition`; `Saboteur.title`)."""


class MazeCard(TypedDict):
    """A face-up card in the maze: where, which, and whether it lies turned 180 degrees."""

    cell: list[int]
    card: str
    turned: bool


class Goal(TypedDict):
    """A goal's place: face up (its card), or face down (`card`: what this seat's Map showed,
    else None)."""

    cell: list[int]
    card: str | None
    face_up: bool


class TableauView(TypedDict):
    """What lies in front of a player: broken cards, a Trapped card, a Theft card (ids)."""

    broken: list[str]
    trapped: str | None
    theft: str | None


class CardInfo(TypedDict):
    """One card design of the game's data. Path cards (`path`): each path as the sides it joins
    (`"NE"`), the dead ends (`stubs`, `"W"`), door colour, ladder, crystals and, for a goal,
    whether it is the treasure, all upright (turned 180 degrees: N<->S, E<->W). `text`: its
    glossary line; `name`: its name for people (the rulebook's for action cards,
    `glossary.card_names`)."""

    kind: str
    path: bool
    paths: list[str]
    stubs: str
    door: str
    ladder: bool
    crystals: int
    treasure: bool
    text: str
    name: str


class SaboteurView(View):
    """Everything a seat may know of a Saboteur Gold table."""

    edition: str
    round: int
    rounds: int
    first_player: int
    maze: list[MazeCard]
    """Shared by the views of the same maze (as the log's event dicts are): read it, copy
    before changing."""
    reached: list[list[int]]
    goals: list[Goal]
    pile: int
    removed: int
    hand_sizes: list[int]
    hand: list[str] | None
    dwarf: str | None
    inspected: list[list[int | str]]
    """`[seat, dwarf]` for each dwarf this seat has seen by Inspection (`inspected_dwarves`)."""
    tableaux: list[TableauView]
    theft_order: list[int]
    gold: list[int]
    face_up_discards: list[str]
    face_down_discards: int
    my_discards: list[str]
    known_hands: list[list[int | list[str]]]
    """`[seat, cards]` for each hand this seat knows part of (`known_hands`)."""
    spare_dwarves: int
    my_dropped_dwarves: list[str]
    passed: int
    fixing: str
    stealers: list[int]
    gold_offer: list[int]
    pickers: list[int]
    gold_deck: int
    columns: list[int]
    """The table's first and last column (the maze is bounded)."""
    rows: list[int]
    cards: dict[str, CardInfo]
    """The game's table, shared by all its views (as the log's event dicts are): read it,
    copy before changing."""
    dwarves: dict[str, str]
    score_sheet: ScoreSheet | None  # from the first round's end
    """Shared by the views until the next round ends (as the log's event dicts are): read it,
    copy before changing."""


def is_saboteur_view(view: View) -> TypeGuard[SaboteurView]:
    """Whether `view` is a Saboteur Gold view."""
    return view["game"] == "saboteur"


def inspected_dwarves(view: SaboteurView) -> dict[int, str]:
    """The dwarves this seat has seen by Inspection, by seat."""
    return {int(seat): str(dwarf) for seat, dwarf in view["inspected"]}


def known_hands(view: SaboteurView) -> list[tuple[int, list[str]]]:
    """The hands this seat knows part of (Swap your hand): (seat, the cards known)."""
    found = []
    for seat, cards in view["known_hands"]:
        if isinstance(seat, int) and isinstance(cards, list):
            found.append((seat, [str(card) for card in cards]))
    return found
