"""Replays, save files and hints over HTTP (docs/protocol.md, "Replays and save files"): a finished
table step by step as anyone, a table being played only as the seat its token proves, the
save file offered only at the end, and hostile save files refused with their codes."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient

import motherlode
from motherlode.bots import hint_bot
from motherlode.bots.choice import Choice
from motherlode.engine.savefile import loads
from motherlode.server import ServerConfig, create_app
from motherlode.server.hints import think
from motherlode.server.replays import (
    MAX_SAVE,
    MAX_STEPS,
    option_words,
    play_out,
    position,
    step_json,
)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path / 'motherlode.sqlite3'}"
    with TestClient(create_app(ServerConfig(url, bot_pause=0.0))) as test_client:
        yield test_client


def error_of(response: Any) -> str:
    code: str = response.json()["error"]["code"]
    return code


def finished_table(client: TestClient, game: str = "digitup") -> str:
    """A table of random bots, played to its end."""
    made = client.post("/api/tables", json={
        "game": game, "players": 2, "seats": [{"bot": "random"}, {"bot": "random"}],
        "seed": 7})
    table_id: str = made.json()["id"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish in time"
        time.sleep(0.05)
    return table_id


def live_table(client: TestClient) -> tuple[str, str]:
    """A table of two people (nobody has moved): its id and seat 0's token."""
    made = client.post("/api/tables", json={
        "game": "saboteur", "players": 3,
        "seats": [{"human": True}, {"human": True}, {"human": True}], "seed": 3}).json()
    return made["id"], made["seats"][0]["token"]


def test_a_finished_table_steps_from_the_set_up_to_its_final_view(client: TestClient) -> None:
    table_id = finished_table(client)
    end = client.get(f"/api/tables/{table_id}/replay").json()
    assert end["step"] == end["steps"] > 0 and end["finished"] is True
    assert end["view"]["current_player"] is None and end["view"]["decision"] is None
    assert end["chapters"][-1] == {"step": end["steps"], "title": "The end"}
    start = client.get(f"/api/tables/{table_id}/replay?step=0&seat=1").json()
    assert start["step"] == 0 and start["seat"] == 1 and start["last"] is None
    one = client.get(f"/api/tables/{table_id}/replay?step=1&seat=1").json()
    assert one["last"]["action"]  # after the end every action is public (the save file)
    assert len(one["view"]["log"]) >= len(start["view"]["log"])


def test_a_finished_table_exports_the_save_file_motherlode_replay_reads(
        client: TestClient) -> None:
    table_id = finished_table(client)
    response = client.get(f"/api/tables/{table_id}/save")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    state = loads(response.text)
    assert state.is_terminal
    end = client.get(f"/api/tables/{table_id}/replay").json()
    assert len(state.history) == end["steps"]


def test_a_save_file_is_never_given_before_the_end(client: TestClient) -> None:
    table_id, _token = live_table(client)
    response = client.get(f"/api/tables/{table_id}/save")
    assert response.status_code == 403 and error_of(response) == "replay/not-finished"


def test_a_table_being_played_replays_only_for_its_seat(client: TestClient) -> None:
    table_id, token = live_table(client)
    anyone = client.get(f"/api/tables/{table_id}/replay")
    assert anyone.status_code == 403 and error_of(anyone) == "replay/not-finished"
    other = client.get(f"/api/tables/{table_id}/replay?seat=1",
                       headers={"x-seat-token": token})
    assert other.status_code == 403 and error_of(other) == "replay/not-your-seat"
    wrong = client.get(f"/api/tables/{table_id}/replay", headers={"x-seat-token": "x" * 32})
    assert wrong.status_code == 403 and error_of(wrong) == "seat/bad-token"
    mine = client.get(f"/api/tables/{table_id}/replay", headers={"x-seat-token": token})
    assert mine.status_code == 200
    answer = mine.json()
    assert answer["seat"] == 0 and answer["finished"] is False
    assert answer["view"]["seat"] == 0 and answer["view"]["hand"]


def test_a_seat_replaying_mid_game_never_sees_another_seats_action() -> None:
    game = motherlode.load("saboteur", players=3)
    state = game.new_game(3)
    actions = []
    for _ in range(4):
        action = state.legal_actions()[0]
        state.apply(action)
        actions.append(str(action))
    played = play_out("t:x:4", game, 3, actions, finished=False)
    for step in range(1, 5):
        answer = json.loads(step_json(played, 0, step, own=True))
        mover = answer["last"]["seat"]
        assert (answer["last"]["action"] is None) == (mover != 0)
        assert (answer["last"]["words"] is None) == (mover != 0)  # words only where shown
        assert answer["view"]["seat"] == 0
        again = position(played, step)
        assert answer["view"] == json.loads(orjson.dumps(again.view(0)))


def test_a_replayed_move_reads_as_its_movers_decision_worded_it() -> None:
    """Issue 19: ids only inside the protocol (`place tunnel-ne 1 0` is `lay Tunnel N-E at 1
    0, upright` for people)."""
    game = motherlode.load("saboteur", players=3)
    state = game.new_game(3)
    place = next(a for a in state.legal_actions() if str(a).startswith("place "))
    state.apply(place)
    played = play_out("t:y:1", game, 3, [str(place)], finished=True)
    answer = json.loads(step_json(played, None, 1, own=False))
    card = str(place).split()[1]
    assert answer["last"]["action"] == str(place)
    assert answer["last"]["words"].startswith(
        f"lay {game.card_info[card]['name']} at ")  # type: ignore[attr-defined]


@pytest.mark.parametrize("query", ["step=99999", "step=-1", "step=x", "seat=9", "seat=abc"])
def test_a_step_or_seat_out_of_the_game_is_refused(client: TestClient, query: str) -> None:
    table_id = finished_table(client)
    response = client.get(f"/api/tables/{table_id}/replay?{query}")
    assert response.status_code == 400 and error_of(response) == "replay/bad-step"


def saved(client: TestClient) -> dict[str, Any]:
    table_id = finished_table(client)
    record: dict[str, Any] = client.get(f"/api/tables/{table_id}/save").json()
    return record


def test_a_save_file_opens_and_replays_as_any_seat(client: TestClient) -> None:
    record = saved(client)
    response = client.post("/api/saves", json=record)
    assert response.status_code == 201
    opened = response.json()
    assert opened["replay"] == f"/saves/{opened['save']}"
    assert opened["steps"] == len(record["actions"])
    end = client.get(f"/api/saves/{opened['save']}/replay?seat=0").json()
    assert end["step"] == len(record["actions"]) and end["view"]["seat"] == 0
    assert client.get(opened["replay"]).status_code == 200


def test_a_table_and_a_save_file_give_their_games_glossary(client: TestClient) -> None:
    """The board's tooltips read the glossary: the box's texts, the same for everyone."""
    record = saved(client)
    opened = client.post("/api/saves", json=record).json()
    from_save = client.get(f"/api/saves/{opened['save']}/glossary").json()
    table_id = finished_table(client)
    from_table = client.get(f"/api/tables/{table_id}/glossary").json()
    game = motherlode.load("digitup", players=2)
    assert from_save["game"] == from_table["game"] == "digitup"
    assert from_save["glossary"] == from_table["glossary"] == game.glossary
    assert client.get("/api/saves/nothing/glossary").status_code == 404


def hostile(client: TestClient, body: bytes) -> Any:
    return client.post("/api/saves", content=body, headers={"content-type": "application/json"})


def test_a_save_file_that_is_not_json_is_refused(client: TestClient) -> None:
    response = hostile(client, b"{not json")
    assert response.status_code == 400 and error_of(response) == "save/malformed"


def test_a_save_file_of_another_kind_is_refused(client: TestClient) -> None:
    for body in (b"[]", b'{"format": "other"}', json.dumps(
            {"format": "motherlode-save", "version": 1, "game": "digitup"}).encode()):
        response = hostile(client, body)
        assert response.status_code == 400 and error_of(response) == "save/malformed"


def test_a_save_file_of_an_unknown_game_is_refused(client: TestClient) -> None:
    record = saved(client)
    record["game"] = "<script>chess</script>"
    response = client.post("/api/saves", json=record)
    assert response.status_code == 400 and error_of(response) == "save/unknown-game"
    assert "script" not in response.text


def test_a_save_file_with_a_changed_digest_is_refused(client: TestClient) -> None:
    record = saved(client)
    record["digest"] = "0" * 64
    response = client.post("/api/saves", json=record)
    assert response.status_code == 400 and error_of(response) == "save/bad-digest"


def test_a_save_file_with_an_action_that_does_not_replay_is_refused(client: TestClient) -> None:
    record = saved(client)
    record["actions"][3] = "fly to the moon"
    response = client.post("/api/saves", json=record)
    assert response.status_code == 400 and error_of(response) == "save/bad-action"


def test_a_save_file_naming_a_place_on_the_server_is_refused(client: TestClient) -> None:
    record = saved(client)
    record["options"]["data"] = "/etc"
    response = client.post("/api/saves", json=record)
    assert response.status_code == 400 and error_of(response) == "save/bad-options"


def test_a_save_file_too_large_or_too_long_is_refused(client: TestClient) -> None:
    response = hostile(client, b" " * (MAX_SAVE + 1))
    assert response.status_code == 413 and error_of(response) == "request/too-large"
    record = saved(client)
    record["actions"] = ["x"] * (MAX_STEPS + 1)
    response = client.post("/api/saves", json=record)
    assert response.status_code == 413 and error_of(response) == "replay/too-long"


def test_a_save_this_server_does_not_keep_is_not_found(client: TestClient) -> None:
    response = client.get("/api/saves/abc/replay")
    assert response.status_code == 404 and error_of(response) == "save/not-found"


def test_a_hint_is_the_hint_bots_choice_from_the_seats_view_only(client: TestClient) -> None:
    """The hint bot is handed the seat's view and legal actions only, in the bots' workers."""
    seen: list[Choice] = []
    thinker = client.app.state.lobby.thinker  # type: ignore[attr-defined]
    explain = thinker.explain

    async def spy(choice: Choice) -> tuple[int, str]:
        seen.append(choice)
        answer: tuple[int, str] = await explain(choice)
        return answer

    thinker.explain = spy
    table_id, token = live_table(client)
    response = client.get(f"/api/tables/{table_id}/hint", headers={"x-seat-token": token})
    assert response.status_code == 200, response.text
    answer = response.json()
    choice = seen[0]
    assert choice.seat == 0 and choice.view is not None and choice.view["seat"] == 0
    assert "hand" in choice.view and choice.bot == hint_bot(choice.game) == answer["bot"]
    assert answer["action"] in [str(action) for action in choice.legal] and answer["why"]
    again = client.get(f"/api/tables/{table_id}/hint", headers={"x-seat-token": token})
    assert again.json() == answer and len(seen) == 1  # kept per seat and version


def test_a_hint_in_pay_dirt_is_the_searchs_with_what_its_playouts_found(
        client: TestClient) -> None:
    """Pay Dirt's hint bot is a search level (measured stronger than the heuristic): its
    answer names it and gives the heuristic's reason or what the playouts measured."""
    made = client.post("/api/tables", json={
        "game": "paydirt", "players": 2, "seats": [{"human": True}, {"bot": "heuristic"}],
        "seed": 5}).json()
    token = made["seats"][0]["token"]
    for _ in range(50):
        response = client.get(f"/api/tables/{made['id']}/hint", headers={"x-seat-token": token})
        if response.status_code == 200:
            break
        time.sleep(0.1)  # the bot in seat 1 may be first
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["bot"] == hint_bot("paydirt") == "search-medium"
    assert "playouts" in answer["why"] or "the only legal move" in answer["why"], answer


def test_a_hint_words_its_action_as_the_decision_does_never_by_ids() -> None:
    """Issue 19: ids only inside the protocol; the hint reads as the decision's labels."""
    game = motherlode.load("saboteur", players=3)
    state = game.new_game(3)
    view = state.view(state.current_player)
    legal = [str(action) for action in state.legal_actions()]
    placed = next(action for action in legal if action.startswith("place "))
    card = placed.split()[1]
    words = option_words(view, placed)
    assert words.startswith(f"lay {game.card_info[card]['name']} at ")  # type: ignore[attr-defined]
    assert card not in words
    played = next((action for action in legal if action.startswith("play ")), None)
    if played is not None:
        assert played.split()[1] not in option_words(view, played)
    assert option_words(view, "no such action") == "no such action"
    hint = think(game, state.current_player, 1, view, state.legal_actions())
    assert not [card for card in game.card_info if "-" in card  # type: ignore[attr-defined]
                and card in hint["why"]], hint


def test_a_hint_is_only_for_the_seat_that_decides(client: TestClient) -> None:
    made = client.post("/api/tables", json={
        "game": "saboteur", "players": 3,
        "seats": [{"human": True}, {"human": True}, {"human": True}], "seed": 3}).json()
    nobody = client.get(f"/api/tables/{made['id']}/hint")
    assert nobody.status_code == 403 and error_of(nobody) == "seat/bad-token"
    waiting = next(seat for seat in made["seats"] if seat["seat"] != 0)
    response = client.get(f"/api/tables/{made['id']}/hint",
                          headers={"x-seat-token": waiting["token"]})
    assert response.status_code == 409 and error_of(response) == "seat/not-yours"


def test_the_tables_finished_lately_are_listed_for_their_replays(client: TestClient) -> None:
    table_id = finished_table(client)
    live_id, _token = live_table(client)
    finished = client.get("/api/tables?status=finished").json()["tables"]
    assert [table["id"] for table in finished] == [table_id]
    assert [table["id"] for table in client.get("/api/tables").json()["tables"]] == [live_id]
    response = client.get("/api/tables?status=secret")
    assert response.status_code == 400 and error_of(response) == "request/malformed"
