"""Every piece speaks (BOARDS.md "Every component speaks"; issue 19): a tile, card, space or role
shows its name AND its text on hover, tap and keyboard focus, for every seat and after a reload,
from the game's glossary (`GET /api/tables/{id}/glossary`) where the view names a piece by id
only; never an id. The tooltip stays while keyboard focus scrolls its piece into view, and a tap
shows it on a phone. On a phone, Pay Dirt draws the player's own board before the auction and
the opponents' boards. Saboteur's cards go by the rulebook's names on the board, in the
controls and in the log."""

from __future__ import annotations

import random
import re
import urllib.error
from typing import Any

import pytest
from server.conftest import LiveServer

import motherlode
from motherlode.bots import strongest_bot
from motherlode.engine.savefile import save_dict

from .conftest import Pages
from .test_boards import TOO_WIDE
from .test_pay_boards import PHONE, data_ids, state_of, wait_state

#: Every tooltip of the board: [title, text] of each piece that has one.
TIPS = """(selector) => [...document.querySelectorAll(selector)]
  .map((e) => [e.dataset.tipTitle || "", e.dataset.tipText || ""])"""


def two_people(live: LiveServer, game: str, options: dict[str, Any] | None = None,
               seed: int = 5) -> dict[str, Any]:
    table: dict[str, Any] = live.post("api/tables", {
        "game": game, "players": 2, "options": options or {}, "seed": seed,
        "seats": [{"human": True}, {"human": True}],
    })
    return table


def opened(pages: Pages, link: str, game: str) -> Any:
    page = pages.open(link)
    page.wait_for_selector(f"#board .board-{game} .has-tip")
    wait_state(page, "turn", "wait")
    return page


def glossary_drawn(page: Any, game: str) -> None:
    """Wait until the board has been drawn with the glossary (it comes beside the view)."""
    page.wait_for_function(
        """(game) => [...document.querySelectorAll(`#board .board-${game} .pd-tile`)]
          .every((e) => !/ tile$/.test(e.dataset.tipText || ""))""", arg=game)


def test_pay_dirt_tiles_show_their_texts_to_every_seat_and_after_a_reload(
    live: LiveServer, pages: Pages
) -> None:
    table = two_people(live, "paydirt")
    glossary = live.get(f"api/tables/{table['id']}/glossary")["glossary"]
    # the box's texts only: an ore tile (a number, which fixes its hidden value) is never named
    assert glossary and not [key for key in glossary if key.isdigit()]
    ids = data_ids("paydirt")
    for seat in table["seats"]:  # the seat deciding, and the one waiting (no option texts)
        page = opened(pages, seat["join"], "paydirt")
        glossary_drawn(page, "paydirt")
        for reload in (False, True):
            if reload:
                page.reload()
                page.wait_for_selector("#board .board-paydirt .pd-tile")
                glossary_drawn(page, "paydirt")
            tiles = page.evaluate(TIPS, "#board .board-paydirt .pd-tile")
            assert len(tiles) >= 8, tiles
            for title, text in tiles:
                assert title and text, (title, text)
                assert not text.endswith(" tile"), (title, text)  # a kind, not a text
                assert not ids.findall(f"{title} {text}"), (title, text)
            texts = {text for _, text in tiles}
            # the printed texts are the glossary's (specialists, upgrades, claims on display)
            assert texts & set(glossary.values()), texts
            machines = page.evaluate(TIPS, "#board .board-paydirt .machine")
            for word in ("excavator", "loader", "wash_plant"):  # what each machine does
                assert any(glossary[word][1:] in text for _, text in machines), (word, machines)


def test_the_glossary_route_answers_for_a_table_and_refuses_an_unknown_one(
    live: LiveServer
) -> None:
    table = two_people(live, "payday", {"months": 1})
    answer = live.get(f"api/tables/{table['id']}/glossary")
    assert answer["game"] == "payday"
    assert "Buyer space" in answer["glossary"]["buyer"]
    with pytest.raises(urllib.error.HTTPError) as refused:
        live.get("api/tables/no-such-table/glossary")
    assert refused.value.code == 404


def test_every_pay_day_square_says_what_it_does(live: LiveServer, pages: Pages) -> None:
    table = two_people(live, "payday", {"months": 1})
    glossary = live.get(f"api/tables/{table['id']}/glossary")["glossary"]
    page = opened(pages, table["seats"][0]["join"], "payday")
    page.wait_for_function("""() => [...document.querySelectorAll(
      "#board .pt-day:not(.blank)")].every((e) => (e.dataset.tipText || "").length > 40)""")
    squares = page.evaluate("""() => [...document.querySelectorAll("#board .pt-day:not(.blank)")]
      .map((e) => [e.className, e.dataset.tipTitle, e.dataset.tipText])""")
    assert len(squares) == 33, len(squares)  # START, days 1-31, PAY DAY
    for classes, title, text in squares:
        kind = re.search(r"kind-(\w+)", classes)
        assert kind, classes
        said = glossary[kind.group(1)]
        if kind.group(1) == "mail":
            count = re.search(r"Mail (\d)", title)
            assert count, title
            said = glossary[f"Mail {count.group(1)}"]
        assert said in text, (title, text)
    # the square's text shows on focus, and Escape hides it
    square = page.locator("#board .pt-day.kind-buyer").first
    square.focus()
    assert "sell one of your Bargains" in page.locator("#tip").inner_text()
    page.keyboard.press("Escape")
    assert page.locator("#tip").is_hidden()


def test_a_tooltip_stays_while_focus_scrolls_its_piece_into_view(
    live: LiveServer, pages: Pages
) -> None:
    table = two_people(live, "payday", {"months": 1})
    page = opened(pages, table["seats"][0]["join"], "payday")
    page.set_viewport_size(PHONE)
    page.evaluate("window.scrollTo(0, 0)")
    # the last piece of the board, far below a phone's first screen
    piece = page.locator("#board .board-payday .has-tip").last
    assert page.evaluate("(e) => e.getBoundingClientRect().top > innerHeight",
                         piece.element_handle())
    piece.focus()  # the browser scrolls it into view: the tooltip stays, beside it
    page.wait_for_timeout(200)
    assert page.evaluate("scrollY") > 0
    tip = page.locator("#tip")
    assert tip.is_visible()
    assert piece.get_attribute("data-tip-title") in tip.inner_text()
    placed = page.evaluate("""(e) => {
      const a = e.getBoundingClientRect(), b = document.getElementById("tip")
        .getBoundingClientRect();
      return Math.min(Math.abs(b.top - a.bottom), Math.abs(a.top - b.bottom));
    }""", piece.element_handle())
    assert placed < 20, placed
    # a scroll of the page moves it with its piece (no hiding while the piece is in sight)
    page.mouse.wheel(0, 40)
    page.wait_for_timeout(150)
    assert tip.is_visible()


def test_a_tap_shows_a_tooltip_on_a_phone_and_a_tap_elsewhere_hides_it(
    live: LiveServer, browser: Any
) -> None:
    table = two_people(live, "paydirt")
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(table["seats"][1]["join"])  # the seat waiting: nothing to send by a tap
        page.wait_for_selector("#board .board-paydirt .pd-tile")
        glossary_drawn(page, "paydirt")
        tile = page.locator("#board .board-paydirt .pd-tile").first
        tile.scroll_into_view_if_needed()
        tile.tap()
        tip = page.locator("#tip")
        assert tip.is_visible()
        text = tile.get_attribute("data-tip-text")
        assert text and text in tip.inner_text()
        page.locator("#board .pd-auction h3").tap()  # words near the tile, no piece
        assert tile.is_visible() and tip.is_hidden()
    finally:
        context.close()


def test_on_a_phone_pay_dirt_draws_the_own_board_first(live: LiveServer, pages: Pages) -> None:
    """The own board before the auction and the opponents' boards; the auction before the own
    board for the seat whose decision is there (a tile to put up)."""
    table = two_people(live, "paydirt")
    for seat in table["seats"]:
        page = pages.open(seat["join"])
        page.set_viewport_size(PHONE)
        wait_state(page, "turn", "wait")
        page.wait_for_selector("#board .board-paydirt .pd-player.mine")
        deciding = state_of(page) == "turn"
        for size in (PHONE, {"width": 1280, "height": 800}):
            page.set_viewport_size(size)
            page.wait_for_timeout(100)
            tops = page.evaluate("""() => {
              const top = (s) => document.querySelector(s).getBoundingClientRect().top;
              return {
                mine: top(".pd-player.mine"),
                auction: top(".pd-auction"),
                others: Math.min(...[...document.querySelectorAll(".pd-player:not(.mine)")]
                  .map((e) => e.getBoundingClientRect().top)),
                round: top(".pd-top"),
              };
            }""")
            assert tops["mine"] < tops["others"], (size, tops)
            if size == PHONE and deciding:  # a tile to put up: the auction comes first
                assert tops["round"] < tops["auction"] < tops["mine"], tops
            elif size == PHONE:
                assert tops["round"] < tops["mine"] < tops["auction"], tops


def test_saboteur_names_cards_by_the_rulebook_on_the_board_in_the_controls_and_the_log(
    live: LiveServer, pages: Pages
) -> None:
    bot = strongest_bot("saboteur")
    table = live.post("api/tables", {
        "game": "saboteur", "players": 4, "seed": 9,
        "seats": [{"bot": bot}, {"bot": bot}, {"bot": bot}, {"human": True}],
    })
    page = pages.open(table["seats"][3]["join"])
    wait_state(page, "turn")  # three bots have moved: their cards are in the log
    page.wait_for_function("document.querySelectorAll('#log li').length >= 4")
    ids = data_ids("saboteur")
    for part in ("#board", "#decision", "#log", "#turn"):
        words = page.locator(part).inner_text()
        assert not ids.findall(words), (part, ids.findall(words))
    tips = page.evaluate(TIPS, "#board .has-tip")
    assert not ids.findall(" ".join(f"{a} {b}" for a, b in tips))
    # the hand's cards by their names; an action card by the rulebook's
    names = page.locator("#board .sab-card .sab-card-name").all_inner_texts()
    assert len(names) == 6 and all(names), names
    rulebook = {"Done diggin'!", "Going nowhere without a lamp!", "Miners need trolleys",
                "Fixed it!", "Mend that lamp!", "Mending trolleys", "Rock fall", "Map",
                "Theft", "Hands Off", "Swap hands", "Inspection", "Change hats",
                "Trapped in prison!", "Free at last!"}
    controls = page.locator("#decision").inner_text()
    for name in names:
        if name in rulebook or name.startswith("Mend a "):
            assert name in controls


def test_on_a_phone_saboteur_puts_the_hand_first_and_a_pick_brings_the_mine_into_sight(
    live: LiveServer, pages: Pages
) -> None:
    bot = strongest_bot("saboteur")
    table = live.post("api/tables", {
        "game": "saboteur", "players": 3, "seed": 4,
        "seats": [{"human": True}, {"bot": bot}, {"bot": bot}],
    })
    page = pages.open(table["seats"][0]["join"])
    page.set_viewport_size(PHONE)
    wait_state(page, "turn")
    page.wait_for_selector("#board .sab-card")
    tops = page.evaluate("""() => Object.fromEntries(["sab-top", "sab-hand", "sab-act",
      "sab-frame", "sab-players"].map((c) => [c, document.querySelector(`#board .${c}`)
      .getBoundingClientRect().top + scrollY]))""")
    order = sorted(tops, key=tops.__getitem__)
    assert order == ["sab-top", "sab-hand", "sab-act", "sab-frame", "sab-players"], tops
    width, scrolled, wide = page.evaluate(TOO_WIDE)
    assert (scrolled, wide) == (width, [])
    # a path card that fits: the line with its Turn button and the mine come into sight
    for card in page.locator("#board .sab-card").all():
        card.click()
        if page.locator("#board .sab-cell.lit").count():
            break
    else:
        raise AssertionError("no card of the hand fits the mine")
    page.wait_for_timeout(200)
    act, frame = page.evaluate("""() => [".sab-act", ".sab-frame"].map((s) => {
      const r = document.querySelector(`#board ${s}`).getBoundingClientRect();
      return [r.top, r.bottom];
    })""")
    assert act[0] >= -1 and frame[0] < 812, (act, frame)
    lit = page.locator("#board .sab-cell.lit").first
    assert lit.is_visible()


#: Each board's own area, the others' areas and where the decision's targets are lit.
AREAS = {
    "digitup": (".du-scoreboard.mine", ".du-scoreboard:not(.mine)", {}),
    "payday": (".pt-player.mine", ".pt-player:not(.mine)", {"months": 1}),
    "paydirt": (".pd-player.mine", ".pd-player:not(.mine)", {}),
}


@pytest.mark.parametrize("game", sorted(AREAS))
def test_on_a_phone_the_own_area_comes_before_the_others_and_the_decision_is_near_the_top(
    game: str, live: LiveServer, pages: Pages
) -> None:
    mine, others, options = AREAS[game]
    bot = strongest_bot(game)
    table = live.post("api/tables", {
        "game": game, "players": 3, "options": options, "seed": 6,
        "seats": [{"human": True}, {"bot": bot}, {"bot": bot}],
    })
    page = pages.open(table["seats"][0]["join"])
    page.set_viewport_size(PHONE)
    wait_state(page, "turn")
    page.wait_for_selector(f"#board {mine}")
    page.wait_for_timeout(100)
    tops = page.evaluate("""([mine, others]) => {
      const top = (e) => e.getBoundingClientRect().top + scrollY;
      const lit = [...document.querySelectorAll("#board [data-action]")].map(top);
      return [top(document.querySelector(`#board ${mine}`)),
        Math.min(...[...document.querySelectorAll(`#board ${others}`)].map(top)),
        lit.length ? Math.min(...lit) : null];
    }""", [mine, others])
    own, other, first_target = tops
    assert own < other, (game, tops)
    # the decision's first target within the first two screens of the page
    assert first_target is not None and first_target < 2 * PHONE["height"], (game, tops)


def test_on_a_phone_a_pay_day_decision_beside_the_month_comes_before_it(
    live: LiveServer, pages: Pages
) -> None:
    bot = strongest_bot("payday")
    table = live.post("api/tables", {
        "game": "payday", "players": 3, "options": {"months": 1}, "seed": 7,
        "seats": [{"human": True}, {"bot": bot}, {"bot": bot}],
    })
    page = pages.open(table["seats"][0]["join"])
    page.set_viewport_size(PHONE)
    rng = random.Random(7)
    for _ in range(80):
        wait_state(page, "turn", "over")
        if state_of(page) == "over":
            break
        side = page.evaluate("""() => {
          const top = (s) => document.querySelector(s).getBoundingClientRect().top;
          const beside = document.querySelector(
            "#board .pt-side [data-action], #board .pt-side .board-range");
          if (!beside || document.querySelector("#board .pt-calendar [data-action]")) return null;
          return [top("#board .pt-side"), top("#board .pt-calendar")];
        }""")
        if side is not None:
            assert side[0] < side[1], side  # the panel with the decision, then the month
            return
        version = page.evaluate("document.body.dataset.version")
        targets = page.locator("#board [data-action]:visible:not([disabled])")
        if targets.count():
            targets.nth(rng.randrange(targets.count())).click()
        else:
            page.locator("#board .board-range button.range-go").first.click()
        page.wait_for_function(
            "v => document.body.dataset.version !== v || document.body.dataset.state !== 'sending'",
            arg=version)
    raise AssertionError("no decision beside the month came up")


def test_a_replay_gives_pay_dirt_tiles_their_texts(live: LiveServer, pages: Pages) -> None:
    """The replay page reads the glossary too (a save file opened on the server)."""
    game = motherlode.load("paydirt", players=2)
    state = game.new_game(5)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    opened = live.post("api/saves", save_dict(state))
    page = pages.open(f"{live.url}saves/{opened['save']}")
    page.wait_for_selector("body[data-drawn='1'] #board .board-paydirt .pd-tile")
    page.wait_for_function("""() => [...document.querySelectorAll("#board .pd-tile")]
      .every((e) => !/ tile$/.test(e.dataset.tipText || ""))""")
    glossary = live.get(f"api/saves/{opened['save']}/glossary")["glossary"]
    texts = {text for _, text in page.evaluate(TIPS, "#board .pd-tile")}
    assert texts and texts <= set(glossary.values()), texts - set(glossary.values())
