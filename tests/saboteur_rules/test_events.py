"""The log's events (rules/saboteur/log.py): what a Map showed is its player's only, in the
log as in the view, and `determinize` tells the other seats' Maps from the goals it deals
again (seed 'Map': 'Secretly look at any of the three treasures')."""

from __future__ import annotations

import random

from motherlode.rules.saboteur.log import Drew, PlayedAt
from motherlode.testing.conformance import check_no_leak, check_restore

from .scenario import FILLER, act, lay, new, to_play

PILE = ["tunnel-ns"] * 10


def test_a_map_event_tells_the_goal_to_its_player_only() -> None:
    state = new()
    lay(state, {})
    to_play(state, 0, ["map", *[FILLER] * 5], PILE)
    act(state, "play map at 8 -2")
    (event,) = [e for e in state.events() if isinstance(e, PlayedAt)]
    assert (event.seen, event.treasure) == ("goal-stone-ne", False)
    mine = [e for e in state.view(0)["log"] if e["kind"] == "play_at"]
    assert mine[0]["text"] == "played Map at 8 -2 and saw a stone"
    for seat in (None, 1, 2, 3, 4):
        (theirs,) = [e for e in state.view(seat)["log"] if e["kind"] == "play_at"]
        assert (theirs["seen"], theirs["treasure"]) == (None, None)
        assert theirs["text"] == "played Map at 8 -2 (looked at that goal)"


def test_determinize_tells_other_maps_from_the_goals_dealt_again() -> None:
    state = new()
    lay(state, {})
    to_play(state, 0, ["map", *[FILLER] * 5], PILE)
    act(state, "play map at 8 0")
    changed = 0
    for k in range(20):
        other = state.determinize(1, random.Random(k))
        (event,) = [e for e in other.events() if isinstance(e, PlayedAt)]
        goal = other.maze.face_down[8, 0]
        assert (event.seen, event.treasure) == (goal.id, goal.treasure)
        assert other.maps[0] == {(8, 0): goal.id}
        changed += goal.id != state.maze.face_down[8, 0].id
        assert other.determinize(0, random.Random(k)).events() == other.events()
    assert changed  # the goal seat 1 has not seen is dealt again
    check_no_leak(state, random.Random(1))
    check_restore(state, random.Random(2))


def test_the_card_drawn_is_told_to_its_player_only() -> None:
    """Issue 21 item 3 (seed 004 A: "lay a path card ... then draw 1"): the player is told
    which card they drew, in the shared log (the browser's too); no other seat and no
    spectator gets the entry, and a determinized state keeps no trace of the real card."""
    state = new()
    lay(state, {})
    to_play(state, 0, ["map", *[FILLER] * 5], ["dead-n", *PILE])
    act(state, "play map at 8 -2")
    (mine,) = [e for e in state.view(0)["log"] if e["kind"] == "drew"]
    assert mine["text"] == "drew Tunnel N-S from the pile"
    for seat in (None, 1, 2, 3, 4):
        seen = state.view(seat)["log"]
        assert not [e for e in seen if e["kind"] == "drew"]
        assert "tunnel-ns from the pile" not in str(seen)
    for k in range(5):
        other = state.determinize(1, random.Random(k))
        (drew,) = [e for e in other.events() if isinstance(e, Drew)]
        assert (drew.seat, drew.count, drew.cards) == (0, 1, ())
        assert other.view(1)["log"] == state.view(1)["log"]
    check_no_leak(state, random.Random(3))
