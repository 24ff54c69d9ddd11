"""Free seats taken from the lobby (once, race-safe across requests and processes), the names
players give (hostile input: capped, control characters refused, shown to everyone), and the
lobby's list leaving tables nobody has touched for a day (docs/protocol.md)."""

from __future__ import annotations

import datetime
import multiprocessing
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from motherlode.server import ServerConfig, create_app
from motherlode.server.authority import token_hash
from motherlode.server.store import OPEN, SeatRow, Store, now


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'motherlode.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(db_url, bot_pause=60.0))) as test_client:
        yield test_client


def error_of(response: Any) -> str:
    code: str = response.json()["error"]["code"]
    return code


def with_free_seats(client: TestClient, free: int = 2) -> dict[str, Any]:
    seats = [{"human": True, "name": "Ana"}, *({"human": True, "free": True}
                                               for _ in range(free))]
    response = client.post("/api/tables", json={"game": "saboteur", "players": len(seats),
                                                "seats": seats})
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def test_a_free_seat_has_no_link_until_someone_takes_it(client: TestClient) -> None:
    made = with_free_seats(client)
    free = [seat for seat in made["seats"] if seat.get("free")]
    assert [seat["seat"] for seat in free] == [1, 2]
    assert all("token" not in seat and "join" not in seat for seat in free)
    listed = client.get("/api/tables").json()["tables"]
    assert [seat["seat"] for seat in listed[0]["seats"] if seat.get("free")] == [1, 2]
    taken = client.post(f"/api/tables/{made['id']}/take", json={"name": "Bea"})
    assert taken.status_code == 201
    answer = taken.json()
    assert answer["seat"] == 1 and len(answer["token"]) >= 32
    assert answer["join"].endswith(f"/tables/{made['id']}#seat=1&token={answer['token']}")
    info = client.get(f"/api/tables/{made['id']}").json()
    assert info["seats"][1] == {"seat": 1, "kind": "human", "connected": False, "name": "Bea"}
    assert info["seats"][0]["name"] == "Ana"  # every player's name, shown to everyone
    with client.websocket_connect(f"/api/tables/{made['id']}/ws") as socket:
        socket.send_json({"type": "hello", "protocol": 2, "token": answer["token"]})
        assert socket.receive_json()["seat"] == 1


def test_a_seat_is_handed_out_once_to_concurrent_requests(client: TestClient) -> None:
    made = with_free_seats(client, free=1)

    def take(_: int) -> Any:
        return client.post(f"/api/tables/{made['id']}/take", json={})

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(take, range(8)))
    assert sorted(answer.status_code for answer in answers) == [201] + [409] * 7
    assert {error_of(a) for a in answers if a.status_code == 409} == {"seat/none-free"}


def _take_all(url: str, table_ids: list[str], start: Any, out: Any) -> None:
    store = Store(url)
    start.wait()
    got = []
    for table_id in table_ids:
        for _ in range(3):
            seat = store.take_seat(table_id, f"{multiprocessing.current_process().name}", None)
            if seat is not None:
                got.append((table_id, seat))
    store.close()
    out.put(got)


def test_two_processes_never_take_the_same_seat(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    table_ids = [f"t{number}" for number in range(10)]
    for table_id in table_ids:
        store.create_table(table_id, "saboteur", {"players": 4}, 1,
                           [SeatRow(0, None, "h" * 64), *(SeatRow(s, None, None)
                                                          for s in (1, 2, 3))])
    store.close()
    context = multiprocessing.get_context("spawn")
    start, out = context.Barrier(2), context.Queue()
    workers = [context.Process(target=_take_all, args=(db_url, table_ids, start, out))
               for _ in range(2)]
    for worker in workers:
        worker.start()
    got = [out.get(timeout=60) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
    given = got[0] + got[1]
    assert len(given) == len(set(given)) == 30  # each free seat once, none twice


@pytest.mark.parametrize("name", ["x" * 61, "bell\x07", "new\nline", "\u202eevil", "ta\tb"])
def test_a_hostile_name_is_refused(client: TestClient, name: str) -> None:
    made = with_free_seats(client, free=1)
    response = client.post(f"/api/tables/{made['id']}/take", json={"name": name})
    assert response.status_code == 400 and error_of(response) == "seat/bad-name"
    response = client.post("/api/tables", json={
        "game": "digitup", "players": 2, "seats": [{"human": True, "name": name},
                                                   {"bot": "random"}]})
    assert response.status_code == 400 and error_of(response) == "seat/bad-name"
    info = client.get(f"/api/tables/{made['id']}").json()
    assert info["seats"][1].get("free") is True  # nothing changed


def test_a_bot_seat_cannot_be_free_or_named(client: TestClient) -> None:
    response = client.post("/api/tables", json={
        "game": "digitup", "players": 2, "seats": [{"human": True},
                                                   {"bot": "random", "free": True}]})
    assert response.status_code == 400 and error_of(response) == "table/bad-options"


def test_a_table_nobody_touched_for_a_day_leaves_the_list(client: TestClient) -> None:
    made = with_free_seats(client)
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    assert [table["id"] for table in client.get("/api/tables").json()["tables"]] == [made["id"]]
    lobby.tables[made["id"]].authority.touched = now() - datetime.timedelta(days=1, seconds=1)
    assert client.get("/api/tables").json()["tables"] == []
    assert client.get(f"/api/tables/{made['id']}").json()["status"] == OPEN  # still served


def test_a_seat_taken_in_another_process_opens_here(client: TestClient, db_url: str) -> None:
    made = with_free_seats(client, free=1)
    with client.websocket_connect(f"/api/tables/{made['id']}/ws") as socket:  # in memory here
        socket.send_json({"type": "hello", "protocol": 2, "token": None})
        assert socket.receive_json()["type"] == "welcome"
    other = Store(db_url)  # another process's store takes the seat
    assert other.take_seat(made["id"], token_hash("the other process's token"), "Eve") == 1
    other.close()
    with client.websocket_connect(f"/api/tables/{made['id']}/ws") as socket:
        socket.send_json({"type": "hello", "protocol": 2, "token": "the other process's token"})
        assert socket.receive_json()["seat"] == 1
    assert client.get(f"/api/tables/{made['id']}").json()["seats"][1]["name"] == "Eve"
