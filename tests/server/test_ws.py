"""The WebSocket protocol against a live server: joining by token, moves, and every refusal
with its code; nothing changes on a refusal, and other tables go on."""

from __future__ import annotations

import time
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from motherlode.engine.decision import actions_of
from motherlode.server.protocol import MAX_FRAME

from .conftest import LiveServer, Socket, as_json, authoritative, bare_ack, stored_table


def human_table(server: LiveServer, game: str = "digitup", players: int = 3) -> dict[str, Any]:
    made: dict[str, Any] = server.post(
        "api/tables",
        {"game": game, "players": players, "seats": [{"human": True}] * players, "seed": 7},
    )
    return made


def token(made: dict[str, Any], seat: int) -> str:
    found: str = made["seats"][seat]["token"]
    return found


def seated(
    server: LiveServer, made: dict[str, Any], seat: int | None
) -> tuple[Socket, dict[str, Any]]:
    socket = server.ws(made["id"])
    welcome = socket.hello(None if seat is None else token(made, seat))
    assert welcome["type"] == "welcome", welcome
    return socket, welcome


def first_action(view: dict[str, Any]) -> str:
    return actions_of(view["decision"])[0]


def expect(socket: Socket, kind: str, code: str | None = None) -> dict[str, Any]:
    frame = socket.receive()
    assert frame["type"] == kind, frame
    if code is not None:
        assert frame["code"] == code, frame
    return frame


def closed_with(socket: Socket) -> int | None:
    """The close code the server sent, once the connection is closed."""
    with pytest.raises(ConnectionClosed) as closed:
        socket.receive()
    return None if closed.value.rcvd is None else closed.value.rcvd.code


def quiet(socket: Socket) -> bool:
    """Whether nothing more arrives for a moment."""
    try:
        socket.receive(timeout=0.2)
    except TimeoutError:
        return True
    return False


def test_a_seat_joins_by_token_and_gets_its_view(shared_server: LiveServer) -> None:
    made = human_table(shared_server)
    states = authoritative(shared_server, made["id"])
    for seat in (0, 1, None):
        socket, welcome = seated(shared_server, made, seat)
        assert welcome["protocol"] == 2 and welcome["version"] == 0
        assert welcome["seat"] == seat and welcome["table"] == made["id"]
        assert welcome["view"] == as_json(states[0].view(seat))
        socket.close()


def test_a_move_is_acknowledged_with_what_it_changed(shared_server: LiveServer) -> None:
    made = human_table(shared_server)
    mover, welcome = seated(shared_server, made, 0)
    watcher, watched = seated(shared_server, made, None)
    mover.send({"type": "move", "action": first_action(welcome["view"]), "version": 0,
                "move_id": "a"})
    ack = expect(mover, "ack")
    assert ack["version"] == 1 and ack["move_id"] == "a"
    update = expect(watcher, "update")
    states = authoritative(shared_server, made["id"])
    for frame, seat, before in ((ack, 0, welcome["view"]), (update, None, watched["view"])):
        assert frame["version"] == 1 and "log" not in frame["view"] and "gone" not in frame
        expected = as_json(states[1].view(seat))
        changed = {k: v for k, v in expected.items() if k != "log" and before[k] != v}
        assert frame["view"] == changed  # only what the move changed: never the game's name
        assert changed and "game" not in changed
        assert before["log"] + frame["events"] == expected["log"]
    assert quiet(mover)  # the ack was the mover's update


def test_a_bad_token_is_refused_and_closed(shared_server: LiveServer) -> None:
    made, other = human_table(shared_server), human_table(shared_server)
    for wrong in ("not-a-token", token(other, 0)):
        socket = shared_server.ws(made["id"])
        refused = socket.hello(wrong)
        assert refused["code"] == "seat/bad-token" and wrong not in str(refused)
        assert closed_with(socket) == 4403


def test_an_unknown_table_is_refused(shared_server: LiveServer) -> None:
    socket = shared_server.ws("no-such-table")
    assert socket.hello(None)["code"] == "table/not-found"
    assert closed_with(socket) == 4404


def test_hello_comes_first(shared_server: LiveServer) -> None:
    made = human_table(shared_server)
    socket = shared_server.ws(made["id"])
    socket.send({"type": "move", "action": "x", "version": 0})
    assert expect(socket, "error", "request/hello-first")["version"] is None
    assert socket.hello(token(made, 0))["type"] == "welcome"
    socket.send({"type": "hello", "token": token(made, 1)})
    expect(socket, "error", "request/hello-first")


def test_bad_messages_get_their_codes_and_change_nothing(shared_server: LiveServer) -> None:
    made = human_table(shared_server)
    socket, welcome = seated(shared_server, made, 0)
    current = welcome["view"]["current_player"]
    mover, _ = seated(shared_server, made, current)
    bad: list[tuple[Any, str]] = [
        ("{not json", "request/malformed"),
        ('"a string"', "request/malformed"),
        ({"type": "dance"}, "request/unknown-type"),
        ({"type": "move", "action": "x" * 5000, "version": 0}, "request/too-large"),
        ({"type": "move", "action": 5, "version": 0}, "request/malformed"),
        ({"type": "move", "action": "pass"}, "request/malformed"),
        ({"type": "hello", "protocol": 9}, "protocol/unsupported"),
        (b"\x00\x01binary", "request/malformed"),
    ]
    for message, code in bad:
        mover.send(message)
        refused = expect(mover, "error", code)
        assert refused["version"] == 0 and refused["message"]
    mover.send({"type": "move", "action": "fly to the moon", "version": 0})
    refused = expect(mover, "error", "move/illegal")
    assert refused["message"].startswith("the move is not allowed: ")
    mover.send({"type": "ping"})
    assert expect(mover, "pong")["version"] == 0
    assert quiet(socket)  # nobody else heard of any of it
    assert shared_server.get(f"api/tables/{made['id']}")["version"] == 0
    assert stored_table(shared_server, made["id"]).moves == ()


def test_illegal_moves_carry_the_games_reason(shared_server: LiveServer) -> None:
    made = human_table(shared_server, "saboteur", 4)
    _, welcome = seated(shared_server, made, 0)
    current = welcome["view"]["current_player"]
    mover, view = seated(shared_server, made, current)
    legal = set(actions_of(view["view"]["decision"]))
    game_actions = [text for text in ("pass", "discard 0", "play 0 at 0 0") if text not in legal]
    mover.send({"type": "move", "action": game_actions[0], "version": 0, "move_id": "m"})
    refused = expect(mover, "error", "move/illegal")
    assert refused["move_id"] == "m" and refused["message"].startswith("the move is not allowed: ")
    assert len(refused["message"]) > len("the move is not allowed: ")
    assert stored_table(shared_server, made["id"]).moves == ()


def test_a_stale_move_gets_the_fresh_view(shared_server: LiveServer) -> None:
    made = human_table(shared_server)
    _, welcome = seated(shared_server, made, None)
    current = welcome["view"]["current_player"]
    mover, mine = seated(shared_server, made, current)
    mover.send({"type": "move", "action": first_action(mine["view"]), "version": 0})
    expect(mover, "ack")
    states = authoritative(shared_server, made["id"])
    nxt = states[1].current_player
    late, late_welcome = seated(shared_server, made, nxt)  # joins at version 1
    late.send({"type": "move", "action": "anything", "version": 0, "move_id": "old"})
    stale = expect(late, "error", "move/stale")
    assert stale["version"] == 1 and stale["move_id"] == "old"
    assert stale["view"] == {}  # its welcome already showed version 1, log and all
    assert stale["events"] == []
    assert {**late_welcome["view"], **stale["view"]} == as_json(states[1].view(nxt))
    assert late_welcome["version"] == 1
    assert len(stored_table(shared_server, made["id"]).moves) == 1


def test_a_repeated_move_id_is_applied_once(shared_server: LiveServer) -> None:
    made = human_table(shared_server)
    _, welcome = seated(shared_server, made, None)
    current = welcome["view"]["current_player"]
    mover, mine = seated(shared_server, made, current)
    move = {"type": "move", "action": first_action(mine["view"]), "version": 0,
            "move_id": "once"}
    mover.send(move)
    ack = expect(mover, "ack")
    mover.send(move)  # a retry, at what is now a stale version
    assert expect(mover, "ack") == bare_ack(ack)  # without a view: the first one brought it
    assert quiet(mover)
    assert len(stored_table(shared_server, made["id"]).moves) == 1


def test_a_seat_cannot_act_for_another(shared_server: LiveServer) -> None:
    made = human_table(shared_server)
    watcher, welcome = seated(shared_server, made, None)
    current = welcome["view"]["current_player"]
    other = (current + 1) % 3
    impostor, view = seated(shared_server, made, other)
    assert view["seat"] == other and view["view"]["decision"] is None
    action = actions_of(authoritative(shared_server, made["id"])[0].decision())[0]
    impostor.send({"type": "move", "action": action, "version": 0})
    expect(impostor, "error", "seat/not-yours")
    watcher.send({"type": "move", "action": action, "version": 0})
    expect(watcher, "error", "seat/not-yours")
    assert stored_table(shared_server, made["id"]).moves == ()


def test_a_flood_is_limited_and_other_tables_go_on(shared_server: LiveServer) -> None:
    made, other = human_table(shared_server), human_table(shared_server)
    flooder, _ = seated(shared_server, made, 0)
    for _ in range(150):
        flooder.send({"type": "ping"})
    _, welcome = seated(shared_server, other, None)
    current = welcome["view"]["current_player"]
    player, mine = seated(shared_server, other, current)
    player.send({"type": "move", "action": first_action(mine["view"]), "version": 0})
    assert expect(player, "ack")["version"] == 1
    codes = [flooder.receive().get("code") for _ in range(150)]
    assert "request/rate-limited" in codes and codes.count(None) >= 50
    time.sleep(0.5)
    flooder.send({"type": "ping"})
    assert expect(flooder, "pong")["version"] == 0


def test_an_oversized_frame_closes_the_connection(shared_server: LiveServer) -> None:
    made = human_table(shared_server)
    socket, _ = seated(shared_server, made, 0)
    socket.send("x" * (MAX_FRAME + 1))
    assert closed_with(socket) == 1009  # message too big
    assert shared_server.get(f"api/tables/{made['id']}")["version"] == 0
