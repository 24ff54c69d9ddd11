"""Taking a free seat from the lobby, and names (hostile input) shown to everyone as text."""

from __future__ import annotations

from server.conftest import LiveServer

from .conftest import SHOTS, Pages
from .test_boards import TOO_WIDE, axe_violations

HOSTILE = '<img src=x id=pwned>'


def test_a_free_seat_is_taken_from_the_lobby_and_names_show_as_text(
        live: LiveServer, pages: Pages) -> None:
    made = live.post("api/tables", {"game": "digitup", "players": 3, "seats": [
        {"human": True, "name": HOSTILE}, {"human": True, "free": True}, {"bot": "random"}]})
    lobby = pages.open(live.url)
    lobby.wait_for_selector("body[data-ready='1']")
    lobby.fill("#name", "Bea")
    lobby.wait_for_selector(f"button[data-take='{made['id']}']")
    assert HOSTILE in lobby.inner_text(f"tr[data-table='{made['id']}']")  # drawn as text
    assert lobby.locator("#pwned").count() == 0
    assert axe_violations(lobby) == []
    SHOTS.mkdir(exist_ok=True)
    lobby.screenshot(path=str(SHOTS / "lobby-1280.png"), full_page=True)
    lobby.set_viewport_size({"width": 375, "height": 812})
    width, scroll_width, wide = lobby.evaluate(TOO_WIDE)
    assert wide == [] and scroll_width == width, wide
    lobby.screenshot(path=str(SHOTS / "lobby-375.png"), full_page=True)
    seat0 = pages.open(made["seats"][0]["join"])  # here before seat 1 is taken
    seat0.wait_for_selector("body[data-drawn='1']")
    lobby.click(f"button[data-take='{made['id']}']")
    lobby.wait_for_selector("body[data-drawn='1']")
    assert lobby.url.endswith(f"/tables/{made['id']}")  # the token left the address
    assert "seat 1" in lobby.inner_text("#who")
    info = live.get(f"api/tables/{made['id']}")
    assert [seat.get("name") for seat in info["seats"]] == [HOSTILE, "Bea", None]
    if seat0.evaluate("document.body.dataset.state") == "turn":  # a move brings the news
        seat0.locator("#decision button[data-action]").first.click()
    seat0.wait_for_function("() => document.body.innerText.includes('Bea')")
    assert seat0.locator("#pwned").count() == 0


def test_play_now_seats_you_under_your_name(live: LiveServer, pages: Pages) -> None:
    lobby = pages.open(live.url)
    lobby.wait_for_selector("body[data-ready='1']")
    lobby.fill("#name", "Dora")
    lobby.click("button.quick[data-game='saboteur-base']")
    lobby.wait_for_selector("body[data-drawn='1']")
    info = live.get(f"api/tables/{lobby.url.rsplit('/', 1)[-1]}")
    assert info["seats"][0]["name"] == "Dora" and info["options"]["edition"] == "base"
