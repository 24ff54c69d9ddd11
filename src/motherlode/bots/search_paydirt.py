"""What the search bot knows of Pay Dirt: a state built from one seat's view alone, for it to
determinize; a cheap greedy policy for its rollouts, the first moves worth searching and an
evaluation of a playout cut short, all three reading the (determinized) state directly.

Everything public is copied from the view: the table (temperature, round, displays, the auction,
a purchase decision, a card's question, the Work phase as far as the seat sees it, the draft as
far as it knows it), every board and the log (every Pay Dirt event is public). What the seat
cannot see is filled with placeholders that agree in number and kind with what it knows:

- ore: each face-down tile (stacks, claims, machines, discards nobody saw) a tile of its type,
  the face-up ones and the revealed discards a tile of their value;
- the face-down stacks: tiles nobody has seen, as many as the view counts (the upgrade stack's
  top of the kind its back shows);
- the draft: the cards the seat has not seen dealt from the unseen events;
- the other seats' placements before the reveal: a seat done placing placed its whole crew.

`State.determinize(seat, rng)` then resamples exactly those parts (docs/games/paydirt.md §5),
so the search plays on states the seat cannot tell from the real one, built without ever
touching the real one.

The policy, the candidates and the evaluation are the heuristic bot's (bots/paydirt_heuristic.py)
ideas on the state instead of a view: a board's `forecast` (gold still to come, ore at its
type's mean), a tile worth the forecast it adds at the nugget price, the ore flow in Work.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from motherlode.engine import Action, View
from motherlode.engine.position import replace as replace_fields
from motherlode.rules.paydirt import (
    EMPTY,
    MACHINES,
    ORE_TYPES,
    PHASES,
    RESUME_AFTER_AUCTION,
    RESUME_AFTER_WORK,
    RESUME_EVENTS,
    RESUME_WORK,
    SLOTS,
    Auction,
    Bid,
    Board,
    BoardView,
    Choice,
    Decline,
    Discard,
    Done,
    Draft,
    DraftView,
    End,
    HeldClaim,
    Install,
    Load,
    Machine,
    Move,
    Pass,
    PayDirt,
    PayDirtState,
    PayDirtView,
    Phase,
    Pick,
    Place,
    Repair,
    Scrap,
    Sell,
    Work,
    is_paydirt_view,
    packed_event,
)

from . import paydirt_cards
from .paydirt_heuristic import OVERSHOOT, PayDirtHeuristic, Plant
from .paydirt_heuristic import Machine as PlannedMachine


def state_from_view(game: PayDirt, view: View) -> PayDirtState:
    """A state agreeing with everything `view` shows; its hidden parts are placeholders."""
    if not is_paydirt_view(view):
        raise TypeError(f"the Pay Dirt search reads Pay Dirt views, not {view['game']}")
    seat = view["seat"]
    if seat is None:
        raise ValueError("a search plays from a seat's view, not a spectator's")
    template = game.new_game(0)
    if not isinstance(template, PayDirtState):
        raise TypeError("a Pay Dirt game makes Pay Dirt states")
    log = [packed_event(event) for event in view["log"]]
    ore = _OreDealer(game, view, log)
    boards = [_board(game, view, s, b, ore) for s, b in enumerate(view["boards"])]
    draft, deck = _draft_and_deck(game, view, seat)
    stacks = view["stacks"]
    state = replace_fields(
        template,
        phase=Phase(PHASES.index(view["phase"])),
        seat=view["current_player"] if view["current_player"] is not None else 0,
        round=view["round"],
        first_player=view["first_player"],
        temperature=view["temperature"],
        last_round=view["last_round"],
        boards=boards,
        equipment_display=list(view["displays"]["equipment"]),
        specialist_display=list(view["displays"]["specialist"]),
        claim_display=list(view["displays"]["claim"]),
        upgrade_display=list(view["displays"]["upgrade"]),
        **_tile_stacks(game, view, log),
        event_deck=deck,
        event_discard=list(stacks["event_discard"]),
        ore_stacks=[ore.deal(kind, stacks["ore"][t]) for t, kind in enumerate(ORE_TYPES)],
        ore_discards=[ore.discards(t, kind) for t, kind in enumerate(ORE_TYPES)],
        auction=_auction(view),
        pending=None if view["pending"] is None else (view["pending"][0], view["pending"][1]),
        work=_work(view, seat),
        draft=draft,
        choice=_choice(game, view),
        face_up=ore.face_up,
        event_top=stacks["event_top"] or "",
    )
    state.log = log
    state.history = []
    return state


# --- ore -----------------------------------------------------------------------------------
class _OreDealer:
    """Deals ore tile numbers to the places a view shows by type: a face-up tile or a
    revealed discard one of its value, any other one of its type (values unknown)."""

    def __init__(self, game: PayDirt, view: PayDirtView, log: list[tuple[object, ...]]) -> None:
        self.tiles = game.components.ore
        self.left: dict[str, list[int]] = {kind: [] for kind in ORE_TYPES}
        for n, tile in enumerate(self.tiles):
            self.left[tile.type].append(n)
        self.face_up: list[int] = []
        boards = view["boards"]
        self.up_claims: dict[tuple[int, str, int], int] = {}
        self.up_machines: dict[tuple[int, str, int], int] = {}
        for up in view["face_up"]:
            u: dict[str, object] = dict(up)
            seat, value = int(str(u["seat"])), int(str(u["value"]))
            if "claim" in u:
                claim, index = str(u["claim"]), int(str(u["index"]))
                held = next(c for c in boards[seat]["claims"] if c["claim"] == claim)
                kind = held["ore"][index - 1]
                self.up_claims[(seat, claim, index)] = self._known(kind, value)
            else:
                machine, space = str(u["machine"]), int(str(u["space"]))
                spaces = boards[seat]["machines"][MACHINES.index(machine)]["spaces"]
                self.up_machines[(seat, machine, space)] = self._known(spaces[space - 1] or "",
                                                                      value)
        counts = view["stacks"]["ore_discards"]
        reveals = _reveals_since_reshuffle(log)
        self.revealed = [
            [self._known(kind, v) for v in (reveals[kind][-counts[t]:] if counts[t] else [])]
            for t, kind in enumerate(ORE_TYPES)
        ]
        self.discard_counts = counts

    def _known(self, kind: str, value: int) -> int:
        """A tile of `kind` and `value` set aside before the unknown ones are dealt (any tile
        of the kind if none of that value is left)."""
        pool = self.left[kind]
        for i, n in enumerate(pool):
            if self.tiles[n].value == value:
                return pool.pop(i)
        return pool.pop()

    def take(self, kind: str) -> int:
        """A tile of `kind`, its value unknown."""
        return self.left[kind].pop()

    def up(self, tile: int) -> int:
        self.face_up.append(tile)
        return tile

    def claim(self, seat: int, claim: str, ore: list[str]) -> list[int]:
        return [self.take(kind) if (tile := self.up_claims.get((seat, claim, i + 1))) is None
                else self.up(tile) for i, kind in enumerate(ore)]

    def machine(self, seat: int, chain: int, spaces: list[str | None]) -> list[int]:
        out: list[int] = []
        for k, kind in enumerate(spaces):
            tile = self.up_machines.get((seat, MACHINES[chain], k + 1))
            if kind is None:
                out.append(EMPTY)
            else:
                out.append(self.take(kind) if tile is None else self.up(tile))
        return out

    def deal(self, kind: str, count: int) -> list[int]:
        return [self.take(kind) for _ in range(count)]

    def discards(self, t: int, kind: str) -> list[int]:
        """A discard pile: unseen tiles first, the values revealed since the last reshuffle
        last, in order (as `determinize` reads them from the log)."""
        seen = self.revealed[t]
        return self.deal(kind, self.discard_counts[t] - len(seen)) + seen


def _reveals_since_reshuffle(log: list[tuple[object, ...]]) -> dict[str, list[int]]:
    """Per ore type, the values revealed (processed or cleaned up) since its last reshuffle."""
    values: dict[str, list[int]] = {kind: [] for kind in ORE_TYPES}
    for entry in log:
        kind = getattr(entry[0], "kind", "")
        if kind in ("completed", "cleaned-up") and isinstance(entry[3], int):
            values[str(entry[2])].append(entry[3])
        elif kind == "ore-reshuffled":
            values[str(entry[2])].clear()
    return values


# --- boards ----------------------------------------------------------------------------------
def _board(game: PayDirt, view: PayDirtView, seat: int, board: BoardView,
           ore: _OreDealer) -> Board:
    return Board(
        cash=board["cash"],
        gold=board["gold"],
        workers=board["workers"],
        claims=[HeldClaim(c["claim"], c["layered"], ore.claim(seat, c["claim"], c["ore"]))
                for c in board["claims"]],
        machines=[Machine(m["equipment"] or "", m["wear"], ore.machine(seat, chain, m["spaces"]))
                  for chain, m in enumerate(board["machines"])],
        specialists=list(board["specialists"]),
        upgrades=dict(board["upgrades"]),
        upgrade_wear=dict(board["upgrade_wear"]),
        events=list(board["events"]),
        won=board["won"],
        vault=board["vault"],
        sick=board["sick"] or "",
        borrowed=board["borrowed"] or "",
        waiting=list(board["waiting"]),
        flags=dict(board["flags"]),
        rusted=_marked(view, seat, "rusted-axel", "machine-rusted", "machine", MACHINES),
        flooded=_flooded(view, seat, board),
    )


def _last(view: PayDirtView, seat: int, kind: str, name: str) -> str | None:
    """The field `name` of the seat's latest event of `kind` in the log."""
    for event in reversed(view["log"]):
        if event["kind"] == kind and event["seat"] == seat:
            return str(event[name])
    return None


def _marked(view: PayDirtView, seat: int, card: str, kind: str, name: str,
            words: tuple[str, ...]) -> int:
    """Rusted Axel's machine (its chain index), from the log while the card is held."""
    if card not in view["boards"][seat]["events"]:
        return -1
    found = _last(view, seat, kind, name)
    return -1 if found is None else words.index(found)


def _flooded(view: PayDirtView, seat: int, board: BoardView) -> str:
    """Flash Flood's claim, from the log while the card is held."""
    if "flash-flood" not in board["events"]:
        return ""
    return _last(view, seat, "claim-flooded", "claim") or ""


# --- tiles and cards ---------------------------------------------------------------------------
def _named(values: Iterable[object]) -> Iterator[str]:
    for value in values:
        if isinstance(value, str):
            yield value
        elif isinstance(value, tuple):
            yield from _named(value)


def _tile_stacks(game: PayDirt, view: PayDirtView,
                 log: list[tuple[object, ...]]) -> dict[str, list[str]]:
    """The four face-down tile stacks: tiles not in sight and never named in the log (a tile
    named there was seen, so it is not face down), as many as the view counts; the upgrade
    stack's top of the kind its back shows."""
    parts = game.components
    sight = _in_sight(view)
    seen = sight | {name for entry in log for name in _named(entry[1:])}
    stacks = view["stacks"]
    out: dict[str, list[str]] = {}
    for field, tiles, count in (
        ("equipment_stack", [e.id for e in parts.equipment], stacks["equipment"]),
        ("specialist_stack", [s.id for s in parts.specialists], stacks["specialist"]),
        ("claim_stack", [c.id for c in parts.claims], stacks["claim"]),
        ("upgrade_stack", [u.id for u in parts.upgrades], stacks["upgrade"]),
    ):
        unseen = [t for t in tiles if t not in seen]
        unseen += [t for t in tiles if t in seen and t not in sight]
        out[field] = unseen[:count]
    top = stacks["upgrade_top"]
    upgrades = out["upgrade_stack"]
    if top is not None and upgrades and game.upgrade_by_id[upgrades[-1]].kind != top:
        spare = [u.id for u in parts.upgrades if u.kind == top and u.id not in sight]
        same = [u for u in upgrades if game.upgrade_by_id[u].kind == top] or spare[:1]
        upgrades[:] = [*[u for u in upgrades if u != same[0]][: len(upgrades) - 1], same[0]]
    return out


def _in_sight(view: PayDirtView) -> set[str]:
    """Every tile and card id the view shows."""
    return set(view["names"])


def _draft_and_deck(game: PayDirt, view: PayDirtView, seat: int) -> tuple[Draft | None, list[str]]:
    """The draft as far as the seat knows it (the rest dealt from the events it has not seen)
    and the event deck: unseen events, as many as the view counts, the card put back face up
    on top."""
    known = _in_sight(view)
    unseen = [e.id for e in game.components.events if e.id not in known]
    seen = view["draft"]
    draft = None if seen is None else _draft(game, seen, seat, unseen, _swaps(view))
    stacks = view["stacks"]
    top = [stacks["event_top"]] if stacks["event_top"] else []
    deck = unseen[: stacks["events"] - len(top)] + top
    return draft, deck


def _swaps(view: PayDirtView) -> dict[int, tuple[str, str]]:
    """This draft's Remy Roulette swaps (public, from the log): pick index -> (the card kept
    in the draft, the card that replaced it)."""
    draft = view["draft"]
    swaps: dict[int, tuple[str, str]] = {}
    for event in reversed(view["log"]):
        if event["kind"] == "events-drawn" or draft is None:
            break
        seat = event["seat"]
        if event["kind"] == "event-swapped" and isinstance(seat, int) and seat in draft["order"]:
            index = draft["order"].index(seat)
            swaps[index] = (str(event["given_up"]), str(event["event"]))
    return swaps


def _draft(game: PayDirt, seen: DraftView, seat: int, unseen: list[str],
           swaps: dict[int, tuple[str, str]]) -> Draft:
    """The Events draft: public order and counts, the revealed picks, the seat's handed hand,
    hand and pick as shown; every other card dealt from `unseen` (taken from it)."""
    order = list(seen["order"])
    count = seen["picks"]
    revealed = list(seen["revealed"])
    handed = list(seen["handed"] or [])
    hand_view = seen["hand"]
    own = seen["pick"]
    index = order.index(seat)
    picks: list[str | None] = [None] * count
    for i, card in enumerate(revealed):
        picks[i] = swaps[i][0] if i in swaps else card
    if own is not None and index < count:
        picks[index] = swaps[index][0] if index in swaps else own
    hand: list[str] | None = list(hand_view) if hand_view is not None else None
    if handed:
        # The seat's handed hand: its pick, the later picks and the hand now held.
        rest = [c for c in handed if c != own and c not in picks and c not in (hand or [])]
        for i in range(index + 1, count):
            if picks[i] is None:
                picks[i] = rest.pop(0)
        if hand is None:
            hand = rest[: seen["hand_size"]]
    for i in range(count):
        if picks[i] is None:
            picks[i] = unseen.pop(0)
    if hand is None:
        hand = [unseen.pop(0) for _ in range(seen["hand_size"])]
    chosen = [p for p in picks if p is not None]
    rank = {event.id: n for n, event in enumerate(game.components.events)}
    dealt = sorted(chosen + hand, key=rank.__getitem__)
    return Draft(order, dealt, sorted(hand, key=rank.__getitem__), chosen, len(revealed),
                 {i: new for i, (_, new) in swaps.items()})


# --- the phase's records -------------------------------------------------------------------
def _auction(view: PayDirtView) -> Auction | None:
    seen = view["auction"]
    if seen is None:
        return None
    return Auction(
        sold=seen["sold"],
        blocked=seen["blocked"] or "",
        declined=list(seen["declined"]),
        item=seen["item"] or "",
        kind=seen["kind"] or "",
        high=seen["high"],
        bidder=seen["bidder"] or 0,
        passed=None if seen["passed"] is None else list(seen["passed"]),
    )


def _work(view: PayDirtView, seat: int) -> Work | None:
    """The Work phase: the seat's own placements, the others' once revealed; before that a
    seat done placing placed its whole crew (where: the determinization deals it)."""
    seen = view["work"]
    if seen is None:
        return None
    slots = len(seen["slots"])
    placed: list[list[int]] = []
    for s, row in enumerate(seen["placed"]):
        if row is not None:
            placed.append(list(row))
        elif seen["done"][s] and seen["crew"][s] > 0:
            placed.append([seen["crew"][s]] + [0] * (slots - 1))
        else:
            placed.append([0] * slots)
    return Work(
        placed=placed,
        done=list(seen["done"]),
        revealed=seen["revealed"],
        left=[list(row) for row in seen["left"]],
        ended=list(seen["ended"]),
        used=[list(row) for row in seen["upgrades_used"]],
        crew=list(seen["crew"]),
    )


def _choice(game: PayDirt, view: PayDirtView) -> Choice | None:
    """A card's question; where the round goes on after it follows from the card: an upgrade
    in the Work phase, Morgan Grift after the Auction, Rick Axelgrease after Work, an event
    card (and Remy Roulette's swap) in the Events phase."""
    seen = view["choice"]
    if seen is None:
        return None
    card = seen["card"]
    if card in game.upgrade_by_id:
        phase, resume = Phase.WORK, RESUME_WORK
    elif card in game.specialist_by_id and seen["step"] == "take":
        phase, resume = Phase.AUCTION, RESUME_AFTER_AUCTION
    elif card in game.specialist_by_id and seen["step"] == "repair":
        phase, resume = Phase.WORK, RESUME_AFTER_WORK
    else:
        phase, resume = Phase.EVENTS, RESUME_EVENTS
    return Choice(seen["seat"], card, seen["step"], list(seen["options"]), resume, int(phase),
                  list(seen["memo"]))


# --- the policy: the heuristic's ideas on the state ------------------------------------------
#: Nuggets a dollar kept is worth in the evaluation, per round left (cash buys tiles, repairs
#: and upgrades; at the end it only breaks ties).
CASH_PER_ROUND = 1 / 12_000
#: Bids the search tries above the lowest, in $1,000 steps (besides passing and the lowest).
BID_STEPS = (2, 5)


class Planner(PayDirtHeuristic):
    """The heuristic bot's estimates read from a state (every seat's board, as the view shows
    it: ore by type only), for rollouts, candidates and the evaluation."""

    def plant(self, state: PayDirtState, seat: int) -> Plant:
        """The seat's board as the heuristic models it."""
        board = state.boards[seat]
        ore = self.game.components.ore
        machines = []
        for chain, m in enumerate(board.machines):
            if m.equipment:
                tile = self.game.equipment_by_id[m.equipment]
                stages, life, flimco = tile.stages, tile.service_life, tile.flimco
            else:
                stages, life, flimco = self.numbers.starting[chain]
            spaces = [None if o == EMPTY else ore[o].type for o in m.spaces]
            machines.append(PlannedMachine(stages, life, flimco, m.wear, spaces))
        claims = [(c.claim, c.layered, [ore[o].type for o in c.ore]) for c in board.claims]
        return Plant(claims, machines, min(self.numbers.max_workers, board.workers),
                     self.numbers)

    def rounds_left(self, state: PayDirtState) -> float:
        """Rounds left, this one included (the heuristic's estimate)."""
        if state.last_round:
            return 1.0
        return 1.0 + max(0.0, float(state.temperature)) / self.numbers.mean_drop + OVERSHOOT

    def value(self, state: PayDirtState, seat: int) -> float:
        """The seat's gold, the gold its board should still make, and its cash, in nuggets; at
        the end the gold, and the cash as the tie-break."""
        board = state.boards[seat]
        if state.is_terminal:
            return board.gold + board.cash * 1e-6
        rounds = self.rounds_left(state)
        future = self.plant(state, seat).forecast(rounds, self.partial)
        return board.gold + future + board.cash * CASH_PER_ROUND * (rounds - 1.0)

    def worth(self, state: PayDirtState, seat: int, item: str) -> float:
        """Dollars the tile is worth to the seat (the heuristic's `_worth`, from the state)."""
        plant = self.plant(state, seat)
        rounds = self.rounds_left(state)
        base = plant.forecast(rounds, self.partial)
        gain = max(p.forecast(rounds, self.partial) for p in self._with(plant, item)) - base
        specialist = self.game.specialist_by_id.get(item)
        if specialist is not None:
            gain += paydirt_cards.ABILITY_PER_ROUND.get(specialist.ability, 0.0) * rounds
            hands = specialist.workers + (
                specialist.amount if specialist.ability == "temporary_workers" else 0)
            gain += paydirt_cards.WORKER_PER_ROUND * hands * rounds
        return gain * self.numbers.nugget * self.bid_factor

    def price(self, item: str) -> int:
        return self.price_of[item]

    # --- decisions ---------------------------------------------------------------------------
    def picks(self, state: PayDirtState, legal: list[Action]) -> list[Action]:
        """The picks worth more than their minimum price, best first, then `decline`."""
        cash = state.boards[state.seat].cash
        scored = []
        for action in legal:
            if isinstance(action, Pick):
                gain = min(self.worth(state, state.seat, action.item), cash)
                gain -= self.price(action.item)
                if gain > 0:
                    scored.append((gain, action))
        scored.sort(key=lambda pair: -pair[0])
        return [action for _, action in scored] + [Decline()]

    def bid(self, state: PayDirtState, legal: list[Action]) -> Action:
        """The lowest bid while it is within the tile's worth (always to open), else pass."""
        auction = state.auction
        bids = [a.thousands for a in legal if isinstance(a, Bid)]
        if auction is None or not bids:
            return Pass()
        low = min(bids)
        if auction.high == 0 or low * 1_000 <= self.worth(state, state.seat, auction.item):
            return Bid(low)
        return Pass()

    def bids(self, state: PayDirtState, legal: list[Action]) -> list[Action]:
        """A few amounts: the policy's choice, pass, the lowest bid, a few steps above it, and
        the tile's worth (rounded down to $1,000)."""
        auction = state.auction
        numbers = sorted(a.thousands for a in legal if isinstance(a, Bid))
        if auction is None or not numbers:
            return legal
        low = numbers[0]
        worth = int(self.worth(state, state.seat, auction.item) // 1_000)
        wanted = [low + step for step in BID_STEPS] + [worth]
        out: list[Action] = [self.bid(state, legal), Pass(), Bid(low)]
        out += [Bid(k) for k in wanted if k in numbers]
        return [a for n, a in enumerate(out) if a in legal and a not in out[:n]]

    def purchase(self, state: PayDirtState, legal: list[Action]) -> list[Action]:
        """Install, scrap or discard, best forecast first."""
        if state.pending is None:
            return legal
        _, item = state.pending
        plant = self.plant(state, state.seat)
        rounds = self.rounds_left(state)
        options: list[tuple[float, Action]] = []
        for action in legal:
            if isinstance(action, Discard):
                after = self._discarded(plant, action.claim)
            elif isinstance(action, Install):
                after = self._installed(plant, item)
            elif isinstance(action, Scrap):
                life = self.game.equipment_by_id[item].service_life
                after = self._scrapped(plant, life, MACHINES.index(action.machine))
            else:
                continue
            options.append((after.forecast(rounds, self.partial), action))
        options.sort(key=lambda pair: -pair[0])
        return [action for _, action in options] or legal

    def placements(self, state: PayDirtState) -> list[Action]:
        """The next worker's slot by a simulated round of ore flow (the heuristic's plan
        without cards), then the repairs a spare worker would make; `done` when the plan is
        placed."""
        work = state.work
        seat = state.seat
        if work is None:
            return [Done()]
        plant = self.plant(state, seat)
        workers = work.crew[seat]
        while len(plant.slots) < workers and plant.step():
            pass
        slots = list(plant.slots)
        if not state.last_round:
            for m in range(len(MACHINES)):
                if plant.machines[m].repairable() and len(slots) < workers:
                    slots.append(f"repair {MACHINES[m]}")
        have = dict(zip(SLOTS, work.placed[seat], strict=True))
        for slot in slots:
            if have.get(slot, 0) > 0:
                have[slot] -= 1
                continue
            return [Place(slot), Done()]
        return [Done()]

    def carry_out(self, state: PayDirtState, legal: list[Action]) -> list[Action]:
        """Repairs first, then the move furthest along the chain, loads of the richest ore,
        the largest sale, `end` (upgrades unused, none bought: the policy stays cheap)."""

        def rank(action: Action) -> tuple[int, int, int]:
            if isinstance(action, Repair):
                return (4, 0, 0)
            if isinstance(action, Move):
                return (3, MACHINES.index(action.machine), action.space)
            if isinstance(action, Load):
                return (2, 0, ORE_TYPES.index(action.ore))
            if isinstance(action, Sell):
                return (1, 0, action.nuggets)
            if isinstance(action, End):
                return (0, 0, 0)
            return (-1, 0, 0)

        return sorted(legal, key=rank, reverse=True)


def ranked(planner: Planner, state: PayDirtState) -> list[Action]:
    """The legal actions worth trying, best first by the planner (all of them where it has
    no opinion)."""
    legal = state.legal_actions()
    phase = state.phase
    if phase == Phase.AUCTION:
        auction = state.auction
        if auction is not None and not auction.item:
            return [a for a in planner.picks(state, legal) if a in legal]
        return planner.bids(state, legal)
    if phase == Phase.PURCHASE:
        return planner.purchase(state, legal)
    if phase == Phase.WORK_PLACE:
        first = [a for a in planner.placements(state) if a in legal]
        return first + [a for a in legal if a not in first]
    if phase == Phase.WORK:
        return planner.carry_out(state, legal)
    return legal


def rollout_policy(planner: Planner, state: PayDirtState, rng: random.Random) -> Action:
    """A greedy move, cheap enough for rollouts: the planner's best; an event card or a
    card's answer at random."""
    phase = state.phase
    if phase in (Phase.EVENTS, Phase.CHOOSE):
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]
    if phase == Phase.AUCTION and state.auction is not None and state.auction.item:
        return planner.bid(state, state.legal_actions())
    if phase == Phase.WORK_PLACE:
        return planner.placements(state)[0]  # a slot or `done`: always legal
    return ranked(planner, state)[0]


def candidates(planner: Planner, state: PayDirtState, width: int) -> list[Action]:
    """The first moves worth searching, best first, at most `width`."""
    return ranked(planner, state)[:width]
