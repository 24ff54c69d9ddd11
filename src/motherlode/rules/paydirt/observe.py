"""A seat's view as a flat vector of numbers, for learning agents (`Game.observe`); the layout
is documented index by index in `observe`. `observe_state` writes the same vector straight from
the state (`State.observation`'s fast path)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from .auction import BID_CAP, KINDS, THOUSAND
from .board import EMPTY, SLOTS, STARTING, Board
from .components import EQUIPMENT_TYPES, MAX_CLAIM_ORE, ORE_TYPES, UPGRADE_KINDS
from .phase import PHASES, Phase
from .schema import AuctionView, BoardView, DraftView, PayDirtView, WorkView
from .work import crew

if TYPE_CHECKING:
    from .box import PayDirtBox
    from .model import PayDirtModel


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


def observe(game: PayDirtBox, seen: PayDirtView) -> list[float]:
    """A seat's view as `observation_size(game)` numbers; seats are counted from the viewer
    (the spectator counts from seat 0), slots of absent seats are 0.

    Index by index (P = max players 4, E/S/C/U/V = the equipment, specialist, claim, upgrade
    and event ids in data order, 18/18/18/14/30 in the built-in data):
    - phase one-hot (7: auction, purchase, work_place, work, events, choose, over)
    - current player, relative one-hot (P; all 0 when over); first player, relative (P)
    - temperature / start temperature (+15), round / `max_rounds` (16), last round (3)
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
    start = parts.rules.start_temperature
    out += [seen["temperature"] / start, seen["round"] / game.max_rounds,
            float(seen["last_round"])]
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


def _ids(items: Sequence[_HasId]) -> list[str]:
    return [x.id for x in items]


def _auction_features(auction: AuctionView | None, tiles: list[str], rel: Callable[[int | None],
                      list[float]], me: int, p_max: int) -> list[float]:
    """The tile on auction (one-hot over every auction tile), its type, the high bid /30,000,
    the bidder, passed and declined seats (relative), the blocked type, sales /P."""
    size = len(tiles) + 3 + 1 + 3 * p_max + 3 + 1
    if auction is None:
        return [0.0] * size
    out = [1.0 if auction["item"] == t else 0.0 for t in tiles]
    out += [1.0 if auction["kind"] == k else 0.0 for k in KINDS]
    out.append(auction["high"] / (BID_CAP * THOUSAND / 2))
    out += rel(auction["bidder"])
    for field in ("passed", "declined"):
        marks = auction[field] or []
        n = len(auction["declined"])
        out += [1.0 if i < n and marks and marks[(me + i) % n] else 0.0 for i in range(p_max)]
    out += [1.0 if auction["blocked"] == k else 0.0 for k in KINDS]
    out.append(auction["sold"] / p_max)
    return out


MAX_CLAIM_SLOTS = 4  # 3 held + the 4th while its buyer chooses one to discard (D10)
MACHINE_FEATURES = 5 + 3 * len(ORE_TYPES)  # bought, stages/3, life/10, FlimCo, wear/10, spaces


def board_size(game: PayDirtBox) -> int:
    parts = game.components
    claims = MAX_CLAIM_SLOTS * (2 + MAX_CLAIM_ORE * len(ORE_TYPES))
    return (6 + claims + len(EQUIPMENT_TYPES) * MACHINE_FEATURES + len(parts.specialists)
            + len(parts.upgrades) + len(UPGRADE_KINDS) + len(parts.events))


def _board_features(game: PayDirtBox, board: BoardView | None) -> list[float]:
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


def _draft_features(draft: DraftView | None, ev: list[str], me: int, n: int,
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


def work_size(game: PayDirtBox) -> int:
    return 1 + game.max_players * (2 * len(SLOTS) + 3)


def _work_features(game: PayDirtBox, work: WorkView | None, me: int, n: int) -> list[float]:
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


def observation_size(game: PayDirtBox) -> int:
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


# --- the fast path: the same vector straight from the state ----------------------------------
@dataclass(frozen=True, slots=True)
class _Layout:
    """Where each piece of `observe`'s vector starts, and each id's place in its flags."""

    size: int
    board: int  # `board_size`
    machine_at: int  # a board's first machine feature
    specialists_at: int  # a board's specialist flags (upgrades, wear, events follow)
    equipment: dict[str, int]
    specialists: dict[str, int]
    claims: dict[str, int]
    upgrades: dict[str, int]
    events: dict[str, int]
    card: dict[str, list[int]]  # a card's question: the asking card's one-hot places
    ore_kind: tuple[int, ...]  # each ore tile's type (its place in ORE_TYPES), by number
    machine_head: tuple[dict[str, list[float]], ...]  # per chain: tile id -> bought, stages/3,
    # service life/10, FlimCo (STARTING: the board's own machine)
    auction_at: int  # where the auction's numbers start
    boards_at: int  # where the first board's numbers start
    work_at: int  # where the work's numbers start
    boards: list[BoardPart | None]  # by seat: its board's part of a numpy vector as last written
    tables: dict[int | None, TablePart]  # by viewing seat (None: `_shared` alone): its last
    # numpy vector without `_live`


# A board's part of a numpy observation as last written: the board and its `changes` then,
# what it was written from (`_board_look`), the part. Most steps change no board: the rules
# touch no board on most (`PayDirtState._apply`), and most of those they touch look the same.
BoardPart = tuple[Board, int, tuple[Any, ...], Any]
# A seat's last numpy vector without `_live`'s numbers (or only `_shared`'s), with the first
# board and its `changes` then: copied while no action has touched the boards since.
TablePart = tuple[Board, int, Any]


@lru_cache(maxsize=8)
def _layout(game: PayDirtBox) -> _Layout:
    parts = game.components
    eq, sp, cl = _ids(parts.equipment), _ids(parts.specialists), _ids(parts.claims)
    up, ev = _ids(parts.upgrades), _ids(parts.events)
    card: dict[str, list[int]] = {}
    for i, item in enumerate(sp + ev + up):
        card.setdefault(item, []).append(i)
    machine_at = 6 + MAX_CLAIM_SLOTS * (2 + MAX_CLAIM_ORE * len(ORE_TYPES))
    heads: list[dict[str, list[float]]] = []
    for chain, own in enumerate(parts.starting_equipment):
        head = {STARTING: [0.0, own.stages / 3, own.service_life / 10, float(own.flimco)]}
        for tile in parts.equipment:
            if tile.type == EQUIPMENT_TYPES[chain]:
                head[tile.id] = [1.0, tile.stages / 3, tile.service_life / 10,
                                 float(tile.flimco)]
        heads.append(head)
    p_max = game.max_players
    auction_at = (len(PHASES) + 2 * p_max + 3 + len(eq) + len(sp) + len(cl) + len(up) + 6
                  + len(UPGRADE_KINDS) + 2 * len(ORE_TYPES))
    auction = len(eq) + len(sp) + len(cl) + 3 + 1 + 3 * p_max + 3 + 1
    boards_at = auction_at + auction + 2
    work_at = boards_at + p_max * board_size(game) + p_max + 2 + 4 * len(ev)
    return _Layout(
        observation_size(game), board_size(game), machine_at,
        machine_at + len(EQUIPMENT_TYPES) * MACHINE_FEATURES,
        _places(eq), _places(sp), _places(cl), _places(up), _places(ev), card,
        tuple(ORE_TYPES.index(o.type) for o in parts.ore), tuple(heads),
        auction_at, boards_at, work_at, [None] * p_max, {},
    )


def _places(ids: list[str]) -> dict[str, int]:
    return {item: i for i, item in enumerate(ids)}


def _flags(out: Any, at: int, places: dict[str, int], present: Iterable[str]) -> None:
    for item in present:
        i = places.get(item)
        if i is not None:
            out[at + i] = 1.0


def _relative(out: Any, at: int, s: int, seat: int, n: int, p_max: int) -> None:
    """`rel(s)` of `observe`: 1.0 at every place i < p_max with (seat + i) % n == s (with
    fewer than p_max players, a seat has more than one place)."""
    for i in range((s - seat) % n, p_max, n):
        out[at + i] = 1.0


def observe_state(state: PayDirtModel, seat: int) -> list[float]:
    """`observe(game, view(state, seat))`, the very same vector, written from the state
    without building the view (`State.observation`'s fast path; a test checks they are equal):
    zeros, then each nonzero entry at its place (`fill`)."""
    out = [0.0] * _layout(state.game).size
    fill(state, seat, out)
    return out


def fill(state: PayDirtModel, seat: int, out: Any) -> None:
    """`observe_state` written into `out`, a buffer of zeros (a list, or a numpy array: the
    adapters' `observe_into`): only the numbers that may not be zero. It reads only what the
    seat's view shows: the public table and boards (ore by type), the seat's own draft hand,
    handed cards and pick, and the work placements the view shows it (view.py).

    Into a numpy array, the table (all but whose turn it is, the auction and the work
    placements) is copied from the seat's last vector, and the numbers every seat sees alike
    from the last vector of any seat, while no action has touched the boards since
    (`Board.changes`, bumped by `PayDirtState._apply` after every action but a secret
    placement and an auction's move that sold nothing, which change only those)."""
    lay = _layout(state.game)
    if isinstance(out, list):
        _shared(state, out, lay)
        _seat_table(state, seat, out, lay)
    elif not _copied(state, seat, out, lay):
        if not _copied(state, None, out, lay):
            _shared(state, out, lay)
            _keep(state, None, out, lay)
        _seat_table(state, seat, out, lay)
        _keep(state, seat, out, lay)
    _live(state, seat, out, lay)


def _copied(state: PayDirtModel, seat: int | None, out: Any, lay: _Layout) -> bool:
    """Whether `out` got the table kept for `seat` (None: the shared numbers), untouched since."""
    kept = lay.tables.get(seat)
    first = state.boards[0]
    if kept is None or kept[0] is not first or kept[1] != first.changes:
        return False
    out[:] = kept[2]
    return True


def _keep(state: PayDirtModel, seat: int | None, out: Any, lay: _Layout) -> None:
    first = state.boards[0]
    lay.tables[seat] = (first, first.changes, out.copy())


def _live(state: PayDirtModel, seat: int, out: Any, lay: _Layout) -> None:
    """What a secret placement or an auction's move that sells nothing may change: whose
    turn it is, the auction and the work placements."""
    game = state.game
    if state.phase != Phase.OVER:
        _relative(out, len(PHASES), state.seat, seat, game.num_players, game.max_players)
    _auction_state(state, out, lay.auction_at, lay, seat)
    _work_state(state, out, lay.work_at, seat)


def _shared(state: PayDirtModel, out: Any, lay: _Layout) -> None:
    """The numbers every seat sees alike, but `_live`'s: the phase, temperature, round,
    displays, stacks, ore, the pending purchase and a card's question."""
    game = state.game
    parts = game.components
    out[state.phase] = 1.0
    at = len(PHASES) + 2 * game.max_players
    out[at] = state.temperature / parts.rules.start_temperature
    out[at + 1] = state.round / game.max_rounds
    out[at + 2] = float(state.last_round)
    at += 3
    for places, display in ((lay.equipment, state.equipment_display),
                            (lay.specialists, state.specialist_display),
                            (lay.claims, state.claim_display),
                            (lay.upgrades, state.upgrade_display)):
        _flags(out, at, places, display)
        at += len(places)
    eq, sp, cl = len(lay.equipment), len(lay.specialists), len(lay.claims)
    up, ev = len(lay.upgrades), len(lay.events)
    out[at:at + 6] = [len(state.equipment_stack) / eq, len(state.specialist_stack) / sp,
                      len(state.claim_stack) / cl, len(state.upgrade_stack) / up,
                      len(state.event_deck) / ev, len(state.event_discard) / ev]
    at += 6
    if state.upgrade_stack:
        out[at + UPGRADE_KINDS.index(game.upgrade_by_id[state.upgrade_stack[-1]].kind)] = 1.0
    at += len(UPGRADE_KINDS)
    out[at:at + 6] = [len(s) / 20 for s in (*state.ore_stacks, *state.ore_discards)]
    if state.pending is not None:
        kind = state.pending[0]
        if kind in ("claim", "equipment"):
            out[lay.boards_at - 2 + ("claim", "equipment").index(kind)] = 1.0
    choice = state.choice
    if choice is not None:
        at = lay.work_at + work_size(game)
        for i in lay.card.get(choice.card, ()):
            out[at + i] = 1.0
        out[at + sp + ev + up] = len(choice.memo) / 3


def _seat_table(state: PayDirtModel, seat: int, out: Any, lay: _Layout) -> None:
    """The table as `seat` sees it, but `_live`'s: the first player, the boards from the
    seat's own, its draft."""
    game = state.game
    p_max, n = game.max_players, game.num_players
    _relative(out, len(PHASES) + p_max, state.first_player, seat, n, p_max)
    at = lay.boards_at
    for i in range(n):
        if isinstance(out, list):
            _board_state(state, out, at + i * lay.board, (seat + i) % n, lay)
        else:
            _board_kept(state, out, at + i * lay.board, (seat + i) % n, lay)
    _draft_state(state, out, at + p_max * lay.board, seat, lay)


def _auction_state(state: PayDirtModel, out: Any, at: int, lay: _Layout, seat: int) -> None:
    """`_auction_features` from the state, written from `at`."""
    p_max, n = state.game.max_players, state.game.num_players
    tiles = len(lay.equipment) + len(lay.specialists) + len(lay.claims)
    auction = state.auction
    if auction is None:
        return
    item = auction.item
    if item:
        for offset, places in ((0, lay.equipment), (len(lay.equipment), lay.specialists),
                               (len(lay.equipment) + len(lay.specialists), lay.claims)):
            if item in places:
                out[at + offset + places[item]] = 1.0
    at += tiles
    if auction.kind in KINDS:
        out[at + KINDS.index(auction.kind)] = 1.0
    out[at + 3] = auction.high / (BID_CAP * THOUSAND / 2)
    at += 4
    if auction.item and auction.high:
        _relative(out, at, auction.bidder, seat, n, p_max)
    at += p_max
    declined = auction.declined
    count = len(declined)
    for marks in (auction.passed, declined):
        if marks:
            for i in range(min(p_max, count)):
                if marks[(seat + i) % count]:
                    out[at + i] = 1.0
        at += p_max
    if auction.blocked in KINDS:
        out[at + KINDS.index(auction.blocked)] = 1.0
    out[at + 3] = auction.sold / p_max


def _board_kept(state: PayDirtModel, out: Any, at: int, s: int, lay: _Layout) -> None:
    """`_board_state` into a numpy vector, or its copy kept from the same board when no
    action has touched it since (`Board.changes`) or it looks the same (`_Layout.boards`)."""
    board = state.boards[s]
    part = lay.boards[s]
    end = at + lay.board
    if part is not None and part[0] is board and part[1] == board.changes:
        out[at:end] = part[3]
        return
    look = _board_look(state, s)
    if part is not None and part[2] == look:
        out[at:end] = part[3]
        lay.boards[s] = (board, board.changes, look, part[3])
        return
    _board_state(state, out, at, s, lay)
    lay.boards[s] = (board, board.changes, look, out[at:end].copy())


def _board_look(state: PayDirtModel, s: int) -> tuple[Any, ...]:
    """Everything `_board_state` reads of seat `s`'s board, copied (its crew included)."""
    board = state.boards[s]
    return (
        board.cash, board.gold, board.workers, board.won, board.vault, crew(state, s),
        [(claim.layered, *claim.ore) for claim in board.claims],
        [(machine.equipment, machine.wear, *machine.spaces) for machine in board.machines],
        (*board.specialists,), (*board.upgrades.values(),), (*board.upgrade_wear.items(),),
        (*board.events,),
    )


def _board_state(state: PayDirtModel, out: Any, at: int, s: int, lay: _Layout) -> None:
    """`_board_features` of seat `s`'s board, written from `at`."""
    board = state.boards[s]
    kind = lay.ore_kind
    out[at:at + 6] = [board.cash / 30_000, board.gold / 50, board.workers / 10,
                      float(board.won), board.vault / 50, crew(state, s) / 10]
    slot = at + 6
    claim_size = 2 + MAX_CLAIM_ORE * len(ORE_TYPES)
    for claim in board.claims[:MAX_CLAIM_SLOTS]:
        out[slot] = 1.0
        if claim.layered:
            out[slot + 1] = 1.0
        place = slot + 2
        for ore in claim.ore[:MAX_CLAIM_ORE]:
            out[place + kind[ore]] = 1.0
            place += 3
        slot += claim_size
    slot = at + lay.machine_at
    for chain, machine in enumerate(board.machines):
        out[slot:slot + 4] = lay.machine_head[chain][machine.equipment]
        out[slot + 4] = machine.wear / 10
        place = slot + 5
        for ore in machine.spaces[:3]:
            if ore != EMPTY:
                out[place + kind[ore]] = 1.0
            place += 3
        slot += MACHINE_FEATURES
    slot = at + lay.specialists_at
    if board.specialists:
        _flags(out, slot, lay.specialists, board.specialists)
    slot += len(lay.specialists)
    if board.upgrades:
        _flags(out, slot, lay.upgrades, board.upgrades.values())
    slot += len(lay.upgrades)
    wear = board.upgrade_wear
    if wear:
        for k, upgrade_kind in enumerate(UPGRADE_KINDS):
            out[slot + k] = wear.get(upgrade_kind, 0) / 10
    if board.events:
        _flags(out, slot + len(UPGRADE_KINDS), lay.events, board.events)


def _draft_state(state: PayDirtModel, out: Any, at: int, seat: int, lay: _Layout) -> None:
    """`_draft_features` from the state (the seat's own hand, handed cards and pick only, as
    its view shows them), written from `at`."""
    p_max, n = state.game.max_players, state.game.num_players
    ev = len(lay.events)
    draft = state.draft
    if draft is None:
        return
    order = draft.order
    for i in range(n):
        s = (seat + i) % n
        if s in order:
            out[at + i] = (order.index(s) + 1) / p_max
    at += p_max
    out[at] = len(draft.picks) / p_max
    out[at + 1] = len(draft.dealt) / p_max
    at += 2
    hand: list[str] = []
    handed: list[str] = []
    pick: list[str] = []
    if seat in order:
        index = order.index(seat)
        if index <= len(draft.picks):
            handed = draft.handed(index)
        if draft.holder == seat:
            hand = draft.hand
        own = draft.pick_of(seat)
        pick = [own] if own else []
    revealed = [draft.final(i) for i in range(draft.revealed)]
    for cards in (hand, handed, pick, revealed):
        _flags(out, at, lay.events, cards)
        at += ev


def _work_state(state: PayDirtModel, out: Any, at: int, seat: int) -> None:
    """`_work_features` from the state (others' placements only once revealed), written
    from `at`."""
    n = state.game.num_players
    work = state.work
    if work is None:
        return
    out[at] = float(work.revealed)
    at += 1
    slots = len(SLOTS)
    for i in range(n):
        s = (seat + i) % n
        if work.revealed or s == seat:
            _tenths(out, at, work.placed[s])
            out[at + slots] = 1.0
        if work.left[s]:
            _tenths(out, at + slots + 1, work.left[s])
        if work.done[s]:
            out[at + 2 * slots + 1] = 1.0
        if work.ended[s]:
            out[at + 2 * slots + 2] = 1.0
        at += 2 * slots + 3


def _tenths(out: Any, at: int, counts: list[int]) -> None:
    """Each count /10 from `at`: only those that are not zero."""
    if not any(counts):
        return
    for i, count in enumerate(counts):
        if count:
            out[at + i] = count / 10
