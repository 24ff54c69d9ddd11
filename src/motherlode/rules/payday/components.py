"""Pay Day's components: the rule numbers, the PAY DAY die, the 31-day board and the Bargain,
Mail and Event decks, read from the TOML files in `data/` and validated.

Seed 002 (the modern Pay Day rulebook, cited by its headings) fixes the money, the counts (35
Bargain, 34 Mail, 31 Event cards) and the space kinds; shared/reference/payday-and-digitup.md
says what no public source gives: the day-by-day board, every card's numbers and the die's face
counts. Those are designed, each entry with its `reason`. A user with the physical game corrects
them by pointing `load_components` at a copied folder.

Event effects (`Event.effect`), the whole vocabulary; `amount` in dollars unless said:

- market_hit (amount): lowers the resale of a Bargain another player is selling, never below
  $0; several may be played against one sale (seed "Notes About Event Cards").
- not_today (no amount): cancels one Event card as it is played, or every Market Hit played
  against one sale (seed "Notes About Event Cards").
- collect_bank (amount): the player takes the amount from the bank.
- collect_each (amount): every other player pays the player the amount, borrowing if short
  (seed "Event": "pay the bank or another player ... take out a loan").
- extra_move (amount in spaces, 1-3): on the holder's own turn, after the roll, move up to that
  many spaces more than the roll (like the PAY DAY die's +3).
- buyer (no amount): sell one Bargain as on a Buyer space.
- bargain (no amount): draw a Bargain as on a Bargain space.

Seed "Event": "You may play these at any time, on any player's turn"; the windows where each
is offered (where it can change the outcome) are in `events.py` and docs/games/payday.md.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from motherlode.engine import DataError
from motherlode.engine.data import Entry, check_unique, entries, reader, rule_values

PACKAGE = "motherlode.rules.payday.data"
FILES = ("rules.toml", "board.toml", "bargains.toml", "mail.toml", "events.toml")

# ---- what the data may say ----------------------------------------------------------------

# seed "Pay Day Die": each face of the PAY DAY die (its id in the data) and its label for people
DIE_FACES = {"buyer": "Buyer", "bargain": "Bargain", "plus_three": "+3", "reroll": "Reroll"}
DIE_SIDES = 6
WEEKDAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
# seed "The Board Spaces": each kind of space (its id in the data) and its label for people
SPACE_LABELS = {
    "start": "START", "bargain": "Bargain", "buyer": "Buyer", "mail": "Mail", "event": "Event",
    "lottery": "Lottery", "happy_birthday": "Happy Birthday", "yard_sale": "Yard Sale",
    "daylight_savings": "Daylight Savings", "pay_day": "PAY DAY",
}
SPACE_KINDS = tuple(SPACE_LABELS)
DAY_KINDS = SPACE_KINDS[1:-1]  # what a day 1..31 may be
DAYS = 31
MAX_MAIL_DRAW = 3
BARGAIN_KINDS = ("plain", "auction")  # seed "Bargain": plain old Bargains and Auction Bargains
MAIL_KINDS = ("bill", "insurance", "markup")  # seed "Mail": Bills, Insurance, Markups
BILL_TYPES = ("car", "home", "medical", "utility")  # designed (mail.toml)
EFFECTS = ("market_hit", "not_today", "collect_bank", "collect_each", "extra_move", "buyer",
           "bargain")
AMOUNT_EFFECTS = ("market_hit", "collect_bank", "collect_each", "extra_move")
MAX_EXTRA_MOVE = 3
MAX_MONEY = 10_000
MONEY_STEP = 10  # every dollar figure is a multiple of the $10 bid step

# Counts the seed fixes ("Contents"), checked when the data is loaded.
BARGAIN_CARDS = 35
MAIL_CARDS = 34
EVENT_CARDS = 31


@dataclass(frozen=True, slots=True)
class DieFace:
    """A face of the PAY DAY die and on how many of its six sides it is."""

    face: str  # one of DIE_FACES
    count: int


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule numbers (rules.toml), dollars unless said."""

    min_players: int
    max_players: int
    start_money: int
    start_bills: tuple[int, ...]  # the bills making up start_money
    jackpot_seed: int
    jackpot_roll: int  # the numbered die's face that takes the Jackpot
    payday_die_cost: int
    salary: int
    interest_percent: int
    loan_step: int
    bid_step: int
    max_bid: int  # designed: the highest bid allowed, so that every auction ends
    lottery_prize: int
    lottery_stake: int
    birthday_gift: int
    yard_sale_per_pip: int
    months: int  # the default number of months
    min_months: int
    max_months: int
    die_faces: tuple[DieFace, ...]  # in DIE_FACES order

    def die(self) -> tuple[str, ...]:
        """The PAY DAY die's six sides, one face name each."""
        return tuple(f.face for f in self.die_faces for _ in range(f.count))


@dataclass(frozen=True, slots=True)
class Space:
    """A space of the board: START (day 0), days 1..31, PAY DAY (day 32)."""

    day: int
    kind: str  # one of SPACE_KINDS
    weekday: str  # "" for PAY DAY, which is no day of the month
    mail: int  # Mail cards drawn (mail spaces only), else 0


@dataclass(frozen=True, slots=True)
class Bargain:
    """A Bargain card: bought at `cost`, sold at a Buyer for `resale` (plus a Markup)."""

    id: str
    name: str
    kind: str  # "plain" | "auction"
    cost: int
    resale: int
    min_bid: int  # auction cards only, else 0

    @property
    def margin(self) -> int:
        """What selling it without a Markup gains over its cost."""
        return self.resale - self.cost


@dataclass(frozen=True, slots=True)
class Bill:
    """A Mail bill, kept until PAY DAY and paid then unless insured."""

    id: str
    type: str  # one of BILL_TYPES
    amount: int


@dataclass(frozen=True, slots=True)
class Insurance:
    """A Mail insurance card: bought at `cost`, cancels every bill of its `type` at PAY DAY."""

    id: str
    type: str
    cost: int


@dataclass(frozen=True, slots=True)
class Markup:
    """A Mail markup: bought at `cost`, adds `value` to one Bargain's resale."""

    id: str
    cost: int
    value: int


MailCard = Bill | Insurance | Markup


@dataclass(frozen=True, slots=True)
class Event:
    """An Event card, kept and played where it can matter (the windows: `events.py`)."""

    id: str
    name: str
    effect: str  # one of EFFECTS
    amount: int  # dollars or spaces (AMOUNT_EFFECTS), else 0


@dataclass(frozen=True, slots=True)
class Components:
    """Everything in the box: rules, board and the three decks (one entry per card)."""

    rules: Rules
    board: tuple[Space, ...]  # START, days 1..31, PAY DAY: index = day
    bargains: tuple[Bargain, ...]
    bills: tuple[Bill, ...]
    insurance: tuple[Insurance, ...]
    markups: tuple[Markup, ...]
    events: tuple[Event, ...]

    def mail(self) -> tuple[MailCard, ...]:
        """The Mail deck: bills, insurance, markups."""
        return (*self.bills, *self.insurance, *self.markups)


# ---- reading ------------------------------------------------------------------------------

def _money(entry: Entry, field: str, low: int = 0, high: int = MAX_MONEY) -> int:
    value = entry.integer(field, low, high)
    if value % MONEY_STEP:
        raise DataError(f"{entry.where}: field {field!r} must be a multiple of ${MONEY_STEP}")
    return value


def _count(where: str, what: str, found: int, wanted: int) -> None:
    if found != wanted:
        raise DataError(f"{where}: there must be {wanted} {what}, found {found}")


def _no_field(entry: Entry, field: str, why: str) -> None:
    if field in entry.table:
        raise DataError(f"{entry.where}: field {field!r}: {why}")


# Each rule, its allowed range, and for a list its length (None: a single integer).
RULE_RANGES: dict[str, tuple[int, int, int | None]] = {
    "min_players": (2, 2, None),
    "max_players": (4, 4, None),
    "start_money": (0, MAX_MONEY, None),
    "start_bills": (1, 1000, 5),
    "jackpot_seed": (0, MAX_MONEY, None),
    "jackpot_roll": (1, 6, None),
    "payday_die_cost": (0, 1000, None),
    "salary": (0, MAX_MONEY, None),
    "interest_percent": (0, 100, None),
    "loan_step": (1000, 1000, None),  # the action `repay 1000` names it
    "bid_step": (1, 100, None),
    "max_bid": (100, MAX_MONEY, None),
    "lottery_prize": (0, MAX_MONEY, None),
    "lottery_stake": (10, 1000, None),
    "birthday_gift": (0, 1000, None),
    "yard_sale_per_pip": (0, 1000, None),
    "months": (1, 12, None),
    "min_months": (1, 12, None),
    "max_months": (1, 12, None),
}

#: The rules the data states for people that no rule of the game reads, each with why; every
#: other rule, corrected in a data folder, changes the games played (tests/payday_rules/
#: test_data_is_the_truth.py), and these are checked to agree with the code.
DOCUMENTARY = {
    "min_players": "the box's player count; the game's class declares it (PayDay.min_players)",
    "max_players": "the box's player count; the game's class declares it (PayDay.max_players)",
    "start_bills": "the banker's bills making up start_money: the game counts dollars, not bills",
    "months": "the `months` option's default: an option's default is fixed with the game's "
              "class, before a data folder is read",
}
#: Fields of every entry that say where its numbers come from (engine/data.py): for people.
PROVENANCE = ("source", "section", "reason")


def _rules(where: str, document: dict[str, Any]) -> Rules:
    values = rule_values(where, document, RULE_RANGES, tables=("die_face",))
    if sum(values["start_bills"]) != values["start_money"]:
        raise DataError(f"{where} [start_bills]: field 'value' must add up to start_money "
                        f"${values['start_money']}, found ${sum(values['start_bills'])}")
    if not values["min_months"] <= values["months"] <= values["max_months"]:
        raise DataError(f"{where} [months]: field 'value' must lie in min_months.."
                        f"max_months ({values['min_months']}..{values['max_months']})")
    faces = []
    for entry in entries(where, document, "die_face"):
        entry.text("section")
        faces.append(DieFace(entry.choice("face", tuple(DIE_FACES)), entry.integer("count", 1, 6)))
    found = [f.face for f in faces]
    if found != list(DIE_FACES):
        raise DataError(f"{where}: [[die_face]] must give each face once in order "
                        f"{', '.join(DIE_FACES)}, found {', '.join(found)}")
    _count(where, "PAY DAY die sides", sum(f.count for f in faces), DIE_SIDES)
    return Rules(**values, die_faces=tuple(faces))


def _space(entry: Entry, day: int) -> Space:
    entry.text("section")
    found = entry.integer("day", 0, DAYS + 1)
    if found != day:
        raise DataError(f"{entry.where}: field 'day' must be {day} (START 0, days 1..{DAYS} "
                        f"in order, PAY DAY {DAYS + 1}), found {found}")
    if day == 0:
        kinds: tuple[str, ...] = ("start",)
    elif day == DAYS + 1:
        kinds = ("pay_day",)
    else:
        kinds = DAY_KINDS
    kind = entry.choice("kind", kinds)
    if kind == "pay_day":
        _no_field(entry, "weekday", "PAY DAY is no day of the month")
        weekday = ""
    else:
        weekday = entry.choice("weekday", WEEKDAYS)
    if kind == "mail":
        mail = entry.integer("mail", 1, MAX_MAIL_DRAW)
    else:
        _no_field(entry, "mail", "only a Mail space shows a number of cards")
        mail = 0
    return Space(day, kind, weekday, mail)


def _board(where: str, document: dict[str, Any]) -> tuple[Space, ...]:
    rows = entries(where, document, "space")
    _count(where, "spaces (START, 31 days, PAY DAY)", len(rows), DAYS + 2)
    board = tuple(_space(entry, day) for day, entry in enumerate(rows))
    start = WEEKDAYS.index(board[0].weekday)
    for space, entry in zip(board[1:-1], rows[1:-1], strict=True):
        wanted = WEEKDAYS[(start + space.day) % 7]
        if space.weekday != wanted:
            raise DataError(f"{entry.where}: field 'weekday' must be {wanted} (the day after "
                            f"the one before), found {space.weekday}")
    return board


def _bargain(entry: Entry) -> Bargain:
    entry.text("section")
    kind = entry.choice("kind", BARGAIN_KINDS)
    cost = _money(entry, "cost", MONEY_STEP)
    if kind == "auction":
        min_bid = _money(entry, "min_bid", MONEY_STEP)
    else:
        _no_field(entry, "min_bid", "only an Auction Bargain shows a minimum bid (a plain one "
                  "put up for auction starts at its cost)")
        min_bid = 0
    return Bargain(entry.text("id"), entry.text("name"), kind, cost, _money(entry, "resale"),
                   min_bid)


def _mail(entry: Entry) -> MailCard:
    entry.text("section")
    kind = entry.choice("kind", MAIL_KINDS)
    card_id = entry.text("id")
    if kind == "bill":
        return Bill(card_id, entry.choice("type", BILL_TYPES), _money(entry, "amount", 1))
    if kind == "insurance":
        return Insurance(card_id, entry.choice("type", BILL_TYPES), _money(entry, "cost", 1))
    _no_field(entry, "type", "a markup raises any Bargain's resale and has no type")
    return Markup(card_id, _money(entry, "cost"), _money(entry, "value", 1))


def _event(entry: Entry) -> Event:
    entry.text("section")
    effect = entry.choice("effect", EFFECTS)
    if effect == "extra_move":
        amount = entry.integer("amount", 1, MAX_EXTRA_MOVE)
    elif effect in AMOUNT_EFFECTS:
        amount = _money(entry, "amount", MONEY_STEP)
    else:
        _no_field(entry, "amount", f"a {effect} card has no amount; only "
                  f"{', '.join(AMOUNT_EFFECTS)} have one")
        amount = 0
    return Event(entry.text("id"), entry.text("name"), effect, amount)


def load_components(data_dir: str | Path | None = None) -> Components:
    """Read and check the data files (from `data_dir` when given, else the package's)."""

    doc = reader(PACKAGE, data_dir)
    where, rules_doc = doc("rules.toml")
    rules = _rules(where, rules_doc)

    where, board_doc = doc("board.toml")
    board = _board(where, board_doc)

    where, bargains_doc = doc("bargains.toml")
    bargains = tuple(_bargain(e) for e in entries(where, bargains_doc, "bargain"))
    check_unique(where, "id", [b.id for b in bargains])
    _count(where, "Bargain cards", len(bargains), BARGAIN_CARDS)

    where, mail_doc = doc("mail.toml")
    mail = [_mail(e) for e in entries(where, mail_doc, "mail")]
    check_unique(where, "id", [m.id for m in mail])
    _count(where, "Mail cards", len(mail), MAIL_CARDS)
    bills = tuple(m for m in mail if isinstance(m, Bill))
    insurance = tuple(m for m in mail if isinstance(m, Insurance))
    markups = tuple(m for m in mail if isinstance(m, Markup))
    for kind, cards in (("bill", bills), ("insurance", insurance), ("markup", markups)):
        if not cards:
            raise DataError(f"{where}: there must be at least one {kind} card")
    bill_types = {b.type for b in bills}
    for card in insurance:
        if card.type not in bill_types:
            raise DataError(f"{where} mail[{mail.index(card)}]: field 'type': insurance "
                            f"{card.type!r} covers no bill; bill types: "
                            f"{', '.join(sorted(bill_types))}")

    where, events_doc = doc("events.toml")
    events = tuple(_event(e) for e in entries(where, events_doc, "event"))
    check_unique(where, "id", [e.id for e in events])
    _count(where, "Event cards", len(events), EVENT_CARDS)
    effects = Counter(e.effect for e in events)
    for effect in ("market_hit", "not_today"):  # seed "Notes About Event Cards"
        if not effects[effect]:
            raise DataError(f"{where}: there must be at least one {effect} card")

    return Components(rules, board, bargains, bills, insurance, markups, events)
