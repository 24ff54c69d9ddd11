"""What a Pay Dirt seat held in a game, for the balance report (`DESCRIPTION.parts`): the
specialists and upgrades each seat ever held, and the event cards it kept in the draft."""

from __future__ import annotations

from motherlode.engine import Game, View

from .box import PayDirtBox
from .log import Bought, EventResolved, TookLeftover, UpgradeBought
from .schema import is_paydirt_view

# The events that put a card in front of a seat: the field naming the card, and the card's
# kind in the report (None: an auction tile, a card only when it is a specialist).
GAINS: dict[str, tuple[str, str | None]] = {
    Bought.kind: ("item", None),
    TookLeftover.kind: ("item", None),
    UpgradeBought.kind: ("upgrade", "upgrade"),
    EventResolved.kind: ("event", "event"),
}


def seat_parts(game: Game, view: View) -> list[list[str]]:
    """The specialists and upgrades each seat ever held — those on its board at the end, and
    those it won at auction or took with Morgan Grift (`bought`, `took-leftover`), or bought
    (`upgrade-bought`), so a card that left the board (Dirty Mike & The Boys unpaid, an
    upgrade replaced, a specialist fired by Employee Feud) still counts for the seat that paid
    for it — and the events each seat kept in the draft (`event-resolved`, one per card
    resolved for its seat; instant events included, and a Remy Roulette swap counts the card
    finally resolved)."""
    if not is_paydirt_view(view):
        raise ValueError(f"not a Pay Dirt view: {view['game']}")
    specialists = game.specialist_by_id if isinstance(game, PayDirtBox) else {}
    held: list[list[str]] = []
    for board in view["boards"]:
        cards = [f"specialist:{s}" for s in board["specialists"]]
        cards += [f"upgrade:{u}" for u in board["upgrades"].values()]
        held.append(cards)
    for event in view["log"]:
        gain = GAINS.get(str(event["kind"]))
        seat = event.get("seat")
        if gain is None or not isinstance(seat, int) or not 0 <= seat < len(held):
            continue
        field, card_kind = gain
        card = event.get(field)
        if not isinstance(card, str):
            continue
        if card_kind is None:  # an auction tile: only specialists are cards of the report
            if card in specialists:
                held[seat].append(f"specialist:{card}")
        else:
            held[seat].append(f"{card_kind}:{card}")
    return [sorted(set(cards)) for cards in held]
