"""A seat's view as a flat vector of numbers, for learning agents (`Game.observe`); the layout
is documented index by index in `observe`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from .auction import BID_CAP, KINDS, THOUSAND
from .board import SLOTS
from .components import EQUIPMENT_TYPES, MAX_CLAIM_ORE, ORE_TYPES, UPGRADE_KINDS
from .phase import PHASES
from .schema import AuctionView, BoardView, DraftView, PayDirtView, WorkView

if TYPE_CHECKING:
    from .box import PayDirtBox


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
