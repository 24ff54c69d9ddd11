"""Each board space: Bargain, Buyer, Mail (Bills, Insurance, Markups), Event, Lottery, Happy
Birthday!, Yard Sale, Daylight Savings and PAY DAY (the last two also in test_pay_day.py).

Seed 002 "The Board Spaces" and its sub-headings. The board as built (data/board.toml): day 2
Bargain, 3 Event, 4 Mail (2 cards), 6 Lottery, 7 Happy Birthday, 10 Buyer, 12 Mail (3 cards),
13 Yard Sale, 16 Daylight Savings, 32 PAY DAY.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from motherlode.engine.position import replace
from motherlode.rules.payday.box import MAX_DAYLIGHT_SAVINGS
from motherlode.rules.payday.state import PayDayState

from .scenario import (
    BARGAIN,
    BIRTHDAY,
    BUYER,
    DAYLIGHT,
    EVENT,
    LOTTERY,
    MAIL_1,
    MAIL_2,
    MAIL_3,
    PAY_DAY,
    YARD_SALE,
    act,
    empty_hands,
    events,
    finish,
    hold,
    new,
    on_top,
    phase,
    refused,
    script,
    texts,
    turn_at,
)


def land(state: PayDayState, seat: int, day: int, *after: int) -> None:
    """`seat` rolls onto `day` (from up to 5 days before, never a 6: no Jackpot); `after` are
    the next dice the space rolls."""
    start = max(0, day - 5)
    turn_at(state, seat, start)
    script(state, day - start, *after)
    act(state, "roll")


# ---- every kind of space -------------------------------------------------------------------

Check = Callable[[PayDayState], None]


def _bargain(state: PayDayState) -> None:
    assert phase(state) == "bargain" and texts(state) == {"buy toaster", "auction toaster"}


def _buyer(state: PayDayState) -> None:
    assert phase(state) == "sell" and texts(state) == {"sell guitar"}


def _mail(state: PayDayState) -> None:
    assert state.bills[0] == ["bill-car-1", "bill-home-1"]


def _event(state: PayDayState) -> None:
    assert state.event_cards[0] == ["collect-bank-2"]


def _lottery(state: PayDayState) -> None:
    assert phase(state) == "join" and state.current_player == 0


def _birthday(state: PayDayState) -> None:
    assert state.cash == [1100, 700, 700, 700]


def _yard_sale(state: PayDayState) -> None:
    assert state.cash[0] == 800 - 200 and state.bargains[0] == ["guitar", "sofa"]


def _daylight(state: PayDayState) -> None:
    assert state.pos[0] == DAYLIGHT - 1 and state.bills[0] == ["bill-car-1"]


def _pay_day(state: PayDayState) -> None:
    assert state.cash[0] == 1600 and state.pos[0] == 0 and state.month[0] == 1


KINDS: list[tuple[str, int, list[int], Check]] = [
    ('seed 002 "Bargain": "If you land here, draw a Bargain card"', BARGAIN, [], _bargain),
    ('seed 002 "Buyer": "If you have any Bargains, choose one"', BUYER, [], _buyer),
    ('seed 002 "Mail": "draw the number of Mail cards shown on the space"', MAIL_2, [], _mail),
    ('seed 002 "Event": "If you land here, take the top Event card"', EVENT, [], _event),
    ('seed 002 "Lottery": "all players may take part in a lottery"', LOTTERY, [], _lottery),
    ('seed 002 "Happy Birthday!": "each player must give you $100"', BIRTHDAY, [], _birthday),
    ('seed 002 "Yard Sale": "roll the die, and pay the bank $100 times your roll"', YARD_SALE,
     [2], _yard_sale),
    ('seed 002 "Daylight Savings": "every player must move back one space"', DAYLIGHT, [],
     _daylight),
    ('seed 002 "PAY DAY!": "Collect $800"', PAY_DAY, [], _pay_day),
]


@pytest.mark.parametrize(("source", "day", "dice", "check"), KINDS, ids=[k[0][9:40] for k in KINDS])
def test_each_kind_of_space(source: str, day: int, dice: list[int], check: Check) -> None:
    state = new()
    empty_hands(state)
    hold(state, 0, bargains=["guitar"])
    on_top(state, "bargain", "toaster")
    replace(state, yard_sale="sofa")
    state.bargain_deck.remove("sofa")
    on_top(state, "mail", "bill-car-1", "bill-home-1")
    on_top(state, "event", "collect-bank-2")
    land(state, 0, day, *dice)
    check(state)


# ---- Mail ------------------------------------------------------------------------------------

BILLS = ["bill-car-1", "bill-home-2", "bill-medical-3"]


@pytest.mark.parametrize(("day", "count"), [(MAIL_1, 1), (MAIL_2, 2), (MAIL_3, 3), (8, 1),
                                            (15, 1), (19, 2), (23, 1), (26, 2)])
def test_mail_draws_the_number_on_the_space(day: int, count: int) -> None:
    """seed 002 "Mail": "If you land here, draw the number of Mail cards shown on the space"."""
    state = new()
    empty_hands(state)
    on_top(state, "mail", *BILLS)
    land(state, 0, day)
    assert state.bills[0] == BILLS[:count]
    assert [e["card"] for e in events(state, "mail")] == BILLS[:count]


def test_bills_are_kept_face_up_until_pay_day() -> None:
    """seed 002 "Bills": "Keep these faceup in front of you until you reach PAY DAY"."""
    state = new()
    empty_hands(state)
    on_top(state, "mail", "bill-car-1", "bill-utility-5")
    land(state, 0, MAIL_2)
    assert state.cash[0] == 800
    assert state.current_player == 1  # no decision: nothing paid yet
    for seat in (None, 0, 1):
        assert state.view(seat)["seats"][0]["bills"] == ["bill-car-1", "bill-utility-5"]


# card, the choice, cash after, where the card ends: ("insurance"|"markups"|"discard")
OFFERS = [
    ('seed 002 "Insurance": "pay its cost to the bank, and place it faceup"', "insurance-car-1",
     "buy", 600, "insurance"),
    ('seed 002 "Insurance": "If you don\'t want to purchase insurance, place the card in the '
     'Mail discard pile"', "insurance-home-4", "discard", 800, "discard"),
    ('seed 002 "Markups": "If you\'d like to purchase the Markup, pay its cost"', "markup-8",
     "buy", 550, "markups"),
    ('seed 002 "Markups": "If you do not want to purchase the Markup, place the card in the '
     'Mail discard pile"', "markup-3", "discard", 800, "discard"),
]


@pytest.mark.parametrize(("source", "card", "choice", "cash", "where"), OFFERS,
                         ids=[o[0][9:60] for o in OFFERS])
def test_insurance_and_markups_are_bought_or_discarded(source: str, card: str, choice: str,
                                                       cash: int, where: str) -> None:
    state = new()
    empty_hands(state)
    on_top(state, "mail", card)
    land(state, 0, MAIL_1)
    assert phase(state) == "mail" and state.current_player == 0
    assert texts(state) == {f"buy {card}", f"discard {card}"}
    assert state.view(1)["mail_offer"] == [card]
    act(state, f"{choice} {card}")
    assert state.cash[0] == cash, source
    held = {"insurance": state.insurance[0], "markups": state.markups[0],
            "discard": state.mail_discard}
    assert held[where] == [card]
    assert state.current_player == 1


def test_mail_offers_come_one_at_a_time_bills_kept_between() -> None:
    """seed 002 "Mail": three types, each handled by its own rule (three cards on day 12)."""
    state = new()
    empty_hands(state)
    on_top(state, "mail", "markup-1", "bill-car-2", "insurance-medical-5")
    land(state, 0, MAIL_3)
    assert state.bills[0] == ["bill-car-2"]
    assert texts(state) == {"buy markup-1", "discard markup-1"}
    act(state, "buy markup-1")
    assert texts(state) == {"buy insurance-medical-5", "discard insurance-medical-5"}
    act(state, "discard insurance-medical-5")
    assert state.markups[0] == ["markup-1"] and state.insurance[0] == []
    assert state.current_player == 1


def test_buying_mail_short_of_cash_takes_a_loan() -> None:
    """seed 002 "Loans": "You may take out a loan at any time to pay for anything EXCEPT the
    lottery"."""
    state = new()
    empty_hands(state)
    hold(state, 0, cash=100)
    on_top(state, "mail", "insurance-home-4")
    land(state, 0, MAIL_1)
    act(state, "buy insurance-home-4")
    assert (state.cash[0], state.loan[0]) == (800, 1000)


def test_an_empty_mail_pile_is_the_discards_shuffled() -> None:
    """seed 002 "Mail" (designed: the discards are reshuffled when the pile runs out)."""
    state = new()
    empty_hands(state)
    replace(state, mail_discard=[*state.mail_deck], mail_deck=[])
    land(state, 0, MAIL_1)
    assert len(events(state, "mail")) == 1
    assert len(state.mail_deck) + len(state.mail_discard) + len(state.mail_pending) \
        + len(state.bills[0]) == 34


# ---- Event -----------------------------------------------------------------------------------


def test_event_space_takes_the_top_event_card_face_up() -> None:
    """seed 002 "Event": "If you land here, take the top Event card. You may play these at any
    time" (kept, seen by all)."""
    state = new()
    empty_hands(state)
    on_top(state, "event", "market-hit-8", "not-today-1")
    land(state, 0, EVENT)
    assert state.event_cards[0] == ["market-hit-8"]
    assert state.event_deck[-1] == "not-today-1"
    assert state.view(2)["seats"][0]["events"] == ["market-hit-8"]
    assert events(state, "event", 3) == [{"event": "event", "seat": 0, "card": "market-hit-8"}]


# ---- Happy Birthday! ------------------------------------------------------------------------


def test_happy_birthday_each_player_gives_100() -> None:
    """seed 002 "Happy Birthday!": "If you land here, each player must give you $100 as a
    birthday gift!"."""
    state = new()
    land(state, 2, BIRTHDAY)
    assert state.cash == [700, 700, 1100, 700]
    assert events(state, "birthday") == [{"event": "birthday", "seat": 2, "amount": 300}]


def test_happy_birthday_a_player_short_of_cash_borrows() -> None:
    """seed 002 "Event" / "Loans": a payment to another player without the cash takes a loan
    ("you must take out a loan to cover the cost")."""
    state = new(3)
    hold(state, 1, cash=30)
    land(state, 0, BIRTHDAY)
    assert (state.cash[1], state.loan[1]) == (930, 1000)
    assert state.cash[0] == 1000


def test_happy_birthday_finished_players_give_nothing() -> None:
    """seed 002 "Is it the final month?": "Remove your token ... Hang out while other players
    finish" (a finished player takes no part)."""
    state = new(3)
    finish(state, 2)
    land(state, 0, BIRTHDAY)
    assert state.cash == [900, 700, 800]


# ---- Yard Sale ------------------------------------------------------------------------------


@pytest.mark.parametrize("roll", [1, 3, 6])
def test_yard_sale_pays_100_times_the_roll_and_takes_the_hidden_card(roll: int) -> None:
    """seed 002 "Yard Sale": "roll the die, and pay the bank $100 times your roll. Take the
    Bargain card under the Yard Sale space. It's yours! Draw a new Bargain, and place it
    facedown beneath the Yard Sale space"."""
    state = new()
    empty_hands(state)
    hidden = state.yard_sale
    on_top(state, "bargain", "telescope")
    land(state, 0, YARD_SALE, roll)
    assert state.cash[0] == 800 - 100 * roll
    assert state.bargains[0] == [hidden]
    assert state.yard_sale == "telescope"
    assert "telescope" not in state.bargain_deck
    assert events(state, "yard sale") == [{"event": "yard sale", "seat": 0, "roll": roll,
                                           "card": hidden}]
    assert "telescope" not in str(state.view(0))
    assert state.jackpot == 1000  # the Yard Sale's die is not the turn's roll


def test_yard_sale_with_no_card_under_it_draws_one_first() -> None:
    """seed 002 "Yard Sale": "Draw a new Bargain, and place it facedown beneath the Yard Sale
    space": when the pile was empty last time, the space gets its card when next landed on."""
    state = new()
    empty_hands(state)
    replace(state, yard_sale="")
    on_top(state, "bargain", "telescope")
    land(state, 0, YARD_SALE, 2)
    assert state.bargains[0] == ["telescope"] and state.cash[0] == 600
    assert state.yard_sale not in ("", "telescope")


def test_yard_sale_short_of_cash_borrows() -> None:
    """seed 002 "Yard Sale" with "Loans": pay "$100 times your roll", borrowing if short."""
    state = new()
    empty_hands(state)
    hold(state, 0, cash=150)
    land(state, 0, YARD_SALE, 5)
    assert (state.cash[0], state.loan[0]) == (650, 1000)


# ---- Daylight Savings -------------------------------------------------------------------------


def _ds_table(state: PayDayState) -> None:
    """Seat 0 lands on Daylight Savings (16 -> 15 Mail); seat 1 is on START; seat 2 on 11 (-> 10
    Buyer, holding a guitar); seat 3 on 4 (-> 3 Event)."""
    empty_hands(state)
    hold(state, 2, bargains=["guitar"])
    on_top(state, "mail", "bill-car-1")
    on_top(state, "event", "collect-bank-2")
    turn_at(state, 0, 13, others={1: 0, 2: 11, 3: 4})
    script(state, 3)


def test_daylight_savings_everyone_back_one_in_turn_order_from_the_lander() -> None:
    """seed 002 "Daylight Savings": "every player must move back one space and resolve the
    action of that space in turn order, starting with you. Any player that is on the START
    space stays there but receives their $800 PAY DAY again"."""
    state = new()
    _ds_table(state)
    act(state, "roll")
    assert state.pos == [15, 0, 10, 3]
    assert state.bills[0] == ["bill-car-1"]  # the lander first
    assert state.cash[1] == 1600  # START: $800 again
    assert phase(state) == "sell" and state.current_player == 2
    assert state.event_cards[3] == []  # seat 3's space waits for seat 2's
    act(state, "sell guitar")
    assert state.event_cards[3] == ["collect-bank-2"]
    order = [(e["kind"], e["seat"]) for e in state.view(None)["log"]
             if e["kind"] in ("mail", "sold", "event")]
    assert order == [("mail", 0), ("sold", 2), ("event", 3)]
    assert state.current_player == 1  # then the turn passes


def test_daylight_savings_start_salary_comes_in_turn_order() -> None:
    """seed 002 "Daylight Savings": "resolve the action of that space in turn order, starting
    with you. Any player that is on the START space stays there but receives their $800 PAY DAY
    again": seat 1 steps back onto Happy Birthday before seat 2 (on START, $50) is paid."""
    state = new(3)
    empty_hands(state)
    on_top(state, "mail", "bill-car-1")
    hold(state, 2, cash=50)
    turn_at(state, 0, 13, others={1: BIRTHDAY + 1, 2: 0})
    script(state, 3)
    act(state, "roll")
    order = [(e["kind"], e["seat"]) for e in state.view(None)["log"]
             if e["kind"] in ("mail", "salary", "birthday")]
    assert order == [("mail", 0), ("birthday", 1), ("salary", 2)]
    assert state.loan[2] == 1000


def test_daylight_savings_order_wraps_round_the_table() -> None:
    """seed 002 "Daylight Savings": "in turn order, starting with you" (seat 2 lands: 2, 3, 0,
    1)."""
    state = new()
    empty_hands(state)
    on_top(state, "mail", "bill-car-1")
    on_top(state, "event", "collect-bank-2", "collect-bank-3", "collect-bank-4")
    turn_at(state, 2, 13, others={0: 4, 1: 4, 3: 4})
    script(state, 3)
    act(state, "roll")
    assert [(e["seat"], e["card"]) for e in events(state, "event")] == [
        (3, "collect-bank-2"), (0, "collect-bank-3"), (1, "collect-bank-4")]


@pytest.mark.parametrize(("day", "kind"), [(1, "START"), (17, "Daylight Savings")])
def test_daylight_savings_stepping_back_onto_start_or_itself_does_nothing(day: int,
                                                                         kind: str) -> None:
    """seed 002 "Daylight Savings" (designed: a player stepped back onto START gets no salary
    (only one already there does), and onto Daylight Savings does not set it off again)."""
    state = new()
    empty_hands(state)
    on_top(state, "mail", "bill-car-1")
    turn_at(state, 0, 13, others={1: day, 2: day, 3: day})
    script(state, 3)
    act(state, "roll")
    assert state.pos[1:] == [day - 1] * 3
    assert state.cash == [800] * 4, kind
    assert len(events(state, "daylight savings")) == 1


def _land_twice(state: PayDayState) -> None:
    """Seat 0 lands on Daylight Savings from day 13, steps back to day 15, and lands on it
    again from there (the others on START)."""
    empty_hands(state)
    on_top(state, "mail", "bill-car-1", "bill-car-2")
    turn_at(state, 0, 13, others={1: 0, 2: 0, 3: 0})
    script(state, 3)
    act(state, "roll")
    assert state.pos == [15, 0, 0, 0] and state.cash == [800, 1600, 1600, 1600]
    turn_at(state, 0, 15)
    script(state, 1)
    act(state, "roll")


def test_daylight_savings_every_landing_sets_everyone_back() -> None:
    """seed 002 "Daylight Savings": "If you land here, every player must move back one space
    and resolve the action of that space" holds on every landing: landing on it a second time
    in the month moves every token back again (START pays $800 again, day 15's Mail again)."""
    state = new()
    _land_twice(state)
    assert state.pos == [15, 0, 0, 0]
    assert state.cash == [800, 2400, 2400, 2400]
    assert state.bills[0] == ["bill-car-1", "bill-car-2"]
    assert [e["taken"] for e in events(state, "daylight savings")] == [True, True]


def test_daylight_savings_once_a_month_is_an_option() -> None:
    """docs/games/payday.md: `daylight_savings=once` (the earlier reading: a second landing in
    the same month does nothing, so a rolled 1 cannot send the table back again)."""
    state = new(daylight_savings="once")
    _land_twice(state)
    assert state.pos == [DAYLIGHT, 0, 0, 0]
    assert state.cash == [800, 1600, 1600, 1600]
    assert [e["taken"] for e in events(state, "daylight savings")] == [True, False]


def test_daylight_savings_sets_off_at_most_the_limit_a_month() -> None:
    """docs/games/payday.md (designed: at most `MAX_DAYLIGHT_SAVINGS` times a month per
    lander, so that every game ends)."""
    state = new()
    empty_hands(state)
    state.ds_used[0] = MAX_DAYLIGHT_SAVINGS
    turn_at(state, 0, 13, others={1: 5, 2: 5, 3: 5})
    script(state, 3)
    act(state, "roll")
    assert state.pos == [DAYLIGHT, 5, 5, 5]
    assert events(state, "daylight savings") == [{"event": "daylight savings", "seat": 0,
                                                  "taken": False}]


def test_daylight_savings_leaves_finished_players_alone() -> None:
    """seed 002 "Is it the final month?": the token is removed; Daylight Savings moves "every
    player" still on the board."""
    state = new()
    empty_hands(state)
    on_top(state, "mail", "bill-car-1")
    finish(state, 3)
    turn_at(state, 0, 13, others={1: 0, 2: 0, 3: 0})
    script(state, 3)
    act(state, "roll")
    assert state.cash == [800, 1600, 1600, 800]


def test_a_wrong_mail_answer_is_refused_and_changes_nothing() -> None:
    """seed 002 "Mail": only the card offered may be bought or discarded."""
    state = new()
    empty_hands(state)
    on_top(state, "mail", "markup-3")
    land(state, 0, MAIL_1)
    refused(state, "buy markup-4")
    refused(state, "discard insurance-car-1")
    refused(state, "roll")
