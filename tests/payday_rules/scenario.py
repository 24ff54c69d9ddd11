"""Pay Day positions set by hand for the rules scenarios (seed 002).

A position is a new game (`new`) with its parts replaced: whose turn it is and where the tokens
stand (`turn_at`), what each seat holds (`hold`), the decks (`on_top`: the first card named is
drawn first; the code keeps a deck's top card last), and the dice (`script`: a scripted RNG
whose `randrange` answers from a list, so "a roll of 4 with the Buyer face" is written
`script(state, face(state, "buyer"), 4)`). `act` applies actions written in the game's
notation; `refused` checks that an action is refused and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

import pytest

import motherlode
from motherlode.engine import Action, IllegalAction
from motherlode.engine.position import replace
from motherlode.engine.rng import StateRng
from motherlode.rules.payday.game import PayDay
from motherlode.rules.payday.state import PayDayState

SEED = "seed 002"  # /work/shared/seeds/002_7eb0c5c28cebdd73.txt, cited by its headings

# The board as built (data/board.toml): the day of one space of each kind.
START, MAIL_1, BARGAIN, EVENT, MAIL_2, LOTTERY, BIRTHDAY = 0, 1, 2, 3, 4, 6, 7
BUYER, MAIL_3, YARD_SALE, DAYLIGHT, PAY_DAY = 10, 12, 13, 16, 32


class ScriptedRng(StateRng):
    """A StateRng whose `randrange` returns the scripted values first (checked against the
    range asked for), then falls back to the real sequence."""

    def __init__(self, values: Iterable[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.values = list(values)
        self.asked: list[tuple[int, int]] = []

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:  # type: ignore[override]
        low, high = (0, start) if stop is None else (start, stop)
        self.asked.append((low, high))
        if not self.values:
            return super().randrange(start, stop, step)
        value = self.values.pop(0)
        if not low <= value < high:
            raise AssertionError(f"scripted {value} is outside randrange({low}, {high})")
        return value


@cache
def loaded(players: int = 4, **options: Any) -> PayDay:
    """The game (loaded once per set of options)."""
    game = motherlode.load("payday", players=players, **options)
    assert isinstance(game, PayDay)
    return game


def new(players: int = 4, seed: int = 1, **options: Any) -> PayDayState:
    """A new game: everyone on START with $800 and one free Bargain, seat 0 to play."""
    state = loaded(players, **options).new_game(seed)
    assert isinstance(state, PayDayState)
    state.log.clear()  # the set-up's "free bargain" entries name cards scenarios move about
    return state


def script(state: PayDayState, *values: int) -> ScriptedRng:
    """The state's next `randrange` answers (a PAY DAY die face is an index: `face`)."""
    rng = ScriptedRng(values, seed=state.seed)
    state.rng = rng
    return rng


def face(state: PayDayState, name: str) -> int:
    """The index of the PAY DAY die face `name` (buyer, bargain, plus_three, reroll)."""
    return state.game.die_faces.index(name)


def turn_at(state: PayDayState, seat: int, day: int,
            others: dict[int, int] | None = None) -> None:
    """Seat `seat`'s turn, its token on `day`; the other tokens where `others` says."""
    replace(state, player=seat, decider=seat)
    state.pos[seat] = day
    for other, at in (others or {}).items():
        state.pos[other] = at


def finish(state: PayDayState, *seats: int) -> None:
    """`seats` have played their last month ("Is it the final month?"): off the board."""
    for seat in seats:
        state.month[seat] = state.game.months


def _remove_everywhere(state: PayDayState, card: str) -> None:
    for pile in (state.bargain_deck, state.mail_deck, state.event_deck, state.bargain_discard,
                 state.mail_discard, state.event_discard):
        if card in pile:
            pile.remove(card)
    for held in (state.bargains, state.markups, state.insurance, state.bills, state.event_cards):
        for cards in held:
            if card in cards:
                cards.remove(card)
    if state.yard_sale == card:
        replace(state, yard_sale=next(c for c in state.bargain_deck if c != card))
        state.bargain_deck.remove(state.yard_sale)


def hold(state: PayDayState, seat: int, *, bargains: Sequence[str] = (),
         markups: Sequence[str] = (), insurance: Sequence[str] = (), bills: Sequence[str] = (),
         events: Sequence[str] = (), cash: int | None = None, loan: int | None = None) -> None:
    """Seat `seat` holds exactly these cards (taken from wherever they were; its old Bargains
    go to the bottom of the Bargain pile) and, if given, this cash and loan."""
    for old in state.bargains[seat]:
        state.bargain_deck.insert(0, old)
    state.bargains[seat] = []
    for card in (*bargains, *markups, *insurance, *bills, *events):
        _remove_everywhere(state, card)
    state.bargains[seat] = list(bargains)
    state.markups[seat] = list(markups)
    state.insurance[seat] = list(insurance)
    state.bills[seat] = list(bills)
    state.event_cards[seat] = list(events)
    if cash is not None:
        state.cash[seat] = cash
    if loan is not None:
        state.loan[seat] = loan


def empty_hands(state: PayDayState) -> None:
    """Nobody holds anything (the free Bargains go to the bottom of the pile)."""
    for seat in range(state.game.num_players):
        hold(state, seat)


def on_top(state: PayDayState, deck: str, *cards: str) -> None:
    """Put `cards` on top of the `deck` ("bargain", "mail" or "event"): the first is drawn
    first. A card under the Yard Sale or in a hand is taken from there."""
    for card in cards:
        _remove_everywhere(state, card)
    pile: list[str] = getattr(state, f"{deck}_deck")
    pile.extend(reversed(cards))


def act(state: PayDayState, *texts: str) -> None:
    """Apply each action written in the game's notation (checked)."""
    for text in texts:
        state.apply(state.game.parse_action(text))


def texts(state: PayDayState) -> set[str]:
    """The legal actions as text."""
    return {str(action) for action in state.legal_actions()}


def phase(state: PayDayState) -> str:
    return str(state.view(None)["phase"])


# Fields of the log's JSON events that only serve their sentence (a card's name, its numbers,
# a space in words): the scenarios compare the rules' fields.
WORDS_ONLY = {"kind", "text", "name", "space", "what", "value", "cost", "resale", "paid", "prize"}
TABLE_EVENTS = {"lottery roll", "lottery lost"}  # the table's (no seat)


def events(state: PayDayState, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    """The log's events of `kind` (`pay day`: the kind `pay-day`) as `seat` sees them, each as
    `{"event": kind, "seat": ..., field: ...}` with the rules' fields (not `WORDS_ONLY`); a
    Lottery roll's `winner` is -1 when nobody won."""
    found = []
    for entry in state.view(seat)["log"]:
        if entry["kind"] != kind.replace(" ", "-"):
            continue
        event: dict[str, Any] = {"event": kind}
        event.update((k, v) for k, v in entry.items() if k not in WORDS_ONLY)
        if kind in TABLE_EVENTS:
            del event["seat"]
        if kind == "lottery roll" and event["winner"] is None:
            event["winner"] = -1
        found.append(event)
    return found



def refused(state: PayDayState, action: str | Action, reason: str = "") -> None:
    """`action` (or its text) raises IllegalAction (mentioning `reason`), and the state
    (digest, every view) is unchanged."""
    digest = state.digest()
    views = [state.view(seat) for seat in (None, *range(state.game.num_players))]
    with pytest.raises(IllegalAction, match=re.escape(reason) if reason else None):
        state.apply(state.game.parse_action(action) if isinstance(action, str) else action)
    assert state.digest() == digest
    assert [state.view(seat) for seat in (None, *range(state.game.num_players))] == views
