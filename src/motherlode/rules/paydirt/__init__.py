"""Pay Dirt: rules and component data for the gold-mining game of auctions, ore and winter.

The front door: bots, faces, the simulator and the registry take the game's words from here,
never from its modules (a test fails if anything outside `rules/` imports a submodule):

- the game (`PayDirt`) and its `DESCRIPTION` (phases for people, what a seat holds, the
  strongest bot);
- the actions of each phase (auction, purchase decision, work, events draft, a card's question);
- the view's types and `is_paydirt_view`;
- the words of the board with their labels for people: the ore types (`ORE_TYPES`), the
  machines of the work chain (`MACHINES`, `MACHINE_LABELS`), the auction's tile types
  (`AUCTION_KINDS`), the phases (`PHASES`, `PHASE_LABELS`);
- what a seat held in a game, for the balance report (`DESCRIPTION.parts`, `parts.py`).
"""

from motherlode.engine.description import GameDescription

from .auction import KINDS as AUCTION_KINDS
from .auction import Bid, Decline, Pass, Pick
from .board import EMPTY, SLOTS, Board, HeldClaim, Machine
from .carry import Load, Move
from .choices import RESUME_AFTER_AUCTION, RESUME_AFTER_WORK, RESUME_EVENTS, RESUME_WORK, Choose
from .components import EQUIPMENT_LABELS as MACHINE_LABELS
from .components import EQUIPMENT_TYPES as MACHINES
from .components import ORE_TYPES, UPGRADE_KINDS
from .events import KeepEvent
from .game import PayDirt
from .parts import seat_parts
from .phase import PHASE_LABELS, PHASES, Phase
from .purchases import Discard, Install, Scrap
from .records import Auction, Choice, Draft, Work
from .schema import (
    AuctionView,
    BoardView,
    ChoiceView,
    DraftView,
    MachineView,
    PayDirtView,
    WorkView,
    is_paydirt_view,
)
from .state import PayDirtState
from .truth import packed_event
from .work import Buy, Done, End, Place, Repair, Sell, Skip, Use

DESCRIPTION = GameDescription(
    game=PayDirt,
    phases=tuple(PHASE_LABELS[word] for word in PHASES),
    seat_holds="claims with face-down ore, machines, workers, specialists, upgrades, "
               "event cards, cash and gold",
    strongest_bot="heuristic",
    hint_bot="search-medium",  # measured stronger: docs/bots/search_paydirt.md
    data="motherlode.rules.paydirt.data",
    parts=seat_parts,
)

__all__ = [
    "AUCTION_KINDS",
    "DESCRIPTION",
    "EMPTY",
    "MACHINES",
    "MACHINE_LABELS",
    "ORE_TYPES",
    "PHASES",
    "PHASE_LABELS",
    "RESUME_AFTER_AUCTION",
    "RESUME_AFTER_WORK",
    "RESUME_EVENTS",
    "RESUME_WORK",
    "SLOTS",
    "UPGRADE_KINDS",
    "Auction",
    "AuctionView",
    "Bid",
    "Board",
    "BoardView",
    "Buy",
    "Choice",
    "ChoiceView",
    "Choose",
    "Decline",
    "Discard",
    "Done",
    "Draft",
    "DraftView",
    "End",
    "HeldClaim",
    "Install",
    "KeepEvent",
    "Load",
    "Machine",
    "MachineView",
    "Move",
    "Pass",
    "PayDirt",
    "PayDirtState",
    "PayDirtView",
    "Phase",
    "Pick",
    "Place",
    "Repair",
    "Scrap",
    "Sell",
    "Skip",
    "Use",
    "Work",
    "WorkView",
    "is_paydirt_view",
    "packed_event",
]
