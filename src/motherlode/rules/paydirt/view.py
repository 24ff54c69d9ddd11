"""What each seat may know (the one place hidden information is decided), and observations.

docs/games/paydirt.md §5. Public: the temperature, the round, the first player, every display,
the stacks' sizes and the kind of the top upgrade (D41), the auction (tile, high bid, bidder,
passes, the auction marker), every board (money, gold, workers, claims and machines with the
TYPE of each ore tile, specialists, upgrades and their wear, long-term events held) and the
public log. Secret: an ore tile's value until it is processed or revealed in Cleanup (seed 000
Objective; seed 001 重要註記: nobody looks, the owner included), every stack's order, a draft
hand (its holder only) and a draft pick (its seat only, until resolved: C4, D28), the work
placements (each seat its own, until every seat is done: D22), the RNG and the seed.

Ore tiles are numbers into `Components.ore`, and the number fixes the value, so no view ever
shows an ore tile's number: only its type.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

from motherlode.engine import JSON, Action

from . import specialists
from .auction import BID_CAP, THOUSAND
from .board import EMPTY, Board, Machine
from .components import EQUIPMENT_TYPES, ORE_TYPES, UPGRADE_KINDS
from .events import Draft, KeepEvent
from .phase import Phase
from .table import equipment_tile
from .work import PLACES, SLOTS, Done, Place, Work

if TYPE_CHECKING:
    from .game import PayDirt
    from .state import PayDirtState

PHASES = tuple(p.name.lower() for p in Phase)  # auction, purchase, work_place, work, events, over
AUCTION_KINDS = ("equipment", "specialist", "claim")
MAX_ROUNDS = 16  # D29: every event card drops >= 1 °C from +15 °C


# --- the view --------------------------------------------------------------------------------
def view(state: PayDirtState, seat: int | None) -> JSON:
    """Everything `seat` may know (None: a spectator), JSON-ready."""
    game = state.game
    return {
        "game": game.name,
        "seat": seat,
        "players": game.num_players,
        "round": state.round,
        "temperature": state.temperature,
        "first_player": state.first_player,
        "last_round": state.last_round,
        "phase": PHASES[state.phase],
        "current_player": state.current_player,
        "displays": {
            "equipment": list(state.equipment_display),
            "specialist": list(state.specialist_display),
            "claim": list(state.claim_display),
            "upgrade": list(state.upgrade_display),
        },
        "stacks": _stacks(state),
        "auction": _auction(state),
        "pending": None if state.pending is None else list(state.pending),
        "boards": [_board(state, seat, b) for seat, b in enumerate(state.boards)],
        "work": _work(state, seat),
        "draft": _draft(state, seat),
        "choice": _choice(state),
        "face_up": _face_up(state),
        "log": [_copy_entry(entry) for entry in state.log],  # public by construction
    }


def _choice(state: PayDirtState) -> JSON | None:
    """A card's question is public: who, which card, what is asked and allowed (choices.py)."""
    choice = state.choice
    if choice is None:
        return None
    return {"seat": choice.seat, "card": choice.card, "step": choice.step,
            "options": list(choice.options), "memo": list(choice.memo)}


def _face_up(state: PayDirtState) -> list[JSON]:
    """Ore tiles on boards turned face up (Test Drill): where they are and their value."""
    if not state.face_up:
        return []
    shown = set(state.face_up)
    ore = state.game.components.ore
    out: list[JSON] = []
    for seat, board in enumerate(state.boards):
        for claim in board.claims:
            out.extend(
                {"seat": seat, "claim": claim.claim, "index": i + 1, "value": ore[o].value}
                for i, o in enumerate(claim.ore) if o in shown
            )
        for chain, machine in enumerate(board.machines):
            out.extend(
                {"seat": seat, "machine": EQUIPMENT_TYPES[chain], "space": k + 1,
                 "value": ore[o].value}
                for k, o in enumerate(machine.spaces) if o in shown
            )
    return out


def _ore_type(state: PayDirtState, ore: int) -> str:
    return state.game.components.ore[ore].type


def _stacks(state: PayDirtState) -> JSON:
    """Sizes only; the top upgrade's back shows its kind (D41)."""
    top = state.upgrade_stack[-1] if state.upgrade_stack else None
    return {
        "equipment": len(state.equipment_stack),
        "specialist": len(state.specialist_stack),
        "claim": len(state.claim_stack),
        "upgrade": len(state.upgrade_stack),
        "upgrade_top": None if top is None else state.game.upgrade_by_id[top].kind,
        "events": len(state.event_deck),
        "event_top": state.event_top or None,  # put back face up by Remy Roulette
        "event_discard": list(state.event_discard),  # every discarded card was resolved face up
        "ore": [len(s) for s in state.ore_stacks],  # per ORE_TYPES
        "ore_discards": [len(d) for d in state.ore_discards],
    }


def _auction(state: PayDirtState) -> JSON | None:
    """The whole Auction is public: tile, type, high bid and bidder, passes, declines, marker."""
    auction = state.auction
    if auction is None:
        return None
    return {
        "item": auction.item or None,
        "kind": auction.kind or None,
        "high": auction.high,
        "bidder": auction.bidder if auction.item and auction.high else None,
        "passed": None if auction.passed is None else list(auction.passed),
        "declined": list(auction.declined),
        "blocked": auction.blocked or None,
        "sold": auction.sold,
    }


def _machine(state: PayDirtState, chain: int, machine: Machine) -> JSON:
    tile = equipment_tile(state, chain, machine.equipment)  # printed on the tile: public
    return {
        "equipment": machine.equipment or None,  # None: the board's own (STARTING) machine
        "wear": machine.wear,
        "service_life": tile.service_life,
        "flimco": tile.flimco,
        "spaces": [None if o == EMPTY else _ore_type(state, o) for o in machine.spaces],
    }


def _board(state: PayDirtState, seat: int, board: Board) -> JSON:
    """A play area: ore by type only (layered claims in the order they are taken)."""
    return {
        "cash": board.cash,
        "gold": board.gold,
        "workers": board.workers,
        "crew": specialists.crew(state, seat),  # workers to place this round (cards included)
        "claims": [
            {"claim": c.claim, "layered": c.layered, "ore": [_ore_type(state, o) for o in c.ore]}
            for c in board.claims
        ],
        "machines": [_machine(state, c, m) for c, m in enumerate(board.machines)],
        "specialists": list(board.specialists),
        "upgrades": dict(board.upgrades),
        "upgrade_wear": dict(board.upgrade_wear),
        "events": list(board.events),
        "won": board.won,
        "vault": board.vault,
        "sick": board.sick or None,
        "borrowed": board.borrowed or None,
        "waiting": list(board.waiting),
        "flags": dict(board.flags),
    }


def _draft(state: PayDirtState, seat: int | None) -> JSON | None:
    """The Events draft: order and counts public; a hand to its holder only; a pick to its seat
    only until resolved (C4, D28); the hand a seat was handed stays known to it."""
    draft = state.draft
    if draft is None:
        return None
    revealed = [draft.final(i) for i in range(draft.revealed)]
    shown: JSON = {
        "order": list(draft.order),
        "cards": len(draft.dealt),
        "picks": len(draft.picks),
        "holder": draft.holder,
        "hand_size": len(draft.hand),
        "revealed": list(revealed),
        "hand": None,
        "handed": None,
        "pick": None,
    }
    if seat is None or seat not in draft.order:
        return shown
    index = draft.order.index(seat)
    if index <= len(draft.picks):
        shown["handed"] = draft.handed(index)
    if draft.holder == seat:
        shown["hand"] = list(draft.hand)
    shown["pick"] = draft.pick_of(seat)
    return shown


# --- work placements (work.py) ---------------------------------------------------------------
def _work(state: PayDirtState, seat: int | None) -> JSON | None:
    """Work placements (D22): each seat sees its own row; the others' rows only once every seat
    is done (`revealed`), before that only who has finished placing. Carrying out is public."""
    work = state.work
    if work is None:
        return None
    placed: list[list[int] | None] = [
        list(row) if work.revealed or s == seat else None for s, row in enumerate(work.placed)
    ]
    return {
        "slots": list(SLOTS),
        "placed": placed,
        "done": list(work.done),
        "revealed": work.revealed,
        "left": [list(row) for row in work.left],
        "ended": list(work.ended),
        "upgrades_used": [list(row) for row in work.used],
        "crew": list(work.crew),
    }


def _copy_entry(entry: JSON) -> JSON:
    """A log entry for a view: its own dict, with nested dicts and lists copied too (entries
    are at most two levels deep), so changing a view never changes the state."""
    return {
        key: dict(value) if isinstance(value, dict) else list(value)
        if isinstance(value, list) else value
        for key, value in entry.items()
    }


# --- the whole truth -------------------------------------------------------------------------
def snapshot(state: PayDirtState) -> JSON:
    """Every field of the state, hidden ones included (ore numbers, stack orders, hands,
    placements), JSON-ready: for the digest."""
    return {
        "phase": int(state.phase),
        "seat": state.seat,
        "round": state.round,
        "first_player": state.first_player,
        "temperature": state.temperature,
        "last_round": state.last_round,
        "boards": [_json(b) for b in state.boards],
        "equipment_display": list(state.equipment_display),
        "equipment_stack": list(state.equipment_stack),
        "specialist_display": list(state.specialist_display),
        "specialist_stack": list(state.specialist_stack),
        "claim_display": list(state.claim_display),
        "claim_stack": list(state.claim_stack),
        "upgrade_display": list(state.upgrade_display),
        "upgrade_stack": list(state.upgrade_stack),
        "event_deck": list(state.event_deck),
        "event_discard": list(state.event_discard),
        "ore_stacks": [list(s) for s in state.ore_stacks],
        "ore_discards": [list(d) for d in state.ore_discards],
        "auction": _json(state.auction),
        "pending": _json(state.pending),
        "work": _json(state.work),
        "draft": _json(state.draft),
        "choice": _json(state.choice),
        "face_up": list(state.face_up),
        "event_top": state.event_top,
        "log": list(state.log),  # entries are plain JSON, never changed once logged
    }


def _json(value: Any) -> Any:
    """A dataclass, list, tuple, set, dict, enum or action as plain JSON (sets sorted)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Enum):
        return _json(value.value)
    if isinstance(value, Action):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((_json(v) for v in value), key=repr)
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    raise TypeError(f"paydirt snapshot: cannot write {value!r} as JSON")


# --- determinize -----------------------------------------------------------------------------
def determinize(state: PayDirtState, seat: int, rng: random.Random) -> PayDirtState:
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


def _shuffle_upgrades(state: PayDirtState, rng: random.Random) -> None:
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
def revealed_discards(state: PayDirtState) -> set[int]:
    """The discarded ore tiles whose value the table has seen (completed in Work, or revealed
    in Cleanup) and that are still on the discard piles.

    A reveal is a log entry with the tile's type ("ore") and value ("value"); a re-formed stack
    (SU-2, D11) takes the whole pile, and is logged as {"action": "reshuffle ore", "ore": type}
    when table.py logs it. A discard pile keeps the order tiles were discarded in, so the
    reveals still on a pile are a suffix of that type's reveals since its last reshuffle, in
    order: they are matched from the latest backwards to the latest earlier tile of the same
    value, stopping at the first that no tile matches (a reshuffle nobody logged). Tiles of one
    type and value are alike, so which of them is marked does not matter.
    """
    parts = state.game.components
    seen: set[int] = set()
    for t, kind in enumerate(ORE_TYPES):
        values = _reveals_since_reshuffle(state.log, kind)
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


def _reveals_since_reshuffle(log: list[JSON], kind: str) -> list[int]:
    values: list[int] = []
    for entry in log:
        if entry.get("ore") != kind:
            continue
        if entry.get("action") == "reshuffle ore":
            values.clear()
        elif isinstance(entry.get("value"), int):
            values.append(entry["value"])
    return values


def _ore_slots(state: PayDirtState) -> Iterator[tuple[list[int], int]]:
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


def _resample_ore(state: PayDirtState, rng: random.Random) -> None:
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
def _resample_draft(state: PayDirtState, seat: int, rng: random.Random) -> None:
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


def _take_known_top(state: PayDirtState) -> list[str]:
    """The card everyone saw put back on top of the event deck (Remy Roulette), taken off the
    deck so the shuffle leaves it on top."""
    if state.event_top and state.event_deck and state.event_deck[-1] == state.event_top:
        return [state.event_deck.pop()]
    return []


def _data_order(state: PayDirtState, cards: list[str]) -> list[str]:
    rank = {event.id: n for n, event in enumerate(state.game.components.events)}
    return sorted(cards, key=rank.__getitem__)


def _rewrite_picks(state: PayDirtState, draft: Draft) -> None:
    """The KeepEvent actions of this draft at the end of the history, rewritten to the picks
    (a pick from a single card is forced and has no action, D27)."""
    chosen = [p for i, p in enumerate(draft.picks) if len(draft.dealt) - i > 1]
    if not chosen:
        return
    tail = state.history[-len(chosen):]
    if len(tail) == len(chosen) and all(isinstance(a, KeepEvent) for a in tail):
        state.history[-len(chosen):] = [KeepEvent(p) for p in chosen]


# --- work placements ------------------------------------------------------------------------
def _resample_work(state: PayDirtState, seat: int, rng: random.Random) -> None:
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


def _placement_stretch(state: PayDirtState) -> int:
    """Where this round's placements start in the history: after the last action that is not
    a `place` or `done`."""
    start = len(state.history)
    while start and isinstance(state.history[start - 1], Place | Done):
        start -= 1
    return start


def _placement_segments(
    state: PayDirtState, work: Work, start: int
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


# --- observations ----------------------------------------------------------------------------
def observe(game: PayDirt, seen: JSON) -> list[float]:
    """A seat's view as `observation_size(game)` numbers; seats are counted from the viewer
    (the spectator counts from seat 0), slots of absent seats are 0.

    Index by index (P = max players 4, E/S/C/U/V = the equipment, specialist, claim, upgrade
    and event ids in data order, 18/18/18/14/30 in the built-in data):
    - phase one-hot (7: auction, purchase, work_place, work, events, choose, over)
    - current player, relative one-hot (P; all 0 when over); first player, relative (P)
    - temperature/15, round/16, last round (3)
    - on display: equipment (E), specialists (S), claims (C), upgrades (U) flags
    - stack sizes: equipment/E, specialists/S, claims/C, upgrades/U, events/V, discarded
      events/V; top upgrade kind one-hot (camp, claim) (8)
    - ore stacks per type /20, ore discards per type /20 (6)
    - auction: tile one-hot (E + S + C), type one-hot (3), high bid/30,000, bidder relative
      (P), passed relative (P), declined relative (P), blocked type one-hot (3), sold/P
    - pending purchase: claim, equipment (2)
    - per seat (P, relative): `board_size(game)` numbers, see `_board_features`
    - draft: pick order position of each relative seat /P (P), picks made/P, cards/P, the
      viewer's hand (V flags), the cards it was handed (V), its own pick (V), revealed picks
      (V)
    - work: `work_size(game)` numbers, see `_work_features`
    - a card's question: the asking card one-hot (S + V + U: specialists, events, upgrades),
      answers given so far /3 (what may be answered is the action mask)
    """
    parts = game.components
    p_max = game.max_players
    n = seen["players"]
    me = seen["seat"] if seen["seat"] is not None else 0
    out: list[float] = []

    def rel(s: int | None) -> list[float]:
        return [1.0 if s is not None and s == (me + i) % n else 0.0 for i in range(p_max)]

    def flags(ids: Sequence[str], present: Sequence[str] | None) -> list[float]:
        have = set(present or ())
        return [1.0 if i in have else 0.0 for i in ids]

    eq, sp, cl = _ids(parts.equipment), _ids(parts.specialists), _ids(parts.claims)
    up, ev = _ids(parts.upgrades), _ids(parts.events)
    out.extend(1.0 if seen["phase"] == p else 0.0 for p in PHASES)
    out.extend(rel(seen["current_player"]))
    out.extend(rel(seen["first_player"]))
    out += [seen["temperature"] / 15, seen["round"] / MAX_ROUNDS, float(seen["last_round"])]
    shown = seen["displays"]
    out += flags(eq, shown["equipment"]) + flags(sp, shown["specialist"])
    out += flags(cl, shown["claim"]) + flags(up, shown["upgrade"])
    stacks = seen["stacks"]
    out += [stacks["equipment"] / len(eq), stacks["specialist"] / len(sp),
            stacks["claim"] / len(cl), stacks["upgrade"] / len(up), stacks["events"] / len(ev),
            len(stacks["event_discard"]) / len(ev)]
    out += [1.0 if stacks["upgrade_top"] == k else 0.0 for k in UPGRADE_KINDS]
    out += [x / 20 for x in stacks["ore"]] + [x / 20 for x in stacks["ore_discards"]]
    out += _auction_features(seen["auction"], eq + sp + cl, rel, me, p_max)
    pending = seen["pending"]
    out += [1.0 if pending and pending[0] == k else 0.0 for k in ("claim", "equipment")]
    boards = seen["boards"]
    for i in range(p_max):
        out += _board_features(game, boards[(me + i) % n] if i < n else None)
    out += _draft_features(seen["draft"], ev, me, n, p_max)
    out += _work_features(game, seen["work"], me, n)
    choice = seen["choice"]
    card = choice["card"] if choice else None
    out += [1.0 if card == i else 0.0 for i in sp + ev + up]
    out.append(len(choice["memo"]) / 3 if choice else 0.0)
    return out


def _ids(items: Sequence[Any]) -> list[str]:
    return [str(x.id) for x in items]


def _auction_features(auction: JSON | None, tiles: list[str], rel: Callable[[int | None],
                      list[float]], me: int, p_max: int) -> list[float]:
    """The tile on auction (one-hot over every auction tile), its type, the high bid /30,000,
    the bidder, passed and declined seats (relative), the blocked type, sales /P."""
    size = len(tiles) + 3 + 1 + 3 * p_max + 3 + 1
    if auction is None:
        return [0.0] * size
    out = [1.0 if auction["item"] == t else 0.0 for t in tiles]
    out += [1.0 if auction["kind"] == k else 0.0 for k in AUCTION_KINDS]
    out.append(auction["high"] / (BID_CAP * THOUSAND / 2))
    out += rel(auction["bidder"])
    for field in ("passed", "declined"):
        marks = auction[field] or []
        n = len(auction["declined"])
        out += [1.0 if i < n and marks and marks[(me + i) % n] else 0.0 for i in range(p_max)]
    out += [1.0 if auction["blocked"] == k else 0.0 for k in AUCTION_KINDS]
    out.append(auction["sold"] / p_max)
    return out


MAX_CLAIM_SLOTS = 4  # 3 held + the 4th while its buyer chooses one to discard (D10)
MAX_CLAIM_ORE = 6  # the data allows 1-6 ore types on a claim
MACHINE_FEATURES = 5 + 3 * len(ORE_TYPES)  # bought, stages/3, life/10, FlimCo, wear/10, spaces


def board_size(game: PayDirt) -> int:
    parts = game.components
    claims = MAX_CLAIM_SLOTS * (2 + MAX_CLAIM_ORE * len(ORE_TYPES))
    return (6 + claims + len(EQUIPMENT_TYPES) * MACHINE_FEATURES + len(parts.specialists)
            + len(parts.upgrades) + len(UPGRADE_KINDS) + len(parts.events))


def _board_features(game: PayDirt, board: JSON | None) -> list[float]:
    """cash/30,000, gold/50, workers/10, won, gold in a Company Vault/50, crew (workers to
    place this round)/10; 4 claim slots (present, layered, 6 ore slots
    one-hot poor/medium/rich); 3 machines (bought tile, stages/3, service life/10, FlimCo,
    wear/10, 3 spaces one-hot by ore type); specialists (S flags); upgrades (U flags); upgrade
    wear camp, claim /10; long-term events held (V flags)."""
    if board is None:
        return [0.0] * board_size(game)
    parts = game.components
    out = [board["cash"] / 30_000, board["gold"] / 50, board["workers"] / 10,
           float(board["won"]), board["vault"] / 50, board["crew"] / 10]
    claims = board["claims"]
    for c in range(MAX_CLAIM_SLOTS):
        claim = claims[c] if c < len(claims) else None
        out += [1.0 if claim else 0.0, 1.0 if claim and claim["layered"] else 0.0]
        ore = claim["ore"] if claim else []
        for o in range(MAX_CLAIM_ORE):
            out += _ore_one_hot(ore[o] if o < len(ore) else None)
    for chain, machine in enumerate(board["machines"]):
        tile = (parts.starting_equipment[chain] if machine["equipment"] is None
                else game.equipment_by_id[machine["equipment"]])
        out += [0.0 if machine["equipment"] is None else 1.0, tile.stages / 3,
                tile.service_life / 10, float(tile.flimco), machine["wear"] / 10]
        spaces = machine["spaces"]
        for s in range(3):
            out += _ore_one_hot(spaces[s] if s < len(spaces) else None)
    specialists = set(board["specialists"])
    out += [1.0 if s.id in specialists else 0.0 for s in parts.specialists]
    upgrades = set(board["upgrades"].values())
    out += [1.0 if u.id in upgrades else 0.0 for u in parts.upgrades]
    out += [board["upgrade_wear"].get(k, 0) / 10 for k in UPGRADE_KINDS]
    held = set(board["events"])
    out += [1.0 if e.id in held else 0.0 for e in parts.events]
    return out


def _ore_one_hot(kind: str | None) -> list[float]:
    return [1.0 if kind == k else 0.0 for k in ORE_TYPES]


def _draft_features(draft: JSON | None, ev: list[str], me: int, n: int,
                    p_max: int) -> list[float]:
    size = p_max + 2 + 4 * len(ev)
    if draft is None:
        return [0.0] * size
    order = draft["order"]
    out = [
        (order.index((me + i) % n) + 1) / p_max if i < n and (me + i) % n in order else 0.0
        for i in range(p_max)
    ]
    out += [draft["picks"] / p_max, draft["cards"] / p_max]
    for cards in (draft["hand"], draft["handed"],
                  [draft["pick"]] if draft["pick"] else [], draft["revealed"]):
        have = set(cards or ())
        out += [1.0 if e in have else 0.0 for e in ev]
    return out


def work_size(game: PayDirt) -> int:
    return 1 + game.max_players * (2 * len(SLOTS) + 3)


def _work_features(game: PayDirt, work: JSON | None, me: int, n: int) -> list[float]:
    """Placements revealed; per seat (relative): workers placed at each slot /10 (0 while
    hidden), placement shown, workers left at each slot /10, done placing, ended."""
    p_max = game.max_players
    if work is None:
        return [0.0] * work_size(game)
    out = [float(work["revealed"])]
    zeros = [0.0] * len(SLOTS)
    for i in range(p_max):
        if i >= n:
            out += [*zeros, 0.0, *zeros, 0.0, 0.0]
            continue
        s = (me + i) % n
        placed, left = work["placed"][s], work["left"][s]
        out += [x / 10 for x in placed] if placed is not None else zeros
        out.append(1.0 if placed is not None else 0.0)
        out += [x / 10 for x in left] if left else zeros
        out += [float(work["done"][s]), float(work["ended"][s])]
    return out


def observation_size(game: PayDirt) -> int:
    parts = game.components
    p_max = game.max_players
    e, s, c = len(parts.equipment), len(parts.specialists), len(parts.claims)
    u, v = len(parts.upgrades), len(parts.events)
    auction = e + s + c + 3 + 1 + 3 * p_max + 3 + 1
    return (
        len(PHASES) + 2 * p_max + 3
        + e + s + c + u
        + 6 + len(UPGRADE_KINDS)
        + 2 * len(ORE_TYPES)
        + auction
        + 2
        + p_max * board_size(game)
        + p_max + 2 + 4 * v
        + work_size(game)
        + s + v + u + 1
    )


# --- length ----------------------------------------------------------------------------------
def max_game_length(game: PayDirt) -> int:
    """A safe bound on the actions of one game: at most 16 rounds (D29) of, generously,
    - Auction: up to P sales, each after at most P declines, a pick, at most BID_CAP bids (each
      raises $1,000), P passes and the buyer's purchase decision; then P declines more;
    - Work: each seat places up to 10 workers and says done, then carries out up to 10 workers,
      2 upgrades and ends: 2 x (10 + 3) per seat, doubled for specialists' temporary workers;
    - Events: a pick per seat, Remy Roulette's swap and the card's questions (Surveying Error
      asks once per ore tile discarded: at most 3 claims x MAX_CLAIM_ORE, then `pay`).
    """
    p = game.max_players
    auction = p * (p + 1 + BID_CAP + p + 1) + p
    work = p * 2 * 2 * (10 + 3)
    events = p * (3 + 3 * MAX_CLAIM_ORE)
    return MAX_ROUNDS * (auction + work + events) + 100

