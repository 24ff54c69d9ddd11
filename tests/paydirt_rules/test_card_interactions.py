"""Cards meeting the round code and each other: the cases an independent review found
(issue 4). Each test names the rule it protects."""

from __future__ import annotations

import random

from motherlode.engine.position import replace
from motherlode.rules.paydirt import event_cards, events, held_cards, work
from motherlode.rules.paydirt.board import EMPTY, Board
from motherlode.rules.paydirt.phase import Phase
from motherlode.rules.paydirt.state import PayDirtState
from motherlode.rules.paydirt.work import SLOTS, Place

from .helpers import new_state, play, texts


def to_work(seed: int = 1, players: int = 2, **options: object) -> PayDirtState:
    """Random play (seeded) up to the first carrying-out turn."""
    state = new_state(players, seed, **options)
    bot = random.Random(seed)
    while state.phase != Phase.WORK:
        legal = state.legal_actions()
        state.apply(legal[bot.randrange(len(legal))])
    return state


def fresh_turn(state: PayDirtState) -> tuple[int, Board]:
    """The seat carrying out now, with empty machines, no cards and no workers left."""
    seat = state.seat
    board = state.boards[seat]
    work = state.work
    assert work is not None
    work.left[seat] = [0] * len(work.left[seat])
    work.used[seat] = [False, False]
    for machine in board.machines:
        machine.spaces = [EMPTY] * len(machine.spaces)
        machine.wear = 0
    board.flags.clear()
    board.events.clear()
    board.specialists.clear()
    board.upgrades.clear()
    board.upgrade_wear.clear()
    return seat, board


def test_determinize_rewrites_the_placements_of_a_seat_that_overslept() -> None:
    """§5 item 4 (D22): the other seats' secret `place` actions in the history are rewritten
    to match the resampled placements, also after a seat whose crew is smaller than its
    workers (Overslept: 1 fewer) finished placing its whole crew without saying `done`."""
    state = new_state(3, 3)
    state.boards[1].events.append("overslept")
    while state.phase == Phase.AUCTION:
        play(state, "decline")
    play(state, "done")  # seat 0 places nobody
    play(state, *["place sell"] * 4)  # seat 1's whole crew of 4: done without a word
    play(state, "place buy")  # seat 2 is still placing: nothing revealed yet
    work = state.work
    assert work is not None and work.crew == [5, 4, 5] and not work.revealed
    real = [str(a) for a in state.history]
    rewritten = 0
    for k in range(10):
        other = state.determinize(0, random.Random(k))
        other_work = other.work
        assert other_work is not None
        places = [str(a).removeprefix("place ") for a in other.history if isinstance(a, Place)]
        wanted = [slot for seat in (1, 2)
                  for slot, n in zip(SLOTS, other_work.placed[seat], strict=True)
                  for _ in range(n)]
        assert sorted(places) == sorted(wanted)
        rewritten += [str(a) for a in other.history] != real
    assert rewritten > 0


def test_ripper_attachment_needs_no_extra_worker_under_snap_freeze() -> None:
    """001 Ripper Attachment: 艱困卡的限制仍舊要遵守 — but its load uses no worker, so Snap
    Freeze and Busted Controls (extra workers) do not hold it back, while Flash Flood does."""
    state = to_work()
    seat, board = fresh_turn(state)
    board.upgrades["claim"] = "ripper-attachment"
    board.upgrade_wear["claim"] = 0
    work = state.work
    assert work is not None
    work.left[seat][1] = 1  # a loader worker keeps the turn going
    for held in (["snap-freeze"], ["busted-controls"]):
        board.events[:] = held
        assert "use claim" in texts(state), held
    board.events[:] = ["flash-flood"]
    board.flooded = board.claims[0].claim
    for held_claim in board.claims[1:]:
        held_claim.ore.clear()
    assert board.claims[0].ore
    assert "use claim" not in texts(state)  # the one claim with ore is flooded


def test_a_seventh_ore_on_a_claim_is_never_offered() -> None:
    """choices.py: options name ore 1..MAX_CLAIM_ORE (6); a 7th tile (ore sent back onto a full
    claim, D15) cannot be named, so a card never offers it (every legal action encodes)."""
    state = to_work()
    seat, board = fresh_turn(state)
    claim = board.claims[0]
    while len(claim.ore) < 7:
        claim.ore.append(state.ore_stacks[0].pop())
    replace(state, work=None)
    event_cards.resolve(state, seat, "clay-layer")
    assert state.choice is not None
    assert f"ore {claim.claim} 7" not in state.choice.options
    assert f"ore {claim.claim} 6" in state.choice.options
    for action in state.legal_actions():
        state.game.encode(action)


def test_flu_outbreak_cancelled_by_a_later_immunity_under_cancels_held() -> None:
    """C3 `immunity=cancels_held` (seed 000: specialists cancel events still in effect):
    Patrick O'Shay cancels a held Flu Outbreak, so the sick specialist's workers are back; by
    default (seed 001 card notes) they stay out."""
    for immunity, crew in (("cancels_held", 8), ("from_purchase", 6)):
        state = to_work(immunity=immunity)
        seat, board = fresh_turn(state)
        board.specialists[:] = ["butch-deadlift", "patrick-oshay"]
        board.workers = 8
        board.events[:] = ["flu-outbreak"]
        board.sick = "butch-deadlift"
        assert work.crew(state, seat) == crew, immunity
        assert (held_cards.in_force(state, seat) == []) is (immunity == "cancels_held")


def test_generator_not_offered_when_it_would_do_nothing() -> None:
    """WK-9 as built: a use that could do nothing is not offered — a Generator with only
    Overslept held and no pull to make; with Stolen Spark Plugs held it powers the excavator."""
    state = to_work()
    seat, board = fresh_turn(state)
    board.upgrades["camp"] = "generator"
    board.upgrade_wear["camp"] = 0
    work = state.work
    assert work is not None
    work.left[seat][3] = 1  # a repair worker
    board.machines[0].wear = 1
    board.events[:] = ["overslept"]
    assert "use camp" not in texts(state)
    board.events[:] = ["stolen-spark-plugs"]
    assert "use camp" in texts(state)


def test_a_remy_swap_keeps_what_each_seat_was_handed() -> None:
    """Remy Roulette (seed 001 員工卡補充說明): the swapped-in card acts (`pick_of`, the
    temperature, the revealed picks), while every seat's `handed` hand stays the cards it
    really held in the draft (the given-up card, not the one drawn later)."""
    draft = events.Draft(order=[1, 0, 2], dealt=["a", "b", "c"], hand=[], picks=["b", "a", "c"],
                         revealed=3, swaps={1: "z"})
    assert draft.pick_of(0) == "z" and draft.pick_of(1) == "b"
    assert draft.handed(1) == ["a", "c"] and draft.handed(2) == ["c"]
    assert [draft.final(i) for i in range(3)] == ["b", "z", "c"]


def test_every_card_says_what_it_does_in_the_glossary() -> None:
    """`motherlode rules paydirt` tells players what each of the 62 cards does, with the
    data's numbers (e.g. Fool's Gold's amount)."""
    state = new_state(2)
    game = state.game
    parts = game.components
    glossary = game.glossary
    ids = [c.id for c in parts.specialists] + [c.id for c in parts.events]
    for card in ids + [c.id for c in parts.upgrades]:
        assert "as printed" not in glossary[card], card
    fools = game.event_by_id["fools-gold"]
    assert f"lose {fools.amount} nuggets" in glossary["fools-gold"]
