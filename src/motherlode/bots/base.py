"""Bots: they see a seat's view and the legal actions, never the state."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from motherlode.engine import Action, Game, OptionError, State, View, description


class Bot(Protocol):
    """A player that chooses among the legal actions from what its seat may see."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action: ...


@runtime_checkable
class Explains(Protocol):
    """A bot that can say what it would do and why, for the terminal's `hint`."""

    def explain(self, view: View, legal: Sequence[Action]) -> tuple[Action, str]:
        """The action it would take and why, in one line of plain words from its view."""
        ...


def reasoned(bot: Bot, view: View, legal: Sequence[Action]) -> tuple[Action, str]:
    """What `bot` would do and why (the `hint`): its `explain`, or its bare choice for a bot
    that gives no reasons."""
    if isinstance(bot, Explains):
        return bot.explain(view, legal)
    return bot.choose(view, legal), "its choice (this bot gives no reasons)"


@runtime_checkable
class Blind(Protocol):
    """A bot that chooses from the legal actions alone: whoever seats it (the server) need
    not build its view. `choose_blind(legal)` is the same choice as `choose(view, legal)`."""

    def choose_blind(self, legal: Sequence[Action]) -> Action: ...


def bot_view(state: State, seat: int, bot: Bot) -> View:
    """What `bot` in `seat` chooses from: the seat's view, or, for a bot that reads neither
    the view's log nor its decision and says so (a `lean_view = True` attribute), the same
    view without them (`State.lean_view`: they are the costly parts of a view); for one that
    reads the log but not the decision (`lean_view = "log"`), the view without its decision."""
    lean = getattr(bot, "lean_view", False)
    if lean is True:
        return state.lean_view(seat)
    if lean == "log":
        return state.lean_view(seat, log=True)
    return state.view(seat)


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded RNG."""

    lean_view = True  # reads nothing of its view (`bot_view`)

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.choose_blind(legal)

    def choose_blind(self, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


BotFactory = Callable[[Game, int, int], Bot]

# bot name -> game (None: every game) -> "module:Class", imported on first use, like the game
# registry. One name may serve several games with a class each ("heuristic").
_BOTS: dict[str, dict[str | None, str]] = {
    "random": {None: "motherlode.bots.base:RandomBot"},
    "greedy": {"digitup": "motherlode.bots.digitup_greedy:GreedyDigger"},
    "heuristic": {
        "paydirt": "motherlode.bots.paydirt_heuristic:PayDirtHeuristic",
        "payday": "motherlode.bots.payday_heuristic:PayDayHeuristic",
        "saboteur": "motherlode.bots.saboteur_heuristic:SaboteurHeuristic",
    },
    "heuristic-part1": {"paydirt": "motherlode.bots.paydirt_heuristic:PayDirtHeuristicPart1"},
    # Levels of the determinized search (bots/search.py), for the games it can play.
    "search-easy": {
        "digitup": "motherlode.bots.search_digitup_levels:DigItUpEasySearch",
        "paydirt": "motherlode.bots.search:EasySearch",
        "payday": "motherlode.bots.search_payday_levels:PayDayEasySearch",
        "saboteur": "motherlode.bots.search_saboteur_levels:SaboteurEasySearch",
    },
    "search-medium": {
        "digitup": "motherlode.bots.search_digitup_levels:DigItUpMediumSearch",
        "paydirt": "motherlode.bots.search:MediumSearch",
        "payday": "motherlode.bots.search_payday_levels:PayDayMediumSearch",
        "saboteur": "motherlode.bots.search_saboteur_levels:SaboteurMediumSearch",
    },
    "search-hard": {
        "digitup": "motherlode.bots.search_digitup_levels:DigItUpHardSearch",
        "paydirt": "motherlode.bots.search:HardSearch",
        "payday": "motherlode.bots.search_payday_levels:PayDayHardSearch",
        "saboteur": "motherlode.bots.search_saboteur_levels:SaboteurHardSearch",
    },
}


def strongest_bot(game: str) -> str:
    """The name of the strongest bot that plays `game`, from its front door's `DESCRIPTION`
    (random for a game registered without one): the terminal's default opponent, the
    lobby's, and the search's policy and baseline; `hint_bot` may name a stronger one."""
    described = description(game)
    return "random" if described is None else described.strongest_bot


def hint_bot(game: str) -> str:
    """The name of the bot the `hint` asks (the terminal's and the web table's): the game's
    `hint_bot` where one is measured stronger than its strongest hand-written bot, else that
    bot (`strongest_bot`)."""
    described = description(game)
    if described is None or described.hint_bot is None:
        return strongest_bot(game)
    return described.hint_bot


def register_bot(name: str, target: str, games: Sequence[str] | None = None) -> None:
    """Make the bot "package.module:Class" available under `name`, for `games` (None: every
    game); used by plug-ins and tests."""
    entry = _BOTS.setdefault(name, {})
    for game in (None,) if games is None else games:
        entry[game] = target


def registered() -> list[tuple[str, str, list[str] | None]]:
    """Every registration as `register_bot`'s arguments (name, target, games): another
    process (the server's bot workers) repeats them to know the same bots."""
    return [
        (name, target, None if game is None else [game])
        for name, entry in _BOTS.items()
        for game, target in entry.items()
    ]


def _target(name: str, game: str) -> str | None:
    entry = _BOTS.get(name, {})
    return entry.get(game, entry.get(None))


def bot_names(game: str | None = None) -> list[str]:
    """The bots that can play `game` (every bot when None), sorted."""
    return sorted(n for n in _BOTS if game is None or _target(n, game) is not None)


def make_bot(name: str, game: Game, seat: int, seed: int) -> Bot:
    """A bot for `seat`; OptionError naming the choices if `name` cannot play this game."""
    target = _target(name, game.name)
    if target is None:
        allowed = ", ".join(bot_names(game.name))
        raise OptionError(f"bot {name!r} cannot play {game.name}; bots are: {allowed}")
    module_name, _, class_name = target.partition(":")
    factory: BotFactory = getattr(importlib.import_module(module_name), class_name)
    return factory(game, seat, seed)
