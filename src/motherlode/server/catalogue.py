"""The catalogue: the games a table may be, their options and bots, and one shared `Game` per
settings (a game holds only its rules and components, so the tables that play it share one;
making one costs milliseconds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

import motherlode
from motherlode.bots import bot_names, make_bot, strongest_bot
from motherlode.engine import Game, OptionError, game_class

from .protocol import ProtocolError

#: Games (rules and components) kept for their settings.
KEEP_GAMES = 64

#: Options that name a place on the server's disk: never set over the network.
SERVER_ONLY_OPTIONS = frozenset({"data"})


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat of a table being made: a bot's name, or None for a human seat (`free`: for
    anyone in the lobby to take, no link made), with its player's `name`."""

    bot: str | None
    free: bool = False
    name: str | None = None


class Catalogue:
    """What tables may be made, and the shared games they are played with."""

    def __init__(self) -> None:
        self._games: dict[tuple[str, bytes], Game] = {}
        """Games by name and options."""

    def load(self, name: str, options: dict[str, Any]) -> Game:
        """The game `name` with `options` (OptionError if refused), one per settings."""
        key = (name, orjson.dumps(options, option=orjson.OPT_SORT_KEYS))
        game = self._games.get(key)
        if game is None:
            if len(self._games) >= KEEP_GAMES:
                self._games.clear()
            game = self._games[key] = motherlode.load(name, **options)
        return game

    def game(
        self, name: str, players: int | None, options: dict[str, Any], seats: list[SeatSpec] | None
    ) -> Game:
        """The game a new table asks for; table/bad-options with the reason if refused."""
        if name not in motherlode.games():
            raise ProtocolError("table/bad-options", f"no game is called {name!r}")
        refused = sorted(SERVER_ONLY_OPTIONS.intersection(options))
        if refused:
            raise ProtocolError(
                "table/bad-options", f"option {refused[0]} can be set only on the server"
            )
        if "players" in options:
            raise ProtocolError("table/bad-options", "give players beside the options")
        if players is None and seats is not None:
            players = len(seats)
        settings = dict(options) if players is None else {**options, "players": players}
        try:
            game = self.load(name, settings)
        except OptionError as err:
            raise ProtocolError("table/bad-options", str(err)) from None
        if seats is not None and len(seats) != game.num_players:
            raise ProtocolError(
                "table/bad-options",
                f"{len(seats)} seats given for {game.num_players} players",
            )
        return game

    @staticmethod
    def default_seats(game: Game) -> list[SeatSpec]:
        """A human in seat 0, the game's strongest bot in every other."""
        strongest = strongest_bot(game.name)
        return [SeatSpec(None), *(SeatSpec(strongest) for _ in range(game.num_players - 1))]

    @staticmethod
    def check_bots(game: Game, bots: dict[int, str]) -> None:
        """OptionError naming the choices if a seat's bot cannot play `game`."""
        for seat, bot in bots.items():
            make_bot(bot, game, seat, 0)

    @staticmethod
    def games() -> list[dict[str, Any]]:
        """What a lobby offers: each game, its player counts, the options a table may set
        (not those that name a place on the server) and the bots that play it."""
        offered = []
        for name in motherlode.games():
            cls = game_class(name)
            options = [
                {"name": spec.name, "kind": spec.kind.__name__, "default": spec.default,
                 "choices": None if spec.choices is None else list(spec.choices),
                 "minimum": spec.minimum, "maximum": spec.maximum, "help": spec.help}
                for spec in cls.option_specs()
                if spec.name not in SERVER_ONLY_OPTIONS and spec.name != "players"
            ]
            offered.append({
                "game": name, "title": cls.title, "summary": " ".join(cls.summary.split()),
                "min_players": cls.min_players, "max_players": cls.max_players,
                "default_players": cls.default_players, "options": options,
                "bots": bot_names(name), "strongest_bot": strongest_bot(name),
            })
        return offered
