"""The heuristic Pay Day bot: legal play from views only, deterministic, and the choices the
rules make obvious in positions built from a new game (its fields set as the position needs)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from bot_checks import check_never_sees_the_state

import motherlode
from motherlode.bots.base import bot_names, make_bot
from motherlode.bots.payday_heuristic import PayDayHeuristic
from motherlode.engine import Action
from motherlode.engine.position import replace
from motherlode.rules.payday.actions import (
    ALLOW,
    DIE_FIRST,
    DROP_OUT,
    KEEP_LOAN,
    MOVE_FIRST,
    NO_HIT,
    NOT_TODAY,
    PASS,
    REPAY_ALL,
    ROLL,
    ROLL_BOTH,
    STAY_OUT,
    Bid,
    Buy,
    Cancel,
    Discard,
    Hit,
    Move,
    Pick,
    PutUp,
    Sell,
)
from motherlode.rules.payday.game import PayDay
from motherlode.rules.payday.phase import Phase
from motherlode.rules.payday.state import PayDayState
from motherlode.sim.runner import bot_seed


def _load(players: int = 4, **options: Any) -> PayDay:
    game = motherlode.load("payday", players=players, **options)
    assert isinstance(game, PayDay)
    return game


def _final(game: PayDay, seed: int) -> PayDayState:
    """A seeded all-heuristic game played to the end; every choice checked legal."""
    state = game.new_game(seed)
    assert isinstance(state, PayDayState)
    bots = [make_bot("heuristic", game, seat, bot_seed(seed, seat))
            for seat in range(game.num_players)]
    steps = 0
    while (seat := state.current_player) is not None:
        legal = state.legal_actions()
        action = bots[seat].choose(state.view(seat), legal)
        assert action in legal, f"seed {seed} step {steps}: {action} is not legal"
        state.apply(action)
        steps += 1
        assert steps <= game.max_game_length
    return state


def test_registered_for_payday_beside_the_others() -> None:
    assert "heuristic" in bot_names("payday")
    assert "heuristic" in bot_names("saboteur")
    assert "heuristic" in bot_names("paydirt")
    assert isinstance(make_bot("heuristic", _load(), 0, 0), PayDayHeuristic)


@pytest.mark.parametrize(("players", "seeds"), [(2, 3), (3, 3), (4, 3)])
def test_only_legal_actions_over_whole_games(players: int, seeds: int) -> None:
    """Whole seeded games: every choice legal (checked in `_final`), every seat finished."""
    game = _load(players)
    for seed in range(seeds):
        state = _final(game, seed)
        assert state.is_terminal and all(state.finished(s) for s in range(players))


def test_legal_under_the_other_readings() -> None:
    game = _load(3, months=3, interest="charge", loans_at_end="ignore", auction_pays="cost")
    assert _final(game, 5).is_terminal


def test_never_sees_the_state() -> None:
    """The bot keeps no reference to a state and is handed only a view dict and actions."""
    check_never_sees_the_state(_load(3), 4)


def test_same_seed_same_game() -> None:
    game = _load(4)
    first, again, other = (_final(game, seed).history for seed in (11, 11, 12))
    assert len(first) > 100
    assert first == again
    assert first != other


def test_beats_random_players() -> None:
    """Seat 0 heuristic against three random seats: it ends with the most money in most games
    (random players bid wildly and borrow)."""
    game = _load(4)
    wins = 0
    for seed in range(6):
        state = game.new_game(seed)
        bots = [make_bot("heuristic" if s == 0 else "random", game, s, bot_seed(seed, s))
                for s in range(4)]
        while (seat := state.current_player) is not None:
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        scores = state.scores()
        wins += scores[0] == max(scores)
    assert wins >= 5


# ---- positions ------------------------------------------------------------------------------

def _position(phase: Phase, *, seat: int = 0, day: int = 5, month: int = 0, months: int = 2,
              **fields: Any) -> tuple[PayDayState, PayDayHeuristic]:
    """A new 4-player game with `seat` deciding in `phase` on `day` of month `month`, and the
    state fields given set (per-seat lists are given for `seat` as `mine_<field>`)."""
    game = _load(4, months=months)
    state = game.new_game(1)
    assert isinstance(state, PayDayState)
    state.pos[seat] = day
    state.month[seat] = month
    for name in list(fields):
        if name.startswith("mine_"):
            getattr(state, name.removeprefix("mine_"))[seat] = fields.pop(name)
    replace(state, player=seat, phase=phase, decider=seat, **fields)
    bot = make_bot("heuristic", game, seat, 7)
    assert isinstance(bot, PayDayHeuristic)
    return state, bot


def _choose(state: PayDayState, bot: PayDayHeuristic) -> Action:
    legal = state.legal_actions()
    choice = bot.choose(state.view(state.decider), legal)
    assert choice in legal
    return choice


def _offer(card: str, **kw: Any) -> Action:
    state, bot = _position(Phase.BARGAIN, drawn=[card], drawer=0, **kw)
    return _choose(state, bot)


def test_buys_a_clearly_profitable_plain_bargain() -> None:
    assert _offer("game-console") == Buy("game-console")  # $500 -> $750, Buyers ahead
    assert _offer("garden-gnome", mine_bargains=[]) == Buy("garden-gnome")


def test_auctions_a_losing_bargain() -> None:
    assert _offer("lava-lamp") == PutUp("lava-lamp")  # $120 -> $90
    assert _offer("bread-maker") == PutUp("bread-maker")  # breaks even


def test_buys_nothing_it_cannot_sell_before_its_last_pay_day() -> None:
    """Day 31 of the final month: no Buyer is left ahead, so even a good card is worth nothing."""
    assert _offer("game-console", day=31, month=1) == PutUp("game-console")
    assert _offer("game-console", day=31, month=0) == Buy("game-console")


def test_opens_its_own_good_auction_bargain_and_announces_a_bad_one() -> None:
    good = _offer("diamond-ring")  # min $1,200, resale $2,100
    assert isinstance(good, Bid) and good.amount == 1200
    assert str(_offer("stamp-collection")) == "announce"  # min $350, resale $400: thin
    assert str(_offer("diamond-ring", day=31, month=1)) == "announce"  # no Buyer left


def test_bids_on_a_good_plain_card_another_put_up_and_passes_on_a_bad_one() -> None:
    def auction(card: str) -> Action:
        state, bot = _position(Phase.AUCTION, seat=1, auction_card=card, drawer=0,
                               min_bid=_load().bargain[card].cost, bidders=[1, 2, 3])
        return _choose(state, bot)

    assert auction("golf-clubs") == Bid(550)
    assert auction("lava-lamp") == PASS


def test_sells_the_best_bargain_with_its_markup() -> None:
    state, bot = _position(Phase.SELL, day=25, mine_bargains=["toaster", "piano", "tent"],
                           mine_markups=["markup-2", "markup-8"])
    assert _choose(state, bot) == Sell("piano", "markup-8")


def test_buys_insurance_against_bills_it_holds() -> None:
    def offer(bills: list[str], day: int = 20, month: int = 1, insured: Sequence[str] = ()
              ) -> Action:
        state, bot = _position(Phase.MAIL, day=day, month=month, mine_bills=bills,
                               mine_insurance=list(insured), mail_pending=["insurance-medical-5"])
        return _choose(state, bot)

    assert offer(["bill-medical-5"]) == Buy("insurance-medical-5")  # $500 due, $250 insures
    assert offer([], day=31) == Discard("insurance-medical-5")  # no medical bill can come
    assert offer(["bill-medical-5"], insured=["insurance-medical-6"]) \
        == Discard("insurance-medical-5")


def test_buys_a_markup_only_with_a_bargain_to_use_it_on() -> None:
    def offer(bargains: list[str]) -> Action:
        state, bot = _position(Phase.MAIL, day=12, mine_bargains=bargains,
                               mail_pending=["markup-7"])
        return _choose(state, bot)

    assert offer(["sofa"]) == Buy("markup-7")
    assert offer([]) == Discard("markup-7")


def test_lottery_needs_cash_beyond_its_bills() -> None:
    def join(cash: int) -> Action:
        state, bot = _position(Phase.JOIN, mine_cash=cash, mine_bills=["bill-home-5"],
                               lottery_pot=1000, queue=[0, 1, 2, 3])
        return _choose(state, bot)

    assert join(150) == STAY_OUT  # $400 of bills due
    assert isinstance(join(2000), Pick)


def test_rarely_doubles_down() -> None:
    state, bot = _position(Phase.DOUBLE, mine_cash=1000, lottery_pot=1400,
                           lottery_stakes=[400, 0, 0, 0], lottery_numbers=[3, 0, 0, 0],
                           queue=[0])
    assert _choose(state, bot) == DROP_OUT  # pot/6 is below a doubled $800 stake


def test_hits_the_leaders_sale_but_not_a_trailing_one() -> None:
    def hit(seller_cash: int) -> Action:
        state, bot = _position(Phase.HIT, seat=1, mine_event_cards=["market-hit-8"],
                               sale=(0, "piano", ""), queue=[1], hits=[])
        state.cash[0] = seller_cash
        state.cash[1] = 2000
        state.cash[2] = state.cash[3] = 1000
        return _choose(state, bot)

    assert hit(5000) == Hit("market-hit-8")
    assert hit(500) == NO_HIT


def test_not_today_protects_its_sale_and_its_cash() -> None:
    state, bot = _position(Phase.ANSWER, day=10, mine_event_cards=["not-today-1"],
                           sale=(0, "piano", ""), hits=[(1, "market-hit-8")])
    assert _choose(state, bot) == NOT_TODAY
    state, bot = _position(Phase.ANSWER, day=10, mine_event_cards=["not-today-1"],
                           sale=(0, "piano", ""), hits=[(1, "market-hit-1")])
    assert _choose(state, bot) == ALLOW  # $50 is not worth the card
    state, bot = _position(Phase.CANCEL, seat=2, mine_event_cards=["not-today-1"],
                           played=(0, "collect-each-4"), queue=[2])
    assert _choose(state, bot) == NOT_TODAY
    state, bot = _position(Phase.CANCEL, seat=2, mine_event_cards=["not-today-1"],
                           played=(0, "collect-bank-1"), queue=[2])
    assert _choose(state, bot) == ALLOW


def test_answers_a_not_today_chain_for_its_own_card_or_against_a_rivals() -> None:
    """A Not Today! is an Event card: in a chain it cancels the Not Today! that cancelled its
    own big card, cancels again a rival's card it would cancel, and never restores a rival's
    card or cancels a chain that already went its way."""
    def cancel(played: tuple[int, str], chain: list[tuple[int, str]]) -> Action:
        state, bot = _position(Phase.CANCEL, seat=2, mine_event_cards=["not-today-1"],
                               played=played, chain=chain, queue=[2])
        return _choose(state, bot)

    assert cancel((2, "collect-each-4"), [(1, "not-today-2")]) == NOT_TODAY  # $100 x 3
    assert cancel((2, "collect-bank-1"), [(1, "not-today-2")]) == ALLOW  # $50
    assert cancel((2, "collect-each-4"), [(1, "not-today-2"), (3, "not-today-3")]) == ALLOW
    assert cancel((0, "collect-each-4"), [(1, "not-today-2"), (0, "not-today-3")]) \
        == NOT_TODAY  # the rival's $100-each card stands again: cancelled again
    assert cancel((0, "collect-each-4"), [(1, "not-today-2")]) == ALLOW  # cancelled already


def test_answers_a_not_today_chain_in_a_sale_by_the_same_policy() -> None:
    """A Not Today! in a sale is an Event card too: the seller cancels again the Not Today!
    that let big hits stand, a hitter restores its own big hit, and a seat with nothing at
    stake lets the chain be (the leader's hit late in its game excepted)."""
    def cancel(seat: int, hits: list[tuple[int, str]], chain: list[tuple[int, str]],
               hit: str = "", day: int = 5, month: int = 0) -> Action:
        state, bot = _position(Phase.CANCEL, seat=seat, day=day, month=month,
                               mine_event_cards=["not-today-5"], sale=(0, "piano", ""),
                               hits=hits, chain=chain, chain_hit=hit, queue=[seat])
        state.cash[1] = 6000  # the leader
        return _choose(state, bot)

    seller_cancelled = [(0, "not-today-1"), (1, "not-today-2")]  # the hits stand again
    assert cancel(0, [(1, "market-hit-8")], seller_cancelled) == NOT_TODAY  # $200
    assert cancel(0, [(1, "market-hit-1")], seller_cancelled) == ALLOW  # $50
    assert cancel(1, [(1, "market-hit-8")], [(0, "not-today-1")]) == NOT_TODAY  # restores $200
    assert cancel(1, [(1, "market-hit-4")], [(0, "not-today-1")]) == ALLOW  # $100
    assert cancel(2, [(1, "market-hit-8")], [(0, "not-today-1")]) == ALLOW  # cancelled already
    protected = [(3, "not-today-1"), (1, "not-today-2")]  # seat 1's hit stands again
    assert cancel(2, [(1, "market-hit-8")], protected, "market-hit-8") == ALLOW
    assert cancel(2, [(1, "market-hit-8")], protected, "market-hit-8", 30, 1) == NOT_TODAY
    assert cancel(1, [(1, "market-hit-8")], protected, "market-hit-8") == ALLOW  # it stands


def test_plays_a_collect_card_before_a_rivals_lottery_stake() -> None:
    """Someone landed on the Lottery: the collect card offered leaves a rival short."""
    state, bot = _position(Phase.COLLECT, mine_event_cards=["collect-each-3"],
                           lottery_queue=[1, 2, 3, 0])
    state.cash[1] = 150
    assert str(_choose(state, bot)) == "play collect-each-3"


def test_keeps_its_not_today_for_itself_unless_the_leader_hits_late() -> None:
    """The 'protect' window (another's sale under Market Hits): it allows them early in its
    game, and late in its last month cancels the leader's hit on a trailing seller."""
    def protect(day: int, month: int) -> Action:
        state, bot = _position(Phase.PROTECT, seat=2, day=day, month=month,
                               mine_event_cards=["not-today-1"], sale=(0, "piano", ""),
                               hits=[(1, "market-hit-8")], queue=[2])
        state.cash[1] = 6000  # the leader
        return _choose(state, bot)

    assert protect(5, 0) == ALLOW
    assert protect(30, 1) == Cancel("market-hit-8")


def test_plays_collect_events_at_once() -> None:
    state, bot = _position(Phase.START, mine_event_cards=["collect-each-3"])
    assert str(_choose(state, bot)) == "play collect-each-3"


def test_rolls_both_dice_for_a_buyer_only_when_holding_bargains() -> None:
    def start(bargains: list[str]) -> Action:
        state, bot = _position(Phase.START, day=26, month=1,
                               mine_bargains=bargains, mine_cash=2000)
        return _choose(state, bot)

    assert start(["piano", "sofa"]) == ROLL_BOTH
    assert start([]) == ROLL


def test_orders_the_die_and_picks_steps() -> None:
    state, bot = _position(Phase.ORDER, day=20, roll=2, face="buyer", die_todo="buyer",
                           mine_bargains=["piano"])
    assert _choose(state, bot) == MOVE_FIRST  # a Markup or Bargain on the way may be sold
    # the order is asked once the token stands on its space: on PAY DAY in its last month the
    # die's action must come first; on day 28 (a roll of 6 from 22) nothing ends yet
    state, bot = _position(Phase.ORDER, day=32, month=1, roll=6, face="buyer",
                           die_todo="buyer", mine_bargains=["piano"])
    assert _choose(state, bot) == DIE_FIRST  # the move ends its game
    state, bot = _position(Phase.ORDER, day=28, month=1, roll=6, face="buyer",
                           die_todo="buyer", mine_bargains=["piano"])
    assert _choose(state, bot) == MOVE_FIRST
    state, bot = _position(Phase.STEPS, day=22, month=1, roll=1, extra=3,
                           mine_bargains=["piano"])
    assert _choose(state, bot) == Move(3)  # day 25, a Buyer


def test_repays_with_a_cushion() -> None:
    state, bot = _position(Phase.REPAY, day=32, mine_cash=3000, mine_loan=1000)
    assert _choose(state, bot) == REPAY_ALL
    state, bot = _position(Phase.REPAY, day=32, mine_cash=1100, mine_loan=1000)
    assert _choose(state, bot) == KEEP_LOAN
