"""Hidden information: views, determinize, snapshot and observations (docs/games/paydirt.md §5).

Seeds: 000 "Objective" and 001 重要註記 (nobody looks at an ore tile's face until it is fully
processed, SU-10); 000 "2) Work" / 001 II 01 (placements, D22); 000 "3) Events" / 001 III
(the draft: hands and picks, C4, D28); D41 (the top upgrade's back shows its kind).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from motherlode.rules.paydirt import hidden as hidden_module
from motherlode.rules.paydirt.board import EMPTY
from motherlode.rules.paydirt.components import ORE_TYPES
from motherlode.rules.paydirt.events import KeepEvent
from motherlode.rules.paydirt.game import PayDirt
from motherlode.rules.paydirt.log import Completed, OreReshuffled
from motherlode.rules.paydirt.phase import Phase
from motherlode.rules.paydirt.schema import DraftView, WorkView
from motherlode.rules.paydirt.state import PayDirtState
from motherlode.rules.paydirt.work import SLOTS, Place
from motherlode.testing.conformance import check_no_leak

from .helpers import new_state, revealed_values


def work_of(state: PayDirtState, seat: int | None) -> WorkView:
    seen = state.view(seat)["work"]
    assert seen is not None
    return seen


def draft_of(state: PayDirtState, seat: int | None) -> DraftView:
    seen = state.view(seat)["draft"]
    assert seen is not None
    return seen


def playout(players: int, seed: int, every: int = 1) -> Iterator[PayDirtState]:
    """Random legal play to the end, yielding every `every`-th state (and the last)."""
    state = new_state(players, seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal:
        if step % every == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    yield state


def advance(state: PayDirtState, rng: random.Random,
            until: Callable[[PayDirtState], bool]) -> PayDirtState:
    """Play random legal actions until `until(state)` (or the end)."""
    while not until(state) and not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


def ore_lists(value: Any) -> Iterator[list[Any]]:
    """Every claim's and machine's ore list in a view."""
    for board in value["boards"]:
        for claim in board["claims"]:
            yield claim["ore"]
        for machine in board["machines"]:
            yield machine["spaces"]


def hidden_values(state: PayDirtState) -> list[int]:
    """The values of every ore tile on the boards (all face down)."""
    ore = state.game.components.ore
    return [ore[o].value for board in state.boards for o in board.ore_on_board()]


# --- SU-10: no ore value in any view -----------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_ore_value_in_any_view(players: int) -> None:
    """SU-10 (000 Objective; 001 重要註記): claims and machines show ore types only; a value
    appears only in the log entries of ore completed in Work, revealed in Cleanup or turned
    face up by Test Drill (designed: its value is public, in every view's face_up)."""
    for state in playout(players, seed=players, every=3):
        for seat in [None, *range(players)]:
            seen = state.view(seat)
            assert json.loads(json.dumps(seen)) == seen
            for ores in ore_lists(seen):
                assert all(o is None or o in ORE_TYPES for o in ores)
            for entry in seen["log"]:
                if "value" in entry:
                    assert entry["kind"] in ("completed", "cleaned-up", "test-drill")
                    assert entry["ore"] in ORE_TYPES


def test_ore_values_do_not_change_any_view() -> None:
    """Swapping a claim's tile for another of its type but another value changes no view: the
    view holds no ore number (the number fixes the value)."""
    state = new_state(3, seed=5)
    ore = state.game.components.ore
    claim = state.boards[1].claims[0]
    tile = claim.ore[0]
    swap = next(n for n, t in enumerate(ore)
                if t.type == ore[tile].type and t.value != ore[tile].value
                and n in state.ore_stacks[ORE_TYPES.index(t.type)])
    before = [state.view(s) for s in (None, 0, 1, 2)]
    stack = state.ore_stacks[ORE_TYPES.index(ore[tile].type)]
    stack[stack.index(swap)], claim.ore[0] = tile, swap
    assert [state.view(s) for s in (None, 0, 1, 2)] == before


def test_stacks_show_sizes_and_top_upgrade_kind_only() -> None:
    """Stacks are face down (SU-3, SU-5): sizes only, and the top upgrade's back (D41)."""
    state = new_state(4, seed=2)
    stacks = state.view(0)["stacks"]
    assert stacks["equipment"] == len(state.equipment_stack)
    assert stacks["upgrade"] == len(state.upgrade_stack)
    assert stacks["upgrade_top"] == state.game.upgrade_by_id[state.upgrade_stack[-1]].kind
    assert stacks["events"] == len(state.event_deck)
    assert stacks["ore"] == [len(s) for s in state.ore_stacks]
    text = json.dumps(state.view(None))
    for hidden in state.equipment_stack + state.claim_stack + state.event_deck:
        assert f'"{hidden}"' not in text


def test_public_board_and_auction() -> None:
    """Money, gold, workers, claims (by type), machines, wear and the auction are public."""
    state = new_state(3, seed=4)
    board = state.view(2)["boards"][0]
    assert board["cash"] == 9_000 and board["gold"] == 0 and board["workers"] == 5
    assert board["claims"][0]["ore"] == ["poor", "poor", "poor"]
    assert [m["spaces"] for m in board["machines"]] == [[None] * 3] * 3
    assert state.view(1)["auction"] == state.view(None)["auction"]
    auction = state.view(1)["auction"]
    assert auction is not None and auction["item"] is None


# --- D22: placements -------------------------------------------------------------------------
def test_other_seats_placements_hidden_until_all_done() -> None:
    """WK-1, D22: a seat sees its own placements; another's only once every seat is done."""
    state = advance(new_state(3, seed=3), random.Random(3),
                    lambda s: s.phase == Phase.WORK_PLACE)
    first = state.seat
    state.apply(Place("excavator"))
    own = work_of(state, first)["placed"][first]
    assert own is not None and own[SLOTS.index("excavator")] == 1
    for seat in [None, *(s for s in range(3) if s != first)]:
        assert work_of(state, seat)["placed"][first] is None
        assert "excavator" not in json.dumps(state.view(seat)["log"])
    while state.phase == Phase.WORK_PLACE:
        state.apply(state.game.parse_action("done"))
    assert state.work is not None and state.work.revealed
    assert work_of(state, None)["placed"] == state.work.placed


def test_determinize_resamples_other_placements_and_history() -> None:
    """§5 item 4: other seats' secret rows are redealt (each keeps its number of workers), and
    their `place` actions in the history are rewritten to match; the seat's own row stays."""
    state = advance(new_state(3, seed=8), random.Random(8),
                    lambda s: s.phase == Phase.WORK_PLACE)
    placer = state.seat
    for slot in ("sell", "buy", "excavator"):
        state.apply(Place(slot))
    state.apply(state.game.parse_action("done"))
    me = state.seat
    assert me != placer and state.work is not None
    rows = set()
    for r in range(20):
        other = state.determinize(me, random.Random(r))
        assert other.work is not None and other.view(me) == state.view(me)
        row = other.work.placed[placer]
        assert sum(row) == 3
        rows.add(tuple(row))
        places = [a for a in other.history[-4:-1]]
        assert all(isinstance(a, Place) for a in places)
        assert sorted(SLOTS.index(a.slot) for a in places if isinstance(a, Place)) == sorted(
            i for i, k in enumerate(row) for _ in range(k))
    assert len(rows) > 5


# --- the draft (C4, D28) ------------------------------------------------------------------------
def in_draft(players: int, seed: int) -> PayDirtState:
    """A state in the Events draft after the first pick (a hand of 2+ cards passed on)."""
    state = new_state(players, seed)
    rng = random.Random(seed)
    advance(state, rng, lambda s: s.draft is not None and len(s.draft.picks) == 1)
    return state


def test_draft_hand_and_picks_hidden() -> None:
    """EV-1, C4: the holder sees its hand; a pick is its seat's secret until resolved."""
    state = in_draft(4, seed=11)
    draft = state.draft
    assert draft is not None and draft.revealed == 0
    picker, holder = draft.order[0], draft.holder
    assert holder is not None
    assert draft_of(state, holder)["hand"] == draft.hand
    assert draft_of(state, picker)["pick"] == draft.picks[0]
    for seat in [None, *(s for s in range(4) if s not in (holder, picker))]:
        seen = draft_of(state, seat)
        assert seen["hand"] is None and seen["pick"] is None and seen["revealed"] == []
        assert draft.picks[0] not in json.dumps(state.view(seat))


def test_determinize_redeals_unseen_draft_cards() -> None:
    """§5 item 3: a seat that saw no hand gets other picks and hands; the holder keeps its hand
    and the first pick is one of the cards not in it; the history's `keep` is rewritten."""
    state = in_draft(4, seed=11)
    draft = state.draft
    assert draft is not None and draft.holder is not None
    holder, last = draft.holder, draft.order[-1]
    picks, hands = set(), set()
    for r in range(30):
        other = state.determinize(last, random.Random(r))
        assert other.view(last) == state.view(last) and other.draft is not None
        picks.add(other.draft.picks[0])
        hands.add(tuple(other.draft.hand))
        assert other.history[-1] == KeepEvent(other.draft.picks[0])
        everything = other.event_deck + other.draft.dealt + other.event_discard
        assert sorted(everything + [e for b in other.boards for e in b.events]) == sorted(
            e.id for e in state.game.components.events)
        mine = state.determinize(holder, random.Random(r))
        assert mine.draft is not None and mine.draft.hand == draft.hand
        assert mine.draft.picks[0] not in draft.hand
    assert len(picks) > 5 and len(hands) > 5


# --- ore and the future ------------------------------------------------------------------------
def test_determinize_resamples_ore_values_and_reseeds() -> None:
    """§5 items 1 and 5: every face-down ore keeps its type, values are redealt per type, the
    original is untouched, and the seed is new."""
    state = new_state(4, seed=6)
    before = state.digest()
    values, seeds = set(), set()
    for r in range(20):
        other = state.determinize(2, random.Random(r))
        assert other.seed != state.seed
        seeds.add(other.seed)
        values.add(tuple(hidden_values(other)))
        assert other.view(2) == state.view(2) and other.view(None) == state.view(None)
    assert state.digest() == before
    assert len(values) > 10 and len(seeds) == 20


def test_revealed_ore_stays_revealed() -> None:
    """An ore completed in Work (WK-15) was seen: its value stays on the discard pile in every
    determinization, and the values still hidden are the rest."""
    for seed in range(400):
        state = new_state(2, seed)
        rng = random.Random(seed)
        advance(state, rng, lambda s: bool(revealed_values(s)))
        if revealed_values(state) and not state.is_terminal:
            break
    assert revealed_values(state)
    ore = state.game.components.ore
    seen = hidden_module.revealed_discards(state)
    assert sorted(ore[o].value for o in seen) == sorted(revealed_values(state))
    for r in range(10):
        other = state.determinize(0, random.Random(r))
        piles = [o for pile in other.ore_discards for o in pile]
        kept = sorted(ore[o].value for o in hidden_module.revealed_discards(other))
        assert kept == sorted(revealed_values(state))
        assert len(piles) == sum(len(p) for p in state.ore_discards)


def test_reshuffled_reveals_are_hidden_again() -> None:
    """SU-2: a stack re-formed from the discards is face down again: the reveals before a
    logged "reshuffle ore" no longer mark tiles as seen."""
    state = new_state(2, seed=3)
    ore = state.game.components.ore
    tile = state.ore_stacks[0].pop()
    state.ore_discards[0].append(tile)
    state.log.append((Completed, 0, "poor", ore[tile].value, ore[tile].value))
    assert hidden_module.revealed_discards(state) == {tile}
    state.log.append((OreReshuffled, None, "poor"))
    assert hidden_module.revealed_discards(state) == set()


def test_determinize_keeps_top_upgrade_kind_and_shuffles_stacks() -> None:
    """D41 and §5 item 2: stack orders change, the kind on the top upgrade's back does not."""
    state = new_state(3, seed=9)
    kind = state.game.upgrade_by_id[state.upgrade_stack[-1]].kind
    orders = set()
    for r in range(10):
        other = state.determinize(0, random.Random(r))
        assert state.game.upgrade_by_id[other.upgrade_stack[-1]].kind == kind
        assert sorted(other.claim_stack) == sorted(state.claim_stack)
        orders.add(tuple(other.equipment_stack))
    assert len(orders) == 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_leak_for_every_seat(players: int) -> None:
    """view(p) of determinize(p) is view(p), view(None) too, the same legal actions for the
    player to move, and playing on it leaves the original alone (the conformance check)."""
    for n, state in enumerate(playout(players, seed=20 + players, every=4)):
        check_no_leak(state, random.Random(n))


# --- snapshot, observations, length ------------------------------------------------------------
def test_snapshot_holds_the_whole_truth() -> None:
    """The snapshot (for the digest) has the ore numbers and the stack orders."""
    state = new_state(2, seed=1)
    assert json.loads(json.dumps(state.snapshot())) == state.snapshot()
    snap = state.snapshot()["truth"]
    assert snap["ore_stacks"] == state.ore_stacks
    assert snap["boards"][0]["claims"][0]["ore"] == state.boards[0].claims[0].ore
    assert snap["event_deck"] == state.event_deck
    assert snap["auction"]["declined"] == [False, False]
    assert EMPTY in snap["boards"][0]["machines"][0]["spaces"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_size_and_length(players: int) -> None:
    """observe(view) has observation_size finite numbers for every seat; a game stays within
    max_game_length."""
    game = PayDirt(players=players)
    size = game.observation_size
    steps = 0
    for state in playout(players, seed=players, every=5):
        steps = len(state.history)
        for seat in [None, *range(players)]:
            vector = game.observe(state.view(seat))
            assert len(vector) == size
            assert all(isinstance(x, float) and abs(x) < 100 for x in vector)
    assert steps <= game.max_game_length
    assert game.max_game_length >= 16 * 4 * 60


def test_changing_a_view_or_snapshot_never_changes_the_state() -> None:
    """Views are fresh JSON: log entries (and their nested dicts) are copies."""
    import motherlode

    state = motherlode.load("paydirt", players=2).new_game(3)
    for text in ("decline", "decline", "place excavator", "done", "place excavator", "done"):
        state.apply(state.game.parse_action(text))
    before = state.digest()
    seen = state.view(0)
    placed = next(e for e in seen["log"] if e["kind"] == "placed")
    workers = placed["workers"]
    assert isinstance(workers, list)
    workers[0] = 99
    state.snapshot()["truth"]["log"].append({"seat": 0})
    assert state.digest() == before
