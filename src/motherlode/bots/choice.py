"""One bot choice, made in any process: what the bot may know (`Choice`), and the choice itself
(`choose`, and `explain` for a hint). The server's bot workers run them
(`motherlode.server.thinking`); this module
imports no more than the bots and the games, so a worker starts in a fraction of a second.

The bot is made for that one choice, seeded from the table's seed, its seat and the version
(`choice_seed`): its moves are the same for the same table whichever process thinks, and after
a restart too.
"""

from __future__ import annotations

import hashlib
import os
import signal
import threading
import time
from dataclasses import dataclass
from typing import Any, cast

import motherlode
from motherlode.engine import Action, Game, View
from motherlode.engine.game import MAX_SEED

from .base import Blind, make_bot, reasoned, register_bot

#: Seconds between two looks of a worker for its parent (it stops when the parent is gone,
#: even killed).
ORPHAN_CHECK = 1.0

#: How much lower a worker's scheduling priority is than its parent's (`os.nice`): where
#: workers and the server share cores (two cores, or a server pinned to one), a bot thinking
#: takes what the server's event loop leaves, never the other way round.
WORKER_NICENESS = 10


def choice_seed(table_seed: int, seat: int, version: int) -> int:
    """The seed of the bot in `seat` for its choice at `version` of the table seeded
    `table_seed`: fixed, and apart per seat and per move."""
    digest = hashlib.sha256(f"motherlode-bot:{table_seed}:{seat}:{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision of a bot: which bot, at which game, and what its seat may know."""

    bot: str
    game: str
    options: dict[str, Any]
    seat: int
    seed: int
    view: View | None
    """The seat's view; None for a blind bot."""
    legal: list[Action]


_games: dict[tuple[str, tuple[tuple[str, Any], ...]], Game] = {}
"""The games this process has loaded for bots, by name and options."""


def _game(name: str, options: dict[str, Any]) -> Game:
    key = (name, tuple(sorted(options.items())))
    game = _games.get(key)
    if game is None:
        game = _games[key] = motherlode.load(name, **options)
    return game


def choose(choice: Choice) -> int:
    """The bot's choice, as its index in `choice.legal`; a choice without a view is asked of
    a `Blind` bot only."""
    game = _game(choice.game, choice.options)
    bot = make_bot(choice.bot, game, choice.seat, choice.seed)
    if choice.view is None:  # asked so of a `Blind` bot only (isinstance costs 20 µs here)
        action = cast(Blind, bot).choose_blind(choice.legal)
    else:
        action = bot.choose(choice.view, choice.legal)
    return choice.legal.index(action)


def explain(choice: Choice) -> tuple[int, str]:
    """The bot's choice, as its index in `choice.legal`, and why (a bot that gives no
    reasons: its choice alone): a `hint`, thought in a worker like any choice."""
    game = _game(choice.game, choice.options)
    bot = make_bot(choice.bot, game, choice.seat, choice.seed)
    if choice.view is None:
        raise ValueError("a hint is thought from the seat's view")
    action, why = reasoned(bot, choice.view, choice.legal)
    return choice.legal.index(action), why


def worker_start(parent: int, registrations: list[tuple[str, str, list[str] | None]]) -> None:
    """A worker process's start: a lower priority than the parent's, the parent's bots
    registered (`registered`), Ctrl-C left to the parent (which stops its workers), and a
    watch that ends the worker if the parent dies."""
    os.nice(WORKER_NICENESS)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name, target, games in registrations:
        register_bot(name, target, games)
    threading.Thread(target=_watch, args=(parent,), daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK)
    os._exit(0)
