"""Whole games over the network, each of the four games, bots in most seats and scripted
programs (motherlode.client) in one or two: every frame a seat or a spectator receives
carries exactly its view of the authoritative state at that version, never a seed, an RNG,
a deck or another seat's token."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest

from motherlode.bots import RandomBot, make_bot
from motherlode.client import MoveRefused, SeatClient, join
from motherlode.engine import View
from motherlode.engine.frames import merged_view

from .conftest import LiveServer, as_json, authoritative, stored_table

# (game, players, seats: "human" or a bot's name, seed)
TABLES = [
    ("digitup", 3, ["human", "greedy", "random"], 1),
    ("digitup", 4, ["random", "human", "human", "greedy"], 2),
    ("paydirt", 3, ["human", "heuristic", "heuristic"], 3),
    ("paydirt", 4, ["heuristic", "human", "random", "human"], 4),
    ("payday", 3, ["heuristic", "human", "heuristic"], 5),
    ("payday", 2, ["human", "human"], 6),
    ("saboteur", 4, ["human", "heuristic", "heuristic", "heuristic"], 7),
    ("saboteur", 5, ["heuristic", "human", "random", "heuristic", "human"], 8),
]

SECRET_KEYS = {"seed", "rng", "truth"}  # a game may have its own "token" or "deck" (a count)


def keys_of(value: Any) -> set[str]:
    """Every key of every object in a JSON value."""
    if isinstance(value, dict):
        return set(value) | {key for item in value.values() for key in keys_of(item)}
    if isinstance(value, list):
        return {key for item in value for key in keys_of(item)}
    return set()


def refused(client: SeatClient, action: str) -> str:
    """The code the server refuses `action` with (at the client's version)."""
    try:
        client.move(action)
    except MoveRefused as refusal:
        return refusal.code
    raise AssertionError(f"{action!r} was accepted")


def scripted(client: SeatClient, bot: RandomBot) -> View:
    """Play the seat with `bot`, now and then sending first a move the game refuses and a
    move against an old version (whose error brings the fresh view)."""
    decisions = 0
    while True:
        view = client.wait_turn()
        if client.over:
            return view
        decisions += 1
        if decisions % 5 == 1:
            assert refused(client, "no such action") == "move/illegal"
        if decisions % 7 == 3 and client.version > 0:
            client.version -= 1  # as if a move had been chosen before the last update
            assert refused(client, str(client.legal_actions()[0])) == "move/stale"
        client.move(bot.choose(view, client.legal_actions()))


def play_through(
    clients: list[SeatClient], watcher: SeatClient, seed: int
) -> tuple[dict[int, Any], View]:
    """Each client `scripted` in a thread of its own (random moves from `seed`) while
    `watcher` follows to the end; what each seat's play returned, and the watcher's last view.
    An exception in a thread fails the test."""
    results: dict[int, Any] = {}

    def play(client: SeatClient) -> None:
        assert client.seat is not None
        try:
            results[client.seat] = scripted(client, RandomBot(client.game, client.seat, seed))
        except Exception as err:  # reported by the assertion below
            results[client.seat] = err

    threads = [threading.Thread(target=play, args=(client,)) for client in clients]
    for thread in threads:
        thread.start()
    watched = watcher.wait_turn()
    for thread in threads:
        thread.join(timeout=60)
    assert all(not isinstance(result, Exception) for result in results.values()), results
    return results, watched


def check_frames(frames: list[dict[str, Any]], seat: int | None, states: list[Any],
                 secrets: list[str]) -> int:
    """Rebuild the view frame by frame as the protocol says and compare it with the
    authoritative view at the frame's version; the number of views checked."""
    view: dict[str, Any] = {}
    checked = 0
    for frame in frames:
        text = json.dumps(frame)
        assert not [secret for secret in secrets if secret in text], frame["type"]
        assert not keys_of(frame) & SECRET_KEYS, keys_of(frame) & SECRET_KEYS
        if "view" not in frame:
            continue
        view = merged_view(view, frame)
        assert view == as_json(states[frame["version"]].view(seat)), (seat, frame["version"])
        checked += 1
    return checked


@pytest.mark.parametrize(("game", "players", "seats", "seed"), TABLES,
                         ids=[f"{t[0]}-{t[1]}p-seed{t[3]}" for t in TABLES])
def test_a_whole_game_shows_each_seat_its_view_only(
    shared_server: LiveServer, game: str, players: int, seats: list[str], seed: int
) -> None:
    made = shared_server.post("api/tables", {
        "game": game, "players": players, "seed": seed,
        "seats": [{"human": True} if kind == "human" else {"bot": kind} for kind in seats],
    })
    humans = [seat for seat in made["seats"] if seat["kind"] == "human"]
    tokens = [seat["token"] for seat in humans]
    watcher = SeatClient(shared_server.url, made["id"], None, timeout=20, record=True)
    clients = [join(seat["join"], timeout=20, record=True) for seat in humans]
    _, watched = play_through(clients, watcher, seed)
    assert watched["current_player"] is None
    states = authoritative(shared_server, made["id"])
    assert states[-1].is_terminal
    assert shared_server.get(f"api/tables/{made['id']}")["status"] == "finished"
    assert check_frames(watcher.frames or [], None, states, tokens) > 0
    for client, seat in zip(clients, humans, strict=True):
        others = [token for token in tokens if token != seat["token"]]
        assert client.view == as_json(states[-1].view(seat["seat"]))
        assert check_frames(client.frames or [], seat["seat"], states, others) > 0
        codes = {frame.get("code") for frame in client.frames or []}
        assert {"move/illegal", "move/stale"} <= codes  # their frames were checked too
        client.close()
    watcher.close()


def test_the_client_plays_a_seat_with_a_bot(shared_server: LiveServer) -> None:
    made = shared_server.post("api/tables", {
        "game": "digitup", "players": 3, "seed": 11,
        "seats": [{"bot": "greedy"}, {"human": True}, {"bot": "random"}],
    })
    with join(made["seats"][1]["join"], timeout=20) as seat:
        assert seat.seat == 1 and seat.game.name == "digitup"
        final = seat.play(make_bot("greedy", seat.game, 1, seed=3))
        assert final["current_player"] is None and seat.over
    row = stored_table(shared_server, made["id"])
    assert row.status == "finished" and row.version == len(row.moves)
    assert any(move.seat == 1 and move.move_id for move in row.moves)
    assert all(move.move_id is None for move in row.moves if move.seat != 1)
