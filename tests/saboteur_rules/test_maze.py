"""Saboteur Gold's maze: placement, reach per team, goals, rockfall.

Seed 004 "Pathway Rules" and "End of Game and Scoring"; reference shared/reference/saboteur.md
"Board geometry" and "Expansion contents". Each scenario row names the line it checks. Cards are
built here with the dataclasses (no data file); a layout maps cells to cards, set by hand.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from motherlode.rules.saboteur.cards import PathCard, Shape
from motherlode.rules.saboteur.maze import (
    GOALS,
    Cell,
    Maze,
    Node,
    Placed,
    fits,
    new_maze,
    orient_goal,
    place,
    reachable,
    reached_goals,
    removable,
    remove,
    treasure_reached,
    turn_up,
)


def card(id: str, paths: str = "", stubs: str = "", kind: str = "tunnel", door: str = "",
         ladder: bool = False, treasure: bool = False) -> PathCard:
    """A card from its paths ("WE NS": two paths) and stubs ("WE": two dead ends)."""
    shape = Shape(tuple(frozenset(path) for path in paths.split()), frozenset(stubs))
    return PathCard(id, kind, shape, door, ladder, 0, treasure, 1, "base")


START = card("start", "NESW", kind="start", ladder=True)
TREASURE = card("treasure", "NESW", kind="goal", treasure=True)
STONE_NE = card("stone-ne", "NE", kind="goal")
STONE_NW = card("stone-nw", "NW", kind="goal")
CROSS = card("tunnel-nesw", "NESW")
WE = card("tunnel-we", "WE")
NS = card("tunnel-ns", "NS")
NE = card("tunnel-ne", "NE")
WEN = card("tunnel-wen", "WEN")
NSE = card("tunnel-nse", "NSE")
DEAD_WE = card("dead-we", stubs="WE", kind="dead_end")
BRIDGE = card("bridge", "WE NS", kind="bridge")
DOUBLE = card("double-curve", "WN ES", kind="double_curve")
LADDER_W = card("ladder-w", "W", kind="ladder", ladder=True)
GREEN_WE = card("door-green-we", "WE", kind="door", door="green")
BLUE_WE = card("door-blue-we", "WE", kind="door", door="blue")

Layout = Mapping[Cell, PathCard | tuple[PathCard, bool]]


def maze(layout: Layout, face_down: Mapping[Cell, PathCard] | None = None) -> Maze:
    """The start at (0, 0) plus `layout` (a card, or (card, turned)), set by hand; the goals
    face down at `face_down` (default: stone, treasure, stone at the reference's cells)."""
    placed = {(0, 0): Placed(START, False)}
    for cell, entry in layout.items():
        found, turned = entry if isinstance(entry, tuple) else (entry, False)
        placed[cell] = Placed(found, turned)
    goals = dict(zip(GOALS, (STONE_NE, TREASURE, STONE_NW), strict=True))
    return Maze(placed, goals if face_down is None else dict(face_down))


def row(*cards: PathCard, start: int = 1, line: int = 0) -> dict[Cell, PathCard]:
    """`cards` laid west to east from column `start` on row `line`."""
    return {(start + n, line): found for n, found in enumerate(cards)}


CHAIN = row(*[WE] * 7)  # the start to (7, 0), next to the middle goal

FITS = [
    ("seed 'All the paths on side-touching cards must be continuous': open meets open",
     {}, (1, 0), WE, False, None),
    ("... the start's open E side meets a wall", {}, (1, 0), NS, False, "W side does not match"),
    ("... wall meets wall below", {(1, 0): WE, (2, 1): WE}, (2, 0), WE, False, None),
    ("... an open S side meets a wall", {(1, 0): WE, (2, 1): WE}, (2, 0), WEN, True,
     "S side does not match"),
    ("reference 'a card may be turned 180 degrees': N-E turned is S-W and fits",
     {}, (1, 0), NE, True, None),
    ("... upright, its W wall meets the start's opening", {}, (1, 0), NE, False,
     "W side does not match"),
    ("seed 'The card must be put next to a path that's already on the table'",
     {}, (5, 5), CROSS, False, "no card beside it"),
    ("one card a cell", {}, (0, 0), CROSS, False, "taken"),
    ("a face-down goal's cell is taken", CHAIN, (8, 0), CROSS, False, "taken"),
    ("seed 'Pathways cannot be added to if they don't link back to a ladder'",
     {(4, 0): CROSS}, (5, 0), WE, False, "continues no path that reaches a ladder"),
    ("reference dead ends: 'every opening a stub' — a dead end may close a path",
     {}, (1, 0), DEAD_WE, False, None),
    ("... and nothing continues past it", {(1, 0): DEAD_WE}, (2, 0), WE, False,
     "continues no path"),
    ("seed 'The Bridge: ... At least one of the two paths must connect to a ladder'",
     {}, (1, 0), BRIDGE, False, None),
    ("... the bridge's other path is not reached ('it's not a crossroad')",
     {(1, 0): BRIDGE}, (1, 1), NS, False, "continues no path"),
    ("... its reached path goes on", {(1, 0): BRIDGE}, (2, 0), WE, False, None),
    ("seed 'The Double Curve: Two unconnected paths' — W-N reached, so N goes on",
     {(1, 0): DOUBLE}, (1, -1), NS, False, None),
    ("... and E-S is not reached", {(1, 0): DOUBLE}, (2, 0), WE, False, "continues no path"),
    ("seed 'Ladders: ... Its path must join another path'", row(WE, WE), (3, 0), LADDER_W,
     False, None),
    ("... 'but that path doesn't have to link directly to the Start'", {(5, 1): WE}, (6, 1),
     LADDER_W, False, None),
    ("reference ladder 'must touch a path card': a stub is a dead end, not a path",
     {(5, 5): DEAD_WE}, (6, 5), LADDER_W, False, "the ladder joins no path"),
    ("seed 'It cannot be placed next to a treasure card' (reference: never next to a goal)",
     {(6, 0): WE}, (7, 0), LADDER_W, False, "never goes next to a goal"),
    ("seed 'Anyone can place doors, and anyone can build beyond them'",
     {(1, 0): BLUE_WE, (2, 0): GREEN_WE}, (3, 0), WE, False, None),
    ("seed 'The three goal-cards may break the rule': a wall may face a face-down goal",
     row(*[WE] * 6), (7, 0), card("wn", "WN"), False, None),
]


@pytest.mark.parametrize(("rule", "layout", "cell", "new", "turned", "reason"), FITS,
                         ids=[entry[0][:60] for entry in FITS])
def test_fits(rule: str, layout: Layout, cell: Cell, new: PathCard, turned: bool,
              reason: str | None) -> None:
    found = fits(maze(layout), cell, new, turned)
    if reason is None:
        assert found is None, rule
    else:
        assert found is not None and reason in found, (rule, found)


@pytest.mark.parametrize(("beside", "reason"), [(STONE_NE, None), (NE, "E side does not match")])
def test_a_turned_up_goal_may_be_mismatched(beside: PathCard, reason: str | None) -> None:
    """Seed 'The three goal-cards may break the rule about paths properly joining up': N-S-E
    below the start may meet a turned-up stone's W wall, not a tunnel's."""
    found = fits(maze({(1, 1): beside}, face_down={}), (0, 1), NSE, False)
    assert found == reason if reason is None else found is not None and reason in found


REACH: list[tuple[str, Layout, str | None, set[Node]]] = [
    ("seed 'Pathways must continue routes that have an unbroken link back to a ladder'",
     row(WE, WE), None, {((0, 0), 0), ((1, 0), 0), ((2, 0), 0)}),
    ("reference dead ends: 'connected to nothing' — a dead end blocks",
     row(DEAD_WE, WE), None, {((0, 0), 0)}),
    ("seed 'You cannot turn left or right on this card; it's not a crossroad'",
     {(1, 0): BRIDGE, (2, 0): WE, (1, 1): NS, (1, -1): NS}, None,
     {((0, 0), 0), ((1, 0), 0), ((2, 0), 0)}),
    ("seed 'The Double Curve: Two unconnected paths'",
     {(1, 0): DOUBLE, (1, -1): NS, (2, 0): WE}, None, {((0, 0), 0), ((1, 0), 0), ((1, -1), 0)}),
    ("seed 'a lower level that links to the Start Card': paths beyond a ladder, cut off",
     {(1, 0): DEAD_WE, (2, 0): WE, (3, 0): LADDER_W}, None,
     {((0, 0), 0), ((2, 0), 0), ((3, 0), 0)}),
    ("seed 'A path with a green or blue door ... only by the diggers in the team'",
     row(GREEN_WE, WE), "green", {((0, 0), 0), ((1, 0), 0), ((2, 0), 0)}),
    ("... a blue digger stops at the green door", row(GREEN_WE, WE), "blue", {((0, 0), 0)}),
    ("... 'The boss is not held back by them'", row(GREEN_WE, WE), "",
     {((0, 0), 0), ((1, 0), 0), ((2, 0), 0)}),
    ("seed 'It can help bypass blockages, gaps, or doors'",
     {(1, 0): GREEN_WE, (2, 0): WE, (3, 0): LADDER_W}, "blue",
     {((0, 0), 0), ((2, 0), 0), ((3, 0), 0)}),
]


@pytest.mark.parametrize(("rule", "layout", "team", "nodes"), REACH,
                         ids=[entry[0][:60] for entry in REACH])
def test_reachable(rule: str, layout: Layout, team: str | None, nodes: set[Node]) -> None:
    assert reachable(maze(layout), team) == nodes, rule


GOAL_ROWS: list[tuple[str, Layout, list[Cell]]] = [
    ("reference 'A goal card is turned up when a path reaches it'", CHAIN, [(8, 0)]),
    ("... not before", row(*[WE] * 6), []),
    ("... a dead end facing it does not reach it", {**row(*[WE] * 6), (7, 0): DEAD_WE}, []),
    ("... doors do not stop the path reaching it", {**CHAIN, (4, 0): BLUE_WE}, [(8, 0)]),
    ("... from any side", {**CHAIN, (7, 0): CROSS, (7, -1): NS, (7, -2): card("se", "SE")},
     [(8, -2), (8, 0)]),
]


@pytest.mark.parametrize(("rule", "layout", "cells"), GOAL_ROWS,
                         ids=[entry[0][:60] for entry in GOAL_ROWS])
def test_reached_goals(rule: str, layout: Layout, cells: list[Cell]) -> None:
    assert reached_goals(maze(layout)) == cells, rule


ORIENT: list[tuple[str, Layout, PathCard, bool]] = [
    ("reference 'a stone goal is turned so that it fits': N-E reached from the W turns",
     {}, STONE_NE, True),
    ("... N-W reached from the W stays upright", {}, STONE_NW, False),
    ("... the treasure cross fits either way", {}, TREASURE, False),
    ("... 'and may mismatch its neighbours': both ways mismatch twice, S-W joins the path",
     {(1, -1): NS, (1, 1): NS, (2, 0): WE}, STONE_NE, True),
]


@pytest.mark.parametrize(("rule", "layout", "goal", "turned"), ORIENT,
                         ids=[entry[0][:60] for entry in ORIENT])
def test_orient_goal(rule: str, layout: Layout, goal: PathCard, turned: bool) -> None:
    """A goal face down at (1, 0), east of the start."""
    assert orient_goal(maze(layout, face_down={(1, 0): goal}), (1, 0), goal) is turned, rule


def test_a_stone_below_the_start_stays_upright() -> None:
    """Reference 'turned so that it fits where possible': N-E reached from the N is upright."""
    assert orient_goal(maze({}, face_down={(0, 1): STONE_NE}), (0, 1), STONE_NE) is False


def test_turn_up_puts_the_goal_in_the_maze() -> None:
    """Reference 'A goal card is turned up when a path reaches it'; a stone joins the maze."""
    mine = maze(CHAIN, face_down={(8, 0): STONE_NE, (8, 2): TREASURE})
    assert turn_up(mine, (8, 0)) == Placed(STONE_NE, True)
    assert (8, 0) not in mine.face_down and mine.cells[(8, 0)].shape.openings == {"S", "W"}
    assert ((8, 0), 0) in reachable(mine, None)
    place(mine, (8, 1), NS, False)  # the stone's S path goes on towards the treasure
    assert reached_goals(mine) == [(8, 2)]


TREASURE_ROWS: list[tuple[str, Layout, str | None, bool]] = [
    ("seed 'They win if they get to the treasure and there is a path to it from any ladder'",
     CHAIN, "green", True),
    ("... not before", row(*[WE] * 6), None, False),
    ("seed 'If a door of their own color blocks the path, they are allowed through'",
     {**CHAIN, (4, 0): GREEN_WE}, "green", True),
    ("seed 'if there's a door of the other team's color ... they cannot get through'",
     {**CHAIN, (4, 0): GREEN_WE}, "blue", False),
    ("seed 'The Boss gets gold even if both teams are blocked by doors'",
     {**CHAIN, (3, 0): GREEN_WE, (4, 0): BLUE_WE}, "", True),
    ("... and neither team gets through", {**CHAIN, (3, 0): GREEN_WE, (4, 0): BLUE_WE},
     "green", False),
    ("... the path reached it, whoever may pass (doors ignored)",
     {**CHAIN, (3, 0): GREEN_WE, (4, 0): BLUE_WE}, None, True),
    ("seed 'Ladders: ... It can help bypass ... doors': a turned ladder past a green door",
     {**CHAIN, (4, 0): GREEN_WE, (6, 1): (LADDER_W, True), (7, 1): card("wn", "WN"),
      (7, 0): CROSS}, "blue", True),
]


@pytest.mark.parametrize(("rule", "layout", "team", "reached"), TREASURE_ROWS,
                         ids=[entry[0][:60] for entry in TREASURE_ROWS])
def test_treasure_reached(rule: str, layout: Layout, team: str | None, reached: bool) -> None:
    """The treasure face down in the middle, then turned up: the same answer."""
    mine = maze(layout)
    assert treasure_reached(mine, team) is reached, rule
    if (8, 0) in reached_goals(mine):
        turn_up(mine, (8, 0))
        assert treasure_reached(mine, team) is reached, rule


def test_a_stone_is_not_the_treasure() -> None:
    """Reference 'Only the treasure goal ends the round'."""
    mine = maze({**row(*[WE] * 6), (7, 0): card("wn", "WN"), (7, -1): NS,
                 (7, -2): card("se", "SE")})
    assert reached_goals(mine) == [(8, -2)] and not treasure_reached(mine, None)


REMOVE: list[tuple[str, Cell, bool]] = [
    ("seed 'removal of a path-card of the dwarf's choice'", (1, 0), True),
    ("... a ladder is a path card", (3, 1), True),
    ("... 'other than the Start Card'", (0, 0), False),
    ("reference rockfall 'remove any path card but the start and goals': face down", (8, 2),
     False),
    ("... nor turned up", (8, 0), False),
    ("... an empty cell has nothing to remove", (4, 4), False),
]


@pytest.mark.parametrize(("rule", "cell", "allowed"), REMOVE,
                         ids=[entry[0][:60] for entry in REMOVE])
def test_rockfall(rule: str, cell: Cell, allowed: bool) -> None:
    mine = maze({**CHAIN, (3, 1): card("ladder-n", "N", kind="ladder", ladder=True)})
    turn_up(mine, (8, 0))
    assert (cell in removable(mine)) is allowed, rule
    if allowed:
        before = mine.cells[cell]
        assert remove(mine, cell) is before and cell not in mine.cells
    else:
        with pytest.raises(ValueError, match="no rockfall"):
            remove(mine, cell)


def test_a_rockfall_cuts_the_path() -> None:
    """Seed 'To block a route or to clear one, a dwarf may create a rock fall'."""
    mine = maze(CHAIN)
    remove(mine, (3, 0))
    assert {cell for cell, _ in reachable(mine, None)} == {(0, 0), (1, 0), (2, 0)}
    assert reached_goals(mine) == [] and fits(mine, (3, 0), WE, False) is None


def test_new_maze_and_place() -> None:
    """Reference 'Board geometry': start at the origin, goals 8 columns east in rows -2, 0, 2;
    seed 'A - Lay down a mine-path card' refuses a card that does not fit."""
    mine = new_maze(START, [STONE_NE, TREASURE, STONE_NW])
    assert list(mine.cells) == [(0, 0)] and mine.face_down == {
        (8, -2): STONE_NE, (8, 0): TREASURE, (8, 2): STONE_NW}
    place(mine, (1, 0), NE, True)
    assert mine.cells[(1, 0)] == Placed(NE, True)
    with pytest.raises(ValueError, match="does not match"):
        place(mine, (-1, 0), NS, False)


@pytest.mark.parametrize(("found", "turned", "openings", "paths"), [
    (WEN, True, {"W", "E", "S"}, {"W": 0, "E": 0, "S": 0}),
    (NE, True, {"S", "W"}, {"S": 0, "W": 0}),
    (BRIDGE, True, {"N", "E", "S", "W"}, {"E": 0, "W": 0, "N": 1, "S": 1}),
    (DEAD_WE, True, {"W", "E"}, {}),
    (NE, False, {"N", "E"}, {"N": 0, "E": 0}),
])
def test_a_card_turned_180_degrees(found: PathCard, turned: bool, openings: set[str],
                                   paths: dict[str, int]) -> None:
    """Reference 'Cards are upright (portrait); a card may be turned 180 degrees, never 90'."""
    placed = Placed(found, turned)
    assert placed.openings == openings and dict(placed.path_at) == paths
