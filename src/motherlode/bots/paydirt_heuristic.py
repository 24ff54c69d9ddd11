"""A heuristic Pay Dirt bot: it plays from its own view and the public tile data only.

It never sees the state: only its seat's view, the legal actions and the Game's public
component data (what is printed on the tiles). Ore values are unknown to everyone, so an ore
counts at its type's mean (poor 3, medium 4, rich 5).

The core is `forecast`, an estimate of the gold a board will still produce: the worker moves
left in the game (workers x rounds left) are spent ore by ore, the ore nearest the wash plant
first, then the richest ore on the claims; each ore costs one move per space still to go plus a
repair whenever a machine it enters is worn out. Every purchase decision compares forecasts:

- Auction: a tile is worth (forecast with it - forecast without) x $3,000 x BID_FACTOR; the bot
  picks the tile with the best worth above its minimum price, opens at the minimum, raises in
  $1,000 steps up to the worth, and passes above it.
- Purchase: install or scrap (onto whichever machine), and the claim to discard, by forecast.
- Work placement: the bot plays the round on a copy of its board, moving the ore nearest the
  end of the chain first (so ore flows: wash plant, then loader, then excavator, then loading
  the richest ore), repairing a machine when it stops the next move, and places its workers
  where that play used them; spare workers repair, or sell nuggets in town when cash is short.
  Upgrades are never bought (their abilities do nothing yet).
- Carrying out: repairs first, then the move whose destination is furthest along the chain,
  loads of the richest ore, sales of as many nuggets as allowed.
- Events: the least harmful card (`paydirt_cards.event_harm`: 0 for a category it is immune
  to, for Fool's Gold with a Vault ...); between cards about as harmful, the temperature: the
  largest drop (a shorter game) when it leads in gold and the smallest when behind.
- Cards (`paydirt_cards`): specialists are worth their workers (forecast) plus their
  ability's value per round left; upgrades are bought by a spare town worker when their value
  over the rounds left beats the price, and used every round they can be (the Company Vault
  last, after sales); questions cards ask (`choose ...`) are answered by `paydirt_cards.answer`.

`heuristic-part1` is the same bot without any of the card knowledge (part 1's bot: it answers
a card's question with the first option and never buys upgrades), kept to measure what the
card knowledge is worth.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from motherlode.engine import Action, Game, View
from motherlode.rules.paydirt import (
    MACHINES,
    ORE_TYPES,
    BoardView,
    PayDirt,
    PayDirtView,
    is_paydirt_view,
)

from . import paydirt_cards

OVERSHOOT = 0.4  # rounds: the last drop usually takes the temperature below 0 °C
BID_FACTOR = 0.7  # dollars bid per dollar of gold a tile adds (0.5, 0.85, 1.0, 1.5, 2 lost to it)
CASH_TARGET = 5_000  # below this, spare workers sell nuggets (while the game is young)
PARTIAL = 0.7  # an ore half done counts for this share of half its gold (smooth values)


@dataclass(frozen=True)
class Numbers:
    """The numbers of the game's data the bot plans with (its components are public)."""

    ore_mean: dict[str, float]  # each ore type's mean value in nuggets (ore.toml)
    mean_drop: float  # the mean temperature drop of the event cards (events.toml)
    nugget: int  # dollars a nugget sells for (rules.toml nugget_price)
    max_workers: int  # workers in play and in reserve (rules.toml)
    repair: int  # wear a repair worker removes (rules.toml repair_per_worker)
    starting: tuple[tuple[int, int, bool], ...]  # each board machine: stages, life, FlimCo

    @classmethod
    def of(cls, game: PayDirt) -> Numbers:
        parts = game.components
        values = {kind: [o.value for o in parts.ore if o.type == kind] for kind in ORE_TYPES}
        drops = [e.temperature_drop for e in parts.events]
        starting = tuple((e.stages, e.service_life, e.flimco) for e in parts.starting_equipment)
        return cls({kind: sum(v) / len(v) for kind, v in values.items() if v},
                   sum(drops) / len(drops), parts.rules.nugget_price,
                   parts.rules.max_workers, parts.rules.repair_per_worker, starting)


@dataclass
class Machine:
    """A machine as the bot models it: stages, service life, FlimCo, wear, ore by space."""

    stages: int
    life: int
    flimco: bool
    wear: int
    spaces: list[str | None]

    def copy(self) -> Machine:
        return Machine(self.stages, self.life, self.flimco, self.wear, list(self.spaces))

    def full(self) -> bool:
        """No new ore may enter: at full wear (a FlimCo one before: it would leave)."""
        return self.wear >= (self.life - 1 if self.flimco else self.life)

    def repairable(self) -> bool:
        return self.wear > 0 and not (self.flimco and self.wear >= self.life)


@dataclass
class Plant:
    """A board as the bot models it: claims (ore types, layered flag), machines, workers."""

    claims: list[tuple[str, bool, list[str]]]
    machines: list[Machine]
    workers: int
    numbers: Numbers
    slots: list[str] = field(default_factory=list)  # what a simulated round used

    def copy(self) -> Plant:
        return Plant([(c, lay, list(o)) for c, lay, o in self.claims],
                     [m.copy() for m in self.machines], self.workers, self.numbers)

    # --- the chain as one line of spaces --------------------------------------------------
    def line(self) -> list[tuple[int, int]]:
        return [(c, s) for c, m in enumerate(self.machines) for s in range(m.stages)]

    def best_load(self) -> tuple[int, str] | None:
        """(claim index, ore type) of the richest ore that can be loaded now."""
        best: tuple[int, str] | None = None
        mean = self.numbers.ore_mean
        for i, (_, layered, ore) in enumerate(self.claims):
            for kind in (ore[:1] if layered else ore):
                if best is None or mean[kind] > mean[best[1]]:
                    best = (i, kind)
        return best

    def step(self, repairs: bool = True) -> bool:
        """One worker's action in a simulated round, the move furthest along the chain first,
        a repair when a worn machine stops that move; False when no worker can help."""
        line = self.line()
        for p in range(len(line) - 1, -1, -1):
            chain, space = line[p]
            machine = self.machines[chain]
            if machine.spaces[space] is not None:
                continue
            if space > 0:
                source = machine.spaces[space - 1]
            elif chain > 0:
                source = self.machines[chain - 1].spaces[-1]
            else:
                load = self.best_load()
                source = None if load is None else load[1]
            if source is None:
                continue
            if space == 0 and machine.full():
                if repairs and machine.repairable():
                    machine.wear = max(0, machine.wear - self.numbers.repair)
                    self.slots.append(f"repair {MACHINES[chain]}")
                    return True
                continue
            self._move(chain, space)
            self.slots.append(MACHINES[chain])
            return True
        return False

    def _move(self, chain: int, space: int) -> None:
        machine = self.machines[chain]
        if space > 0:
            ore = machine.spaces[space - 1]
            machine.spaces[space - 1] = None
        elif chain > 0:
            before = self.machines[chain - 1].spaces
            ore, before[-1] = before[-1], None
        else:
            load = self.best_load()
            if load is None:  # callers only move onto the excavator when a load exists
                return
            i, kind = load
            self.claims[i][2].remove(kind)
            ore = kind
        machine.spaces[space] = ore
        if space == 0:
            machine.wear += 1
        if chain == len(self.machines) - 1 and space == machine.stages - 1:
            machine.spaces[space] = None  # gold at once

    # --- the forecast -------------------------------------------------------------------------
    def forecast(self, rounds: float, partial: float = PARTIAL) -> float:
        """Expected gold still to come from this board in `rounds` rounds."""
        moves = self.workers * rounds
        machines = [m.copy() for m in self.machines]
        stages = [m.stages for m in machines]
        queue: list[tuple[int, int, str]] = []  # (chain, space, type); chain -1: a claim
        for chain in range(len(machines) - 1, -1, -1):
            for space in range(stages[chain] - 1, -1, -1):
                kind = machines[chain].spaces[space]
                if kind is not None:
                    queue.append((chain, space, kind))
        gold = 0.0
        mean, repair = self.numbers.ore_mean, self.numbers.repair
        heads = [(lay, list(o) if lay else sorted(o, key=ORE_TYPES.index, reverse=True))
                 for _, lay, o in self.claims]
        while True:
            if queue:
                chain, space, kind = queue.pop(0)
            else:
                pick = max(
                    (i for i, (_, o) in enumerate(heads) if o),
                    key=lambda i: mean[heads[i][1][0]], default=None,
                )
                if pick is None:
                    break
                kind = heads[pick][1].pop(0)
                chain, space = -1, 0
            cost = 0.0
            first = chain + 1
            to_go = (stages[chain] - 1 - space) if chain >= 0 else 0
            for c in range(first, len(machines)):
                m = machines[c]
                if m.full():
                    if not m.repairable():  # a FlimCo lost: the board's own machine is back
                        m.stages, m.life, m.flimco = self.numbers.starting[c]
                        m.wear = 0
                        stages[c] = m.stages
                    else:
                        cost += 1
                        m.wear = max(0, m.wear - repair)
                m.wear += 1
                to_go += stages[c]
            cost += to_go
            if cost <= moves:
                moves -= cost
                gold += mean[kind]
                continue
            gold += mean[kind] * partial * moves / cost  # progress, paid in part
            break
        return gold


WORK_REASONS = {
    "use": "an upgrade needs no worker: use it every round it helps",
    "buy": "that upgrade is worth more than its price over the rounds left",
    "repair": "repair first: a worn machine would stop the ore",
    "move": "move the ore furthest along first, so the chain keeps flowing",
    "load": "load the richest ore onto the excavator: nothing further along can move",
    "sell": "sell nuggets for cash: nothing else helps more now",
    "skip": "that worker can do nothing where it stands",
    "end": "no worker left can do anything that helps",
}


class PayDirtHeuristic:
    """Bids by forecast value, keeps ore flowing, repairs before it is stuck, sells for cash."""

    lean_view = True  # reads neither the view's log nor its decision (`bots.base.bot_view`)
    cards = True  # values and uses the cards' abilities (False: part 1's bot)
    bid_factor = BID_FACTOR
    partial = PARTIAL
    cash_target = CASH_TARGET

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        if not isinstance(game, PayDirt):
            raise TypeError(f"the Pay Dirt heuristic plays Pay Dirt, not {game.name}")
        self.game = game  # its components are public tile data
        self.seat = seat
        self.rng = random.Random(seed)
        parts = self.game.components
        self.numbers = Numbers.of(game)
        self.price_of: dict[str, int] = {}
        for tiles in (parts.equipment, parts.specialists, parts.claims):
            self.price_of.update({t.id: t.price for t in tiles})
        self._known: tuple[object, ...] = ()  # what the answers below were worked out from
        self._worths: dict[str, float] = {}
        self._base: float | None = None  # the board's forecast as it is
        self._plan_slots: list[str] | None = None
        self._upgrades: dict[int, str | None] = {}

    def _remember(self, view: PayDirtView) -> None:
        """Forget the answers worked out from another board or round. The plan, the tiles'
        worth (and the board's own forecast) and the upgrade to buy depend on nothing but this
        seat's board, the temperature, the last-round flag and the upgrades on display: while
        those are equal, the answers are the same, so they are kept (fewer forecasts, the same
        choices)."""
        known = (view["boards"][self.seat], view["temperature"], view["last_round"],
                 view["displays"]["upgrade"])
        if known != self._known:
            self._known = known
            self._worths, self._base, self._plan_slots, self._upgrades = {}, None, None, {}

    # --- dispatch -------------------------------------------------------------------------------
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not is_paydirt_view(view):
            raise TypeError(f"the Pay Dirt heuristic reads Pay Dirt views, not {view['game']}")
        self._remember(view)
        by_text = {str(a): a for a in legal}
        phase = view["phase"]
        text: str | None = None
        if phase == "auction":
            text = self._auction(view, by_text)
        elif phase == "purchase":
            text = self._purchase(view, by_text)
        elif phase == "work_place":
            text = self._place(view, by_text)
        elif phase == "work":
            text = self._carry_out(view, by_text)
        elif phase == "events":
            text = self._event(view, by_text)
        elif phase == "choose" and self.cards:
            options = [t.removeprefix("choose ") for t in by_text]
            text = "choose " + paydirt_cards.answer(self.game, view, self.seat, options)
        if text is not None and text in by_text:
            return by_text[text]
        return legal[0]

    def explain(self, view: View, legal: Sequence[Action]) -> tuple[Action, str]:
        """The action `choose` takes and why, in one line of plain words from the bot's view
        (the estimate behind it: a tile's worth, the round's plan, the ore flow ...)."""
        action = self.choose(view, legal)
        if not is_paydirt_view(view):  # choose has refused it already
            raise TypeError(f"the Pay Dirt heuristic reads Pay Dirt views, not {view['game']}")
        return action, self._reason(view, str(action))

    # --- reasons ----------------------------------------------------------------------------
    def _reason(self, view: PayDirtView, text: str) -> str:
        """Why `text` (the action chosen), in words."""
        verb, _, rest = text.partition(" ")
        phase = view["phase"]
        if phase == "auction":
            return self._auction_reason(view, verb, rest)
        if phase == "purchase":
            return "it leaves your board the most gold to come, by the bot's forecast"
        if phase == "work_place":
            return self._placing_reason(view, verb)
        if phase == "work":
            return WORK_REASONS.get(verb, "nothing your workers can do helps more")
        if phase == "events":
            return "of the cards in your hand it hurts your board the least"
        return "the card's rule of thumb: lose the least, take or help where it counts most"

    def _auction_reason(self, view: PayDirtView, verb: str, rest: str) -> str:
        auction = view["auction"]
        item = rest if verb == "pick" else (auction["item"] if auction else None)
        if item is None:
            return "no tile on display is worth more to you than its minimum price"
        name = view["names"].get(item, item)
        worth = f"{name} is worth about ${round(self._worth(view, item), -3):,.0f} to you"
        if verb == "pick":
            return f"{worth}, above its minimum ${self.price_of[item]:,}"
        bid = f"${int(rest) * 1_000:,}" if verb == "bid" else ""
        if verb == "bid" and auction is not None and auction["high"] == 0:
            return f"{worth}: you open the bidding at {bid}"
        if verb == "bid":
            return f"{worth}: a bid of {bid} is still not more than that"
        return f"{worth}: the next bid would be more"

    def _placing_reason(self, view: PayDirtView, verb: str) -> str:
        if verb == "done":
            return "every worker its plan for the round needs is placed"
        plan = self._plan(view)
        counts = {slot: plan.count(slot) for slot in dict.fromkeys(plan)}
        shown = ", ".join(f"{slot.replace('_', ' ')} x{n}" for slot, n in counts.items())
        return f"a trial round on your board uses {shown}"[:99]

    # --- the model of a board ---------------------------------------------------------------
    def _plant(self, board: BoardView) -> Plant:
        machines = []
        for chain, m in enumerate(board["machines"]):
            if m["equipment"] is None:
                stages, life, flimco = self.numbers.starting[chain]
            else:
                tile = self.game.equipment_by_id[m["equipment"]]
                stages, life, flimco = tile.stages, tile.service_life, tile.flimco
            machines.append(Machine(stages, life, flimco, m["wear"], list(m["spaces"])))
        claims = [(c["claim"], bool(c["layered"]), list(c["ore"])) for c in board["claims"]]
        workers = board["workers"]
        if self.cards:  # Chuck Shady's hands come every round
            workers += sum(self.game.specialist_by_id[s].amount for s in board["specialists"]
                           if self.game.specialist_by_id[s].ability == "temporary_workers"
                           and s != board["sick"])
        return Plant(claims, machines, min(self.numbers.max_workers, workers), self.numbers)

    def _rounds(self, view: PayDirtView) -> float:
        """Rounds left, this one included."""
        if view["last_round"]:
            return 1.0
        return 1.0 + max(0.0, float(view["temperature"])) / self.numbers.mean_drop + OVERSHOOT

    def _me(self, view: PayDirtView) -> BoardView:
        return view["boards"][self.seat]

    # --- auction ------------------------------------------------------------------------------
    def _worth(self, view: PayDirtView, item: str) -> float:
        """Dollars the tile is worth to this seat: the gold it adds, at the nugget price
        (worked out once while the board and round stay: `_remember`)."""
        worth = self._worths.get(item)
        if worth is None:
            worth = self._worths[item] = self._worked_out_worth(view, item)
        return worth

    def _worked_out_worth(self, view: PayDirtView, item: str) -> float:
        plant = self._plant(self._me(view))
        rounds = self._rounds(view)
        if self._base is None:  # the board as it is: the same for every tile
            self._base = plant.forecast(rounds, self.partial)
        base = self._base
        gain = max(p.forecast(rounds, self.partial) for p in self._with(plant, item)) - base
        if self.cards and item in self.game.specialist_by_id:
            sp = self.game.specialist_by_id[item]
            gain += paydirt_cards.ABILITY_PER_ROUND.get(sp.ability, 0.0) * rounds
            hands = sp.workers + (sp.amount if sp.ability == "temporary_workers" else 0)
            gain += paydirt_cards.WORKER_PER_ROUND * hands * rounds
        return gain * self.numbers.nugget * self.bid_factor

    def _with(self, plant: Plant, item: str) -> list[Plant]:
        """The boards the bot could have after buying `item` (each choice it would have)."""
        game = self.game
        if item in game.specialist_by_id:
            sp = game.specialist_by_id[item]
            after = plant.copy()
            extra = sp.workers + (sp.amount if self.cards and sp.ability == "temporary_workers"
                                  else 0)
            after.workers = min(self.numbers.max_workers, after.workers + extra)
            return [after]
        if item in game.claim_by_id:
            claim = game.claim_by_id[item]
            after = plant.copy()
            after.claims.append((item, claim.layered, list(claim.ore)))
            if len(after.claims) <= game.components.rules.max_claims:
                return [after]
            return [self._discarded(after, c) for c, _, _ in plant.claims]
        tile = game.equipment_by_id[item]
        return [self._installed(plant, item)] + [
            self._scrapped(plant, tile.service_life, chain) for chain in range(len(MACHINES))
        ]

    @staticmethod
    def _discarded(plant: Plant, claim: str) -> Plant:
        after = plant.copy()
        after.claims = [c for c in after.claims if c[0] != claim]
        return after

    def _installed(self, plant: Plant, item: str) -> Plant:
        tile = self.game.equipment_by_id[item]
        chain = MACHINES.index(tile.type)
        after = plant.copy()
        ore = [o for o in after.machines[chain].spaces if o is not None]
        room = tile.stages - 1 if chain == len(MACHINES) - 1 else tile.stages
        spaces: list[str | None] = [None] * tile.stages
        for i, kind in enumerate(ore[:room]):
            spaces[i] = kind
        after.machines[chain] = Machine(tile.stages, tile.service_life, tile.flimco, 0, spaces)
        return after

    @staticmethod
    def _scrapped(plant: Plant, life: int, chain: int) -> Plant:
        after = plant.copy()
        after.machines[chain].wear = max(0, after.machines[chain].wear - life)
        return after

    def _auction(self, view: PayDirtView, legal: dict[str, Action]) -> str | None:
        auction = view["auction"]
        cash = self._me(view)["cash"]
        if auction is None:
            return None
        item_on_sale = auction["item"]
        if item_on_sale is None:
            best, best_gain = None, 0.0
            for text in legal:
                if not text.startswith("pick "):
                    continue
                item = text.split()[1]
                price = self.price_of[item]
                worth = min(self._worth(view, item), cash)
                if worth - price > best_gain:
                    best, best_gain = text, worth - price
            return best or "decline"
        worth = self._worth(view, item_on_sale)
        low = min((int(t.split()[1]) for t in legal if t.startswith("bid ")), default=None)
        if low is None:
            return "pass"
        if auction["high"] == 0 or low * 1_000 <= worth:
            return f"bid {low}"
        return "pass"

    def _purchase(self, view: PayDirtView, legal: dict[str, Action]) -> str | None:
        if view["pending"] is None:
            return None
        kind, item = view["pending"]
        plant = self._plant(self._me(view))
        rounds = self._rounds(view)
        options: dict[str, Plant] = {}
        if kind == "claim":
            for text in legal:
                options[text] = self._discarded(plant, text.split()[1])
        else:
            life = self.game.equipment_by_id[item].service_life
            for text in legal:
                if text == "install":
                    options[text] = self._installed(plant, item)
                else:
                    options[text] = self._scrapped(plant, life, MACHINES.index(text.split()[1]))
        return max(options, key=lambda t: options[t].forecast(rounds, self.partial),
                   default=None)

    # --- work -----------------------------------------------------------------------------------
    def _plan(self, view: PayDirtView) -> list[str]:
        """The slots this round's workers should take, from a simulated round (worked out
        once while the board and round stay: `_remember`)."""
        if self._plan_slots is None:
            self._plan_slots = self._worked_out_plan(view)
        return list(self._plan_slots)

    def _worked_out_plan(self, view: PayDirtView) -> list[str]:
        board = self._me(view)
        plant = self._plant(board)
        workers = board["crew"] if self.cards else board["workers"]
        while len(plant.slots) < workers and plant.step():
            pass
        slots = plant.slots
        if self.cards:
            slots = self._extra_hands(board, slots, workers)
            wanted = self._upgrade_to_buy(view, board["cash"])
            if wanted is not None:
                if len(slots) < workers:
                    slots.append("buy")
                elif slots:
                    slots.pop()  # the round's last move is worth less than the upgrade
                    slots.append("buy")
        spare = workers - len(slots)
        if spare <= 0:
            return slots
        rounds = self._rounds(view)
        gold = board["gold"]
        if not view["last_round"] and rounds >= 3 and board["cash"] < self.cash_target:
            while spare > 0 and gold > 0:
                slots.append("sell")
                gold -= 2
                spare -= 1
        if not view["last_round"]:
            worn = sorted(
                (m for m in range(len(MACHINES)) if plant.machines[m].repairable()),
                key=lambda m: plant.machines[m].life - plant.machines[m].wear,
            )
            for m in worn:
                need = -(-plant.machines[m].wear // self.numbers.repair)
                while spare > 0 and need > 0:
                    slots.append(f"repair {MACHINES[m]}")
                    spare -= 1
                    need -= 1
        return slots

    @staticmethod
    def _extra_hands(board: BoardView, slots: list[str], workers: int) -> list[str]:
        """Events in force that want a second worker on a machine (Busted Controls, Mandatory
        Safety Training) or on the excavator (Snap Freeze): add it while workers last."""
        held = set(board["events"])
        wanted = [m for m in MACHINES if m in slots]
        extra: list[str] = []
        if held & {"busted-controls", "mandatory-safety-training"}:
            extra += wanted
        if "snap-freeze" in held and "excavator" in slots:
            extra.append("excavator")
        out = list(slots)
        for slot in extra:
            if len(out) >= workers:
                break
            out.insert(out.index(slot), slot)
        return out[:workers]

    def _upgrade_to_buy(self, view: PayDirtView, cash: int) -> str | None:
        """The face-up upgrade most worth its price over the rounds left, if any is (worked
        out once for this cash while the board and round stay: `_remember`)."""
        if cash not in self._upgrades:
            self._upgrades[cash] = self._worked_out_upgrade(view, cash)
        return self._upgrades[cash]

    def _worked_out_upgrade(self, view: PayDirtView, cash: int) -> str | None:
        best, best_gain = None, 0.0
        for upgrade in view["displays"]["upgrade"]:
            if self.game.upgrade_by_id[upgrade].price > cash - 2_000:
                continue
            gain = self._upgrade_gain(view, upgrade)
            if gain > best_gain:
                best, best_gain = upgrade, gain
        return best

    def _upgrade_gain(self, view: PayDirtView, upgrade: str) -> float:
        """Dollars an upgrade is worth over the rounds left, less its price (and less the one it
        would replace); an upgrade this board cannot use is worth nothing."""
        board = self._me(view)
        tile = self.game.upgrade_by_id[upgrade]
        if not paydirt_cards.can_use(upgrade, board):
            return -float(tile.price)
        uses = min(self._rounds(view) - 1.0, tile.service_life + 1.0)
        value = paydirt_cards.UPGRADE_PER_USE.get(upgrade, 0.0) * uses * self.numbers.nugget * 0.6
        held = board["upgrades"].get(tile.kind)
        if held is not None:
            value -= paydirt_cards.UPGRADE_PER_USE.get(held, 0.0) * uses * self.numbers.nugget * 0.6
        return float(value - tile.price)

    def _place(self, view: PayDirtView, legal: dict[str, Action]) -> str:
        work = view["work"]
        if work is None:
            return "done"
        placed = work["placed"][self.seat] or []
        slots = work["slots"]
        have = {slot: n for slot, n in zip(slots, placed, strict=False)}
        for slot in self._plan(view):
            if have.get(slot, 0) > 0:
                have[slot] -= 1
                continue
            return f"place {slot}"
        return "done"

    def _carry_out(self, view: PayDirtView, legal: dict[str, Action]) -> str:
        texts = list(legal)
        if self.cards:
            upgrades = self._me(view)["upgrades"]
            for text in texts:
                upgrade = upgrades.get(text.split()[1]) if text.startswith("use ") else None
                if (upgrade is not None and upgrade not in paydirt_cards.LAST_USED
                        and paydirt_cards.can_use(upgrade, self._me(view))):
                    return text
            buys = [t for t in texts if t.startswith("buy ")]
            wanted = self._upgrade_to_buy(view, self._me(view)["cash"] + 2_000)
            if buys and f"buy {wanted}" in buys:
                return f"buy {wanted}"
        repairs = [t for t in texts if t.startswith("repair ")]
        if repairs:
            return repairs[0]

        def reach(text: str) -> tuple[int, int]:
            words = text.split()
            if words[0] == "move":
                return (MACHINES.index(words[1]), int(words[2]))
            return (-1, ORE_TYPES.index(words[2]))  # a load: the richest ore first

        moves = [t for t in texts if t.startswith(("move ", "load "))]
        if moves:
            return max(moves, key=reach)
        sells = [t for t in texts if t.startswith("sell ")]
        if sells:
            return max(sells, key=lambda t: int(t.split()[1]))
        me = self._me(view)
        uses = [t for t in texts if t.startswith("use ")
                and paydirt_cards.can_use(me["upgrades"].get(t.split()[1], ""), me)]
        if self.cards and uses:
            return uses[0]
        return "end"

    # --- events ---------------------------------------------------------------------------------
    def _event(self, view: PayDirtView, legal: dict[str, Action]) -> str | None:
        drop = {t: self.game.event_by_id[t.split()[1]].temperature_drop for t in legal}
        golds = [b["gold"] for b in view["boards"]]
        mine = golds[self.seat]
        leading = mine >= max(g for s, g in enumerate(golds) if s != self.seat)
        sign = -1.0 if leading else 1.0  # leading: a large drop ends the game sooner
        if not self.cards:
            return min(drop, key=lambda t: sign * drop[t])

        def cost(text: str) -> float:
            harm = paydirt_cards.event_harm(self.game, view, self.seat, text.split()[1])
            return harm + 0.1 * sign * float(drop[text])

        return min(drop, key=cost)


class PayDirtHeuristicPart1(PayDirtHeuristic):
    """Part 1's heuristic: the same play without any card knowledge (for comparison)."""

    cards = False


