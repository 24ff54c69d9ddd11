"""Restoring a table by replay: the stored moves through the checked apply, the digests
compared; a table that does not check out says which move."""

from __future__ import annotations

import dataclasses
import datetime

import pytest

import motherlode
from motherlode.bots import make_bot
from motherlode.server.authority import ReplayError, replay
from motherlode.server.store import MoveRow, SeatRow, TableRow


def played(moves: int) -> TableRow:
    game = motherlode.load("paydirt", players=3)
    state = game.new_game(5)
    bot = make_bot("random", game, 0, 1)
    rows = []
    for version in range(1, moves + 1):
        seat = state.current_player
        assert seat is not None
        state.apply(bot.choose(state.view(seat), state.legal_actions()))
        rows.append(MoveRow(version, seat, str(state.history[-1]), None, state.digest()))
    return TableRow("t", "paydirt", dict(game.options), 5, True, "open", moves, None,
                    datetime.datetime.now(datetime.UTC),
                    tuple(SeatRow(seat, "random", None) for seat in range(3)), tuple(rows))


def test_a_stored_game_replays_to_its_digest() -> None:
    row = played(40)
    state = replay(motherlode.load("paydirt", **row.options), row)
    assert len(state.history) == 40 and state.digest() == row.moves[-1].digest


def test_a_changed_digest_names_the_first_move_that_differs() -> None:
    row = played(40)
    moves = list(row.moves)
    moves[16] = dataclasses.replace(moves[16], digest="0" * 64)
    with pytest.raises(ReplayError, match="move 17's digest differs"):
        replay(motherlode.load("paydirt", **row.options),
               dataclasses.replace(row, moves=tuple(moves)))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"version": 9}, "move 9 is out of order"),
        ({"seat": 7}, "is by seat 7, not the one to move"),
        ({"action": "fly"}, "is refused"),
    ],
)
def test_a_move_that_does_not_fit_is_refused(change: dict[str, object], message: str) -> None:
    row = played(10)
    moves = list(row.moves)
    moves[4] = dataclasses.replace(moves[4], **change)  # type: ignore[arg-type]
    with pytest.raises(ReplayError, match=message):
        replay(motherlode.load("paydirt", **row.options),
               dataclasses.replace(row, moves=tuple(moves)))


def test_a_version_that_is_not_the_number_of_moves_is_refused() -> None:
    row = dataclasses.replace(played(5), version=6)
    with pytest.raises(ReplayError, match="says version 6 but holds 5 moves"):
        replay(motherlode.load("paydirt", **row.options), row)
