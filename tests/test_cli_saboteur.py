"""Saboteur Gold at the terminal: the maze drawing, the seat's secrets, the log's lines, and a
whole game played and replayed through the `motherlode` command."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import motherlode
from motherlode.cli.main import app
from motherlode.cli.render import drawing_for
from motherlode.cli.render_saboteur import (
    card_picture,
    glyphs_text,
    maze,
    render,
)
from motherlode.engine import State, View
from motherlode.engine.events import Event, looks_like_repr
from motherlode.rules.saboteur.log import (
    EVENTS as EVENT_CLASSES,
)
from motherlode.rules.saboteur.log import (
    CardPlayed,
    FixBegun,
    Fixed,
    GameOver,
    GoalTurnedUp,
    GoldCardsDrawn,
    GoldShared,
    Passed,
    PathLaid,
    PlayedAt,
    RoundBegan,
    RoundEnded,
    Stole,
    TookGold,
)
from motherlode.rules.saboteur.schema import SaboteurView, is_saboteur_view

runner = CliRunner()


def drawn(view: View, width: int = 100) -> str:
    console = Console(record=True, width=width)
    render(view, console)
    return console.export_text()


def picture(card: str, turned: bool = False, *, reached: bool = False, width: int = 5) -> list[str]:
    cards = first_view()["cards"]
    grid = card_picture(cards, card, turned, width=width, reached=reached)
    return [glyphs_text(row).plain for row in grid]


def first_view(players: int = 5, seat: int | None = 0) -> SaboteurView:
    view = motherlode.load("saboteur", players=players).new_game(1).view(seat)
    assert is_saboteur_view(view)
    return view


def row_line(text: str, row: int) -> str:
    """The maze's line that carries the row number `row` (the cards' middles)."""
    label = f"{row:>3} "
    return next(line for line in text.splitlines() if line.startswith(label))


def states(players: int, edition: str, seed: int) -> Iterator[State]:
    """A seeded game played by seeded random choices, yielded after every action."""
    state = motherlode.load("saboteur", players=players, edition=edition).new_game(seed)
    rng = random.Random(seed)
    yield state
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        yield state


def test_saboteur_has_its_own_drawing() -> None:
    drawing = drawing_for("saboteur")
    assert drawing is render


def test_cards_are_drawn_with_their_tunnels_as_they_lie() -> None:
    assert picture("tunnel-ne") == ["  │  ", "  └──", "     "]
    assert picture("tunnel-ne", turned=True) == ["     ", "──┐  ", "  │  "]
    assert picture("tunnel-nesw", reached=True) == ["  ┃  ", "━━╋━━", "  ┃  "]
    assert picture("dead-we") == ["     ", "─╴✕╶─", "     "]  # dead ends stop short
    assert picture("crystal-we-stub-n") == ["  ╵  ", "─────", "    *"]
    assert picture("crystal-stub-ns", width=3) == [" ╵ ", " ✕ ", " ╷*"]
    assert picture("door-green-wn") == ["G │  ", "──┘  ", "     "]
    assert picture("door-blue-we")[0].startswith("B")
    assert picture("ladder-ws") == ["     ", "──H  ", "  │  "]
    assert picture("bridge") == ["  │  ", "──│──", "  │  "]
    assert picture("double-curve") == ["  │  ", "─╯ ╭─", "  │  "]
    assert picture("start")[1] == "──S──"
    assert picture("goal-treasure")[1] == "──$──"
    assert picture("goal-stone-nw")[1] == "──o  "


def test_the_first_view_shows_start_goals_numbers_and_hand() -> None:
    state = motherlode.load("saboteur", players=5).new_game(1)
    text = drawn(state.view(0))
    numbers = next(line for line in text.splitlines() if line.lstrip().startswith("-1 "))
    assert numbers.split() == [str(c) for c in range(-1, 10)]  # start and goals, one margin
    assert [int(row_line(text, r).split()[0]) for r in range(-3, 4)] == list(range(-3, 4))
    assert "━━S━━" in row_line(text, 0)  # the start is reached (heavy): it holds a ladder
    for row in (-2, 0, 2):
        assert "│ ? │" in row_line(text, row)
    assert text.count("│ ? │") == 3
    hand = state.view(0)["hand"]
    assert "Your hand" in text and all(card in text for card in hand)
    assert f"Your dwarf: {state.view(0)['dwarf']}" in text
    assert "you ▶ to play" in text  # seat 0 plays first


def test_a_spectator_sees_no_hand_and_no_dwarf() -> None:
    state = motherlode.load("saboteur", players=5).new_game(1)
    seat_view = state.view(2)
    text = drawn(state.view(None))
    assert "Your hand" not in text and "Your dwarf" not in text and "You · seat" not in text
    assert str(seat_view["dwarf"]) not in text.split("Players")[1]
    assert "you" not in text.split("Players")[1]


def first_map(players: int, seed: int) -> tuple[State, int, list[int]]:
    """A seeded game played until some seat has played a map: the state, the mapper, the
    goal's cell."""
    for state in states(players, "gold", seed):
        log = state.view(None)["log"]
        if log and log[-1]["kind"] == "play_at" and log[-1]["card"] == "map":
            seat, cell = log[-1]["seat"], log[-1]["cell"]
            assert isinstance(seat, int) and isinstance(cell, list)
            return state, seat, [int(str(c)) for c in cell]
    raise AssertionError(f"seed {seed}: no map played")


def test_a_map_shows_the_goal_to_its_player_only() -> None:
    state, mapper, cell = first_map(4, 2)
    col, row = cell
    other = next(s for s in range(4) if s != mapper
                 and not any(g["card"] for g in state.view(s)["goals"]))
    mine, theirs = drawn(state.view(mapper)), drawn(state.view(other))
    goal = next(g["card"] for g in state.view(mapper)["goals"] if g["cell"] == cell)
    mark = "│ T │" if goal == "goal-treasure" else "│ s │"
    assert mark in row_line(mine, row) and "Seen by Map" in mine
    assert "│ ? │" in row_line(theirs, row) and "Seen by Map" not in theirs
    assert mark not in theirs and mark not in drawn(state.view(None))
    assert col == 8


def test_mapped_goals_show_treasure_or_stone_and_turned_up_goals_their_face() -> None:
    """The drawing reads the view alone: a view edited to hold a mapped treasure and a mapped
    stone shows `T` and `s`; the round's end turns the rest up as `$` and `o`."""
    view = motherlode.load("saboteur", players=3).new_game(5).view(0)
    assert is_saboteur_view(view)
    view["goals"][0]["card"] = "goal-treasure"
    view["goals"][2]["card"] = "goal-stone-ne"
    text = drawn(view)
    assert "│ T │" in row_line(text, -2) and "│ ? │" in row_line(text, 0)
    assert "│ s │" in row_line(text, 2)
    assert "Seen by Map: 8 -2 is the treasure · 8 2 is a stone (goal-stone-ne)" in text
    view["phase"] = "over"
    view["log"].append(RoundEnded(None, 1, None, ("saboteur", "boss", "geologist"),
                                  (((8, -2), "goal-stone-nw"), ((8, 0), "goal-treasure"),
                                   ((8, 2), "goal-stone-ne")), (8, 0)).to_json())
    text = drawn(view)
    assert "│ o │" in row_line(text, -2) and "│ $ │" in row_line(text, 0)
    assert "seat 1 boss" in text and "the treasure was not reached" in text


@pytest.mark.parametrize(("players", "edition", "seed"),
                         [(2, "gold", 3), (5, "gold", 4), (12, "gold", 5), (5, "base", 6)])
def test_views_draw_at_every_point_of_seeded_games(players: int, edition: str, seed: int) -> None:
    """Every 20th step and the end, from the player to act (80 columns), another seat and a
    spectator (120 columns); the maze never runs wider than the console."""
    phases: set[str] = set()
    for step, state in enumerate(states(players, edition, seed)):
        if step % 20 and not state.is_terminal:
            continue
        seat = state.current_player if state.current_player is not None else 0
        for who, width in ((seat, 80), ((seat + 1) % players, 120), (None, 120)):
            view = state.view(who)
            phases.add(view["phase"])
            text = drawn(view, width)
            assert "Players" in text and ("Your hand" in text) == (who is not None)
            assert is_saboteur_view(view)
            grid = maze(view, width).plain.splitlines()
            assert max(len(line) for line in grid) <= width
    assert "over" in phases and "turn" in phases


def test_the_round_end_shows_the_dwarves_and_the_gold() -> None:
    for state in states(4, "gold", 7):
        if state.view(0)["phase"] == "over":
            break
    view = state.view(1)
    assert is_saboteur_view(view)
    text = drawn(view, 120)
    end = [e for e in view["log"] if e["kind"] == "end"][-1]
    assert "Round 3 is over" in text
    dwarves = end["dwarves"]
    assert isinstance(dwarves, list)
    for seat, dwarf in enumerate(dwarves):
        assert f"{'you' if seat == 1 else f'seat {seat}'} {dwarf}" in text
    assert "gold shared:" in text
    players = text.split("Players")[1].split("Face-up")[0]
    gold = [int(line.split()[-2]) for line in players.splitlines()
            if line.strip()[:1].isdigit()]
    assert gold == view["gold"]


EVENTS: list[tuple[Event, str]] = [
    (RoundBegan(None, 2, 3), "round 2 begins; seat 3 plays first"),
    (PathLaid(2, "tunnel-ne", (3, 0), True), "laid tunnel-ne at 3 0 (turned)"),
    (GoalTurnedUp(None, (8, -2), "goal-stone-ne", False, False),
     "the goal at 8 -2 is turned up: a stone (goal-stone-ne)"),
    (CardPlayed(1, "repair-pickaxe-lamp", 2, "lamp"),
     "played repair-pickaxe-lamp on seat 2 (lamp)"),
    (CardPlayed(1, "theft", 1, ""), "played theft on themselves"),
    (PlayedAt(0, "map", (8, 0), None, "goal-treasure", True),
     "played map at 8 0 and saw the treasure"),
    (PlayedAt(0, "rockfall", (3, 0), "tunnel-we", None, None),
     "played rockfall at 3 0, removing tunnel-we"),
    (FixBegun(4, "trapped"), "frees themselves from the trap: pays 2 cards"),
    (Fixed(4, "cart"), "mended cart"),
    (Passed(3, 1), "passed, discarding 1 card"),
    (RoundEnded(None, 1, 2, ("boss", "saboteur"), (((8, 2), "goal-treasure"),), (8, 2)),
     "round 1 over: seat 2 reached the treasure; dwarves 0 boss, 1 saboteur; goals "
     "8 2 the treasure"),
    (GoldShared(None, 1, (0, 5, 0, 3)), "round 1 gold: seat 1 +5, seat 3 +3"),
    (Stole(1, 0), "stole 1 gold from seat 0"),
    (GoldCardsDrawn(None, 3, (1, 2, 3)), "round 3: gold cards drawn 1, 2, 3"),
    (TookGold(2, 3), "took a gold card worth 3"),
    (GameOver(None, (4, 7)), "game over; gold seat 0 4, seat 1 7"),
]


def test_every_log_event_kind_is_one_readable_line() -> None:
    assert {type(event) for event, _ in EVENTS} == set(EVENT_CLASSES)
    for event, line in EVENTS:
        assert event.text() == line, event.kind


def test_a_map_shows_what_it_saw_to_its_player_only() -> None:
    event = PlayedAt(0, "map", (8, 0), None, "goal-stone-ne", False)
    assert event.seen_by(0) == event
    for seat in (None, 1):
        seen = event.seen_by(seat)
        assert seen is not None and seen.text() == "played map at 8 0 (looked at that goal)"


def test_the_logs_of_seeded_games_are_told_without_raw_fields() -> None:
    seen: set[str] = set()
    for players, edition, seed in ((5, "gold", 11), (4, "base", 12)):
        *_, state = states(players, edition, seed)
        for event in state.view(None)["log"]:
            seen.add(str(event["kind"]))
            text = str(event["text"])
            assert text and " · cell " not in text and "[" not in text, text
            assert not looks_like_repr(text), text
    assert {"round", "place", "play", "pass", "end", "share", "over"} <= seen


def test_play_a_whole_game_and_replay_it(tmp_path: Path) -> None:
    save = tmp_path / "saboteur.json"
    env = {"COLUMNS": "100"}
    args = ["play", "saboteur", "--players", "3", "--seat", "1", "--bots", "random",
            "--seed", "8", "--save", str(save)]
    result = runner.invoke(app, args, input="1\n" * 2000, env=env)
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.stdout and "Round 3 is over" in result.stdout
    assert "Since your last turn:" in result.stdout and "laid " in result.stdout
    saved = json.loads(save.read_text())
    assert motherlode.load_game(save.read_text()).is_terminal
    replay = runner.invoke(app, ["replay", str(save), "--seat", "2"], input="\n" * 4 + "q\n",
                           env=env)
    assert replay.exit_code == 0, replay.output
    steps = len(saved["actions"])
    assert f"step 4/{steps}" in replay.stdout and "seen by seat 2" in replay.stdout
    assert "seat 0: " in replay.stdout and "seat 2: " in replay.stdout
    helped = runner.invoke(app, ["play", "saboteur", "--help"], env=env)
    assert helped.exit_code == 0 and "--players" in helped.stdout


def test_the_hand_given_away_is_shown_to_its_old_owner() -> None:
    """A seat that swapped hands sees which cards the other player holds from it."""
    seen = motherlode.load("saboteur", players=5).new_game(1).view(2)
    assert "Known in seat" not in drawn(seen)
    seen["known_hands"] = [[1, ["map", "theft"]]]
    text = drawn(seen)
    assert "Known in seat 1's hand (swapped)" in text and "theft" in text
