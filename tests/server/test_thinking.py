"""Bots think off the event loop: a bot that thinks for seconds at one table delays no other
table's moves, and a table's bot moves depend on its seed alone, whichever process thinks."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import motherlode
from motherlode.bots import base, bot_names, register_bot
from motherlode.bots.choice import Choice, choice_seed, choose
from motherlode.engine.decision import actions_of
from motherlode.server.catalogue import SeatSpec
from motherlode.server.lobby import open_lobby
from motherlode.server.protocol import Move
from motherlode.server.thinking import BotPool
from motherlode.testing.slow_bots import SLOW_BOTS

from .test_tables import frames

#: Seconds the other table's move may take, on a busy machine, while the slow bot thinks
#: for 2 s (on the event loop, each would wait for it).
ROUND_TRIP = 0.25


@pytest.fixture
def slow_bots(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The slow bots registered for this test only."""
    monkeypatch.setattr(base, "_BOTS", dict(base._BOTS))
    for name, target in SLOW_BOTS.items():
        register_bot(name, target)
    yield


def choices(seed: int) -> list[Choice]:
    game = motherlode.load("digitup", players=2)
    state = game.new_game(seed)
    out = []
    for version in range(6):
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        out.append(Choice("greedy", game.name, dict(game.options), seat,
                          choice_seed(seed, seat, version), state.view(seat), legal))
        state.apply(legal[0])
    return out


def test_a_choice_depends_on_its_seed_alone_in_any_process() -> None:
    asked = choices(11)
    here = [choose(choice) for choice in asked]
    assert here == [choose(choice) for choice in asked]
    pool = BotPool(1)
    try:
        there = [asyncio.run(pool.choose(choice)) for choice in asked]
    finally:
        pool.close()
    assert there == here
    assert len({choice_seed(11, seat, version) for seat in (0, 1) for version in range(50)}) == 100


def test_a_worker_that_dies_is_replaced_and_the_choice_made() -> None:
    asked = choices(12)
    pool = BotPool(1)
    try:
        first = asyncio.run(pool.choose(asked[0]))
        for process in list(pool.executor._processes.values()):  # killed, as by the OOM killer
            os.kill(process.pid, signal.SIGKILL)
            process.join(5)
        assert asyncio.run(pool.choose(asked[0])) == first
    finally:
        pool.close()


def test_a_slow_bot_at_one_table_delays_no_other_table(tmp_path: Path, slow_bots: None) -> None:
    assert "slow-2000" in bot_names("digitup")

    async def run() -> tuple[list[float], int]:
        lobby = open_lobby(f"sqlite:///{tmp_path / 'db.sqlite3'}", 0.0, bot_workers=1)
        await lobby.start()
        try:
            slow = await lobby.get((await lobby.create(
                "digitup", 2, {}, [SeatSpec("slow-2000"), SeatSpec("slow-2000")], 1)).id)
            people = await lobby.get((await lobby.create(  # 142 moves of first choices
                "paydirt", 2, {}, [SeatSpec(None), SeatSpec(None)], 2)).id)
            seats = [await people.join(0), await people.join(1)]
            trips = []
            until = time.monotonic() + 4.5  # the worker's start, then two choices and more
            while time.monotonic() < until and people.authority.state.current_player is not None:
                seat = people.authority.state.current_player
                state = people.authority.state
                move = Move(actions_of(state.decision())[0], people.authority.version,
                            f"m{people.authority.version}")
                frames(seats[seat])
                start = time.perf_counter()
                await people.move(seats[seat], move)
                trips.append(time.perf_counter() - start)
                assert [frame["type"] for frame in frames(seats[seat])] == ["ack"]
                await asyncio.sleep(0.03)
            return trips, slow.authority.version
        finally:
            await lobby.close()

    trips, slow_moves = asyncio.run(run())
    assert slow_moves >= 1, "the slow bot moved while the other table played"
    assert len(trips) >= 50 and max(trips) < ROUND_TRIP, max(trips)
