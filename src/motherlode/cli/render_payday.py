"""Pay Day at the terminal: the month's calendar with every token, the players, the decision.

A header (months, the Jackpot, the phase and whose decision, the dice, the piles), then the
month as on the board (seed 002 "The Board Spaces"): seven columns Sunday..Saturday, START
before day 1 and PAY DAY after day 31, each day with its number, its space and the tokens on
it (finished seats listed under the calendar). Then what is being decided now (the Bargain
drawn, the auction, the sale and its Market Hits, the Event card played, the Mail offered, the
Lottery), one panel per player (the viewer's first, in green): cash, loan, month and day,
Bargains with cost and resale, Markups, Insurance, Bills with the total due, Event cards; and
the final scores at the end.

Draws a seat's view only (`schema.PayDayView`), never the state: a Bargain the view hides (an
Auction Bargain, two drawn at once) is shown face down. Card names, numbers and texts and the
board come from the view itself (`cards`, `board`: the data the game was loaded with). The log
and the decision are the terminal's to print (`cli/play.py`): each event's `text`, and the
view's `decision`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.engine import View
from motherlode.engine.events import count
from motherlode.rules.payday import (
    DESCRIPTION,
    DIE_FACES,
    PHASE_NAMES,
    WEEKDAYS,
    BargainView,
    HitView,
    KnownCard,
    PayDayView,
    SaleView,
    SeatView,
    is_payday_view,
)

SEAT_STYLES = ("bold red", "bold bright_blue", "bold green", "bold yellow")
TOKEN = "●"
FACE_DOWN = "▒▒ face down"
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
PHASES = dict(zip(PHASE_NAMES, DESCRIPTION.phases, strict=True))
#: What the drawing's marks and short words mean (`info` at the prompt, `motherlode rules`).
LEGEND: dict[str, str] = {
    TOKEN: "a player's token on its day (●2: seat 2's; yours reversed)",
    "▶ turn": "the player whose turn it is",
    "→": "a Bargain's cost → its resale price (toaster $150→$250)",
    FACE_DOWN: "a card you may not see (an Auction Bargain, two Bargains drawn at once)",
    DIE_FACES["plus_three"]: "the PAY DAY die's +3 face: move up to 3 spaces more than the roll",
    DIE_FACES["reroll"]: "the PAY DAY die's Reroll face: you may roll the numbered die again",
    "+$200": "a Markup's value, added to one Bargain's resale when it is sold",
    "due": "the bills to pay at the next PAY DAY (insured types struck through: not due)",
    "net": "cash minus loans: the money that counts at the end",
    "Daylight Savings x1": "how many times the player set off Daylight Savings this month",
    "owes": "a payment more than the player's cash: an Event card may pay it, else a loan",
    "still to answer": "the seats still to be asked in this window, in turn order",
    "piles": "each deck's cards left / in its discard pile",
    "month 1 of 2": "the player's month (players finish their months at different times)",
}

DAY_WIDTH = 12  # a day's column: 7 of them and their borders fit in 100 columns
PANEL_WIDTH = 49  # two player panels side by side in 100 columns


# --- words ------------------------------------------------------------------------------------
def dollars(amount: float | None) -> str:
    """$1,200; -$300."""
    if amount is None:
        return "—"
    value = int(amount)
    return f"-${-value:,}" if value < 0 else f"${value:,}"


def who(view: PayDayView, seat: int | None) -> str:
    if seat is None:
        return "—"
    return f"seat {seat} (you)" if view["seat"] == seat else f"seat {seat}"


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def token(seat: int, mine: bool = False) -> Text:
    """A seat's token: ● and its number in the seat's colour (yours reversed)."""
    style = seat_style(seat) + (" reverse" if mine else "")
    return Text(f"{TOKEN}{seat}", style=style)


def bargain_text(view: PayDayView, card: str | None) -> Text:
    """`toaster $150→$250`: the id, cost and resale (face down when hidden)."""
    if card is None:
        return Text(FACE_DOWN, style="dim")
    text = Text(card, style="cyan")
    found = view["cards"].get(card)
    if found is not None:
        text.append(f" {dollars(found['cost'])}→{dollars(found['resale'])}")
    return text


def label(view: PayDayView, card: str) -> str:
    """A card's short name from the view (`Market Hit $200`, `Road Trip +3`); else its id."""
    found = view["cards"].get(card)
    return found["label"] if found else card


def event_text(view: PayDayView, card: str) -> Text:
    return Text.assemble((card, "magenta"), f" ({label(view, card)})")


def markup_value(view: PayDayView, card: str | None) -> int:
    found = view["cards"].get(card) if card else None
    return found["value"] if found else 0


def space_label(view: PayDayView, day: int) -> tuple[str, str]:
    """A day's short label and style: `Mail 2`, `Buyer`, `PAY DAY`."""
    board = view["board"]
    if not 0 <= day < len(board):
        return f"day {day}", ""
    space = board[day]
    return space["label"], SPACE_STYLES.get(space["kind"], "")


def day_name(view: PayDayView, day: int | None) -> str:
    """`day 12 (Buyer)`, `START`, `PAY DAY`."""
    if day is None:
        return "off the board"
    text, _ = space_label(view, day)
    if text in ("START", "PAY DAY"):
        return text
    return f"day {day} ({text})"


# --- the whole table ---------------------------------------------------------------------------
def render(view: View, console: Console) -> None:
    """The whole table as `view["seat"]` sees it."""
    if not is_payday_view(view):
        raise ValueError(f"the Pay Day renderer draws Pay Day views, not {view['game']}'s")
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


def header(view: PayDayView) -> Text:
    """Months and the Jackpot; the phase and whose decision; the dice; the piles."""
    text = Text()
    text.append("Pay Day", style="bold yellow")
    text.append(f" · {view['players']} players · {count(view['months'], 'month')}")
    text.append(" · Jackpot ")
    text.append(dollars(view["jackpot"]), style="bold yellow")
    phase = view["phase"]
    text.append("\nphase ")
    text.append(phase, style="bold green" if phase == "over" else "bold")
    text.append(f" — {PHASES.get(phase, phase)}", style="cyan")
    turn = view["turn"]
    if phase != "over":
        text.append("\nturn: ")
        text.append(who(view, turn), style=seat_style(turn))
        current = view["current_player"]
        if current is not None:
            text.append(" · to decide: ")
            text.append(who(view, current),
                        style="bold green reverse" if current == view["seat"] else "bold")
        dice = dice_text(view)
        if dice is not None:
            text.append(" · ")
            text.append_text(dice)
    text.append("\n")
    text.append_text(piles(view))
    return text


def dice_text(view: PayDayView) -> Text | None:
    """This turn's roll, the PAY DAY die and what is left to do with them."""
    roll = view["roll"]
    if not roll:
        return None
    text = Text("rolled ")
    text.append(str(roll), style="bold")
    die = view["die"]
    if die:
        text.append(" · PAY DAY die ")
        text.append(DIE_FACES.get(die, die), style="bold")
    extra = view["extra_steps"]
    if extra:
        text.append(f" · up to {extra} extra spaces")
    todo = view["die_to_do"]
    if todo:
        text.append(f" · the die's {DIE_FACES.get(todo, todo)} still to do")
    return text


def piles(view: PayDayView) -> Text:
    """Each pile's cards left and discarded; the Yard Sale's card."""
    decks = view["decks"]
    discards = view["discards"]
    text = Text(style="dim")
    text.append("piles (left/discarded): " + " · ".join((
        f"Bargain {decks['bargain']}/{len(discards['bargain'])}",
        f"Mail {decks['mail']}/{len(discards['mail'])}",
        f"Event {decks['event']}/{len(discards['event'])}")))
    text.append(" · Yard Sale: " + ("a card face down" if view["yard_sale"] else "no card"))
    return text


# --- the calendar --------------------------------------------------------------------------------
def tokens_on(view: PayDayView) -> dict[int, list[int]]:
    """The seats on each day (finished seats are off the board)."""
    on: dict[int, list[int]] = {}
    for seat, info in enumerate(view["seats"]):
        day = info["day"]
        if not info["finished"] and day is not None:
            on.setdefault(day, []).append(seat)
    return on


def day_cell(view: PayDayView, day: int, seats: Sequence[int]) -> Text:
    """A day: its number and space on one line, the tokens on it below."""
    text_label, style = space_label(view, day)
    text = Text()
    if 0 < day < len(view["board"]) - 1:
        text.append(f"{day} ", style="bold")
    text.append(text_label, style=style)
    text.append("\n")
    me = view["seat"]
    text.append_text(Text(" ").join(token(s, s == me) for s in seats))
    return text


def calendar(view: PayDayView) -> Table:
    """The month as on the board: a week per row, Sunday..Saturday, START to PAY DAY."""
    board = view["board"]
    first = board[0]["weekday"] if board else ""
    start = WEEKDAYS.index(first) if first in WEEKDAYS else 0
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


def token_legend(view: PayDayView) -> Text:
    """Each seat's token, and the seats that have finished."""
    me = view["seat"]
    parts = []
    finished = []
    for seat, info in enumerate(view["seats"]):
        if info["finished"]:
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
def decision_panel(view: PayDayView) -> Panel | None:
    """The Bargain drawn or auctioned, the sale, the Event card played, the Mail offered, the
    Lottery, the seats still to answer. None when nothing of that is under way."""
    parts: list[RenderableType] = []
    for part in (bargain_part(view), sale_part(view), played_part(view), mail_part(view),
                 lottery_part(view), repay_part(view), owing_part(view)):
        if part is not None:
            parts.append(part)
    asking = view["asking"]
    if asking and view["phase"] in ("hit", "protect", "cancel", "join", "double"):
        parts.append(Text("still to answer: " + ", ".join(who(view, s) for s in asking),
                          style="dim"))
    known = view["known_bargain_pile"]
    if known:
        parts.append(Text("you know the bottom of the Bargain pile: " + ", ".join(
            f"{_pile_card(view, k)} ({ordinal(k['from_bottom'] + 1)} from the bottom)"
            for k in known), style="dim"))
    if not parts:
        return None
    return Panel(Group(*parts), title="Now", title_align="left", border_style="cyan",
                 expand=False)


def _pile_card(view: PayDayView, known: KnownCard) -> str:
    """A card known at the bottom of the pile by its name (`Comic Books`), or an unseen
    unsold Auction Bargain."""
    if known["card"]:
        return label(view, known["card"])
    return f"an Auction Bargain, minimum {dollars(known['min_bid'])}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def card_rows(view: PayDayView, cards: Sequence[str | None], numbered: bool = False) -> Table:
    """Cards with what they are and do (from the view), a hidden one face down, one a row."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(style="dim")
    for n, card in enumerate(cards, 1):
        mark = f"  {n}." if numbered else " "
        if card is None:
            grid.add_row(mark, Text(FACE_DOWN, style="dim"), "")
        else:
            found = view["cards"].get(card)
            grid.add_row(mark, Text(card, style="cyan"), found["text"] if found else "")
    return grid


def bargain_part(view: PayDayView) -> RenderableType | None:
    bargain: BargainView | None = view["bargain"]
    if not bargain:
        return None
    cards = bargain["cards"]
    auction = bargain["auction"]
    title = "Auction" if auction else ("Bargains drawn" if len(cards) > 1 else "Bargain drawn")
    head = Text.assemble((title, "bold green"), f" · drawn by {who(view, bargain['drawer'])}")
    lines: list[RenderableType] = [head, card_rows(view, cards, numbered=len(cards) > 1)]
    if auction:
        line = Text("  ")
        if auction["min_bid"]:
            line.append(f"minimum bid {dollars(auction['min_bid'])} · ")
        high = auction["high"]
        if high:
            line.append("high bid ")
            line.append(dollars(high), style="bold yellow")
            line.append(f" by {who(view, auction['high_bidder'])}")
        else:
            line.append("no bid yet")
        bidders = auction["bidders"]
        line.append(" · still bidding: " + (", ".join(who(view, s) for s in bidders) or "—"))
        lines.append(line)
    return Group(*lines)


def sale_price(view: PayDayView, sale: SaleView) -> int | None:
    """What the sale brings: resale plus the Markup minus the Market Hits standing (not those a
    Not Today! chain cancels as it stands now), never below $0."""
    cards = view["cards"]
    found = cards.get(sale["bargain"])
    if found is None:
        return None
    hits = sum(cards[h["card"]]["amount"] for h in standing_hits(sale) if h["card"] in cards)
    return max(0, found["resale"] + markup_value(view, sale["markup"]) - hits)


def standing_hits(sale: SaleView) -> list[HitView]:
    """The Market Hits on the sale, less those its Not Today! chain cancels as it stands (an
    odd number of cards: every hit, or the one named)."""
    if len(sale["not_today"]) % 2 == 0:
        return sale["hits"]
    against = sale["against"]
    return [h for h in sale["hits"] if against is not None and h["card"] != against]


def chain_lines(view: PayDayView, sale: SaleView) -> list[Text]:
    """A Not Today! chain over the hits: who played each card, and what stands now."""
    chain = sale["not_today"]
    if not chain:
        return []
    against = sale["against"]
    what = label(view, against) if against else "every Market Hit"
    lines = [Text(f"  Not Today! by {who(view, chain[0])} against {what}", style="red")]
    lines += [Text(f"  Not Today! by {who(view, seat)}", style="red") for seat in chain[1:]]
    now = "is cancelled" if len(chain) % 2 else "stands"
    lines.append(Text(f"  now: {what} {now} (each Not Today! cancels the one before)",
                      style="bold"))
    return lines


def sale_part(view: PayDayView) -> RenderableType | None:
    sale = view["sale"]
    if not sale:
        return None
    line = Text.assemble(("Sale", "bold yellow"), f" by {who(view, sale['seller'])}: ")
    line.append_text(bargain_text(view, sale["bargain"]))
    markup = sale["markup"]
    if markup:
        line.append(f" with {markup} +{dollars(markup_value(view, markup))}")
    lines = [line]
    for hit in sale["hits"]:
        lines.append(Text(f"  hit by {who(view, hit['seat'])}: {label(view, hit['card'])}",
                          style="red"))
    lines += chain_lines(view, sale)
    price = sale_price(view, sale)
    if price is not None:
        lines.append(Text.assemble("  price now ", (dollars(price), "bold yellow")))
    return Group(*lines)


def played_part(view: PayDayView) -> RenderableType | None:
    played = view["played"]
    if not played:
        return None
    lines: list[RenderableType] = [
        Text.assemble(("Event card played", "bold magenta"), f" by {who(view, played['seat'])}"),
        card_rows(view, [played["card"]])]
    for answerer in played["not_today"]:
        lines.append(Text(f"  Not Today! by {who(view, answerer)}", style="red"))
    if played["not_today"]:
        cancelled = len(played["not_today"]) % 2 == 1
        now = "cancelled" if cancelled else "it stands"
        lines.append(Text(f"  now: {now} (each Not Today! cancels the one before)",
                          style="bold"))
    return Group(*lines)


def mail_part(view: PayDayView) -> RenderableType | None:
    offer = view["mail_offer"]
    if not offer:
        return None
    to = view["current_player"] if view["phase"] == "mail" else view["turn"]
    return Group(Text.assemble(("Mail offered", "bold cyan"), f" to {who(view, to)}"),
                 card_rows(view, list(offer)))


def lottery_part(view: PayDayView) -> RenderableType | None:
    lottery = view["lottery"]
    if not lottery:
        return None
    line = Text.assemble(("Lottery", "bold bright_yellow"), " · pot ",
                         (dollars(lottery["pot"]), "bold yellow"))
    stakes = lottery["stakes"]
    inside = set(lottery["in"])
    picks = []
    for seat, number in enumerate(lottery["numbers"]):
        if number:
            stake = stakes[seat] if seat < len(stakes) else 0
            status = "in" if seat in inside else "waiting"
            picks.append(f"{who(view, seat)} #{number} ({dollars(stake)}, {status})")
    line.append(" · " + ("; ".join(picks) if picks else "no number picked yet"))
    return line


def repay_part(view: PayDayView) -> RenderableType | None:
    if view["phase"] != "repay":
        return None
    seat = view["current_player"]
    seats = view["seats"]
    if seat is None or seat >= len(seats):
        return None
    info = seats[seat]
    return Text(f"{who(view, seat)} may repay the loan: cash {dollars(info['cash'])}, "
                f"loan {dollars(info['loan'])}")


def owing_part(view: PayDayView) -> RenderableType | None:
    """A payment the decider is short of cash for: what it owes and has."""
    owing = view["owing"]
    if owing is None:
        return None
    seat = owing["seat"]
    cash = view["seats"][seat]["cash"]
    return Text.assemble((f"{who(view, seat)} owes ", "bold red"),
                         (dollars(owing["amount"]), "bold red"),
                         f" and has {dollars(cash)}: an Event card for money, or a loan")


# --- the players -----------------------------------------------------------------------------
def seat_order(view: PayDayView) -> list[int]:
    """Every seat, the viewer's first (a spectator: from seat 0)."""
    n = len(view["seats"])
    me = view["seat"]
    start = me if me is not None and 0 <= me < n else 0
    return [(start + i) % n for i in range(n)]


def players_grid(view: PayDayView, width: int) -> RenderableType:
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


def player_panel(view: PayDayView, seat: int) -> Panel:
    """Cash, loan, month and day; Bargains, Markups, Insurance, Bills, Event cards."""
    info: SeatView = view["seats"][seat]
    months = view["months"]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    cash, loan = info["cash"], info["loan"]
    money = Text.assemble((dollars(cash), "bold green"), "  loan ",
                          (dollars(loan), "bold red" if loan else ""),
                          f"  net {dollars(cash - loan)}")
    grid.add_row("cash", money)
    if info["finished"]:
        where = Text("finished the month" if months == 1 else f"finished all {months} months",
                     style="bold")
    else:
        where = Text(f"month {info['month'] + 1} of {months} · {day_name(view, info['day'])}")
        landings = info["daylight_savings"]
        if landings:
            where.append(f" · Daylight Savings x{landings}", style="dim")
    grid.add_row("where", where)
    grid.add_row("bargains", listed([bargain_text(view, c) for c in info["bargains"]]))
    grid.add_row("markups", listed([Text.assemble((c, "cyan"),
                                                  f" +{dollars(markup_value(view, c))}")
                                    for c in info["markups"]]))
    grid.add_row("insured", listed([Text(insurance_type(view, c)) for c in info["insurance"]]))
    grid.add_row("bills", bills_text(view, info))
    grid.add_row("events", listed([event_text(view, c) for c in info["events"]]))
    me = seat == view["seat"]
    title = Text.assemble(token(seat, me), " ", (who(view, seat), "bold green" if me else "bold"))
    if seat == view["turn"] and view["phase"] != "over":
        title.append(" ▶ turn", style="bold")
    return Panel(grid, title=title, title_align="left",
                 border_style="bold green" if me else "grey50")


def insurance_type(view: PayDayView, card: str) -> str:
    found = view["cards"].get(card)
    return found["type"] if found and found["kind"] == "insurance" else card


def bills_text(view: PayDayView, info: SeatView) -> Text:
    """Each bill and the total due at PAY DAY (bills of an insured type cost nothing)."""
    bills = info["bills"]
    if not bills:
        return Text("—", style="dim")
    insured = {insurance_type(view, c) for c in info["insurance"]}
    parts = []
    due = 0
    for card in bills:
        found = view["cards"].get(card)
        if found is not None and found["kind"] == "bill":
            covered = found["type"] in insured
            parts.append(Text(f"{found['type']} {dollars(found['amount'])}",
                              style="dim strike" if covered else ""))
            due += 0 if covered else found["amount"]
        else:
            parts.append(Text(card))
    text = Text(", ").join(parts)
    text.append(" · due ")
    text.append(dollars(due), style="bold red")
    return text


# --- the end -----------------------------------------------------------------------------------
def scores_table(view: PayDayView) -> Table | None:
    """At the end: each seat's cash, loan and money (the score), the winners marked."""
    scores = view["scores"]
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
    seats = view["seats"]
    for seat, score in enumerate(scores):
        info = seats[seat] if seat < len(seats) else None
        table.add_row(Text(who(view, seat), style=seat_style(seat)),
                      dollars(info["cash"] if info else None),
                      dollars(info["loan"] if info else None), Text(dollars(score), style="bold"),
                      Text("winner", style="bold yellow") if score == best else "")
    return table
