"""Saboteur Gold at the terminal: the maze drawing, the seat's secrets, the log's lines, and a
whole game played and replayed through the `motherlode` command."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import motherlode
from motherlode.bots import make_bot
from motherlode.cli.decide import read
from motherlode.cli.main import app
from motherlode.cli.play import PlaySession
from motherlode.cli.render import drawing_for
from motherlode.cli.render_saboteur import (
    LEGEND,
    PAUSE_AFTER,
    card_picture,
    glyphs_text,
    known_dwarves,
    legend,
    maze,
    render,
)
from motherlode.engine import Action, State, View
from motherlode.engine.events import Event, looks_like_repr
from motherlode.rules.saboteur import name_of
from motherlode.rules.saboteur.log import (
    EVENTS as EVENT_CLASSES,
)
from motherlode.rules.saboteur.log import (
    CardPlayed,
    Drew,
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
from motherlode.rules.saboteur.state import SaboteurState

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
    return seen(motherlode.load("saboteur", players=players).new_game(1), seat)


def seen(state: State, seat: int | None) -> SaboteurView:
    """The state's view from `seat`, typed."""
    view = state.view(seat)
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
    hand = seen(state, 0)["hand"] or []
    assert "Your hand" in text and all(name_of(card) in text for card in hand)
    assert f"Your dwarf: {name_of(str(seen(state, 0)['dwarf']))}" in text
    assert "you ▶ to play" in text  # seat 0 plays first


def test_a_spectator_sees_no_hand_and_no_dwarf() -> None:
    state = motherlode.load("saboteur", players=5).new_game(1)
    seat_view = seen(state, 2)
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
                 and not any(g["card"] for g in seen(state, s)["goals"]))
    mine, theirs = drawn(state.view(mapper)), drawn(state.view(other))
    goal = next(g["card"] for g in seen(state, mapper)["goals"] if g["cell"] == cell)
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
    assert "Seen by Map: 8 -2 is the treasure · 8 2 is a stone" in text
    view["phase"] = "over"
    view["log"].append(RoundEnded(None, 1, None, ("saboteur", "boss", "geologist"),
                                  (((8, -2), "goal-stone-nw"), ((8, 0), "goal-treasure"),
                                   ((8, 2), "goal-stone-ne")), (8, 0)).to_json())
    text = drawn(view)
    assert "│ o │" in row_line(text, -2) and "│ $ │" in row_line(text, 0)
    assert "seat 1 Boss" in text and "the treasure was not reached" in text


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
        assert f"{'you' if seat == 1 else f'seat {seat}'} {name_of(dwarf)}" in text
    assert "gold shared:" in text
    players = text.split("Players")[1].split("Face-up")[0]
    gold = [[int(word) for word in line.split() if word.isdigit()][-1]  # before the dwarf
            for line in players.splitlines() if line.strip()[:1].isdigit()]
    assert gold == view["gold"]


EVENTS: list[tuple[Event, str]] = [
    (RoundBegan(None, 2, 3), "round 2 begins; seat 3 plays first"),
    (PathLaid(2, "tunnel-ne", (3, 0), True), "laid Tunnel N-E at 3 0 (turned)"),
    (GoalTurnedUp(None, (8, -2), "goal-stone-ne", False, False),
     "the goal at 8 -2 is turned up: a stone"),
    (CardPlayed(1, "repair-pickaxe-lamp", 2, "lamp"),
     "played Mend a lamp or a pickaxe on seat 2 (lamp)"),
    (CardPlayed(1, "theft", 1, ""), "played Theft on themselves"),
    (PlayedAt(0, "map", (8, 0), None, "goal-treasure", True),
     "played Map at 8 0 and saw the treasure"),
    (PlayedAt(0, "rockfall", (3, 0), "tunnel-we", None, None),
     "played Rock fall at 3 0, removing Tunnel E-W"),
    (Drew(0, 1, ("tunnel-ns",)), "drew Tunnel N-S from the pile"),
    (Drew(0, 2, ()), "drew 2 cards"),
    (FixBegun(4, "trapped"), "frees themselves from the trap: pays 2 cards"),
    (Fixed(4, "cart"), "mended cart"),
    (Passed(3, 1), "passed, discarding 1 card"),
    (RoundEnded(None, 1, 2, ("boss", "saboteur"), (((8, 2), "goal-treasure"),), (8, 2)),
     "round 1 over: seat 2 reached the treasure; dwarves seat 0 Boss, seat 1 Saboteur; goals "
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
        assert seen is not None and seen.text() == "played Map at 8 0 (looked at that goal)"


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
    # Issue 21 item 3: the player is told which card they drew (the round's sheet shows too).
    assert "you drew " in result.stdout and "Round 1 of 3" in result.stdout
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
    view = first_view(5, 2)
    assert "Known in seat" not in drawn(view)
    view["known_hands"] = [[1, ["map", "theft"]]]
    text = drawn(view)
    assert "Known in seat 1's hand (swapped): Map, Theft" in text


# --- issue 12 -------------------------------------------------------------------------------
def run(*args: str, stdin: str = "", width: int = 80) -> str:
    result = runner.invoke(app, list(args), input=stdin, env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    return result.stdout


def heuristic_states(players: int, edition: str, seed: int) -> Iterator[SaboteurState]:
    """A seeded all-heuristic game, yielded before every action (and at the end)."""
    game = motherlode.load("saboteur", players=players, edition=edition)
    state = game.new_game(seed)
    assert isinstance(state, SaboteurState)
    bots = [make_bot("heuristic", game, seat, seat) for seat in range(players)]
    while (seat := state.current_player) is not None:
        yield state
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    yield state


@cache
def every_phase() -> dict[str, list[SaboteurView]]:
    """Views of the seat to play (the spectator's at the end) in every phase of two seeded
    games that reach them all (gold at 4 players, base at 5), a few of each."""
    found: dict[str, list[SaboteurView]] = {}
    for players, edition, seed in ((4, "gold", 2), (5, "base", 3)):
        for state in heuristic_states(players, edition, seed):
            view = state.view(state.current_player)
            assert is_saboteur_view(view)
            if len(found.setdefault(view["phase"], [])) < 4:
                found[view["phase"]].append(view)
    return found


def test_the_base_edition_is_titled_saboteur() -> None:
    """Issue 12: "the base edition titled "Saboteur", not "Saboteur Gold"": the game's title
    follows the edition, at the terminal's head and in the drawing's."""
    assert motherlode.load("saboteur", edition="base").title == "Saboteur"
    assert motherlode.load("saboteur").title == "Saboteur Gold"
    out = run("play", "saboteur", "--option", "edition=base", "--players", "3", "--seed", "1",
              stdin="quit\n")
    assert "Saboteur · round 1/3" in out and "Saboteur Gold" not in out
    gold = run("play", "saboteur", "--players", "3", "--seed", "1", stdin="quit\n")
    assert "Saboteur Gold · round 1/3" in gold
    assert "Saboteur Gold" in run("games")  # the list names the game by its default edition


def test_a_cell_off_the_table_and_other_refusals_say_why() -> None:
    """Issue 12: "a Saboteur cell off the table gets "off the table", not "cannot read""; a
    refusal by the rules says which rule."""
    view = first_view(3)
    card = next(c for c in view["hand"] or [] if view["cards"][c]["path"])
    out = run("play", "saboteur", "--players", "3", "--seed", "1", stdin=(
        f"place {card} 20 0\nplay map at 3 0\nplace {card} 5 5\nquit\n"), width=200)
    assert "20 0 is off the table: columns -6..14, rows -7..7" in out
    assert "a map is played at a goal (8 -2, 8 0, 8 2)" in out
    assert "cannot read" not in out
    assert f"place {card} 5 5 is not allowed now: no card beside it" in out


def test_the_table_pauses_on_a_rounds_share_out() -> None:
    """Issue 12: "Saboteur pauses on a round's share-out until the player presses Enter": the
    table waits once the round's gold is shared, and its drawing then shows who reached the
    treasure, every dwarf and the gold each seat got."""
    assert frozenset({"round"}) == PAUSE_AFTER
    for state in heuristic_states(4, "gold", 2):
        ends = [a for a in state.legal_actions() if ends_the_round(state, a)]
        if ends and state.round == 1:
            break
    seat = state.current_player
    assert seat is not None
    console = Console(record=True, width=80, file=io.StringIO())
    answers = iter([str(ends[0]), ""])
    at_pauses: list[str] = []

    def answer(prompt: str) -> str:
        if "press Enter" in prompt:
            at_pauses.append(console.export_text())
        reply = next(answers, None)
        if reply is None:
            raise EOFError
        return reply

    bots = {s: "heuristic" for s in range(4) if s != seat}
    PlaySession(state, seat, bots, console, read_line=answer).run()
    assert len(at_pauses) == 1
    last = at_pauses[0].rsplit("Saboteur Gold · step", 1)[1]
    paused = " ".join(last.replace("│", " ").split())
    end = next(e for e in state.view(seat)["log"] if e["kind"] == "end")
    dwarves = end["dwarves"]
    assert isinstance(dwarves, list)
    assert "Round 1 is over" in paused and "gold shared:" in paused
    for other, dwarf in enumerate(dwarves):
        assert f"{'you' if other == seat else f'seat {other}'} {name_of(dwarf)}" in paused


def ends_the_round(state: SaboteurState, action: Action) -> bool:
    after = state.clone()
    after.apply(action)
    return after.round > state.round


def drawn_names(view: SaboteurView) -> set[str]:
    """The card, dwarf and goal ids the drawing of `view` prints."""
    names = set(view["hand"] or []) | set(view["face_up_discards"]) | set(view["my_discards"])
    for tableau in view["tableaux"]:
        names |= {*tableau["broken"], *(c for c in (tableau["trapped"], tableau["theft"]) if c)}
    names |= {g["card"] for g in view["goals"] if g["card"]}
    names |= {m["card"] for m in view["maze"]}
    names |= {str(view["dwarf"])} if view["dwarf"] else set()
    for entry in view["log"]:
        if entry["kind"] == "end":
            dwarves, goals = entry["dwarves"], entry["goals"]
            assert isinstance(dwarves, list) and isinstance(goals, list)
            names |= {str(d) for d in dwarves}
            names |= {str(goal[1]) for goal in goals if isinstance(goal, list)}
    return names


def test_info_finds_every_name_and_mark_the_drawing_prints() -> None:
    """Issue 12: "`info <name>` at the prompt for any card, tile, site, space, role or
    machine": every card, dwarf and goal the drawing prints is in the glossary, every mark of
    the maze's legend and every badge of the players' table in LEGEND."""
    glossary = motherlode.load("saboteur").glossary
    for views in every_phase().values():
        for view in views:
            assert drawn_names(view) <= set(glossary), drawn_names(view) - set(glossary)
    marks = {word for word in legend().plain.split() if len(word) == 1 or "/" in word}
    for mark in marks:
        assert all(part in LEGEND for part in mark.split("/")), mark
    for badge in ("✗", "TRAPPED", "theft #1", "▶ to play", "x2", "upright", "turned", "A",
                  "B", "C", "D", "pile", "set aside", "spare dwarves", "gold shared"):
        assert badge in LEGEND, badge
    out = run("play", "saboteur", "--players", "3", "--seed", "1", stdin=(
        "info green digger\ninfo TRAPPED\ninfo ✕\ninfo theft #1\ninfo geologist\nquit\n"),
        width=200)
    assert glossary["green-digger"] in out  # its text names it: no id before it
    assert "green-digger: Green digger" not in out
    assert f"TRAPPED: {LEGEND['TRAPPED']}" in out and f"✕: {LEGEND['✕']}" in out
    assert f"theft #1: {LEGEND['theft #1']}" in out
    assert glossary["geologist"] in out and "geologist: Geologist" not in out


def stressed_view() -> SaboteurView:
    """A 12-player view with everything at once: every tool broken, every player trapped and
    thieving, the maze across the whole table, the longest card names in hand."""
    view = first_view(12)
    for tableau in view["tableaux"]:
        tableau["broken"] = ["broken-pickaxe", "broken-lamp", "broken-cart"]
        tableau["trapped"], tableau["theft"] = "trapped", "theft"
    view["theft_order"] = list(range(12))
    view["inspected"] = [[seat, "green-digger"] for seat in range(1, 12)]
    view["maze"] += [{"cell": [col, 5], "card": "tunnel-we", "turned": False}
                     for col in range(-6, 15)]
    view["hand"] = ["door-green-ns-stub-w", "crystal-wne-stub-s", "repair-pickaxe-lamp",
                    "crystal-nes-stub-w", "ladder-ws", "double-curve"]
    view["my_discards"] = ["door-green-ns-stub-w", "repair-pickaxe-lamp"]
    return view


def test_every_phase_is_readable_at_80_columns() -> None:
    """Issue 12: "each game readable in an 80x24 terminal without cutting names or losing the
    marks": in every phase and with everything on the table at once, no line is longer than
    80, nothing is cut short (…), and every name and badge of the view is printed whole."""
    views = [view for phase in every_phase().values() for view in phase]
    assert {"turn", "passing", "fixing", "steal", "gold", "over"} <= set(every_phase())
    for view in [*views, stressed_view()]:
        text = drawn(view, 80)
        assert "…" not in text
        assert max(len(line) for line in text.splitlines()) <= 80
        flat = " ".join(text.replace("│", " ").split())  # a long line wraps between words
        for card in set(view["hand"] or []) | set(view["face_up_discards"]):
            assert name_of(card) in flat, card  # by its name, not its id
        for seat, tableau in enumerate(view["tableaux"]):
            for card in tableau["broken"]:
                assert f"✗ {card.removeprefix('broken-')}" in text
            if tableau["trapped"]:
                assert "TRAPPED" in text
            if tableau["theft"] and seat in view["theft_order"]:
                assert f"theft #{view['theft_order'].index(seat) + 1}" in text
        for dwarf in known_dwarves(view).values():
            assert name_of(dwarf) in flat, dwarf
    text = drawn(stressed_view(), 80)
    assert text.count("TRAPPED") == 12 and "theft #12" in text
    assert text.count("Green digger") >= 11 and "green-digger" not in text


def test_hint_says_what_the_heuristic_would_do_and_why() -> None:
    """Issue 12: "`hint` asks the game's strongest bot what it would do and why in one
    line"."""
    dwarf = str(first_view(3)["dwarf"]).replace("-", " ")
    out = run("play", "saboteur", "--players", "3", "--seed", "1", stdin="hint\nquit\n",
              width=200)
    hint = next(line for line in out.splitlines() if "hint from the heuristic bot" in line)
    assert f" — {dwarf}: " in hint


def test_a_negative_row_is_read_as_typed() -> None:
    """Issue 12: "The letters printed on the board ... unique prefixes": a row the board
    prints as -1 is row -1, never row 1."""
    state = motherlode.load("saboteur", players=3).new_game(1)
    assert isinstance(state, SaboteurState)
    state.hands[0] = ["tunnel-nesw", *["map"] * 5]
    cross = state.game.placed["tunnel-nesw", False]
    state.maze.cells[1, 0] = state.maze.cells[1, -1] = cross
    state.maze_changed()
    decision = state.view(0)["decision"]
    assert decision is not None
    assert read(decision, "place tunnel-nesw 1 -1") in (None, "place tunnel-nesw 1 -1")
    assert read(decision, "play map at 8 -2") == "play map at 8 -2"


def test_what_the_board_prints_answers_the_decision() -> None:
    """Issue 12: "The letters printed on the board ..., unique prefixes": a seat as the
    players' table prints it picks the card played on that seat, and a card's words cut
    short pick its play or its discard."""
    state = motherlode.load("saboteur", players=3).new_game(1)
    assert isinstance(state, SaboteurState)
    state.hands[0] = ["map", "broken-lamp", "theft", "tunnel-we", "map", "map"]
    decision = state.view(0)["decision"]
    assert decision is not None
    assert read(decision, "seat 2") == "play broken-lamp on 2"
    assert read(decision, "play theft") == "play theft on 0"
    assert read(decision, "discard map") == "discard map"
    assert read(decision, "disc broken") == "discard broken-lamp"
