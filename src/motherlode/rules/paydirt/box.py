"""What is in a Pay Dirt box, as set for one table: the components (read from the data
folder), each looked up by its id, the names and texts printed on them, and the readings of
the seeds chosen in the options.

The rule modules reach the game only through this class (`state.game`); `game.py`'s `PayDirt`
adds what needs the rules themselves (the action space, new and restored states).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from motherlode.engine import Game, Option

from . import card_text
from .components import ORE_TYPES, Components, load_components
from .log import claim_name


@cache
def _components(data: str) -> Components:
    return load_components(data or None)


def _choice(name: str, default: str, other: str, help_text: str) -> Option:
    return Option(name, str, default, help_text, choices=(default, other))


class PayDirtBox(Game):
    """The components and the chosen readings of the seeds, fixed for a table."""

    name = "paydirt"
    title = "Pay Dirt"
    min_players = 2
    max_players = 4
    default_players = 4
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
        self.ore_type = tuple(o.type for o in parts.ore)
        """Each ore tile's type (what its back shows), by the tile's number."""
        self.names = _names(parts)
        """Every tile and card id with its printed name (`Betsy Pretty`, `claim 4`)."""
        self._glossary = _glossary(parts)

    def option(self, name: str) -> str:
        return str(self.options[name])

    @property
    def max_rounds(self) -> int:
        """The most rounds a game can last (D29): every event card lowers the temperature by at
        least 1 °C, so it reaches the end temperature after at most start - end rounds, and
        one last round follows (16 with the built-in data)."""
        rules = self.components.rules
        return rules.start_temperature - rules.end_temperature + 1

    @property
    def glossary(self) -> dict[str, str]:
        """Every tile and card id with what is printed on it."""
        return self._glossary


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
