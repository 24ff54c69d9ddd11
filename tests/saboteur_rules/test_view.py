"""What each seat of Saboteur Gold may know: the views, and `determinize`.

Seed 004 "Preparation (Setup)" ("Deal each player a dwarf card, which they keep secret"; "Take
10 path & action cards and set them aside"), "Types of Action Cards" ("Map: Secretly look";
"Inspection: you may look at the role of another player") and C ("Pass and discard");
reference shared/reference/saboteur.md "Turn" ("pass and discard 1-3 cards face down"),
"Expansion action cards" (Swap Your Hats: "discards their dwarf unseen"). Each test names the
sentence it checks. Positions are set by hand (`scenario.py`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from motherlode.engine.position import replace
from motherlode.rules.saboteur.actions import Discard
from motherlode.rules.saboteur.state import SaboteurState

from .scenario import CHAIN, FILLER, act, lay, new, set_tableaux, to_play

SEEDS = range(8)


def test_a_seat_sees_its_own_hand_and_dwarf() -> None:
    """Seed 'Deal each player a dwarf card, which they keep secret'; every hand's size shows."""
    state = new(5)
    for seat in range(5):
        seen = state.view(seat)
        assert seen["hand"] == sorted(state.hands[seat])
        assert seen["dwarf"] == state.dwarves[seat]
        assert seen["hand_sizes"] == [6] * 5
    spectator = state.view(None)
    assert (spectator["hand"], spectator["dwarf"], spectator["inspected"],
            spectator["my_discards"]) == (None, None, [], [])
    assert spectator["goals"] == [{"cell": [8, r], "card": None, "face_up": False}
                                  for r in (-2, 0, 2)]
    assert (spectator["pile"], spectator["removed"], spectator["spare_dwarves"]) == (
        118 - 10 - 30, 10, 10)


def _other_hand(state: SaboteurState) -> None:
    state.hands[1], state.pile[:6] = state.pile[:6], state.hands[1]


def _other_dwarf(state: SaboteurState) -> None:
    spare = next(i for i, d in enumerate(state.spare_dwarves) if d != state.dwarves[1])
    state.dwarves[1], state.spare_dwarves[spare] = state.spare_dwarves[spare], state.dwarves[1]


def _goals(state: SaboteurState) -> None:
    cells = state.maze.face_down
    cells[8, -2], cells[8, 0] = cells[8, 0], cells[8, -2]


def _set_aside(state: SaboteurState) -> None:
    state.removed[0], state.pile[0] = state.pile[0], state.removed[0]


HIDDEN: list[tuple[str, Callable[[SaboteurState], None]]] = [
    ("hands are hidden (view.py, issue 5; seed 'Swap hands' is how one sees another's): "
     "another player's hand", _other_hand),
    ("seed 'Deal each player a dwarf card, which they keep secret': another's dwarf",
     _other_dwarf),
    ("seed 'Map: Secretly look at any of the three treasures': the face-down goals", _goals),
    ("seed 'Take 10 path & action cards and set them aside': which cards", _set_aside),
]


@pytest.mark.parametrize(("source", "change"), HIDDEN, ids=[r[0][:60] for r in HIDDEN])
def test_what_a_seat_does_not_see(source: str, change: Callable[[SaboteurState], None]) -> None:
    """Two positions differing only in a hidden part look the same to seat 0 and to a
    spectator."""
    state = new(5, seed=4)
    other = state.clone()
    change(other)
    assert other.digest() != state.digest()
    for seat in (None, 0):
        assert other.view(seat) == state.view(seat), (source, seat)


def test_face_down_discards_show_only_their_number() -> None:
    """Reference turn: 'pass and discard 1-3 cards face down': which cards, only the player
    knows."""
    state = new(5, seed=4)
    other = state.clone()
    hand = list(state.hands[0])
    act(state, f"discard {hand[0]}", f"discard {hand[1]}", "draw")
    act(other, f"discard {hand[2]}", f"discard {hand[3]}", "draw")
    for seat in (None, 1, 2, 3, 4):
        assert state.view(seat) == other.view(seat), seat
        assert state.view(seat)["face_down_discards"] == 2
    assert state.view(0)["my_discards"] == sorted(hand[:2])
    assert other.view(0)["my_discards"] == sorted(hand[2:4])


def _played(seed: int = 3) -> tuple[SaboteurState, list[tuple[int, int]]]:
    """A round under way: seat 0 has mapped the middle goal and inspected seat 2; seats 1, 2
    and 4 passed, seat 3 fixed its lamp (D), seat 1 passed again. Returns the state and the history
    index and seat of every face-down discard."""
    state = new(5, seed)
    lay(state, {})
    set_tableaux(state, {3: "lamp"})
    discards: list[tuple[int, int]] = []

    def discard(*cards: str) -> None:
        for card in cards:
            discards.append((len(state.history), state.seat))
            act(state, f"discard {card}")

    state.hands[0][:2] = ["map", "inspection"]
    act(state, "play map at 8 0")
    hand = state.hands[1]
    discard(hand[0], hand[1])
    act(state, "draw")
    discard(state.hands[2][0])
    act(state, "draw")
    act(state, "fix lamp")
    discard(*state.hands[3][:2])
    discard(*state.hands[4][:3])
    act(state, "play inspection on 2")
    discard(state.hands[1][0])
    act(state, "draw")
    assert state.current_player == 2
    return state, discards


def _unseen(state: SaboteurState, seat: int) -> Counter[str]:
    cards = Counter(state.pile) + Counter(state.removed)
    for other in range(state.game.num_players):
        if other != seat:
            cards.update(state.hands[other])
            cards.update(state.hidden_discards[other])
    return cards


def test_determinize_keeps_the_view_and_deals_the_hidden_parts_again() -> None:
    """A state seat 0 cannot tell from the real one: what it saw is kept (its hand, dwarf and
    discards, the goal it mapped, the dwarf it inspected), what it did not see is dealt again
    (other hands, the pile, unmapped goals, uninspected dwarves)."""
    state, _ = _played()
    seen = state.view(0)
    changed: Counter[str] = Counter()
    for k in SEEDS:
        det = state.determinize(0, random.Random(k))
        assert det.view(0) == seen, k
        assert det.view(None) == state.view(None), k
        assert det.hands[0] == state.hands[0]
        assert det.hidden_discards[0] == state.hidden_discards[0]
        assert [det.dwarves[s] for s in (0, 2)] == [state.dwarves[s] for s in (0, 2)]
        assert det.maze.face_down[8, 0] == state.maze.face_down[8, 0]
        assert _unseen(det, 0) == _unseen(state, 0)
        assert [len(h) for h in det.hands] == [len(h) for h in state.hands]
        changed["hands"] += det.hands[1:] != state.hands[1:]
        changed["pile"] += det.pile != state.pile
        changed["goals"] += det.maze.face_down != state.maze.face_down
        changed["dwarves"] += [det.dwarves[s] for s in (1, 3, 4)] != [
            state.dwarves[s] for s in (1, 3, 4)]
        changed["discards"] += det.hidden_discards[1:] != state.hidden_discards[1:]
    assert set(changed) == {"hands", "pile", "goals", "dwarves", "discards"}
    assert min(changed.values()) >= 2, changed


def test_determinize_for_the_player_to_move_keeps_its_choices() -> None:
    """The seat to play has the same legal actions in every state it cannot tell apart."""
    state, _ = _played()
    assert state.current_player == 2
    for k in SEEDS:
        det = state.determinize(2, random.Random(k))
        assert det.view(2) == state.view(2)
        assert det.legal_actions() == state.legal_actions()


def test_determinize_for_another_seat_deals_the_mapped_goal_again() -> None:
    """Seed 'Map: Secretly look': seat 1 did not see the goal seat 0 looked at."""
    state, _ = _played()
    goals = {state.determinize(1, random.Random(k)).maze.face_down[8, 0].id for k in SEEDS}
    assert len(goals) >= 2
    for k in SEEDS:
        assert state.determinize(1, random.Random(k)).view(1) == state.view(1)


def test_the_history_of_a_determinized_state_hides_other_seats_discards() -> None:
    """Reference 'discard 1-3 cards face down': the other seats' `discard` actions in the
    history are the cards dealt again to their face-down discards, not the real ones; the
    seat's own stay."""
    state, discards = _played()
    differs = 0
    for k in SEEDS:
        det = state.determinize(0, random.Random(k))
        taken = [0] * 5
        for index, seat in discards:
            action = det.history[index]
            if seat == 0:
                assert action == state.history[index]
                continue
            assert action == Discard(det.hidden_discards[seat][taken[seat]]), (k, index)
            taken[seat] += 1
            differs += action != state.history[index]
        others = {index for index, seat in discards if seat != 0}
        assert [a for i, a in enumerate(det.history) if i not in others] == [
            a for i, a in enumerate(state.history) if i not in others]
    assert differs >= len(SEEDS)


def test_an_earlier_rounds_discards_are_hidden_too() -> None:
    """A new round deals every card again: the last round's face-down discards of other seats
    stay unknown."""
    state, discards = _played()
    for seat in range(5):
        state.hands[seat] = []
    to_play(state, 2, [FILLER], [])
    act(state, f"discard {FILLER}")
    assert state.round == 2
    rewritten = [
        [state.determinize(0, random.Random(k)).history[i] for i, s in discards if s != 0]
        for k in SEEDS]
    real = [state.history[i] for i, s in discards if s != 0]
    assert sum(row != real for row in rewritten) >= len(SEEDS) - 1
    det = state.determinize(0, random.Random(0))
    assert det.view(0) == state.view(0)


def test_swap_your_hats_keeps_the_old_dwarf_from_the_others() -> None:
    """Reference 'Swap Your Hats ... discards their dwarf unseen': the dropped dwarf shows only
    to its seat, and determinize deals it again for the others."""
    state = new(5, seed=6)
    replace(state, dwarves=["saboteur", "green-digger", "blue-digger", "boss", "geologist"])
    replace(state, spare_dwarves=["green-digger", "profiteer", "blue-digger"])
    to_play(state, 0, ["swap-hats", *[FILLER] * 5])
    act(state, "play swap-hats on 1")
    assert state.view(1)["my_dropped_dwarves"] == ["green-digger"]
    for seat in (None, 0, 2):
        assert state.view(seat)["my_dropped_dwarves"] == []
    assert state.view(0)["spare_dwarves"] == 2
    dropped = {state.determinize(0, random.Random(k)).dropped_dwarves[0][1] for k in SEEDS}
    assert len(dropped) >= 2


def test_determinize_after_the_round_end_keeps_what_the_end_revealed() -> None:
    """At a round's end every dwarf and goal is revealed (round_end.py; the log's 'end' event):
    while the thieves choose, they are no longer hidden, so a state seat 0 cannot tell from
    the real one has the same."""
    state = new(5)
    replace(state, dwarves=["green-digger", "blue-digger", "saboteur", "geologist", "blue-digger"])
    replace(state, gold=[2, 0, 0, 0, 1])
    set_tableaux(state, {3: "theft"})
    replace(state, theft_order=[3])
    lay(state, CHAIN)
    to_play(state, 0, ["tunnel-we", *[FILLER] * 5], ["theft", "tunnel-ns"])
    act(state, "place tunnel-we 7 0")
    assert state.view(None)["phase"] == "steal"
    for k in SEEDS:
        det = state.determinize(0, random.Random(k))
        assert det.view(0) == state.view(0)
        assert det.dwarves == state.dwarves, k
        assert det.maze.face_down == state.maze.face_down, k


def test_determinize_after_another_seat_mapped_a_goal_since_turned_up() -> None:
    """Seed "Map" then "Pathway Rules": seat 0 maps the middle stone, seat 1 reaches it (turned
    up); determinize for seat 2 keeps the turned-up stone and seat 0's map of it (review: it
    raised KeyError)."""
    s = new(5, seed=1)
    lay(s, CHAIN, goals=("goal-treasure", "goal-stone-ne", "goal-stone-nw"))
    s.hands[0][0] = "map"
    s.apply(s.game.parse_action("play map at 8 0"))
    s.hands[1][0] = "tunnel-we"
    s.apply(s.game.parse_action("place tunnel-we 7 0"))
    assert (8, 0) in s.maze.cells
    for rng_seed in range(5):
        other = s.determinize(2, random.Random(rng_seed))
        assert other.maps[0] == {(8, 0): "goal-stone-ne"}
        assert other.view(2) == s.view(2)


def test_a_hand_given_away_stays_known_to_its_old_owner() -> None:
    """Seed 'Swap hands': 'exchange hands with another player'. The player knows the hand it
    gave away: its view lists those cards in the other player's hand, determinize keeps them
    there, and a card shown from that hand leaves the knowledge while a face-down discard
    ends it."""
    s = new(5, seed=1)
    mine = ["swap-hand", "map", "map", "theft", "trapped", "rockfall"]
    to_play(s, 0, mine, ["tunnel-ns", "theft", "bridge", "dead-n", "crystal-we"])
    s.hands[2] = ["tunnel-we", "tunnel-ns", "bridge"]
    act(s, "play swap-hand on 2")
    given = ["map", "map", "rockfall", "theft", "trapped"]
    assert s.view(0)["known_hands"] == [[2, given]]
    assert s.view(2)["known_hands"] == [[0, ["bridge", "tunnel-ns", "tunnel-we"]]]
    assert s.view(1)["known_hands"] == []
    for rng_seed in range(6):
        other = s.determinize(0, random.Random(rng_seed))
        assert Counter(given) <= Counter(other.hands[2])
        assert other.view(0) == s.view(0)
    replace(s, seat=2)
    act(s, "play map at 8 0")  # shown: one map fewer known
    assert s.view(0)["known_hands"] == [[2, ["map", "rockfall", "theft", "trapped"]]]
    replace(s, seat=2)
    act(s, f"discard {s.hands[2][0]}")  # face down: nothing certain any more
    assert s.view(0)["known_hands"] == []
