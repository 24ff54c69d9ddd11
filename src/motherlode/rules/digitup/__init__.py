"""Dig It Up: rules, component data and views. Load it with `motherlode.load("digitup")`.

The front door: bots, faces, the simulator and the registry take the game's words from here,
never from its modules."""

from motherlode.engine.description import GameDescription

from .game import DigItUp

DESCRIPTION = GameDescription(
    game=DigItUp,
    phases=("choosing missions", "digging", "placing a token", "game over"),
    seat_holds="a hidden mission, chance cards, the tiles dug and money tokens",
    strongest_bot="greedy",
)

__all__ = ["DESCRIPTION", "DigItUp"]
