"""The Lottery space.

Seed 002 "Lottery": the bank puts $1,000 in the centre; players who wish to invest put in $100;
"In turn order, starting with you, players choose a number between 1 and 6. Players may not
choose the same number"; the numbered die is rolled; a player whose number comes up takes the
money; if nobody's does, "All players who invested in the first roll may double down ...
putting double the previous amount they contributed ... They keep the same numbers and roll.
Keep rolling until someone wins or until all players pass. If all players pass, all the money
in the center of the board goes to the bank." "You may NOT take out a loan to participate":
only seats with the cash are asked, and a seat short of the stake that holds an Event card
bringing money, a collect card or a Buyer with a Bargain to sell (seed "Event": "You may play
these at any time, on any player's turn"): it may play one (then it is asked again) or stay
out. Before the stakes are asked, a seat holding a collect-from-each card that would leave
another seat short of the stake (without a loan) may play it, in turn order from the lander
(`events.collect_task`: the same "any time, on any player's turn"): the seat it drains then
may not borrow the stake back. A seat that does not double down is out of the Lottery
(designed: its number no longer wins). The Lottery asks from its own queue (`lottery_queue`):
a card played may open other windows before it goes on.
"""

from __future__ import annotations

from motherlode.engine import Action

from .actions import DOUBLE_DOWN, DROP_OUT, NUMBERS, STAY_OUT, Pick, Play
from .events import play
from .loans import money_cards
from .log import DoubledDown, LotteryLost, LotteryOut, LotteryRolled, LotteryStarted, Picked
from .model import PayDayModel
from .phase import COLLECT, LOTTERY, Phase


def start(state: PayDayModel, seat: int) -> None:
    """`seat` landed on the Lottery: first the seats holding a collect-from-each card may play
    it (`events.collect_task`, each asked only if its card would leave another seat short of
    the stake), then every seat with the stake is asked, in turn order from `seat`."""
    n = len(state.month)
    state.lottery_pot = state.game.rules.lottery_prize
    state.lottery_numbers = [0] * n
    state.lottery_stakes = [0] * n
    state.lottery_in = []
    state.log.append((LotteryStarted, seat, state.lottery_pot))
    queue = [seat, *state.others_from(seat)]
    state.lottery_queue = queue
    event = state.game.event
    holders = [s for s in queue
               if any(event[card].effect == "collect_each" for card in state.event_cards[s])]
    if not holders:
        next_joiner(state)
        return
    state.todo.append((LOTTERY, seat, 0))  # the stakes, once the collect cards are played
    state.todo.extend((COLLECT, s) for s in reversed(holders))


def cash_cards(state: PayDayModel, seat: int) -> list[Action]:
    """The Event cards that would bring `seat` cash (`loans.money_cards`: collect from the bank
    or from each player, a Buyer while it holds a Bargain): the Lottery takes no loan money,
    so these are how a seat short of the stake joins."""
    table = state.game.space.play
    return [table[card] for card in money_cards(state, seat)]


def _can_stake(state: PayDayModel, seat: int, stake: int) -> bool:
    """Whether `seat` is asked: it has the cash, or a card that brings some."""
    return state.cash[seat] >= stake or bool(cash_cards(state, seat))


def next_joiner(state: PayDayModel) -> None:
    stake = state.game.rules.lottery_stake
    queue = state.lottery_queue
    while queue:
        seat = queue[0]
        if _can_stake(state, seat, stake):
            state.phase = Phase.JOIN
            state.decider = seat
            return
        queue.pop(0)  # cannot pay the stake without a loan: stays out
        state.log.append((LotteryOut, seat, stake, False, True))
    _roll(state)


def _play_for_the_stake(state: PayDayModel, seat: int, action: Action, double: int) -> bool:
    """A card played by a seat short of the stake: the Lottery asks it again once the card is
    resolved (`double` 0: joining, 1: doubling down)."""
    if not isinstance(action, Play):
        return False
    state.todo.append((LOTTERY, seat, double))
    play(state, seat, action.card)
    return True


def join_actions(state: PayDayModel) -> list[Action]:
    seat = state.decider
    if state.cash[seat] < state.game.rules.lottery_stake:
        return [*cash_cards(state, seat), STAY_OUT]
    taken = state.lottery_numbers
    pick = state.game.space.pick
    return [*(pick[n] for n in NUMBERS if n not in taken), STAY_OUT]


def join_apply(state: PayDayModel, seat: int, action: Action) -> None:
    if _play_for_the_stake(state, seat, action, 0):
        return
    state.lottery_queue.pop(0)
    if isinstance(action, Pick):
        number = action.number
        stake = state.game.rules.lottery_stake
        state.cash[seat] -= stake
        state.lottery_pot += stake
        state.lottery_stakes[seat] = stake
        state.lottery_numbers[seat] = number
        state.lottery_in.append(seat)
        state.log.append((Picked, seat, number, stake))
    else:
        state.log.append((LotteryOut, seat, state.game.rules.lottery_stake, True, True))
    next_joiner(state)


def _roll(state: PayDayModel) -> None:
    """Roll for the investors still in; pay the winner, or ask them to double down."""
    if not state.lottery_in:  # nobody joined, or every investor passed
        state.log.append((LotteryLost, None, state.lottery_pot))
        close(state)
        return
    roll = state.rng.randrange(1, 7)
    winner = next((s for s in state.lottery_in if state.lottery_numbers[s] == roll), -1)
    state.log.append((LotteryRolled, None, roll, winner if winner >= 0 else None,
                      state.lottery_pot if winner >= 0 else 0))
    if winner >= 0:
        state.cash[winner] += state.lottery_pot
        close(state)
        return
    state.lottery_queue = state.lottery_in.copy()
    state.lottery_in = []
    next_doubler(state)


def next_doubler(state: PayDayModel) -> None:
    queue = state.lottery_queue
    while queue:
        seat = queue[0]
        if _can_stake(state, seat, 2 * state.lottery_stakes[seat]):
            state.phase = Phase.DOUBLE
            state.decider = seat
            return
        queue.pop(0)  # cannot pay double without a loan: out
        state.log.append((LotteryOut, seat, 2 * state.lottery_stakes[seat], False, False))
    _roll(state)


def double_actions(state: PayDayModel) -> list[Action]:
    seat = state.decider
    if state.cash[seat] < 2 * state.lottery_stakes[seat]:
        return [*cash_cards(state, seat), DROP_OUT]
    return [DOUBLE_DOWN, DROP_OUT]


def double_apply(state: PayDayModel, seat: int, action: Action) -> None:
    if _play_for_the_stake(state, seat, action, 1):
        return
    state.lottery_queue.pop(0)
    if action == DOUBLE_DOWN:
        stake = 2 * state.lottery_stakes[seat]
        state.cash[seat] -= stake
        state.lottery_pot += stake
        state.lottery_stakes[seat] = stake
        state.lottery_in.append(seat)
        state.log.append((DoubledDown, seat, stake))
    else:
        state.log.append((LotteryOut, seat, 2 * state.lottery_stakes[seat], True, False))
    next_doubler(state)


def close(state: PayDayModel) -> None:
    """No Lottery is being played (also the set-up's)."""
    n = len(state.month)
    state.lottery_pot = 0
    state.lottery_numbers = [0] * n
    state.lottery_stakes = [0] * n
    state.lottery_in = []
    state.lottery_queue = []
