"""The decision of the seat to play, as a face draws it: the legal actions grouped by kind.

Built from `state.legal_actions()` (every group takes its actions from that list, so the two
always agree), with the card texts of the data the game was loaded with. Bids are one number
range (`bid $720..$3,000 in steps of $10`); everything else is a choice among named options:
a Bargain with its name, price and margin, a sale with its Markup, a Market Hit or a Not Today!
with its card text, a Lottery number with its cost, a repayment in $1,000 steps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from motherlode.engine import Action, Decision, IllegalAction
from motherlode.engine.decision import ChoiceOption, Group, choice, number_range, option
from motherlode.engine.decision import decision as make_decision
from motherlode.engine.events import money

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

Builder = Callable[["PayDayModel", Sequence[Action]], tuple[str, list[Group]]]


def decision(state: PayDayModel) -> Decision:
    """What the current player decides now (IllegalAction at the end of the game)."""
    seat = state.current_player
    if seat is None:
        raise IllegalAction("payday: the game is over; nobody decides")
    prompt, groups = BUILDERS[state.phase](state, state.legal_actions())
    return make_decision(seat, prompt, groups)


# --- helpers ---------------------------------------------------------------------------------

def _text(state: PayDayModel, card: str) -> str:
    return state.game.card_views[card]["text"]


def _words(actions: Sequence[Action], verb: str, label: str,
           named: dict[Word, tuple[str, str]]) -> list[Group]:
    """One choice of the word actions in `named` (action: label, text) that are legal (only
    words are looked up: an auction's legal list holds hundreds of bids)."""
    return _group(verb, label, [option(a, str(a), *named[a]) for a in actions
                                if type(a) is Word and a in named])


def _group(verb: str, label: str, options: list[ChoiceOption]) -> list[Group]:
    """A choice, or nothing when it has no option."""
    return [choice(verb, label, options)] if options else []


def _of(actions: Sequence[Action], kind: type[Action]) -> list[Action]:
    return [a for a in actions if isinstance(a, kind)]


def _bids(state: PayDayModel, actions: Sequence[Action], label: str) -> list[Group]:
    """The legal bids as one number range (they are every step from the lowest up)."""
    amounts = [a.amount for a in actions if type(a) is Bid]
    if not amounts:
        return []
    step = state.game.rules.bid_step
    return [number_range("bid", label, min(amounts), max(amounts), step=step, unit="$")]


def _bargain_line(state: PayDayModel, card: str) -> str:
    """`Toaster: costs $150, resale $250, margin $100` (the card as printed)."""
    info = state.game.bargain[card]
    text = (f"{info.name}: costs {money(info.cost)}, resale {money(info.resale)}, margin "
            f"{money(info.margin)}")
    if info.kind == "auction":
        text += f"; Auction Bargain, minimum bid {money(info.min_bid)}"
    return text


# --- each phase ------------------------------------------------------------------------------

def _start(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    rules = state.game.rules
    groups = _words(actions, "roll", "Roll", {
        ROLL: ("roll the numbered die", ""),
        ROLL_BOTH: ("roll both dice", f"pay {money(rules.payday_die_cost)} into the Jackpot "
                    "and roll the PAY DAY die too: Buyer, Bargain, +3 or Reroll"),
    })
    plays = _plays(state, actions, "Play an Event card")
    if plays:
        return "Your turn: roll, roll both dice, or play an Event card first", groups + plays
    return "Your turn: roll, or roll both dice", groups


def _reroll(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    return (f"The PAY DAY die shows Reroll: you rolled {state.roll}",
            _words(actions, "reroll", "The numbered die", {
                REROLL: ("roll the numbered die again", ""),
                KEEP_ROLL: (f"keep the {state.roll}", ""),
            }))


def _order(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    face = "Buyer" if state.die_todo == "buyer" else "Bargain"
    space = state.game.day_words[state.pos[state.decider]]
    return (f"You are on {space}; the PAY DAY die's {face} is still to do",
            _words(actions, "order", "What comes first", {
                MOVE_FIRST: ("the space first", f"carry out {space}, then the die's {face}"),
                DIE_FIRST: ("the die first", f"the die's {face}, then {space}"),
            }))


def _plays(state: PayDayModel, actions: Sequence[Action], label: str) -> list[Group]:
    """The Event cards among `actions`, each with its text."""
    game = state.game
    return _group("play", label, [
        option(a, a.card, f"play {game.labels[a.card]}", _text(state, a.card))
        for a in actions if isinstance(a, Play)])


def _steps(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    here = state.pos[state.decider]
    words = state.game.day_words
    options = [option(a, str(a.steps), f"{a.steps} spaces: {words[here + a.steps]}")
               for a in actions if isinstance(a, Move)]
    groups = _group("move", "How far to move", options)
    plays = _plays(state, actions, "Play an extra move first")
    if state.extra:
        prompt = f"You rolled {state.roll} and may move up to {state.extra} more"
    else:
        prompt = f"You rolled {state.roll}: move, or play an extra-move card to go further"
    return prompt, groups + plays


def _choose(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    options = []
    for a in actions:
        if isinstance(a, Keep):
            card = state.drawn[a.which - 1]
            options.append(option(a, card, f"keep the {state.game.names[card]}",
                                  _bargain_line(state, card)))
    return ("Two Bargains drawn: keep one (the other goes to the bottom of the pile)",
            _group("keep", "Which Bargain", options))


def _bargain(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    card = state.drawn[0]
    info = state.game.bargain[card]
    line = _bargain_line(state, card)
    groups: list[Group] = []
    buys = [option(a, card, f"buy the {info.name} for {money(info.cost)}", line)
            for a in _of(actions, Buy)]
    if buys:
        groups.append(choice("buy", "Buy it", buys))
    puts = [option(a, card, f"put the {info.name} up for auction, bids from "
                   f"{money(info.cost)}", line) for a in _of(actions, PutUp)]
    if puts:
        groups.append(choice("auction", "Auction it", puts))
    groups += _bids(state, actions, f"Open the bidding on the {info.name}")
    groups += _words(actions, "announce", "Announce it", {
        ANNOUNCE: (f"announce the minimum bid {money(info.min_bid)}",
                   "bidding starts to your left; you may not bid"),
    })
    return f"You drew the {info.name}: {line}", groups


def _auction(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    card = state.auction_card
    hidden = state.auction_hidden and state.decider != state.drawer
    what = "an Auction Bargain (face down)" if hidden else f"the {state.game.names[card]}"
    if state.high_bidder >= 0:
        prompt = f"Auction of {what}: high bid {money(state.high)} by seat {state.high_bidder}"
    else:
        prompt = f"Auction of {what}: no bid yet"
    groups = _bids(state, actions, "Your bid")
    groups += _words(actions, "pass", "Pass", {PASS: ("pass and leave the auction", "")})
    return prompt, groups


def _sell(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    game = state.game
    options = []
    for a in actions:
        if isinstance(a, Sell):
            info = game.bargain[a.card]
            if a.markup:
                value = game.markup[a.markup].value
                label = (f"the {info.name} with the Markup {money(value, sign=True)}: "
                         f"{money(info.resale + value)}")
                text = f"{_bargain_line(state, a.card)}; {_text(state, a.markup)}"
            else:
                label = f"the {info.name}: {money(info.resale)}"
                text = _bargain_line(state, a.card)
            options.append(option(a, a.card, label, text))
    return ("A Buyer: sell one Bargain at its resale (with one Markup, if you wish)",
            _group("sell", "Which Bargain, with which Markup", options))


def _price(state: PayDayModel, hits: list[str] | None = None) -> str:
    """The sale's price with the Market Hits `hits` off (None: the hits as they stand), never
    below $0."""
    game = state.game
    _, card, markup = state.sale
    price = game.bargain[card].resale + (game.markup[markup].value if markup else 0)
    price -= sum(game.event[hit].amount
                 for hit in (hits if hits is not None else [h for _, h in state.hits]))
    return money(max(0, price))


def _sale_words(state: PayDayModel) -> str:
    seller, card, _ = state.sale
    return f"seat {seller} sells the {state.game.names[card]} for {_price(state)}"


def _hit(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    game = state.game
    hits: list[ChoiceOption] = [
        option(a, a.card, f"play {game.labels[a.card]}", _text(state, a.card))
        for a in actions if isinstance(a, Hit)]
    groups = _group("hit", "Play a Market Hit against the sale", hits)
    groups += _words(actions, "no", "No hit", {NO_HIT: ("let the sale be", "")})
    return f"A sale: {_sale_words(state)}", groups


def _not_today_text(state: PayDayModel) -> str:
    event = state.game.event
    card = next(c for c in state.event_cards[state.decider] if event[c].effect == "not_today")
    return _text(state, card)


def _answer(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    hits = ", ".join(state.game.labels[hit] for _, hit in state.hits)
    groups = _words(actions, "not", "Not Today!", {
        NOT_TODAY: ("play Not Today!: cancel every Market Hit", _not_today_text(state)),
    })
    groups += _words(actions, "allow", "Allow", {
        ALLOW: (f"allow the hits: sell for {_price(state)}", ""),
    })
    return f"Market Hits against your sale: {hits}", groups


def _cancel(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    """Not Today! against the card played, or, once a chain is open, against its last Not
    Today! (each cancels the one before: the card stands while their number is even)."""
    seat, card = state.played
    if not card:
        return _cancel_over_hits(state, actions)
    label = state.game.labels[card]
    if state.chain:
        mine = seat == state.decider
        return _cancel_not_today(state, actions, ("your " if mine else f"seat {seat}'s ") + label)
    groups = _words(actions, "not", "Not Today!", {
        NOT_TODAY: (f"play Not Today!: cancel the {label}", _not_today_text(state)),
    })
    groups += _words(actions, "allow", "Allow", {
        ALLOW: (f"allow the {label}", _text(state, card)),
    })
    return f"Seat {seat} plays {label}: {_text(state, card)}", groups


def _cancel_not_today(state: PayDayModel, actions: Sequence[Action], card: str,
                      prices: tuple[str, str] = ("", "")) -> tuple[str, list[Group]]:
    """The chain's last Not Today! against `card` (what the first one cancels); `prices`:
    in a sale, what it pays with `card` cancelled and standing."""
    by = state.chain[-1][0]
    cancelled = len(state.chain) % 2 == 1
    now, then = ("is cancelled", "stands") if cancelled else ("stands", "is cancelled")
    paid_now, paid_then = prices if cancelled else prices[::-1]
    groups = _words(actions, "not", "Not Today!", {
        NOT_TODAY: (f"play Not Today!: cancel seat {by}'s Not Today!",
                    f"{card} then {then}{paid_then}; {_not_today_text(state)}"),
    })
    groups += _words(actions, "allow", "Allow", {
        ALLOW: (f"allow seat {by}'s Not Today!", f"{card} {now}{paid_now}"),
    })
    return (f"Seat {by} plays Not Today! (a Not Today! is an Event card too): {card} {now} "
            "unless you cancel it"), groups


def _cancel_over_hits(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    """A chain over the Market Hits on a sale: the seller's Not Today! against every hit, or
    another seat's against one (`chain_hit`)."""
    seller = state.sale[0]
    me = state.decider
    sale = "your sale" if seller == me else f"seat {seller}'s sale"
    hit = state.chain_hit
    if hit:
        hitter = next(s for s, card in state.hits if card == hit)
        whose = "your" if hitter == me else f"seat {hitter}'s"
        card = f"{whose} {state.game.labels[hit]} on {sale}"
        without = [card for _, card in state.hits if card != hit]
    else:
        card = f"every Market Hit on {sale}"
        without = []
    prices = (f": the sale pays {_price(state, without)}", f": the sale pays {_price(state)}")
    return _cancel_not_today(state, actions, card, prices)


def _protect(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    game = state.game
    cancels = [option(a, a.card, f"Not Today! on the {game.labels[a.card]}",
                      _text(state, a.card)) for a in actions if isinstance(a, Cancel)]
    groups = _group("not", "Cancel one Market Hit", cancels)
    groups += _words(actions, "allow", "Allow", {ALLOW: ("allow the hits", "")})
    return f"Market Hits against another's sale: {_sale_words(state)}", groups


def _mail(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    card = state.mail_pending[0]
    view = state.game.card_views[card]
    buys = [option(a, card, f"buy the {view['label']} for {money(view['cost'])}",
                   view["text"]) for a in _of(actions, Buy)]
    discards = [option(a, card, f"discard the {view['label']}") for a in _of(actions, Discard)]
    return (f"Mail: {view['text']}",
            _group("buy", "Buy it", buys) + _group("discard", "Discard it", discards))


def _join(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    stake = money(state.game.rules.lottery_stake)
    picks = [option(a, str(a.number), f"number {a.number}",
                    f"costs {stake} (no loan for the Lottery)")
             for a in actions if isinstance(a, Pick)]
    groups = _group("pick", "Pick a number", picks)
    groups += _plays(state, actions, "Play an Event card for the stake")
    groups += _words(actions, "stay", "Stay out", {STAY_OUT: ("stay out of the Lottery", "")})
    return _lottery_prompt(state, state.game.rules.lottery_stake,
                           f"The Lottery: the pot is {money(state.lottery_pot)}"), groups


def _lottery_prompt(state: PayDayModel, stake: int, prompt: str) -> str:
    """The Lottery's prompt; for a seat short of the stake, why it is asked."""
    cash = state.cash[state.decider]
    if cash >= stake:
        return prompt
    return (f"{prompt}; the stake is {money(stake)} and you have {money(cash)} (no loan for "
            "the Lottery): play an Event card for the money, or not")


def _collect(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    """Before the Lottery's stakes: a collect-from-each card, with the seats it leaves short."""
    game = state.game
    stake = game.rules.lottery_stake
    options = []
    for a in actions:
        if isinstance(a, Play):
            amount = game.event[a.card].amount
            short = [str(s) for s in state.others_from(state.decider)
                     if stake <= state.cash[s] < stake + amount]
            options.append(option(a, a.card, f"play {game.labels[a.card]}",
                                  f"{_text(state, a.card)}; seat {', '.join(short)} would be "
                                  f"left short of the {money(stake)} stake"))
    groups = _group("play", "Play a collect card before the stakes", options)
    groups += _words(actions, "pass", "Pass", {
        PASS: ("pass: the stakes are asked", "keep the card for later"),
    })
    lander = state.lottery_queue[0]
    who = "You" if lander == state.decider else f"Seat {lander}"
    return (f"{who} landed on the Lottery: before the {money(stake)} stakes are asked (no "
            "loan for the Lottery), you may play a collect card"), groups


def _double(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    stake = 2 * state.lottery_stakes[state.decider]
    number = state.lottery_numbers[state.decider]
    groups = _words(actions, "double", "Double down", {
        DOUBLE_DOWN: (f"double down: put in {money(stake)}",
                      f"keep number {number} and roll again"),
    })
    groups += _plays(state, actions, "Play an Event card for the stake")
    groups += _words(actions, "drop", "Drop out", {DROP_OUT: ("drop out of the Lottery", "")})
    return _lottery_prompt(state, stake, f"No winner: the pot is {money(state.lottery_pot)}"), \
        groups


def _repay(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    seat = state.decider
    loan, cash = state.loan[seat], state.cash[seat]
    step = state.game.rules.loan_step
    groups = _words(actions, "repay", "Repay the loan", {
        REPAY_STEP: (f"repay {money(step)}", f"the loan goes down to {money(loan - step)}"),
        REPAY_ALL: (f"repay all of it: {money(loan)}",
                    f"cash goes down to {money(cash - loan)}"),
    })
    groups += _words(actions, "keep", "Keep the loan", {KEEP_LOAN: ("keep the loan", "")})
    return (f"PAY DAY: cash {money(cash)}, loan {money(loan)}; repay in {money(step)} steps "
            "or all of it", groups)


def _owe(state: PayDayModel, actions: Sequence[Action]) -> tuple[str, list[Group]]:
    seat, amount = state.owing
    cash = state.cash[seat]
    step = state.game.rules.loan_step
    loan = -(-(amount - cash) // step) * step
    groups = _plays(state, actions, "Play an Event card for the money")
    groups += _words(actions, "take", "Take a loan", {
        TAKE_LOAN: (f"take a loan of {money(loan)}", f"then pay the {money(amount)}")})
    return (f"You owe {money(amount)} and have {money(cash)}: play an Event card or take a "
            "loan", groups)


BUILDERS: dict[Phase, Builder] = {
    Phase.START: _start, Phase.REROLL: _reroll, Phase.ORDER: _order, Phase.STEPS: _steps,
    Phase.CHOOSE: _choose, Phase.BARGAIN: _bargain, Phase.AUCTION: _auction,
    Phase.SELL: _sell, Phase.HIT: _hit, Phase.ANSWER: _answer, Phase.CANCEL: _cancel,
    Phase.MAIL: _mail, Phase.JOIN: _join, Phase.DOUBLE: _double, Phase.REPAY: _repay,
    Phase.PROTECT: _protect, Phase.OWE: _owe, Phase.COLLECT: _collect,
}
