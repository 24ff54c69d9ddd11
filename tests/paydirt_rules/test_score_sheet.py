"""The score sheet of Pay Dirt (docs/protocol.md "The score sheet"): seed 000's end, seed 001
遊戲勝利 (EN-5)."""

from __future__ import annotations

from motherlode.engine.position import replace
from motherlode.rules.paydirt.phase import Phase

from .helpers import new_state


def ended(gold: list[int], cash: list[int], first: int) -> dict[str, object]:
    state = new_state(len(gold))
    for board, g, c in zip(state.boards, gold, cash, strict=True):
        board.gold, board.cash = g, c
    replace(state, first_player=first)
    assert state.view(None)["score_sheet"] is None  # not before the end
    replace(state, phase=Phase.OVER)
    sheet = state.view(0)["score_sheet"]
    assert sheet is not None
    return dict(sheet)


def test_most_gold_wins_and_cash_stands_beside_it() -> None:
    """Seed 000: "The winner is the player with the greatest amount of gold.\""""
    sheet = ended([14, 9, 3], [1000, 8000, 0], 0)
    assert sheet["total"] == {"label": "Gold", "unit": "gold"}
    assert [(r["parts"], r["total"], r["place"]) for r in sheet["rows"]] == [  # type: ignore[attr-defined]
        ([1000], 14, 1), ([8000], 9, 2), ([0], 3, 3)]
    assert sheet["winners"] == [0] and sheet["tie_breaks"] == []


def test_a_tie_on_gold_is_broken_by_money_and_says_so() -> None:
    """Seed 000: "In case of a tie, the amount of money on hand is used as a tiebreaker.\""""
    sheet = ended([14, 14, 3], [2000, 6000, 0], 0)
    assert sheet["winners"] == [1]
    (line,) = sheet["tie_breaks"]  # type: ignore[misc]
    assert line.startswith("Seats 0 and 1 tied on 14 gold nuggets: seat 1 wins with the most "
                           "money, $6,000")
    assert "amount of money on hand is used as a tiebreaker" in line


def test_the_third_tie_break_nearest_clockwise_to_the_first_player_is_named() -> None:
    """Seed 001 遊戲勝利: "如果還是平手,順時針方向最靠近主礦工的玩家獲勝" (still tied: the player
    nearest clockwise to the first player wins); issue 21 item 2: the screen says so."""
    sheet = ended([14, 14, 14, 2], [6000, 6000, 6000, 9000], 2)
    assert sheet["winners"] == [2]
    places = [r["place"] for r in sheet["rows"]]  # type: ignore[attr-defined]
    assert places == [2, 3, 1, 4]
    (line,) = sheet["tie_breaks"]  # type: ignore[misc]
    assert line.startswith("Seats 0, 1 and 2 tied on 14 gold nuggets and $6,000: seat 2 wins, "
                           "nearest clockwise to the first player, seat 2")
