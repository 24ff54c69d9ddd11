"""The seeds' worked examples (notes §2): the 3-ore machine replaced by a 2-stage one
(seed 001 I 04c) and the cleanup 5 - 3 = 2 (seed 001 最終清除)."""

from __future__ import annotations

from motherlode.rules.paydirt import rounds
from motherlode.rules.paydirt.board import EMPTY
from paydirt_rules.helpers import new_state, play, revealed_values, show


def test_e1_three_ore_to_two_stage() -> None:
    """001 I 04c: a machine holding 3 ore replaced by a 2-stage one: the leftmost ore goes back
    to the previous machine, the other two onto the new one; no wear anywhere (the example's
    wash plant cannot hold 3 ore, D16: tested on the loader)."""
    state = new_state(2)
    board = state.boards[0]
    board.machines[1].spaces = [21, 22, 23]
    board.machines[1].wear = 2
    show(state, ["loader-4"], [], [])  # a 2-stage loader
    play(state, "pick loader-4", "bid 2", "pass", "install")
    assert board.machines[1].spaces == [22, 23]
    assert board.machines[0].spaces == [EMPTY, EMPTY, 21]
    assert (board.machines[1].wear, board.machines[0].wear) == (0, 0)


def test_e1_wash_plant_two_ore() -> None:
    """The reachable form for a wash plant: ore on its first two spaces, a 2-stage wash plant
    bought: the right one stays on the first space, the left one goes back to the loader."""
    state = new_state(2)
    board = state.boards[0]
    board.machines[2].spaces = [31, 32, EMPTY]
    show(state, ["wash-plant-4"], [], [])
    play(state, "pick wash-plant-4", "bid 2", "pass", "install")
    assert board.machines[2].spaces == [32, EMPTY]
    assert board.machines[1].spaces == [EMPTY, EMPTY, 31]
    assert board.gold == 0


def test_e2_cleanup_5_minus_3() -> None:
    """001 最終清除: a 5-nugget ore 3 spaces from the end gives 2; the other ore is discarded
    unseen."""
    state = new_state(2)
    parts = state.game.components
    five = next(n for n, t in enumerate(parts.ore) if t.value == 5)
    other = next(n for n, t in enumerate(parts.ore) if t.type == "poor")
    board = state.boards[0]
    board.machines[0].spaces = [other, EMPTY, EMPTY]
    board.machines[1].spaces = [EMPTY, EMPTY, five]
    rounds.cleanup(state)
    assert board.gold == 2
    assert revealed_values(state) == [5]
