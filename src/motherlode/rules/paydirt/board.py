"""A player's board: money, gold, workers, claims, the three machines, specialists, upgrades.

Ore tiles are numbers into `Components.ore` (whose values no view shows before processing);
claims, specialists, upgrades and events are named by their data ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .components import EQUIPMENT_TYPES, UPGRADE_KINDS

EMPTY = -1  # a space without ore
STARTING = ""  # the machine printed on the board (no equipment tile on top)
EXCAVATOR, LOADER, WASH_PLANT = range(3)  # the work chain, in order

# Where a worker may be placed (WK-1), in board order: the three machines (work), the five
# wrenches (repair: three machines, two upgrade kinds), and town (sell, buy).
REPAIR_TARGETS = (*EQUIPMENT_TYPES, *UPGRADE_KINDS)
SLOTS = (
    *EQUIPMENT_TYPES,
    *(f"repair {target}" for target in REPAIR_TARGETS),
    "sell",
    "buy",
)
REPAIR_SLOT = len(EQUIPMENT_TYPES)  # index of "repair excavator"; the five repairs follow
SELL_SLOT = SLOTS.index("sell")
BUY_SLOT = SLOTS.index("buy")


@dataclass(slots=True)
class Machine:
    """One equipment on a board: which tile (STARTING for the board's own), wear, spaces."""

    equipment: str
    wear: int
    spaces: list[int]

    def copy(self) -> Machine:
        return Machine(self.equipment, self.wear, self.spaces.copy())


@dataclass(slots=True)
class HeldClaim:
    """A claim in front of a player and the ore still on it (a layered claim: next first)."""

    claim: str
    layered: bool
    ore: list[int]

    def copy(self) -> HeldClaim:
        return HeldClaim(self.claim, self.layered, self.ore.copy())


class Touched:
    """A count the rules bump after every action that may have changed the table (`touched`),
    so an observation may copy what it wrote from the same board at the same count
    (observe.py). Not a field of the position: not copied, saved, compared or shown."""

    __slots__ = ("changes",)

    def __init__(self) -> None:
        self.changes = 0


@dataclass(slots=True)
class Board(Touched):
    """Everything in one player's play area."""

    cash: int
    gold: int
    workers: int  # workers in play; the reserve is the rest (rules.max_workers)
    claims: list[HeldClaim]
    machines: list[Machine]  # excavator, loader, wash plant
    specialists: list[str] = field(default_factory=list)
    upgrades: dict[str, str] = field(default_factory=dict)  # kind -> upgrade id
    upgrade_wear: dict[str, int] = field(default_factory=dict)  # kind -> wear
    events: list[str] = field(default_factory=list)  # long-term events in force
    won: bool = False  # won an auction this round
    vault: int = 0  # nuggets of `gold` stored in a Company Vault (cannot be sold)
    sick: str = ""  # Flu Outbreak: this specialist's workers and ability are out
    borrowed: str = ""  # Disloyal Employee: an opponent's specialist also works here
    waiting: list[str] = field(default_factory=list)  # Bad Roads: tiles not yet on the board
    flags: dict[str, int] = field(default_factory=dict)  # once-a-round marks, cleared each round
    rusted: int = -1  # Rusted Axel: the machine (chain index) no ore enters or moves along
    flooded: str = ""  # Flash Flood: the claim no ore is loaded from

    def __post_init__(self) -> None:
        Touched.__init__(self)

    def copy(self) -> Board:
        return Board(
            self.cash,
            self.gold,
            self.workers,
            [c.copy() for c in self.claims],
            [m.copy() for m in self.machines],
            self.specialists.copy(),
            self.upgrades.copy(),
            self.upgrade_wear.copy(),
            self.events.copy(),
            self.won,
            self.vault,
            self.sick,
            self.borrowed,
            self.waiting.copy(),
            self.flags.copy(),
            self.rusted,
            self.flooded,
        )

    @property
    def loose_gold(self) -> int:
        """Nuggets that may be sold: those not in a Company Vault."""
        return self.gold - self.vault

    def ore_on_board(self) -> list[int]:
        """Every unprocessed ore tile: on claims, then on the machines."""
        on_claims = [o for c in self.claims for o in c.ore]
        return on_claims + [o for m in self.machines for o in m.spaces if o != EMPTY]


def touched(boards: Sequence[Touched]) -> None:
    """An action may have changed the table: each board's `changes` goes up."""
    for board in boards:
        board.changes += 1
