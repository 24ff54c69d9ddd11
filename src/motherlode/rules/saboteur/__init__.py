"""Saboteur Gold: the maze, the cards and the rules of the dwarf mining game.

The front door: bots, faces, the simulator and the registry take the game's words from here,
never from its modules."""

from motherlode.engine.description import GameDescription

from .game import Saboteur

DESCRIPTION = GameDescription(
    game=Saboteur,
    phases=("choosing a move", "passing cards", "fixing", "stealing", "sharing out gold",
            "game over"),
    seat_holds="a hand of cards, a secret dwarf, tools (broken or whole) and gold",
    strongest_bot="heuristic",
)

__all__ = ["DESCRIPTION", "Saboteur"]
