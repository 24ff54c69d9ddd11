"""States a seat cannot tell from this one (`State.determinize`), for search bots: docs/games/
paydirt.md §5. What is hidden is what `view.py` does not show: the face-down stacks' order,
every unrevealed ore value, the draft cards a seat has not seen and the other seats' work
placements before the reveal. The log names no secret (log.py), so it is kept as it is; the
secret actions in the history (draft picks, placements) are rewritten to match.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeVar

from motherlode.engine import PackedEvent

from .board import EMPTY, SLOTS
from .components import ORE_TYPES
from .events import KeepEvent
from .log import CleanedUp, Completed, OreReshuffled
from .records import Draft, Work
from .work import PLACES, Done, Place

if TYPE_CHECKING:
    from .model import PayDirtModel

M = TypeVar("M", bound="PayDirtModel")


def determinize(state: M, seat: int, rng: random.Random) -> M:
    """A state `seat` cannot tell from this one (§5): the face-down stacks reshuffled (the top
    upgrade keeps its kind, D41), every unrevealed ore value resampled per type, the draft
    cards and the work placements the seat has not seen resampled (the secret actions in the
    history rewritten to match), and the future reseeded."""
    other = state.clone()
    other._reseed(rng)
    for stack in (other.equipment_stack, other.specialist_stack, other.claim_stack):
        rng.shuffle(stack)
    _shuffle_upgrades(other, rng)
    _resample_draft(other, seat, rng)  # also reshuffles the event deck
    _resample_ore(other, rng)
    _resample_work(other, seat, rng)
    return other


def _shuffle_upgrades(state: PayDirtModel, rng: random.Random) -> None:
    """Shuffle the upgrade stack keeping the kind on the top tile's back (D41)."""
    stack = state.upgrade_stack
    if not stack:
        return
    kind = state.game.upgrade_by_id[stack[-1]].kind
    same = [u for u in stack if state.game.upgrade_by_id[u].kind == kind]
    top = rng.choice(same)
    stack.remove(top)
    rng.shuffle(stack)
    stack.append(top)


# --- ore ---------------------------------------------------------------------------------------
def revealed_discards(state: PayDirtModel) -> set[int]:
    """The discarded ore tiles whose value the table has seen (completed in Work, or revealed
    in Cleanup) and that are still on the discard piles.

    A reveal is a `Completed` or `CleanedUp` event with the tile's type and value; a re-formed
    stack (SU-2, D11) takes the whole pile, and is an `OreReshuffled` event (table.py). A
    discard pile keeps the order tiles were discarded in, so the reveals still on a pile are a
    suffix of that type's reveals since its last reshuffle, in order: they are matched from the
    latest backwards to the latest earlier tile of the same value, stopping at the first that
    no tile matches (a reshuffle nobody logged). Tiles of one type and value are alike, so
    which of them is marked does not matter.
    """
    parts = state.game.components
    seen: set[int] = set()
    reveals = _reveals_since_reshuffle(state.log)
    for t, kind in enumerate(ORE_TYPES):
        values = reveals[kind]
        pile = state.ore_discards[t]
        i = len(pile) - 1
        for value in reversed(values):
            while i >= 0 and parts.ore[pile[i]].value != value:
                i -= 1
            if i < 0:
                break
            seen.add(pile[i])
            i -= 1
    return seen


def _reveals_since_reshuffle(log: list[PackedEvent]) -> dict[str, list[int]]:
    """Per ore type, the values revealed since its last reshuffle, in order. Packed entries:
    `(Completed, seat, ore, value, gold)`, `(CleanedUp, seat, ore, value, ...)`,
    `(OreReshuffled, None, ore)`."""
    values: dict[str, list[int]] = {kind: [] for kind in ORE_TYPES}
    for entry in log:
        kind = entry[0]
        if kind is Completed or kind is CleanedUp:
            values[entry[2]].append(entry[3])
        elif kind is OreReshuffled:
            values[entry[2]].clear()
    return values


def _ore_slots(state: PayDirtModel) -> Iterator[tuple[list[int], int]]:
    """Every face-down ore tile as (the list holding it, its index): stacks, claims, machines
    and the discards nobody saw."""
    for stack in state.ore_stacks:
        yield from ((stack, i) for i in range(len(stack)))
    seen = revealed_discards(state)
    for pile in state.ore_discards:
        yield from ((pile, i) for i, o in enumerate(pile) if o not in seen)
    face_up = set(state.face_up)
    for board in state.boards:
        for claim in board.claims:
            yield from ((claim.ore, i) for i, o in enumerate(claim.ore) if o not in face_up)
        for machine in board.machines:
            yield from ((machine.spaces, i) for i, o in enumerate(machine.spaces)
                        if o != EMPTY and o not in face_up)


def _resample_ore(state: PayDirtModel, rng: random.Random) -> None:
    """Every face-down tile keeps its place and type; the tiles (hence values) of each type are
    dealt again at random over that type's face-down places (§5 item 1: everyone, the owner
    included, knows the same about ore)."""
    parts = state.game.components
    by_type: dict[str, list[tuple[list[int], int]]] = {kind: [] for kind in ORE_TYPES}
    for holder, i in _ore_slots(state):
        by_type[parts.ore[holder[i]].type].append((holder, i))
    for places in by_type.values():
        tiles = [holder[i] for holder, i in places]
        rng.shuffle(tiles)
        for (holder, i), tile in zip(places, tiles, strict=True):
            holder[i] = tile


# --- the draft ----------------------------------------------------------------------------------
def _resample_draft(state: PayDirtModel, seat: int, rng: random.Random) -> None:
    """The event deck reshuffled with the draft cards `seat` has not seen; the picks it has not
    seen dealt again from those (a pick it knows was among a hand it was handed is redealt
    from that hand), the hand held now redealt with them; the secret picks in the history
    rewritten to match."""
    draft = state.draft
    top = _take_known_top(state)
    if draft is None:
        rng.shuffle(state.event_deck)
        state.event_deck.extend(top)
        return
    picks, hand = draft.picks, draft.hand
    index = draft.order.index(seat)
    known = draft.handed(index) if index <= len(picks) else []
    fixed = set(range(draft.revealed))
    if index < len(picks):
        fixed.add(index)
    # Cards the seat saw in its hand but not where they went: later picks and the hand.
    later = [i for i in range(len(picks)) if i > index and i not in fixed] if known else []
    passed_on = [c for c in known if c not in {picks[i] for i in fixed}]
    earlier = [i for i in range(len(picks)) if i not in fixed and i not in later]
    hidden_hand = draft.holder is not None and draft.holder != seat
    unseen = [picks[i] for i in earlier] + [c for c in hand if c not in known]
    pool = state.event_deck + unseen
    rng.shuffle(pool)
    for i in earlier:
        picks[i] = pool.pop()
    if known:
        rng.shuffle(passed_on)
        for i in later:
            picks[i] = passed_on.pop()
        rest = passed_on
    else:
        rest = []
    if hidden_hand:
        size = len(hand)
        new_hand = rest + [pool.pop() for _ in range(size - len(rest))]
        hand[:] = _data_order(state, new_hand)
    state.event_deck[:] = pool + top
    draft.dealt[:] = _data_order(state, picks + hand)
    _rewrite_picks(state, draft)


def _take_known_top(state: PayDirtModel) -> list[str]:
    """The card everyone saw put back on top of the event deck (Remy Roulette), taken off the
    deck so the shuffle leaves it on top."""
    if state.event_top and state.event_deck and state.event_deck[-1] == state.event_top:
        return [state.event_deck.pop()]
    return []


def _data_order(state: PayDirtModel, cards: list[str]) -> list[str]:
    rank = {event.id: n for n, event in enumerate(state.game.components.events)}
    return sorted(cards, key=rank.__getitem__)


def _rewrite_picks(state: PayDirtModel, draft: Draft) -> None:
    """The KeepEvent actions of this draft at the end of the history, rewritten to the picks
    (a pick from a single card is forced and has no action, D27)."""
    chosen = [p for i, p in enumerate(draft.picks) if len(draft.dealt) - i > 1]
    if not chosen:
        return
    tail = state.history[-len(chosen):]
    if len(tail) == len(chosen) and all(isinstance(a, KeepEvent) for a in tail):
        state.history[-len(chosen):] = [KeepEvent(p) for p in chosen]


# --- work placements ------------------------------------------------------------------------
def _resample_work(state: PayDirtModel, seat: int, rng: random.Random) -> None:
    """§5 item 4: before the reveal, the rows of the other seats are dealt again: each keeps as
    many placed workers as it has (one visible turn per worker), each worker at a random slot;
    the secret `place` actions of this round in the history are rewritten to match."""
    work = state.work
    if work is None or work.revealed:
        return
    stretch = _placement_stretch(state)
    segments = _placement_segments(state, work, stretch)
    for other, row in enumerate(work.placed):
        if other == seat or not sum(row):
            continue
        slots = [rng.randrange(len(SLOTS)) for _ in range(sum(row))]
        row[:] = [slots.count(i) for i in range(len(SLOTS))]
        if segments is not None:
            start, _ = segments[other]
            for k, slot in enumerate(slots):
                state.history[start + k] = PLACES[slot]


def _placement_stretch(state: PayDirtModel) -> int:
    """Where this round's placements start in the history: after the last action that is not
    a `place` or `done`."""
    start = len(state.history)
    while start and isinstance(state.history[start - 1], Place | Done):
        start -= 1
    return start


def _placement_segments(
    state: PayDirtModel, work: Work, start: int
) -> dict[int, tuple[int, int]] | None:
    """Each placing seat's (first index, number of `place` actions) in the history, in turn
    order from the first player (a seat's places, then `done` unless all its workers were
    placed); None when the history does not read so (then it is left as it is)."""
    n = state.game.num_players
    segments: dict[int, tuple[int, int]] = {}
    at = start
    for k in range(n):
        s = (state.first_player + k) % n
        count = sum(work.placed[s])
        if not count and not work.done[s]:
            continue
        explicit_done = work.done[s] and count < work.crew[s]
        if count and not all(isinstance(a, Place) for a in state.history[at : at + count]):
            return None
        segments[s] = (at, count)
        at += count + (1 if explicit_done and work.crew[s] > 0 else 0)
    return segments if at == len(state.history) else None
