"""What a game says about itself at its front door (`rules/<game>/__init__.py`'s
`DESCRIPTION`): the registry, the bots, the faces, the simulator and the lobby read it there
instead of keeping their own copies. The name, title, summary and player counts stay on the
game's class (`Game.name`, `title`, `summary`, `min_players`, `max_players`); the description
adds what only people and bots need."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .game import Game, View

#: The game as set up and its final spectator view -> each seat's parts: what it held at
#: some time in the game, as "kind:name" (`specialist:julian-cash`, `mission:gold-digger`,
#: `role:saboteur` ...).
PartsReader = Callable[[Game, View], list[list[str]]]
#: The game as set up and its final spectator view -> what parts earned:
#: `(seat, "kind:name", payoff)`, one per time a seat held a part that pays by itself (a role
#: in a round: the gold it won; a mission: its bonus), in the game's own units.
PayoffsReader = Callable[[Game, View], list[tuple[int, str, float]]]


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
    """The name of the strongest hand-written bot (`motherlode.bots`): the default opponent,
    the search's policy and the baseline a search level is measured against."""
    data: str | None = None
    """The package of the component data files (TOML), for a tool that changes one number."""
    parts: PartsReader | None = None
    """What each seat held, read from the final spectator view (the balance report's parts)."""
    payoffs: PayoffsReader | None = None
    """What parts that pay by themselves earned, from the final spectator view."""
    hint_bot: str | None = None
    """The bot `hint` asks, where one is measured stronger than `strongest_bot` (a search
    level, docs/bots/); None: `strongest_bot`."""

    @property
    def name(self) -> str:
        return self.game.name
