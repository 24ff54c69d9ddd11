"""What each card is and does, in words made from its data (for views and the terminal)."""

from __future__ import annotations

from .components import Bargain, Bill, Components, Event, Insurance, Markup


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
        "extra_move": f"on your turn, before rolling: move up to {card.amount} more spaces",
        "buyer": "on your turn: sell one of your Bargains, as on a Buyer space",
        "bargain": "on your turn: draw a Bargain, as on a Bargain space",
    }[card.effect]
    return f"Event {card.name}: {what}."


def glossary(components: Components) -> dict[str, str]:
    """Every card id with what it is."""
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
    return entries
