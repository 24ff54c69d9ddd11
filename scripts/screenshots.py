"""Render each game's board mid-game and its final score sheet, at 1280 x 800 and 375 x 812,
into docs/screenshots/ (`make screenshots`).

It starts `motherlode serve` on a free loopback port (its own data in a temporary folder, bots
without a pause), makes a table per game (seat 0 a person, the others the strongest bot,
a fixed seed), opens seat 0's link in headless Chromium (/usr/bin/chromium, through
Playwright) and plays seat 0 by clicking what the page lights: the board's targets, else the
decision's controls. A game without a board module is drawn as the generic panels: its
images show what there is. Stops the server and the browser when done.

    .venv/bin/python scripts/screenshots.py [--games digitup,paydirt] [--out docs/screenshots]
    .venv/bin/python scripts/screenshots.py --first-board 20   # measure, take no picture

`--first-board N` opens each game's seat 0 link N times in a fresh browser context (nothing
cached) and prints the time from navigation to the page's mark `motherlode:board-drawn` (the
first board, or the panels, drawn from the welcome's view): median, 90th percentile, worst.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from motherlode.bots import strongest_bot

#: Each game at a short setting, with the seed its pictures are taken at.
GAMES: dict[str, dict[str, Any]] = {
    "digitup": {"players": 3, "options": {}, "seed": 7},
    "paydirt": {"players": 3, "options": {}, "seed": 7},
    "payday": {"players": 3, "options": {"months": 1}, "seed": 7},
    "saboteur": {"players": 4, "options": {}, "seed": 7},
}
#: Seat 0's moves before the mid-game picture.
MID_GAME = 8
SIZES = {"desktop": (1280, 800), "phone": (375, 812)}
WAIT_MS = 20000

#: Click one thing the page offers seat 0: a lit target on the board, else a control of the
#: decision (a number field filled with its least value). The kind clicked, or "" if none.
CLICK = """(seed) => {
  const pick = (list) => list[Math.floor(seed * list.length) % list.length];
  const enabled = (el) => !el.disabled && el.offsetParent !== null;
  const board = [...document.querySelectorAll("#board [data-action]")].filter(enabled);
  if (board.length) { pick(board).click(); return "board"; }
  const buttons = [...document.querySelectorAll("#decision button[data-action]")].filter(enabled);
  if (buttons.length) { pick(buttons).click(); return "control"; }
  const closed = document.querySelector("#decision details.cell:not([open]) summary");
  if (closed) { closed.click(); return "open"; }
  const range = document.querySelector("#decision input[data-range]");
  if (range) {
    range.value = range.min;
    range.closest(".group").querySelector("button[data-range-go]").click();
    return "range";
  }
  return "";
}"""


#: Saboteur: pick the first card of the hand that lights cells in the maze (a path card that
#: fits somewhere), so the picture shows where it may go. Whether one did.
PICK_A_PATH_CARD = """async () => {
  const lit = () => document.querySelectorAll("#board .sab-cell.lit").length;
  for (const card of document.querySelectorAll("#board .sab-card")) {
    card.click();
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    if (lit()) return true;
  }
  return false;
}"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def server() -> Iterator[str]:
    """`motherlode serve` on a free loopback port; its base URL while the block runs."""
    data = Path(tempfile.mkdtemp(prefix="motherlode-shots-"))
    port = free_port()
    log = (data / "server.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "motherlode", "serve", "--port", str(port), "--data", str(data),
         "--bot-pause", "0", "--tables-per-minute", "0"],
        stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(url + "api/tables", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        log.close()
        shutil.rmtree(data, ignore_errors=True)


def make_table(url: str, game: str) -> dict[str, Any]:
    setting = GAMES[game]
    seats = [{"human": True}] + [{"bot": strongest_bot(game)}] * (setting["players"] - 1)
    body = json.dumps({"game": game, "players": setting["players"], "options": setting["options"],
                       "seed": setting["seed"], "seats": seats}).encode()
    request = urllib.request.Request(url + "api/tables", body,
                                     {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        table: dict[str, Any] = json.load(answer)
    return table


def settle(page: Page) -> str:
    page.wait_for_function(
        "() => ['turn', 'over', 'closed'].includes(document.body.dataset.state)", timeout=WAIT_MS)
    return str(page.evaluate("document.body.dataset.state"))


def shoot(page: Page, out: Path, name: str) -> None:
    """The page at each size (the whole page: a board is seen as a player scrolls it)."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(250)
        page.screenshot(path=str(out / f"{name}-{size}.png"), full_page=True)
        print(f"  {out / f'{name}-{size}.png'}")
    page.set_viewport_size({"width": 1280, "height": 800})


def play(page: Page, game: str, out: Path) -> None:
    rng = random.Random(GAMES[game]["seed"])
    moves = 0
    deadline = time.monotonic() + 300
    while settle(page) == "turn":
        if moves == MID_GAME:
            if game == "saboteur" and not page.evaluate(PICK_A_PATH_CARD):
                print("  (no card of the hand fits the maze now)")
            shoot(page, out, f"{game}-mid")
        version = page.evaluate("document.body.dataset.version")
        kind = page.evaluate(CLICK, rng.random())
        if kind == "open":
            continue
        if not kind:
            raise RuntimeError(f"{game}: nothing to click on seat 0's turn")
        page.wait_for_function(
            "v => document.body.dataset.version !== v || document.body.dataset.state !== 'sending'",
            arg=version, timeout=WAIT_MS)
        moves += 1
        if time.monotonic() > deadline:
            raise RuntimeError(f"{game}: not over in 300 s")
    if moves <= MID_GAME:
        shoot(page, out, f"{game}-mid")
    page.wait_for_selector("body[data-scores='1']", timeout=WAIT_MS)
    page.evaluate("document.getElementById('scores').scrollIntoView()")
    shoot(page, out, f"{game}-end")


def first_board(browser: Any, url: str, game: str, runs: int) -> list[float]:
    """Milliseconds from navigation to the first board drawn, one per fresh context."""
    times = []
    for _ in range(runs):
        table = make_table(url, game)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(table["seats"][0]["join"])
        page.wait_for_selector("body[data-drawn='1']", timeout=WAIT_MS)
        times.append(float(page.evaluate(
            "performance.getEntriesByName('motherlode:board-drawn')[0].startTime")))
        context.close()
    return sorted(times)


def report(game: str, times: list[float]) -> None:
    median = times[len(times) // 2]
    p90 = times[min(len(times) - 1, (len(times) * 9) // 10)]
    print(f"| {game} | {len(times)} | {median:.0f} ms | {p90:.0f} ms | {times[-1]:.0f} ms |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--out", default="docs/screenshots", type=Path)
    parser.add_argument("--first-board", type=int, default=0, metavar="N",
                        help="measure the first board drawn N times per game instead")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with server() as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium)
        try:
            if args.first_board:
                print("| game | runs | median | 90th percentile | worst |\n|---|---|---|---|---|")
                for game in args.games.split(","):
                    first_board(browser, url, game, 1)  # the server's first table warms up
                    report(game, first_board(browser, url, game, args.first_board))
                return
            for game in args.games.split(","):
                print(game)
                table = make_table(url, game)
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                page = context.new_page()
                page.goto(table["seats"][0]["join"])
                play(page, game, args.out)
                context.close()
        finally:
            browser.close()


if __name__ == "__main__":
    main()
