"""A heuristic Saboteur Gold bot: it plays its dwarf's role from its seat's view only.

It never sees the state: only its view, the legal actions and the game's public card data
(`game.placed_card`, `game.path_card`, `game.actions`, `game.dwarf`). Everything it knows of the
maze it rebuilds from the view's `maze`, `goals` and `log`.

The core is the **distance to the treasure**, `Scene.phi`: for each face-down goal, the chance
that it is the treasure (a goal it has mapped is 0 or 1, a turned-up stone 0, the others share
what is left) times a soft minimum, over the maze's open ends (empty cells a reached path opens
into), of the number of cards still needed from that end to the goal: a shortest path over the
bounded table that costs a card per empty cell and nothing along the paths of cards already
laid, so a branch a rockfall cut off is one card away (`_field`, worked out once per maze and
shared by all bots in a process). The soft minimum (temperature `SOFT`) makes a second open end
near the goal worth a little, so blocking one of two equal ends counts. A Digger reaches only
through doors of its own colour (a green digger's ends stop at a blue door), the Boss and the
others through every door.

- **Builders** (green, blue and base diggers, the Boss, the Profiteer; the Geologist mildly)
  score a placement by how much it lowers `phi` (the ends it opens, the cut-off paths it
  reconnects, the goals it touches: touching the likely treasure is a bonus, touching it behind
  a door of the other colour a penalty), a rockfall by how much removing the card lowers it, a
  map by the goals still unknown (more early on). They repair themselves first, then players
  they believe are on their side, and break, trap or swap the hats of players they believe are
  Saboteurs.
- **Saboteurs** score placements and rockfalls by how much they raise `phi` (dead ends and
  turns away at the front of the main path, the key card nearest the goals), break and trap
  the players who have made the most progress this round (more as the path nears the goals),
  never complete a path to a goal that may hold the treasure, and early on may lay a harmless
  card rather than pass (pretending, `pretend`).
- **The Geologist** lays crystal cards wherever legal, where they block least.
- **Everyone**: plays Theft, Hands Off on others' thefts, Free at Last on itself; with nothing
  worth doing, passes by discarding the least useful card (and up to two more nearly useless
  ones), or pays two weak cards to fix its own tool (D) when it holds no repair; steals from
  the richest other seat; in the base edition takes the most valuable gold card.

**Beliefs** (per round, as dwarves are dealt again): a score per seat in log-odds of being a
Saboteur, from a prior (the Saboteurs among the dwarves) and the log: a placement that raises
`phi` as the bot saw it then is suspicious and one that lowers it trusted, a rockfall likewise;
breaking or trapping a trusted player is suspicious and a suspected one trusted (and the
reverse for repairs and Free at Last); Inspection is certain; Swap Your Hats forgets the
target. The bot replays the round's `place`, `goal` and rockfall events on its own copy of the
maze to judge each placement.

Ties between equally good actions go to the first in the game's legal order, so a bot is
deterministic; its seed is kept for a future randomised variant.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from motherlode.engine import Action, Game, View
from motherlode.rules.saboteur import (
    GOALS,
    OPPOSITE,
    PHASES,
    SIDES,
    START,
    STEP,
    CardPlayed,
    Cell,
    Discard,
    Draw,
    Fix,
    GoalTurnedUp,
    Node,
    PathLaid,
    Phase,
    Place,
    Placed,
    PlayAt,
    PlayedAt,
    PlayOn,
    RoundBegan,
    Saboteur,
    SaboteurView,
    Steal,
    TableauView,
    Take,
    from_json,
    inspected_dwarves,
    is_saboteur_view,
)

SOFT = 0.4  # temperature of the soft minimum over open ends (in cards)
FAR_STEPS = 14  # distances are searched this far (cards)
FAR = float(FAR_STEPS)  # the distance of a goal no open end leads to
COMPLETE = 3.0  # bonus per unit chance of reaching the treasure now (a Builder)
WASTED = 5.0  # penalty per unit chance of a round ended for nothing (Builder) or lost (Saboteur)
PASS = 0.05  # the worth of passing: anything less good is not done
DISCARD_MORE = 0.2  # while passing, other cards worth less than this are discarded too
SUSPICIOUS = 0.4  # a change of `phi` (cards) that tells about the player who made it



def _step(cell: Cell, side: str) -> Cell:
    d_col, d_row = STEP[side]
    return cell[0] + d_col, cell[1] + d_row


def _passes(placed: Placed, team: str | None) -> bool:
    """A door carries only its own team's diggers; everyone else (team None) passes."""
    return team is None or placed.card.door in ("", team)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


# ---- distances to the goals -------------------------------------------------------------

class Layout:
    """The face-up cards of a maze, hashable (by cell and card object: `game.placed_card`
    gives one object per card and way up) so that distances are worked out once per maze."""

    __slots__ = ("_hash", "cells", "key")

    def __init__(self, cells: dict[Cell, Placed]) -> None:
        self.cells = cells
        self.key = frozenset((cell, id(placed)) for cell, placed in cells.items())
        self._hash = hash(self.key)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and self.key == other.key


SIDE_INDEX = {side: i for i, side in enumerate(SIDES)}
OPPOSITE_INDEX = tuple(SIDE_INDEX[OPPOSITE[side]] for side in SIDES)


@dataclass(frozen=True, slots=True)
class Grid:
    """The bounded table as bits, for the distance searches: cell `i` (bit `i`) is `cells[i]`,
    column by column, `ids` the reverse; `near[i]` its neighbours by side (N, E, S, W; -1 off
    the table); `free` the cells that are not goals; `first_row`, `last_row`, `table` masks."""

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
def _grid(columns: range, rows: range) -> Grid:
    cells = tuple((col, row) for col in columns for row in rows)
    ids = {cell: i for i, cell in enumerate(cells)}
    near = tuple(tuple(ids.get(_step(cell, side), -1) for side in SIDES) for cell in cells)

    def bits(chosen: Iterable[Cell]) -> int:
        return sum(1 << ids[cell] for cell in chosen)

    return Grid(cells, ids, near, len(rows),  # type: ignore[arg-type]
                bits(c for c in cells if c not in GOALS), bits(c for c in cells if c[1] == rows[0]),
                bits(c for c in cells if c[1] == rows[-1]), bits(cells),
                _byte_bits((len(cells) + 7) // 8))


WEIGHT = tuple(math.exp(-d / SOFT) for d in range(FAR_STEPS))  # exp(-d / SOFT), d < FAR_STEPS


@dataclass(frozen=True, slots=True)
class Paths:
    """The card paths of a maze one team may walk, as the searches read them: per node
    (cell id, path index), the cells beside it on the path's sides (bits), and the nodes it
    joins; per cell, the nodes entered from it; `touching`: those cells (bits); `free`: the
    empty cells a card may be laid in that are not goals (bits)."""

    beside: dict[tuple[int, int], int]
    joins: dict[tuple[int, int], list[tuple[int, int]]]
    entered: dict[int, list[tuple[int, int]]]
    touching: int
    free: int


def _paths(grid: Grid, cells: dict[Cell, Placed], team: str | None) -> Paths:
    ids, near = grid.ids, grid.near
    free = grid.free
    lying: dict[int, Placed] = {}
    for cell, placed in cells.items():
        i = ids.get(cell)
        if i is not None:
            free &= ~(1 << i)
            if _passes(placed, team):
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
    return Paths(beside, joins, entered, touching, free)


@dataclass(frozen=True, slots=True)
class Field:
    """Per face-down goal, the cards still needed (`_field`) from each empty cell (`empty`:
    the card laid there counted) and from each card path (`paths`), those within FAR_STEPS;
    and the weight exp(-d / SOFT) of each empty cell (the soft minimum's terms)."""

    empty: dict[Cell, dict[Cell, int]]
    paths: dict[Cell, dict[Node, int]]
    weight: dict[Cell, dict[Cell, float]]

    def steps_to(self, goal: Cell, cell: Cell, path: int) -> int:
        """The cards needed from node (`cell`, `path`) to `goal` (path -1: an empty cell)."""
        if path < 0:
            return self.empty[goal].get(cell, FAR_STEPS)
        return self.paths[goal].get((cell, path), FAR_STEPS)


@lru_cache(maxsize=4096)
def _distances(layout: Layout, hidden: tuple[Cell, ...], team: str | None, columns: range,
               rows: range) -> Field:
    """The field of a maze for `team` (None: doors ignored). Pure: shared by every bot."""
    grid = _grid(columns, rows)
    paths = _paths(grid, layout.cells, team)
    empty: dict[Cell, dict[Cell, int]] = {}
    on_paths: dict[Cell, dict[Node, int]] = {}
    for goal in hidden:
        empty[goal], on_paths[goal] = _field(grid, paths, grid.ids[goal])
    weight = {goal: {cell: WEIGHT[d] for cell, d in dist.items()} for goal, dist in empty.items()}
    return Field(empty, on_paths, weight)


def _byte_bits(count: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per byte `k` of a mask of `count` bytes and each value of that byte, the numbers of
    the bits it sets, highest first (`Grid.indices`)."""
    return tuple(tuple(tuple(8 * k + i for i in range(7, -1, -1) if byte >> i & 1)
                       for byte in range(256)) for k in range(count))


def _field(grid: Grid, paths: Paths, goal: int) -> tuple[dict[Cell, int], dict[Node, int]]:
    """The cards needed to reach `goal` from each empty cell (the card laid there counted) and
    each card path: a shortest path costing 1 per empty cell and nothing along the paths of
    cards already laid (a cut-off branch is one card away), through no other goal and no door
    the team may not pass. A breadth-first search by distance: the empty cells at distance d
    (bits; the goal's own cell at 0), the card paths they enter and all those paths join (d
    too), then the free cells beside either, not yet reached, at d + 1; up to FAR_STEPS."""
    cells = grid.cells
    empty: dict[Cell, int] = {}
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
            return empty, on_paths
        level = out & paths.free & ~seen
        if not level:
            return empty, on_paths
        seen |= level
        d += 1
        for i in grid.indices(level):
            empty[cells[i]] = d


@dataclass
class Scene:
    """The maze as one team reaches it: open ends, distances, and `phi`, the expected cards
    still needed to reach the treasure."""

    cells: dict[Cell, Placed]
    hidden: tuple[Cell, ...]  # face-down goals
    chance: dict[Cell, float]  # per face-down goal, the chance it is the treasure
    team: str | None
    columns: range
    rows: range
    reach: set[Node]
    ends: set[Cell]
    field: Field
    weight: dict[Cell, dict[Cell, float]]  # per goal, exp(-distance / SOFT) per empty cell
    sums: dict[Cell, float]  # per goal, the weights of the ends summed
    phi: float
    without: dict[Cell, float] = dataclasses.field(default_factory=dict)  # `phi_without`'s

    def inside(self, cell: Cell) -> bool:
        return cell[0] in self.columns and cell[1] in self.rows

    def soft(self, total: float) -> float:
        return FAR if total <= 0.0 else min(FAR, -SOFT * math.log(total))

    def phi_of(self, sums: dict[Cell, float], touched: Iterable[Cell] = ()) -> float:
        """The sum over the goals that may hold the treasure of their chance times `soft` of
        their sum of weights (0 for a goal `touched`), added in the goals' order."""
        touched = set(touched)
        phi: float = 0
        log = math.log
        for g, p in self.chance.items():
            if p > 0.0:
                if g in touched:
                    phi += p * 0.0
                else:
                    total = sums[g]
                    phi += p * (FAR if total <= 0.0 else min(FAR, -SOFT * log(total)))
        return phi

    def lay(self, placed: Placed, cell: Cell) -> tuple[set[Cell], set[Cell]]:
        """The open ends a card laid at `cell` adds (its own paths, and paths beyond that were
        cut off) and the face-down goals it touches, for this scene's team."""
        ends: set[Cell] = set()
        touched: set[Cell] = set()
        if not _passes(placed, self.team):
            return ends, touched
        cells, reach = self.cells, self.reach
        todo: list[tuple[Cell, int, Placed]] = []
        for index, path in enumerate(placed.shape.paths):
            if placed.card.ladder:
                todo.append((cell, index, placed))
                continue
            for side in path:
                near = cells.get(_step(cell, side))
                if near is not None:
                    facing = near.path_at.get(OPPOSITE[side])
                    if facing is not None and (_step(cell, side), facing) in reach:
                        todo.append((cell, index, placed))
                        break
        seen = {(c, i) for c, i, _ in todo}
        while todo:
            at, index, here = todo.pop()
            for side in here.shape.paths[index]:
                beside = _step(at, side)
                other = placed if beside == cell else cells.get(beside)
                if other is None:
                    if beside in self.chance:
                        touched.add(beside)
                    elif self.inside(beside) and beside not in GOALS:
                        ends.add(beside)
                    continue
                facing = other.path_at.get(OPPOSITE[side])
                if facing is None or not _passes(other, self.team):
                    continue
                node = (beside, facing)
                if node not in seen and node not in reach:
                    seen.add(node)
                    todo.append((beside, facing, other))
        return ends, touched

    def after_lay(self, placed: Placed, cell: Cell) -> tuple[float, set[Cell]]:
        """`phi` once the card lies at `cell`, and the face-down goals it touches."""
        new_ends, touched = self.lay(placed, cell)
        sums = dict(self.sums)
        if cell in self.ends:
            for g in sums:
                sums[g] -= self.weight[g].get(cell, 0.0)
        for end in sorted(new_ends - self.ends):  # sorted: the same float sums every run
            for g in sums:
                sums[g] += self.weight[g].get(end, 0.0)
        return self.phi_of(sums, touched), touched

    def phi_without(self, cell: Cell) -> float:
        """`phi` once a rockfall takes the card at `cell` away (worked out once a scene)."""
        phi = self.without.get(cell)
        if phi is None:
            cells = dict(self.cells)
            del cells[cell]
            phi = build_scene(cells, self.hidden, self.chance, self.team, self.columns,
                              self.rows, self.field, cell).phi
            self.without[cell] = phi
        return phi


SCENES_KEPT = 1024  # whole-maze scenes shared by the bots of a process (`shared_scene`)
_SCENES: dict[tuple[object, ...], Scene] = {}


def shared_scene(cells: dict[Cell, Placed], hidden: tuple[Cell, ...],
                 chance: dict[Cell, float], team: str | None, columns: range,
                 rows: range) -> Scene:
    """`build_scene` of a whole maze, shared by every bot of the process: the same cards
    in the same order (`game.placed_card`'s objects, which the scene keeps alive), the same
    chances and team give the same scene. Scenes are never changed once made (but for
    `phi_without`'s memo)."""
    key = (tuple([(cell, id(placed)) for cell, placed in cells.items()]), hidden,
           tuple(chance.items()), team, columns, rows)
    scene = _SCENES.get(key)
    if scene is None:
        if len(_SCENES) >= SCENES_KEPT:
            _SCENES.clear()
        scene = build_scene(cells, hidden, chance, team, columns, rows)
        _SCENES[key] = scene
    return scene


def build_scene(cells: dict[Cell, Placed], hidden: tuple[Cell, ...], chance: dict[Cell, float],
                team: str | None, columns: range, rows: range,
                field: Field | None = None, free: Cell | None = None) -> Scene:
    """The scene of a maze for `team`. A rockfall's scene keeps the `field` of the maze before
    it, `free` (the cell emptied) worked out from its neighbours': a route that ran along the
    card removed now costs a card more, as a route through that cell does."""
    if field is None:
        doors = team is not None and any(p.card.door not in ("", team) for p in cells.values())
        field = _distances(Layout(cells), hidden, team if doors else None, columns, rows)
    weight = field.weight
    if free is not None:
        weight = {goal: dict(w) for goal, w in weight.items()}
        for goal in hidden:
            weight[goal][free] = math.exp(-_steps_from(free, goal, field, cells) / SOFT)
    reach: set[Node] = {(c, i) for c, p in cells.items() if p.card.ladder and _passes(p, team)
                        for i in range(len(p.shape.paths))}
    todo = list(reach)
    ends: set[Cell] = set()
    while todo:
        cell, index = todo.pop()
        for side in cells[cell].shape.paths[index]:
            beside = _step(cell, side)
            other = cells.get(beside)
            if other is None:
                if beside not in GOALS and beside[0] in columns and beside[1] in rows:
                    ends.add(beside)
                continue
            facing = other.path_at.get(OPPOSITE[side])
            if facing is not None and (beside, facing) not in reach and _passes(other, team):
                reach.add((beside, facing))
                todo.append((beside, facing))
    sums = {g: sum(weight[g].get(e, 0.0) for e in sorted(ends)) for g in hidden}
    scene = Scene(cells, hidden, chance, team, columns, rows, reach, ends, field, weight, sums,
                  0.0)
    scene.phi = scene.phi_of(sums)
    return scene


def _steps_from(cell: Cell, goal: Cell, field: Field, cells: dict[Cell, Placed]) -> int:
    """The cards needed from an empty `cell` to `goal`: one, then the best of its neighbours."""
    best = FAR_STEPS
    for side in STEP:
        near = _step(cell, side)
        if near == goal:
            return 1
        other = cells.get(near)
        if other is None:
            best = min(best, field.steps_to(goal, near, -1))
        else:
            facing = other.path_at.get(OPPOSITE[side])
            if facing is not None:
                best = min(best, field.steps_to(goal, near, facing))
    return best + 1


# ---- the bot ------------------------------------------------------------------------------

BUILDER_KEEP = {  # how much a Builder wants to keep an action card, by kind
    "repair": 0.6, "broken": 0.5, "trapped": 0.55, "free_at_last": 0.4, "rockfall": 0.5,
    "map": 0.7, "theft": 1.5, "hands_off": 0.25, "inspection": 0.3, "swap_hats": 0.2,
    "swap_hand": 0.1,
}
SABOTEUR_KEEP = {
    "repair": 0.35, "broken": 0.9, "trapped": 0.9, "free_at_last": 0.3, "rockfall": 0.9,
    "map": 0.4, "theft": 1.5, "hands_off": 0.25, "inspection": 0.2, "swap_hats": 0.2,
    "swap_hand": 0.1,
}


class SaboteurHeuristic:
    """Builds toward the likeliest treasure or blocks it, as its dwarf's role wants."""

    lean_view = "log"  # reads the view's log, never its decision (`bots.base.bot_view`)
    pretend = True  # a Saboteur lays harmless cards early rather than pass
    map_slope = 0.15  # a Builder's map is worth 0.3 + this per card still to go (up to 6)

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        if not isinstance(game, Saboteur):
            raise TypeError(f"the Saboteur bot cannot play {game.name}")
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self.players = game.num_players
        base = self.game.edition == "base"
        if base:
            row = self.game.cards.rules.base_row(self.players)
            self.saboteurs, self.dwarves = row.saboteurs, row.saboteurs + row.diggers
        else:
            dwarves = self.game.cards.dwarves
            self.saboteurs = sum(d.count for d in dwarves if d.role == "saboteur")
            self.dwarves = sum(d.count for d in dwarves)
        self.start = self.game.placed_card("start")
        # what the bot has read of the log, and its beliefs for the round
        self.read = 0
        self.suspicion = [0.0] * self.players  # log-odds evidence of being a Saboteur
        self.progress = [0.0] * self.players  # cards laid this round that brought the goal near
        self.replay: dict[Cell, Placed] = {}
        self.replay_hidden: list[Cell] = list(GOALS)
        self.scenes: dict[tuple[int, int, str | None], Scene] = {}

    # --- who the bot is ------------------------------------------------------------------
    def _role(self, view: SaboteurView) -> tuple[str, str | None]:
        """(role, team for reaching): team None passes every door."""
        dwarf = view["dwarf"]
        if dwarf == "base-saboteur":
            return "saboteur", None
        if dwarf == "base-digger" or dwarf not in self.game.dwarf:
            return "digger", None
        d = self.game.dwarf[dwarf]
        return d.role, (d.team or None)

    # --- dispatch --------------------------------------------------------------------------
    def choose(self, seen: View, legal: Sequence[Action]) -> Action:
        if not is_saboteur_view(seen):
            raise ValueError(f"the Saboteur bot was given a view of {seen['game']}")
        view = seen
        phase = view["phase"]
        if phase == PHASES[Phase.STEAL]:
            gold = view["gold"]
            steals = [a for a in legal if isinstance(a, Steal)]
            if steals:
                return max(steals, key=lambda a: (gold[a.seat], -a.seat))
        elif phase == PHASES[Phase.GOLD]:
            takes = [a for a in legal if isinstance(a, Take)]
            if takes:
                return max(takes, key=lambda a: a.value)
        elif phase in PHASES[Phase.TURN:Phase.FIXING + 1]:
            return self._turn(view, legal)
        return legal[0]

    def saboteur_chances(self, seen: View) -> list[float]:
        """The chance, as the bot judges from the round's log so far, that each seat is a
        Saboteur (its own seat: certain): for a search that deals the roles as it believes."""
        if not is_saboteur_view(seen):
            raise ValueError(f"the Saboteur bot was given a view of {seen['game']}")
        role, _ = self._role(seen)
        self._read_log(seen, role)
        return self._beliefs(seen, role)

    def explain(self, seen: View, legal: Sequence[Action]) -> tuple[Action, str]:
        """The action `choose` takes and why, in one line from the bot's view: its dwarf, then
        what the action does for it (the path's distance, whom it suspects)."""
        action = self.choose(seen, legal)
        if not is_saboteur_view(seen):  # choose has refused it already
            raise ValueError(f"the Saboteur bot was given a view of {seen['game']}")
        return action, f"{self._who_i_am(seen)}: {self._reason(seen, action)}"

    # --- reasons ---------------------------------------------------------------------------
    def _who_i_am(self, view: SaboteurView) -> str:
        dwarf = view["dwarf"] or ""
        if dwarf.startswith("base-"):
            return dwarf.removeprefix("base-")
        known = self.game.dwarf.get(dwarf)
        if known is None:
            return "a dwarf"
        return f"{known.team} digger" if known.role == "digger" else known.role

    def _reason(self, view: SaboteurView, action: Action) -> str:
        """What the action chosen does for the bot's dwarf, in plain words."""
        if isinstance(action, Steal):
            return (f"steals from seat {action.seat}, the richest other player "
                    f"({view['gold'][action.seat]} gold)")
        if isinstance(action, Take):
            return f"takes the most valuable gold card ({action.value})"
        if isinstance(action, Draw):
            return "ends the pass: the cards left are worth keeping"
        if isinstance(action, Discard):
            if view["phase"] == PHASES[Phase.FIXING]:
                return f"pays for the mend with {action.card}, the card you need least"
            if view["phase"] == PHASES[Phase.PASSING]:
                return f"passes on {action.card} too, nearly useless now"
            return f"nothing is worth playing: passes, discarding {action.card}"
        if isinstance(action, Fix):
            what = "get out of the trap" if action.what == "trapped" else \
                f"mend your {action.what}"
            return f"pays two weak cards (D) to {what} and lay path cards again"
        role, team = self._role(view)
        scene = self._scene(view, team)
        if isinstance(action, Place):
            return self._place_reason(action, role, scene)
        if isinstance(action, PlayAt):
            return self._play_at_reason(action, role, scene)
        if isinstance(action, PlayOn):
            return self._play_on_reason(action, view, role)
        return "the first thing it may do"

    def _place_reason(self, a: Place, role: str, scene: Scene) -> str:
        placed = self.game.placed_card(a.card, a.turned)
        phi, touched = scene.after_lay(placed, (a.col, a.row))
        treasure = sum(scene.chance.get(g, 0.0) for g in sorted(touched))
        change = scene.phi - phi
        at = f"{a.card} at {a.col} {a.row}"
        if role == "saboteur":
            if change < -0.05:
                return f"{at} leads the path away from the goals"
            return f"{at} looks harmless, as a digger's card would"
        if role == "geologist" and placed.card.crystals:
            return f"{at} puts a crystal in the maze (a Geologist's gold)"
        if treasure > 0.0:
            return f"{at} reaches a goal that may hold the treasure ({treasure:.0%})"
        if change > 0.05:
            cards = round(phi)
            return f"{at} extends the path toward the goals ({cards} card{'s' * (cards != 1)} " \
                "to go)"
        return f"{at} keeps the path going without losing ground"

    def _play_at_reason(self, a: PlayAt, role: str, scene: Scene) -> str:
        at = f"{a.col} {a.row}"
        if self.game.actions[a.card].kind == "map":
            return f"looks at the goal at {at}: where the treasure lies is still unknown"
        if role == "saboteur":
            return f"a rockfall at {at} cuts the path on its way to the goals"
        return f"a rockfall at {at} clears a card that blocks the way to the goals"

    def _play_on_reason(self, a: PlayOn, view: SaboteurView, role: str) -> str:
        kind = self.game.actions[a.card].kind
        target = "you" if a.seat == self.seat else f"seat {a.seat}"
        q = self._beliefs(view, role)[a.seat]
        odds = f"{q:.0%} likely a saboteur"
        if kind == "theft":
            return "lays a Theft card: you steal 1 gold after the share-out"
        if kind == "hands_off":
            return f"removes seat {a.seat}'s Theft card before it steals"
        if kind in ("repair", "free_at_last"):
            what = "frees" if kind == "free_at_last" else "mends"
            if a.seat == self.seat:
                return f"{what} you, to lay path cards again"
            if role == "saboteur":
                return f"{what} {target}, likely a fellow saboteur ({q:.0%})"
            return f"{what} {target}, who seems on your side ({odds})"
        if kind in ("broken", "trapped"):
            if role != "saboteur":
                return f"blocks {target}, who looks like a saboteur ({q:.0%})"
            if self.progress[a.seat] > 0.0:
                return f"stops {target}, who has been bringing the path nearer the goals"
            return f"stops {target}, a digger as far as you can tell ({odds})"
        if kind == "inspection":
            return f"looks at {target}'s dwarf: unsure whose side they are on ({odds})"
        if kind == "swap_hats":
            return f"gives {target} a new dwarf: they look like a saboteur ({q:.0%})"
        return f"plays {a.card} on {target}, the card you need least"

    # --- the turn ----------------------------------------------------------------------------
    def _turn(self, view: SaboteurView, legal: Sequence[Action]) -> Action:
        role, team = self._role(view)
        self._read_log(view, role)
        scene = self._scene(view, team)
        me = view["tableaux"][self.seat]
        hand: list[str] = view["hand"] or []
        places = [a for a in legal if isinstance(a, Place)]
        placed: dict[Action, float] = {}
        best_of: dict[str, float] = {}
        if places:
            loose = (self._scene(view, None)
                     if team is not None and self._doors_matter(view, team) else None)
            for place in places:
                value = self._place_value(place, scene, loose, role, team)
                placed[place] = value
                best_of[place.card] = max(best_of.get(place.card, -9.0), value)
        keep = {card: self._keep(card, role, team, me, scene, best_of) for card in set(hand)}
        phase = view["phase"]
        discards = [a for a in legal if isinstance(a, Discard)]
        if phase != PHASES[Phase.TURN]:
            worst = min(discards, key=lambda a: keep.get(a.card, 0.0), default=None)
            draw = next((a for a in legal if isinstance(a, Draw)), None)
            if draw is None:  # D's payment: both cards must go
                return worst or legal[0]
            if worst is not None and view["passed"] < 3 and view["pile"] > view["passed"] \
                    and keep.get(worst.card, 0.0) < DISCARD_MORE:
                return worst
            return draw
        q = self._beliefs(view, role)
        options: list[tuple[float, int, Action]] = []
        for order, a in enumerate(legal):
            if isinstance(a, Place):
                value = placed[a]  # valued above (the keep values need them)
            elif isinstance(a, PlayOn):
                value = self._play_on_value(a, view, role, q, scene)
            elif isinstance(a, PlayAt):
                value = self._play_at_value(a, view, role, scene)
            elif isinstance(a, Fix):
                value = self._fix_value(a, role, hand, keep)
            else:
                continue
            options.append((value, -order, a))
        best = max(options, key=lambda o: (o[0], o[1]), default=None)
        if best is not None and best[0] > PASS:
            return best[2]
        worst = min(discards, key=lambda a: keep.get(a.card, 0.0), default=None)
        if worst is not None:
            return worst
        return best[2] if best is not None else legal[0]

    # --- the maze as seen ----------------------------------------------------------------
    def _cells(self, view: SaboteurView) -> dict[Cell, Placed]:
        placed = self.game.placed_card
        return {(m["cell"][0], m["cell"][1]): placed(m["card"], m["turned"])
                for m in view["maze"]}

    def _chance(self, view: SaboteurView) -> dict[Cell, float]:
        """The chance each face-down goal hides the treasure, from the bot's maps and the
        goals turned up."""
        hidden: list[Cell] = []
        known: dict[Cell, bool] = {}
        for goal in view["goals"]:
            cell = (goal["cell"][0], goal["cell"][1])
            if goal["face_up"]:
                continue
            hidden.append(cell)
            if goal["card"] is not None:
                known[cell] = self.game.path_card(goal["card"]).treasure
        if any(known.values()):
            return {cell: float(known.get(cell, False)) for cell in hidden}
        unknown = [cell for cell in hidden if cell not in known]
        return {cell: (1.0 / len(unknown) if cell in unknown else 0.0) for cell in hidden}

    def _scene(self, view: SaboteurView, team: str | None) -> Scene:
        """The maze as `team` reaches it (kept while the log does not change)."""
        key = (view["round"], len(view["log"]), team)
        scene = self.scenes.get(key)
        if scene is None:
            if not any(k[:2] == key[:2] for k in self.scenes):
                self.scenes.clear()
            chance = self._chance(view)
            scene = shared_scene(self._cells(view), tuple(chance), chance, team,
                                self.game.columns, self.game.rows)
            self.scenes[key] = scene
        return scene

    def _doors_matter(self, view: SaboteurView, team: str) -> bool:
        """Whether a door of the other colour lies in the maze or in the legal cards."""
        return any(self.game.path_card(m["card"]).door not in ("", team) for m in view["maze"]) \
            or any(self.game.paths[c].door not in ("", team) for c in (view["hand"] or [])
                   if c in self.game.paths)

    # --- values of actions ---------------------------------------------------------------
    def _place_value(self, a: Place, scene: Scene, loose: Scene | None, role: str,
                     team: str | None) -> float:
        placed = self.game.placed_card(a.card, a.turned)
        cell = (a.col, a.row)
        phi, touched = scene.after_lay(placed, cell)
        change = scene.phi - phi  # cards saved
        treasure = sum(scene.chance.get(g, 0.0) for g in sorted(touched))
        if role == "saboteur":
            value = -change - WASTED * treasure
            if self.pretend and abs(change) < 0.05 and treasure == 0.0 and scene.phi > 5.0 \
                    and placed.card.shape.paths:
                value = PASS + 0.01  # pretend: lay something harmless early, not a dead end
            return value
        lost = 0.0
        if loose is not None:
            _, anyone = loose.lay(placed, cell)
            lost = sum(scene.chance.get(g, 0.0) for g in sorted(anyone - touched))
        value = change + COMPLETE * treasure - WASTED * lost
        if team is not None and placed.card.door == team and change > -0.05:
            value += 0.1  # our own door on the way keeps the other team out
        if role == "geologist":
            value = 0.6 * value + (1.0 + 0.3 * placed.card.crystals if placed.card.crystals
                                   else 0.0)
        return value

    def _rockfall_value(self, cell: Cell, role: str, scene: Scene) -> float:
        removed = scene.cells[cell]
        change = scene.phi - scene.phi_without(cell)
        if role == "saboteur":
            return -change - 0.3
        value = change - 0.3
        if role == "geologist":
            value -= 0.5 * removed.card.crystals
        return value

    def _play_at_value(self, a: PlayAt, view: SaboteurView, role: str, scene: Scene) -> float:
        cell = (a.col, a.row)
        if self.game.actions[a.card].kind == "rockfall":
            return self._rockfall_value(cell, role, scene)
        p = scene.chance.get(cell, 0.0)
        if p in (0.0, 1.0):
            return -1.0
        # map: the goal nearest the open ends first (the middle one when equal)
        near = scene.soft(scene.sums.get(cell, 0.0))
        order = 0.01 * near + 0.001 * abs(cell[1])
        if role == "saboteur":
            return (0.5 if scene.phi > 3.0 else 0.2) - order
        return 0.3 + self.map_slope * min(scene.phi, 6.0) - order

    def _play_on_value(self, a: PlayOn, view: SaboteurView, role: str, q: list[float],
                       scene: Scene) -> float:
        kind = self.game.actions[a.card].kind
        target = a.seat
        mine = target == self.seat
        tableau = view["tableaux"][target]
        trust = 1.0 - q[target]
        able = not tableau["broken"] and tableau["trapped"] is None
        saboteur = role == "saboteur"
        if kind == "theft":
            return 1.3
        if kind == "hands_off":
            return -1.0 if mine else 0.4
        if kind == "repair" or kind == "free_at_last":
            left = len(tableau["broken"]) + (tableau["trapped"] is not None) - 1
            freed = 1.0 if left == 0 else 0.4
            if mine:
                if kind == "free_at_last":
                    return 1.6
                return (0.8 if saboteur else 1.5) * freed
            if saboteur:  # help a fellow Saboteur only
                return 0.5 * q[target] * freed - 0.5 * trust
            return 0.8 * trust * freed - 0.6 * q[target]
        if kind in ("broken", "trapped"):
            if saboteur:
                urgency = max(0.4, min(1.5, 1.5 - scene.phi / 8.0))
                worth = (0.5 if kind == "broken" else 0.6) + min(1.0, 0.5 * self.progress[target])
                if not able:
                    worth *= 0.3 if kind == "broken" else 0.6
                return trust * worth * urgency - 0.8 * q[target]
            worth = 1.0 if kind == "broken" else 1.2
            if kind == "broken" and not able:
                worth *= 0.3
            return worth * q[target] - 0.5 * trust
        if kind == "inspection":
            if target in inspected_dwarves(view):
                return -1.0
            return (0.2 if saboteur else 0.35) * (1.0 - abs(2.0 * q[target] - 1.0))
        if kind == "swap_hats":
            if saboteur or mine:
                return -1.0
            return 0.9 * q[target] - 0.3
        return -1.0  # swap your hand: kept for nothing, passed on first

    def _fix_value(self, a: Fix, role: str, hand: list[str], keep: dict[str, float]) -> float:
        cheapest = sorted(keep[c] for c in hand)[:2]
        if len(hand) < 3:
            return -1.0
        cards = self.game.actions
        if a.what == "trapped":
            if any(c in cards and cards[c].kind == "free_at_last" for c in hand):
                return -1.0
            worth = 1.5 if role == "saboteur" else 1.2
        else:
            if any(c in cards and cards[c].kind == "repair" and a.what in cards[c].tools
                   for c in hand):
                return -1.0
            worth = 0.7 if role == "saboteur" else 0.9
        return worth - sum(cheapest)

    def _keep(self, card: str, role: str, team: str | None, me: TableauView, scene: Scene,
              best_of: dict[str, float]) -> float:
        """How much the bot wants to keep a card in its hand (passing discards the least)."""
        game = self.game
        action = game.actions.get(card)
        saboteur = role == "saboteur"
        if action is not None:
            value = (SABOTEUR_KEEP if saboteur else BUILDER_KEEP)[action.kind]
            broken = {t for b in me["broken"] for t in game.actions[b].tools}
            if action.kind == "repair" and broken & action.tools:
                value += 0.6
            elif action.kind == "free_at_last" and me["trapped"] is not None:
                value += 0.8
            elif action.kind == "map" and all(p in (0.0, 1.0) for p in scene.chance.values()):
                value = 0.05
            return value
        path = game.paths[card]
        if saboteur:
            openings = sum(len(p) for p in path.shape.paths)
            value = 0.9 if not path.shape.paths else 0.3 - 0.05 * openings
            return value + 0.5 * max(0.0, best_of.get(card, 0.0))
        if not path.shape.paths:
            value = 0.0
        elif path.kind == "door":
            value = 0.1 if team is not None and path.door != team else 0.4
        else:
            value = 0.2 + 0.08 * max(len(p) for p in path.shape.paths) + \
                0.03 * len(path.shape.paths)
        if role == "geologist" and path.crystals:
            value += 1.0
        return value + 0.5 * max(0.0, best_of.get(card, 0.0))

    # --- beliefs ----------------------------------------------------------------------------
    def _prior(self, role: str) -> float:
        """The log-odds that another player is a Saboteur, before any evidence."""
        others = self.dwarves - 1
        saboteurs = self.saboteurs - (role == "saboteur")
        p = min(0.95, max(0.02, saboteurs / max(1, others)))
        return math.log(p / (1.0 - p))

    def _beliefs(self, view: SaboteurView, role: str) -> list[float]:
        """The chance each seat is a Saboteur (the bot's own seat: certain)."""
        prior = self._prior(role)
        q = [_sigmoid(prior + s) for s in self.suspicion]
        for target, dwarf in inspected_dwarves(view).items():
            q[target] = 1.0 if dwarf in ("saboteur", "base-saboteur") else 0.0
        q[self.seat] = 1.0 if role == "saboteur" else 0.0
        return q

    def _read_log(self, view: SaboteurView, role: str) -> None:
        """Replay the log's new events on the bot's copy of the maze and weigh each player's
        moves (one round's evidence: dwarves are dealt again each round)."""
        log = view["log"]
        if len(log) < self.read:  # another game: start again
            self.read = 0
        chance = self._chance(view)
        for entry in log[self.read:]:
            event = from_json(entry)
            if isinstance(event, RoundBegan):
                self.suspicion = [0.0] * self.players
                self.progress = [0.0] * self.players
                self.replay = {START: self.start}
                self.replay_hidden = list(GOALS)
            elif isinstance(event, PathLaid):
                cell = event.cell
                placed = self.game.placed_card(event.card, event.turned)
                if event.seat is not None and event.seat != self.seat \
                        and cell not in self.replay:
                    scene = self._replay_scene(chance)
                    phi, _ = scene.after_lay(placed, cell)
                    self._judge(event.seat, phi - scene.phi, placed=True)
                self.replay[cell] = placed
            elif isinstance(event, GoalTurnedUp):
                cell = event.cell
                self.replay[cell] = self.game.placed_card(event.card, event.turned)
                if cell in self.replay_hidden:
                    self.replay_hidden.remove(cell)
            elif isinstance(event, PlayedAt) and event.removed is not None:  # a rockfall
                cell = event.cell
                if cell in self.replay:
                    if event.seat is not None and event.seat != self.seat:
                        scene = self._replay_scene(chance)
                        worse = scene.phi_without(cell) - scene.phi
                        self._judge(event.seat, 1.5 * worse, placed=False)
                    del self.replay[cell]
            elif isinstance(event, CardPlayed):
                self._judge_play(event, view, role)
        self.read = len(log)

    def _replay_scene(self, chance: dict[Cell, float]) -> Scene:
        hidden = tuple(self.replay_hidden)
        odds = {g: chance.get(g, 0.0) for g in hidden}
        total = sum(odds.values())
        if total <= 0.0:
            odds = {g: 1.0 / len(hidden) for g in hidden} if hidden else {}
        return shared_scene(dict(self.replay), hidden, odds, None, self.game.columns,
                           self.game.rows)

    def _judge(self, seat: int, worse: float, placed: bool) -> None:
        """A move that made the treasure `worse` cards further away (negative: nearer)."""
        if worse >= SUSPICIOUS:
            self.suspicion[seat] += 0.8 * min(worse, 2.0)
        elif worse <= -SUSPICIOUS:
            self.suspicion[seat] -= 0.6 if placed else 0.8
            if placed:
                self.progress[seat] += 1.0

    def _judge_play(self, event: CardPlayed, view: SaboteurView, role: str) -> None:
        seat, target = event.seat, event.target
        if seat is None or seat == self.seat:
            return
        kind = self.game.actions[event.card].kind
        if kind == "swap_hats":
            self.suspicion[target] = 0.0
            return
        if target == seat:
            return
        q = self._beliefs(view, role)[target]
        good = 1.0 - 2.0 * q  # +1: the target is surely no Saboteur, -1: surely one
        if kind in ("broken", "trapped"):
            self.suspicion[seat] += 1.2 * good
        elif kind in ("repair", "free_at_last"):
            self.suspicion[seat] -= 0.8 * good
