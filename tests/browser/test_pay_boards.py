"""Pay Dirt's and Pay Day's boards (static/boards/paydirt.js, payday.js): a whole game played
only on the board by two people (two pages) and a bot. On every turn each action the decision
offers is on the board (a lit piece, a button of a piece or of the board's tray, a slider and
field for a number), so the generic controls below are never needed; a move is a click or Enter
on a piece. No element is wider than a 375 px phone; the board names things, never shows an id;
axe-core finds no serious or critical violation mid-game and at the end, at both sizes.
Screenshots at 1280 x 800 and 375 x 812, mid-game and at the end, go to /tmp/shots/."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from server.conftest import LiveServer

from motherlode.bots import strongest_bot
from motherlode.engine.registry import load

from .conftest import SHOTS, WAIT_MS, Pages
from .test_boards import TOO_WIDE, axe_violations

GAMES = {"paydirt": {}, "payday": {"months": 1}}
SHOT_AT = 25
PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 800}

#: On this page's turn: the actions on the board, its number fields [verb, min, max, step],
#: the actions and number fields of the generic controls, the version.
BOARD = """() => {
  const board = document.querySelector("#board .board");
  if (document.body.dataset.state !== "turn" || !board) return null;
  const actions = [...board.querySelectorAll("[data-action]")].map((e) => e.dataset.action);
  const ranges = [...board.querySelectorAll(".board-range")].map((r) => {
    const f = r.querySelector("input.amount");
    return [r.dataset.range, Number(f.min), Number(f.max), Number(f.step)];
  });
  const offered = [...document.querySelectorAll("#decision button[data-action]")]
    .map((b) => b.dataset.action);
  const fields = document.querySelectorAll("#decision input[data-range]").length;
  return [actions, ranges, offered, fields, Number(document.body.dataset.version)];
}"""

def data_ids(game: str) -> re.Pattern[str]:
    """The game's data ids with a dash (`claim-4`, `kaylee-wrench`, `bill-car-3`): never in the
    board's words (a board shows names)."""
    ids = sorted((i for i in load(game, players=3).glossary if "-" in i), key=len, reverse=True)
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, ids)) + r")(?![\w-])")


def state_of(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.state"))


def wait_state(page: Any, *states: str) -> None:
    page.wait_for_function(
        "states => states.includes(document.body.dataset.state)", arg=list(states),
        timeout=WAIT_MS,
    )


def shoot(page: Any, name: str) -> None:
    """The page at a desktop's and a phone's size (full page), checking the phone's width."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.keyboard.press("Escape")  # no tooltip left open by the last move's focus
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(SHOTS / f"{name}-1280.png"), full_page=True)
    assert axe_violations(page) == [], name
    # no sideways scrolling at 1280 px either, and no box of the board scrolls sideways
    width, scrolled, wide = page.evaluate(TOO_WIDE)
    assert (scrolled, wide) == (width, []), name
    assert page.evaluate("""() => [...document.querySelectorAll("#board .board *")]
      .filter((e) => e.scrollWidth > e.clientWidth + 1 &&
        ["auto", "scroll"].includes(getComputedStyle(e).overflowX)).length""") == 0, name
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(50)
    width, scrolled, wide = page.evaluate(TOO_WIDE)
    assert (scrolled, wide) == (width, []), name
    assert axe_violations(page) == [], name
    page.screenshot(path=str(SHOTS / f"{name}-375.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def move_on_board(page: Any, look: list[Any], rng: random.Random) -> str:
    """One of the board's moves: a lit piece or button (a click, or Enter from focus), or a
    number on a slider's field; what kind of move."""
    actions, ranges, _offered, _fields, _version = look
    choices = [("action", a) for a in dict.fromkeys(actions)] + [("range", r) for r in ranges]
    kind, what = choices[rng.randrange(len(choices))]
    board = page.locator("#board .board")
    if kind == "range":
        verb, low, high, step = what
        box = board.locator(f".board-range[data-range='{verb}']")
        box.locator("input.amount").fill(str(low + step * rng.randrange((high - low) // step + 1)))
        box.locator("button.range-go").click()
        return "range"
    target = board.locator(f"[data-action={_quoted(what)}]").first
    if rng.random() < 0.25:
        target.focus()
        page.keyboard.press("Enter")
        return "enter"
    target.click()
    return "click"


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def play_on_the_board(seats: list[Any], game: str, rng: random.Random) -> dict[str, int]:
    ids = data_ids(game)
    moves: dict[str, int] = {}
    done = 0
    deadline = time.monotonic() + 240
    while True:
        if all(state_of(page) == "over" for page in seats):
            return moves
        acted = False
        for page in seats:
            look = page.evaluate(BOARD)
            if look is None:
                continue
            actions, ranges, offered, fields, _version = look
            # every move the decision offers is on the board
            assert set(offered) <= set(actions), (game, set(offered) - set(actions))
            assert fields == len(ranges), (game, fields, ranges)
            words = page.locator("#board .board").inner_text()
            assert not ids.findall(words), (game, ids.findall(words))
            if done == SHOT_AT:
                shoot(page, f"{game}-board-mid")
            kind = move_on_board(page, look, rng)
            moves[kind] = moves.get(kind, 0) + 1
            done += 1
            acted = True
        if not acted:
            seats[0].wait_for_timeout(10)
        assert time.monotonic() < deadline, f"{game}: not over after {done} moves"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_played_on_the_board(game: str, live: LiveServer, pages: Pages) -> None:
    seed = 11 + sorted(GAMES).index(game)
    table = live.post("api/tables", {
        "game": game, "players": 3, "options": GAMES[game], "seed": seed,
        "seats": [{"human": True}, {"human": True}, {"bot": strongest_bot(game)}],
    })
    seats = [pages.open(seat["join"]) for seat in table["seats"] if seat["kind"] == "human"]
    for page in seats:
        wait_state(page, "turn", "wait", "over")
        page.wait_for_selector(f"#board .board-{game}")

    moves = play_on_the_board(seats, game, random.Random(seed))

    final = live.get(f"api/tables/{table['id']}")
    assert final["status"] == "finished"
    for page in seats:
        wait_state(page, "over")
        assert page.evaluate("Number(document.body.dataset.version)") == final["version"]
    shoot(seats[0], f"{game}-board-end")
    assert moves.get("click", 0) and moves.get("enter", 0), moves
    if game == "paydirt":
        assert moves.get("range", 0), moves  # bids on the board's slider and field


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_piece_names_itself(game: str, live: LiveServer, pages: Pages) -> None:
    """A piece with a tooltip shows its name on keyboard focus (and hides it on Escape)."""
    table = live.post("api/tables", {
        "game": game, "players": 2, "options": GAMES[game], "seed": 5,
        "seats": [{"human": True}, {"bot": strongest_bot(game)}],
    })
    page = pages.open(table["seats"][0]["join"])
    page.wait_for_selector(f"#board .board-{game} .has-tip")  # the module has come
    wait_state(page, "turn")  # the board stays as it is until this seat moves
    pieces = page.locator(f"#board .board-{game} .has-tip")
    assert pieces.count() > 10
    piece = pieces.nth(pieces.count() // 2)
    piece.scroll_into_view_if_needed()  # (a scroll hides a tooltip)
    page.wait_for_timeout(100)
    piece.focus()
    tip = page.locator("#tip")
    assert tip.is_visible()
    title = piece.get_attribute("data-tip-title")
    assert title and title in tip.inner_text()
    assert not data_ids(game).findall(tip.inner_text())
    page.keyboard.press("Escape")
    assert tip.is_hidden()
