"""A hostile client, in process (issue 18, faults 3 and 5-10): every body and frame bounded,
every malformed input a documented code in JSON (never a dropped connection or a plain-text
500), nothing echoed, security headers on every answer, origins and proxies trusted only
when configured, a hello deadline and a cap on connections per address, and frames that
carry only committed versions."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from motherlode.engine.decision import actions_of
from motherlode.server import ServerConfig, create_app
from motherlode.server.guard import MAX_BODY, SECURITY_HEADERS

TABLE = {"game": "digitup", "players": 2, "seats": [{"human": True}, {"human": True}],
         "seed": 4}


def make_client(tmp_path: Path, **settings: Any) -> TestClient:
    config = ServerConfig(f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_pause=60.0, **settings)
    return TestClient(create_app(config), client=("203.0.113.9", 5000))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path, public_url="https://play.example.org/") as test_client:
        yield test_client


def error_of(response: Any) -> str:
    assert response.headers["content-type"] == "application/json", response.text
    code: str = response.json()["error"]["code"]
    return code


def tables_made(client: TestClient) -> int:
    return len(client.get("/api/tables").json()["tables"])


def test_a_chunked_body_is_counted_and_refused_past_the_limit(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "digitup", "pad": "'
        for _ in range(64):
            yield b"x" * 1024
        yield b'"}'

    response = client.post("/api/tables", content=chunks(),
                           headers={"content-type": "application/json"})
    assert "content-length" not in response.request.headers  # it went in chunks
    assert (response.status_code, error_of(response)) == (413, "request/too-large")
    assert tables_made(client) == 0
    small = client.post("/api/tables", content=iter([b'{"game": ', b'"digitup"}']),
                        headers={"content-type": "application/json"})
    assert small.status_code == 201 and MAX_BODY > 20


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    answers = [client.get("/api/tables"), client.get("/api/games"), client.get("/nowhere"),
               client.get("/api/tables/nothere"), client.post("/api/tables", json=TABLE),
               client.post("/api/tables", content=b"[", headers={"content-type":
                                                                  "application/json"}),
               client.get("/")]
    for response in answers:
        for name, value in SECURITY_HEADERS.items():
            assert response.headers.get(name) == value, (response.url, name)
    assert error_of(answers[2]) == "request/not-found"
    assert "frame-ancestors 'none'" in answers[0].headers["content-security-policy"]


def test_a_post_without_a_json_content_type_makes_no_table(client: TestClient) -> None:
    for headers in ({"content-type": "text/plain"}, {}, {"content-type": "application/jsonx"}):
        response = client.post("/api/tables", content=b'{"game": "digitup"}', headers=headers)
        assert (response.status_code, error_of(response)) == (415, "request/not-json")
    assert tables_made(client) == 0


@pytest.mark.parametrize(("body", "status", "code"), [
    ("[" * 5000 + "]" * 5000, 400, "request/malformed"),
    ('{"game": "digitup", "players": 18446744073709551617}', 400, "table/bad-options"),
    ('{"game": "digitup", "seed": 18446744073709551617}', 400, "table/bad-options"),
    ('{"game": "digitup", "options": {"simplified": 18446744073709551617}}', 400,
     "table/bad-options"),
    ('{"game": "\\ud800"}', 400, "request/malformed"),
    ('{"game": "digitup", "options": {"\\ud800": 1}}', 400, "table/bad-options"),
    ('{"game": "digitup", "seats": [{"bot": "\\udfff"}, {"human": true}]}', 400,
     "request/malformed"),
    ("\xff\xfe", 400, "request/malformed"),
])
def test_malformed_bodies_get_a_code_in_json(client: TestClient, body: str, status: int,
                                             code: str) -> None:
    response = client.post("/api/tables", content=body.encode("utf-8", "surrogatepass"),
                           headers={"content-type": "application/json"})
    assert (response.status_code, error_of(response)) == (status, code)


@pytest.mark.parametrize("spec", [
    {"game": "<script>alert(1)</script>"},
    {"game": "x" * 60},
    {"game": "digitup", "options": {"<script>" + "k" * 500: 1}},
    {"game": "digitup", "options": {"simplified": "<script>"}},
    {"game": "digitup", "seats": [{"bot": "<script>"}, {"human": True}]},
    {"game": "x" * 15000},
    {"game": "digitup", "options": {"k" * 15000: "<script>"}},
])
def test_an_error_never_echoes_what_was_sent(client: TestClient, spec: dict[str, Any]) -> None:
    response = client.post("/api/tables", json=spec)
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert "<script>" not in message and "xxxxx" not in message and "kkkkk" not in message


def test_join_links_are_built_on_the_public_url_never_the_host(client: TestClient) -> None:
    made = client.post("/api/tables", json=TABLE, headers={"host": "evil.example"}).json()
    assert made["spectate"].startswith("https://play.example.org/tables/")
    assert all(seat["join"].startswith("https://play.example.org/tables/")
               for seat in made["seats"])


def test_x_forwarded_for_counts_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    with make_client(tmp_path, tables_per_minute=1) as client:  # no trusted proxy
        assert client.post("/api/tables", json=TABLE,
                           headers={"x-forwarded-for": "198.51.100.1"}).status_code == 201
        refused = client.post("/api/tables", json=TABLE,
                              headers={"x-forwarded-for": "198.51.100.2"})
        assert error_of(refused) == "request/rate-limited"
    with make_client(tmp_path, tables_per_minute=1,
                     trusted_proxies=("203.0.113.0/24",)) as client:
        for address in ("198.51.100.1", "198.51.100.2"):
            made = client.post("/api/tables", json=TABLE, headers={"x-forwarded-for": address})
            assert made.status_code == 201
        again = client.post("/api/tables", json=TABLE,
                            headers={"x-forwarded-for": "198.51.100.2"})
        assert error_of(again) == "request/rate-limited"


def closing(socket: Any) -> tuple[dict[str, Any], int]:
    """The error frame the server sent, and the close code after it."""
    frame: dict[str, Any] = socket.receive_json()
    with pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    return frame, closed.value.code


def test_a_websocket_from_another_sites_page_is_refused(client: TestClient) -> None:
    made = client.post("/api/tables", json=TABLE).json()
    path = f"/api/tables/{made['id']}/ws"
    with client.websocket_connect(path, headers={"origin": "https://evil.example"}) as socket:
        frame, code = closing(socket)
    assert (frame["code"], code) == ("request/bad-origin", 4403)
    with client.websocket_connect(path, headers={"origin": "https://play.example.org"}) as socket:
        socket.send_json({"type": "hello", "protocol": 2, "token": None})
        assert socket.receive_json()["type"] == "welcome"
    with client.websocket_connect(path) as socket:  # a client that is no browser
        socket.send_json({"type": "hello", "protocol": 2, "token": None})
        assert socket.receive_json()["type"] == "welcome"


def test_hello_has_a_deadline(tmp_path: Path) -> None:
    with make_client(tmp_path, hello_timeout=0.3) as client:
        made = client.post("/api/tables", json=TABLE).json()
        with client.websocket_connect(f"/api/tables/{made['id']}/ws") as socket:
            frame, code = closing(socket)
    assert (frame["code"], code) == ("request/hello-timeout", 4408)


def test_connections_per_address_are_capped(tmp_path: Path) -> None:
    with make_client(tmp_path, connections_per_address=2) as client:
        made = client.post("/api/tables", json=TABLE).json()
        path = f"/api/tables/{made['id']}/ws"
        with client.websocket_connect(path), client.websocket_connect(path):
            with client.websocket_connect(path) as third:
                frame, code = closing(third)
            assert (frame["code"], code) == ("request/too-many-connections", 4429)
        with client.websocket_connect(path) as again:  # the others gave theirs back
            again.send_json({"type": "hello", "protocol": 2, "token": None})
            assert again.receive_json()["type"] == "welcome"


def hello(socket: Any, token: str | None) -> dict[str, Any]:
    socket.send_json({"type": "hello", "protocol": 2, "token": token})
    welcome: dict[str, Any] = socket.receive_json()
    assert welcome["type"] == "welcome", welcome
    return welcome


@pytest.mark.parametrize("text", [
    "[" * 5000 + "]" * 5000,
    '{"type": "move", "action": "dig 1", "version": 0, "move_id": "\\ud800"}',
    '{"type": "move", "action": "dig 1", "version": 0, "move_id": "a\\u0000b"}',
    '{"type": "move", "action": "dig 1", "version": 18446744073709551617}',
    '{"type": "hello", "token": "\\udfff"}',
    '{"type": "ping", "x": ' + "[" * 2000 + "]" * 2000 + "}",
])
def test_a_malformed_frame_gets_a_code_and_the_connection_lives(client: TestClient,
                                                                text: str) -> None:
    made = client.post("/api/tables", json=TABLE).json()
    with client.websocket_connect(f"/api/tables/{made['id']}/ws") as socket:
        welcome = hello(socket, made["seats"][0]["token"])
        socket.send_text(text)
        refused = socket.receive_json()
        assert refused["type"] == "error" and refused["code"] in {
            "request/malformed", "request/hello-first", "request/too-large"}
        socket.send_json({"type": "ping"})
        assert socket.receive_json() == {"type": "pong", "table": made["id"],
                                         "version": welcome["version"]}


def test_an_illegal_action_is_not_echoed(client: TestClient) -> None:
    made = client.post("/api/tables", json=TABLE).json()
    with client.websocket_connect(f"/api/tables/{made['id']}/ws") as socket:
        welcome = hello(socket, made["seats"][welcome_seat(client, made)]["token"])
        socket.send_json({"type": "move", "action": "dig <script>alert(1)</script>",
                          "version": welcome["version"], "move_id": "m1"})
        refused = socket.receive_json()
    assert refused["code"] == "move/illegal" and "<script>" not in refused["message"]


def welcome_seat(client: TestClient, made: dict[str, Any]) -> int:
    seat: int = client.get(f"/api/tables/{made['id']}").json()["current_player"]
    return seat


def test_a_pong_names_only_the_committed_version(client: TestClient,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    made = client.post("/api/tables", json=TABLE).json()
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    release = threading.Event()
    real = lobby.journal.write

    async def slow(*args: Any) -> None:  # the move's commit waits until the test says
        while not release.is_set():
            await asyncio.sleep(0.01)
        await real(*args)

    monkeypatch.setattr(lobby.journal, "write", slow)
    path = f"/api/tables/{made['id']}/ws"
    seat = welcome_seat(client, made)
    with client.websocket_connect(path) as mover, client.websocket_connect(path) as watcher:
        welcome = hello(mover, made["seats"][seat]["token"])
        hello(watcher, None)
        action = actions_of(welcome["view"]["decision"])[0]
        mover.send_json({"type": "move", "action": action, "version": 0, "move_id": "m1"})
        time.sleep(0.3)  # the server has applied the move and waits on its commit
        watcher.send_json({"type": "ping"})
        pong = watcher.receive_json()  # the move is applied, not yet stored
        release.set()
        ack = mover.receive_json()
    assert pong == {"type": "pong", "table": made["id"], "version": 0}
    assert (ack["type"], ack["version"]) == ("ack", 1)


@pytest.mark.parametrize("table_id", ["%00", "a%ED%A0%80", "x" * 200, "a.b", "%F0%9F%98%80"])
def test_a_table_id_that_is_never_ours_is_not_found(client: TestClient, table_id: str) -> None:
    response = client.get(f"/api/tables/{table_id}")
    assert (response.status_code, error_of(response)) == (404, "table/not-found")
