"""Pay Day's component data: the seed's numbers, the counts it fixes, the designed board and
decks with their reasons and economy, and clear errors for a bad data file.

Seed 002 "Contents", "Set It Up!", "On your turn", "The Board Spaces", "Bargain", "Mail",
"Event", "Notes About Event Cards", "Lottery", "Happy Birthday!", "Yard Sale", "Jackpot",
"PAY DAY!", "Pay Day Die", "Loans"; shared/reference/payday-and-digitup.md "Pay Day".
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import data_edits
import pytest

import motherlode
from motherlode.rules.payday import components as data
from motherlode.rules.payday.components import Components, load_components

DATA = Path(data.__file__).parent / "data"


@pytest.fixture(scope="module")
def parts() -> Components:
    return load_components()


# ---- the seed's numbers ----------------------------------------------------------------------

def test_set_up_money(parts: Components) -> None:
    """Seed "Set It Up!": $800 each (two $50, two $100, one $500); $1,000 on the Jackpot;
    "Contents": 2-4 players; two months recommended."""
    r = parts.rules
    assert r.start_money == 800 and sorted(r.start_bills) == [50, 50, 100, 100, 500]
    assert sum(r.start_bills) == r.start_money
    assert r.jackpot_seed == 1000
    assert (r.min_players, r.max_players) == (2, 4)
    assert r.months == 2 and r.min_months <= 2 <= r.max_months


def test_turn_and_space_money(parts: Components) -> None:
    """Seed "On your turn" ($100 for the PAY DAY die), "Jackpot" (a 6), "Lottery" ($1,000 and
    $100 stakes), "Happy Birthday!" ($100), "Yard Sale" ($100 x roll), "Auction Bargains" ($10
    steps)."""
    r = parts.rules
    assert (r.payday_die_cost, r.jackpot_roll) == (100, 6)
    assert (r.lottery_prize, r.lottery_stake) == (1000, 100)
    assert (r.birthday_gift, r.yard_sale_per_pip, r.bid_step) == (100, 100, 10)


def test_pay_day_and_loans(parts: Components) -> None:
    """Seed "PAY DAY!": collect $800, 10% interest; "Loans": $1,000 steps; the examples $3,000
    -> $300 and $2,000 -> $200 are 10%."""
    r = parts.rules
    assert (r.salary, r.interest_percent, r.loan_step) == (800, 10, 1000)
    assert [loan * r.interest_percent // 100 for loan in (3000, 2000)] == [300, 200]


def test_pay_day_die_has_the_four_faces_on_six_sides(parts: Components) -> None:
    """Seed "Pay Day Die": Buyer, Bargain, +3, Reroll; the counts are designed (reference)."""
    die = parts.rules.die()
    assert len(die) == 6 and set(die) == {"buyer", "bargain", "plus_three", "reroll"}
    assert Counter(die) == {"buyer": 2, "bargain": 2, "plus_three": 1, "reroll": 1}


# ---- the board -------------------------------------------------------------------------------

def test_board_is_start_31_days_and_pay_day(parts: Components) -> None:
    """Reference "Board": a month of 31 days plus START and PAY DAY; START on a Sunday, the month
    ending on Wednesday the 31st. Seed "PAY DAY!": one PAY DAY, after the last day."""
    board = parts.board
    assert [s.day for s in board] == list(range(33))
    assert board[0].kind == "start" and board[0].weekday == "Sunday"
    assert board[1].weekday == "Monday" and board[31].weekday == "Wednesday"
    assert [s.kind for s in board].count("pay_day") == 1 and board[32].kind == "pay_day"
    assert all(s.kind in data.DAY_KINDS for s in board[1:32])


def test_board_holds_every_kind_the_seed_names(parts: Components) -> None:
    """Seed "The Board Spaces": Bargain, Buyer, Mail, Event, Lottery, Happy Birthday, Yard Sale,
    Daylight Savings; one Yard Sale (one bargain lies under "the Yard Sale space")."""
    kinds = Counter(s.kind for s in parts.board[1:32])
    assert set(kinds) == set(data.DAY_KINDS)
    assert kinds == {"mail": 8, "bargain": 7, "buyer": 7, "event": 4, "lottery": 2,
                     "happy_birthday": 1, "yard_sale": 1, "daylight_savings": 1}


def test_mail_spaces_show_one_to_three(parts: Components) -> None:
    """Seed "Mail": draw the number shown on the space (designed 1-3; 13 cards a month)."""
    mail = [s.mail for s in parts.board if s.kind == "mail"]
    assert all(1 <= n <= 3 for n in mail) and sum(mail) == 13
    assert all(s.mail == 0 for s in parts.board if s.kind != "mail")


def test_designed_month_ends_on_buyers(parts: Components) -> None:
    """Reference "Board": the last days are mostly Buyer spaces; designed: no Bargain in the last
    week, and Daylight Savings never steps its lander back onto itself or START."""
    last_week = [s.kind for s in parts.board[25:32]]
    assert last_week.count("buyer") == 5 and "bargain" not in last_week
    savings = next(s.day for s in parts.board if s.kind == "daylight_savings")
    assert parts.board[savings - 1].kind not in ("daylight_savings", "start")


# ---- the decks -------------------------------------------------------------------------------

def test_deck_counts(parts: Components) -> None:
    """Seed "Contents": 100 cards, 35 Bargain, 31 Event, 34 Mail."""
    assert (len(parts.bargains), len(parts.events), len(parts.mail())) == (35, 31, 34)
    assert len(parts.bargains) + len(parts.events) + len(parts.mail()) == 100
    kinds = Counter(b.kind for b in parts.bargains)
    assert kinds == {"plain": 25, "auction": 10}
    assert (len(parts.bills), len(parts.insurance), len(parts.markups)) == (20, 6, 8)


def test_bargain_economy(parts: Components) -> None:
    """Designed: margins mostly positive (mean about $153), a few losers, no negative number;
    every auction's minimum bid below its cost; plain cards affordable from the start."""
    margins = [b.margin for b in parts.bargains]
    assert sum(margins) / len(margins) > 150
    losers = [b.id for b in parts.bargains if b.margin < 0]
    assert 3 <= len(losers) <= 8
    assert sum(m > 0 for m in margins) >= 25
    assert all(b.cost > 0 and b.resale >= 0 and b.min_bid >= 0 for b in parts.bargains)
    auctions = [b for b in parts.bargains if b.kind == "auction"]
    assert all(0 < b.min_bid < b.cost for b in auctions)
    assert all(b.min_bid == 0 for b in parts.bargains if b.kind == "plain")
    assert all(b.cost < parts.rules.start_money for b in parts.bargains if b.kind == "plain")
    # No single card decides a game: the best margin is below a month's salary.
    assert max(margins) < parts.rules.salary


def test_mail_economy(parts: Components) -> None:
    """Designed: bills of four types (insurance covers three), about $450 of bills a month against
    the $800 salary; markups add more than they cost."""
    bill_types = {b.type for b in parts.bills}
    assert bill_types == set(data.BILL_TYPES)
    assert {i.type for i in parts.insurance} == {"car", "home", "medical"}
    assert Counter(b.type for b in parts.bills) == {t: 5 for t in data.BILL_TYPES}
    mean_bill = sum(b.amount for b in parts.bills) / len(parts.bills)
    mail_cards_a_month = 13 * 9 / 31  # 13 Mail cards a pass, about 9 spaces landed on
    monthly_bills = mail_cards_a_month * len(parts.bills) / len(parts.mail()) * mean_bill
    assert 300 < monthly_bills < parts.rules.salary * 0.7
    assert all(m.value > m.cost > 0 for m in parts.markups)
    assert all(i.cost > 0 for i in parts.insurance)


def test_events(parts: Components) -> None:
    """Seed "Notes About Event Cards": Market Hit and Not Today!; designed others from the
    documented vocabulary; windfalls smaller than a bargain's margin."""
    effects = Counter(e.effect for e in parts.events)
    assert effects == {"market_hit": 8, "not_today": 5, "collect_bank": 6, "collect_each": 4,
                       "extra_move": 4, "buyer": 2, "bargain": 2}
    assert all(e.name == "Market Hit" and e.amount > 0 for e in parts.events
               if e.effect == "market_hit")
    assert all(e.name == "Not Today!" and e.amount == 0 for e in parts.events
               if e.effect == "not_today")
    assert all(1 <= e.amount <= 3 for e in parts.events if e.effect == "extra_move")
    assert max(e.amount for e in parts.events if e.effect.startswith("collect")) <= 250


# ---- the files -------------------------------------------------------------------------------

def all_entries(file: str) -> list[dict[str, object]]:
    document = tomllib.loads((DATA / file).read_text(encoding="utf-8"))
    found: list[dict[str, object]] = []
    for value in document.values():
        found.extend(value if isinstance(value, list) else [value])
    return found


def test_package_data_sources_and_reasons() -> None:
    """Every data file ships with the package; every entry has a source and a section; every
    designed entry has a one-line reason; the seed's numbers are "rulebook"."""
    assert sorted(p.name for p in DATA.glob("*.toml")) == sorted(data.FILES)
    for file in data.FILES:
        for entry in all_entries(file):
            assert entry["source"] in ("rulebook", "reference", "designed"), (file, entry)
            assert isinstance(entry["section"], str) and entry["section"]
            if entry["source"] == "designed":
                reason = entry["reason"]
                assert isinstance(reason, str) and reason and "\n" not in reason
    rules = tomllib.loads((DATA / "rules.toml").read_text(encoding="utf-8"))
    assert {name for name, t in rules.items() if isinstance(t, dict)
            and t["source"] != "rulebook"} == {"min_months", "max_months", "max_bid"}
    not_designed = {f for f in data.FILES[2:]
                for e in all_entries(f) if e["source"] != "designed"}
    assert not_designed == set()  # every card's numbers are designed (reference "To design")
    pyproject = (Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"motherlode.rules" = ["*/data/*.toml"]' in pyproject  # every game's data


def copy_data(tmp_path: Path) -> Path:
    return data_edits.copy_data(DATA, tmp_path)


def test_corrected_data_folder_is_used(tmp_path: Path) -> None:
    """A user with the physical game can correct a designed number."""
    folder = copy_data(tmp_path)
    data_edits.edit(folder, "bargains.toml", "cost = 100\nresale = 200",
                    "cost = 100\nresale = 250")
    data_edits.edit(folder, "board.toml", 'day = 2\nkind = "bargain"', 'day = 2\nkind = "buyer"')
    parts = load_components(folder)
    assert parts.bargains[0].resale == 250 and parts.board[2].kind == "buyer"


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("rules.toml", "value = [50, 50, 100, 100, 500]", "value = [50, 50, 100, 100, 400]",
         r"rules.toml \[start_bills\]: field 'value' must add up to start_money \$800"),
        ("rules.toml", "value = [50, 50, 100, 100, 500]", "value = [50, 100, 100, 500]",
         r"\[start_bills\]: field 'value' must list 5 integers"),
        ("rules.toml", "value = 4\n", "value = 5\n",
         r"\[max_players\]: field 'value' must be an integer 4..4"),
        ("rules.toml", "[salary]", "[wage]", "unknown rule 'wage'; known: min_players"),
        ("rules.toml", "value = 2\nsource = \"rulebook\"\nsection = \"Set It Up!: choose",
         "value = 13\nsource = \"rulebook\"\nsection = \"Set It Up!: choose",
         r"\[months\]: field 'value' must be an integer 1..12"),
        ("rules.toml", 'face = "reroll"', 'face = "jackpot"',
         r"die_face\[3\]: field 'face' is 'jackpot'; allowed: buyer, bargain, plus_three, reroll"),
        ("rules.toml", "count = 1", "count = 2", "there must be 6 PAY DAY die sides, found 7"),
        ("board.toml", 'day = 2\nkind = "bargain"', 'day = 2\nkind = "casino"',
         r"board.toml space\[2\]: field 'kind' is 'casino'; allowed: bargain, buyer, mail"),
        ("board.toml", 'day = 2\nkind = "bargain"', 'day = 2\nkind = "pay_day"',
         r"space\[2\]: field 'kind' is 'pay_day'"),
        ("board.toml", "day = 2\n", "day = 3\n", r"space\[2\]: field 'day' must be 2"),
        ("board.toml", 'weekday = "Tuesday"', 'weekday = "Friday"',
         r"space\[2\]: field 'weekday' must be Tuesday"),
        ("board.toml", 'weekday = "Tuesday"', 'weekday = "Tues"',
         r"space\[2\]: field 'weekday' is 'Tues'; allowed: Sunday"),
        ("board.toml", "mail = 1", "mail = 4", r"space\[1\]: field 'mail' must be an integer 1..3"),
        ("board.toml", 'kind = "bargain"\nweekday = "Tuesday"',
         'kind = "bargain"\nweekday = "Tuesday"\nmail = 1',
         r"space\[2\]: field 'mail': only a Mail space"),
        ("board.toml", "[[space]]\nday = 32", "[[space]]\nday = 33",
         r"space\[32\]: field 'day' must be an integer 0..32"),
        ("board.toml", '\nreason = "one Yard Sale', '\nwhy = "one Yard Sale',
         r"space\[13\]: field 'reason' is missing"),
        ("bargains.toml", "cost = 100\n", "cost = 105\n",
         r"bargains.toml bargain\[0\]: field 'cost' must be a multiple of \$10"),
        ("bargains.toml", "resale = 200\n", "resale = -50\n",
         r"bargain\[0\]: field 'resale' must be an integer 0..10000"),
        ("bargains.toml", 'kind = "plain"', 'kind = "raffle"',
         r"bargain\[0\]: field 'kind' is 'raffle'; allowed: plain, auction"),
        ("bargains.toml", "min_bid = 600\n", "", r"bargain\[25\]: field 'min_bid' is missing"),
        ("bargains.toml", "resale = 200\n", "resale = 200\nmin_bid = 50\n",
         r"bargain\[0\]: field 'min_bid': only an Auction Bargain"),
        ("bargains.toml", 'id = "toaster"', 'id = "garden-gnome"',
         "id 'garden-gnome' is used twice"),
        ("bargains.toml", '[[bargain]]\nid = "garden-gnome"', '[[extra]]\nid = "garden-gnome"',
         "there must be 35 Bargain cards, found 34"),
        ("mail.toml", 'type = "car"', 'type = "boat"',
         r"mail.toml mail\[0\]: field 'type' is 'boat'; allowed: car, home, medical, utility"),
        ("mail.toml", 'kind = "bill"', 'kind = "postcard"',
         r"mail\[0\]: field 'kind' is 'postcard'; allowed: bill, insurance, markup"),
        ("rules.toml", "[min_months]\nvalue = 1", "[min_months]\nvalue = 3",
         r"\[months\]: field 'value' must lie in min_months..max_months \(3..12\)"),
        ("mail.toml", "amount = 100\n", "amount = 0\n",
         r"mail\[0\]: field 'amount' must be an integer 1..10000"),
        ("mail.toml", 'kind = "markup"\n', 'kind = "markup"\ntype = "car"\n',
         r"mail\[26\]: field 'type': a markup raises any Bargain's resale and has no type"),
        ("events.toml", 'effect = "market_hit"', 'effect = "steal"',
         r"events.toml event\[0\]: field 'effect' is 'steal'; allowed: market_hit, not_today"),
        ("events.toml", 'effect = "not_today"\n', 'effect = "not_today"\namount = 50\n',
         r"event\[8\]: field 'amount': a not_today card has no amount"),
        ("events.toml", "amount = 1\n", "amount = 4\n",
         r"event\[23\]: field 'amount' must be an integer 1..3"),
        ("events.toml", 'source = "designed"', 'source = "guessed"',
         r"event\[0\]: field 'source' is 'guessed'; allowed: rulebook, reference, designed"),
        ("events.toml", '\nsection = "Event: Notes', '\nchapter = "Event: Notes',
         r"event\[0\]: field 'section' is missing"),
    ],
)
def test_bad_data_names_the_file_entry_and_field(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    """A bad data file raises DataError naming the file, the entry and the field."""
    data_edits.check_bad_edit(load_components, copy_data(tmp_path), file, old, new, message)


def test_insurance_must_cover_a_bill_type(tmp_path: Path) -> None:
    """Cross-reference: an insurance type no bill has is refused, naming the bill types."""
    folder = copy_data(tmp_path)
    text = (folder / "mail.toml").read_text(encoding="utf-8")
    (folder / "mail.toml").write_text(text.replace('type = "utility"', 'type = "home"'),
                                      encoding="utf-8")
    data_edits.edit(folder, "mail.toml", 'kind = "insurance"\ntype = "car"',
                    'kind = "insurance"\ntype = "utility"')
    with pytest.raises(motherlode.DataError,
                       match=r"mail\[20\]: field 'type': insurance 'utility' covers no bill; "
                             "bill types: car, home, medical"):
        load_components(folder)


def test_pay_day_must_be_there_once(tmp_path: Path) -> None:
    """One PAY DAY, after day 31: a board without it is refused."""
    folder = copy_data(tmp_path)
    text = (folder / "board.toml").read_text(encoding="utf-8")
    (folder / "board.toml").write_text(text.split("[[space]]\nday = 32")[0], encoding="utf-8")
    with pytest.raises(motherlode.DataError,
                       match=r"there must be 33 spaces \(START, 31 days, PAY DAY\), found 32"):
        load_components(folder)


def test_missing_file_and_bad_toml_are_data_errors(tmp_path: Path) -> None:
    data_edits.check_missing_and_bad_toml(load_components, copy_data(tmp_path), "events.toml",
                                          "[[event]\n")
