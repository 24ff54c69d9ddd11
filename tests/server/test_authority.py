"""A table's authority alone: no socket, no database, no event loop. Moves are checked,
applied, committed or taken back; moves of another process are checked as on a restore; only
committed versions are told."""

from __future__ import annotations

import pytest

import motherlode
from motherlode.server.authority import Acked, Authority, token_hash
from motherlode.server.protocol import Move, ProtocolError
from motherlode.server.store import OPEN, MoveRow, SeatRow, TableRow, now

TOKENS = ("token-of-seat-0", "token-of-seat-1")


def authority(bots: dict[int, str] | None = None, seed: int = 3) -> Authority:
    game = motherlode.load("digitup", players=2)
    bots = bots or {}
    seats = tuple(
        SeatRow(seat, bots[seat], None) if seat in bots else
        SeatRow(seat, None, token_hash(TOKENS[seat]))
        for seat in range(2)
    )
    row = TableRow("t", "digitup", dict(game.options), seed, False, OPEN, 0, None, now(), seats,
                   ())
    return Authority(row, game, game.new_game(seed))


def first(table: Authority, move_id: str | None = "m1") -> Move:
    return Move(str(table.state.legal_actions()[0]), table.version, move_id)


def refusal(table: Authority, seat: int | None, move: Move) -> str:
    before, version = table.state.digest(), table.version
    with pytest.raises(ProtocolError) as refused:
        table.apply(seat, move)
    assert (table.state.digest(), table.version) == (before, version)  # nothing changed
    return refused.value.code


def test_a_token_opens_its_seat_only() -> None:
    table = authority()
    assert table.seat_of(TOKENS[1]) == 1 and table.seat_of(None) is None
    with pytest.raises(ProtocolError, match="seat/bad-token"):
        table.seat_of("a guess")


def test_refused_moves_change_nothing() -> None:
    table = authority()
    assert table.state.current_player == 0
    assert refusal(table, None, first(table)) == "seat/not-yours"  # a spectator
    assert refusal(table, 1, first(table)) == "seat/not-yours"
    assert refusal(table, 0, Move(first(table).action, 5, "m1")) == "move/stale"
    assert refusal(table, 0, Move("dig 99", 0, "m1")) == "move/illegal"
    assert table.acks == {} and table.committed[0] == 0


def test_a_move_is_committed_only_once_stored() -> None:
    table = authority()
    row = table.apply(0, first(table))
    assert isinstance(row, MoveRow) and (row.version, row.seat, row.move_id) == (1, 0, "m1")
    assert row.digest == table.state.digest() and table.version == 1
    assert table.committed[0] == 0 and table.info([0, 0], 0)["version"] == 0  # not told yet
    acked = table.stored(row)
    assert acked == Acked("m1", 1, row.action)
    assert table.committed == (1, table.state.current_player, False)
    assert table.info([0, 0], 0)["version"] == 1
    again = table.apply(0, Move(row.action, 0, "m1"))  # the same id: its ack, nothing applied
    assert again == acked and table.version == 1


def test_a_move_the_store_did_not_take_is_taken_back() -> None:
    table = authority()
    before = table.state.digest()
    row = table.apply(0, first(table))
    assert isinstance(row, MoveRow)
    table.take_back()
    assert table.state.digest() == before and table.version == 0 and table.acks == {}
    assert isinstance(table.apply(0, first(table)), MoveRow)  # the same id: not applied before


def test_another_process_moves_are_checked_as_on_a_restore() -> None:
    here, there = authority(), authority()
    rows = []
    for number in range(3):
        seat = here.state.current_player
        assert seat is not None
        row = here.apply(seat, first(here, f"m{number}"))
        assert isinstance(row, MoveRow)
        here.stored(row)
        rows.append(row)
    assert there.apply_stored(rows) and there.state.digest() == here.state.digest()
    assert there.committed == here.committed and there.acks == here.acks
    assert not there.apply_stored([])

    late = authority()
    forged = MoveRow(2, rows[1].seat, rows[1].action, None, "0" * 64)
    assert late.apply_stored([rows[0], forged])
    assert late.version == 1 and late.broken is not None and late.status == "broken"
    assert late.info([0, 0], 0)["current_player"] is None
    assert refusal(late, rows[1].seat, Move(rows[1].action, 1, "m9")) == "table/broken"


def test_a_bot_seat_is_to_move_and_its_choice_is_a_row() -> None:
    table = authority(bots={0: "random"})
    assert table.bot_to_move() == 0
    row = table.apply_bot(0, table.state.legal_actions()[0])
    assert row.move_id is None and row.version == 1
    table.stored(row)
    assert table.bot_to_move() is None  # a person's turn
    table.break_for("the bot failed")
    assert table.status == "broken"


def test_the_public_facts_hold_no_seed_and_no_token() -> None:
    table = authority(bots={1: "greedy"}, seed=987654321)
    info = table.info([2, 0], 3)
    text = repr(info)
    assert "987654321" not in text and all(token not in text for token in TOKENS)
    assert info["seats"] == [{"seat": 0, "kind": "human", "connected": 2},
                             {"seat": 1, "kind": "bot", "bot": "greedy"}]
    assert info["spectators"] == 3 and info["status"] == "open"
