"""Where path cards may go, fast: the maze's open spots worked out once per maze.

Seed 004 "Pathway Rules" as `maze.fits` states them, computed for many cards at once: a side is
a bit (N 1, E 2, S 4, W 8) and a card lying one way is a mask of its openings. For each empty
cell beside the maze (inside the bounded table, `actions.COLUMNS` x `actions.ROWS`) a `Spot`
records which sides face a card that is not a goal (those must match), which of them are open,
which meet a path reached from a ladder, and which meet any path (for ladders). A card fits a
spot when its openings agree on the matched sides and it meets a reached path (a ladder: any
path, and no goal beside it). `Frontier` caches, per opening mask, the cells that fit; a new
maze gets a new `Frontier`, so clones share it. `maze.fits` stays the reference (and gives the
reasons); a test checks the two agree.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass

from motherlode.engine import Action

from .cards import SIDES, Shape
from .cards import turned as opposite_side
from .maze import Cell, Maze, Node, is_goal, step

BIT = {"N": 1, "E": 2, "S": 4, "W": 8}


def mask(sides: Set[str]) -> int:
    """The bits of `sides`."""
    return sum(BIT[side] for side in sides)


def openings_mask(shape: Shape) -> int:
    """The bits of a shape's open sides (paths and stubs)."""
    return mask(shape.openings)


@dataclass(frozen=True, slots=True)
class Spot:
    """An empty cell beside the maze and what its sides face."""

    cell: Cell
    matched: int  # sides facing a face-up card that is not a goal: open must meet open
    open: int  # of `matched`, the sides where that card is open
    reach: int  # sides meeting a path reached from a ladder (doors ignored)
    path: int  # sides meeting any path (a ladder's path must join one)
    near_goal: bool  # a goal lies beside it (no ladder there)

    def fits(self, openings: int, ladder: bool) -> bool:
        """Whether a card with these openings (and ladder or not) may be laid here."""
        if openings & self.matched != self.open:
            return False
        if ladder:
            return not self.near_goal and openings & self.path != 0
        return openings & self.reach != 0


def _spot(maze: Maze, cell: Cell, reach: Set[Node]) -> Spot:
    matched = opened = reached = pathed = 0
    near_goal = False
    for side in SIDES:
        beside = step(cell, side)
        if is_goal(maze, beside):
            near_goal = True
        other = maze.cells.get(beside)
        if other is None:
            continue
        facing = opposite_side(side)
        bit = BIT[side]
        if other.card.kind != "goal":
            matched |= bit
            if facing in other.openings:
                opened |= bit
        index = other.path_at.get(facing)
        if index is not None:
            pathed |= bit
            if (beside, index) in reach:
                reached |= bit
    return Spot(cell, matched, opened, reached, pathed, near_goal)


class Frontier:
    """The open spots of one maze, and (cached) the cells each kind of card fits."""

    __slots__ = ("_fits", "memo", "spots")

    def __init__(self, maze: Maze, reach: Set[Node], columns: range, rows: range) -> None:
        taken = maze.cells.keys() | maze.face_down.keys()
        empty: set[Cell] = set()
        for cell in taken:
            for side in SIDES:
                beside = step(cell, side)
                if beside not in taken and beside[0] in columns and beside[1] in rows:
                    empty.add(beside)
        self.spots = tuple(_spot(maze, cell, reach) for cell in sorted(empty))
        self._fits: dict[tuple[int, bool], tuple[Cell, ...]] = {}
        self.memo: dict[str, tuple[Action, ...]] = {}  # the game's `Place` actions per card

    def cells(self, openings: int, ladder: bool) -> tuple[Cell, ...]:
        """The cells (sorted) where a card with these openings may be laid."""
        key = (openings, ladder)
        found = self._fits.get(key)
        if found is None:
            found = tuple(s.cell for s in self.spots if s.fits(openings, ladder))
            self._fits[key] = found
        return found
