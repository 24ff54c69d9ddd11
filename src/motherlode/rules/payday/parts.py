"""What a Pay Day seat held in a game, for the balance report (`DESCRIPTION.parts`): every
card, read from the log, since the final PAY DAY discards them all."""

from __future__ import annotations

from motherlode.engine import Game, View

from .log import Bought, EventDrawn, FreeBargain, MailBought, MailDrawn, Won, YardSale

# The events that put a card in front of a seat, and what kind of card.
GAINS = {FreeBargain.kind: "bargain", Bought.kind: "bargain", Won.kind: "bargain",
         YardSale.kind: "bargain", MailBought.kind: "mail", EventDrawn.kind: "event"}


def seat_parts(game: Game, view: View) -> list[list[str]]:
    """Every card each seat held during the game: Bargains dealt, bought, won or taken at the
    Yard Sale, Insurance and Markups bought, Event cards drawn, and Bills received
    (`bill:<id>`, from the Mail drawn)."""
    held: list[list[str]] = [[] for _ in range(view["players"])]
    for event in view["log"]:
        kind, seat, card = str(event["kind"]), event.get("seat"), event.get("card")
        if not isinstance(seat, int) or not 0 <= seat < len(held) or not isinstance(card, str):
            continue
        if kind in GAINS:
            held[seat].append(f"{GAINS[kind]}:{card}")
        elif kind == MailDrawn.kind and card.startswith("bill"):
            held[seat].append(f"bill:{card}")
    return [sorted(set(cards)) for cards in held]
