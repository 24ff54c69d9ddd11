"""Pay Day's Event-card windows of issue 20 on the browser's board (static/boards/payday.js):
the window before a Lottery's stakes (phase `collect`, docs/games/payday.md window 8) and a
Not Today! chain, over a card played (window 2: a chain of one and of two) and over a sale's
Market Hits (window 1: another seat's Not Today! on one hit, the seller's on every hit).

Each position is reached deterministically: a 4-player, 1-month table with a chosen seed and
four people, whose moves up to the window are the random choices of `random.Random(seed)` (as
the engine would make them), sent through the WebSocket protocol; from there every answer is
a click on the board of the seat asked. The words each page shows are checked, and the
replay's last action proves the click made the move. Screenshots at 1280 x 800 and 375 x 812
go to /tmp/shots/ (checked there for nothing wider than the phone)."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

from server.conftest import TIMEOUT, LiveServer

from motherlode.engine.registry import load

from .conftest import Pages
from .test_pay_boards import data_ids, shoot, wait_state

NAMES = ["Ann", "Bob", "Cy", "Dee"]
OPTIONS = {"months": 1}
#: seed 21: at this step seat 2 (Cy) has landed on the Lottery and seat 3 (Dee) holds a
#: Charity Raffle that would leave seats 0 and 2 short of the $100 stake.
COLLECT = (21, 109)
#: seed 113: at this step seat 3 (Dee) has played Not Today! on seat 1's Market
#: Hit against seat 0's sale of the Bicycle, and the seller (Ann) is asked.
SALE_CHAIN = (113, 137)
#: seed 250: at this step seat 3 (Dee) has played a Shortcut +1, Ann has cancelled it with Not
#: Today!, Cy has cancelled Ann's, and Dee (holding a Not Today!) is asked.
CHAIN_OF_TWO = (250, 87)
#: seed 230: at this step seat 0 (Ann), selling, has played Not Today! on every Market Hit on
#: her sale (Cy's), and Dee is asked.
SELLERS_CHAIN = (230, 96)


def scripted(seed: int, steps: int) -> list[tuple[int, str]]:
    """The first `steps` moves (seat, action) of a game where every choice is random."""
    state = load("payday", players=4, **OPTIONS).new_game(seed)
    rng = random.Random(seed)
    moves = []
    for _ in range(steps):
        seat = state.current_player
        assert seat is not None
        action = rng.choice(state.legal_actions())
        moves.append((seat, str(action)))
        state.apply(action)
    return moves


def table_at(live: LiveServer, seed: int, steps: int) -> dict[str, Any]:
    """A table of four people, played by the protocol up to `steps` moves."""
    table: dict[str, Any] = live.post("api/tables", {
        "game": "payday", "players": 4, "options": OPTIONS, "seed": seed,
        "seats": [{"human": True, "name": name} for name in NAMES],
    })
    for version, (seat, action) in enumerate(scripted(seed, steps)):
        socket = live.ws(table["id"])
        try:
            assert socket.hello(table["seats"][seat]["token"])["type"] == "welcome"
            socket.send({"type": "move", "action": action, "version": version,
                         "move_id": f"m{version}"})
            while (frame := socket.receive())["type"] != "ack":
                assert frame["type"] != "error", frame
        finally:
            socket.close()
    return table


def last_action(live: LiveServer, table: dict[str, Any], seat: int, step: int) -> str:
    """The action of move `step` as the seat that made it sees it in the replay."""
    request = urllib.request.Request(
        f"{live.url}api/tables/{table['id']}/replay?seat={seat}&step={step}",
        headers={"X-Seat-Token": table["seats"][seat]["token"]})
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        answer = json.load(response)
    assert answer["last"]["seat"] == seat
    return str(answer["last"]["action"])


def open_seat(pages: Pages, table: dict[str, Any], seat: int) -> Any:
    page = pages.open(table["seats"][seat]["join"])
    page.wait_for_selector("#board .board-payday")
    wait_state(page, "turn", "wait")
    return page


def version_is(page: Any, version: int) -> None:
    page.wait_for_function("v => Number(document.body.dataset.version) === v", arg=version)


def panel(page: Any, name: str) -> str:
    """The words of a panel of the board (names, never a card's id)."""
    words = str(page.locator(f"#board .board-payday section[aria-label='{name}']").inner_text())
    assert not data_ids("payday").findall(words), words
    return words


def test_collect_window_then_a_not_today_chain(live: LiveServer, pages: Pages) -> None:
    """Dee plays her Charity Raffle before the Lottery's stakes by a click on her hand; Bob
    cancels it with Not Today!, Cy cancels Bob's by a click on the played card's panel."""
    seed, step = COLLECT
    table = table_at(live, seed, step)
    dee, ann = open_seat(pages, table, 3), open_seat(pages, table, 0)
    for page in (dee, ann):
        version_is(page, step)
        words = panel(page, "The Lottery")
        assert "Cy landed on the Lottery" in words, words
        assert "Before the stakes are asked, a player holding a collect-from-each card may " \
            "play it" in words, words
        asked = "you" if page is dee else "Dee"
        assert "Asked now: " in words and asked in words.split("Asked now: ")[1], words
    assert "You hold such a card" in panel(dee, "The Lottery")
    assert "You hold such a card" not in panel(ann, "The Lottery")
    assert ann.locator("#board [data-action]").count() == 0  # Ann only watches
    lottery = dee.locator("#board .pt-lottery")
    assert lottery.locator("button[data-action='pass']").count() == 1  # the pass, on the panel
    raffle = dee.locator("#board .pt-player.mine [data-action='play collect-each-3']")
    assert raffle.count() == 1  # the card, lit in Dee's hand
    shoot(dee, "payday-collect-asked")
    shoot(ann, "payday-collect-watching")
    raffle.click()
    version_is(dee, step + 1)
    assert last_action(live, table, 3, step + 1) == "play collect-each-3"

    bob = open_seat(pages, table, 1)
    version_is(bob, step + 1)
    played = bob.locator("#board .pt-played")
    assert "Charity Raffle" in played.inner_text()
    played.locator("[data-action='not today']").click()
    version_is(bob, step + 2)
    assert last_action(live, table, 1, step + 2) == "not today"

    cy = open_seat(pages, table, 2)
    version_is(cy, step + 2)
    for page, mine in ((cy, True), (dee, False)):
        version_is(page, step + 2)
        words = panel(page, "A card played")
        assert "Bob plays Not Today! on " in words, words
        raffle_words = "Dee's Charity Raffle" if mine else "your Charity Raffle"
        assert f"Now: {raffle_words[0].upper()}{raffle_words[1:]}" in words, words
        assert "is cancelled" in words, words
        assert ("You hold a Not Today!: play it to cancel Bob's Not Today!" in words) == mine
        asked = "you" if mine else "Cy"
        assert "Asked now: " in words and asked in words.split("Asked now: ")[1], words
    shoot(cy, "payday-chain-asked")
    shoot(dee, "payday-chain-watching")
    cy.locator("#board .pt-played [data-action='not today']").click()
    version_is(cy, step + 3)
    assert last_action(live, table, 2, step + 3) == "not today"
    # two Not Today! cards: the second cancels the first, the Charity Raffle stands and the
    # Lottery's stakes are asked
    version_is(dee, step + 3)
    assert dee.locator("#board .pt-played").count() == 0
    wait_state(dee, "turn")


def test_a_not_today_chain_over_a_sale(live: LiveServer, pages: Pages) -> None:
    """Dee cancels Bob's Market Hit on Ann's sale; Ann, asked, cancels Dee's Not Today! by a
    click on the sale's panel."""
    seed, step = SALE_CHAIN
    table = table_at(live, seed, step)
    ann, bob = open_seat(pages, table, 0), open_seat(pages, table, 1)
    for page, mine in ((ann, True), (bob, False)):
        version_is(page, step)
        words = panel(page, "A sale")
        hit = "Bob's Market Hit $150" if mine else "your Market Hit $150"
        assert f"Dee plays Not Today! on {hit}" in words, words
        assert f"played by {'Bob' if mine else 'you'}" in words, words  # under the hit
        assert f"Now: {hit[0].upper()}{hit[1:]} is cancelled; the sale pays $450 as it " \
            "stands." in words, words
        assert ("You hold a Not Today!: play it to cancel Dee's Not Today!" in words) == mine
        asked = "you" if mine else "Ann"
        assert "Asked now: " in words and asked in words.split("Asked now: ")[1], words
    shoot(ann, "payday-sale-chain-asked")
    shoot(bob, "payday-sale-chain-watching")
    ann.locator("#board .pt-sale [data-action='not today']").click()
    version_is(ann, step + 1)
    assert last_action(live, table, 0, step + 1) == "not today"
    assert ann.locator("#board .pt-sale").count() == 0  # the sale is made


def test_a_chain_of_two_lets_the_card_stand_again(live: LiveServer, pages: Pages) -> None:
    """Two Not Today! cards: the second cancels the first, so the card played stands again
    unless the seat asked answers; Dee allows it by a click on the played card's panel."""
    seed, step = CHAIN_OF_TWO
    table = table_at(live, seed, step)
    dee, bob = open_seat(pages, table, 3), open_seat(pages, table, 1)
    for page, mine in ((dee, True), (bob, False)):
        version_is(page, step)
        words = panel(page, "A card played")
        shortcut = "your Shortcut +1" if mine else "Dee's Shortcut +1"
        assert f"Ann plays Not Today! on {shortcut}" in words, words
        assert "Cy plays Not Today! on Ann's Not Today!" in words, words
        assert f"Now: {shortcut[0].upper()}{shortcut[1:]} stands again" in words, words
        assert ("You hold a Not Today!: play it to cancel Cy's Not Today!" in words) == mine
    shoot(dee, "payday-chain-of-two-asked")
    dee.locator("#board .pt-played [data-action='allow']").click()
    version_is(dee, step + 1)
    assert last_action(live, table, 3, step + 1) == "allow"
    assert dee.locator("#board .pt-played").count() == 0  # the Shortcut stands: Dee moves on


def test_the_sellers_not_today_over_every_hit(live: LiveServer, pages: Pages) -> None:
    """The seller's Not Today! cancels every Market Hit on the sale; Dee, asked, answers with a
    Not Today! of her own by a click on the sale's panel, and the hits stand: the sale is
    made at once."""
    seed, step = SELLERS_CHAIN
    table = table_at(live, seed, step)
    dee, ann = open_seat(pages, table, 3), open_seat(pages, table, 0)
    for page, sale in ((dee, "Ann's sale"), (ann, "your sale")):
        version_is(page, step)
        words = panel(page, "A sale")
        plays = "Ann plays" if page is dee else "You play"
        assert f"{plays} Not Today! on every Market Hit on {sale}" in words, words
        assert f"Now: Every Market Hit on {sale} is cancelled; the sale pays $950 as it " \
            "stands." in words, words
        assert ("You hold a Not Today!: play it to cancel Ann's Not Today!" in words) == \
            (page is dee)
    shoot(dee, "payday-sellers-chain-asked")
    dee.locator("#board .pt-sale [data-action='not today']").click()
    version_is(dee, step + 1)
    assert last_action(live, table, 3, step + 1) == "not today"
    version_is(ann, step + 1)
    assert ann.locator("#board .pt-sale").count() == 0
