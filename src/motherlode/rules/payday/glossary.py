"""What each card is and does, in words made from its data (for views and the terminal)."""

from __future__ import annotations

from .components import (
    SPACE_LABELS,
    Bargain,
    Bill,
    Components,
    Event,
    Insurance,
    MailCard,
    Markup,
    Rules,
    Space,
)
from .schema import CardView, SpaceView


def describe_bargain(card: Bargain) -> str:
    text = f"Bargain {card.name}: costs ${card.cost:,}, resale ${card.resale:,}"
    if card.kind == "auction":
        text += f"; Auction Bargain, minimum bid ${card.min_bid:,}"
    return text + "."


def describe_event(card: Event) -> str:
    what = {
        "market_hit": f"lowers the resale of a Bargain another player is selling by "
                      f"${card.amount:,} (never below $0)",
        "not_today": "cancels an Event card another player plays, or every Market Hit "
                     "played against your sale",
        "collect_bank": f"collect ${card.amount:,} from the bank",
        "collect_each": f"every other player pays you ${card.amount:,}",
        "extra_move": f"on your turn, after the roll: move up to {card.amount} more spaces",
        "buyer": "sell one of your Bargains, as on a Buyer space (at the start of your turn, "
                 "or when you owe more than your cash or are short of a Lottery stake)",
        "bargain": "at the start of your turn: draw a Bargain, as on a Bargain space",
    }[card.effect]
    return f"Event {card.name}: {what}."


def space_glossary(components: Components) -> dict[str, str]:
    """Every kind of space by its id (`happy_birthday`) and as the calendar prints it
    (`Mail 2`), with what it does (seed 002 "The Board Spaces")."""
    rules = components.rules
    entries = {kind: _space_text(kind, rules) for kind in
               dict.fromkeys(space.kind for space in components.board)}
    for count in sorted({space.mail for space in components.board if space.kind == "mail"}):
        entries[f"Mail {count}"] = f"Mail space: draw {count} Mail card{'s' * (count > 1)}. " \
            + entries["mail"]
    entries["Jackpot"] = (f"Jackpot: every $100 paid to roll both dice goes onto it (it starts "
                          f"at ${rules.jackpot_seed:,}); a player who rolls a "
                          f"{rules.jackpot_roll} at the beginning of a turn takes it all.")
    entries["PAY DAY die"] = (f"PAY DAY die: pay ${rules.payday_die_cost} into the Jackpot to "
                              "roll it with the numbered die: Buyer (sell a Bargain), Bargain "
                              "(draw one), +3 (move up to 3 more), Reroll (roll again).")
    entries["loan"] = (f"Loan: taken in ${rules.loan_step:,} steps when you must pay more "
                       f"than your cash (never for the Lottery); at each PAY DAY you pay "
                       f"{rules.interest_percent}% of it; money at the end is cash minus loans.")
    return entries


def _space_text(kind: str, rules: Rules) -> str:
    """What a space of `kind` does, with the rule numbers of the data."""
    salary = f"${rules.salary:,}"
    return {
        "start": f"START: each month begins here. At Daylight Savings a player on START stays "
                 f"there and receives the {salary} PAY DAY again.",
        "bargain": "Bargain space: draw a Bargain card. Buy a plain one at its cost or put it up "
                   "for auction; an Auction Bargain: bid at least its minimum, or announce it.",
        "buyer": "Buyer space: sell one of your Bargains to the bank at its resale price (plus "
                 "one Markup).",
        "mail": "Mail: Bills are paid at PAY DAY; Insurance and Markups may be bought or "
                "discarded.",
        "event": "Event space: take the top Event card. Play it when it can matter: the start "
                 "of your turn, after your roll (an extra move), or when you owe more than "
                 "your cash.",
        "lottery": f"Lottery: each player may put in ${rules.lottery_stake} (no loan) and pick "
                   f"a number 1-6; the bank adds ${rules.lottery_prize:,}; the die's number "
                   "takes the pot, else those in may double down.",
        "happy_birthday": f"Happy Birthday!: each other player gives you "
                          f"${rules.birthday_gift} as a birthday gift.",
        "yard_sale": f"Yard Sale: roll the die, pay ${rules.yard_sale_per_pip} times the roll "
                     "and take the face-down Bargain under the space.",
        "daylight_savings": "Daylight Savings: every player moves back one space and resolves "
                            "it, in turn order from you; a player on START receives the "
                            f"{salary} again.",
        "pay_day": f"PAY DAY: stop here. Collect {salary}, pay your bills (insured ones are "
                   f"discarded) and {rules.interest_percent}% of your loan, repay if you wish, "
                   "back to START; after the last month, off the board.",
    }[kind]


def glossary(components: Components) -> dict[str, str]:
    """Every card id with what it is, then every space (`space_glossary`)."""
    entries = {card.id: describe_bargain(card) for card in components.bargains}
    for mail in components.mail():
        if isinstance(mail, Bill):
            entries[mail.id] = f"Bill ({mail.type}): ${mail.amount:,}, paid at PAY DAY."
        elif isinstance(mail, Insurance):
            entries[mail.id] = (f"Insurance ({mail.type}): costs ${mail.cost:,}; cancels every "
                                f"{mail.type} bill at PAY DAY for the rest of the game.")
        elif isinstance(mail, Markup):
            entries[mail.id] = (f"Markup: costs ${mail.cost:,}; adds ${mail.value:,} to one "
                                f"Bargain's resale.")
    entries.update({card.id: describe_event(card) for card in components.events})
    entries.update(_event_names(components.events))
    entries.update(space_glossary(components))
    return entries


def _event_names(events: tuple[Event, ...]) -> dict[str, str]:
    """Each Event card's printed name (`Bonus at Work`, `Market Hit`) with what it does; a name
    on cards of several amounts gives them all (`by $50, $100, $150 or $200`)."""
    cards: dict[str, list[Event]] = {}
    for card in events:
        cards.setdefault(card.name, []).append(card)
    out = {}
    for name, same in cards.items():
        amounts = sorted({card.amount for card in same})
        text = describe_event(same[0])
        if len(amounts) > 1:
            words = [f"${amount:,}" for amount in amounts]
            text = text.replace(f"${same[0].amount:,}", ", ".join(words[:-1]) + " or " + words[-1])
        out[name] = text
    return out


# --- short words for the log and the views ---------------------------------------------------

def event_label(card: Event) -> str:
    """An Event card's name with its amount: `Market Hit $200`, `Road Trip +3`, `Not Today!`."""
    if card.effect == "extra_move":
        return f"{card.name} +{card.amount}"
    if card.amount:
        return f"{card.name} ${card.amount:,}"
    return card.name


def mail_words(card: MailCard) -> str:
    """A Mail card in a few words: `a car bill of $300`, `car insurance for $150`, `a Markup
    +$200 for $100`."""
    if isinstance(card, Bill):
        return f"a {card.type} bill of ${card.amount:,}"
    if isinstance(card, Insurance):
        return f"{card.type} insurance for ${card.cost:,}"
    return f"a Markup +${card.value:,} for ${card.cost:,}"


def mail_label(card: MailCard) -> str:
    """A Mail card's short name: `car bill $300`, `car insurance`, `Markup +$200`."""
    if isinstance(card, Bill):
        return f"{card.type} bill ${card.amount:,}"
    if isinstance(card, Insurance):
        return f"{card.type} insurance"
    return f"Markup +${card.value:,}"


def space_label(space: Space) -> str:
    """A space's short label: `Mail 2`, `Buyer`, `PAY DAY`."""
    label = SPACE_LABELS.get(space.kind, space.kind)
    return f"{label} {space.mail}" if space.kind == "mail" else label


def day_words(space: Space) -> str:
    """Where a token stands, in words: `day 12 (Buyer)`, `START`, `PAY DAY`."""
    if space.kind in ("start", "pay_day"):
        return space_label(space)
    return f"day {space.day} ({space_label(space)})"


def card_views(components: Components) -> dict[str, CardView]:
    """Every card of the box as a view shows it (`schema.CardView`)."""
    text = glossary(components)
    out: dict[str, CardView] = {}
    for b in components.bargains:
        out[b.id] = _card(b.name, b.name, "bargain", b.kind, text[b.id], cost=b.cost,
                          resale=b.resale, min_bid=b.min_bid)
    for m in components.mail():
        if isinstance(m, Bill):
            out[m.id] = _card(f"{m.type} bill", mail_label(m), "mail", "bill", text[m.id],
                              amount=m.amount, type=m.type)
        elif isinstance(m, Insurance):
            out[m.id] = _card(f"{m.type} insurance", mail_label(m), "mail", "insurance",
                              text[m.id], cost=m.cost, type=m.type)
        else:
            out[m.id] = _card("Markup", mail_label(m), "mail", "markup", text[m.id],
                              cost=m.cost, value=m.value)
    for e in components.events:
        out[e.id] = _card(e.name, event_label(e), "event", e.effect, text[e.id],
                          amount=e.amount)
    return out


def _card(name: str, label: str, deck: str, kind: str, text: str, *, cost: int = 0,
          resale: int = 0, min_bid: int = 0, amount: int = 0, value: int = 0,
          type: str = "") -> CardView:
    return {"name": name, "label": label, "deck": deck, "kind": kind, "text": text,
            "cost": cost, "resale": resale, "min_bid": min_bid, "amount": amount,
            "value": value, "type": type}


def space_views(board: tuple[Space, ...]) -> list[SpaceView]:
    """The board as a view shows it (`schema.SpaceView`)."""
    return [{"day": s.day, "kind": s.kind, "label": space_label(s), "weekday": s.weekday,
             "mail": s.mail} for s in board]
