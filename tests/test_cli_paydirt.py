"""Pay Dirt at the terminal: the renderer draws every seat's view through every phase, from
the view alone, in 80 columns (issue 12 item 6); every name it prints is found by `info`
(item 1); `run` moves a worker's ore along the chain (item 4); the log's events carry their own
sentences."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator

import pytest
from paydirt_rules.test_work import place_all, set_board, spaces, working
from rich.console import Console

import motherlode
from motherlode.cli import render_paydirt
from motherlode.cli.decide import numbered
from motherlode.cli.play import PlaySession, lookup
from motherlode.cli.render import drawing_for
from motherlode.rules.paydirt.log import Bought, PlacementsRevealed
from motherlode.rules.paydirt.schema import PayDirtView, is_paydirt_view
from motherlode.rules.paydirt.state import PayDirtState

BOX = re.compile(r"[│╭╮╰╯─]")


def drawn(view: PayDirtView, width: int = 80) -> str:
    draw = Console(record=True, width=width, file=io.StringIO())
    render_paydirt.render(view, draw)
    return draw.export_text()


def flat(text: str) -> str:
    """The drawing as one line of words: wrapped names joined again, box edges gone."""
    return " ".join(BOX.sub(" ", text).split())


def marks_of(view: PayDirtView) -> Iterator[str]:
    """The marks this view's drawing must keep."""
    yield "Pay Dirt"
    yield f"round {view['round']}"
    for board in view["boards"]:
        for machine in board["machines"]:
            yield "▮" if machine["wear"] else "▯"
            if machine["flimco"]:
                yield "FlimCo"
        if any(claim["layered"] for claim in board["claims"]):
            yield "≡layered"
    if view["current_player"] is not None:
        yield "◀ to decide"
    if view["last_round"]:
        yield "LAST ROUND"


def printed_names(view: PayDirtView) -> list[str]:
    """The names the drawing prints: all the view names but the resolved event cards before
    the last (the auction area shows the last one)."""
    earlier = set(view["stacks"]["event_discard"][:-1])
    board_cards = {card for board in view["boards"] for card in board["events"]}
    draft = view["draft"]
    shown = set(draft["revealed"] + (draft["hand"] or [])) if draft else set()
    return [name for item, name in view["names"].items()
            if item not in earlier or item in board_cards | shown]


def views(players: int, seed: int) -> Iterator[PayDirtView]:
    """A random game's views: the deciding seat's at the first step of each phase, the
    spectator's every 40th step (every phase and its marks drawn; the test stays fast)."""
    state = motherlode.load("paydirt", players=players).new_game(seed)
    rng = random.Random(seed)
    step, phase = 0, ""
    while True:
        seats = [state.current_player] if state.phase_name != phase else []
        phase = state.phase_name
        for seat in seats + ([None] if step % 40 == 0 or state.is_terminal else []):
            view = state.view(seat)
            assert is_paydirt_view(view)
            yield view
        if state.is_terminal:
            return
        state.apply(rng.choice(state.legal_actions()))
        step += 1


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_paydirt_renderer_draws_every_phase_in_80_columns(players: int, seed: int) -> None:
    """No line past 80 columns, no name cut ("…"), every printed name and mark kept."""
    assert drawing_for("paydirt") is render_paydirt.render
    phases: set[str] = set()
    hand_shown = placements_hidden = False
    for view in views(players, seed):
        phases.add(view["phase"])
        text = drawn(view)
        words = flat(text)
        assert "…" not in text and max(len(line) for line in text.splitlines()) <= 80
        for mark in marks_of(view):
            assert mark in text, (mark, view["phase"])
        for name in printed_names(view):
            assert name in words, (name, view["phase"])
        assert "Auction area" in text and "cash $" in text and "wash plant" in words
        if view["seat"] is not None:
            assert "you" in text
        if view["phase"] == "purchase":
            assert "Purchase decision" in text
        if view["phase"] == "choose":
            assert "Card decision" in text
        if view["draft"] is not None:
            assert "Events draft" in text
            hand_shown = hand_shown or "your hand" in text
        if view["work"] is not None and not view["work"]["revealed"] and view["seat"] is not None:
            placements_hidden = placements_hidden or "hidden until" in text
        if view["phase"] == "over":
            assert "game over" in text
    assert phases == {"auction", "purchase", "work_place", "work", "events", "choose", "over"}
    assert hand_shown and placements_hidden
    assert Bought(0, "claim-4", "claim 4", 9000).text() == "wins claim 4 for $9,000"
    placed = PlacementsRevealed(1, ("excavator", "buy"), (2, 1))
    assert placed.text() == "placed workers: excavator x2, buy x1"


def test_every_name_the_drawing_prints_is_found_by_info() -> None:
    """Each tile's and card's printed name, and the board's words, lead `info` to its entry
    (the glossary, then the drawing's LEGEND)."""
    game = motherlode.load("paydirt", players=4)
    entries = {**game.glossary, **render_paydirt.LEGEND}
    shown = {item: name for view in views(4, 13) for item, name in view["names"].items()}
    assert len(shown) > 30
    for item, name in shown.items():
        assert lookup(entries, name) in ([item], [name]), name
        assert lookup(entries, item) == [item]
    for word in ("excavator", "loader", "wash plant", "poor", "medium", "rich", "sell", "buy",
                 "[med]", "FlimCo", "≡layered", "starting excavator"):
        assert lookup(entries, word), word


# --- the `run` command --------------------------------------------------------------------
def carrying_out() -> PayDirtState:
    """Seat 0 carries out: 2 excavator workers, 1 loader worker, 1 seller (2 nuggets); ore on
    the excavator's last space, a poor and a rich ore on the claim."""
    state = working()
    state.boards[0].gold = 2
    set_board(state, 0, machines={"excavator": ("", 0, "..p")},
              claims=[("starting-1", False, "pr")])
    place_all(state, ["excavator", "excavator", "loader", "sell"], [])
    return state


def run_all(state: PayDirtState, text: str) -> list[str]:
    taken: list[str] = []
    while (step := render_paydirt.plan(state.view(0), text)) is not None:
        taken.append(step)
        state.apply(state.game.parse_action(step))
    return taken


def test_run_moves_the_ore_along_the_furthest_first_and_loads_the_richest() -> None:
    """WK-14/WK-16 (000 "Moving ore"): each worker pulls one ore one space; `run` takes the
    moves one by one, the ore furthest along first, then loads the richest ore."""
    state = carrying_out()
    assert render_paydirt.plan(state.view(0), "run excavator") == "load starting-1 rich"
    assert run_all(state, "run") == ["move loader 1", "load starting-1 rich",
                                     "move excavator 2"]
    assert spaces(state, 0)[:2] == [".r.", "p.."]
    assert render_paydirt.plan(state.view(0), "run") is None  # the seller is left to sell
    assert render_paydirt.plan(state.view(0), "sell 1") is None
    assert render_paydirt.plan(state.view(1), "run") is None  # not seat 1's decision


def test_run_a_named_machine_only() -> None:
    state = carrying_out()
    assert run_all(state, "run loader") == ["move loader 1"]
    assert run_all(state, "run wash plant") == []
    assert render_paydirt.plan(state.view(0), "run the gold") is None


def test_run_through_a_play_session() -> None:
    """At the prompt: `run` takes every move it stands for, then the player goes on."""
    state = carrying_out()
    answers = iter(["run", "end", "quit"])
    console = Console(record=True, width=80, file=io.StringIO())
    session = PlaySession(state, 0, {1: "random"}, console, read_line=lambda _: next(answers))
    session.human_turn()
    assert [str(a) for a in state.history[-3:]] == ["move loader 1", "load starting-1 rich",
                                                   "move excavator 2"]
    assert "move excavator 2" in console.export_text()
    assert render_paydirt.PLAN_HELP.startswith("run ")
    assert any(item.action == "end" for item in numbered(state.decision()))


def test_answers_a_player_would_type_get_a_specific_refusal() -> None:
    """Issue 21 item 5: `bid` alone, `bid -1000`, `bid 5` (the game's thousands), `run` outside
    Work and a 5,000-character line each get what is wrong and what to type; none is taken,
    none ends mid-sentence at 80 columns, the long line is never echoed whole."""
    state = motherlode.load("paydirt", players=2).new_game(3)
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("pick")))
    long = "x" * 5000
    answers = iter(["bid", "bid -1000", "bid 1", "run", long, "quit"])
    console = Console(record=True, width=80, file=io.StringIO())
    seat = state.current_player
    assert seat is not None and "bid 2" in map(str, state.legal_actions())
    session = PlaySession(state, seat, {1 - seat: "random"}, console,
                          read_line=lambda _: next(answers))
    history = list(state.history)
    assert session.human_turn() is False
    assert list(state.history) == history
    text = console.export_text()
    flat_text = " ".join(text.split())
    assert "bid needs an amount: your bid for" in flat_text
    assert "an amount cannot be below zero ('-1000')" in flat_text
    assert "$1 is not allowed" in flat_text and "type bid" in flat_text
    assert "run moves ore along in the Work phase, when your workers act; now: Auction" \
        in flat_text
    assert "5,000 characters is too long" in flat_text
    assert "x" * 100 not in text
    assert "cannot read" not in text
    assert not any(line.rstrip().endswith("for how") for line in text.splitlines())


def test_hint_and_undo_name_a_bid_in_dollars_as_the_board_does() -> None:
    """Issue 21 item 4: the prompt says `bid 2000`; `hint` and `undo` say the same dollars,
    never the game's own `bid 2` (thousands)."""
    state = motherlode.load("paydirt", players=2).new_game(3)
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("pick")))
    seat = state.current_player
    assert seat is not None
    answers = iter(["hint", "bid 2000", "undo", "quit"])
    console = Console(record=True, width=80, file=io.StringIO())
    session = PlaySession(state, seat, {1 - seat: "random"}, console,
                          read_line=lambda _: next(answers))
    while session.human_turn():
        pass
    text = " ".join(console.export_text().split())
    assert "type bid 2000" in text
    assert re.search(r"hint from the [\w-]+ bot: bid \d+000", text), text[-600:]
    assert "took back: bid 2000" in text
    assert not re.search(r"(hint from the [\w-]+ bot|took back): bid \d\b", text)
