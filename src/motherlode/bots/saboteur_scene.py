"""The maze as the heuristic Saboteur bot reads it (`saboteur_heuristic`): the distance to the
treasure, `Scene.phi`, and what laying or taking away one card does to it.

`phi` sums, over the face-down goals, the chance that a goal is the treasure times a soft
minimum (temperature `SOFT`), over the maze's open ends (empty cells a reached path opens
into), of the number of cards still needed from that end to the goal: a shortest path over the
bounded table that costs a card per empty cell and nothing along the paths of cards already
laid, so a branch a rockfall cut off is one card away (`_field`). A Digger reaches only through
doors of its own colour, the Boss and the others (team None) through every door.

**Made once for every bot of a process.** All bots read the same log, so the mazes they
rebuild from it are `Layout`s made once: a round starts from the start card
(`Layout.first`), and a card laid or taken away gives the next layout (`laid`, `cleared`),
looked up before it is made. What is worked out of a maze hangs on its layout: the distance
fields (per face-down goals and team), what each team reaches (a card laid grows the reach of
the maze before it rather than searching the maze again) and the scenes (per chances and
team). Every figure is the same, float for float, as a search of the whole maze gives: sums of
weights are taken over the open ends in sorted order.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import lru_cache

from motherlode.rules.saboteur import GOALS, OPPOSITE, SIDES, START, STEP, Cell, Node, Placed

SOFT = 0.4  # temperature of the soft minimum over open ends (in cards)
FAR_STEPS = 14  # distances are searched this far (cards)
FAR = float(FAR_STEPS)  # the distance of a goal no open end leads to
WEIGHT = tuple(math.exp(-d / SOFT) for d in range(FAR_STEPS))  # exp(-d / SOFT), d < FAR_STEPS
WEIGHT_OF_CODE = (0.0, *WEIGHT[1:])  # by a cell's distance in a field's planes (0: none)
LAYOUTS_KEPT = 4096  # layouts made before the next round starts a new tree (`Layout.first`)

GOAL_CELLS = frozenset(GOALS)
#: Per side: the step to the cell beside, and that cell's side facing back.
TOWARD = {side: (STEP[side][0], STEP[side][1], OPPOSITE[side]) for side in SIDES}


def passes(placed: Placed, team: str | None) -> bool:
    """A door carries only its own team's diggers; everyone else (team None) passes."""
    return team is None or placed.card.door in ("", team)


# ---- the table as bits ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Grid:
    """The bounded table as bits, for the distance searches: cell `i` (bit `i`) is `cells[i]`,
    column by column (so in sorted order), `ids` the reverse; `near[i]` its neighbours by side
    (N, E, S, W; -1 off the table); `free` the cells that are not goals; `first_row`,
    `last_row`, `table` masks."""

    cells: tuple[Cell, ...]
    ids: dict[Cell, int]
    near: tuple[tuple[int, int, int, int], ...]
    height: int  # rows: the step from a column to the next
    free: int
    first_row: int
    last_row: int
    table: int
    byte_bits: tuple[tuple[tuple[int, ...], ...], ...]  # `_byte_bits` of the table's size

    def indices(self, bits: int) -> list[int]:
        """The numbers of the cells set in `bits`, highest first (read a byte at a time)."""
        found: list[int] = []
        data = bits.to_bytes((bits.bit_length() + 7) >> 3, "big")
        last = len(data) - 1
        byte_bits = self.byte_bits
        for k, byte in enumerate(data):
            if byte:
                found += byte_bits[last - k][byte]
        return found

    def around(self, cells: int) -> int:
        """The cells beside any of `cells` (bits), on the table."""
        return (((cells & ~self.first_row) >> 1) | ((cells & ~self.last_row) << 1)
                | (cells >> self.height) | ((cells << self.height) & self.table))


@lru_cache(maxsize=8)
def grid_of(columns: range, rows: range) -> Grid:
    """The table of these columns and rows as bits (made once)."""
    cells = tuple((col, row) for col in columns for row in rows)
    ids = {cell: i for i, cell in enumerate(cells)}
    near = tuple(tuple(ids.get((cell[0] + dc, cell[1] + dr), -1) for dc, dr, _ in
                       (TOWARD[side] for side in SIDES)) for cell in cells)

    def bits(chosen: Iterable[Cell]) -> int:
        return sum(1 << ids[cell] for cell in chosen)

    return Grid(cells, ids, near, len(rows),  # type: ignore[arg-type]
                bits(c for c in cells if c not in GOALS), bits(c for c in cells if c[1] == rows[0]),
                bits(c for c in cells if c[1] == rows[-1]), bits(cells),
                _byte_bits((len(cells) + 7) // 8))


def _byte_bits(count: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per byte `k` of a mask of `count` bytes and each value of that byte, the numbers of
    the bits it sets, highest first (`Grid.indices`)."""
    return tuple(tuple(tuple(8 * k + i for i in range(7, -1, -1) if byte >> i & 1)
                       for byte in range(256)) for k in range(count))


# ---- distances to the goals -----------------------------------------------------------------

SIDE_INDEX = {side: i for i, side in enumerate(SIDES)}
#: Per card as it lies (by id, the card kept alive here): the card, and its paths' sides as
#: bits (bit k: `SIDES[k]`).
_PATH_SIDES: dict[int, tuple[Placed, tuple[int, ...]]] = {}


def path_sides(placed: Placed) -> tuple[int, ...]:
    """The sides of each path of `placed`, as bits (bit k: `SIDES[k]`)."""
    found = _PATH_SIDES.get(id(placed))
    if found is None or found[0] is not placed:
        found = _PATH_SIDES[id(placed)] = (placed, tuple(
            sum(1 << SIDE_INDEX[side] for side in path) for path in placed.shape.paths))
    return found[1]


@dataclass(frozen=True, slots=True)
class Paths:
    """The card paths of a maze one team may walk, as the searches read them: per node
    (cell id, path index), the cells beside it on the path's sides (bits), and the nodes it
    joins; per cell, the nodes entered from it; `touching`: those cells (bits); `free`: the
    empty cells a card may be laid in that are not goals (bits); `ladders`: the nodes of the
    ladders (and the start), where the team's reach begins."""

    beside: dict[tuple[int, int], int]
    joins: dict[tuple[int, int], list[tuple[int, int]]]
    entered: dict[int, list[tuple[int, int]]]
    touching: int
    free: int
    ladders: list[tuple[int, int]]


def _paths(grid: Grid, cells: dict[Cell, Placed], team: str | None) -> Paths:
    ids, near = grid.ids, grid.near
    free = grid.free
    lying: dict[int, Placed] = {}
    for cell, placed in cells.items():
        i = ids.get(cell)
        if i is not None:
            free &= ~(1 << i)
            if passes(placed, team):
                lying[i] = placed
    beside: dict[tuple[int, int], int] = {}
    joins: dict[tuple[int, int], list[tuple[int, int]]] = {}
    entered: dict[int, list[tuple[int, int]]] = {}
    for i, placed in lying.items():
        for index, path in enumerate(placed.shape.paths):
            node = (i, index)
            mask = 0
            joined: list[tuple[int, int]] = []
            for side in path:
                j = near[i][SIDE_INDEX[side]]
                if j < 0:
                    continue
                mask |= 1 << j
                other = lying.get(j)
                facing = None if other is None else other.path_at.get(OPPOSITE[side])
                if facing is not None:
                    joined.append((j, facing))
                entered.setdefault(j, []).append(node)
            beside[node] = mask
            joins[node] = joined
    touching = sum(1 << j for j in entered)
    ladders = [node for node in beside if lying[node[0]].card.ladder]
    return Paths(beside, joins, entered, touching, free, ladders)


Planes = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Field:
    """Per face-down goal (in the order of the scene's chances), the cards still needed
    (`_field`) from each empty cell, the card laid there counted, as four bit planes of the
    grid (bit k of a cell's distance in plane k; no bit: farther than FAR_STEPS, or not an
    empty cell); and from each card path (`paths`), those within FAR_STEPS. `weights` reads the
    planes one cell at a time, as the scenes ask (a few dozen cells of the ~300)."""

    grid: Grid
    planes: dict[Cell, Planes]
    paths: dict[Cell, dict[Node, int]]
    memo: dict[Cell, tuple[float, ...]]  # `weights` of the cells asked so far

    def steps_to(self, goal: Cell, cell: Cell, path: int) -> int:
        """The cards needed from node (`cell`, `path`) to `goal` (path -1: an empty cell)."""
        if path >= 0:
            return self.paths[goal].get((cell, path), FAR_STEPS)
        i = self.grid.ids.get(cell)
        return (0 if i is None else _code(self.planes[goal], i)) or FAR_STEPS

    def weights(self, cell: Cell) -> tuple[float, ...]:
        """Per goal, exp(-d / SOFT) of the cards `d` needed from the empty `cell` (0 beyond
        FAR_STEPS): the terms of the soft minimum."""
        found = self.memo.get(cell)
        if found is None:
            i = self.grid.ids.get(cell)
            found = tuple(0.0 if i is None else WEIGHT_OF_CODE[_code(planes, i)]
                          for planes in self.planes.values())
            self.memo[cell] = found
        return found


def _code(planes: Planes, i: int) -> int:
    """The distance of cell `i` in `planes` (0: none)."""
    return ((planes[0] >> i & 1) | (planes[1] >> i & 1) << 1 | (planes[2] >> i & 1) << 2
            | (planes[3] >> i & 1) << 3)


def _distances(grid: Grid, paths: Paths, hidden: tuple[Cell, ...]) -> Field:
    """The field of a maze over the `paths` a team may walk."""
    planes: dict[Cell, Planes] = {}
    on_paths: dict[Cell, dict[Node, int]] = {}
    for goal in hidden:
        planes[goal], on_paths[goal] = _field(grid, paths, grid.ids[goal])
    return Field(grid, planes, on_paths, {})


def _field(grid: Grid, paths: Paths, goal: int) -> tuple[Planes, dict[Node, int]]:
    """The cards needed to reach `goal` from each empty cell (the card laid there counted) and
    each card path: a shortest path costing 1 per empty cell and nothing along the paths of
    cards already laid (a cut-off branch is one card away), through no other goal and no door
    the team may not pass. A breadth-first search by distance: the empty cells at distance d
    (bits; the goal's own cell at 0), the card paths they enter and all those paths join (d
    too), then the free cells beside either, not yet reached, at d + 1; up to FAR_STEPS."""
    cells = grid.cells
    planes = [0, 0, 0, 0]
    on_paths: dict[Node, int] = {}
    reached: set[tuple[int, int]] = set()
    beside, joins, entered = paths.beside, paths.joins, paths.entered
    level = 1 << goal
    seen = level
    d = 0
    while True:
        out = grid.around(level)
        entering = level & paths.touching
        todo = [node for i in grid.indices(entering) for node in entered[i]
                if node not in reached] if entering else []
        reached.update(todo)
        while todo:
            node = todo.pop()
            on_paths[cells[node[0]], node[1]] = d
            out |= beside[node]
            for other in joins[node]:
                if other not in reached:
                    reached.add(other)
                    todo.append(other)
        if d == FAR_STEPS - 1:
            break
        level = out & paths.free & ~seen
        if not level:
            break
        seen |= level
        d += 1
        for k in range(4):
            if d >> k & 1:
                planes[k] |= level
    return (planes[0], planes[1], planes[2], planes[3]), on_paths


def _steps_from(cell: Cell, goal: Cell, field: Field, cells: dict[Cell, Placed]) -> int:
    """The cards needed from an empty `cell` to `goal`: one, then the best of its neighbours."""
    best = FAR_STEPS
    for d_col, d_row, facing_side in TOWARD.values():
        near = (cell[0] + d_col, cell[1] + d_row)
        if near == goal:
            return 1
        other = cells.get(near)
        if other is None:
            best = min(best, field.steps_to(goal, near, -1))
        else:
            facing = other.path_at.get(facing_side)
            if facing is not None:
                best = min(best, field.steps_to(goal, near, facing))
    return best + 1


# ---- what a team reaches --------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Reach:
    """The card paths one team reaches from a ladder (`nodes`), and the empty cells on the
    table, not goals, that those paths open into (`ends`; `order`: the same, sorted), in the
    maze `cells`."""

    cells: dict[Cell, Placed]
    nodes: set[Node]
    ends: set[Cell]
    order: tuple[Cell, ...]
    spots: dict[Cell, Spot]  # `spot`'s answers so far

    def spot(self, cell: Cell, team: str | None, grid: Grid) -> Spot:
        """What lies beside the empty `cell` for `team` (worked out once a cell)."""
        found = self.spots.get(cell)
        if found is None:
            found = self.spots[cell] = _spot(self, cell, team, grid)
        return found

    def without(self, cells: dict[Cell, Placed], removed: Placed, cell: Cell) -> Reach | None:
        """The reach once the card `removed` at `cell` is taken away (`cells`: the maze then),
        when none of its paths was reached (the same paths, and `cell` an open end if a
        reached path opens into it); None when one was (then search again)."""
        nodes = self.nodes
        if any((cell, index) in nodes for index in range(len(removed.shape.paths))):
            return None
        for d_col, d_row, facing_side in TOWARD.values():
            beside = (cell[0] + d_col, cell[1] + d_row)
            near = cells.get(beside)
            facing = None if near is None else near.path_at.get(facing_side)
            if facing is not None and (beside, facing) in nodes:
                return _reach(cells, nodes, self.ends | {cell})
        return Reach(cells, nodes, self.ends, self.order, {})

    def grown(self, cells: dict[Cell, Placed], placed: Placed, cell: Cell, team: str | None,
              grid: Grid) -> Reach:
        """The reach once `placed` is laid at the empty `cell` (`cells`: the maze then)."""
        nodes, ends, _ = spread(self, placed, cell, team, grid)
        return _reach(cells, self.nodes.union(nodes), (self.ends - {cell}) | ends)


@dataclass(frozen=True, slots=True)
class Spot:
    """An empty cell as a card laid there meets a team's reach, by side (bit k: `SIDES[k]`):
    `met`, the sides a reached path opens into; `far`, the sides where a card path not yet
    reached lies open to it (a card joining one reaches beyond: `spread` finds how far);
    `fresh`, the empty cells beside on the table, not goals and not yet open ends, as (side
    bit, cell) sorted by cell; `goals`, the face-down goals beside, as (side bit, goal);
    `end`: whether the cell itself is an open end of the reach."""

    met: int
    far: int
    fresh: tuple[tuple[int, Cell], ...]
    goals: tuple[tuple[int, Cell], ...]
    end: bool

    def touched(self, sides: int) -> frozenset[Cell]:
        """The face-down goals beside that `sides` (bits) open into."""
        return frozenset(g for bit, g in self.goals if sides & bit) if self.goals else NONE


NONE: frozenset[Cell] = frozenset()


def _spot(reach: Reach, cell: Cell, team: str | None, grid: Grid) -> Spot:
    cells, nodes = reach.cells, reach.nodes
    met = far = 0
    fresh: list[tuple[Cell, int]] = []
    goals: list[tuple[int, Cell]] = []
    ids = grid.ids
    for k, side in enumerate(SIDES):
        d_col, d_row, facing_side = TOWARD[side]
        beside = (cell[0] + d_col, cell[1] + d_row)
        other = cells.get(beside)
        if other is None:
            if beside in GOAL_CELLS:
                goals.append((1 << k, beside))
            elif beside in ids and beside not in reach.ends:
                fresh.append((beside, 1 << k))
            continue
        facing = other.path_at.get(facing_side)
        if facing is None:
            continue
        if (beside, facing) in nodes:
            met |= 1 << k
        elif team is None or other.card.door in ("", team):
            far |= 1 << k
    return Spot(met, far, tuple((bit, end) for end, bit in sorted(fresh)), tuple(goals),
                cell in reach.ends)


def _reach(cells: dict[Cell, Placed], nodes: set[Node], ends: set[Cell]) -> Reach:
    return Reach(cells, nodes, ends, tuple(sorted(ends)), {})


def flood(cells: dict[Cell, Placed], paths: Paths, grid: Grid, gone: Cell | None = None) -> Reach:
    """What a team reaches in the maze `cells` from its ladders along its `paths` (those of
    the maze before the card at `gone` was taken away, if `gone`)."""
    skip = -1 if gone is None else grid.ids[gone]
    reach = {node for node in paths.ladders if node[0] != skip}
    todo = list(reach)
    beside, joins = paths.beside, paths.joins
    opened = 0
    while todo:
        node = todo.pop()
        opened |= beside[node]
        for other in joins[node]:
            if other[0] != skip and other not in reach:
                reach.add(other)
                todo.append(other)
    empty = paths.free if gone is None else paths.free | 1 << skip
    at = grid.cells
    order = tuple(at[i] for i in reversed(grid.indices(opened & empty)))
    return Reach(cells, {(at[i], k) for i, k in reach}, set(order), order, {})


def spread(reach: Reach, placed: Placed, cell: Cell, team: str | None,
           grid: Grid) -> tuple[list[Node], set[Cell], set[Cell]]:
    """What `placed` laid at the empty `cell` adds to `reach` (what `team` reaches): the paths
    it joins to it (its own, and paths beyond that were cut off), the empty cells on the table
    those open into (not goals), and the face-down goals they touch."""
    added: list[Node] = []
    ends: set[Cell] = set()
    touched: set[Cell] = set()
    if team is not None and placed.card.door not in ("", team):  # `passes`, inline here
        return added, ends, touched
    ladder = placed.card.ladder
    met = 0 if ladder else reach.spot(cell, team, grid).met
    todo: list[tuple[Cell, int, Placed]] = [
        (cell, index, placed) for index, sides in enumerate(path_sides(placed))
        if ladder or sides & met]
    seen = {(c, i) for c, i, _ in todo}
    cells, nodes = reach.cells, reach.nodes
    ids = grid.ids
    while todo:
        at, index, here = todo.pop()
        added.append((at, index))
        for side in here.shape.paths[index]:
            d_col, d_row, facing_side = TOWARD[side]
            beside = (at[0] + d_col, at[1] + d_row)
            other = placed if beside == cell else cells.get(beside)
            if other is None:
                if beside in GOAL_CELLS:
                    touched.add(beside)
                elif beside in ids:
                    ends.add(beside)
                continue
            facing = other.path_at.get(facing_side)
            if facing is None or (team is not None and other.card.door not in ("", team)):
                continue
            node = (beside, facing)
            if node not in seen and node not in nodes:
                seen.add(node)
                todo.append((beside, facing, other))
    return added, ends, touched


# ---- mazes, made once -----------------------------------------------------------------------

#: Per start card and table: the start card, and the first layout of a round.
_FIRST: dict[tuple[int, range, range], tuple[Placed, Layout]] = {}


class Layout:
    """One maze as the bots read it from the log: its face-up cards by cell, and what is
    worked out of it once for every bot of the process (`paths`, `reach`, `field`, `scene`).
    `origin`: the layout this one was made from, the cell that changed and the card laid there
    (None: taken away); None for a round's first maze."""

    __slots__ = ("_fields", "_next", "_paths", "_reach", "_scenes", "cells", "colours", "grid",
                 "origin")
    made = 0  # layouts made since the last new tree (`first`)

    def __init__(self, cells: dict[Cell, Placed], grid: Grid,
                 origin: tuple[Layout, Cell, Placed | None] | None = None) -> None:
        Layout.made += 1
        self.cells = cells
        self.grid = grid
        self.origin = origin
        self.colours = frozenset(p.card.door for p in cells.values()) - {""}  # of its doors
        self._next: dict[tuple[Cell, int | None], Layout] = {}
        self._paths: dict[str | None, Paths] = {}
        self._reach: dict[str | None, Reach] = {}
        self._fields: dict[tuple[tuple[Cell, ...], str | None], Field] = {}
        self._scenes: dict[tuple[tuple[tuple[Cell, float], ...], str | None], Scene] = {}

    @staticmethod
    def first(start: Placed, columns: range, rows: range) -> Layout:
        """A round's first maze, the start card alone: one per start card and table, until
        LAYOUTS_KEPT layouts have been made (then a new one; bots keep the old while they
        hold it)."""
        key = (id(start), columns, rows)
        found = _FIRST.get(key)
        if found is None or found[0] is not start or Layout.made > LAYOUTS_KEPT:
            Layout.made = 0
            found = _FIRST[key] = (start, Layout({START: start}, grid_of(columns, rows)))
        return found[1]

    def laid(self, cell: Cell, placed: Placed) -> Layout:
        """This maze with `placed` laid at the empty `cell`."""
        key = (cell, id(placed))  # `placed` is kept alive by the layout made
        found = self._next.get(key)
        if found is None:
            cells = dict(self.cells)
            cells[cell] = placed
            found = self._next[key] = Layout(cells, self.grid, (self, cell, placed))
        return found

    def cleared(self, cell: Cell) -> Layout:
        """This maze with the card at `cell` taken away (a rockfall)."""
        key = (cell, None)
        found = self._next.get(key)
        if found is None:
            cells = dict(self.cells)
            del cells[cell]
            found = self._next[key] = Layout(cells, self.grid, (self, cell, None))
        return found

    def walker(self, team: str | None) -> str | None:
        """The team whose doors matter here: None when no door of another colour lies in the
        maze (every path is then open to `team`)."""
        return team if team is not None and self.colours - {team} else None

    def paths(self, team: str | None) -> Paths:
        """The card paths `team` may walk."""
        walker = self.walker(team)
        found = self._paths.get(walker)
        if found is None:
            found = self._paths[walker] = _paths(self.grid, self.cells, walker)
        return found

    def reach(self, team: str | None) -> Reach:
        """What `team` reaches: from the maze this one was made from if that one's is known
        (a card laid grows it; a card taken away is skipped along that maze's paths)."""
        found = self._reach.get(team)
        if found is None:
            found = self._reach[team] = self._reach_anew(team)
        return found

    def _reach_anew(self, team: str | None) -> Reach:
        if self.origin is not None:
            before, cell, placed = self.origin
            known = before._reach.get(team)
            if placed is None:
                if known is not None and cell in before.cells:
                    kept = known.without(self.cells, before.cells[cell], cell)
                    if kept is not None:
                        return kept
                return flood(self.cells, before.paths(team), self.grid, cell)
            if known is not None and cell not in before.cells:
                return known.grown(self.cells, placed, cell, team, self.grid)
        return flood(self.cells, self.paths(team), self.grid)

    def field(self, hidden: tuple[Cell, ...], team: str | None) -> Field:
        """The distances to the face-down goals `hidden` for `team`."""
        key = (hidden, self.walker(team))
        found = self._fields.get(key)
        if found is None:
            found = self._fields[key] = _distances(self.grid, self.paths(team), hidden)
        return found

    def scene(self, chance: dict[Cell, float], team: str | None) -> Scene:
        """The maze as `team` reaches it, with `chance` that each face-down goal (its keys,
        in the order of GOALS) hides the treasure."""
        key = (tuple(chance.items()), team)
        found = self._scenes.get(key)
        if found is None:
            found = self._scenes[key] = Scene.of(self, chance, team)
        return found


# ---- scenes ---------------------------------------------------------------------------------

@dataclass(slots=True)
class Scene:
    """The maze as one team reaches it: open ends, distances, and `phi`, the expected cards
    still needed to reach the treasure (`totals`: per goal, the weights of the open ends
    summed). Never changed once made, but for the memos of `phi_without` and `after_lay`."""

    layout: Layout
    chance: dict[Cell, float]  # per face-down goal, the chance it is the treasure
    team: str | None
    reach: Reach
    field: Field
    totals: list[float]
    likely: tuple[tuple[int, Cell, float], ...]  # (index, goal, chance) of goals with a chance
    phi: float
    without: dict[Cell, float]  # `phi_without`'s
    after: dict[tuple[Cell, int], tuple[float, frozenset[Cell]]]  # `after_lay`'s

    @staticmethod
    def of(layout: Layout, chance: dict[Cell, float], team: str | None) -> Scene:
        reach = layout.reach(team)
        field = layout.field(tuple(chance), team)
        totals = _totals(field, reach.order)
        likely = tuple((k, g, p) for k, (g, p) in enumerate(chance.items()) if p > 0.0)
        scene = Scene(layout, chance, team, reach, field, totals, likely, 0.0, {}, {})
        scene.phi = scene.phi_of(totals)
        return scene

    @property
    def cells(self) -> dict[Cell, Placed]:
        return self.layout.cells

    def total(self, goal: Cell) -> float:
        """The weights of the open ends summed for `goal` (0 for a goal not face down)."""
        goals = tuple(self.chance)
        return self.totals[goals.index(goal)] if goal in self.chance else 0.0

    def soft(self, total: float) -> float:
        return FAR if total <= 0.0 else min(FAR, -SOFT * math.log(total))

    def phi_of(self, totals: list[float], touched: Collection[Cell] = ()) -> float:
        """The sum over the goals that may hold the treasure of their chance times `soft` of
        their sum of weights (0 for a goal `touched`), added in the goals' order."""
        phi = 0.0
        log = math.log
        for k, g, p in self.likely:
            if g not in touched:
                total = totals[k]
                phi += p * (FAR if total <= 0.0 else min(FAR, -SOFT * log(total)))
        return phi

    def opened(self, placed: Placed, cell: Cell) -> tuple[Spot, int]:
        """The empty `cell` as this scene's team meets it, and the sides (bits) by which the
        paths of `placed` laid there that join the reach leave it; -1 when one of those meets
        a card path not yet reached (`spread` then finds how far the reach goes)."""
        reach = self.reach
        spot = reach.spots.get(cell)
        if spot is None:
            spot = reach.spot(cell, self.team, self.layout.grid)
        card = placed.card
        team = self.team
        sides = 0
        if team is None or card.door == "" or card.door == team:  # `passes`, inline here
            met = spot.met
            ladder = card.ladder
            for path in path_sides(placed):
                if ladder or path & met:
                    sides |= path
            if sides & spot.far:
                return spot, -1
        return spot, sides

    def touches(self, placed: Placed, cell: Cell) -> frozenset[Cell]:
        """The face-down goals a card laid at `cell` touches, for this scene's team."""
        spot, sides = self.opened(placed, cell)
        if sides < 0:
            return frozenset(spread(self.reach, placed, cell, self.team, self.layout.grid)[2])
        return spot.touched(sides)

    def after_lay(self, placed: Placed, cell: Cell) -> tuple[float, frozenset[Cell]]:
        """`phi` once the card lies at `cell`, and the face-down goals it touches: worked out
        once a scene per cell and sides the card opens (`opened`; a card reaching beyond its
        neighbours each time), for all the cards and bots that ask."""
        spot, sides = self.opened(placed, cell)
        if sides < 0:
            _, ends, touched = spread(self.reach, placed, cell, self.team, self.layout.grid)
            closed = cell if spot.end else None
            return self._phi_with(closed, sorted(ends - self.reach.ends), touched), \
                frozenset(touched)
        key = (cell, sides)
        found = self.after.get(key)
        if found is None:
            goals = spot.touched(sides)
            found = self.after[key] = (
                self._phi_with(cell if spot.end else None,
                               [end for bit, end in spot.fresh if sides & bit], goals), goals)
        return found

    def _phi_with(self, closed: Cell | None, new: list[Cell],
                  touched: Collection[Cell]) -> float:
        """`phi` with the open end `closed` (if one) closed, the open ends `new` (sorted: the
        same float sums every run) added, and the goals `touched` reached."""
        totals = list(self.totals)
        field = self.field
        memo = field.memo
        if closed is not None:
            for k, w in enumerate(memo.get(closed) or field.weights(closed)):
                totals[k] -= w
        for end in new:
            for k, w in enumerate(memo.get(end) or field.weights(end)):
                totals[k] += w
        return self.phi_of(totals, touched)

    def phi_without(self, cell: Cell) -> float:
        """`phi` once a rockfall takes the card at `cell` away (worked out once a scene). It
        keeps this scene's distances, the emptied cell's worked out from its neighbours': a
        route that ran along the card removed now costs a card more, as a route through that
        cell does."""
        phi = self.without.get(cell)
        if phi is None:
            layout = self.layout.cleared(cell)
            freed = tuple(math.exp(-_steps_from(cell, goal, self.field, layout.cells) / SOFT)
                          for goal in self.chance)
            totals = _totals(self.field, layout.reach(self.team).order, (cell, freed))
            phi = self.without[cell] = self.phi_of(totals)
        return phi


def _totals(field: Field, ends: tuple[Cell, ...],
            freed: tuple[Cell, tuple[float, ...]] | None = None) -> list[float]:
    """Per goal, the weights of `ends` (sorted) summed in their order (`freed`: a cell and
    its weights, in place of the field's)."""
    weights = [freed[1] if freed is not None and end == freed[0] else field.weights(end)
               for end in ends]
    return [sum(w[k] for w in weights) for k in range(len(field.planes))]
