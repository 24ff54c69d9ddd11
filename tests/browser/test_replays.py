"""A replay in the browser (/replay/{table}): a finished table stepped forward from its set-up
to its end shows the table's final view; back, the start and the end; any seat; no console
error; axe-core finds no serious or critical violation; nothing wider than 375 px. And a
player stepping back through a table being played sees only its own seat."""

from __future__ import annotations

import json
import time
from typing import Any

from server.conftest import LiveServer

from .conftest import SHOTS, WAIT_MS, Pages
from .test_boards import TOO_WIDE, axe_violations


def finished_table(live: LiveServer, game: str = "digitup") -> str:
    made = live.post("api/tables", {"game": game, "players": 2, "seed": 11,
                                    "seats": [{"bot": "random"}, {"bot": "random"}]})
    table_id: str = made["id"]
    deadline = time.monotonic() + WAIT_MS / 1000
    while live.get(f"api/tables/{table_id}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish in time"
        time.sleep(0.05)
    return table_id


def step_of(page: Any) -> tuple[int, int]:
    return (int(page.evaluate("document.body.dataset.step")),
            int(page.evaluate("document.body.dataset.steps")))


def log_of(page: Any) -> list[str]:
    """The log's events without who took them (each page names the seats its own way)."""
    return list(page.evaluate("""() => [...document.querySelectorAll("#log li")].map((li) =>
      [...li.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent).join(""))"""))


def test_a_replay_stepped_to_its_end_shows_the_final_view(live: LiveServer,
                                                          pages: Pages) -> None:
    table_id = finished_table(live)
    table = pages.open(f"{live.url}tables/{table_id}")  # the spectator's final view
    table.wait_for_selector("body[data-state='over']")
    final_log = log_of(table)
    lobby = pages.open(live.url)  # the lobby lists it among the tables finished lately
    lobby.wait_for_selector(f"li[data-finished='{table_id}'] a[href='/replay/{table_id}']")
    replay = pages.open(f"{live.url}replay/{table_id}?step=0")
    replay.wait_for_selector("body[data-drawn='1'][data-step='0']")
    assert replay.locator("#back").is_disabled() and "set-up" in replay.inner_text("#last-move")
    step, steps = step_of(replay)
    while step < steps:
        replay.click("#forward")
        replay.wait_for_selector(f"body[data-step='{step + 1}']")
        step, steps = step_of(replay)
    replay.wait_for_selector("body[data-state='end']")
    assert log_of(replay) == final_log
    assert replay.locator("#board .board").count() == 1  # drawn by the game's board module
    assert replay.locator("#board [data-action]:not([disabled])").count() == 0
    assert "save" in replay.inner_text("#save-line").lower()
    assert f"/replay/{table_id}?step={steps}" in replay.url
    replay.click("#back")
    replay.wait_for_selector(f"body[data-step='{steps - 1}']")
    replay.click("#first")
    replay.wait_for_selector("body[data-step='0']")
    replay.click("#last")
    replay.wait_for_selector(f"body[data-step='{steps}']")
    replay.select_option("#seat", "1")
    replay.wait_for_selector("body[data-state='end'][data-seat='1']")
    assert "seat=1" in replay.url
    assert "Seat 1" in replay.inner_text("#who")
    assert axe_violations(replay) == []
    SHOTS.mkdir(exist_ok=True)
    replay.screenshot(path=str(SHOTS / "replay-1280.png"))
    replay.set_viewport_size({"width": 375, "height": 812})
    width, scroll_width, wide = replay.evaluate(TOO_WIDE)
    assert wide == [] and scroll_width == width, wide
    replay.screenshot(path=str(SHOTS / "replay-375.png"))


def test_a_shared_link_opens_the_same_step_as_the_same_seat(live: LiveServer,
                                                            pages: Pages) -> None:
    table_id = finished_table(live)
    replay = pages.open(f"{live.url}replay/{table_id}?seat=0&step=5")
    replay.wait_for_selector("body[data-drawn='1'][data-step='5']")
    link = replay.get_attribute("#share", "href")
    assert link is not None and link.endswith(f"/replay/{table_id}?seat=0&step=5")
    other = pages.open(link)
    other.wait_for_selector("body[data-drawn='1'][data-step='5']")
    assert log_of(other) == log_of(replay)


def test_a_player_asks_a_hint_then_steps_back_through_only_their_own_seat(live: LiveServer,
                                                         pages: Pages) -> None:
    made = live.post("api/tables", {"game": "digitup", "players": 2, "seed": 5,
                                    "seats": [{"human": True}, {"human": True}]})
    seat0 = pages.open(made["seats"][0]["join"])
    seat0.wait_for_selector("body[data-state='turn']")
    seat0.click("#hint")  # what the strongest bot would do, and why
    seat0.wait_for_selector("#hint-text em")
    assert "bot would choose" in seat0.inner_text("#hint-text")
    seat0.click("#replay-link")  # the same tab: it keeps the token
    seat0.wait_for_selector("body[data-drawn='1']")
    assert "Seat 0" in seat0.inner_text("#who")
    assert seat0.locator("#seat option").count() == 1  # no other seat on offer
    assert "once the game is over" in seat0.inner_text("#save-line")
    pages.expected.append("403 (Forbidden)")  # the stranger's refused step
    stranger = pages.open(f"{live.url}replay/{made['id']}")
    stranger.wait_for_selector("body[data-state='refused']")
    assert "still being played" in stranger.inner_text("#error")


def test_a_save_file_opens_in_the_browser(live: LiveServer, pages: Pages,
                                          tmp_path: Any) -> None:
    table_id = finished_table(live)
    record = live.get(f"api/tables/{table_id}/save")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    page = pages.open(f"{live.url}saves")
    page.wait_for_selector("body[data-state='open']")
    assert axe_violations(page) == []
    page.set_input_files("#save-file", str(path))
    page.wait_for_selector("body[data-state='end']")
    assert "/saves/" in page.url
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    page = pages.open(f"{live.url}saves")
    page.wait_for_selector("body[data-state='open']")
    pages.expected.append("400 (Bad Request)")
    page.set_input_files("#save-file", str(broken))
    page.wait_for_selector("#error:not([hidden])")
    assert "not a Motherlode save file" in page.inner_text("#error")
