"""The Lottery space: $1,000 from the bank, $100 stakes, distinct numbers in turn order from the
lander, the roll, doubling down, the pot to the winner or to the bank, and no loans.

Seed 002 "Lottery" and "Loans" ("You may take out a loan at any time to pay for anything EXCEPT
the lottery. That would be irresponsible!"). The lander reaches day 6 with a roll of 5; the
Lottery's dice are scripted after it.
"""

from __future__ import annotations

import pytest

from motherlode.engine.position import replace
from motherlode.rules.payday.state import PayDayState

from .scenario import (
    LOTTERY,
    act,
    empty_hands,
    events,
    finish,
    new,
    phase,
    refused,
    script,
    texts,
    turn_at,
)


def lottery(*dice: int, seat: int = 0, players: int = 4,
            cash: list[int] | None = None) -> PayDayState:
    """`seat` lands on the Lottery; `dice` are the Lottery's rolls."""
    state = new(players)
    empty_hands(state)
    if cash is not None:
        replace(state, cash=list(cash))
    turn_at(state, seat, LOTTERY - 5)
    script(state, 5, *dice)
    act(state, "roll")
    return state


def test_players_choose_in_turn_order_starting_with_the_lander() -> None:
    """seed 002 "Lottery": "In turn order, starting with you, players choose a number between 1
    and 6"."""
    state = lottery(1, seat=2)
    asked = []
    for number in (1, 2, 3, 4):
        asked.append(state.current_player)
        act(state, f"pick {number}")
    assert asked == [2, 3, 0, 1]


def test_numbers_may_not_be_chosen_twice() -> None:
    """seed 002 "Lottery": "Players may not choose the same number"."""
    state = lottery(6)
    act(state, "pick 4")
    assert texts(state) == {"pick 1", "pick 2", "pick 3", "pick 5", "pick 6", "stay out"}
    refused(state, "pick 4", "number 4 is taken")
    act(state, "pick 5")
    assert "pick 4" not in texts(state) and "pick 5" not in texts(state)


def test_the_stake_is_100_and_the_bank_puts_in_1000() -> None:
    """seed 002 "Lottery": "The banker takes $1,000 from the bank and places it in the center";
    "Players who wish to invest must place $100 in the pile"."""
    state = lottery(6)
    assert state.view(None)["lottery"]["pot"] == 1000
    act(state, "pick 1", "pick 2", "stay out")
    assert state.cash[:3] == [700, 700, 800]
    seen = state.view(3)["lottery"]
    assert seen["pot"] == 1200 and seen["numbers"][:3] == [1, 2, 0]
    assert seen["stakes"][:3] == [100, 100, 0]


def test_the_winner_takes_the_money_in_the_center() -> None:
    """seed 002 "Lottery": "Did any players choose that number? Yes! That player takes the money
    in the center of the board"."""
    state = lottery(3)
    act(state, "pick 1", "pick 3", "stay out", "pick 5")
    assert state.cash == [700, 700 + 1300, 800, 700]
    assert events(state, "lottery roll") == [
        {"event": "lottery roll", "roll": 3, "winner": 1, "pot": 1300}]
    assert state.view(None)["lottery"] is None
    assert state.current_player == 1  # the lander's turn is over


def test_no_winner_investors_may_double_down_with_the_same_numbers() -> None:
    """seed 002 "Lottery": "Nope! All players who invested in the first roll may double down, if
    they'd like, putting double the previous amount they contributed into the center of the
    board. They keep the same numbers and roll"."""
    state = lottery(6, 2)
    act(state, "pick 1", "pick 2", "stay out", "stay out")
    assert phase(state) == "double" and state.current_player == 0
    assert texts(state) == {"double down", "drop out"}
    act(state, "double down")
    assert state.current_player == 1
    act(state, "double down")
    assert state.cash[:2] == [500, 500 + 1600]
    assert events(state, "double down") == [{"event": "double down", "seat": 0, "stake": 200},
                                            {"event": "double down", "seat": 1, "stake": 200}]


def test_doubling_again_doubles_the_previous_amount() -> None:
    """seed 002 "Lottery": "double the previous amount they contributed" ($100, $200, $400);
    "Keep rolling until someone wins"."""
    state = lottery(6, 6, 1, cash=[2000, 800, 800, 800])
    act(state, "pick 1", "stay out", "stay out", "stay out")
    act(state, "double down", "double down")
    assert [e["stake"] for e in events(state, "double down")] == [200, 400]
    assert state.cash[0] == 2000 - 700 + 1700


def test_players_who_drop_out_no_longer_win() -> None:
    """seed 002 "Lottery": "may double down, if they'd like" (designed: a player who does not is
    out, its number no longer wins)."""
    state = lottery(5, 2, 1)
    act(state, "pick 1", "pick 2", "stay out", "stay out", "double down", "drop out")
    assert phase(state) == "double" and state.current_player == 0
    act(state, "double down")
    assert state.cash[:2] == [800 - 100 - 200 - 400 + 1800, 700]
    # Issue 21 item 3: the drop-out is logged, and the win says how much.
    assert events(state, "lottery out") == [
        {"event": "lottery out", "seat": seat, "stake": 100, "chose": True, "first": True}
        for seat in (2, 3)] + [
        {"event": "lottery out", "seat": 1, "stake": 200, "chose": True, "first": False}]
    (win,) = [e for e in state.view(2)["log"] if e["kind"] == "lottery-roll" and e["winner"]
              is not None]
    assert win["text"].endswith("seat 0 wins the pot, $1,800")


def test_all_pass_the_money_goes_to_the_bank() -> None:
    """seed 002 "Lottery": "If all players pass, all the money in the center of the board goes to
    the bank"."""
    state = lottery(6)
    act(state, "pick 1", "pick 2", "stay out", "stay out", "drop out", "drop out")
    assert state.cash == [700, 700, 800, 800]
    assert events(state, "lottery lost") == [{"event": "lottery lost", "pot": 1200}]
    assert state.view(None)["lottery"] is None
    assert state.current_player == 1


def test_nobody_invests_nothing_is_rolled() -> None:
    """seed 002 "Lottery": "Players who wish to invest ..." (nobody does: no roll)."""
    state = lottery()
    act(state, *["stay out"] * 4)
    assert events(state, "lottery roll") == []
    assert state.cash == [800] * 4 and state.current_player == 1
    assert events(state, "lottery lost") == [{"event": "lottery lost", "pot": 1000}]


def test_a_seat_with_less_than_100_is_not_asked_and_takes_no_loan() -> None:
    """seed 002 "Lottery": "You may NOT take out a loan to participate in the lottery"."""
    state = lottery(6, cash=[800, 90, 800, 0])
    act(state, "pick 1")
    assert state.current_player == 2
    act(state, "pick 2")
    assert phase(state) == "double"
    assert state.loan == [0, 0, 0, 0]


def test_doubling_down_needs_the_cash_no_loan() -> None:
    """seed 002 "Loans": "EXCEPT the lottery" (a seat without double its stake in cash is out)."""
    state = lottery(6, 1, cash=[800, 250, 800, 800])
    act(state, "pick 1", "pick 2", "stay out", "stay out", "double down")
    assert state.cash[1] == 150  # could not put in $200: not asked
    assert state.cash[0] == 800 - 300 + 1400  # the pot: $1,000 + $100 + $100 + $200
    assert state.loan == [0, 0, 0, 0]


@pytest.mark.parametrize("players", [2, 3])
def test_every_player_may_take_part(players: int) -> None:
    """seed 002 "Lottery": "If you land here, all players may take part in a lottery"."""
    state = lottery(players, players=players)
    for n in range(1, players + 1):
        act(state, f"pick {n}")
    assert state.cash[players - 1] == 700 + 1000 + 100 * players


def test_finished_players_are_not_asked() -> None:
    """seed 002 "Is it the final month?" ("Hang out while other players finish")."""
    state = new(3)
    empty_hands(state)
    finish(state, 1)
    turn_at(state, 0, LOTTERY - 5)
    script(state, 5, 6)
    act(state, "roll", "pick 1")
    assert state.current_player == 2


def test_a_wrong_lottery_answer_is_refused() -> None:
    """seed 002 "Lottery": a number 1-6 not taken, or staying out."""
    state = lottery(6)
    refused(state, "pick 7")
    refused(state, "double down")
    act(state, "pick 1", "stay out", "stay out", "stay out")
    refused(state, "pick 2")


def test_a_seat_that_stays_out_of_the_first_roll_is_logged_with_why() -> None:
    """Issue 21 item 3 (seed 002 "Lottery": "Players who wish to invest put in $100"; "You may
    NOT take out a loan to participate"): a seat that stays out of the first roll, by choice or
    for want of the $100 without a loan, gets a line saying so."""
    state = lottery(6, cash=[800, 90, 800, 800])
    act(state, "pick 1")  # seat 1 has $90: not asked, out
    act(state, "stay out", "pick 2")
    out = [(e["seat"], e["stake"], e["chose"], e["first"], e["text"])
           for e in state.view(None)["log"] if e["kind"] == "lottery-out"]
    assert out == [
        (1, 100, False, True, "stays out of the Lottery: cannot pay $100 without a loan, and "
                              "the Lottery takes no loan money"),
        (2, 100, True, True, "stays out of the Lottery rather than pay $100"),
    ]
