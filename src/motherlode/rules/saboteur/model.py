"""A Saboteur Gold position, declared once: the maze, the hands, the dwarves, what lies in front
of players, the gold, and whose decision it is (seed 004 "Flow of the Game").

Each field says how it is copied and saved (engine/position.py): `clone`, the truth's fields
(`truth.py`) and reading them back are made from these lines, so a new field is declared here
and nowhere else. The saved keys and values are those of the truth before the declaration
(the digests of seeded games are unchanged). Cards are held by their design's id (`setup.py`:
copies are alike), except the maze's cards and the tableaux's, held as the game's card objects:
their loads look the ids up in the game (`self.game`, set before a position is loaded). The
maze's face-down goals are saved beside it, under `face_down` (`truth.py`).

The rule modules (`turn.py`, `round_end.py`, `view.py` ...) take this model, never the state
facade (`state.py`), so the package's imports have no cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from motherlode.engine import JSON
from motherlode.engine.position import Position, enum, field, items, rows, tuples, value

from .maze import Cell, Maze, Node
from .phase import Phase
from .placement import Frontier
from .sheet import SheetReading
from .tableau import Tableau

if TYPE_CHECKING:
    from .base import SaboteurBase


def maze_json(maze: Maze) -> list[list[object]]:
    """The face-up cards as `[cell, card id, turned]`, by cell."""
    return [[list(cell), p.card.id, p.turned] for cell, p in sorted(maze.cells.items())]


def face_down_json(maze: Maze) -> list[list[object]]:
    """The face-down goals as `[cell, card id]`, by cell."""
    return [[list(cell), card.id] for cell, card in sorted(maze.face_down.items())]


def _maze(game: SaboteurBase, cells: list[Any]) -> Maze:
    """The face-up cards from `maze_json`; the face-down goals come after (`truth.restore`)."""
    return Maze({(c, r): game.placed[card, turned] for (c, r), card, turned in cells}, {})


def tableau_json(tableau: Tableau) -> JSON:
    return {
        "broken": [card.id for card in tableau.broken],
        "trapped": None if tableau.trapped is None else tableau.trapped.id,
        "theft": None if tableau.theft is None else tableau.theft.id,
    }


def _tableau(game: SaboteurBase, data: JSON) -> Tableau:
    actions = game.actions
    return Tableau(
        tuple(actions[card] for card in data["broken"]),
        None if data["trapped"] is None else actions[data["trapped"]],
        None if data["theft"] is None else actions[data["theft"]],
    )


_GAME = {"maze_json": maze_json, "_maze": _maze, "tableau_json": tableau_json,
         "_tableau": _tableau, "Maze": Maze}


class SaboteurModel(Position):
    """Everything on the table and in the hands; `frontier` caches where path cards fit,
    `sheet` what the score sheet has read of the log."""

    game: SaboteurBase
    round: int = value()
    phase: Phase = enum(Phase)
    seat: int = value()
    first: int = value()  # who played first this round
    last_player: int = value()  # who played the last card (the next round's first: the left)
    gold: list[int] = items()
    # Dealt by `round_end.start_round` at the start of each round:
    hands: list[list[str]] = rows()
    pile: list[str] = items()  # the top card last
    removed: list[str] = items()  # set aside unseen
    dwarves: list[str] = items()  # each seat's dwarf (or base role card)
    spare_dwarves: list[str] = items()  # face down, for Swap Your Hats
    # Swap Your Hats: (seat, the dwarf discarded unseen)
    dropped_dwarves: list[tuple[int, str]] = tuples()
    maze: Maze = field("Maze({0}.cells.copy(), {0}.face_down.copy())", "maze_json({})",
                       "_maze(self.game, {})", names=_GAME)
    frontier: Frontier | None = value(saved=False)  # never changed in place: shared
    sheet: SheetReading = value(saved=False)  # the score sheet's reading of the log: shared
    tableaux: list[Tableau] = field("{}.copy()", "[tableau_json(t) for t in {}]",
                                    "[_tableau(self.game, t) for t in {}]",
                                    names=_GAME)  # frozen Tableaux: shared
    theft_order: list[int] = items()  # seats with a Theft card, in the order played
    hidden_discards: list[list[str]] = rows()  # each seat's face-down discards this round
    public_discards: list[str] = items()
    maps: list[dict[Cell, str]] = field(  # the goals each seat has looked at
        "[known.copy() for known in {}]",
        "[[[list(c), g] for c, g in sorted(known.items())] for known in {}]",
        "[{{(c, r): goal for (c, r), goal in known}} for known in {}]")
    inspected: list[dict[int, str]] = field(  # the dwarves each seat has seen (until they change)
        "[known.copy() for known in {}]", "[sorted(known.items()) for known in {}]",
        "[{{seat: dwarf for seat, dwarf in known}} for known in {}]")
    # (knower, holder): the cards the knower saw in the holder's hand (Swap your hand)
    known_hands: dict[tuple[int, int], tuple[str, ...]] = field(
        "{}.copy()", "[[list(key), cards] for key, cards in sorted({}.items())]",
        "{{(knower, held): tuple(cards) for (knower, held), cards in {}}}")
    passed: int = value()  # C: cards discarded so far this pass
    fixing: str = value()  # D: what the two cards pay to remove
    stealers: list[int] = items()  # the thieves still to steal, in order
    gold_deck: list[int] = items()  # the base mode's gold cards
    gold_offer: list[int] = items()  # the base mode's gold cards drawn, still to be taken
    pickers: list[int] = items()  # the diggers taking gold cards, next first
    # (history index, seat, round) of each face-down discard (`hidden.py` rewrites them)
    secret_steps: list[tuple[int, int, int]] = tuples()

    def _rebuild(self) -> None:
        self.frontier = None
        self.sheet = SheetReading()

    # --- the maze's cached reach ---------------------------------------------------------
    def spots(self) -> Frontier:
        """Where path cards fit in the maze as it lies (cached until the maze changes)."""
        frontier = self.frontier
        if frontier is None:
            frontier = Frontier.of(self.maze, self.game.columns, self.game.rows)
            self.frontier = frontier
        return frontier

    def reach(self) -> set[Node]:
        """The paths reached from a ladder, doors ignored (placement)."""
        return self.spots().reach

    def maze_changed(self) -> None:
        """The maze changed: work out the frontier again when next needed."""
        self.frontier = None

    def card_laid(self, cell: Cell) -> None:
        """A path card was just laid at `cell`: update the frontier from the old one."""
        if self.frontier is not None:
            self.frontier = self.frontier.after_placing(self.maze, cell, self.game.columns,
                                                        self.game.rows)
