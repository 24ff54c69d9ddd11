"""Where path cards may go, fast: the maze's open spots worked out once per maze.

Seed 004 "Pathway Rules" as `maze.fits` states them, computed for many cards at once: a side is
a bit (N 1, E 2, S 4, W 8) and a card lying one way is a mask of its openings. For each empty
cell beside the maze (inside the bounded table, `actions.COLUMNS` x `actions.ROWS`) a `Spot`
records which sides face a card that is not a goal (those must match), which of them are open,
which meet a path reached from a ladder, and which meet any path (for ladders). A card fits a
spot when its openings agree on the matched sides and it meets a reached path (a ladder: any
path, and no goal beside it); `fit_bits` says it for all 32 kinds of card at once. `Frontier`
holds each spot's bits and caches, per kind, the cells that fit (also as one byte per cell of
the table, `fit_mask`, read from the spots' bits laid out as bytes, which a frontier after a
card laid copies from the one before and writes again only where a spot changed); a changed
maze gets a new `Frontier`, so clones share it. `maze.fits` stays the reference (and gives the
reasons); a test checks the two agree.
"""

from __future__ import annotations

from array import array
from collections.abc import Collection, Set
from dataclasses import dataclass
from functools import cache

from motherlode.engine import Action

from .cards import SIDES, Shape
from .cards import turned as opposite_side
from .maze import GOALS, STEP, Cell, Maze, Node, reachable, step
from .schema import MazeCard

BIT = {"N": 1, "E": 2, "S": 4, "W": 8}


def mask(sides: Set[str]) -> int:
    """The bits of `sides`."""
    return sum(BIT[side] for side in sides)


def openings_mask(shape: Shape) -> int:
    """The bits of a shape's open sides (paths and stubs)."""
    return mask(shape.openings)


@dataclass(frozen=True, slots=True)
class Spot:
    """An empty cell beside the maze: what its sides face."""

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


@cache
def fit_bits(matched: int, opened: int, reached: int, pathed: int, near_goal: bool) -> int:
    """Bit `openings * 2 + ladder` set for every kind of card that fits the `Spot` with these
    fields (cached: few spots differ)."""
    spot = Spot(matched, opened, reached, pathed, near_goal)
    return sum(1 << (openings * 2 + ladder) for openings in range(16) for ladder in (0, 1)
               if spot.fits(openings, bool(ladder)))


GOAL_CELLS = frozenset(GOALS)
PLANES = 4  # bytes of a spot's `fit_bits` (32 kinds of card: 16 openings, ladder or not)
Planes = tuple[bytes, ...]  # `Frontier._bit_planes`
#: For bit p of a byte, a `bytes.translate` table: each byte value to that bit (0 or 1).
BIT_OF_BYTE = tuple(bytes((value >> p) & 1 for value in range(256)) for p in range(8))


def _spot(maze: Maze, cell: Cell, reach: Set[Node]) -> int:
    """What fits at the empty `cell` (`fit_bits`)."""
    matched = opened = reached = pathed = 0
    near_goal = False
    cells = maze.cells
    for bit, facing, (d_col, d_row) in _SIDES:
        beside = (cell[0] + d_col, cell[1] + d_row)
        if beside in GOAL_CELLS:
            near_goal = True
        other = cells.get(beside)
        if other is None:
            continue
        if other.card.kind != "goal":
            matched |= bit
            if facing in other.openings:
                opened |= bit
        index = other.path_at.get(facing)
        if index is not None:
            pathed |= bit
            if (beside, index) in reach:
                reached |= bit
    return fit_bits(matched, opened, reached, pathed, near_goal)


_SIDES = tuple((BIT[side], opposite_side(side), STEP[side]) for side in SIDES)


class Frontier:
    """The paths reached from a ladder (doors ignored) and the open spots of one maze, and
    (cached) the cells each kind of card fits. Never changed once made: a maze that changes
    gets a new one (`after_placing` works it out from the old one for a card just laid)."""

    __slots__ = ("_fits", "_grid", "_masks", "_older", "_planes", "maze_view", "memo", "memo_at",
                 "memo_bytes", "memo_ids", "reach", "spots", "table", "table_list")

    def __init__(self, reach: set[Node], spots: dict[Cell, int], grid: tuple[range, range],
                 older: tuple[list[Planes], set[Cell]] | None = None) -> None:
        """`spots`: each empty cell beside the maze (in sorted order) and its `fit_bits`;
        `grid`: the table's columns and rows; `older`: the planes of the frontier this one
        was worked out from (kept there once made) and the cells whose spot changed since."""
        self.reach = reach
        self.spots = spots
        self._grid = grid
        self._older = older
        self._planes: list[Planes] = []  # `_bit_planes`, once made
        self._fits: dict[tuple[int, bool], tuple[Cell, ...]] = {}
        self._masks: dict[int, bytes] = {}  # `fit_mask` by kind
        self.memo: dict[str, tuple[Action, ...]] = {}  # the game's `Place` actions per card
        self.memo_ids: dict[str, tuple[int, ...]] = {}  # their integers (`game.encode_all`)
        self.memo_at: dict[str, tuple[int, ...]] = {}  # from hand slot 0 (`hand_encoding`)
        self.memo_bytes: dict[str, bytes] = {}  # the same as slot 0's block of a mask
        self.table: array[float] | None = None  # the observation's cells (`observe._table`)
        self.table_list: list[float] | None = None  # the same as a list (`observe_state`)
        self.maze_view: list[MazeCard] | None = None  # the views' `maze` (`view.maze_cards`)

    @classmethod
    def of(cls, maze: Maze, columns: range, rows: range) -> Frontier:
        """The frontier of `maze`, worked out in full."""
        reach = reachable(maze, None)
        taken = maze.cells.keys() | maze.face_down.keys()
        empty = {beside for cell in taken for beside in _around(cell, columns, rows)
                 if beside not in taken}
        return cls(reach, {cell: _spot(maze, cell, reach) for cell in sorted(empty)},
                   (columns, rows))

    def after_placing(self, maze: Maze, cell: Cell, columns: range, rows: range) -> Frontier:
        """The frontier once the card now at `cell` in `maze` was laid (this one's maze)."""
        placed = maze.cells[cell]
        reach = set(self.reach)
        todo: list[Node] = []
        for index, path in enumerate(placed.shape.paths):
            if placed.card.ladder or any(_meets(maze, cell, side, reach) for side in path):
                reach.add((cell, index))
                todo.append((cell, index))
        grown = {cell}
        while todo:
            here, index = todo.pop()
            for side in maze.cells[here].shape.paths[index]:
                beside = step(here, side)
                other = maze.cells.get(beside)
                facing = None if other is None else other.path_at.get(opposite_side(side))
                if facing is not None and (beside, facing) not in reach:
                    reach.add((beside, facing))
                    todo.append((beside, facing))
                    grown.add(beside)
        spots = self.spots.copy()
        del spots[cell]
        changed = {cell}
        taken = maze.cells.keys() | maze.face_down.keys()
        for grew in grown:
            for beside in _around(grew, columns, rows):
                if beside not in taken:
                    spots[beside] = _spot(maze, beside, reach)
                    changed.add(beside)
        return Frontier(reach, dict(sorted(spots.items())), (columns, rows),
                        (self._planes, changed))

    def fit_mask(self, openings: int, ladder: bool) -> bytes:
        """`cells(openings, ladder)` as one byte per cell of the table, row by row: 1 where
        the card fits (kept; read from `_bit_planes` in one `bytes.translate`)."""
        kind = openings * 2 + ladder
        found = self._masks.get(kind)
        if found is None:
            plane = self._bit_planes()[kind >> 3]
            found = self._masks[kind] = plane.translate(BIT_OF_BYTE[kind & 7])
        return found

    def _bit_planes(self) -> Planes:
        """Each spot's `fit_bits` as PLANES bytes at its cell (row by row, 0 where no spot):
        plane j holds bits 8j..8j+7. Made from the older frontier's, where it made them,
        with only the changed cells written again."""
        if not self._planes:
            columns, rows = self._grid
            width, left, top = len(columns), columns.start, rows.start
            spots = self.spots
            older, changed = self._older or ([], set())
            cells: Collection[Cell] = changed if older else spots.keys()
            planes = ([bytearray(plane) for plane in older[0]] if older
                      else [bytearray(width * len(rows)) for _ in range(PLANES)])
            for col, row in cells:
                bits = spots.get((col, row), 0)
                at = (row - top) * width + col - left
                for plane in planes:
                    plane[at] = bits & 255
                    bits >>= 8
            self._planes.append(tuple(bytes(plane) for plane in planes))
            self._older = None
        return self._planes[0]

    def cells(self, openings: int, ladder: bool) -> tuple[Cell, ...]:
        """The cells (sorted) where a card with these openings may be laid."""
        key = (openings, ladder)
        found = self._fits.get(key)
        if found is None:
            bit = 1 << (openings * 2 + ladder)
            found = tuple(c for c, bits in self.spots.items() if bits & bit)
            self._fits[key] = found
        return found


@cache
def _around(cell: Cell, columns: range, rows: range) -> tuple[Cell, ...]:
    """The cells beside `cell` on the table (cached: the table is bounded)."""
    return tuple(beside for beside in (step(cell, side) for side in SIDES)
                 if beside[0] in columns and beside[1] in rows)


def _meets(maze: Maze, cell: Cell, side: str, reach: Set[Node]) -> bool:
    """Whether the path of the card beside `cell` on `side` facing it is in `reach`."""
    beside = step(cell, side)
    other = maze.cells.get(beside)
    facing = None if other is None else other.path_at.get(opposite_side(side))
    return facing is not None and (beside, facing) in reach
