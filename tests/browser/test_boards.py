"""The boards (static/boards/<game>.js) in the browser: a whole Dig It Up game played by two
people and a bot by clicking only what the board lights (never the decision's controls below
it); the board at 375 x 812 with no element wider than the viewport; axe-core (vendored in
vendor/, see its README) finding no serious or critical violation on the lobby and on the board
mid-game; tooltips on keyboard focus; the first board drawn soon after navigation."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from server.conftest import LiveServer

from motherlode.bots import strongest_bot

from .conftest import WAIT_MS, Pages

VENDOR = Path(__file__).resolve().parent / "vendor"
AXE = VENDOR / "axe-4.10.3.min.js"

#: Clicks before the mid-game checks (sizes, axe, tooltips).
MID_GAME = 10

#: Elements whose box reaches past the viewport's edges (none may, at 375 px), but for those
#: inside a frame that scrolls (or clips) within the viewport: a large board's own frame.
TOO_WIDE = """() => {
  const width = document.documentElement.clientWidth;
  const outside = (box) => box.right > width + 0.5 || box.left < -0.5;
  const framed = (element) => {
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      const overflow = getComputedStyle(up).overflowX;
      if (overflow !== "visible" && !outside(up.getBoundingClientRect())) return true;
    }
    return false;
  };
  const wide = [];
  for (const element of document.querySelectorAll("body *")) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && outside(box) && !framed(element)) {
      wide.push(`${element.tagName}.${element.getAttribute("class")} ${box.left}..${box.right}`);
    }
  }
  return [width, document.documentElement.scrollWidth, wide];
}"""

#: The lit targets on the board: [enabled targets, whether the decision's controls show].
LIT = """() => [
  [...document.querySelectorAll("#board [data-action]")].filter((e) => !e.disabled).length,
  !document.getElementById("decision").hidden]"""


def axe_violations(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is: "rule: target"."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate("""async () => {
      const result = await axe.run(document, { resultTypes: ["violations"] });
      return result.violations.filter((v) => ["serious", "critical"].includes(v.impact))
        .map((v) => `${v.id} (${v.impact}): ` + v.nodes.map((n) => n.target.join(" ")).join(", "));
    }""")
    return list(found)


def state_of(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.state"))


def click_on_the_board(page: Any, rng: random.Random, keyboard: bool) -> str:
    """Click one of the board's lit targets, or reach it by keyboard focus and press Enter
    (the decision's controls are never touched); the target's stable name (data-focus)."""
    targets = page.locator("#board [data-action]:not([disabled])")
    count, _ = page.evaluate(LIT)
    assert count > 0, "the board lights nothing on this seat's turn"
    target = targets.nth(rng.randrange(count))
    name = str(target.get_attribute("data-focus"))
    if keyboard:
        target.focus()
        page.keyboard.press("Enter")
    else:
        target.click()
    return name


#: The focused element's stable name on the board ("" for the page's body).
FOCUSED = "() => (document.activeElement && document.activeElement.dataset.focus) || ''"


def check_mid_game(page: Any) -> None:
    page.set_viewport_size({"width": 375, "height": 812})
    page.wait_for_timeout(100)
    width, scroll_width, wide = page.evaluate(TOO_WIDE)
    assert wide == [] and scroll_width == width, wide
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 1280, "height": 900})
    assert axe_violations(page) == []
    # a tile speaks on keyboard focus: its name and its text
    tile = page.locator("#board .du-space .du-tile").first.locator("xpath=..")
    tile.focus()
    tip = page.locator("#tip")
    assert tip.is_visible()
    title = tile.get_attribute("data-tip-title")
    assert title and title in tip.inner_text() and "(A" in title  # "Stone (A1)"
    assert tile.get_attribute("data-tip-text") in tip.inner_text()
    page.keyboard.press("Escape")
    assert tip.is_hidden()


def test_a_dig_it_up_game_played_on_the_board(live: LiveServer, pages: Pages) -> None:
    table = live.post("api/tables", {
        "game": "digitup", "players": 3, "seed": 11,
        "seats": [{"human": True}, {"human": True}, {"bot": strongest_bot("digitup")}],
    })
    seats = [pages.open(seat["join"]) for seat in table["seats"] if seat["kind"] == "human"]
    for page in seats:
        page.wait_for_selector("body[data-drawn='1']")
        assert page.locator(".board.board-digitup .du-site").count() == 6
        assert page.locator("#view").is_hidden()  # the panels are the fallback only
    # each seat's own mission is for its eyes only
    rng = random.Random(11)
    clicks = 0
    checked = False
    deadline = time.monotonic() + 120
    while not all(state_of(page) == "over" for page in seats):
        acted = False
        for page in seats:
            if state_of(page) != "turn":
                continue
            if clicks == MID_GAME and not checked:
                check_mid_game(page)
                checked = True
            version = page.evaluate("document.body.dataset.version")
            keyboard = page is seats[0]
            focused = click_on_the_board(page, rng, keyboard)
            page.wait_for_function("v => document.body.dataset.version !== v", arg=version,
                                   timeout=WAIT_MS)
            if keyboard:  # the focus stays where it was (the board is drawn anew), or on
                # the board when that target is gone (a mission card once kept)
                still = page.locator(f"#board [data-focus='{focused}']").count()
                now = page.evaluate(FOCUSED)
                assert now == focused if still else page.evaluate(
                    "document.activeElement.classList.contains('board')")
            clicks += 1
            acted = True
        if not acted:
            seats[0].wait_for_timeout(5)
        assert time.monotonic() < deadline, f"not over after {clicks} clicks"
    assert checked
    final = live.get(f"api/tables/{table['id']}")
    assert final["status"] == "finished"
    for page in seats:
        page.wait_for_selector("body[data-scores='1']")
        assert page.locator("#scores tbody tr").count() == 3
        # every kept mission is face up at the end, with each scoreboard's money
        assert page.locator(".du-scoreboard .du-card.mission.face-up").count() == 3
        assert page.locator(".du-scoreboard .du-final").count() == 3
    assert axe_violations(seats[0]) == []  # the score sheet and the revealed missions
    seats[0].set_viewport_size({"width": 375, "height": 812})
    width, scroll_width, wide = seats[0].evaluate(TOO_WIDE)
    assert wide == [] and scroll_width == width, wide
    # the log follows its newest line across a resize
    seats[0].set_viewport_size({"width": 1280, "height": 500})
    seats[0].wait_for_function(
        "() => { const l = document.getElementById('log');"
        " return l.scrollHeight - l.scrollTop - l.clientHeight < 30; }")


def test_only_the_own_mission_shows(live: LiveServer, pages: Pages) -> None:
    table = live.post("api/tables", {
        "game": "digitup", "players": 2, "seed": 5,
        "seats": [{"human": True}, {"bot": strongest_bot("digitup")}],
    })
    page = pages.open(table["seats"][0]["join"])
    page.wait_for_selector("body[data-drawn='1']")
    assert page.locator(".du-missions .du-card.lit").count() == 3  # dealt: click one
    page.locator(".du-missions .du-card.lit").first.click()
    page.wait_for_selector(".du-scoreboard.mine .du-card.face-up")
    assert "only you see this" in page.locator(".du-scoreboard.mine").inner_text()
    page.wait_for_selector(".du-scoreboard:not(.mine) .du-card.face-down")
    assert page.locator(".du-scoreboard:not(.mine) .du-card.face-up").count() == 0


def test_the_lobby_has_no_serious_accessibility_violation(
    live: LiveServer, pages: Pages
) -> None:
    assert "digitup" in live.get("api/boards")["boards"]  # the games drawn as a board
    lobby = pages.open(live.url)
    lobby.wait_for_selector("body[data-ready='1']")
    assert axe_violations(lobby) == []
    lobby.set_viewport_size({"width": 375, "height": 812})
    width, scroll_width, wide = lobby.evaluate(TOO_WIDE)
    assert wide == [] and scroll_width == width, wide
    # a card per game with its picture and a sentence; Saboteur's base edition in one click
    assert lobby.locator(".game-card svg.game-picture").count() == 5
    lobby.click("button.quick[data-game='saboteur-base']")
    lobby.wait_for_selector("body[data-drawn='1']")
    table_id = lobby.url.rsplit("/", 1)[-1]
    info = live.get(f"api/tables/{table_id}")
    assert info["options"]["edition"] == "base" and info["title"] == "Saboteur", info


def test_the_first_board_is_drawn_soon_after_navigation(
    live: LiveServer, pages: Pages
) -> None:
    """The frame marks `motherlode:board-drawn` when it first draws the game; a generous
    bound here (a busy test machine), the figure on a quiet one in docs/performance.md."""
    table = live.post("api/tables", {"game": "digitup", "seed": 3})
    page = pages.open(table["seats"][0]["join"])
    page.wait_for_selector("body[data-drawn='1']")
    drawn = page.evaluate(
        "performance.getEntriesByName('motherlode:board-drawn')[0].startTime")
    assert 0 < drawn < 3000, drawn


#: A score sheet as CONTRACTS §1 gives it (Pay Day's parts), drawn by static/scores.js.
SHEET = {
    "title": "Final scores", "final": True,
    "columns": [{"key": "cash", "label": "Cash", "unit": "$"},
                {"key": "loans", "label": "Loans to repay", "unit": "$"}],
    "total": {"label": "Total", "unit": "$"},
    "rows": [{"seat": 0, "parts": [3900, -1000], "total": 2900, "place": 2},
             {"seat": 1, "parts": [4100, 0], "total": 4100, "place": 1}],
    "tie_breaks": ["No tie."], "winners": [1], "notes": ["Cash minus loans."],
}


def test_the_score_sheet_draws_each_part_with_its_unit(live: LiveServer, pages: Pages) -> None:
    page = pages.open(live.url)
    page.wait_for_selector("body[data-ready='1']")
    text = page.evaluate("""async (sheet) => {
      const { drawSheet } = await import("/static/scores.js");
      const box = document.createElement("section");
      document.body.append(box);
      drawSheet(box, sheet, ["Ana", "Bo"]);
      return [box.innerText, box.querySelectorAll("tr.winner").length,
        box.querySelectorAll("th:empty").length];
    }""", SHEET)
    words, winners, empty_headers = text
    round_sheet = page.evaluate("""async (sheet) => {
      const { drawSheet } = await import("/static/scores.js");
      const box = document.createElement("section");
      document.body.append(box);
      drawSheet(box, { ...sheet, title: "Round 1 of 3", final: false }, ["Ana", "Bo"]);
      const details = box.querySelector("details");
      details.open = false;  // folded by the player: it stays folded when drawn again
      await new Promise((resolve) => setTimeout(resolve, 0));
      drawSheet(box, { ...sheet, title: "Round 1 of 3", final: false }, ["Ana", "Bo"]);
      const kept = box.querySelector("details").open;
      drawSheet(box, { ...sheet, title: "Round 2 of 3", final: false }, ["Ana", "Bo"]);
      return [kept, box.querySelector("details").open];
    }""", SHEET)
    assert round_sheet == [False, True]  # a new round's sheet opens
    for part in ["Final scores", "Cash", "Loans to repay", "$3,900", "-$1,000", "$2,900",
                 "$4,100", "Ana", "Bo", "★ wins", "2nd", "No tie.", "Cash minus loans."]:
        assert part in words, part
    assert winners == 1 and empty_headers == 0


#: From now on, the page's moves go out with another action than the one clicked (as a page
#: out of date would send): the server refuses them.
GARBLE = """() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const message = JSON.parse(data);
    if (message.type === "move") message.action = "keep no-such-mission";
    return send.call(this, JSON.stringify(message));
  };
}"""


def test_a_refused_move_shows_the_reason_beside_its_target(
    live: LiveServer, pages: Pages
) -> None:
    table = live.post("api/tables", {
        "game": "digitup", "players": 2, "seed": 5,
        "seats": [{"human": True}, {"bot": strongest_bot("digitup")}],
    })
    page = pages.open(table["seats"][0]["join"])
    page.wait_for_selector("body[data-state='turn']")
    page.evaluate(GARBLE)
    card = page.locator(".du-missions .du-card.lit").first
    action = card.get_attribute("data-action")
    card.click()
    note = page.locator(f"#board [data-action='{action}'] + .du-refused")
    note.wait_for()
    reason = page.locator("#refusal").inner_text()
    assert note.inner_text() and reason == f"Refused: {note.inner_text()}"
    assert page.evaluate("document.body.dataset.state") == "turn"  # choose again
