"""What each seat may know: the one place the table's hidden information is decided.

Seed 002. Secret: an Auction Bargain's card while it is drawn and auctioned (its drawer sees it,
"don't show any other players the card"), two Bargains drawn at once (their drawer), the card
under the Yard Sale space (nobody), the order of the three decks, the cards put at the bottom of
the Bargain pile (whoever saw them) and the RNG. Everything else is face up: money, loans,
tokens, every player's Bargains, Bills, Insurance, Markups and Event cards, the discard piles.
The log holds no secret (`log.py`). The view's shape is `schema.PayDayView`.
"""

from __future__ import annotations

from motherlode.engine.scoresheet import ScoreSheet, column, seats_words, sheet

from .model import PayDayModel
from .phase import Phase
from .schema import (
    BargainView,
    CardView,
    Discards,
    KnownCard,
    LotteryView,
    OwingView,
    PayDayView,
    PlayedView,
    SaleView,
    SeatView,
)


def scores(state: PayDayModel) -> list[float]:
    """Each seat's money: cash minus loans (option `loans_at_end=ignore`: cash only)."""
    if state.game.loans_count:
        return [float(c - debt) for c, debt in zip(state.cash, state.loan, strict=True)]
    return [float(c) for c in state.cash]


def drawer_sees(state: PayDayModel) -> bool:
    """The drawn Bargain(s) are the drawer's secret: two at once, or an Auction Bargain."""
    drawn = state.drawn
    return len(drawn) == 2 or (len(drawn) == 1
                               and state.game.bargain[drawn[0]].kind == "auction")


def view(state: PayDayModel, seat: int | None) -> PayDayView:
    """Everything `seat` may know (None: a spectator), JSON-ready."""
    game = state.game
    n = game.num_players
    seats = [_seat(state, s) for s in range(n)]
    bargain = _bargain(state, seat)
    sale = _sale(state)
    played: PlayedView | None = (
        {"seat": state.played[0], "card": state.played[1],
         "not_today": [answerer for answerer, _ in state.chain]} if state.played[1] else None)
    owing: OwingView | None = (
        {"seat": state.owing[0], "amount": state.owing[1]} if state.owing[0] >= 0 else None)
    known = _known_pile(state, seat)
    discards: Discards = {"bargain": state.bargain_discard.copy(),
                          "mail": state.mail_discard.copy(),
                          "event": state.event_discard.copy()}
    named: list[str | None] = list(state.mail_pending)
    for info in seats:
        named += [*info["bargains"], *info["markups"], *info["insurance"], *info["bills"],
                  *info["events"]]
    if bargain is not None:
        named += bargain["cards"]
    if sale is not None:
        named += [sale["bargain"], sale["markup"], *(h["card"] for h in sale["hits"])]
    if played is not None:
        named.append(played["card"])
    named += [k["card"] for k in known]
    return {
        **state.envelope(seat),
        "months": game.months,
        "turn": state.player,
        "jackpot": state.jackpot,
        "roll": state.roll or None,
        "die": state.face or None,
        "extra_steps": state.extra,
        "die_to_do": state.die_todo or None,
        "decks": {"bargain": len(state.bargain_deck), "mail": len(state.mail_deck),
                  "event": len(state.event_deck)},
        "yard_sale": bool(state.yard_sale),
        "discards": discards,
        "seats": seats,
        "bargain": bargain,
        "sale": sale,
        "played": played,
        "owing": owing,
        "asking": _asking(state),
        "mail_offer": state.mail_pending.copy(),
        "lottery": _lottery(state),
        "known_bargain_pile": known,
        "scores": scores(state) if state.phase == Phase.OVER else None,
        "cards": _cards(state, named),
        "board": [space.copy() for space in game.space_views],
        "score_sheet": score_sheet(state) if state.phase == Phase.OVER else None,
    }


def _asking(state: PayDayModel) -> list[int]:
    """The seats still to answer in the window open now (the collect window asks one seat at
    a time, from the turn's stack)."""
    phase = state.phase
    if phase in (Phase.JOIN, Phase.DOUBLE):
        return state.lottery_queue.copy()
    if phase == Phase.COLLECT:
        return [state.decider]
    return state.queue.copy()


def _cards(state: PayDayModel, named: list[str | None]) -> dict[str, CardView]:
    """What every card the view names is (its data), in the order first named."""
    every = state.game.card_views
    out: dict[str, CardView] = {}
    for card in named:
        if card and card not in out:
            out[card] = every[card].copy()
    return out


def _seat(state: PayDayModel, s: int) -> SeatView:
    return {
        "day": None if state.finished(s) else state.pos[s],
        "month": state.month[s],
        "finished": state.finished(s),
        "cash": state.cash[s],
        "loan": state.loan[s],
        "daylight_savings": state.ds_used[s],
        "bargains": state.bargains[s].copy(),
        "markups": state.markups[s].copy(),
        "insurance": state.insurance[s].copy(),
        "bills": state.bills[s].copy(),
        "events": state.event_cards[s].copy(),
    }


def _bargain(state: PayDayModel, seat: int | None) -> BargainView | None:
    """The Bargain being decided on (`min_bid`: a minimum everyone knows, that of an unsold
    Auction Bargain come back) or auctioned (`auction`), as far as `seat` may see it."""
    if state.drawn:
        secret = drawer_sees(state) and seat != state.drawer
        return {"drawer": state.drawer, "cards": [None if secret else c for c in state.drawn],
                "min_bid": state.min_bid or None, "auction": None}
    if not state.auction_card:
        return None
    secret = state.auction_hidden and seat != state.drawer
    return {"drawer": state.drawer, "cards": [None if secret else state.auction_card],
            "min_bid": state.min_bid or None,
            "auction": {"min_bid": state.min_bid or None, "high": state.high or None,
                        "high_bidder": state.high_bidder if state.high_bidder >= 0 else None,
                        "bidders": state.bidders.copy()}}


def _sale(state: PayDayModel) -> SaleView | None:
    seller, card, markup = state.sale
    if seller < 0:
        return None
    return {"seller": seller, "bargain": card, "markup": markup or None,
            "hits": [{"seat": s, "card": c} for s, c in state.hits],
            "not_today": [s for s, _ in state.chain], "against": state.chain_hit or None}


def _lottery(state: PayDayModel) -> LotteryView | None:
    if not state.lottery_pot:
        return None
    return {"pot": state.lottery_pot, "numbers": state.lottery_numbers.copy(),
            "stakes": state.lottery_stakes.copy(), "in": state.lottery_in.copy()}


def _known_pile(state: PayDayModel, seat: int | None) -> list[KnownCard]:
    """What `seat` knows of the bottom of the Bargain pile, by place from the bottom: cards it
    saw go there, and (card unseen) unsold Auction Bargains with their announced minimum."""
    known: list[KnownCard] = []
    if not state.bargain_known and not state.bargain_min:
        return known  # nothing put at the bottom of the pile yet
    mask = (1 << state.game.num_players) - 1
    for i, card in enumerate(state.bargain_deck):
        who = state.bargain_known.get(card, 0)
        seen = who == mask if seat is None else bool(who & (1 << seat))
        if seen:
            known.append({"from_bottom": i, "card": card, "min_bid": None})
        elif card in state.bargain_min:
            known.append({"from_bottom": i, "card": None, "min_bid": state.bargain_min[card]})
    return known


#: Seed 002 "The End Of The Game": the rule for the winner (it names no tie-break).
MOST_CASH = "The player with the most cash wins!"


def score_sheet(state: PayDayModel) -> ScoreSheet:
    """Each seat's cash and, unless option `loans_at_end=ignore`, its loans to repay (seed 002
    "The End Of The Game": "they count up their cash"); equal totals share the win."""
    n = state.game.num_players
    columns = [column("cash", "Cash", "$")]
    if state.game.loans_count:
        columns.append(column("loans", "Loans to repay", "$"))
        rows = [[state.cash[s], -state.loan[s]] for s in range(n)]
    else:
        rows = [[state.cash[s]] for s in range(n)]
    totals = [sum(row) for row in rows]
    best = max(totals)
    winners = [s for s in range(n) if totals[s] == best]
    ties = [] if len(winners) == 1 else [
        f"{seats_words(winners).capitalize()} tied on ${best:,} and share the win: the "
        f"rulebook names no tie-break (\"{MOST_CASH}\")"]
    notes = [] if state.game.loans_count else [
        "Loans are not subtracted (option loans_at_end=ignore)."]
    return sheet("Final scores", final=True, columns=columns,
                 total={"label": "Money", "unit": "$"}, parts=rows, winners=winners,
                 tie_breaks=ties, notes=notes)
