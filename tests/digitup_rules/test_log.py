"""The table's story (issue 11): each Dig It Up event as a sentence, who sees which detail,
the decision the seat to play is offered, and the restore round trip."""

from __future__ import annotations

import json
import random

import pytest

from digitup_rules.helpers import at, card, game, playing, roll, set_site
from motherlode.cli import decide
from motherlode.engine.decision import actions_of
from motherlode.engine.events import looks_like_repr, unpack
from motherlode.engine.position import replace
from motherlode.rules.digitup.actions import Dig, KeepMission, PlaceToken
from motherlode.rules.digitup.log import Dug, MissionKept, MissionRevealed, TokenPlaced
from motherlode.rules.digitup.phase import Phase
from motherlode.rules.digitup.state import DigItUpState
from motherlode.testing.conformance import check_no_leak, check_restore

STAR_FIRST = ["stone", "scroll*", "crystal", "ruby", "incense", "statue", "knife"]

# (event, the sentence a player reads)
SENTENCES = [
    (MissionKept(1, "gold-digger", "Gold Digger"),
     "kept the mission Gold Digger (secret until the end)"),
    (MissionKept(1, None, None), "kept a mission (secret until the end)"),
    (Dug(1, "gobi", "Gobi", 3, False, 4, "ruby*", 0, -3, "lucky-coin", "Lucky Coin", "stone"),
     "dug at Gobi: rolled 3, took the ruby (star) from space 4, paid the money token of -3 won "
     "on it, drew the chance card Lucky Coin; Gobi is abandoned, its last tile (stone) out of "
     "play"),
    (Dug(0, "amazon", "Amazon", 5, True, 2, "gold+2", 2, 3, None, None, None),
     "dug at Amazon: moved 5 with a Compass, took the gold (+2) from space 2 and 2 won for its "
     "+2, took the money token of +3 won on it"),
    (TokenPlaced(2, "andes", "Andes", 2, "gold*+2", -3),
     "put a money token of -3 won on the gold (star, +2) in space 2 of Andes"),
    (MissionRevealed(0, "scholar", "Scholar", 18),
     "reveals the mission Scholar (18 won if achieved)"),
]


@pytest.mark.parametrize(("event", "sentence"), SENTENCES)
def test_event_sentences(event: object, sentence: str) -> None:
    assert isinstance(event, MissionKept | Dug | TokenPlaced | MissionRevealed)
    assert event.text() == sentence
    assert not looks_like_repr(event.text())
    assert event.to_json()["text"] == sentence


def test_kept_mission_is_secret_from_other_seats_until_revealed() -> None:
    """Set-up 6: "keep 1 mission card secretly"; the log tells others only that one was kept."""
    state = game(3).new_game(4)
    mine = state.legal_actions()[1]
    assert isinstance(mine, KeepMission)
    state.apply(mine)
    entry = unpack(state.log[0])
    assert entry == MissionKept(0, mine.mission, state.game.components.missions[
        state.game.mission_index[mine.mission]].name)
    assert state.view(0)["log"][0]["mission"] == mine.mission
    for seat in (1, 2, None):
        seen = state.view(seat)["log"][0]
        assert seen["mission"] is None and seen["name"] is None
        assert mine.mission not in json.dumps(seen)


def test_missions_are_revealed_in_the_log_at_the_end() -> None:
    """Game end: "all players reveal their mission cards"."""
    state = game(2).new_game(3)
    rng = random.Random(0)
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    revealed = [e for e in state.events() if isinstance(e, MissionRevealed)]
    assert [e.seat for e in revealed] == [0, 1]
    assert [e.mission for e in revealed] == [state.game.mission_ids[m] for m in state.mission]
    for seat in (0, 1, None):
        kinds = [e["kind"] for e in state.view(seat)["log"]]
        assert kinds.count("mission-revealed") == 2


def test_a_dig_tells_the_roll_the_tile_and_the_card() -> None:
    state = playing(4)
    set_site(state, "amazon", STAR_FIRST)
    replace(state, deck=[*state.deck, card(state, "lucky-coin")])
    roll(state, 2)
    state.apply(Dig("amazon"))
    assert unpack(state.log[-1]) == Dug(
        0, "amazon", "Amazon", 2, False, 2, "scroll*", 0, 0, "lucky-coin", "Lucky Coin", None
    )
    assert state.view(3)["log"][-1]["text"] == (
        "dug at Amazon: rolled 2, took the scroll (star) from space 2, drew the chance card "
        "Lucky Coin"
    )


def test_a_placed_token_is_told() -> None:
    state = playing(4)
    set_site(state, "amazon", STAR_FIRST)
    replace(state, deck=[*state.deck, card(state, "strike-gold")])
    roll(state, 2)
    state.apply(Dig("amazon"))
    state.apply(PlaceToken("amazon", 3))
    assert unpack(state.log[-1]) == TokenPlaced(0, "amazon", "Amazon", 3, "crystal", 3)


def test_decision_keep_offers_the_missions_with_their_card_text() -> None:
    state = game(4).new_game(2)
    decision = state.view(0)["decision"]
    assert decision is not None and decision["seat"] == 0
    (group,) = decision["groups"]
    assert group["kind"] == "choice" and group["verb"] == "keep"
    names = [o["name"] for o in group["options"]]
    dealt = [state.game.mission_ids[m] for m in state.dealt[0]]
    assert names == dealt
    for item in group["options"]:
        m = state.game.mission_index[item["name"]]
        assert item["label"] == state.game.components.missions[m].name
        assert item["text"].startswith("Mission (")
    assert state.view(1)["decision"] is None


def test_decision_dig_with_a_compass_offers_the_move_as_a_range() -> None:
    state = playing(2)
    replace(state, kept=at(state.kept, 0, [*state.kept[0], state.game.compass_card]))
    decision = state.decision()
    kinds = [g["kind"] for g in decision["groups"]]
    assert kinds == ["choice"] + ["range"] * 6  # six open sites with 2 players
    digs = decision["groups"][0]
    assert digs["kind"] == "choice"
    assert [o["label"] for o in digs["options"]][:2] == ["A Amazon", "B Andes"]
    compass = decision["groups"][1]
    assert compass["kind"] == "range"
    assert (compass["minimum"], compass["maximum"], compass["action"]) == (1, 6, "dig amazon {}")
    assert compass["verb"] == "dig amazon"  # each site's range has its own verb
    verbs = [g["verb"] for g in decision["groups"]]
    assert len(set(verbs)) == len(verbs)
    assert sorted(actions_of(decision)) == sorted(str(a) for a in state.legal_actions())


def test_decision_place_offers_cells() -> None:
    state = playing(4)
    set_site(state, "amazon", STAR_FIRST)
    replace(state, deck=[*state.deck, card(state, "hazardous-area")])
    roll(state, 2)
    state.apply(Dig("amazon"))
    assert state.phase == Phase.PLACE
    (group,) = state.decision()["groups"]
    assert group["kind"] == "cell" and group["name"] == "Hazardous Area"
    first = group["cells"][0]
    assert (first["x"], first["y"]) == (1, 0)
    # Issue 21 item 1: named as the board prints the space (letter, space 1-7) and its tile.
    assert first["orientations"] == [{"name": "A1 stone", "action": "place amazon 1"}]
    assert sorted(actions_of(state.decision())) == sorted(str(a) for a in state.legal_actions())
    line = str(decide.lines(state.decision())[-1])
    assert "1 A1 stone" in line and " 0: " not in line and "more" not in line


def test_restore_round_trip_on_a_scenario() -> None:
    """restore(snapshot) is the same game: digest, views, legal actions, and play on."""
    state = playing(3)
    set_site(state, "amazon", STAR_FIRST)
    replace(state, deck=[*state.deck, card(state, "strike-gold")])
    roll(state, 2)
    state.apply(Dig("amazon"))
    state.rng = state.game.new_game(0).rng  # back to a real RNG after the fixed die
    back = state.game.restore(json.loads(json.dumps(state.snapshot())))
    assert isinstance(back, DigItUpState)
    assert back.open_mask == state.open_mask
    check_restore(state)
    check_no_leak(state)


@pytest.mark.parametrize("players", [2, 4, 5])
def test_is_legal_agrees_with_legal_actions(players: int) -> None:
    """`is_legal` (the checked apply's fast test) answers as membership in legal_actions()."""
    g = game(players)
    space = [g.decode(i) for i in range(g.num_actions)]
    odd = [Dig("amazon", 7), Dig("atlantis", 0), Dig("nowhere"), Dig("amazon", True),
           KeepMission("nowhere"), PlaceToken("amazon", 0)]
    rng = random.Random(players)
    for seed in range(12):
        state = g.new_game(seed)
        if seed % 3 == 0:
            replace(state, kept=at(state.kept, 0, [*state.kept[0], g.compass_card]))
        while not state.is_terminal:
            legal = state.legal_actions()
            for action in [*legal, *rng.sample(space, 25), *odd]:
                assert state.is_legal(action) == (action in legal), (seed, str(action))
            state.apply(legal[rng.randrange(len(legal))])
