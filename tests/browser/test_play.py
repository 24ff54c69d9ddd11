"""Whole games in the browser: for each game two people (two pages, each with its seat's link)
and a bot play to the end by clicking the page's controls, any control offered each turn; a
spectator page follows the game; a page reloaded mid-game comes back to its seat. A screenshot
of each game's page mid-game goes to /tmp/shots/ (to look at)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from server.conftest import LiveServer

from motherlode.bots import strongest_bot

from .conftest import SHOTS, WAIT_MS, Pages

#: Each game at its shortest: three seats (two people, a bot), short options, a fixed seed.
GAMES = {
    "digitup": {},
    "paydirt": {},
    "payday": {"months": 1},
    "saboteur": {"edition": "base"},  # 3 rounds of a smaller deck than gold's
}

#: Clicks before the screenshot, and before the first page is reloaded.
SHOT_AT = 12
RELOAD_AT = 20

#: The page's state and version, and on its turn each group of controls the decision offers:
#: [kind, how many action buttons, open (a cell picker), [min, max, step] (a number field)].
LOOK = """() => {
  const body = document.body;
  const groups = body.dataset.state !== "turn" ? [] :
    [...document.querySelectorAll("#decision .group")].map((group) => {
      const field = group.querySelector("input[data-range]");
      return [group.dataset.kind, group.querySelectorAll("button[data-action]").length,
        group.open === true, field ? [field.min, field.max, field.step].map(Number) : null];
    });
  return [body.dataset.state, Number(body.dataset.version), groups];
}"""


def make_table(live: LiveServer, game: str, seed: int) -> dict[str, Any]:
    table: dict[str, Any] = live.post("api/tables", {
        "game": game, "players": 3, "options": GAMES[game], "seed": seed,
        "seats": [{"human": True}, {"human": True}, {"bot": strongest_bot(game)}],
    })
    return table


def wait_state(page: Any, *states: str) -> None:
    page.wait_for_function(
        "states => states.includes(document.body.dataset.state)", arg=list(states),
        timeout=WAIT_MS,
    )


def click_any(page: Any, groups: list[Any], rng: random.Random) -> str:
    """Click one of the controls the decision offers (a group, then one of its controls);
    the kind of group clicked."""
    index = rng.randrange(len(groups))
    kind, buttons, is_open, numbers = groups[index]
    group = page.locator(f"#decision .group[data-group='{index}']")
    if kind == "range":
        low, high, step = numbers
        group.locator("input[data-range]").fill(
            str(low + step * rng.randrange((high - low) // step + 1)))
        group.locator("button[data-range-go]").click()
        return str(kind)
    if kind == "cell" and not is_open:
        group.locator("summary").click()
    group.locator("button[data-action]").nth(rng.randrange(buttons)).click()
    return str(kind)


def play_to_the_end(
    pages: Pages, live: LiveServer, seats: list[Any], table: dict[str, Any], rng: random.Random
) -> dict[str, int]:
    """Click for both seats until the game is over; the kinds of control clicked."""
    clicks: dict[str, int] = {}
    done = 0
    deadline = time.monotonic() + 120
    game = table["game"]
    while True:
        looks = [page.evaluate(LOOK) for page in seats]
        if all(state == "over" for state, _, _ in looks):
            return clicks
        acted = False
        for index, (state, _version, groups) in enumerate(looks):
            if state != "turn":
                continue
            if done == SHOT_AT:  # the page as its player sees it, with its controls
                SHOTS.mkdir(parents=True, exist_ok=True)
                seats[index].screenshot(path=str(SHOTS / f"{game}.png"), full_page=True)
            kind = click_any(seats[index], groups, rng)
            clicks[kind] = clicks.get(kind, 0) + 1
            done += 1
            acted = True
            if done == RELOAD_AT:
                reload_comes_back(seats, index, table, live)
        if not acted:
            seats[0].wait_for_timeout(5)
        assert time.monotonic() < deadline, f"{game}: not over after {done} clicks"


def reload_comes_back(
    seats: list[Any], index: int, table: dict[str, Any], live: LiveServer
) -> None:
    """The page reloaded mid-game (seat 0: the link again; seat 1: the table's address without
    its fragment, the token kept in the tab) is back at its seat, at the table's version."""
    page = seats[index]
    wait_state(page, "turn", "wait", "over")
    if index == 0:
        page.reload()
    else:
        page.goto(live.url + f"tables/{table['id']}")
        assert "token" not in page.url
    wait_state(page, "turn", "wait", "over")
    assert page.evaluate("document.body.dataset.seat") == str(index)
    version = page.evaluate("Number(document.body.dataset.version)")
    assert version >= live.get(f"api/tables/{table['id']}")["version"] - 1
    assert page.locator("#log li").count() > 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_two_people_and_a_bot_play_to_the_end(
    game: str, live: LiveServer, pages: Pages
) -> None:
    seed = sorted(GAMES).index(game) + 3
    table = make_table(live, game, seed)
    joins = [seat["join"] for seat in table["seats"] if seat["kind"] == "human"]
    spectator = pages.open(table["spectate"])
    seats = [pages.open(link) for link in joins]
    for page in [spectator, *seats]:
        wait_state(page, "turn", "wait", "over")
    assert spectator.evaluate("document.body.dataset.seat") == "spectator"

    clicks = play_to_the_end(pages, live, seats, table, random.Random(seed))

    final = live.get(f"api/tables/{table['id']}")
    assert final["status"] == "finished"
    scores = live.get(f"api/tables/{table['id']}/scores")
    for page in [*seats, spectator]:
        wait_state(page, "over")
        page.wait_for_selector("body[data-scores='1']")
        assert page.evaluate("Number(document.body.dataset.version)") == final["version"]
        assert page.locator("#scores tbody tr").count() == 3
        assert page.locator("#turn").inner_text() == "The game is over."
        assert page.locator("#decision").is_hidden()
        shown = page.locator("#scores tbody tr.winner").count()
        assert shown == len(scores["winners"])
    spectator.screenshot(path=str(SHOTS / f"{game}-end.png"))
    for page in [*seats, spectator]:  # each log shows its newest line
        assert page.evaluate(
            "() => { const l = document.getElementById('log');"
            " return l.scrollHeight - l.scrollTop - l.clientHeight < 30; }")
    # the spectator followed every move: its log is the table's public log, a line per event
    assert spectator.locator("#log li").count() >= final["version"] // 2
    assert sum(clicks.values()) > 0
    # the seat tokens never left the browser in an address (only in the WebSocket's hello)
    assert any("/ws" in url for url in pages.requests)
    for seat in table["seats"]:
        if seat["kind"] == "human":
            assert not [url for url in pages.requests if seat["token"] in url]
    if game == "saboteur":
        assert clicks.get("cell", 0) > 0, clicks
    if game == "paydirt":
        assert clicks.get("range", 0) > 0, clicks
