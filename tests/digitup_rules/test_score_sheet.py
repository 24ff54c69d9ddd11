"""The score sheet of Dig It Up (docs/protocol.md "The score sheet"): seed 003 "Game end"."""

from __future__ import annotations

from motherlode.engine.position import replace
from motherlode.rules.digitup.components import KINDS
from motherlode.rules.digitup.phase import EMPTY, Phase

from .helpers import at, playing


def test_no_sheet_before_the_end() -> None:
    """Seed 003 "Game end": the money is calculated once the game is over."""
    assert playing(4).view(0)["score_sheet"] is None


def test_the_sheet_gives_the_money_calculation_in_the_seeds_order() -> None:
    """Seed 003 "Money is calculated in the following order: 1 mission bonus, 2 chance cards,
    3 face value of money tokens, 4 set bonuses, 5 bundle bonuses"; "The player who earns the
    most money will be the winner."""
    state = playing(4)
    n = len(KINDS)
    tiles = {"gold": 3, "incense": 1, "statue": 2, "knife": 1, "stone": 3,
             "crystal": 1, "ruby": 1, "scroll": 1}
    replace(state, counts=at(state.counts, slice(None, n), [tiles.get(k, 0) for k in KINDS]))
    replace(state, money=at(state.money, 0, 8))
    replace(state, kept=at(state.kept, 0, [state.game.chance_index["pink-diamond"]]))
    replace(state, mission=at(state.mission, 0, state.game.mission_index["jack-of-all-trades"]))
    replace(state, phase=Phase.OVER)
    sheet = state.view(1)["score_sheet"]
    assert sheet is not None and sheet["final"] and sheet["title"] == "Final scores"
    assert [c["key"] for c in sheet["columns"]] == ["mission", "chance", "tokens", "sets",
                                                    "bundles"]
    assert sheet["rows"][0]["parts"] == [20, 0, 8, 17, 5]  # sets 9 + Trinity 10 - stones 2
    assert sheet["rows"][0]["total"] == 50
    assert sheet["winners"] == [0] and sheet["rows"][0]["place"] == 1
    assert sheet["tie_breaks"] == []


def test_a_tie_shares_the_win_and_says_the_rulebook_names_no_tie_break() -> None:
    """Seed 003: "The player who earns the most money will be the winner." (no tie-break)."""
    state = playing(2)
    replace(state, counts=[0] * len(state.counts))
    replace(state, money=at(at(state.money, 0, 12), 1, 12))
    replace(state, kept=[[], []])
    replace(state, mission=[EMPTY, EMPTY])
    replace(state, phase=Phase.OVER)
    sheet = state.view(None)["score_sheet"]
    assert sheet is not None and sheet["winners"] == [0, 1]
    assert [r["place"] for r in sheet["rows"]] == [1, 1]
    assert sheet["tie_breaks"] == [
        'Seats 0 and 1 tied on 12 won and share the win: the rulebook names no tie-break '
        '("The player who earns the most money will be the winner.")']
