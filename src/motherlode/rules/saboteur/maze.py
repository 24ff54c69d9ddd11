"""Saboteur Gold's maze: where path cards may go, which paths a team reaches, the goals.

Seed 004 "Pathway Rules"; reference shared/reference/saboteur.md "Board geometry" and
"Expansion contents". Cells are `(col, row)`, north is row - 1; the start is at (0, 0) and the
three goals face down at (8, -2), (8, 0), (8, 2). A node of the maze is one path of one card,
`(cell, path index)`: a bridge or a double curve holds two paths that never meet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field

from motherlode.rules.saboteur.cards import GOAL_COLUMN, GOAL_ROWS, SIDES, PathCard, Shape
from motherlode.rules.saboteur.cards import turned as opposite

Cell = tuple[int, int]
Node = tuple[Cell, int]

START: Cell = (0, 0)
GOALS: tuple[Cell, ...] = tuple((GOAL_COLUMN, row) for row in GOAL_ROWS)
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


@dataclass(frozen=True, slots=True)
class Placed:
    """A face-up card in the maze; `turned` when it lies turned 180 degrees.

    `shape` (the shape as it lies), `openings` and `path_at` (side -> index of the path that
    leaves by that side) are worked out once, for speed.
    """

    card: PathCard
    turned: bool
    shape: Shape = field(init=False, repr=False, compare=False)
    openings: frozenset[str] = field(init=False, repr=False, compare=False)
    path_at: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        shape = self.card.shape.turned() if self.turned else self.card.shape
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "openings", shape.openings)
        path_at = {side: index for index, path in enumerate(shape.paths) for side in path}
        object.__setattr__(self, "path_at", path_at)


@dataclass(slots=True)
class Maze:
    """The face-up cards by cell (start, path cards, turned-up goals) and the face-down goals."""

    cells: dict[Cell, Placed]
    face_down: dict[Cell, PathCard]


def new_maze(start: PathCard, goals: Sequence[PathCard]) -> Maze:
    """Reference "Board geometry": the start at the origin, the goals face down 8 columns east
    in rows -2, 0, 2 (in the order given: shuffle them first)."""
    return Maze({START: Placed(start, False)}, dict(zip(GOALS, goals, strict=True)))


def step(cell: Cell, side: str) -> Cell:
    """The cell beside `cell` on `side`."""
    d_col, d_row = STEP[side]
    return cell[0] + d_col, cell[1] + d_row


def is_goal(maze: Maze, cell: Cell) -> bool:
    """Whether a goal card lies at `cell`, face down or turned up."""
    placed = maze.cells.get(cell)
    return cell in maze.face_down or (placed is not None and placed.card.kind == "goal")


def passes(card: PathCard, team: str | None) -> bool:
    """Seed "Path with a Door": a door's paths carry only its own team's diggers; "The boss is
    not held back by them" (team ""); "anyone can build beyond them" (team None: placement)."""
    return team is None or team == "" or card.door in ("", team)


def reachable(maze: Maze, team: str | None) -> set[Node]:
    """Every card path `team` reaches from a ladder (seed "Pathways must continue routes that
    have an unbroken link back to a ladder"; "Ladders: ... links to the Start Card"): the paths
    of the start and ladder cards are linked to one another, a path continues into the
    neighbour's path on an open side, a stub ends it, a door stops other teams."""
    seen = {(cell, index) for cell, placed in maze.cells.items()
            if placed.card.ladder and passes(placed.card, team)
            for index in range(len(placed.shape.paths))}
    todo = list(seen)
    while todo:
        cell, index = todo.pop()
        for side in maze.cells[cell].shape.paths[index]:
            beside = step(cell, side)
            other = maze.cells.get(beside)
            if other is None or not passes(other.card, team):
                continue
            facing = other.path_at.get(opposite(side))
            if facing is not None and (beside, facing) not in seen:
                seen.add((beside, facing))
                todo.append((beside, facing))
    return seen


def _meets_path(maze: Maze, cell: Cell, sides: Iterable[str], reach: Set[Node] | None) -> bool:
    """Whether one of `sides` of `cell` meets a neighbour's path (in `reach`, if given)."""
    for side in sides:
        beside = step(cell, side)
        other = maze.cells.get(beside)
        facing = None if other is None else other.path_at.get(opposite(side))
        if facing is not None and (reach is None or (beside, facing) in reach):
            return True
    return False


def _mismatches(maze: Maze, cell: Cell, openings: frozenset[str]) -> list[str]:
    """The sides where `openings` meet a face-up card's wall, or a wall meets its opening."""
    wrong = []
    for side in SIDES:
        other = maze.cells.get(step(cell, side))
        if other is not None and (side in openings) != (opposite(side) in other.openings):
            wrong.append(side)
    return wrong


def fits(maze: Maze, cell: Cell, card: PathCard, turned: bool,
         reach: Set[Node] | None = None) -> str | None:
    """None when `card` (turned 180 degrees if `turned`) may go at `cell`, else why not.

    Seed "Pathway Rules": "All the paths on side-touching cards must be continuous" (open meets
    open, wall meets wall) but "The three goal-cards may break the rule"; the new path must
    continue a route with "an unbroken link back to a ladder" (for a bridge or double curve,
    "At least one of the two paths"); a ladder's "path must join another path, but that path
    doesn't have to link ... to the Start" and "cannot be placed next to a treasure card"
    (reference: never next to a goal). Pass `reach` = `reachable(maze, None)` to check many
    cards against one maze.
    """
    if cell in maze.cells or cell in maze.face_down:
        return "the cell is taken"
    around = [step(cell, side) for side in SIDES]
    if not any(near in maze.cells or near in maze.face_down for near in around):
        return "no card beside it: a path card goes next to one already on the table"
    shape = card.shape.turned() if turned else card.shape
    wrong = [side for side in _mismatches(maze, cell, shape.openings)
             if not is_goal(maze, step(cell, side))]
    if wrong:
        return (f"it does not fit its neighbours: its {'/'.join(wrong)} side does not match the "
                "card beside it")
    if card.ladder:
        if any(is_goal(maze, near) for near in around):
            return "a ladder never goes next to a goal"
        if not _meets_path(maze, cell, shape.openings, None):
            return "the ladder joins no path"
        return None
    if not _meets_path(maze, cell, shape.openings,
                       reachable(maze, None) if reach is None else reach):
        return "no path from the start: it continues no path that reaches a ladder"
    return None


def place(maze: Maze, cell: Cell, card: PathCard, turned: bool) -> None:
    """Seed "A - Lay down a mine-path card": put the card at `cell`, if it fits."""
    reason = fits(maze, cell, card, turned)
    if reason is not None:
        raise ValueError(f"{card.id} cannot go at {cell}: {reason}")
    maze.cells[cell] = Placed(card, turned)


def reached_goals(maze: Maze, reach: Set[Node] | None = None) -> list[Cell]:
    """Reference "A goal card is turned up when a path reaches it": the face-down goals beside
    an open side of a path reached from a ladder (doors ignored; `reach`: that set, if known)."""
    if reach is None:
        reach = reachable(maze, None)
    return sorted(cell for cell in maze.face_down if _meets_path(maze, cell, SIDES, reach))


def orient_goal(maze: Maze, cell: Cell, card: PathCard) -> bool:
    """Whether a goal turned up at `cell` lies turned 180 degrees: reference "a stone goal is
    turned so that it fits where possible and may mismatch its neighbours" (fewest mismatched
    sides, then the most sides joining a reached path; upright when equal)."""
    reach = reachable(maze, None)

    def badness(shape: Shape) -> tuple[int, int]:
        joined = sum(_meets_path(maze, cell, (side,), reach) for side in shape.openings)
        return len(_mismatches(maze, cell, shape.openings)), -joined

    return badness(card.shape.turned()) < badness(card.shape)


def turn_up(maze: Maze, cell: Cell) -> Placed:
    """Turn up the face-down goal at `cell`, oriented by `orient_goal`; it joins the maze."""
    card = maze.face_down.pop(cell)
    placed = Placed(card, orient_goal(maze, cell, card))
    maze.cells[cell] = placed
    return placed


def treasure_reached(maze: Maze, team: str | None) -> bool:
    """Seed "They win if they get to the treasure and there is a path to it from any ladder";
    "if there's a door of the other team's color blocking the route, they cannot get through"
    (team "" is the Boss, None ignores doors)."""
    reach = reachable(maze, team)
    goals = [*maze.face_down.items(), *((cell, p.card) for cell, p in maze.cells.items())]
    return any(card.kind == "goal" and card.treasure and _meets_path(maze, cell, SIDES, reach)
               for cell, card in goals)


def removable(maze: Maze) -> list[Cell]:
    """Seed "Rock fall": any path card "other than the Start Card"; reference: nor the goals."""
    return sorted(cell for cell, placed in maze.cells.items()
                  if placed.card.kind not in ("start", "goal"))


def remove(maze: Maze, cell: Cell) -> Placed:
    """Rockfall: take the path card at `cell` out of the maze (not the start, not a goal)."""
    if cell not in removable(maze):
        raise ValueError(f"no rockfall at {cell}: not a path card other than the start or a goal")
    return maze.cells.pop(cell)
