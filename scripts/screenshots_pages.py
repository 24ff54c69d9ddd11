"""Render the lobby and a replay at 1280 x 800 and 375 x 812 into docs/screenshots/
(`make screenshots` runs it after scripts/screenshots.py, whose server and `shoot` it uses).

The lobby is taken with a table in its list (a named person, a free seat, a bot); the replay is
a Dig It Up game of the strongest bots, seen by seat 0, mid-game and at its end.

    .venv/bin/python scripts/screenshots_pages.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import json
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from screenshots import WAIT_MS, server, shoot

from motherlode.bots import strongest_bot


def call(url: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data, {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def finished_table(url: str) -> tuple[str, int]:
    """A Dig It Up table of the strongest bots, played to its end: its id and length."""
    bot = strongest_bot("digitup")
    made = call(url, "api/tables", {"game": "digitup", "players": 3, "seed": 7,
                                    "seats": [{"bot": bot}] * 3})
    deadline = time.monotonic() + WAIT_MS / 1000 * 6
    while (info := call(url, f"api/tables/{made['id']}"))["status"] != "finished":
        if time.monotonic() > deadline:
            raise RuntimeError("the bots did not finish in time")
        time.sleep(0.2)
    return made["id"], int(info["version"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with server() as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path="/usr/bin/chromium")
        try:
            call(url, "api/tables", {"game": "saboteur", "players": 4, "seats": [
                {"human": True, "name": "Ana"}, {"human": True, "free": True},
                {"human": True, "name": "Chen"}, {"bot": strongest_bot("saboteur")}]})
            table_id, steps = finished_table(url)
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            page.goto(url)
            page.wait_for_selector("body[data-ready='1']", timeout=WAIT_MS)
            shoot(page, args.out, "lobby")
            for name, step in (("replay-mid", steps // 2), ("replay-end", steps)):
                page.goto(f"{url}replay/{table_id}?seat=0&step={step}")
                page.wait_for_selector(f"body[data-drawn='1'][data-step='{step}']",
                                       timeout=WAIT_MS)
                shoot(page, args.out, name)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
