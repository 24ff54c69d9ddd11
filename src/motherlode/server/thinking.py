"""Bots think off the event loop: each choice runs in a worker process (`BotPool`, sized by
`motherlode serve --bot-workers N`), so a bot that searches for seconds delays no other
table's frames; with no workers (`Inline`) it runs on the loop, as a test may want.

A seat's hint (`server.hints`) is thought there too, by the game's hint bot (a search level
in some games): a hint never slows another table either.

A choice (`motherlode.bots.choice.Choice`) is all a bot may know: its seat's view (none for a
`Blind` bot, which chooses from the legal actions alone) and the legal actions. The bot is
made for that one choice, seeded from the table's seed, its seat and the version
(`choice_seed`): its moves are the same for the same table whichever worker thinks, and after
a restart too. No bot state lives in a worker; the worker keeps only the games it has loaded.
A worker imports the bots and the games only (not the server), so it starts quickly.

The table (`tables.LiveTable`) asks here only for bots that read their view (a heuristic, a
search, the slow test bots); a `Blind` bot chooses at once on the loop.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from motherlode.bots import Blind, make_bot, registered
from motherlode.bots.choice import Choice, choose, explain, worker_start
from motherlode.engine import Game

log = logging.getLogger("motherlode.server")

T = TypeVar("T")

#: Worker processes by default: two, so one slow bot does not hold up every other table's
#: bots, on a machine of two cores shared with the event loop (the workers run at a lower
#: priority than the server: `bots.choice.WORKER_NICENESS`).
BOT_WORKERS = 2


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

    async def explain(self, choice: Choice) -> tuple[int, str]:
        """The bot's choice and why: a hint."""
        return explain(choice)

    def close(self) -> None:
        """Stop the workers (there are none)."""


class BotPool(Inline):
    """Bots think in `workers` processes. A worker knows the bots registered in this process
    when the pool was made (`register_bot`), and stops when this process is gone. A pool
    whose worker died (killed, out of memory) is made anew and the choice asked again."""

    def __init__(self, workers: int) -> None:
        super().__init__()
        self.workers = workers
        self.executor = self._pool()

    def _pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=worker_start,
            initargs=(os.getpid(), registered()),
        )

    async def choose(self, choice: Choice) -> int:
        return await self._run(choose, choice)

    async def explain(self, choice: Choice) -> tuple[int, str]:
        return await self._run(explain, choice)

    async def _run(self, work: Callable[[Choice], T], choice: Choice) -> T:
        """`work(choice)` in a worker; a pool whose worker died is made anew and asked again."""
        loop = asyncio.get_running_loop()
        executor = self.executor
        try:
            return await loop.run_in_executor(executor, work, choice)
        except BrokenProcessPool:
            if self.executor is executor:
                log.warning("a bot worker died: the bots' processes are started again")
                executor.shutdown(wait=False, cancel_futures=True)
                self.executor = self._pool()
            return await loop.run_in_executor(self.executor, work, choice)

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)


def thinker(workers: int | None = None) -> Inline:
    """Where bots think: `workers` processes (None: BOT_WORKERS), or the event loop for 0."""
    workers = BOT_WORKERS if workers is None else workers
    return BotPool(workers) if workers > 0 else Inline()
