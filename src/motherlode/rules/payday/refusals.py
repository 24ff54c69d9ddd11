"""Why an action is refused, in the rulebook's words, and what is asked instead.

Seed 002, cited by its headings. `why_illegal` names the rule the action breaks (a bid under
the lowest, a card not held, an Event card outside its windows, an action of another phase),
then who decides now and the decision's prompt, and the legal actions. It reads only what the
deciding seat's view shows (the prompt names a hidden Auction Bargain only to its drawer; the
refusal is the decider's to read).
"""

from __future__ import annotations

from motherlode.engine import Action

from . import decision
from .actions import (
    ALLOW,
    ANNOUNCE,
    DIE_FIRST,
    DOUBLE_DOWN,
    DROP_OUT,
    KEEP_LOAN,
    KEEP_ROLL,
    MOVE_FIRST,
    NO_HIT,
    NOT_TODAY,
    PASS,
    REPAY_ALL,
    REPAY_STEP,
    REROLL,
    ROLL,
    ROLL_BOTH,
    STAY_OUT,
    TAKE_LOAN,
    Bid,
    Buy,
    Cancel,
    Discard,
    Hit,
    Keep,
    Move,
    Pick,
    Play,
    PutUp,
    Sell,
    Word,
)
from .model import PayDayModel
from .phase import Phase

SHOWN = 12  # legal actions listed in a refusal

# When each Event card may be played (seed "Event": "You may play these at any time, on any
# player's turn"; the windows: docs/games/payday.md).
PLAY_WHEN = {
    "market_hit": "a Market Hit is played against another player's sale, when that sale is "
                  "made",
    "not_today": "Not Today! cancels an Event card another player plays (a Not Today! too), or "
                 "the Market Hits on your sale, when that happens",
    "extra_move": "an extra move is played on your own turn, after the roll and before moving",
    "collect_bank": "it is played at the start of your turn, when you owe more than your cash, "
                    "or for a Lottery stake you are short of",
    "collect_each": "it is played at the start of your turn, when you owe more than your cash, "
                    "for a Lottery stake you are short of, or when someone lands on the "
                    "Lottery and it would leave another player short of the stake",
    "buyer": "it is played at the start of your turn, or to sell a Bargain when you owe more "
             "than your cash or are short of a Lottery stake",
    "bargain": "it is played at the start of your own turn",
}

# Which phase each kind of action belongs to, in words (an action of another phase).
WHEN: dict[type[Action], str] = {
    Move: "you choose how far to move only with +3 or an extra move",
    Keep: "you keep one of two Bargains only when you draw two",
    Buy: "a card is bought when it is drawn (a plain Bargain, Mail's insurance or Markup)",
    PutUp: "a plain Bargain is put up for auction when you draw it",
    Discard: "Mail's insurance or Markup is discarded when you draw it",
    Bid: "bids are made in an auction",
    Sell: "you sell a Bargain at a Buyer",
    Hit: "a Market Hit is played against another player's sale, when that sale is made",
    Cancel: "Not Today! cancels a Market Hit on another player's sale, when asked",
    Pick: "numbers are picked when someone lands on the Lottery",
}
WORD_WHEN = {
    ROLL: "you roll at the start of your own turn",
    MOVE_FIRST: "the order is chosen when the PAY DAY die shows Buyer or Bargain",
    DIE_FIRST: "the order is chosen when the PAY DAY die shows Buyer or Bargain",
    ANNOUNCE: "the minimum bid is announced by the drawer of an Auction Bargain",
    PASS: "you pass in an auction, or on a collect card before the Lottery's stakes",
    NO_HIT: "Market Hits are asked for when another player sells a Bargain",
    NOT_TODAY: "Not Today! answers an Event card another player plays, or the Market Hits on "
               "your sale",
    ALLOW: "you allow an Event card or a Market Hit when one is played",
    ROLL_BOTH: "you roll at the start of your own turn",
    REROLL: "you reroll when the PAY DAY die shows Reroll",
    KEEP_ROLL: "you keep the roll when the PAY DAY die shows Reroll",
    STAY_OUT: "the Lottery asks when someone lands on it",
    DOUBLE_DOWN: "you double down in a Lottery with no winner",
    DROP_OUT: "you drop out of a Lottery with no winner",
    REPAY_STEP: "a loan is repaid at PAY DAY, after the 10%",
    REPAY_ALL: "a loan is repaid at PAY DAY, after the 10%",
    KEEP_LOAN: "a loan is kept or repaid at PAY DAY, after the 10%",
    TAKE_LOAN: "a loan is taken when you must pay more than your cash",
}


def why_illegal(state: PayDayModel, action: Action) -> str:
    """The rule `action` breaks, then who decides now and what (the decision's prompt), and
    the legal actions."""
    if state.phase == Phase.OVER:
        return "the game is over: every player has finished the last month"
    legal = state.legal_actions()
    shown = ", ".join(str(a) for a in legal[:SHOWN]) + (" ..." if len(legal) > SHOWN else "")
    asked = decision.decision(state)["prompt"]
    return (f"{_reason(state, action)}; seat {state.decider} decides now: {asked} "
            f"(legal: {shown})")


def _reason(state: PayDayModel, action: Action) -> str:
    """The rule the action breaks (the usual mistakes first, else when it is allowed)."""
    seat = state.decider
    game = state.game
    rules = game.rules
    if isinstance(action, Bid) and action.amount > rules.max_bid:
        return f"bids go up to ${rules.max_bid:,}"
    if isinstance(action, Bid) and state.phase == Phase.AUCTION:
        lowest = state.high + rules.bid_step if state.high_bidder >= 0 else state.min_bid
        if lowest > rules.max_bid:
            return f"the high bid is the highest allowed (${rules.max_bid:,}): pass"
        return f"a bid must be at least ${lowest:,} (raises of ${rules.bid_step})"
    if isinstance(action, Sell) and state.phase == Phase.SELL:
        if action.card not in state.bargains[seat]:
            return f"seat {seat} holds no Bargain {action.card}"
        if action.markup and action.markup not in state.markups[seat]:
            return f"seat {seat} holds no Markup {action.markup}"
        return "one Markup per Bargain"
    if isinstance(action, Play):
        return _play_reason(state, action.card)
    stake = state.game.rules.lottery_stake
    if isinstance(action, Pick) and state.phase == Phase.JOIN and state.cash[seat] < stake:
        return f"the stake is ${stake} and the Lottery takes no loan"
    if action == TAKE_LOAN and state.phase in (Phase.JOIN, Phase.DOUBLE):
        return "you may NOT take out a loan to participate in the lottery"
    if isinstance(action, Pick) and action.number in state.lottery_numbers:
        return f"number {action.number} is taken (players may not choose the same number)"
    if isinstance(action, Move) and state.phase == Phase.STEPS:
        more = f", up to {state.extra} more," if state.extra else ""
        return f"you move the {state.roll} you rolled{more} and no further than PAY DAY"
    if isinstance(action, Word):
        return WORD_WHEN.get(action, "that is not what is asked now")
    return WHEN.get(type(action), "that is not what is asked now")


def _play_reason(state: PayDayModel, card: str) -> str:
    """Why the Event card `card` may not be played now."""
    seat = state.decider
    if card not in state.event_cards[seat]:
        return f"seat {seat} holds no Event card {card}"
    effect = state.game.event[card].effect
    if effect == "extra_move" and state.extra_played:
        return "one extra move a turn"
    if effect == "buyer" and not state.bargains[seat]:
        return "a Buyer needs a Bargain to sell"
    return PLAY_WHEN[effect]
