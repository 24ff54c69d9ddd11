"""What a game says about itself at its front door (`rules/<game>/__init__.py`'s
`DESCRIPTION`): the registry, the bots, the faces, the simulator and the lobby read it there
instead of keeping their own copies."""

from __future__ import annotations

from dataclasses import dataclass

from .game import Game


@dataclass(frozen=True)
class GameDescription:
    """One game, described once."""

    name: str
    """The registry's name (`motherlode.load(name)`), e.g. "paydirt"."""
    title: str
    """The box's name, e.g. "Pay Dirt"."""
    summary: str
    """One sentence on how it plays, for the lobby and `--help`."""
    players: tuple[int, int]
    """The fewest and the most players the rulebook allows."""
    phases: tuple[str, ...]
    """Each phase's name for people, by the phase's number (`Phase(n)` is `phases[n]`)."""
    seat_holds: str
    """What a seat holds, in words (the hand, the board in front of a player, ...)."""
    strongest_bot: str
    """The name of the strongest bot (`motherlode.bots.make`), the one `hint` asks."""
    game: type[Game]
    """The game's class."""
