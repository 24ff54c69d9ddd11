"""Pay Day at the terminal: the calendar with every token, the players' panels, what is being
decided (a hidden Auction Bargain face down to all but its drawer), the log's lines, and a whole
game played through the `motherlode` command."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import motherlode
from motherlode.cli.main import app
from motherlode.cli.render import drawing_for
from motherlode.cli.render_payday import EVENT_WRITERS, describe_event, render, rules
from motherlode.engine import JSON, State
from motherlode.rules.payday.phase import PHASE_NAMES
from motherlode.rules.payday.view import LOG_FIELDS

runner = CliRunner()


def drawn(view: JSON, width: int = 100) -> str:
    console = Console(record=True, width=width, file=io.StringIO())
    render(view, console)
    return console.export_text()


def states(players: int, seed: int) -> Iterator[State]:
    """A seeded game played by seeded random choices, yielded after every action."""
    state = motherlode.load("payday", players=players).new_game(seed)
    rng = random.Random(seed)
    yield state
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        yield state


def calendar_lines(text: str) -> list[str]:
    """The calendar's lines, from its top border to its bottom one."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("┌"))
    bottom = next(i for i, line in enumerate(lines) if line.startswith("└"))
    return lines[top:bottom + 1]


def cell_of(lines: list[str], day: int) -> str:
    """Everything a day's cell shows: its column, from its label's line to the next border."""
    label = "START" if day == 0 else "PAY DAY" if day == 32 else str(day)
    for row, line in enumerate(lines):
        cells = line.split("│")
        for col, cell in enumerate(cells):
            words = cell.split()
            if words and (cell.strip().startswith(label) if day in (0, 32) else
                          words[0] == label):
                body = [cell]
                for below in lines[row + 1:]:
                    if not below.startswith("│"):
                        break
                    body.append(below.split("│")[col])
                return "\n".join(body)
    raise AssertionError(f"day {day} not in the calendar")


def test_payday_has_its_own_drawing() -> None:
    drawing = drawing_for("payday")
    assert drawing.render is render and drawing.describe_event is describe_event


def test_the_first_view_shows_the_month_the_jackpot_and_the_players() -> None:
    state = motherlode.load("payday", players=3).new_game(1)
    view = state.view(1)
    text = drawn(view)
    lines = calendar_lines(text)
    assert max(len(line) for line in text.splitlines()) <= 100
    assert lines[1].split("│")[1:8] == [f" {d:<12}" for d in (
        "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")]
    assert "Jackpot $1,000" in text and "phase start" in text
    start = cell_of(lines, 0)
    assert "●0" in start and "●1" in start and "●2" in start
    assert "Mail 1" in cell_of(lines, 1) and "Bargain" in cell_of(lines, 2)
    assert "Daylight" in cell_of(lines, 16) and "Yard Sale" in cell_of(lines, 13)
    assert "Birthday" in cell_of(lines, 7) and "Lottery" in cell_of(lines, 6)
    assert "Buyer" in cell_of(lines, 31) and "Event" in cell_of(lines, 28)
    assert lines[-2].split("│")[5].strip() == "" and "PAY DAY" in lines[-3].split("│")[5]
    assert "seat 1 (you)" in text and "seat 0 (you)" not in text
    for seat, info in enumerate(view["seats"]):
        card = info["bargains"][0]  # "Each player draws one Bargain card ... it's free!"
        assert card in text, seat
    assert text.count("cash     $800") == 3


def test_a_spectator_is_nobody() -> None:
    text = drawn(motherlode.load("payday", players=2).new_game(4).view(None))
    assert "(you)" not in text and "seat 0" in text and "seat 1" in text


@pytest.mark.parametrize(("players", "seed"), [(2, 17), (3, 3), (4, 3)])
def test_views_draw_in_every_phase_with_every_token(players: int, seed: int) -> None:
    """At each change of phase, every 10th step and the end: the seat to decide (100 columns);
    every 30th step also another seat (80 columns) and a spectator. Nothing runs wider than
    the console; every token on the board stands on its day; finished seats are listed."""
    phases: set[str] = set()
    last = ""
    for step, state in enumerate(states(players, seed)):
        phase = state.view(None)["phase"]
        changed, last = phase != last, phase
        if not (changed or step % 10 == 0 or state.is_terminal):
            continue
        seat = state.current_player if state.current_player is not None else 0
        viewers: list[tuple[int | None, int]] = [(seat, 100)]
        if step % 30 == 0:
            viewers += [((seat + 1) % players, 80), (None, 100)]
        for who, width in viewers:
            view = state.view(who)
            phases.add(view["phase"])
            text = drawn(view, width)
            assert "The month" in text and "Jackpot" in text
            assert max(len(line) for line in text.splitlines()) <= width
            lines = calendar_lines(text)
            on_board = [s for s, info in enumerate(view["seats"]) if not info["finished"]]
            assert "\n".join(lines).count("●") == len(on_board)
            for s in on_board:
                assert f"●{s}" in cell_of(lines, view["seats"][s]["day"]), (step, s)
            finished = [s for s, info in enumerate(view["seats"]) if info["finished"]]
            if finished:
                listed = text.split("finished: ")[1].splitlines()[0]
                assert all(f"seat {s}" in listed for s in finished)
    # two players: the only other seat is the one that hit, which may not cancel its own card
    rare = {"protect"} if players == 2 else set()
    assert phases == set(PHASE_NAMES) - rare


def test_the_end_shows_the_final_scores() -> None:
    *_, state = states(3, 3)
    view = state.view(2)
    text = drawn(view)
    assert "Money at the end" in text and "winner" in text
    assert "tokens: none on the board" in text
    assert "finished: seat 0, seat 1, seat 2 (you)" in text
    for seat, score in enumerate(view["scores"]):
        money = f"-${-int(score):,}" if score < 0 else f"${int(score):,}"
        assert money in text, seat


def hidden_auction(players: int, seed: int) -> State:
    """A seeded game played until an Auction Bargain is up for bids (hidden from others)."""
    for state in states(players, seed):
        seen = state.view(None)
        if seen["phase"] == "auction" and seen["bargain"]["cards"] == [None]:
            return state
    raise AssertionError(f"seed {seed}: no hidden auction")


def test_the_drawer_sees_the_hidden_auction_card_and_the_others_do_not() -> None:
    state = hidden_auction(3, 3)
    drawer = state.view(None)["bargain"]["drawer"]
    card = state.view(drawer)["bargain"]["cards"][0]
    assert card is not None
    name = rules().bargain[card].name
    mine = drawn(state.view(drawer))
    assert card in mine and f"Bargain {name}: costs" in mine and "▒▒ face down" not in mine
    for other in [s for s in range(3) if s != drawer] + [None]:
        theirs = drawn(state.view(other))
        assert card not in theirs and name not in theirs and "▒▒ face down" in theirs
    auction = state.view(drawer)["bargain"]["auction"]
    assert "still bidding:" in mine
    if auction["high"]:
        assert f"high bid ${auction['high']:,}" in mine


def test_two_bargains_drawn_are_the_drawers_secret() -> None:
    for state in states(3, 1):
        seen = state.view(None)
        if seen["phase"] == "choose":
            break
    drawer = seen["bargain"]["drawer"]
    cards = state.view(drawer)["bargain"]["cards"]
    mine = drawn(state.view(drawer))
    assert "Bargains drawn · drawn by seat" in mine
    assert all(card in mine for card in cards) and "1." in mine and "2." in mine
    other = drawn(state.view((drawer + 1) % 3))
    assert other.count("▒▒ face down") == 2 and not any(card in other for card in cards)


EVENTS: dict[str, tuple[dict[str, Any], str]] = {
    "turn": ({"event": "turn", "seat": 1}, "begins a turn"),
    "roll": ({"event": "roll", "seat": 2, "roll": 4, "die": "buyer"},
             "rolls 4 and the PAY DAY die shows Buyer"),
    "reroll": ({"event": "reroll", "seat": 2, "roll": 5}, "rerolls the numbered die: 5"),
    "free bargain": ({"event": "free bargain", "seat": 1, "card": "toaster"},
                     "is dealt the Toaster as a free Bargain"),
    "jackpot": ({"event": "jackpot", "seat": 0, "amount": 1200},
                "rolls the Jackpot's number and takes the Jackpot: $1,200"),
    "move": ({"event": "move", "seat": 0, "day": 10}, "moves to day 10 (Buyer)"),
    "order": ({"event": "order", "seat": 0, "choice": "die first"},
              "uses the PAY DAY die first, then moves"),
    "loan": ({"event": "loan", "seat": 3, "amount": 2000}, "takes a loan of $2,000"),
    "bargain": ({"event": "bargain", "seat": 1, "card": "toaster", "count": 1},
                "draws the Toaster (cost $150, resale $250)"),
    "buy": ({"event": "buy", "seat": 1, "card": "toaster", "price": 150},
            "buys the Toaster for $150"),
    "auction": ({"event": "auction", "seat": 1, "card": None, "min_bid": 800},
                "announces an Auction Bargain: minimum bid $800"),
    "bid": ({"event": "bid", "seat": 2, "amount": 860}, "bids $860"),
    "pass": ({"event": "pass", "seat": 3}, "passes and leaves the auction"),
    "won": ({"event": "won", "seat": 1, "card": "toaster", "price": 260},
            "wins the Toaster for $260"),
    "unsold": ({"event": "unsold", "seat": 2, "card": None},
               "gets no bid: the Auction Bargain (face down) goes to the bottom of the Bargain "
               "pile"),
    "sell": ({"event": "sell", "seat": 0, "card": "toaster", "markup": "markup-1"},
             "offers the Toaster to the Buyer with a Markup +$100"),
    "hit": ({"event": "hit", "seat": 2, "card": "market-hit-8"},
            "plays Market Hit $200 against the sale"),
    "cancel hit": ({"event": "cancel hit", "seat": 3, "card": "market-hit-8"},
                   "says Not Today! to Market Hit $200 against the sale"),
    "cancel hits": ({"event": "cancel hits", "seat": 0},
                    "says Not Today!: every Market Hit against the sale is cancelled"),
    "sold": ({"event": "sold", "seat": 0, "card": "toaster", "price": 150},
             "sells the Toaster for $150"),
    "event": ({"event": "event", "seat": 3, "card": "not-today-1"},
              "draws the Event card Not Today!"),
    "play": ({"event": "play", "seat": 3, "card": "extra-move-4"}, "plays Road Trip +3"),
    "cancel": ({"event": "cancel", "seat": 1, "card": "extra-move-4"},
               "says Not Today!: Road Trip +3 is cancelled"),
    "mail": ({"event": "mail", "seat": 2, "card": "bill-car-1"},
             "gets mail: a car bill of $100"),
    "mail buy": ({"event": "mail buy", "seat": 2, "card": "insurance-car-1"},
                 "buys car insurance for $200"),
    "lottery": ({"event": "lottery", "seat": 0},
                "lands on the Lottery: the pot starts at $1,000"),
    "pick": ({"event": "pick", "seat": 1, "number": 4, "stake": 100},
             "picks number 4 in the Lottery for $100"),
    "lottery roll": ({"event": "lottery roll", "roll": 4, "winner": 1},
                     "the Lottery roll is 4: seat 1 wins the pot"),
    "double down": ({"event": "double down", "seat": 1, "stake": 200},
                    "doubles down in the Lottery: stakes $200"),
    "lottery lost": ({"event": "lottery lost", "pot": 1300},
                     "nobody is left in the Lottery: the $1,300 pot goes to the bank"),
    "birthday": ({"event": "birthday", "seat": 2, "amount": 300},
                 "has a Happy Birthday: $300 in gifts from the others"),
    "yard sale": ({"event": "yard sale", "seat": 2, "roll": 5, "card": "toaster"},
                  "rolls 5 at the Yard Sale, pays $500 and takes the Toaster"),
    "daylight savings": ({"event": "daylight savings", "seat": 3, "taken": True},
                         "sets off Daylight Savings: every token steps back one space"),
    "salary": ({"event": "salary", "seat": 0, "amount": 800},
               "is on START at Daylight Savings: collects the $800 salary again"),
    "pay day": ({"event": "pay day", "seat": 0, "salary": 800, "bills": 500, "insured": 300,
                 "interest": 300},
                "PAY DAY: collects $800, pays $500 in bills ($300 more covered by insurance) "
                "and 10% of the loan: $300"),
    "repay": ({"event": "repay", "seat": 0, "amount": 1000}, "repays $1,000 of the loan"),
    "finish": ({"event": "finish", "seat": 1},
               "ends the last month: the token leaves the board"),
}


def test_every_log_event_kind_is_one_readable_line() -> None:
    """A new kind of log entry fails here until it has its own line."""
    assert set(EVENTS) == set(LOG_FIELDS) == set(EVENT_WRITERS)
    for kind, (event, line) in EVENTS.items():
        assert set(event) == {"event", *LOG_FIELDS[kind]}, kind
        assert describe_event(event).plain == line, kind
    assert describe_event({"event": "roll", "seat": 0, "roll": 3, "die": None}).plain == "rolls 3"
    assert describe_event({"event": "lottery roll", "roll": 2, "winner": -1}).plain == (
        "the Lottery roll is 2: no winner")
    assert describe_event({"event": "pay day", "seat": 1, "salary": 800, "bills": 0,
                           "insured": 0, "interest": 0}).plain == (
        "PAY DAY: collects $800, no bills to pay")


def test_the_logs_of_seeded_games_are_described_without_raw_fields() -> None:
    seen: set[str] = set()
    for players, seed in ((4, 7), (3, 4)):
        *_, state = states(players, seed)
        for event in state.view(None)["log"]:
            seen.add(event["event"])
            text = describe_event(event).plain
            assert text and "None" not in text and "{" not in text and "[" not in text, text
    assert {"roll", "move", "bargain", "bid", "won", "sold", "pay day", "finish"} <= seen


def test_play_a_whole_game_against_bots() -> None:
    args = ["play", "payday", "--players", "3", "--seat", "1", "--bots", "random",
            "--seed", "8"]
    result = runner.invoke(app, args, input="1\n" * 3000, env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Pay Day · game over" in out and "Final scores" in out and "Winner" in out
    assert "Since your last turn:" in out and "seat 1 (you)  rolls " in out
    assert "The month" in out and "PAY DAY: collects $800" in out
