"""A Pay Day position, declared once: money, loans, tokens, cards, the decks, the turn so far,
the Bargain, sale, Event card and Lottery being dealt with, and whose decision it is.

Seed 002. Each field says how it is copied and saved (`engine/position.py`): `clone`, the
truth (`truth.py`) and `replace` are made from these lines, so a field is added here and
nowhere else (its first value in `state.py`'s set-up). Cards are held by their id. The rule
modules take a `PayDayModel` (never the state facade, `state.py`), so the package's modules
import each other without a cycle.

The saved keys are those of the truth the digests were first taken of: `event_cards` is saved
as "events"; the Lottery's five fields as one list, "lottery"; `chain` and `chain_hit` only
while a Not Today! chain is open. The turn's "rolled" is no field (it is `roll != 0`, the
numbered die is 1-6), nor "done" (`finished`: the seat's months are all played): `truth.py`
writes their keys.
"""

from __future__ import annotations

from typing import Any

from motherlode.engine.position import Position, enum, field, items, rows, tuples, value

from .box import PayDayBox
from .phase import Phase


def pairs() -> Any:
    """A dict of card id -> int, saved as its sorted (id, int) pairs."""
    return field("{}.copy()", "sorted({}.items())", "dict({})")


def record() -> Any:
    """A tuple of immutable values (seat, card ...): shared by copies, saved as a list."""
    return field("{}", "list({})", "tuple({})")


LOTTERY = ("[self.lottery_pot, self.lottery_numbers, self.lottery_stakes, self.lottery_in, "
           "self.lottery_queue]")


def lottery(part: int, copy: str = "{}.copy()", load: str = "list({})") -> Any:
    """One of the Lottery's five fields: each saves the whole list under the key "lottery"
    (the saved form the digests were taken of) and reads back its `part` of it."""
    return field(copy, LOTTERY, load.format(f"{{}}[{part}]"), key="lottery")


class PayDayModel(Position):
    """Everything on the table; `todo` is the work still to do this turn (a stack)."""

    game: PayDayBox
    # each seat's
    cash: list[int] = items()
    loan: list[int] = items()
    pos: list[int] = items()  # 0 START, 1..31 the days, 32 PAY DAY
    month: list[int] = items()  # months finished
    ds_used: list[int] = items()  # Daylight Savings set off this month (`spaces.py`)
    bargains: list[list[str]] = rows()
    markups: list[list[str]] = rows()
    insurance: list[list[str]] = rows()
    bills: list[list[str]] = rows()
    event_cards: list[list[str]] = rows(key="events")
    # the table's
    jackpot: int = value()
    # decks: the top card last; bargain_known: cards put at the bottom, and who knows them
    bargain_deck: list[str] = items()
    mail_deck: list[str] = items()
    event_deck: list[str] = items()
    bargain_known: dict[str, int] = pairs()  # card -> mask of the seats that know it
    bargain_min: dict[str, int] = pairs()  # unsold Auction Bargains' announced minimums
    bargain_discard: list[str] = items()
    mail_discard: list[str] = items()
    event_discard: list[str] = items()
    yard_sale: str = value()  # seed "Set It Up!": unseen, under the Yard Sale space
    # the turn
    player: int = value()  # whose turn it is
    decider: int = value()  # whose decision it is
    phase: Phase = enum(Phase)
    todo: list[tuple[int, ...]] = tuples()
    roll: int = value()  # the numbered die, 0 until rolled this turn
    face: str = value()  # the PAY DAY die's face, "" if not rolled
    extra: int = value()  # steps the player may add to the roll (+3, an extra move)
    extra_played: bool = value()  # an extra-move Event card took effect this turn
    die_todo: str = value()  # the PAY DAY die's Buyer or Bargain still to do
    # a Bargain being dealt with
    drawn: list[str] = items()
    drawer: int = value()
    auction_card: str = value()
    auction_hidden: bool = value()
    min_bid: int = value()
    high: int = value()
    high_bidder: int = value()
    bidders: list[int] = items()
    # a sale, an Event card played, Mail, a payment short of cash
    sale: tuple[int, str, str] = record()  # seller, bargain, markup
    hits: list[tuple[int, str]] = tuples()
    queue: list[int] = items()  # the seats still to ask in a window
    played: tuple[int, str] = record()
    # the Not Today! cards answering it, in order; in a sale: the Market Hit the chain's first
    # card cancels ("": all). Saved only while set, so positions without one keep their digests
    chain: list[tuple[int, str]] = tuples(only_when_set=True, default="[]")
    chain_hit: str = value(only_when_set=True, default='""')
    mail_pending: list[str] = items()
    owing: tuple[int, int] = record()  # the seat short of cash for a payment, and the amount
    # the Lottery
    lottery_pot: int = lottery(0, copy="{}", load="int({})")
    lottery_numbers: list[int] = lottery(1)
    lottery_stakes: list[int] = lottery(2)
    lottery_in: list[int] = lottery(3)
    lottery_queue: list[int] = lottery(4)  # the seats still to ask in the Lottery

    def finished(self, seat: int) -> bool:
        """Whether `seat` has played its last month: its token is off the board."""
        return self.month[seat] >= self.game.months

    def others_from(self, seat: int) -> list[int]:
        """The other seats still playing, in turn order from `seat`'s left."""
        month, months = self.month, self.game.months
        n = len(month)
        return [s % n for s in range(seat + 1, seat + n) if month[s % n] < months]
