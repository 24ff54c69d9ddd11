"""The score sheet of Pay Day (docs/protocol.md "The score sheet"): seed 002 "The End Of The
Game"."""

from __future__ import annotations

from motherlode.engine.position import replace
from motherlode.rules.payday.phase import Phase

from .scenario import new


def test_cash_less_loans_at_the_end() -> None:
    """Seed 002: "they count up their cash. The player with the most cash wins!"; loans are
    repaid first (option loans_at_end=subtract, docs/games/payday.md)."""
    state = new(3)
    assert state.view(0)["score_sheet"] is None
    replace(state, cash=[3900, 5000, 2000], loan=[1000, 3000, 0], phase=Phase.OVER)
    sheet = state.view(1)["score_sheet"]
    assert sheet is not None and sheet["final"]
    assert [c["key"] for c in sheet["columns"]] == ["cash", "loans"]
    assert [(r["parts"], r["total"], r["place"]) for r in sheet["rows"]] == [
        ([3900, -1000], 2900, 1), ([5000, -3000], 2000, 2), ([2000, 0], 2000, 2)]
    assert sheet["winners"] == [0] and sheet["tie_breaks"] == []


def test_cash_only_when_loans_are_ignored_and_a_tie_shares() -> None:
    """Option loans_at_end=ignore: "money at the end is cash only"; seed 002 names no
    tie-break, so equal cash shares the win and the sheet says why."""
    state = new(2, loans_at_end="ignore")
    replace(state, cash=[4000, 4000], loan=[1000, 0], phase=Phase.OVER)
    sheet = state.view(None)["score_sheet"]
    assert sheet is not None and [c["key"] for c in sheet["columns"]] == ["cash"]
    assert sheet["winners"] == [0, 1]
    assert sheet["tie_breaks"] == [
        'Seats 0 and 1 tied on $4,000 and share the win: the rulebook names no tie-break '
        '("The player with the most cash wins!")']
    assert sheet["notes"] == ["Loans are not subtracted (option loans_at_end=ignore)."]
