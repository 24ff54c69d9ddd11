"""Bots think off the event loop: each choice runs in a worker process (`BotPool`, sized by
`motherlode serve --bot-workers N`), so a bot that searches for seconds delays no other
table's frames; with no workers (`Inline`) it runs on the loop, as a test may want.

A choice is all a bot may know: its seat's view (none for a `Blind` bot, which chooses from
the legal actions alone) and the legal actions. The bot is made for that one choice, seeded
from the table's seed, its seat and the version (`choice_seed`): its moves are the same for
the same table whichever worker thinks, and after a restart too. No bot state lives in a
worker; the worker keeps only the games it has loaded.
"""

from __future__ import annotations

import asyncio
import hashlib
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import orjson

import motherlode
from motherlode.bots import Blind, make_bot, register_bot, registered
from motherlode.engine import Action, Game, View
from motherlode.engine.game import MAX_SEED

#: Worker processes by default: two, so one slow bot does not hold up every other table's
#: bots, on a machine of two cores shared with the event loop.
BOT_WORKERS = 2

#: Seconds between two looks of a worker for its server (it stops when the server is gone,
#: even killed).
ORPHAN_CHECK = 1.0


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


_games: dict[tuple[str, bytes], Game] = {}
"""The games this process has loaded for bots, by name and options."""


def _game(name: str, options: dict[str, Any]) -> Game:
    key = (name, orjson.dumps(options, option=orjson.OPT_SORT_KEYS))
    game = _games.get(key)
    if game is None:
        game = _games[key] = motherlode.load(name, **options)
    return game


def choose(choice: Choice) -> int:
    """The bot's choice, as its index in `choice.legal` (run in a worker, or on the loop)."""
    game = _game(choice.game, choice.options)
    bot = make_bot(choice.bot, game, choice.seat, choice.seed)
    if choice.view is None and isinstance(bot, Blind):
        action = bot.choose_blind(choice.legal)
    else:
        assert choice.view is not None, "a bot that is not blind is given its view"
        action = bot.choose(choice.view, choice.legal)
    return choice.legal.index(action)


class Inline:
    """Bots think on the event loop (no workers)."""

    def __init__(self) -> None:
        self._blind: dict[tuple[str, str], bool] = {}

    def blind(self, bot: str, game: Game) -> bool:
        """Whether `bot` chooses from the legal actions alone (then no view is built)."""
        key = (bot, game.name)
        known = self._blind.get(key)
        if known is None:
            known = self._blind[key] = isinstance(make_bot(bot, game, 0, 0), Blind)
        return known

    async def choose(self, choice: Choice) -> int:
        return choose(choice)

    def close(self) -> None:
        """Stop the workers (there are none)."""


class BotPool(Inline):
    """Bots think in `workers` processes. A worker knows the bots registered in this process
    when the pool was made (`register_bot`), and stops when this process is gone."""

    def __init__(self, workers: int) -> None:
        super().__init__()
        self.executor = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_worker_start,
            initargs=(os.getpid(), registered()),
        )

    async def choose(self, choice: Choice) -> int:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, choose, choice)

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)


def thinker(workers: int | None = None) -> Inline:
    """Where bots think: `workers` processes (None: BOT_WORKERS), or the event loop for 0."""
    workers = BOT_WORKERS if workers is None else workers
    return BotPool(workers) if workers > 0 else Inline()


def _worker_start(server: int, registrations: list[tuple[str, str, list[str] | None]]) -> None:
    """A worker's start: the server's bots registered, Ctrl-C left to the server (which
    shuts the pool down), and a watch that ends the worker if the server dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name, target, games in registrations:
        register_bot(name, target, games)
    threading.Thread(target=_watch, args=(server,), daemon=True).start()


def _watch(server: int) -> None:
    while os.getppid() == server:
        time.sleep(ORPHAN_CHECK)
    os._exit(0)
