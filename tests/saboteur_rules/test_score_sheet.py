"""The score sheet and the share-out's causes in Saboteur Gold (docs/protocol.md "The score
sheet"; issue 21 item 3): seed 004 "End of Game and Scoring", "Special Role Scoring",
"Thieving"."""

from __future__ import annotations

from motherlode.engine.position import replace
from motherlode.rules.saboteur.log import GoldShared

from .scenario import CHAIN, act, lay, new, set_tableaux, to_play

GREEN, BLUE, SAB = "green-digger", "blue-digger", "saboteur"


def test_no_sheet_before_a_round_ends() -> None:
    state = new(5)
    assert all(state.view(s)["score_sheet"] is None for s in (None, 0, 1))


def test_a_rounds_sheet_and_log_say_why_each_seat_has_its_gold() -> None:
    """Seed A "Only the team that completed the path can grab gold"; "Only Dwarves who are not
    trapped ... can participate in the share-out"; "Geologists who are not trapped get as many
    Gold Pieces as there are crystals on display"; "Thieving": "steal one gold piece"."""
    state = new(5)
    replace(state, dwarves=[GREEN, BLUE, "geologist", SAB, GREEN])
    set_tableaux(state, {1: "lamp trapped", 3: "theft"})
    replace(state, theft_order=[3])
    lay(state, {**CHAIN, (2, 0): "crystal-we"})
    to_play(state, 4, ["tunnel-we", *["map"] * 5], ["theft", "tunnel-ns"])
    act(state, "place tunnel-we 7 0")
    act(state, "steal from 4")
    (shared,) = [e for e in state.view(None)["log"] if e["kind"] == "share"]
    text = str(shared["text"])
    assert "the treasure was reached (green team share): seat 0 +4 (green digger), seat 4 +4 " \
           "(green digger)" in text, text
    assert "1 crystal on display go to the geologists: seat 2 +1" in text, text
    assert "trapped, so no share: seat 1" in text, text
    sheet = state.view(2)["score_sheet"]
    assert sheet is not None and sheet["title"] == "Round 1 of 3" and not sheet["final"]
    assert [r["parts"] for r in sheet["rows"]] == [[4], [0], [1], [1], [3]]
    assert [r["total"] for r in sheet["rows"]] == state.gold
    assert sheet["notes"][-1] == "Round 1: seat 3 stole 1 gold from seat 4 (Theft card)"
    assert sheet == state.view(None)["score_sheet"]  # nothing in it is a seat's secret


def test_saboteurs_share_when_the_treasure_is_not_reached() -> None:
    """Seed 004 "Saboteur Win Condition": the saboteurs win when the treasure is not reached."""
    event = GoldShared(None, 2, (0, 4, 4, 0), ("green digger", SAB, SAB, "geologist"), False,
                       (), (), 0, (0, 0, 0, 0))
    assert event.text() == ("round 2 gold: the treasure was not reached, so the saboteurs "
                            "share: seat 1 +4 (saboteur), seat 2 +4 (saboteur)")


def test_the_final_sheet_adds_the_rounds_and_names_the_winners() -> None:
    """Reference "most gold after three rounds wins; ties share the win"."""
    state = new(3)
    replace(state, round=3)
    replace(state, gold=[0, 0, 0])
    lay(state, CHAIN)
    replace(state, dwarves=[GREEN, SAB, BLUE])
    to_play(state, 0, ["tunnel-we", *["map"] * 5], [])
    act(state, "place tunnel-we 7 0")
    sheet = state.view(1)["score_sheet"]
    assert sheet is not None and sheet["final"] and sheet["title"] == "Final scores"
    assert sheet["winners"] == [0] and [c["label"] for c in sheet["columns"]] == ["Round 3"]
    assert [r["total"] for r in sheet["rows"]] == state.gold
