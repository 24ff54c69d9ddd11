"""The HTTP endpoints, in process (FastAPI's TestClient): making, listing and reading tables,
and the refusals, each with its code."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from motherlode.server import ServerConfig, create_app
from motherlode.server.store import Store


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'motherlode.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(db_url, bot_pause=60.0))) as test_client:
        yield test_client


TABLE = {
    "game": "digitup",
    "players": 3,
    "seats": [{"human": True}, {"bot": "greedy"}, {"human": True}],
    "seed": 12345,
}


def error_of(response: Any) -> str:
    code: str = response.json()["error"]["code"]
    return code


def test_a_table_is_made_with_a_join_link_per_human_seat(client: TestClient,
                                                         db_url: str) -> None:
    response = client.post("/api/tables", json=TABLE)
    assert response.status_code == 201
    made = response.json()
    assert made["protocol"] == 2 and made["game"] == "digitup" and made["players"] == 3
    humans = [seat for seat in made["seats"] if seat["kind"] == "human"]
    assert [seat["seat"] for seat in humans] == [0, 2]
    tokens = [seat["token"] for seat in humans]
    assert len(set(tokens)) == 2 and all(len(token) >= 32 for token in tokens)
    for seat in humans:
        assert seat["join"].endswith(f"/tables/{made['id']}#seat={seat['seat']}&token="
                                     f"{seat['token']}")
    assert made["seats"][1] == {"seat": 1, "kind": "bot", "bot": "greedy"}
    assert made["spectate"].endswith(f"/tables/{made['id']}")
    assert "seed" not in made and made["seed_chosen"] is True
    row = Store(db_url).load(made["id"])
    assert row is not None and row.seed == 12345
    stored = {seat.token_hash for seat in row.seats} - {None}
    assert len(stored) == 2 and not stored & set(tokens)  # kept hashed, never as given


def test_open_tables_are_listed_without_tokens_or_seed(client: TestClient) -> None:
    made = client.post("/api/tables", json=TABLE).json()
    listing = client.get("/api/tables").json()
    assert [table["id"] for table in listing["tables"]] == [made["id"]]
    text = client.get("/api/tables").text + client.get(f"/api/tables/{made['id']}").text
    for seat in made["seats"]:
        if "token" in seat:
            assert seat["token"] not in text
    assert "12345" not in text and '"seed"' not in text and "join" not in text
    info = client.get(f"/api/tables/{made['id']}").json()
    assert info["version"] == 0 and info["status"] == "open" and info["current_player"] == 0


def test_default_seats_are_a_human_and_the_strongest_bots(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "paydirt"}).json()
    assert made["seed_chosen"] is False  # drawn by the server: nobody knows it
    kinds = [seat["kind"] for seat in made["seats"]]
    assert kinds == ["human"] + ["bot"] * (made["players"] - 1)
    assert {seat.get("bot") for seat in made["seats"][1:]} == {"heuristic"}


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "chess"}, 400, "table/bad-options"),
        ({"game": "digitup", "players": 99}, 400, "table/bad-options"),
        ({"game": "digitup", "options": {"simplified": "perhaps"}}, 400, "table/bad-options"),
        ({"game": "digitup", "options": {"data": "/etc"}}, 400, "table/bad-options"),
        ({"game": "digitup", "options": {"players": 3}}, 400, "table/bad-options"),
        ({"game": "digitup", "players": 3, "seats": [{"human": True}]}, 400,
         "table/bad-options"),
        ({"game": "digitup", "seats": [{"human": True}, {"bot": "alphazero"}]}, 400,
         "table/bad-options"),
        ({"game": "digitup", "seats": [{"human": True}, {"bot": "random", "human": True}]},
         400, "table/bad-options"),
        ({"game": "digitup", "seed": -1}, 400, "table/bad-options"),
        ({"game": "digitup", "seed": "7"}, 400, "request/malformed"),
        ({"game": "digitup", "colour": "red"}, 400, "request/malformed"),
        ({"players": 3}, 400, "request/malformed"),
    ],
)
def test_bad_settings_are_refused_with_their_code(
    client: TestClient, body: dict[str, Any], status: int, code: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert (response.status_code, error_of(response)) == (status, code)
    assert client.get("/api/tables").json()["tables"] == []  # nothing was made


def test_a_body_that_is_not_json_or_too_large_is_refused(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{not json",
                           headers={"content-type": "application/json"})
    assert (response.status_code, error_of(response)) == (400, "request/malformed")
    big = {"game": "digitup", "options": {"x": "y" * 20000}}
    response = client.post("/api/tables", json=big)
    assert (response.status_code, error_of(response)) == (413, "request/too-large")


def test_an_unknown_table_is_not_found(client: TestClient) -> None:
    response = client.get("/api/tables/nope")
    assert (response.status_code, error_of(response)) == (404, "table/not-found")


def test_the_games_are_offered_with_their_options_and_bots(client: TestClient) -> None:
    offered = client.get("/api/games").json()
    assert offered["protocol"] == 2
    games = {game["game"]: game for game in offered["games"]}
    assert {"digitup", "paydirt", "payday", "saboteur"} <= set(games)  # tests add a toy
    saboteur = games["saboteur"]
    assert saboteur["max_players"] >= 10 and "heuristic" in saboteur["bots"]
    names = {option["name"] for game in games.values() for option in game["options"]}
    assert "data" not in names and "players" not in names  # set only on the server / apart
    edition = next(o for o in saboteur["options"] if o["name"] == "edition")
    made = client.post("/api/tables", json={
        "game": "saboteur", "players": 4, "options": {"edition": edition["choices"][-1]},
        "seats": [{"bot": saboteur["strongest_bot"]}] * 4,
    })
    assert made.status_code == 201, made.json()


def test_one_address_makes_only_so_many_tables_at_once(db_url: str) -> None:
    config = ServerConfig(db_url, bot_pause=60.0, tables_per_minute=3)
    with TestClient(create_app(config)) as client:
        made = [client.post("/api/tables", json=TABLE) for _ in range(3)]
        assert [response.status_code for response in made] == [201, 201, 201]
        refused = client.post("/api/tables", json=TABLE)
        assert (refused.status_code, error_of(refused)) == (429, "request/rate-limited")
        assert "3 tables at once" in refused.json()["error"]["message"]
        assert len(client.get("/api/tables").json()["tables"]) == 3  # nothing more was made
