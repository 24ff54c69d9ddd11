"""Pay Dirt (Tasty Minstrel Games; the seeds' print-and-play edition), 2-4 players.

Rules: shared/seeds/000 (English) and 001 (Chinese, with per-card notes); the project's
choices and both readings of every conflict: docs/games/paydirt.md.
"""

from __future__ import annotations

from functools import cache, cached_property
from typing import Any

from motherlode.engine import (
    JSON,
    Action,
    ActionSpace,
    ActionSyntaxError,
    Game,
    Option,
    SpaceActions,
    View,
)

from . import auction, card_text, choices, events, observe, purchases, truth, work
from .auction import BID_CAP
from .choices import MAX_STAGES
from .components import ORE_TYPES, Components, load_components
from .log import claim_name
from .notation import Aliases
from .observe import MAX_CLAIM_ORE, MAX_ROUNDS
from .schema import is_paydirt_view
from .state import PayDirtState

SUMMARY = """\
Mine the most gold before winter. Each round: Auction (pick a face-up equipment, specialist or
claim and bid in $1,000 steps; the type just sold is blocked for the next pick), Work (place
workers secretly on your excavator, loader and wash plant, on repairs or in town; then carry
out: each worker moves one ore one space along claim -> excavator -> loader -> wash plant,
ore entering a machine adds wear, ore reaching the wash plant's end becomes gold; in town sell
2 nuggets at $3,000 or buy an upgrade), Events (least gold drafts first; the first player's card
lowers the temperature), Income ($2,000). At 0 °C the next round is the last, ending with a
Cleanup of the rightmost ore. Most gold wins, then most money."""


@cache
def _components(data: str) -> Components:
    return load_components(data or None)


def _choice(name: str, default: str, other: str, help_text: str) -> Option:
    return Option(name, str, default, help_text, choices=(default, other))


class PayDirt(SpaceActions, Game):
    """The game with its options fixed: the components and the readings of the seeds."""

    name = "paydirt"
    title = "Pay Dirt"
    min_players = 2
    max_players = 4
    default_players = 4
    summary = SUMMARY
    extra_options = (
        _choice("scrap_parts", "any_equipment", "same_life",
                "scrapping bought equipment removes wear from any one machine (seed 001) or "
                "all wear of one with the same service life (seed 000)"),
        _choice("event_ties", "furthest_first", "nearest_first",
                "events draft ties in gold: furthest clockwise from the first player first "
                "(seed 000) or nearest (seed 001)"),
        _choice("upgrade_limit", "one_per_kind", "one_total",
                "upgrades held: one camp and one claim (seed 000) or one in all"),
        _choice("flimco_removal", "immediate", "end_of_work",
                "a fully worn FlimCo leaves at once (seed 000) or when Work ends (seed 001)"),
        _choice("event_resolution", "after_draft", "on_pick",
                "events resolve when every seat has chosen (seed 001) or at each pick"),
        _choice("temperature_card", "first_player", "most_gold",
                "whose event card lowers the temperature: the first player's (both rules "
                "sections) or the most gold's (seed 001 introduction)"),
        _choice("immunity", "from_purchase", "cancels_held",
                 "an immunity specialist protects from the Events phase of the round it is "
                 "bought (seed 001 card notes) or also cancels cards already held (seed 000)"),
        Option("data", str, "",
               "folder with corrected component TOML files (empty: built in)"),
    )

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.components = _components(str(self.options["data"]))
        parts = self.components
        self.equipment_by_id = {e.id: e for e in parts.equipment}
        self.claim_by_id = {c.id: c for c in (*parts.claims, *parts.starting_claims)}
        self.specialist_by_id = {s.id: s for s in parts.specialists}
        self.upgrade_by_id = {u.id: u for u in parts.upgrades}
        self.event_by_id = {e.id: e for e in parts.events}
        every: list[Action] = [
            *auction.actions(parts),
            *purchases.actions(parts),
            *work.actions(parts),
            *events.actions(parts),
            *choices.actions(parts),
        ]
        self.space = ActionSpace("paydirt", "Pay Dirt", every, "'help' lists the actions")
        self.names = _names(parts)
        """Every tile and card id with its printed name (`Betsy Pretty`, `claim 4`)."""
        self._glossary = _glossary(parts)

    def parse_action(self, text: str) -> Action:
        """`str(action)`, or the action as the screen writes it (`wash plant`, a printed name,
        a bid in dollars: notation.py)."""
        try:
            return self.space.parse(text)
        except ActionSyntaxError:
            action = self._aliases.read(text)
            if action is None:
                raise
            return action

    @cached_property
    def _aliases(self) -> Aliases:
        return Aliases(self.space.actions, self.names)

    def option(self, name: str) -> str:
        return str(self.options[name])

    def _new_game(self, seed: int) -> PayDirtState:
        return PayDirtState(self, seed)

    def blank_state(self) -> PayDirtState:
        """A state with no position yet (for `truth.restore`)."""
        return PayDirtState.blank(self)

    def _restore(self, data: JSON) -> PayDirtState:
        return truth.restore(self, data)

    @property
    def glossary(self) -> dict[str, str]:
        """Every tile and card id with what is printed on it."""
        return self._glossary

    @property
    def max_game_length(self) -> int:
        return max_game_length(self)

    @property
    def observation_size(self) -> int:
        return observe.observation_size(self)

    def observe(self, view: View) -> list[float]:
        if not is_paydirt_view(view):
            raise ValueError(f"paydirt: cannot observe a {view['game']} view")
        return observe.observe(self, view)


def _names(parts: Components) -> dict[str, str]:
    """Each id's printed name: specialists, upgrades and events by their names, equipment by
    type and number (`wash plant 3`), claims by kind and number (`layered claim 2`)."""
    names: dict[str, str] = {}
    for e in (*parts.starting_equipment, *parts.equipment):
        names[e.id] = e.id.replace("-", " ").replace("_", " ")
    for c in (*parts.starting_claims, *parts.claims):
        names[c.id] = claim_name(c.id)
    for sp in parts.specialists:
        names[sp.id] = sp.name
    for u in parts.upgrades:
        names[u.id] = u.name
    for ev in parts.events:
        names[ev.id] = ev.name
    return names


def _glossary(parts: Components) -> dict[str, str]:
    """Every tile and card id with what is printed on it; under its printed name too where
    that is not the id written with spaces (`layered claim 2`, `Fool's Gold`); and the words
    of the board: the machines, the ore types, the town and repair places."""
    entries = {**_terms(parts), **_cards(parts)}
    names = _names(parts)
    for item, text in list(entries.items()):
        name = names.get(item, item)
        if _spaced(name) != _spaced(item):
            entries[name] = text
    return entries


def _spaced(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").replace("_", " ").split())


def _terms(parts: Components) -> dict[str, str]:
    """The board's words (the view's slot and ore type names)."""
    rules = parts.rules
    entries = {
        "excavator": "the first machine of the work chain: its worker loads an ore from a "
                     "claim onto its first space, or moves an ore one space along",
        "loader": "the second machine: its worker pulls the ore on the excavator's last space "
                  "onto its first, or moves an ore one space along",
        "wash_plant": "the last machine: its worker pulls the ore on the loader's last space "
                      "onto its first, or moves an ore one space along; an ore reaching its "
                      "last space is revealed and pays its value in nuggets",
        "sell": f"a town worker sells 1 to {rules.nuggets_per_sale} nuggets at "
                f"${rules.nugget_price:,} each",
        "buy": "a town worker buys one face-up upgrade at its price (usable this round)",
        "repair": f"a repair worker takes up to {rules.repair_per_worker} wear off the machine "
                  "or upgrade at its wrench",
    }
    for kind in ORE_TYPES:
        values = sorted({o.value for o in parts.ore if o.type == kind})
        worth = f"{values[0]}-{values[-1]}" if values else "?"
        entries[kind] = (f"{kind} ore tile: worth {worth} nuggets, its value hidden from "
                         "everyone until it is washed")
    return entries


def _cards(parts: Components) -> dict[str, str]:
    """Every tile and card id with what is printed on it."""
    entries: dict[str, str] = {}
    for e in (*parts.starting_equipment, *parts.equipment):
        kind = e.type.replace("_", " ")
        if e in parts.starting_equipment:
            kind = f"the board's own {kind} (no equipment tile on it)"
        flimco = ", FlimCo: not repairable once fully worn" if e.flimco else ""
        price = f", minimum ${e.price:,}" if e.price else ""
        entries[e.id] = f"{kind}: {e.stages} stage(s), service life {e.service_life}" + (
            price + flimco)
    for c in (*parts.starting_claims, *parts.claims):
        order = "layered, taken in this order" if c.layered else "regular"
        price = f", minimum ${c.price:,}" if c.price else ""
        entries[c.id] = f"claim ({order}): {', '.join(c.ore)}{price}"
    for sp in parts.specialists:
        does = card_text.effect(card_text.SPECIALISTS[sp.ability], sp.amount)
        entries[sp.id] = (f"specialist {sp.name}: minimum ${sp.price:,}, +{sp.workers} "
                          f"worker(s); {does}")
    for u in parts.upgrades:
        does = card_text.effect(card_text.UPGRADES.get(u.id, "as printed"), u.amount)
        entries[u.id] = (f"{u.kind} upgrade {u.name}: ${u.price:,}, service life "
                         f"{u.service_life}; {does}")
    for ev in parts.events:
        kind = "long-term" if ev.long_term else "instant"
        does = card_text.effect(card_text.EVENTS.get(ev.id, "as printed"), ev.amount)
        entries[ev.id] = (f"event {ev.name}: {ev.category}, {kind}, temperature "
                          f"-{ev.temperature_drop} °C; {does}")
    return entries


def max_game_length(game: PayDirt) -> int:
    """A safe bound on the actions of one game: at most 16 rounds (D29) of, generously,
    - Auction: up to P sales, each after at most P declines, a pick, at most BID_CAP bids (each
      raises $1,000), P passes and the buyer's purchase decision; then P declines more;
    - Work: each seat places up to 10 workers and says done, then carries out up to 10 workers,
      2 upgrades and ends: 2 x (10 + 3) per seat, doubled for specialists' temporary workers;
    - Events: a pick per seat, Remy Roulette's swap and the card's questions (Surveying Error
      asks once per ore tile discarded: at most 3 claims x MAX_CLAIM_ORE and an ore on each
      space of the 3 machines, then `pay`).
    """
    p = game.max_players
    auction = p * (p + 1 + BID_CAP + p + 1) + p
    work = p * 2 * 2 * (10 + 3)
    events = p * (3 + 3 * MAX_CLAIM_ORE + 3 * MAX_STAGES)
    return MAX_ROUNDS * (auction + work + events) + 100
