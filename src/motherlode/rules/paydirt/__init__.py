"""Pay Dirt: rules and component data for the gold-mining game of auctions, ore and winter.

The front door: bots, faces, the simulator and the registry take the game's words from here,
never from its modules."""

from motherlode.engine.description import GameDescription

from .game import PayDirt
from .phase import Phase

DESCRIPTION = GameDescription(
    game=PayDirt,
    phases=tuple(p.name.lower().replace("_", " ") for p in Phase),
    seat_holds="claims with face-down ore, machines, workers, specialists, upgrades, "
               "event cards, cash and gold",
    strongest_bot="heuristic",
)

__all__ = ["DESCRIPTION", "PayDirt"]
