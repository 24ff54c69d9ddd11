"""Pay Day at the terminal: the month's calendar with every token, the players, the decision.

A header (months, the Jackpot, the phase and whose decision, the dice, the piles), then the
month as on the board (seed 002 "The Board Spaces"): seven columns Sunday..Saturday, START
before day 1 and PAY DAY after day 31, each day with its number, its space and the tokens on
it (finished seats listed under the calendar). Then what is being decided now (the Bargain
drawn, the auction, the sale and its Market Hits, the Event card played, the Mail offered, the
Lottery), one panel per player (the viewer's first, in green): cash, loan, month and day,
Bargains with cost and resale, Markups, Insurance, Bills with the total due, Event cards; and
the final scores at the end.

Draws a seat's view only (the dict of `State.view`), never the state: a Bargain the view hides
(an Auction Bargain, two drawn at once) is shown face down. The view does not say which card
data the game uses, so card names and numbers come from the built-in data
(`motherlode.load("payday")`); a card the data does not know is shown by its id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

import motherlode
from motherlode.engine import JSON
from motherlode.rules.payday.components import WEEKDAYS, Bill, Insurance, Markup
from motherlode.rules.payday.game import PayDay

SEAT_STYLES = ("bold red", "bold bright_blue", "bold green", "bold yellow")
TOKEN = "●"
FACE_DOWN = "▒▒ face down"
SPACE_LABELS = {
    "start": "START",
    "bargain": "Bargain",
    "buyer": "Buyer",
    "mail": "Mail",
    "event": "Event",
    "lottery": "Lottery",
    "happy_birthday": "Birthday",
    "yard_sale": "Yard Sale",
    "daylight_savings": "Daylight Savings",
    "pay_day": "PAY DAY",
}
SPACE_STYLES = {
    "start": "bold white",
    "bargain": "green",
    "buyer": "yellow",
    "mail": "cyan",
    "event": "magenta",
    "lottery": "bright_yellow",
    "happy_birthday": "bright_magenta",
    "yard_sale": "dark_orange",
    "daylight_savings": "bright_blue",
    "pay_day": "bold bright_green",
}
DIE_FACES = {"buyer": "Buyer", "bargain": "Bargain", "plus_three": "+3", "reroll": "Reroll"}
PHASES = {
    "start": "start of the turn: roll, roll both dice, or play an Event card",
    "reroll": "the PAY DAY die shows Reroll: roll the numbered die again, or keep it",
    "order": "move first, or use the PAY DAY die first",
    "steps": "how many spaces to move",
    "choose": "two Bargains drawn: which one to keep",
    "bargain": "the Bargain drawn: buy or auction it (an Auction Bargain: bid or announce)",
    "auction": "an auction: bid or pass",
    "sell": "a Buyer: which Bargain to sell (and with which Markup)",
    "hit": "a sale: play a Market Hit against it, or not",
    "answer": "Market Hits against the sale: Not Today!, or allow them",
    "cancel": "an Event card played: Not Today!, or allow it",
    "mail": "Mail: buy or discard the card offered",
    "join": "the Lottery: pick a number ($100) or stay out",
    "double": "the Lottery: double down or drop out",
    "repay": "PAY DAY: repay some of the loan, or keep it",
    "protect": "Market Hits against another's sale: Not Today! against one, or allow them",
    "over": "game over",
}
DAY_WIDTH = 12  # a day's column: 7 of them and their borders fit in 100 columns
PANEL_WIDTH = 49  # two player panels side by side in 100 columns


# --- the game's components ------------------------------------------------------------------
@cache
def rules() -> PayDay:
    """The game with the built-in data: its board, cards and rule numbers (the same for every
    player count)."""
    game = motherlode.load("payday")
    if not isinstance(game, PayDay):
        raise TypeError(f"motherlode.load('payday') gave a {type(game).__name__}")
    return game


@cache
def glossary() -> dict[str, str]:
    """Every card id with what it is (`game.glossary` builds it afresh each time)."""
    return rules().glossary


# --- words ------------------------------------------------------------------------------------
def dollars(amount: object) -> str:
    """$1,200; -$300."""
    if isinstance(amount, float) and amount.is_integer():
        amount = int(amount)
    if isinstance(amount, int) and not isinstance(amount, bool):
        return f"-${-amount:,}" if amount < 0 else f"${amount:,}"
    return str(amount)


def who(view: Mapping[str, Any], seat: object) -> str:
    if not isinstance(seat, int) or isinstance(seat, bool):
        return "—"
    return f"seat {seat} (you)" if view.get("seat") == seat else f"seat {seat}"


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def token(seat: int, mine: bool = False) -> Text:
    """A seat's token: ● and its number in the seat's colour (yours reversed)."""
    style = seat_style(seat) + (" reverse" if mine else "")
    return Text(f"{TOKEN}{seat}", style=style)


def bargain_name(card: object) -> str:
    """A Bargain's name, e.g. `the Toaster` (its id when the data does not know it)."""
    found = rules().bargain.get(str(card))
    return f"the {found.name}" if found else str(card)


def bargain_text(card: object) -> Text:
    """`toaster $100→$200`: the id, cost and resale."""
    if card is None:
        return Text(FACE_DOWN, style="dim")
    found = rules().bargain.get(str(card))
    text = Text(str(card), style="cyan")
    if found is not None:
        text.append(f" {dollars(found.cost)}→{dollars(found.resale)}")
    return text


def event_card_name(card: object) -> str:
    """`Market Hit $200`, `Carpool +2 spaces`, `Not Today!`."""
    found = rules().event.get(str(card))
    if found is None:
        return str(card)
    if found.effect == "extra_move":
        return f"{found.name} +{found.amount}"
    if found.amount:
        return f"{found.name} {dollars(found.amount)}"
    return found.name


def event_text(card: object) -> Text:
    return Text.assemble((str(card), "magenta"), f" ({event_card_name(card)})")


def mail_text(card: object) -> str:
    """A Mail card in a few words: `a car bill of $300`, `car insurance for $150`, `a Markup
    +$200 for $100`."""
    found = rules().mail.get(str(card))
    if isinstance(found, Bill):
        return f"a {found.type} bill of {dollars(found.amount)}"
    if isinstance(found, Insurance):
        return f"{found.type} insurance for {dollars(found.cost)}"
    if isinstance(found, Markup):
        return f"a Markup +{dollars(found.value)} for {dollars(found.cost)}"
    return str(card)


def markup_value(card: object) -> int:
    found = rules().markup.get(str(card))
    return found.value if found else 0


def space_label(day: int) -> tuple[str, str]:
    """A day's short label and style: `Mail 2`, `Buyer`, `PAY DAY`."""
    board = rules().board
    if not 0 <= day < len(board):
        return f"day {day}", ""
    space = board[day]
    label = SPACE_LABELS.get(space.kind, space.kind)
    if space.kind == "mail":
        label = f"Mail {space.mail}"
    return label, SPACE_STYLES.get(space.kind, "")


def day_name(day: object) -> str:
    """`day 12 (Buyer)`, `START`, `PAY DAY`."""
    if not isinstance(day, int):
        return str(day)
    label, _ = space_label(day)
    if label in ("START", "PAY DAY"):
        return label
    return f"day {day} ({label})"


# --- the log ---------------------------------------------------------------------------------
def describe_event(event: Mapping[str, Any]) -> Text:
    """One log entry, without the seat that acted (the caller names it): `rolls 4 and the PAY
    DAY die shows Buyer`, `wins the Toaster for $260`, `PAY DAY: pays $300 in bills ...`."""
    kind = str(event.get("event", ""))
    writer = EVENT_WRITERS.get(kind)
    if writer is None:
        text = Text(kind, style="cyan")
        for key, value in event.items():
            if key not in ("event", "seat"):
                text.append(f" · {key} {value}")
        return text
    return writer(event)


def _turn(e: Mapping[str, Any]) -> Text:
    return Text("begins a turn", style="bold")


def _roll(e: Mapping[str, Any]) -> Text:
    text = Text(f"rolls {e.get('roll')}")
    die = e.get("die")
    if die:
        text.append(" and the PAY DAY die shows ")
        text.append(DIE_FACES.get(str(die), str(die)), style="bold")
    return text


def _reroll(e: Mapping[str, Any]) -> Text:
    return Text(f"rerolls the numbered die: {e.get('roll')}")


def _free_bargain(e: Mapping[str, Any]) -> Text:
    return Text(f"is dealt {bargain_name(e.get('card'))} as a free Bargain")


def _jackpot(e: Mapping[str, Any]) -> Text:
    return Text(f"rolls the Jackpot's number and takes the Jackpot: {dollars(e.get('amount'))}",
                style="bold yellow")


def _move(e: Mapping[str, Any]) -> Text:
    return Text(f"moves to {day_name(e.get('day'))}")


def _order(e: Mapping[str, Any]) -> Text:
    if e.get("choice") == "move first":
        return Text("moves first, then uses the PAY DAY die")
    return Text("uses the PAY DAY die first, then moves")


def _loan(e: Mapping[str, Any]) -> Text:
    return Text(f"takes a loan of {dollars(e.get('amount'))}", style="red")


def _bargain(e: Mapping[str, Any]) -> Text:
    if e.get("count") == 2:
        return Text("draws two Bargains (face down) and keeps one")
    card = e.get("card")
    if card is None:
        return Text("draws an Auction Bargain (face down)")
    found = rules().bargain.get(str(card))
    if found is None:
        return Text(f"draws {card}")
    return Text(f"draws {bargain_name(card)} (cost {dollars(found.cost)}, resale "
                f"{dollars(found.resale)})")


def _buy(e: Mapping[str, Any]) -> Text:
    return Text(f"buys {bargain_name(e.get('card'))} for {dollars(e.get('price'))}")


def _auction(e: Mapping[str, Any]) -> Text:
    card, low = e.get("card"), e.get("min_bid")
    if card is not None:
        return Text(f"puts {bargain_name(card)} up for auction, bids from {dollars(low)}")
    if low:
        return Text(f"announces an Auction Bargain: minimum bid {dollars(low)}")
    return Text("auctions an Auction Bargain and opens the bidding")


def _bid(e: Mapping[str, Any]) -> Text:
    return Text(f"bids {dollars(e.get('amount'))}")


def _pass(e: Mapping[str, Any]) -> Text:
    return Text("passes and leaves the auction", style="dim")


def _won(e: Mapping[str, Any]) -> Text:
    return Text(f"wins {bargain_name(e.get('card'))} for {dollars(e.get('price'))}",
                style="bold")


def _unsold(e: Mapping[str, Any]) -> Text:
    card = e.get("card")
    what = bargain_name(card) if card is not None else "the Auction Bargain (face down)"
    return Text(f"gets no bid: {what} goes to the bottom of the Bargain pile")


def _sell(e: Mapping[str, Any]) -> Text:
    text = Text(f"offers {bargain_name(e.get('card'))} to the Buyer")
    markup = e.get("markup")
    if markup:
        text.append(f" with a Markup +{dollars(markup_value(markup))}")
    return text


def _hit(e: Mapping[str, Any]) -> Text:
    return Text(f"plays {event_card_name(e.get('card'))} against the sale", style="red")


def _cancel_hit(e: Mapping[str, Any]) -> Text:
    return Text(f"says Not Today! to {event_card_name(e.get('card'))} against the sale",
                style="green")


def _cancel_hits(e: Mapping[str, Any]) -> Text:
    return Text("says Not Today!: every Market Hit against the sale is cancelled",
                style="green")


def _sold(e: Mapping[str, Any]) -> Text:
    return Text(f"sells {bargain_name(e.get('card'))} for {dollars(e.get('price'))}",
                style="bold")


def _event(e: Mapping[str, Any]) -> Text:
    return Text(f"draws the Event card {event_card_name(e.get('card'))}")


def _play(e: Mapping[str, Any]) -> Text:
    return Text(f"plays {event_card_name(e.get('card'))}", style="magenta")


def _cancel(e: Mapping[str, Any]) -> Text:
    return Text(f"says Not Today!: {event_card_name(e.get('card'))} is cancelled",
                style="green")


def _mail(e: Mapping[str, Any]) -> Text:
    return Text(f"gets mail: {mail_text(e.get('card'))}")


def _mail_buy(e: Mapping[str, Any]) -> Text:
    found = rules().mail.get(str(e.get("card")))
    if isinstance(found, Insurance):
        return Text(f"buys {found.type} insurance for {dollars(found.cost)}")
    if isinstance(found, Markup):
        return Text(f"buys a Markup +{dollars(found.value)} for {dollars(found.cost)}")
    return Text(f"buys {e.get('card')}")


def _lottery(e: Mapping[str, Any]) -> Text:
    prize = rules().rules.lottery_prize
    return Text(f"lands on the Lottery: the pot starts at {dollars(prize)}")


def _pick(e: Mapping[str, Any]) -> Text:
    return Text(f"picks number {e.get('number')} in the Lottery for {dollars(e.get('stake'))}")


def _lottery_roll(e: Mapping[str, Any]) -> Text:
    winner = e.get("winner")
    text = Text(f"the Lottery roll is {e.get('roll')}: ")
    if isinstance(winner, int) and winner >= 0:
        text.append(f"seat {winner} wins the pot", style="bold yellow")
    else:
        text.append("no winner")
    return text


def _double(e: Mapping[str, Any]) -> Text:
    return Text(f"doubles down in the Lottery: stakes {dollars(e.get('stake'))}")


def _lottery_lost(e: Mapping[str, Any]) -> Text:
    return Text(f"nobody is left in the Lottery: the {dollars(e.get('pot'))} pot goes to the "
                "bank")


def _birthday(e: Mapping[str, Any]) -> Text:
    return Text(f"has a Happy Birthday: {dollars(e.get('amount'))} in gifts from the others")


def _yard_sale(e: Mapping[str, Any]) -> Text:
    roll = e.get("roll")
    cost = roll * rules().rules.yard_sale_per_pip if isinstance(roll, int) else "?"
    return Text(f"rolls {roll} at the Yard Sale, pays {dollars(cost)} and takes "
                f"{bargain_name(e.get('card'))}")


def _daylight(e: Mapping[str, Any]) -> Text:
    if e.get("taken"):
        return Text("sets off Daylight Savings: every token steps back one space")
    return Text("lands on Daylight Savings again this month: nothing happens", style="dim")


def _salary(e: Mapping[str, Any]) -> Text:
    return Text(f"is on START at Daylight Savings: collects the {dollars(e.get('amount'))} "
                "salary again")


def _pay_day(e: Mapping[str, Any]) -> Text:
    """Salary in, bills out (those of an insured type cost nothing), 10% of the loan."""
    text = Text("PAY DAY: ", style="bold")
    text.append(f"collects {dollars(e.get('salary'))}")
    bills, insured, interest = e.get("bills"), e.get("insured"), e.get("interest")
    text.append(f", pays {dollars(bills)} in bills" if bills else ", no bills to pay")
    if insured:
        text.append(f" ({dollars(insured)} more covered by insurance)")
    if interest:
        text.append(f" and 10% of the loan: {dollars(interest)}")
    return text


def _repay(e: Mapping[str, Any]) -> Text:
    return Text(f"repays {dollars(e.get('amount'))} of the loan", style="green")


def _finish(e: Mapping[str, Any]) -> Text:
    return Text("ends the last month: the token leaves the board", style="bold")


EVENT_WRITERS: dict[str, Callable[[Mapping[str, Any]], Text]] = {
    "free bargain": _free_bargain,
    "turn": _turn,
    "roll": _roll,
    "reroll": _reroll,
    "jackpot": _jackpot,
    "move": _move,
    "order": _order,
    "loan": _loan,
    "bargain": _bargain,
    "buy": _buy,
    "auction": _auction,
    "bid": _bid,
    "pass": _pass,
    "won": _won,
    "unsold": _unsold,
    "sell": _sell,
    "hit": _hit,
    "cancel hits": _cancel_hits,
    "cancel hit": _cancel_hit,
    "sold": _sold,
    "event": _event,
    "play": _play,
    "cancel": _cancel,
    "mail": _mail,
    "mail buy": _mail_buy,
    "lottery": _lottery,
    "pick": _pick,
    "lottery roll": _lottery_roll,
    "double down": _double,
    "lottery lost": _lottery_lost,
    "birthday": _birthday,
    "yard sale": _yard_sale,
    "daylight savings": _daylight,
    "salary": _salary,
    "pay day": _pay_day,
    "repay": _repay,
    "finish": _finish,
}


# --- the whole table ---------------------------------------------------------------------------
def render(view: JSON, console: Console) -> None:
    """The whole table as `view["seat"]` sees it."""
    console.print(header(view))
    console.print(calendar(view))
    console.print(token_legend(view))
    now = decision_panel(view)
    if now is not None:
        console.print(now)
    console.print(players_grid(view, console.width))
    scores = scores_table(view)
    if scores is not None:
        console.print(scores)


def header(view: Mapping[str, Any]) -> Text:
    """Months and the Jackpot; the phase and whose decision; the dice; the piles."""
    text = Text()
    text.append("Pay Day", style="bold yellow")
    text.append(f" · {view.get('players')} players · {view.get('months')} months")
    text.append(" · Jackpot ")
    text.append(dollars(view.get("jackpot")), style="bold yellow")
    phase = str(view.get("phase"))
    text.append("\nphase ")
    text.append(phase, style="bold green" if phase == "over" else "bold")
    text.append(f" — {PHASES.get(phase, phase)}", style="cyan")
    turn = view.get("turn")
    if phase != "over":
        text.append("\nturn: ")
        text.append(who(view, turn), style=seat_style(turn) if isinstance(turn, int) else "")
        current = view.get("current_player")
        if current is not None:
            text.append(" · to decide: ")
            text.append(who(view, current),
                        style="bold green reverse" if current == view.get("seat") else "bold")
        dice = dice_text(view)
        if dice is not None:
            text.append(" · ")
            text.append_text(dice)
    text.append("\n")
    text.append_text(piles(view))
    return text


def dice_text(view: Mapping[str, Any]) -> Text | None:
    """This turn's roll, the PAY DAY die and what is left to do with them."""
    roll = view.get("roll")
    if not roll:
        return None
    text = Text("rolled ")
    text.append(str(roll), style="bold")
    die = view.get("die")
    if die:
        text.append(" · PAY DAY die ")
        text.append(DIE_FACES.get(str(die), str(die)), style="bold")
    extra = view.get("extra_steps")
    if extra:
        text.append(f" · up to {extra} extra spaces")
    todo = view.get("die_to_do")
    if todo:
        text.append(f" · the die's {DIE_FACES.get(str(todo), str(todo))} still to do")
    return text


def piles(view: Mapping[str, Any]) -> Text:
    """Each pile's cards left and discarded; the Yard Sale's card."""
    decks = view.get("decks") or {}
    discards = view.get("discards") or {}
    text = Text(style="dim")
    text.append("piles (left/discarded): " + " · ".join(
        f"{name.capitalize()} {decks.get(name, 0)}/{len(discards.get(name) or [])}"
        for name in ("bargain", "mail", "event")))
    text.append(" · Yard Sale: " + ("a card face down" if view.get("yard_sale") else "no card"))
    return text


# --- the calendar --------------------------------------------------------------------------------
def tokens_on(view: Mapping[str, Any]) -> dict[int, list[int]]:
    """The seats on each day (finished seats are off the board)."""
    on: dict[int, list[int]] = {}
    for seat, info in enumerate(view.get("seats") or []):
        day = info.get("day")
        if not info.get("finished") and isinstance(day, int):
            on.setdefault(day, []).append(seat)
    return on


def day_cell(view: Mapping[str, Any], day: int, seats: Sequence[int]) -> Text:
    """A day: its number and space on one line, the tokens on it below."""
    label, style = space_label(day)
    text = Text()
    board = rules().board
    if 0 < day < len(board) - 1:
        text.append(f"{day} ", style="bold")
    text.append(label, style=style)
    text.append("\n")
    me = view.get("seat")
    text.append_text(Text(" ").join(token(s, s == me) for s in seats))
    return text


def calendar(view: Mapping[str, Any]) -> Table:
    """The month as on the board: a week per row, Sunday..Saturday, START to PAY DAY."""
    board = rules().board
    start = WEEKDAYS.index(board[0].weekday) if board[0].weekday in WEEKDAYS else 0
    table = Table(box=box.SQUARE, show_lines=True, padding=(0, 0, 0, 1), expand=False,
                  title="The month", title_justify="left", title_style="bold")
    for name in WEEKDAYS:
        table.add_column(name, width=DAY_WIDTH, header_style="bold")
    on = tokens_on(view)
    cells: list[RenderableType] = [Text("") for _ in range(start)]
    cells += [day_cell(view, day, on.get(day, [])) for day in range(len(board))]
    cells += [Text("") for _ in range(-len(cells) % 7)]
    for row in range(0, len(cells), 7):
        table.add_row(*cells[row:row + 7])
    return table


def token_legend(view: Mapping[str, Any]) -> Text:
    """Each seat's token, and the seats that have finished."""
    me = view.get("seat")
    parts = []
    finished = []
    for seat, info in enumerate(view.get("seats") or []):
        if info.get("finished"):
            finished.append(who(view, seat))
            continue
        parts.append(Text.assemble(token(seat, seat == me), f" {who(view, seat)}"))
    text = Text("tokens: ", style="bold")
    text.append_text(Text("  ").join(parts) if parts else Text("none on the board", "dim"))
    if finished:
        text.append("  · finished: ", style="bold")
        text.append(", ".join(finished))
    return text


# --- what is being decided ------------------------------------------------------------------
def decision_panel(view: Mapping[str, Any]) -> Panel | None:
    """The Bargain drawn or auctioned, the sale, the Event card played, the Mail offered, the
    Lottery, the seats still to answer. None when nothing of that is under way."""
    parts: list[RenderableType] = []
    for part in (bargain_part(view), sale_part(view), played_part(view), mail_part(view),
                 lottery_part(view), repay_part(view)):
        if part is not None:
            parts.append(part)
    asking = view.get("asking") or []
    if asking and view.get("phase") in ("hit", "protect", "cancel", "join", "double"):
        parts.append(Text("still to answer: " + ", ".join(who(view, s) for s in asking),
                          style="dim"))
    known = view.get("known_bargain_pile") or []
    if known:
        parts.append(Text("you know the bottom of the Bargain pile: " + ", ".join(
            f"{_pile_card(k)} ({ordinal(int(k.get('from_bottom', 0)) + 1)} from the bottom)"
            for k in known), style="dim"))
    if not parts:
        return None
    return Panel(Group(*parts), title="Now", title_align="left", border_style="cyan",
                 expand=False)


def _pile_card(known: Mapping[str, Any]) -> str:
    """A card known at the bottom of the pile, or an unseen unsold Auction Bargain."""
    if known.get("card"):
        return str(known["card"])
    return f"an Auction Bargain, minimum {dollars(known.get('min_bid'))}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def card_rows(cards: Sequence[object], numbered: bool = False) -> Table:
    """Cards with their meanings from the glossary (a hidden one face down), one a row."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(style="dim")
    for n, card in enumerate(cards, 1):
        mark = f"  {n}." if numbered else " "
        if card is None:
            grid.add_row(mark, Text(FACE_DOWN, style="dim"), "")
        else:
            grid.add_row(mark, Text(str(card), style="cyan"), glossary().get(str(card), ""))
    return grid


def bargain_part(view: Mapping[str, Any]) -> RenderableType | None:
    bargain = view.get("bargain")
    if not bargain:
        return None
    drawer = bargain.get("drawer")
    cards = bargain.get("cards") or []
    auction = bargain.get("auction")
    title = "Auction" if auction else ("Bargains drawn" if len(cards) > 1 else "Bargain drawn")
    head = Text.assemble((title, "bold green"), f" · drawn by {who(view, drawer)}")
    lines: list[RenderableType] = [head, card_rows(cards, numbered=len(cards) > 1)]
    if auction:
        line = Text("  ")
        if auction.get("min_bid"):
            line.append(f"minimum bid {dollars(auction['min_bid'])} · ")
        high = auction.get("high")
        if high:
            line.append("high bid ")
            line.append(dollars(high), style="bold yellow")
            line.append(f" by {who(view, auction.get('high_bidder'))}")
        else:
            line.append("no bid yet")
        bidders = auction.get("bidders") or []
        line.append(" · still bidding: " + (", ".join(who(view, s) for s in bidders) or "—"))
        lines.append(line)
    return Group(*lines)


def sale_price(sale: Mapping[str, Any]) -> int | None:
    """What the sale brings: resale plus the Markup minus the Market Hits, never below $0."""
    found = rules().bargain.get(str(sale.get("bargain")))
    if found is None:
        return None
    hits = sum(rules().event[h["card"]].amount for h in sale.get("hits") or []
               if h.get("card") in rules().event)
    return max(0, found.resale + markup_value(sale.get("markup")) - hits)


def sale_part(view: Mapping[str, Any]) -> RenderableType | None:
    sale = view.get("sale")
    if not sale:
        return None
    line = Text.assemble(("Sale", "bold yellow"), f" by {who(view, sale.get('seller'))}: ")
    line.append_text(bargain_text(sale.get("bargain")))
    markup = sale.get("markup")
    if markup:
        line.append(f" with {markup} +{dollars(markup_value(markup))}")
    lines = [line]
    for hit in sale.get("hits") or []:
        lines.append(Text(f"  hit by {who(view, hit.get('seat'))}: "
                          f"{event_card_name(hit.get('card'))}", style="red"))
    price = sale_price(sale)
    if price is not None:
        lines.append(Text.assemble("  price now ", (dollars(price), "bold yellow")))
    return Group(*lines)


def played_part(view: Mapping[str, Any]) -> RenderableType | None:
    played = view.get("played")
    if not played:
        return None
    return Group(Text.assemble(("Event card played", "bold magenta"),
                               f" by {who(view, played.get('seat'))}"),
                 card_rows([played.get("card")]))


def mail_part(view: Mapping[str, Any]) -> RenderableType | None:
    offer = view.get("mail_offer") or []
    if not offer:
        return None
    to = view.get("current_player") if view.get("phase") == "mail" else view.get("turn")
    return Group(Text.assemble(("Mail offered", "bold cyan"), f" to {who(view, to)}"),
                 card_rows(offer))


def lottery_part(view: Mapping[str, Any]) -> RenderableType | None:
    lottery = view.get("lottery")
    if not lottery:
        return None
    line = Text.assemble(("Lottery", "bold bright_yellow"), " · pot ",
                         (dollars(lottery.get("pot")), "bold yellow"))
    numbers = lottery.get("numbers") or []
    stakes = lottery.get("stakes") or []
    inside = set(lottery.get("in") or [])
    picks = []
    for seat, number in enumerate(numbers):
        if number:
            stake = stakes[seat] if seat < len(stakes) else 0
            state = "in" if seat in inside else "waiting"
            picks.append(f"{who(view, seat)} #{number} ({dollars(stake)}, {state})")
    line.append(" · " + ("; ".join(picks) if picks else "no number picked yet"))
    return line


def repay_part(view: Mapping[str, Any]) -> RenderableType | None:
    if view.get("phase") != "repay":
        return None
    seat = view.get("current_player")
    seats = view.get("seats") or []
    if not isinstance(seat, int) or seat >= len(seats):
        return None
    info = seats[seat]
    return Text(f"{who(view, seat)} may repay the loan: cash {dollars(info.get('cash'))}, "
                f"loan {dollars(info.get('loan'))}")


# --- the players -----------------------------------------------------------------------------
def seat_order(view: Mapping[str, Any]) -> list[int]:
    """Every seat, the viewer's first (a spectator: from seat 0)."""
    n = len(view.get("seats") or [])
    me = view.get("seat")
    start = me if isinstance(me, int) and 0 <= me < n else 0
    return [(start + i) % n for i in range(n)]


def players_grid(view: Mapping[str, Any], width: int) -> RenderableType:
    """The players' panels, two side by side when the console is wide enough."""
    panels = [player_panel(view, seat) for seat in seat_order(view)]
    per_row = 2 if width >= 2 * PANEL_WIDTH + 2 else 1
    grid = Table.grid(padding=(0, 1))
    for _ in range(per_row):
        grid.add_column(width=PANEL_WIDTH if per_row > 1 else None)
    for row in range(0, len(panels), per_row):
        cells: list[RenderableType] = list(panels[row:row + per_row])
        cells += [Text("")] * (per_row - len(cells))
        grid.add_row(*cells)
    return grid


def listed(items: Sequence[Text]) -> Text:
    return Text(", ").join(items) if items else Text("—", style="dim")


def player_panel(view: Mapping[str, Any], seat: int) -> Panel:
    """Cash, loan, month and day; Bargains, Markups, Insurance, Bills, Event cards."""
    info: Mapping[str, Any] = (view.get("seats") or [])[seat]
    months = view.get("months")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    cash, loan = info.get("cash", 0), info.get("loan", 0)
    money = Text.assemble((dollars(cash), "bold green"), "  loan ",
                          (dollars(loan), "bold red" if loan else ""),
                          f"  net {dollars(cash - loan)}")
    grid.add_row("cash", money)
    if info.get("finished"):
        where = Text(f"finished all {months} months", style="bold")
    else:
        month = int(info.get("month", 0)) + 1
        where = Text(f"month {month} of {months} · {day_name(info.get('day'))}")
        if info.get("daylight_savings_used"):
            where.append(" · Daylight Savings used", style="dim")
    grid.add_row("where", where)
    grid.add_row("bargains", listed([bargain_text(c) for c in info.get("bargains") or []]))
    grid.add_row("markups", listed([Text.assemble((str(c), "cyan"),
                                                  f" +{dollars(markup_value(c))}")
                                    for c in info.get("markups") or []]))
    grid.add_row("insured", listed([Text(insurance_type(c)) for c in
                                    info.get("insurance") or []]))
    grid.add_row("bills", bills_text(info))
    grid.add_row("events", listed([event_text(c) for c in info.get("events") or []]))
    me = seat == view.get("seat")
    title = Text.assemble(token(seat, me), " ", (who(view, seat), "bold green" if me else "bold"))
    if seat == view.get("turn") and view.get("phase") != "over":
        title.append(" ▶ turn", style="bold")
    return Panel(grid, title=title, title_align="left",
                 border_style="bold green" if me else "grey50")


def insurance_type(card: object) -> str:
    found = rules().mail.get(str(card))
    return found.type if isinstance(found, Insurance) else str(card)


def bills_text(info: Mapping[str, Any]) -> Text:
    """Each bill and the total due at PAY DAY (bills of an insured type cost nothing)."""
    bills = info.get("bills") or []
    if not bills:
        return Text("—", style="dim")
    insured = {insurance_type(c) for c in info.get("insurance") or []}
    parts = []
    due = 0
    for card in bills:
        found = rules().mail.get(str(card))
        if isinstance(found, Bill):
            covered = found.type in insured
            parts.append(Text(f"{found.type} {dollars(found.amount)}",
                              style="dim strike" if covered else ""))
            due += 0 if covered else found.amount
        else:
            parts.append(Text(str(card)))
    text = Text(", ").join(parts)
    text.append(" · due ")
    text.append(dollars(due), style="bold red")
    return text


# --- the end -----------------------------------------------------------------------------------
def scores_table(view: Mapping[str, Any]) -> Table | None:
    """At the end: each seat's cash, loan and money (the score), the winners marked."""
    scores = view.get("scores")
    if not scores:
        return None
    best = max(scores)
    table = Table(title="Money at the end", title_justify="left",
                  title_style="bold yellow",
                  box=box.SIMPLE_HEAD)
    table.add_column("seat")
    table.add_column("cash", justify="right")
    table.add_column("loan", justify="right")
    table.add_column("money", justify="right")
    table.add_column("")
    seats = view.get("seats") or []
    for seat, score in enumerate(scores):
        info = seats[seat] if seat < len(seats) else {}
        table.add_row(Text(who(view, seat), style=seat_style(seat)), dollars(info.get("cash")),
                      dollars(info.get("loan")), Text(dollars(score), style="bold"),
                      Text("winner", style="bold yellow") if score == best else "")
    return table
