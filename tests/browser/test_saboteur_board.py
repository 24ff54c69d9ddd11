"""Saboteur Gold's board (static/boards/saboteur.js) played by hand: five dwarves, two people
(one at a desktop, one on a phone) and three bots, a whole game of three rounds played only by
clicking the board — a hand card, then a lit cell, a lit dwarf, the Turn button or the discard
button — never the generic controls. Checked on the way: the lit cells are exactly the
decision's cells for the picked card and its way up, no card id is ever shown, nothing is wider
than the phone's screen, axe-core finds no serious or critical violation mid-game and at the
end, the share-out appears at a round's end. Screenshots go to
/tmp/shots/saboteur-board-*.png (to look at)."""

from __future__ import annotations

import random
import re
import time
from typing import Any

from server.conftest import LiveServer

from motherlode.bots import strongest_bot

from .conftest import SHOTS, WAIT_MS, Pages
from .test_boards import axe_violations

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 812}

#: The page's state and what its board offers now.
LOOK = """() => {
  const board = document.querySelector('.board-saboteur');
  const q = (s) => board ? board.querySelectorAll(s).length : 0;
  return {
    state: document.body.dataset.state,
    version: Number(document.body.dataset.version),
    board: Boolean(board),
    phase: (window.__phase || ''),
    hand: q('.sab-card'),
    usable: q('.sab-card[data-usable="1"]'),
    picked: q('.sab-card[aria-pressed="true"]'),
    fits: q('.sab-cell.lit.fits'),
    otherWay: q('.sab-cell.lit.other-way'),
    dwarves: q('.sab-dwarf .sab-go'),
    acts: q('.sab-act .sab-go'),
    turn: q('[data-turn]'),
  };
}"""

#: Elements reaching past the right edge of the screen (a scrolling frame's inside excepted).
WIDE = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.sab-scroll') && !el.classList.contains('sab-scroll')) continue;
    if (el.closest('[hidden]') || el.id === 'tip') continue;
    const rect = el.getBoundingClientRect();
    if (rect.width && rect.right > width + 1) wide.push(`${el.tagName}.${el.className}`);
  }
  return [document.documentElement.scrollWidth, width, wide.slice(0, 5)];
}"""

#: For the picked path card: the actions of the cells the board lit for its way up, and the
#: actions the generic controls (the decision as the frame draws it) offer for that card and way.
LIT_VS_DECISION = """() => {
  const lit = [...document.querySelectorAll('.board-saboteur .sab-cell.lit.fits')]
    .map((c) => c.dataset.action).sort();
  const [verb, card] = lit[0].split(' ');
  const turned = lit[0].endsWith(' turned');
  const offered = [...document.querySelectorAll('#decision button[data-action]')]
    .map((b) => b.dataset.action)
    .filter((a) => a.startsWith(`${verb} ${card} `) && a.endsWith(' turned') === turned).sort();
  return [lit, offered];
}"""

#: Where the start card lies in the mine's frame (left, top), however the grid has grown.
START_IN_FRAME = """() => {
  const frame = document.querySelector('.sab-scroll').getBoundingClientRect();
  const start = document.querySelector('.sab-cell[data-x="0"][data-y="0"]').getBoundingClientRect();
  return [Math.round(start.left - frame.left), Math.round(start.top - frame.top)];
}"""

#: The mine's cell that has the keyboard's focus: [x, y], or null.
FOCUSED_CELL = """() => {
  const cell = document.activeElement.closest('.sab-cell');
  return cell ? [Number(cell.dataset.x), Number(cell.dataset.y)] : null;
}"""

ID = re.compile(r"\b(?:tunnel|dead|crystal|door|ladder|bridge|curve|goal|broken|repair)-[a-z-]+")


def make_table(
    live: LiveServer, seed: int, players: int = 5, edition: str = "gold"
) -> dict[str, Any]:
    """Seats 0 and 1 people, the others the strongest bot."""
    bot = strongest_bot("saboteur")
    seats = [{"human": True}, {"human": True}] + [{"bot": bot}] * (players - 2)
    table: dict[str, Any] = live.post("api/tables", {
        "game": "saboteur", "players": players, "options": {"edition": edition},
        "seed": seed, "seats": seats,
    })
    return table


def open_at(pages: Pages, link: str, viewport: dict[str, int]) -> Any:
    page = pages.open(link)
    page.set_viewport_size(viewport)
    return page


def board_move(page: Any, rng: random.Random) -> str:
    """One move by hand on the board; what was clicked."""
    look = page.evaluate(LOOK)
    board = page.locator(".board-saboteur")
    gold = board.locator(".sab-goldcard")
    if gold.count():
        gold.nth(rng.randrange(gold.count())).click()
        return "gold card"
    steal = board.locator(".sab-dwarf .sab-go")
    if look["dwarves"] and not look["usable"]:
        steal.nth(rng.randrange(steal.count())).click()
        return "steal"
    draw = board.locator(".sab-act .sab-go[data-action='draw']")
    if draw.count() and rng.random() < 0.6:
        draw.click()
        return "draw"
    cards = board.locator(".sab-card[data-usable='1']")
    if not look["picked"]:
        cards.nth(rng.randrange(cards.count())).click()
    return play_picked(page, board, rng)


def play_picked(page: Any, board: Any, rng: random.Random) -> str:
    look = page.evaluate(LOOK)
    if look["otherWay"] and (not look["fits"] or rng.random() < 0.3):
        if rng.random() < 0.5:
            page.keyboard.press("r")
        else:
            board.locator("[data-turn]").click()
        look = page.evaluate(LOOK)
        assert look["fits"], look
    if look["fits"]:
        check_lit_cells(page)
        cell = board.locator(".sab-cell.lit.fits").nth(rng.randrange(look["fits"]))
        cell.scroll_into_view_if_needed()
        if rng.random() < 0.3:
            cell.focus()
            page.keyboard.press("Enter")
        else:
            cell.click()
        return "cell"
    if look["dwarves"]:
        board.locator(".sab-dwarf .sab-go").nth(rng.randrange(look["dwarves"])).click()
        return "dwarf"
    lit = board.locator(".sab-cell.lit")
    if lit.count():
        lit.nth(rng.randrange(lit.count())).click()
        return "target cell"
    board.locator(".sab-act .sab-go[data-action^='discard']").click()
    return "discard"


def check_lit_cells(page: Any) -> None:
    """The lit cells for the picked card's way are exactly its decision group's cells."""
    lit, offered = page.evaluate(LIT_VS_DECISION)
    assert lit and lit == offered, (lit, offered)


def no_ids_shown(page: Any) -> None:
    text = page.locator(".board-saboteur").inner_text()
    assert not ID.search(text), ID.search(text)


def not_wider(page: Any) -> None:
    scroll_width, width, wide = page.evaluate(WIDE)
    assert scroll_width <= width and not wide, (scroll_width, width, wide)


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"saboteur-board-{name}.png"), full_page=True)


def test_five_dwarves_play_a_whole_game_by_hand_on_the_board(
    live: LiveServer, pages: Pages
) -> None:
    clicks = play_on_board(live, pages, make_table(live, 19), random.Random(19), "gold")
    assert clicks.get("cell", 0) > 10, clicks
    assert clicks.get("dwarf", 0) + clicks.get("target cell", 0) > 0, clicks
    assert clicks.get("discard", 0) > 0, clicks
    assert clicks.get("told why not dig", 0) > 0, clicks


def play_on_board(
    live: LiveServer, pages: Pages, table: dict[str, Any], rng: random.Random, name: str
) -> dict[str, int]:
    """Seat 0 at a desktop, seat 1 on a phone, both playing only on the board to the game's
    end (pictures on the way); the kinds of move clicked."""
    joins = [seat["join"] for seat in table["seats"] if seat["kind"] == "human"]
    desk = open_at(pages, joins[0], DESKTOP)
    phone = open_at(pages, joins[1], PHONE)
    seats = [desk, phone]
    for page in seats:
        page.wait_for_selector(".board-saboteur .sab-maze .sab-cell")
    clicks: dict[str, int] = {}
    shots: set[str] = set()
    rounds_seen: set[int] = set()
    deadline = time.monotonic() + 600
    while True:
        looks = [page.evaluate(LOOK) for page in seats]
        if all(look["state"] == "over" for look in looks):
            break
        acted = False
        for index, look in enumerate(looks):
            if look["state"] != "turn":
                continue
            page = seats[index]
            if sum(clicks.values()) >= 30 and f"mid-{index}" not in shots:
                shots.add(f"mid-{index}")
                board_pick(page)
                shoot(page, f"{name}-mid-{'desktop' if index == 0 else 'phone'}")
                no_ids_shown(page)
                assert axe_violations(page) == []  # a card picked, its cells lit
                not_wider(phone)
            if says_why_it_cannot_dig(page):
                clicks["told why not dig"] = clicks.get("told why not dig", 0) + 1
            kind = board_move(page, rng)
            clicks[kind] = clicks.get(kind, 0) + 1
            page.wait_for_function(
                "v => Number(document.body.dataset.version) > v"
                " || document.body.dataset.state === 'over'", arg=look["version"],
                timeout=WAIT_MS)
            acted = True
            ended = round_on_show(page)
            if ended and ended not in rounds_seen:
                rounds_seen.add(ended)
                shoot(desk, f"{name}-round{ended}-desktop")
                shoot(phone, f"{name}-round{ended}-phone")
                not_wider(phone)
        if not acted:
            seats[0].wait_for_timeout(20)
        assert time.monotonic() < deadline, clicks

    final = live.get(f"api/tables/{table['id']}")
    assert final["status"] == "finished"
    for page, size in ((desk, "desktop"), (phone, "phone")):
        page.wait_for_selector(".sab-share-box[open]")
        assert round_on_show(page) == 3
        assert "The goals turned up:" in page.locator(".sab-share-box").inner_text()
        # the last round's goals lie face up (reached, or turned up at its end), unmarked
        assert page.locator(".sab-maze .goal-back").count() == 0
        assert page.locator(".sab-maze .sab-seen").count() == 0
        no_ids_shown(page)
        assert axe_violations(page) == []  # the share-out and the final scores
        shoot(page, f"{name}-end-{size}")
    not_wider(phone)
    return clicks


def says_why_it_cannot_dig(page: Any) -> bool:
    """A broken tool or the trap in front of the player: the board says why no path card may
    be laid (and only then); whether it did."""
    mine = page.locator(".sab-dwarf[data-you='1']")
    held = mine.locator(".sab-chip.broken, .sab-chip.trapped").count()
    why = page.locator(".board-saboteur .sab-why")
    phase = page.locator(".board-saboteur").get_attribute("data-phase")
    if page.evaluate("document.body.dataset.state") != "turn" or phase in ("steal", "gold"):
        return False
    if not held:
        assert why.count() == 0
        return False
    assert "You cannot lay path cards" in why.inner_text()
    return True


def round_on_show(page: Any) -> int:
    """The round whose share-out the board shows (0: none yet)."""
    heading = page.locator(".sab-share-box summary strong")
    if not heading.count():
        return 0
    return int(heading.inner_text().split()[1].rstrip(":"))


def board_pick(page: Any) -> bool:
    """Pick a path card that fits somewhere, if the hand has one (whether it had)."""
    cards = page.locator(".board-saboteur .sab-card[data-usable='1']")
    for slot in range(cards.count()):
        cards.nth(slot).click()
        if page.locator(".sab-cell.lit.fits[data-action^='place ']").count():
            return True
        cards.nth(slot).click()
    return False


def test_tips_name_every_card_and_a_refused_move_says_why_beside_the_board(
    live: LiveServer, pages: Pages
) -> None:
    """Seat 0 open twice: one page moves while the other's news is held back, so the other's
    move arrives stale and is refused; its board shows the reason. Seat 1 is a person who does
    not play, so the table waits and nothing else comes."""
    table = make_table(live, 5)
    link = table["seats"][0]["join"]
    mover = open_at(pages, link, DESKTOP)
    late = open_at(pages, link, PHONE)
    held: dict[str, Any] = {"on": False, "queue": []}

    def route(socket: Any) -> None:
        server = socket.connect_to_server()
        socket.on_message(server.send)

        def from_server(message: Any) -> None:
            if held["on"]:
                held["queue"].append((socket, message))
            else:
                socket.send(message)
        server.on_message(from_server)

    late.route_web_socket(re.compile(r"/ws$"), route)
    late.reload()
    for page in (mover, late):
        page.wait_for_function("() => document.body.dataset.state === 'turn'", timeout=WAIT_MS)

    # a tip on keyboard focus and on hover: the card's name and text, never its id
    card = mover.locator(".board-saboteur .sab-card").first
    card.scroll_into_view_if_needed()
    mover.wait_for_timeout(100)  # the page's scroll hides a tip: focus once it has stopped
    card.focus()
    tip = mover.locator("#tip")
    tip.wait_for(state="visible")
    assert card.locator(".sab-card-name").inner_text() in tip.inner_text()
    assert not ID.search(tip.inner_text()), tip.inner_text()
    mover.locator(".board-saboteur .sab-cell[data-x='0'][data-y='0']").hover()
    assert "Start card" in tip.inner_text()
    assert "ladder" in tip.inner_text()
    # the keyboard: the mine is one tab stop (the start), the arrows go from card to card
    mover.locator(".board-saboteur .sab-scroll").focus()
    mover.keyboard.press("Tab")
    assert mover.evaluate(FOCUSED_CELL) == [0, 0]
    mover.keyboard.press("ArrowRight")
    x, y = mover.evaluate(FOCUSED_CELL)
    assert y == 0 and x > 0
    tip.wait_for(state="visible")
    assert ("Goal" if x == 8 else "") in tip.inner_text()

    # zoom in by the buttons and by Ctrl + wheel; the mine's scroll stays across a move
    level = mover.locator(".board-saboteur .sab-zoom-level")
    before = level.inner_text()
    mover.get_by_role("button", name="Zoom in").click()
    mover.get_by_role("button", name="Zoom in").click()
    assert level.inner_text() != before
    zoomed = level.inner_text()
    mover.locator(".board-saboteur .sab-scroll").hover()
    mover.keyboard.down("Control")
    mover.mouse.wheel(0, -100)
    mover.keyboard.up("Control")
    assert level.inner_text() != zoomed

    held["on"] = True
    version = mover.evaluate("Number(document.body.dataset.version)")
    board_move(mover, random.Random(1))
    mover.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
    board_move(late, random.Random(2))
    late.wait_for_function("() => document.body.dataset.state === 'sending'")
    late.locator(".board-saboteur .sab-scroll").evaluate("el => { el.scrollLeft += 50; }")
    where = late.evaluate(START_IN_FRAME)
    mover.wait_for_timeout(300)  # the late move's answer reaches the held queue
    held["on"] = False
    for socket, message in held["queue"]:
        socket.send(message)
    note = late.locator(".board-saboteur .sab-refusal")
    note.wait_for(state="visible")
    assert "moved on" in note.inner_text()
    # the mine's frame was drawn again with the news and stayed where its reader had it
    assert late.evaluate(START_IN_FRAME) == where
    assert late.evaluate("document.body.dataset.state") == "wait"
