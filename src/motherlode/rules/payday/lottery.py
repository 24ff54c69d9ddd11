"""The Lottery space.

Seed 002 "Lottery": the bank puts $1,000 in the centre; players who wish to invest put in $100;
"In turn order, starting with you, players choose a number between 1 and 6. Players may not
choose the same number"; the numbered die is rolled; a player whose number comes up takes the
money; if nobody's does, "All players who invested in the first roll may double down ...
putting double the previous amount they contributed ... They keep the same numbers and roll.
Keep rolling until someone wins or until all players pass. If all players pass, all the money
in the center of the board goes to the bank." "You may NOT take out a loan to participate":
only seats with the cash are asked. A seat that does not double down is out of the Lottery
(designed: its number no longer wins).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import Action

from .actions import DOUBLE_DOWN, DROP_OUT, NUMBERS, STAY_OUT, Pick
from .log import DoubledDown, LotteryLost, LotteryRolled, LotteryStarted, Picked
from .phase import Phase

if TYPE_CHECKING:
    from .state import PayDayState

def start(state: PayDayState, seat: int) -> None:
    """`seat` landed on the Lottery: ask every seat with the stake, in turn order from `seat`."""
    n = len(state.done)
    state.lottery_pot = state.game.rules.lottery_prize
    state.lottery_numbers = [0] * n
    state.lottery_stakes = [0] * n
    state.lottery_in = []
    state.log.append((LotteryStarted, seat, state.lottery_pot))
    state.queue = [seat, *state.others_from(seat)]
    _next_joiner(state)


def _next_joiner(state: PayDayState) -> None:
    stake = state.game.rules.lottery_stake
    while state.queue:
        seat = state.queue[0]
        if state.cash[seat] >= stake:
            state.phase = Phase.JOIN
            state.decider = seat
            return
        state.queue.pop(0)
    _roll(state)


def join_actions(state: PayDayState) -> list[Action]:
    taken = state.lottery_numbers
    pick = state.game.space.pick
    return [*(pick[n] for n in NUMBERS if n not in taken), STAY_OUT]


def join_apply(state: PayDayState, seat: int, action: Action) -> None:
    state.queue.pop(0)
    if isinstance(action, Pick):
        number = action.number
        stake = state.game.rules.lottery_stake
        state.cash[seat] -= stake
        state.lottery_pot += stake
        state.lottery_stakes[seat] = stake
        state.lottery_numbers[seat] = number
        state.lottery_in.append(seat)
        state.log.append((Picked, seat, number, stake))
    _next_joiner(state)


def _roll(state: PayDayState) -> None:
    """Roll for the investors still in; pay the winner, or ask them to double down."""
    if not state.lottery_in:  # nobody joined, or every investor passed
        state.log.append((LotteryLost, None, state.lottery_pot))
        _close(state)
        return
    roll = state.rng.randrange(1, 7)
    winner = next((s for s in state.lottery_in if state.lottery_numbers[s] == roll), -1)
    state.log.append((LotteryRolled, None, roll, winner if winner >= 0 else None))
    if winner >= 0:
        state.cash[winner] += state.lottery_pot
        _close(state)
        return
    state.queue = state.lottery_in.copy()
    state.lottery_in = []
    _next_doubler(state)


def _next_doubler(state: PayDayState) -> None:
    while state.queue:
        seat = state.queue[0]
        if state.cash[seat] >= 2 * state.lottery_stakes[seat]:
            state.phase = Phase.DOUBLE
            state.decider = seat
            return
        state.queue.pop(0)  # cannot pay double without a loan: out
    _roll(state)


def double_actions(state: PayDayState) -> list[Action]:
    return [DOUBLE_DOWN, DROP_OUT]


def double_apply(state: PayDayState, seat: int, action: Action) -> None:
    state.queue.pop(0)
    if action == DOUBLE_DOWN:
        stake = 2 * state.lottery_stakes[seat]
        state.cash[seat] -= stake
        state.lottery_pot += stake
        state.lottery_stakes[seat] = stake
        state.lottery_in.append(seat)
        state.log.append((DoubledDown, seat, stake))
    _next_doubler(state)


def _close(state: PayDayState) -> None:
    n = len(state.done)
    state.lottery_pot = 0
    state.lottery_numbers = [0] * n
    state.lottery_stakes = [0] * n
    state.lottery_in = []
    state.queue = []
