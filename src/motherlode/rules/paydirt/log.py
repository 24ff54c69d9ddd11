"""What happened at the Pay Dirt table: one event class per kind of log entry.

Every event is public: the table sees each pick, bid, purchase, move, card and cost as it
happens. What stays secret never reaches the log: an ore tile's value until it is washed or
revealed in Cleanup (`Completed`, `CleanedUp`), a draft pick until it is resolved (`Kept` names
no card; `EventResolved` does when the card acts), the work placements until all are revealed
(`PlacementsRevealed`, one per seat, when the last seat is done). So `seen_by` is the engine's
default (every seat sees the event as it is) for every kind.

The state's log keeps each event packed, `(EventClass, seat, field, ...)` in field order
(engine/events.py); the rules modules append those tuples with names they take from
`PayDirt.names` (an id's printed name), so that `text()` needs nothing but the event.
Money is in dollars ($1,000), gold in nuggets, temperatures in °C.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from motherlode.engine.events import Event, count, money

from .components import EQUIPMENT_TYPES


def machine(name: str) -> str:
    """`wash_plant` -> `wash plant`."""
    return name.replace("_", " ")


def claim_name(claim: str) -> str:
    """A claim's printed name from its id: `claim-4` -> `claim 4`, `layered-2` -> `layered
    claim 2`, `starting-1` -> `starting claim 1` (other ids: dashes as spaces)."""
    head, _, number = claim.rpartition("-")
    if head in ("layered", "starting") and number.isdigit():
        return f"{head} claim {number}"
    return claim.replace("-", " ").replace("_", " ")


#: A card's question (`Choice.step`) in words: `Bulldozer asks which ore first: ...`.
QUESTIONS = {
    "first": "which ore first", "second": "which ore second", "claim": "which claim",
    "ore": "which ore", "machine": "which machine", "seat": "which seat",
    "specialist": "which specialist", "take": "which to take", "to": "onto which claim",
    "pay": "whether to pay", "discard": "which specialist to discard",
    "pay or discard": "pay or discard", "swap": "whether to swap", "buy": "what to buy",
    "move": "which ore to move", "load": "which ore to load", "repair": "what to repair",
}


def question(step: str) -> str:
    """A card's question step in words (`first` -> `which ore first`)."""
    return QUESTIONS.get(step, step)


def answer_label(option: str, names: Mapping[str, str],
                 ore: Mapping[str, str] | None = None) -> str:
    """A card's answer in words (`choices.py` vocabulary): `ore claim-4 2` -> `poor ore 2 of
    claim 4` (its type from `ore`, option -> type, where given), `space loader 1` -> `the rich
    ore on space 1 of the loader`, `tile betsy-pretty` -> `Betsy Pretty`, `machine
    wash_plant` -> `the wash plant`."""
    kind = (ore or {}).get(option, "")
    head, _, rest = option.partition(" ")
    words = rest.split()
    if head in ("tile", "specialist", "upgrade", "claim") and words:
        return names.get(words[0], words[0])
    if head == "seat" and words:
        return f"seat {words[0]}"
    if head == "machine" and words:
        return f"the {machine(words[0])}"
    if head == "ore" and len(words) == 2:
        return f"{kind + ' ' if kind else ''}ore {words[1]} of {claim_name(words[0])}"
    if head == "space" and len(words) == 2:
        where = f"space {words[1]} of the {machine(words[0])}"
        return f"the {kind} ore on {where}" if kind else where
    if option == "pay":
        return "pay for every ore tile left"
    return option


def _seat(seat: int) -> str:
    return f"seat {seat}"


def _degrees(temperature: int) -> str:
    return f"{temperature:+d} °C"


def _listed(items: tuple[str, ...]) -> str:
    return ", ".join(items) if items else "nothing"


# --- the shared table -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OreReshuffled(Event):
    """A type's ore stack ran out: its discards are shuffled into a new stack (SU-2)."""

    ore: str
    kind: ClassVar[str] = "ore-reshuffled"

    def text(self) -> str:
        return f"the {self.ore} ore discards are shuffled into a new stack"


# --- 1) Auction --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Picked(Event):
    item: str
    name: str
    kind: ClassVar[str] = "picked"

    def text(self) -> str:
        return f"puts {self.name} up for auction"


@dataclass(frozen=True, slots=True)
class Declined(Event):
    kind: ClassVar[str] = "declined"

    def text(self) -> str:
        return "declines to start an auction"


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    amount: int  # dollars
    kind: ClassVar[str] = "bid"

    def text(self) -> str:
        return f"bids {money(self.amount)}"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A bidder passes; `why`: the seat could not bid, and passed without a decision (D5)."""

    why: str = ""
    kind: ClassVar[str] = "passed"

    def text(self) -> str:
        return f"passes: {self.why}" if self.why else "passes"


@dataclass(frozen=True, slots=True)
class Bought(Event):
    """The high bidder wins the tile (`price`: the high bid; a discount is its own event)."""

    item: str
    name: str
    price: int
    kind: ClassVar[str] = "bought"

    def text(self) -> str:
        return f"wins {self.name} for {money(self.price)}"


@dataclass(frozen=True, slots=True)
class Discounted(Event):
    specialist: str
    name: str
    bid: int
    paid: int
    kind: ClassVar[str] = "discounted"

    def text(self) -> str:
        return f"{self.name}'s discount: pays {money(self.paid)} for the {money(self.bid)} bid"


# --- using purchases ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ClaimDiscarded(Event):
    claim: str
    name: str
    kind: ClassVar[str] = "claim-discarded"

    def text(self) -> str:
        return f"discards {self.name} and its ore to make room for a new claim"


@dataclass(frozen=True, slots=True)
class Installed(Event):
    item: str
    name: str
    kind: ClassVar[str] = "installed"

    def text(self) -> str:
        return f"installs {self.name}"


@dataclass(frozen=True, slots=True)
class Scrapped(Event):
    item: str
    name: str
    machine: str
    kind: ClassVar[str] = "scrapped"

    def text(self) -> str:
        return f"scraps {self.name} for parts: wear comes off the {machine(self.machine)}"


# --- a card's question (choices.py) ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Asked(Event):
    card: str
    name: str
    step: str
    options: tuple[str, ...]  # the answers allowed, as `choose <option>` takes them
    labels: tuple[str, ...]  # the same in words (`answer_label`)
    kind: ClassVar[str] = "asked"

    def text(self) -> str:
        labels = list(self.labels)
        answers = labels[0] if len(labels) == 1 else \
            f"{', '.join(labels[:-1])} or {labels[-1]}"
        return f"{self.name} asks {question(self.step)}: {answers}"


@dataclass(frozen=True, slots=True)
class Chose(Event):
    card: str
    name: str
    step: str
    option: str
    label: str
    kind: ClassVar[str] = "chose"

    def text(self) -> str:
        return f"answers {self.name} ({question(self.step)}): {self.label}"


# --- 2) Work -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DonePlacing(Event):
    kind: ClassVar[str] = "done-placing"

    def text(self) -> str:
        return "is done placing workers"


@dataclass(frozen=True, slots=True)
class PlacementsRevealed(Event):
    """A seat's placements, shown when every seat is done (D22): slot names and counts."""

    slots: tuple[str, ...]
    workers: tuple[int, ...]
    kind: ClassVar[str] = "placed"

    def text(self) -> str:
        if not self.slots:
            return "placed no workers"
        shown = ", ".join(
            f"{machine(s)} x{n}" for s, n in zip(self.slots, self.workers, strict=True)
        )
        return f"placed workers: {shown}"


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "turn-ended"

    def text(self) -> str:
        return "ends carrying out"


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    kind: ClassVar[str] = "skipped"

    def text(self) -> str:
        return "sends back a worker that can do nothing"


@dataclass(frozen=True, slots=True)
class Loaded(Event):
    claim: str
    ore: str
    kind: ClassVar[str] = "loaded"

    def text(self) -> str:
        return f"loads a {self.ore} ore from {claim_name(self.claim)} onto the excavator"


@dataclass(frozen=True, slots=True)
class Moved(Event):
    machine: str
    space: int
    kind: ClassVar[str] = "moved"

    def text(self) -> str:
        return f"moves an ore onto space {self.space} of the {machine(self.machine)}"


@dataclass(frozen=True, slots=True)
class Completed(Event):
    """An ore leaves the wash plant's last space: its value is shown, `gold` is paid (WK-15):
    the value less `bad_load` (Bad Load held, never below 0) plus `shake` (Shake Table)."""

    ore: str
    value: int
    gold: int
    bad_load: int = 0
    shake: int = 0
    kind: ClassVar[str] = "completed"

    def text(self) -> str:
        why = [f"Bad Load -{self.bad_load}"] if self.bad_load else []
        why += [f"Shake Table +{self.shake}"] if self.shake else []
        causes = f" ({', '.join(why)})" if why else ""
        return (f"washes a {self.ore} ore worth {self.value}: "
                f"+{count(self.gold, 'nugget')}{causes}")


@dataclass(frozen=True, slots=True)
class FlimcoGone(Event):
    equipment: str
    name: str
    kind: ClassVar[str] = "flimco-gone"

    def text(self) -> str:
        return f"the FlimCo {self.name} is worn out and leaves; the board's own machine is back"


@dataclass(frozen=True, slots=True)
class Repaired(Event):
    """A repair worker took `off` wear off the target (up to 2: as much as it had)."""

    target: str
    off: int
    kind: ClassVar[str] = "repaired"

    def text(self) -> str:
        return f"repairs the {machine(self.target)}: {self.off} wear off"


@dataclass(frozen=True, slots=True)
class Sold(Event):
    nuggets: int
    cash: int
    kind: ClassVar[str] = "sold"

    def text(self) -> str:
        return f"sells {count(self.nuggets, 'nugget')} for {money(self.cash)}"


@dataclass(frozen=True, slots=True)
class UpgradeBought(Event):
    upgrade: str
    name: str
    price: int
    kind: ClassVar[str] = "upgrade-bought"

    def text(self) -> str:
        return f"buys {self.name} for {money(self.price)}"


@dataclass(frozen=True, slots=True)
class UpgradeUsed(Event):
    upgrade_kind: str
    upgrade: str
    name: str
    kind: ClassVar[str] = "upgrade-used"

    def text(self) -> str:
        return f"uses {self.name} ({self.upgrade_kind} upgrade, +1 wear)"


# --- specialists -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SellBonus(Event):
    specialist: str
    name: str
    cash: int
    kind: ClassVar[str] = "sell-bonus"

    def text(self) -> str:
        return f"{self.name}: {money(self.cash, sign=True)} for the sale"


@dataclass(frozen=True, slots=True)
class TookLeftover(Event):
    item: str
    name: str
    price: int
    kind: ClassVar[str] = "took-leftover"

    def text(self) -> str:
        return f"Morgan Grift: takes {self.name} for its minimum, {money(self.price)}"


@dataclass(frozen=True, slots=True)
class Oiled(Event):
    machine: str
    wear: int  # wear taken off
    kind: ClassVar[str] = "oiled"

    def text(self) -> str:
        return f"Rick Axelgrease: {self.wear} wear off the {machine(self.machine)}"


@dataclass(frozen=True, slots=True)
class WagesPaid(Event):
    specialist: str
    name: str
    cash: int
    kind: ClassVar[str] = "wages-paid"

    def text(self) -> str:
        return f"pays {money(self.cash)} to {self.name}"


@dataclass(frozen=True, slots=True)
class SpecialistUnpaid(Event):
    specialist: str
    name: str
    workers: int  # workers left in play
    kind: ClassVar[str] = "specialist-unpaid"

    def text(self) -> str:
        return (f"cannot pay {self.name}: the card leaves with its workers "
                f"({count(self.workers, 'worker')} left)")


# --- upgrades ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class VaultEmptied(Event):
    nuggets: int
    kind: ClassVar[str] = "vault-emptied"

    def text(self) -> str:
        return f"the Company Vault leaves: its {count(self.nuggets, 'nugget')} may be sold again"


@dataclass(frozen=True, slots=True)
class Vaulted(Event):
    nuggets: int
    kind: ClassVar[str] = "vaulted"

    def text(self) -> str:
        return f"stores {count(self.nuggets, 'nugget')} in the Company Vault"


@dataclass(frozen=True, slots=True)
class WrenchThrown(Event):
    """Misplaced Wrench: `wear` added to the target's machine: the card's `amount`, less what
    would take the machine past its service life (`life`)."""

    target: int
    machine: str
    wear: int
    amount: int = 0
    life: int = 0
    kind: ClassVar[str] = "wrench"

    def text(self) -> str:
        text = (f"Misplaced Wrench: +{self.wear} wear on the {machine(self.machine)} of "
                f"{_seat(self.target)}")
        if self.amount > self.wear:
            text += (f" (the card gives +{self.amount}; wear stops at the machine's service "
                     f"life, {self.life})")
        return text


@dataclass(frozen=True, slots=True)
class Sluiced(Event):
    machine: str
    space: int
    ore: str  # the type it becomes
    changed: bool  # False: no tile of that type was left
    kind: ClassVar[str] = "sluice-box"

    def text(self) -> str:
        if not self.changed:
            return f"Sluice Box: no {self.ore} ore is left to draw, nothing changes"
        return (f"Sluice Box: the ore on space {self.space} of the {machine(self.machine)} "
                f"becomes a {self.ore} one")


@dataclass(frozen=True, slots=True)
class Bulldozed(Event):
    claims: tuple[str, ...]  # where the two traded tiles were
    traded: str
    claim: str  # where the new tile goes
    ore: str
    changed: bool
    kind: ClassVar[str] = "bulldozer"

    def text(self) -> str:
        if not self.changed:
            return f"Bulldozer: no {self.ore} ore is left to draw, nothing changes"
        return (f"Bulldozer: trades 2 {self.traded} ore for a {self.ore} one on "
                f"{claim_name(self.claim)}")


@dataclass(frozen=True, slots=True)
class Earthmoved(Event):
    claim: str
    swapped: tuple[int, ...]
    kind: ClassVar[str] = "earthmover"

    def text(self) -> str:
        first, second = self.swapped
        return f"Earthmover: swaps ore {first} and {second} on {claim_name(self.claim)}"


@dataclass(frozen=True, slots=True)
class BorderMoved(Event):
    target: int
    source: str  # the victim's claim
    index: int
    to: str
    kind: ClassVar[str] = "fake-border-marker"

    def text(self) -> str:
        return (f"Fake Border Marker: ore {self.index} of {claim_name(self.source)} "
                f"({_seat(self.target)}) moves onto {claim_name(self.to)}")


@dataclass(frozen=True, slots=True)
class Pumped(Event):
    claim: str
    ore: tuple[str, ...]  # the claim's ore types after
    kind: ClassVar[str] = "industrial-pump"

    def text(self) -> str:
        return f"Industrial Pump: {claim_name(self.claim)} now holds {_listed(self.ore)} ore"


@dataclass(frozen=True, slots=True)
class Detected(Event):
    gold: int
    kind: ClassVar[str] = "metal-detector"

    def text(self) -> str:
        return f"Metal Detector: +{count(self.gold, 'nugget')}"


@dataclass(frozen=True, slots=True)
class Drilled(Event):
    """Test Drill turned an ore face up: its place, its type and the value now public."""

    claim: str
    index: int
    ore: str
    value: int
    kind: ClassVar[str] = "test-drill"

    def text(self) -> str:
        return (f"Test Drill: turns the {self.ore} ore {self.index} of "
                f"{claim_name(self.claim)} face up: worth {self.value}")


# --- 3) Events ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class EventsDrawn(Event):
    cards: int
    kind: ClassVar[str] = "events-drawn"

    def text(self) -> str:
        return f"draws {count(self.cards, 'event card')} for the draft"


@dataclass(frozen=True, slots=True)
class EventsReshuffled(Event):
    cards: int
    kind: ClassVar[str] = "events-reshuffled"

    def text(self) -> str:
        return f"the event discards are shuffled into a new deck of {count(self.cards, 'card')}"


@dataclass(frozen=True, slots=True)
class EventEnded(Event):
    event: str
    name: str
    kind: ClassVar[str] = "event-ended"

    def text(self) -> str:
        return f"{self.name} ends"


@dataclass(frozen=True, slots=True)
class Kept(Event):
    """A draft pick: which card stays secret until it is resolved."""

    forced: bool  # the last card, taken without a decision (D27)
    kind: ClassVar[str] = "kept"

    def text(self) -> str:
        return "takes the last card" if self.forced else "keeps a card and passes the rest on"


@dataclass(frozen=True, slots=True)
class EventRevealed(Event):
    """Remy Roulette's holder shows the card kept before choosing to swap it."""

    event: str
    name: str
    kind: ClassVar[str] = "event-revealed"

    def text(self) -> str:
        return f"reveals {self.name} (Remy Roulette may swap it)"


@dataclass(frozen=True, slots=True)
class EventSwapped(Event):
    given_up: str
    given_up_name: str
    event: str
    name: str
    kind: ClassVar[str] = "event-swapped"

    def text(self) -> str:
        return (f"Remy Roulette: swaps {self.given_up_name} for the deck's top card, "
                f"{self.name}")


@dataclass(frozen=True, slots=True)
class EventResolved(Event):
    event: str
    name: str
    long_term: bool
    immune: bool
    kind: ClassVar[str] = "event-resolved"

    def text(self) -> str:
        if self.immune:
            return f"{self.name} is revealed: immune, it does nothing"
        if self.long_term:
            return f"{self.name} is revealed: long-term, held until the next Events phase"
        return f"{self.name} is revealed"


@dataclass(frozen=True, slots=True)
class Cooled(Event):
    event: str
    name: str
    drop: int
    temperature: int
    kind: ClassVar[str] = "cooled"

    def text(self) -> str:
        return (f"{self.name} lowers the temperature by {self.drop} °C to "
                f"{_degrees(self.temperature)}")


# --- the event cards' effects ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class NoEffect(Event):
    event: str
    name: str
    kind: ClassVar[str] = "no-effect"

    def text(self) -> str:
        return f"{self.name}: nothing to do, no effect"


@dataclass(frozen=True, slots=True)
class OreChanged(Event):
    event: str
    name: str
    claim: str
    owner: int
    ore: str  # the type it was
    new: str  # the type it becomes
    changed: bool  # False: no tile of the new type was left
    kind: ClassVar[str] = "ore-changed"

    def text(self) -> str:
        where = f"{claim_name(self.claim)} ({_seat(self.owner)})"
        if not self.changed:
            return f"{self.name}: no {self.new} ore is left to draw, the {self.ore} ore on " \
                f"{where} stays"
        return f"{self.name}: a {self.ore} ore on {where} becomes a {self.new} one"


@dataclass(frozen=True, slots=True)
class WearAdded(Event):
    event: str
    name: str
    machine: str
    wear: int
    kind: ClassVar[str] = "wear-added"

    def text(self) -> str:
        """The wear added; none only when the machine is fully worn already (wear never
        goes past the service life: `event_cards._add_wear`)."""
        text = f"{self.name}: +{self.wear} wear on the {machine(self.machine)}"
        return text if self.wear else f"{text} (fully worn already: no more wear fits)"


@dataclass(frozen=True, slots=True)
class UpgradeWorn(Event):
    event: str
    name: str
    upgrade: str
    upgrade_name: str
    kind: ClassVar[str] = "upgrade-worn"

    def text(self) -> str:
        return f"{self.name}: +1 wear on {self.upgrade_name}"


@dataclass(frozen=True, slots=True)
class MachineRusted(Event):
    machine: str
    kind: ClassVar[str] = "machine-rusted"

    def text(self) -> str:
        return f"Rusted Axel: no ore enters or moves along the {machine(self.machine)}"


@dataclass(frozen=True, slots=True)
class ClaimOreDiscarded(Event):
    event: str
    name: str
    claim: str
    ore: str
    kind: ClassVar[str] = "claim-ore-discarded"

    def text(self) -> str:
        return f"{self.name}: a {self.ore} ore is discarded from {claim_name(self.claim)}"


@dataclass(frozen=True, slots=True)
class MachineOreDiscarded(Event):
    """An ore on a machine discarded unseen (Surveying Error): which machine, which space."""

    event: str
    name: str
    machine: str
    space: int
    ore: str
    kind: ClassVar[str] = "machine-ore-discarded"

    def text(self) -> str:
        return (f"{self.name}: a {self.ore} ore is discarded from space {self.space} of the "
                f"{machine(self.machine)}")


@dataclass(frozen=True, slots=True)
class GoldLost(Event):
    event: str
    name: str
    nuggets: int
    vault: bool  # a Company Vault spared every nugget
    kind: ClassVar[str] = "gold-lost"

    def text(self) -> str:
        if self.vault:
            return f"{self.name}: the Company Vault keeps every nugget safe"
        return f"{self.name}: loses {count(self.nuggets, 'nugget')}"


@dataclass(frozen=True, slots=True)
class Fined(Event):
    event: str
    name: str
    owed: int
    paid: int
    kind: ClassVar[str] = "fined"

    def text(self) -> str:
        if self.owed == self.paid:
            return f"{self.name}: pays {money(self.paid)}"
        return f"{self.name}: owes {money(self.owed)}, pays {money(self.paid)}"


@dataclass(frozen=True, slots=True)
class ClaimFlooded(Event):
    claim: str
    kind: ClassVar[str] = "claim-flooded"

    def text(self) -> str:
        return f"Flash Flood: nothing may be loaded from {claim_name(self.claim)}"


@dataclass(frozen=True, slots=True)
class SpecialistLent(Event):
    specialist: str
    name: str
    to: int
    kind: ClassVar[str] = "specialist-lent"

    def text(self) -> str:
        return f"Disloyal Employee: {self.name} also works for {_seat(self.to)}"


@dataclass(frozen=True, slots=True)
class FeudPaid(Event):
    specialist: str
    name: str
    paid: int
    kind: ClassVar[str] = "feud-paid"

    def text(self) -> str:
        return f"Employee Feud: pays {money(self.paid)} to keep {self.name}"


@dataclass(frozen=True, slots=True)
class SpecialistDiscarded(Event):
    specialist: str
    name: str
    kind: ClassVar[str] = "specialist-discarded"

    def text(self) -> str:
        return f"Employee Feud: {self.name} leaves the game with its workers"


@dataclass(frozen=True, slots=True)
class SpecialistSick(Event):
    specialist: str
    name: str
    kind: ClassVar[str] = "specialist-sick"

    def text(self) -> str:
        return f"Flu Outbreak: {self.name} is out sick, workers and ability"


@dataclass(frozen=True, slots=True)
class PaidTo(Event):
    event: str
    name: str
    to: int
    paid: int
    kind: ClassVar[str] = "paid-to"

    def text(self) -> str:
        return f"{self.name}: pays {money(self.paid)} to {_seat(self.to)}"


@dataclass(frozen=True, slots=True)
class TileWaits(Event):
    tile: str
    name: str
    kind: ClassVar[str] = "tile-waits"

    def text(self) -> str:
        return f"Bad Roads: {self.name} waits until the card ends"


@dataclass(frozen=True, slots=True)
class TileArrived(Event):
    tile: str
    name: str
    kind: ClassVar[str] = "tile-arrived"

    def text(self) -> str:
        return f"Bad Roads is over: {self.name} arrives"


@dataclass(frozen=True, slots=True)
class ArrivedWorn(Event):
    wear: int
    kind: ClassVar[str] = "arrived-worn"

    def text(self) -> str:
        return f"Bought a Lemon: it arrives fully worn ({self.wear} wear)"


@dataclass(frozen=True, slots=True)
class WorkerUsedUp(Event):
    """An event card keeps a worker busy: Busted Controls, Snap Freeze, Safety Training."""

    event: str
    name: str
    place: str  # a machine or a claim
    workers: int
    kind: ClassVar[str] = "worker-used-up"

    def text(self) -> str:
        on_machine = self.place in EQUIPMENT_TYPES
        where = f"the {machine(self.place)}" if on_machine else claim_name(self.place)
        return f"{self.name}: {count(self.workers, 'worker')} used up at {where}"


@dataclass(frozen=True, slots=True)
class DieselPaid(Event):
    machine: str
    paid: int
    kind: ClassVar[str] = "diesel-paid"

    def text(self) -> str:
        return f"Diesel Shortage: pays {money(self.paid)} to run the {machine(self.machine)}"


@dataclass(frozen=True, slots=True)
class GoldFeverPaid(Event):
    workers: int
    cost: int
    paid: int
    kind: ClassVar[str] = "gold-fever"

    def text(self) -> str:
        off = count(self.workers, "worker")
        text = f"Gold Fever: {off} off the machines cost {money(self.cost)}"
        return text if self.paid == self.cost else f"{text}, pays {money(self.paid)}"


# --- the last round ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CleanedUp(Event):
    """Cleanup: the rightmost ore on a board is revealed and paid (D34, D35)."""

    ore: str
    value: int
    spaces_to_go: int
    gold: int
    kind: ClassVar[str] = "cleaned-up"

    def text(self) -> str:
        """The payout with its cause: its worth less the spaces to go (D34), never below 0,
        and nothing past a fully worn machine it must still enter (the only other way to
        pay less)."""
        head = (f"Cleanup: the last ore, a {self.ore} worth {self.value}, "
                f"{count(self.spaces_to_go, 'space')} from the end")
        if self.value <= self.spaces_to_go:
            return f"{head}: +0 nuggets (no worth left after the spaces to go)"
        if self.gold != self.value - self.spaces_to_go:
            return f"{head}: +{count(self.gold, 'nugget')} (a machine it must still enter is " \
                "fully worn)"
        return f"{head}: {self.value} - {self.spaces_to_go} = +{count(self.gold, 'nugget')}"


EVENTS: tuple[type[Event], ...] = (
    OreReshuffled, Picked, Declined, BidMade, Passed, Bought, Discounted, ClaimDiscarded,
    Installed, Scrapped, Asked, Chose, DonePlacing, PlacementsRevealed, TurnEnded, Skipped,
    Loaded, Moved, Completed, FlimcoGone, Repaired, Sold, UpgradeBought, UpgradeUsed, SellBonus,
    TookLeftover, Oiled, WagesPaid, SpecialistUnpaid, VaultEmptied, Vaulted, WrenchThrown,
    Sluiced, Bulldozed, Earthmoved, BorderMoved, Pumped, Detected, Drilled, EventsDrawn,
    EventsReshuffled, EventEnded, Kept, EventRevealed, EventSwapped, EventResolved, Cooled,
    NoEffect, OreChanged, WearAdded, UpgradeWorn, MachineRusted, ClaimOreDiscarded,
    MachineOreDiscarded, GoldLost, Fined, ClaimFlooded, SpecialistLent, FeudPaid,
    SpecialistDiscarded, SpecialistSick, PaidTo, TileWaits, TileArrived, ArrivedWorn,
    WorkerUsedUp, DieselPaid, GoldFeverPaid, CleanedUp,
)
BY_KIND: dict[str, type[Event]] = {cls.kind: cls for cls in EVENTS}
