"""The turn: the dice, moving, the order of the work, and who decides what.

Seed 002 "On your turn", "Pay Day Die", "Jackpot". A turn's work is a stack of tasks (`todo`):
moving, a space to carry out, the PAY DAY die's action, a Bargain to draw, a sale. `run` works
through it until a seat has a decision to make; when the stack is empty after the roll, the
turn passes to the left.
"""

from __future__ import annotations

from collections.abc import Callable

from motherlode.engine import Action

from . import bargains, events, lottery, selling, spaces
from .actions import (
    DIE_FIRST,
    KEEP_ROLL,
    MOVE_FIRST,
    REROLL,
    ROLL,
    ROLL_BOTH,
    Bid,
    Move,
    Play,
)
from .loans import pay, pay_task
from .log import JackpotTaken, Moved, Ordered, Rerolled, Rolled, TurnBegun
from .model import PayDayModel
from .phase import DRAW, FACE, MOVE, SELL, SPACE, Phase


def legal_actions(state: PayDayModel) -> list[Action]:
    return LEGAL[state.phase](state)


def is_legal(state: PayDayModel, action: Action) -> bool:
    """Whether `action` is in `legal_actions()`; a bid in an auction is checked without
    listing the (up to 300) bids."""
    if state.phase == Phase.AUCTION and type(action) is Bid and type(action.amount) is int:
        rules = state.game.rules
        step = rules.bid_step
        lowest = state.high + step if state.high_bidder >= 0 else state.min_bid
        amount = action.amount
        return amount % step == 0 and max(lowest, step) <= amount <= rules.max_bid
    return action in LEGAL[state.phase](state)


def apply(state: PayDayModel, action: Action) -> None:
    handler = APPLY[state.phase]
    seat = state.decider
    state.decider = -1  # the decision is made; the handler may open the next one (`ask`)
    handler(state, seat, action)
    run(state)


# --- the work stack ------------------------------------------------------------------------

def run(state: PayDayModel) -> None:
    """Carry out tasks until a seat must decide (`ask` sets `decider`) or the game ends."""
    todo = state.todo
    while state.decider < 0 and state.phase != Phase.OVER:
        if todo:
            task = todo.pop()
            TASKS[task[0]](state, task)
        elif not state.roll:  # nothing rolled yet this turn (the die shows 1-6)
            ask(state, Phase.START, state.player)
        else:
            _next_turn(state)


def ask(state: PayDayModel, phase: Phase, seat: int) -> None:
    """Open a decision for `seat`: `run` stops there."""
    state.phase = phase
    state.decider = seat


def _next_turn(state: PayDayModel) -> None:
    n = len(state.month)
    for step in range(1, n + 1):
        seat = (state.player + step) % n
        if not state.finished(seat):
            state.player = seat
            break
    else:
        state.phase = Phase.OVER  # seed "The End Of The Game"
        return
    begin_turn(state)
    state.log.append((TurnBegun, state.player))
    ask(state, Phase.START, state.player)


def begin_turn(state: PayDayModel) -> None:
    """Nothing rolled yet this turn: no dice, no extra steps, no die's action to do."""
    state.roll = 0
    state.face = ""
    state.extra = 0
    state.extra_played = False
    state.die_todo = ""


# --- the start of a turn: roll, roll both, or play an Event card ---------------------------

def _start_actions(state: PayDayModel) -> list[Action]:
    actions: list[Action] = [ROLL, ROLL_BOTH]
    actions += events.playable(state, state.player)
    return actions


def _start_apply(state: PayDayModel, seat: int, action: Action) -> None:
    if isinstance(action, Play):
        events.play(state, seat, action.card)
        return
    game = state.game
    if action == ROLL_BOTH:
        pay(state, seat, game.rules.payday_die_cost)
        state.jackpot += game.rules.payday_die_cost
        state.face = game.die_faces[state.rng.randrange(len(game.die_faces))]
    state.roll = state.rng.randrange(1, 7)
    state.log.append((Rolled, seat, state.roll, state.face or None))
    if state.roll == game.rules.jackpot_roll and state.jackpot:  # seed "Jackpot"
        state.cash[seat] += state.jackpot
        state.log.append((JackpotTaken, seat, state.jackpot))
        state.jackpot = 0
    face = state.face
    if face == "plus_three":
        state.extra += 3
    if face == "reroll":
        ask(state, Phase.REROLL, seat)
        return
    if face in ("buyer", "bargain"):
        state.die_todo = face  # the order is asked once the move is known (`move`)
    state.todo.append((MOVE, seat))


def _reroll_actions(state: PayDayModel) -> list[Action]:
    return [REROLL, KEEP_ROLL]


def _reroll_apply(state: PayDayModel, seat: int, action: Action) -> None:
    if action == REROLL:  # seed "Pay Day Die": "You may reroll the numbered die"
        state.roll = state.rng.randrange(1, 7)  # designed: no Jackpot on a reroll
        state.log.append((Rerolled, seat, state.roll))
    state.todo.append((MOVE, seat))


def _order_actions(state: PayDayModel) -> list[Action]:
    return [MOVE_FIRST, DIE_FIRST]


def _order_apply(state: PayDayModel, seat: int, action: Action) -> None:
    """The token has moved and its space waits on top of the stack: the die's action goes
    under it (the space first) or over it (the die first)."""
    state.log.append((Ordered, seat, str(action)))
    if action == MOVE_FIRST:
        state.todo.insert(len(state.todo) - 1, (FACE, seat))
    else:
        state.todo.append((FACE, seat))


# --- moving ----------------------------------------------------------------------------------

def _reach(state: PayDayModel, seat: int) -> tuple[int, int, int]:
    """The spaces `seat` may move now: the roll, the roll with its extra steps, and the room
    left before PAY DAY ("you must stop there")."""
    room = len(state.game.board) - 1 - state.pos[seat]
    return min(state.roll, room), min(state.roll + state.extra, room), room


def _move_task(state: PayDayModel, task: tuple[int, ...]) -> None:
    """Move by the roll, or ask how far when +3 or an extra move gives a choice, or when an
    extra-move card held could take the token further."""
    seat = task[1]
    low, high, room = _reach(state, seat)
    if high > low or (room > high and events.extra_moves(state, seat)):
        ask(state, Phase.STEPS, seat)
    else:
        move(state, seat, low)


def _steps_actions(state: PayDayModel) -> list[Action]:
    seat = state.player
    low, high, room = _reach(state, seat)
    table = state.game.space.move
    moves: list[Action] = [table[steps] for steps in range(low, high + 1)]
    return moves + events.extra_moves(state, seat) if room > high else moves


def _steps_apply(state: PayDayModel, seat: int, action: Action) -> None:
    if isinstance(action, Play):  # an extra move: then how far, asked again
        state.todo.append((MOVE, seat))
        events.play(state, seat, action.card)
        return
    assert isinstance(action, Move)
    move(state, seat, action.steps)


def move(state: PayDayModel, seat: int, steps: int) -> None:
    """Move the turn's player forward and put its new space on the stack; with the PAY DAY
    die's Buyer or Bargain to do, ask which comes first, the space or the die ("decide whether
    you'd like to move or complete the action on the PAY DAY die first"). A Bargain face landing
    on a Bargain space needs no order: the space draws two and keeps one (`spaces.carry_out`)."""
    day = state.pos[seat] + steps
    state.pos[seat] = day
    state.log.append((Moved, seat, day, state.game.day_words[day]))
    state.todo.append((SPACE, seat, day))
    if _order_matters(state, seat, state.game.board[day].kind):
        ask(state, Phase.ORDER, seat)


def _order_matters(state: PayDayModel, seat: int, kind: str) -> bool:
    """Whether the space or the die's action first can make a difference: not for a Bargain
    face on a Bargain space (one draw of two), nor for a Buyer face with no Bargain in hand
    and none to come from the space (the sale comes to nothing either way)."""
    face = state.die_todo
    if face == "bargain":
        return kind != "bargain"
    if face == "buyer":
        return bool(state.bargains[seat]) or kind in ("bargain", "yard_sale", "pay_day")
    return False


def _space_task(state: PayDayModel, task: tuple[int, ...]) -> None:
    spaces.carry_out(state, task[1], task[2])


def _face_task(state: PayDayModel, task: tuple[int, ...]) -> None:
    face = state.die_todo
    state.die_todo = ""
    if state.finished(task[1]):  # the final PAY DAY came first: "Remove your token" and cards
        return
    if face == "buyer":
        state.todo.append((SELL, task[1]))
    elif face == "bargain":
        state.todo.append((DRAW, task[1], 1))


def _draw_task(state: PayDayModel, task: tuple[int, ...]) -> None:
    bargains.draw(state, task[1], task[2])


def _sell_task(state: PayDayModel, task: tuple[int, ...]) -> None:
    selling.start(state, task[1])


def _salary_task(state: PayDayModel, task: tuple[int, ...]) -> None:
    spaces.salary_again(state, task[1])


def _mail_task(state: PayDayModel, task: tuple[int, ...]) -> None:
    spaces.next_offer(state, task[1])


def _lottery_task(state: PayDayModel, task: tuple[int, ...]) -> None:
    """The Lottery goes on after a card played for the stake: the same seat asked again."""
    if task[2]:
        lottery.next_doubler(state)
    else:
        lottery.next_joiner(state)


TASKS: tuple[Callable[[PayDayModel, tuple[int, ...]], None], ...] = (
    _move_task, _space_task, _face_task, _draw_task, _sell_task, _salary_task, pay_task,
    spaces.interest_task, _mail_task, _lottery_task, events.collect_task)

Legal = Callable[["PayDayModel"], list[Action]]
Apply = Callable[["PayDayModel", int, Action], None]


def _over_actions(state: PayDayModel) -> list[Action]:
    return []


def _over_apply(state: PayDayModel, seat: int, action: Action) -> None:
    raise AssertionError("the game is over: State.apply refuses every action")


LEGAL: tuple[Legal, ...] = (
    _start_actions, _reroll_actions, _order_actions, _steps_actions,
    bargains.choose_actions, bargains.drawer_actions, bargains.bid_actions,
    selling.sell_actions, selling.hit_actions, selling.answer_actions,
    events.cancel_actions, spaces.mail_actions, lottery.join_actions, lottery.double_actions,
    spaces.repay_actions, selling.protect_actions, events.owe_actions, _over_actions,
    events.collect_actions)
APPLY: tuple[Apply, ...] = (
    _start_apply, _reroll_apply, _order_apply, _steps_apply,
    bargains.choose_apply, bargains.drawer_apply, bargains.bid_apply,
    selling.sell_apply, selling.hit_apply, events.answer_apply,
    events.cancel_apply, spaces.mail_apply, lottery.join_apply, lottery.double_apply,
    spaces.repay_apply, events.protect_apply, events.owe_apply, _over_apply,
    events.collect_apply)
