"""Pay Dirt's log, decisions and truth (issue 11): every kind of event reads as a sentence, the
decision describes the legal actions (bids in dollars, card texts from the glossary), and a
snapshot restores to the same game."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from motherlode.engine.decision import actions_of, range_action
from motherlode.engine.events import looks_like_repr, unpack
from motherlode.rules.paydirt.log import (
    BY_KIND,
    EVENTS,
    Asked,
    BidMade,
    Bought,
    Completed,
    PlacementsRevealed,
    WearAdded,
    WrenchThrown,
    answer_label,
)
from motherlode.rules.paydirt.model import record_json
from motherlode.rules.paydirt.phase import Phase
from motherlode.testing.conformance import check_restore

from .helpers import new_state, play, show, texts


def _sample(cls: type) -> Any:
    """An instance of an event class with plausible values for its fields."""
    values: list[object] = []
    for field in dataclasses.fields(cls):
        kind = str(field.type)
        if field.name == "seat":
            values.append(1)
        elif "tuple" in kind:
            values.append((1, 3) if "int" in kind else ("excavator", "claim-4"))
        elif "bool" in kind:
            values.append(field.name != "changed")
        elif "int" in kind:
            values.append(2_000 if field.name in ("price", "paid", "cash", "cost") else 2)
        else:
            values.append("claim-4" if field.name in ("claim", "source", "to") else "loader")
    return cls(*values)


def test_every_kind_of_event_reads_as_a_sentence() -> None:
    """69 kinds, one name each; each text plain English with no Python value in it, with and
    without its flags set."""
    assert len(EVENTS) == len(BY_KIND) == 69
    for cls in EVENTS:
        event = _sample(cls)
        for flagged in (event, _flipped(event)):
            text = flagged.text()
            assert text and not looks_like_repr(text), (cls.__name__, text)
            body = flagged.to_json()
            assert body["kind"] == cls.kind and body["text"] == text
            json.dumps(body)


def _flipped(event: Any) -> Any:
    flags = {f.name: not getattr(event, f.name) for f in dataclasses.fields(event)
             if isinstance(getattr(event, f.name), bool)}
    return dataclasses.replace(event, **flags)


def test_sentences_show_money_and_units_as_the_game_prints_them() -> None:
    assert BidMade(0, 5_000).text() == "bids $5,000"
    assert Bought(0, "claim-4", "claim 4", 9_000).text() == "wins claim 4 for $9,000"
    assert Completed(1, "rich", 5, 4).text() == "washes a rich ore worth 5: +4 nuggets"
    assert PlacementsRevealed(2, (), ()).text() == "placed no workers"
    assert WearAdded(0, "harsh-weather", "Harsh Weather", "loader", 1).text() == \
        "Harsh Weather: +1 wear on the loader"
    assert WearAdded(0, "harsh-weather", "Harsh Weather", "excavator", 0).text() == (
        "Harsh Weather: +0 wear on the excavator (fully worn already: no more wear fits)")
    names = {"layered-1": "layered claim 1"}
    options = ("tile layered-1", "ore claim-4 2", "machine wash_plant", "no")
    ore = {"ore claim-4 2": "medium"}
    asked = Asked(0, "morgan-grift", "Morgan Grift", "take", options,
                  tuple(answer_label(o, names, ore) for o in options))
    # issue 21 item 4: no pipe list, the question in words, an ore with its type
    assert asked.text() == ("Morgan Grift asks which to take: layered claim 1, medium ore 2 "
                            "of claim 4, the wash plant or no")


def test_a_played_game_logs_packed_events_every_seat_sees() -> None:
    """The log holds packed tuples (never dataclasses); every seat sees every event."""
    state = new_state(3, seed=4)
    rng = random.Random(4)
    while not state.is_terminal and len(state.history) < 150:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert state.log and all(isinstance(entry, tuple) for entry in state.log)
    for entry in state.log:
        event = unpack(entry)
        assert all(event.seen_by(seat) == event for seat in (None, 0, 1, 2))
    assert len(state.view(1)["log"]) == len(state.log)


# --- decisions ---------------------------------------------------------------------------
def test_a_pick_shows_each_tiles_card_text() -> None:
    state = new_state(2, seed=1)
    show(state, ["excavator-1"], ["betsy-pretty"], ["layered-1"])
    decision = state.decision()
    assert sorted(actions_of(decision)) == sorted(texts(state))
    pick = decision["groups"][0]
    assert pick["kind"] == "choice" and pick["verb"] == "pick"
    glossary = state.game.glossary
    by_name = {o["name"]: o for o in pick["options"]}
    for item in ("excavator-1", "betsy-pretty", "layered-1"):
        assert by_name[item]["text"] == glossary[item]
        assert by_name[item]["label"] == state.game.names[item]
    assert "service life" in by_name["excavator-1"]["text"]
    assert "$" in by_name["betsy-pretty"]["text"]


def test_bids_are_a_range_in_dollars() -> None:
    """Pay Dirt bids count thousands (`bid 5`); the decision shows dollars: scale 1,000."""
    state = new_state(2, seed=1)
    show(state, ["excavator-1"], [], [])
    play(state, "pick excavator-1")
    group = state.decision()["groups"][0]
    assert group["kind"] == "range" and group["unit"] == "$"
    assert (group["step"], group["scale"]) == (1_000, 1_000)
    price = state.game.equipment_by_id["excavator-1"].price
    assert group["minimum"] == price and group["maximum"] == state.boards[0].cash
    assert range_action(group, price) == f"bid {price // 1_000}"
    assert sorted(actions_of(state.decision())) == sorted(texts(state))


def test_a_card_question_shows_its_answers_and_the_card_text() -> None:
    """Morgan Grift's question: the tiles left (with their text) and `no`."""
    state = new_state(2, seed=1)
    state.boards[0].specialists.append("morgan-grift")
    show(state, [], [], ["layered-1"])
    play(state, "decline", "decline")
    assert state.phase == Phase.CHOOSE
    decision = state.decision()
    assert "Morgan Grift" in decision["prompt"]
    group = decision["groups"][0]
    assert group["kind"] == "choice"
    options = {o["action"]: o for o in group["options"]}
    assert set(options) == set(texts(state)) == {"choose tile layered-1", "choose no"}
    assert options["choose tile layered-1"]["text"] == state.game.glossary["layered-1"]


def test_every_decision_of_a_game_agrees_with_the_legal_actions() -> None:
    for seed in range(3):
        state = new_state(4, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = texts(state)
            offered = actions_of(state.decision())
            assert sorted(offered) == sorted(legal) and len(set(offered)) == len(offered)
            state.apply(state.legal_actions()[rng.randrange(len(legal))])


# --- truth and restore ----------------------------------------------------------------------
def test_truth_writes_boards_field_by_field() -> None:
    """`truth` writes a board directly (for the digest's speed): the same as every field."""
    state = new_state(3, seed=2)
    rng = random.Random(2)
    for _ in range(200):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    data = state.snapshot()["truth"]
    assert data["boards"] == [record_json(b) for b in state.boards]


def test_restore_gives_the_same_game() -> None:
    for players in (2, 3, 4):
        state = new_state(players, seed=players)
        rng = random.Random(players)
        while not state.is_terminal:
            if rng.random() < 0.05:
                check_restore(state, rng)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        check_restore(state, rng)


def test_a_washed_ore_and_a_wrench_give_their_causes() -> None:
    """Issue 21 item 3: Bad Load ("gives 1 fewer nugget", held_cards.completion_gold) and
    Shake Table show in the washing's line; Misplaced Wrench says why it added less wear than
    the card gives (a machine's wear stops at its service life)."""
    assert Completed(0, "medium", 3, 2, 1, 0).text() == (
        "washes a medium ore worth 3: +2 nuggets (Bad Load -1)")
    assert Completed(0, "low", 1, 3, 0, 2).text() == (
        "washes a low ore worth 1: +3 nuggets (Shake Table +2)")
    assert Completed(0, "low", 1, 1).text() == "washes a low ore worth 1: +1 nugget"
    assert WrenchThrown(0, 2, "excavator", 1, 2, 3).text().endswith(
        "(the card gives +2; wear stops at the machine's service life, 3)")
    assert "(" not in WrenchThrown(0, 2, "excavator", 2, 2, 3).text()
