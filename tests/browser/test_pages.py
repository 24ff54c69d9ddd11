"""The lobby and the table page: one click to play against bots, the table form with its links,
the open tables, the name kept in the browser; a Content-Security-Policy without inline script
on every page; nothing a player typed rendered as HTML; a bad token refused for good; a lost
server reconnected to by itself."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from typing import Any

from server.conftest import LiveServer

from motherlode.server import pages as pages_module

from .conftest import Pages

STATIC = Path(pages_module.__file__).resolve().parent / "static"

#: A name that would run a script, were it ever put into the page as HTML.
EVIL = '<img src=x onerror="__pwned=2"><script>__pwned=1</script>'


def headers(live: LiveServer, path: str) -> Any:
    with urllib.request.urlopen(live.url + path, timeout=10) as response:
        return response.headers


def test_every_page_and_file_sends_a_csp_without_inline_script(live: LiveServer) -> None:
    for path in ["", "tables/anything", "static/table.js", "static/lobby.js",
                 "static/common.js", "static/style.css"]:
        policy = headers(live, path)["content-security-policy"]
        assert "script-src 'self'" in policy and "default-src 'self'" in policy, path
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, path
        assert headers(live, path)["x-content-type-options"] == "nosniff"


def test_the_files_hold_no_inline_script_no_handler_and_no_html_sink() -> None:
    for page in STATIC.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", text, re.S)
        assert scripts and all("src=" in attrs and not body.strip() for attrs, body in scripts)
        assert not re.search(r"\son\w+\s*=", text), page.name
        assert "javascript:" not in text
    for script in STATIC.rglob("*.js"):  # the boards too
        text = script.read_text(encoding="utf-8")
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write",
                     "eval(", "new Function"]:
            assert sink not in text, (script.name, sink)


def test_a_name_with_a_script_is_shown_as_text(live: LiveServer, pages: Pages) -> None:
    lobby = pages.open(live.url)
    lobby.wait_for_selector("body[data-ready='1']")
    lobby.fill("#name", EVIL)
    assert EVIL in lobby.locator("#greeting").inner_text()
    lobby.reload()
    lobby.wait_for_selector("body[data-ready='1']")
    assert lobby.input_value("#name") == EVIL  # kept in the browser
    assert EVIL in lobby.locator("#greeting").inner_text()
    # the one click: a table against bots, this page at seat 0, the name beside it
    lobby.click("button.quick[data-game='digitup']")
    lobby.wait_for_url(re.compile(r"/tables/[^#]+"))
    lobby.wait_for_function("() => ['turn', 'wait', 'over'].includes(document.body.dataset.state)")
    assert "token" not in lobby.url  # out of the address bar, kept in the tab
    assert lobby.evaluate("document.body.dataset.seat") == "0"
    assert f"You play seat 0 as {EVIL}" in lobby.locator("#who").inner_text()
    assert lobby.evaluate("document.querySelectorAll('#who *, #greeting *').length") == 0
    assert lobby.evaluate("window.__pwned === undefined")
    assert lobby.evaluate("document.scripts.length") == 1


def test_the_form_makes_a_table_with_a_link_per_seat(live: LiveServer, pages: Pages) -> None:
    lobby = pages.open(live.url)
    lobby.wait_for_selector("body[data-ready='1']")
    lobby.select_option("#make-game", "payday")
    lobby.fill("#make-players", "3")
    lobby.dispatch_event("#make-players", "input")
    assert lobby.locator("#make-seats select").count() == 3
    lobby.select_option("#seat-1", "")  # a person in seat 1 too
    lobby.fill("#option-months", "1")
    lobby.click("#make-submit")
    lobby.wait_for_selector("#made ul.links")
    links = lobby.locator("#made a.link")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert [re.search(r"#seat=(\d)&token=", h or "") is not None for h in hrefs] == [
        True, True, False]
    assert "#" not in (hrefs[2] or "")  # the spectator's link holds no token
    table_id = (hrefs[2] or "").rsplit("/", 1)[1]
    made = live.get(f"api/tables/{table_id}")
    assert [s["kind"] for s in made["seats"]] == ["human", "human", "bot"]
    assert made["options"]["months"] == 1
    # the open tables list it, with a link to watch
    lobby.wait_for_selector(f"#open-tables tr[data-table='{table_id}'] a")
    watch = pages.open(live.url + f"tables/{table_id}#watch")
    watch.wait_for_function("() => document.body.dataset.seat === 'spectator'")
    assert "watching" in watch.locator("#who").inner_text()
    assert watch.locator("#decision").is_hidden()


def test_a_bad_token_is_refused_for_good(live: LiveServer, pages: Pages) -> None:
    table = live.post("api/tables", {"game": "digitup", "players": 2})
    pages.expected.append("404")  # a missing table's page: the server's "no such table"
    page = pages.open(live.url + f"tables/{table['id']}#seat=0&token=not-a-token")
    page.wait_for_function("() => document.body.dataset.state === 'closed'")
    assert "token is not one of this table's" in page.locator("#error").inner_text()
    assert page.evaluate(f"sessionStorage.getItem('motherlode.token.{table['id']}')") is None
    missing = pages.open(live.url + "tables/no-such-table")
    missing.wait_for_function("() => document.body.dataset.state === 'closed'")
    assert "no such table" in missing.locator("#error").inner_text()


def test_a_page_reconnects_by_itself_after_the_server_restarts(
    tmp_path: Path, pages: Pages
) -> None:
    server = LiveServer(tmp_path / "data", bot_pause=0.0).start()
    try:
        table = server.post("api/tables", {
            "game": "digitup", "players": 2, "seed": 5,
            "seats": [{"human": True}, {"human": True}],
        })
        first, second = (pages.open(seat["join"]) for seat in table["seats"])
        first.wait_for_function("() => document.body.dataset.state === 'turn'")
        first.locator("#decision button[data-action]").first.click()
        second.wait_for_function("() => document.body.dataset.state === 'turn'")
        pages.expected.append("WebSocket")  # the refused connections while it is down
        server.stop(9)  # SIGKILL: a crash
        for page in (first, second):
            page.wait_for_function("() => document.body.dataset.state === 'lost'")
        server.start()
        for page in (first, second):
            page.wait_for_function("() => ['turn', 'wait'].includes(document.body.dataset.state)")
            assert page.evaluate("Number(document.body.dataset.version)") == 1
        assert first.locator("#log li").count() == second.locator("#log li").count() >= 1
        second.locator("#decision button[data-action]").first.click()
        first.wait_for_function("() => Number(document.body.dataset.version) === 2")
    finally:
        server.stop()
