"""Headless Chromium (Debian's, through Python Playwright's `executable_path`: `playwright
install` cannot download here) against a live server on a loopback port; both are started and
stopped by the tests. Every page records its console errors and uncaught exceptions (a
Content-Security-Policy violation is one), and a test fails if any page had one."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server.conftest import LiveServer
from system import need

try:
    from playwright import sync_api as playwright_api
except ModuleNotFoundError:  # the dev extra is not installed: skipped (failed under CI)
    playwright_api = None

#: Milliseconds a page may take to reach a state (a move, a welcome, the end).
WAIT_MS = 15000

SHOTS = Path("/tmp/shots")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if playwright_api is None:
        reason = "Python Playwright is missing: pip install -e '.[dev]'"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}; CI=true runs every test", pytrace=False)
        pytest.skip(reason)
    chromium = need("chromium", "chromium")
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=chromium)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server (bots without a pause) for a module's tests, each with its own tables."""
    server = LiveServer(tmp_path_factory.mktemp("browser") / "data", bot_pause=0.0).start()
    try:
        yield server
    finally:
        server.stop()


class Pages:
    """The pages a test opened, each in its own browser context (one person's browser: its
    own storage; and a page in a window of its own is never a throttled background tab),
    each watched for errors."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        """Every URL the pages asked the server for (a fragment is never sent)."""
        self.expected: list[str] = []
        """Parts of console errors a test expects (a WebSocket refused while the server is
        down)."""

    def open(self, url: str) -> Any:
        context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(WAIT_MS)
        self.contexts.append(context)
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and self._error(m.text))
        page.on("pageerror", lambda e: self._error(f"uncaught: {e}"))
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("websocket", lambda w: self.requests.append(w.url))
        page.goto(url)
        return page

    def _error(self, text: str) -> None:
        if not any(part in text for part in self.expected):
            self.errors.append(text)

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    opened = Pages(browser)
    try:
        yield opened
        assert not opened.errors, opened.errors
    finally:
        opened.close()
