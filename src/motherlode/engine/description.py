"""What a game says about itself at its front door (`rules/<game>/__init__.py`'s
`DESCRIPTION`): the registry, the bots, the faces, the simulator and the lobby read it there
instead of keeping their own copies. The name, title, summary and player counts stay on the
game's class (`Game.name`, `title`, `summary`, `min_players`, `max_players`); the description
adds what only people and bots need."""

from __future__ import annotations

from dataclasses import dataclass

from .game import Game


@dataclass(frozen=True)
class GameDescription:
    """One game, described once."""

    game: type[Game]
    """The game's class: `motherlode.load(game.name)` makes one."""
    phases: tuple[str, ...]
    """Each phase's name for people, by the phase's number (`Phase(n)` is `phases[n]`)."""
    seat_holds: str
    """What a seat holds, in words (its hand, the board in front of it, ...)."""
    strongest_bot: str
    """The name of the strongest bot (`motherlode.bots`), the one `hint` asks."""

    @property
    def name(self) -> str:
        return self.game.name
