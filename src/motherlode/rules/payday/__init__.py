"""Pay Day: the month, the mail, the bargains and the rules of the modern edition.

The front door: bots, faces, the simulator and the registry take the game's words from here,
never from its modules."""

from motherlode.engine.description import GameDescription

from .game import PayDay
from .phase import Phase

DESCRIPTION = GameDescription(
    game=PayDay,
    phases=tuple(p.name.lower().replace("_", " ") for p in Phase),
    seat_holds="cash, loans, bargains, markups, insurance, bills, Event cards and a token on "
               "the month",
    strongest_bot="heuristic",
)

__all__ = ["DESCRIPTION", "PayDay"]
