"""Pay Dirt at the terminal: the table as a player sees it, board by board.

A header (round, temperature, first player, phase, whose decision), the auction area (the
displays, the upgrade row, the stacks), the auction in progress, then one panel per player
(you first): money, gold, workers, claims, the work chain excavator → loader → wash plant with
the TYPE of each ore tile and the wear, specialists, upgrades, long-term events, the work
placements; the events draft and a pending purchase decision.

Draws a seat's view only (the typed `PayDirtView` of `State.view`), never the state nor the
component data: an ore tile shows its type only, the others' work placements only once
revealed, a draft hand only to its holder. The log is the view's events, each with its own
sentence (`text`), and the decision its own groups: the terminal's play loop prints both.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.engine import View
from motherlode.rules.paydirt.schema import (
    AuctionView,
    BoardView,
    MachineView,
    PayDirtView,
    is_paydirt_view,
)

MAX_TEMPERATURE = 15  # the game starts at +15 °C and ends at 0 °C
MACHINES = ("excavator", "loader", "wash plant")
ORE_STYLES = {"poor": "grey70", "medium": "bold cyan", "rich": "bold yellow"}
ORE_ORDER = ("poor", "medium", "rich")  # the order of the view's per-type stack counts
PHASE_NAMES = {
    "auction": "Auction",
    "purchase": "Auction · purchase decision",
    "work_place": "Work · placing workers",
    "work": "Work · carrying out",
    "events": "Events draft",
    "choose": "a card asks its holder",
    "over": "game over",
}


def render(seen: View, console: Console) -> None:
    """The whole table as `view["seat"]` sees it."""
    if not is_paydirt_view(seen):
        raise TypeError(f"render_paydirt draws Pay Dirt views, not {seen['game']}")
    view = seen
    console.print(header(view))
    console.print(auction_area(view))
    auction = auction_line(view)
    if auction is not None:
        console.print(auction)
    pending = pending_line(view)
    if pending is not None:
        console.print(pending)
    question = choice_line(view)
    if question is not None:
        console.print(question)
    draft = draft_panel(view)
    if draft is not None:
        console.print(draft)
    for seat in seat_order(view):
        console.print(player_panel(view, seat))


# --- pieces ------------------------------------------------------------------------------------
def dollars(amount: int) -> str:
    return f"${amount:,}"


def who(view: PayDirtView, seat: int | None) -> str:
    if seat is None:
        return "—"
    return "you" if view["seat"] == seat else f"seat {seat}"


def seat_order(view: PayDirtView) -> list[int]:
    """Every seat, the viewer's first (the spectator: from seat 0)."""
    n = len(view["boards"])
    me = view["seat"]
    start = me if me is not None and 0 <= me < n else 0
    return [(start + i) % n for i in range(n)]


def ore_text(kind: str | None) -> Text:
    """A stage or an ore tile: `[poor]`, `[medium]`, `[rich]` coloured by type, `[ ]` empty."""
    if kind is None:
        return Text("[ ]", style="grey35")
    return Text(f"[{kind}]", style=ORE_STYLES.get(kind, ""))


def temperature_style(degrees: int) -> str:
    if degrees >= 10:
        return "bold red"
    if degrees >= 5:
        return "bold yellow"
    return "bold bright_blue"


def thermometer(degrees: int) -> Text:
    """`+12°C +15 ████████████··· 0`: one cell per degree, filled up to the temperature."""
    level = max(0, min(MAX_TEMPERATURE, degrees))
    text = Text(f"{degrees:+d}°C ", style=temperature_style(degrees))
    text.append("0▕", style="dim")
    text.append("█" * level, style=temperature_style(degrees))
    text.append("·" * (MAX_TEMPERATURE - level), style="grey35")
    text.append(f"▏+{MAX_TEMPERATURE}", style="dim")
    return text


def marks(filled: int, style: str = "red", life: int | None = None) -> Text:
    """Wear as marks out of the service life when known: `▮▮▯▯ 2/4`; else `▮▮ 2`."""
    if life is not None and life > 0:
        used = min(filled, life)
        return Text.assemble(("▮" * used, style), ("▯" * (life - used), "grey50"),
                             f" {filled}/{life}")
    if filled <= 0:
        return Text("0", style="grey50")
    return Text.assemble(("▮" * min(filled, 10), style), f" {filled}")


def ids(items: Sequence[str] | None, style: str = "") -> Text:
    if not items:
        return Text("—", style="grey35")
    return Text(", ").join(Text(i, style=style) for i in items)


# --- the table -------------------------------------------------------------------------------
def header(view: PayDirtView) -> Text:
    phase = view["phase"]
    text = Text()
    text.append("Pay Dirt", style="bold yellow")
    text.append(f" · round {view['round']} · ")
    text.append_text(thermometer(view["temperature"]))
    text.append(f" · first player {who(view, view['first_player'])}")
    if view["last_round"]:
        text.append(" · LAST ROUND", style="bold red")
    text.append("\nphase ")
    text.append(PHASE_NAMES.get(phase, phase), style="bold green" if phase == "over" else "bold")
    current = view["current_player"]
    if current is not None:
        text.append(" · to decide: ")
        mine = current == view["seat"]
        text.append(who(view, current), style="bold green" if mine else "bold")
    return text


def auction_area(view: PayDirtView) -> Table:
    """The three displays and the upgrade row, each with its stack; ore and event piles."""
    displays = view["displays"]
    stacks = view["stacks"]
    table = Table(
        box=box.SIMPLE_HEAD, title="Auction area", title_justify="left", pad_edge=False
    )
    table.add_column("display", style="bold", no_wrap=True)
    table.add_column("face up")
    table.add_column("stack", justify="right", no_wrap=True)
    table.add_row("equipment", ids(displays["equipment"], "bright_white"),
                  str(stacks["equipment"]))
    table.add_row("specialist", ids(displays["specialist"], "green"), str(stacks["specialist"]))
    table.add_row("claim", ids(displays["claim"], "dark_orange"), str(stacks["claim"]))
    upgrade_stack = Text(str(stacks["upgrade"]))
    top = stacks["upgrade_top"]
    if top:
        upgrade_stack.append(f" (top: {top})", style="dim")
    table.add_row("upgrade", ids(displays["upgrade"], "magenta"), upgrade_stack)
    ore = Text()
    for kind, left in zip(ORE_ORDER, stacks["ore"], strict=False):
        ore.append_text(ore_text(kind))
        ore.append(f" {left}  ")
    gone = stacks["ore_discards"]
    ore.append(f"· discarded {'/'.join(str(n) for n in gone)}", style="dim")
    table.add_row("ore", ore, "")
    events = Text(f"{stacks['events']} in deck")
    discard = stacks["event_discard"]
    if discard:
        events.append(f" · {len(discard)} resolved, last ", style="dim")
        events.append(discard[-1], style="magenta")
    table.add_row("events", events, "")
    return table


def auction_line(view: PayDirtView) -> Text | None:
    """The auction in progress: item, high bid and bidder, passed and declined seats,
    blocked type, tiles sold this round."""
    auction: AuctionView | None = view["auction"]
    if not auction:
        return None
    text = Text("Auction", style="bold")
    item = auction["item"]
    if item:
        text.append(": ")
        text.append(item, style="bold bright_white")
        text.append(f" ({auction['kind']})", style="dim")
        text.append(" · high bid ")
        high = auction["high"]
        if high:
            text.append(dollars(high), style="bold green")
            text.append(f" by {who(view, auction['bidder'])}")
        else:
            text.append("none yet", style="dim")
    else:
        text.append(": waiting for a tile to be picked", style="dim")
    passed = [s for s, flag in enumerate(auction["passed"] or []) if flag]
    if passed:
        text.append(f" · passed: {', '.join(who(view, s) for s in passed)}")
    declined = [s for s, flag in enumerate(auction["declined"]) if flag]
    if declined:
        text.append(f" · declined: {', '.join(who(view, s) for s in declined)}")
    if auction["blocked"]:
        text.append(f" · blocked: {auction['blocked']}", style="red")
    text.append(f" · sold this round {auction['sold']}")
    return text


def pending_line(view: PayDirtView) -> Text | None:
    """The buyer's decision on a purchase: which claim to discard, install or scrap."""
    pending = view["pending"]
    if not pending:
        return None
    kind = pending[0]
    item = " ".join(pending[1:])
    buyer = view["current_player"]
    text = Text("Purchase decision", style="bold yellow")
    text.append(f" ({who(view, buyer)}): {kind} ")
    text.append(item, style="bold bright_white")
    if kind == "claim":
        text.append(" · a 4th claim: discard one", style="dim")
    elif kind == "equipment":
        text.append(" · install it (replacing that machine) or scrap it for parts", style="dim")
    return text


def choice_line(view: PayDirtView) -> Text | None:
    """A card's question: whose, which card, what is asked and the answers allowed."""
    choice = view["choice"]
    if not choice:
        return None
    text = Text("Card decision", style="bold yellow")
    text.append(f" ({who(view, choice['seat'])}): ")
    text.append(choice["card"], style="bold magenta")
    text.append(f" asks: {choice['step']}")
    memo = choice["memo"]
    if memo:
        text.append(f" (so far: {', '.join(memo)})", style="dim")
    text.append(" · choose " + " | ".join(choice["options"]), style="dim")
    return text


def draft_panel(view: PayDirtView) -> Panel | None:
    """The events draft: pick order, cards, picks made, revealed picks; your hand and pick."""
    draft = view["draft"]
    if not draft:
        return None
    lines: list[Text] = []
    order = " → ".join(who(view, s) for s in draft["order"])
    lines.append(
        Text.assemble(
            ("order ", "bold"), order,
            f" · cards {draft['cards']} · picks {draft['picks']}",
            f" · holder {who(view, draft['holder'])} ({draft['hand_size']} in hand)",
        )
    )
    if draft["revealed"]:
        lines.append(Text.assemble(("revealed ", "bold"), ids(draft["revealed"], "magenta")))
    if draft["hand"] is not None:
        lines.append(Text.assemble(("your hand ", "bold green"), ids(draft["hand"], "magenta")))
    elif draft["handed"]:
        lines.append(Text.assemble(("you were handed ", "bold"), ids(draft["handed"], "dim")))
    if draft["pick"]:
        lines.append(Text.assemble(("your pick ", "bold"), (draft["pick"], "magenta")))
    return Panel(Group(*lines), title="Events draft", title_align="left", border_style="magenta")


# --- a player's board ----------------------------------------------------------------------
def player_panel(view: PayDirtView, seat: int) -> Panel:
    board = view["boards"][seat]
    mine = view["seat"] == seat
    title = Text(f"seat {seat}" + (" · you" if mine else ""))
    title.stylize("bold green" if mine else "bold")
    if view["first_player"] == seat:
        title.append(" · first player", style="yellow")
    if view["current_player"] == seat:
        title.append(" · ◀ to decide", style="bold cyan")
    parts: list[RenderableType] = [money_line(board), claims_grid(board), work_chain(board)]
    extras = extras_grid(board)
    if extras.row_count:
        parts.append(extras)
    placements = work_lines(view, seat)
    if placements is not None:
        parts.append(placements)
    return Panel(
        Group(*parts),
        title=title,
        title_align="left",
        border_style="green" if mine else "blue",
        padding=(0, 1),
    )


def money_line(board: BoardView) -> Text:
    text = Text()
    text.append("cash ", style="bold")
    text.append(dollars(board["cash"]), style="bold green")
    text.append(" · gold ", style="bold")
    text.append(str(board["gold"]), style="bold yellow")
    text.append(" · workers ", style="bold")
    text.append(str(board["workers"]))
    if board["won"]:
        text.append(" · won an auction this round", style="dim")
    return text


def claims_grid(board: BoardView) -> Table:
    """Each claim: its ore types in order (a layered claim: the next tile first)."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column()
    claims = board["claims"]
    for n, claim in enumerate(claims):
        name = Text(claim["claim"], style="dark_orange")
        if claim["layered"]:
            name.append(" ≡layered", style="magenta")
        ore = Text("").join(ore_text(o) for o in claim["ore"])
        if not claim["ore"]:
            ore = Text("worked out", style="grey35")
        grid.add_row("claims" if n == 0 else "", name, ore)
    if not claims:
        grid.add_row("claims", Text("—", style="grey35"), "")
    return grid


def machine_box(kind: str, machine: MachineView) -> list[Text]:
    """One machine as four lines of a box: which tile (in the top edge), its stages as
    `[type]`/`[ ]`, its wear."""
    stages = Text("").join(ore_text(s) for s in machine["spaces"])
    tile = machine["equipment"]
    title = Text(tile, style="bold bright_white") if tile else Text.assemble(
        (kind, "bold"), (" start", "dim")
    )
    wear = Text.assemble(("wear ", "dim"), marks(machine["wear"], life=machine["service_life"]))
    if machine["flimco"]:
        wear.append(" FlimCo", style="bold red")
    inner = max(title.cell_len + 2, stages.cell_len, wear.cell_len)
    edge = "grey50"

    def row(body: Text) -> Text:
        return Text.assemble(("│ ", edge), body, " " * (inner - body.cell_len), (" │", edge))

    rule = " " + "─" * (inner - title.cell_len - 1) + "╮"
    top = Text.assemble(("╭─ ", edge), title, (rule, edge))
    bottom = Text("╰" + "─" * (inner + 2) + "╯", style=edge)
    return [top, row(stages), row(wear), bottom]


def work_chain(board: BoardView) -> Text:
    """The three machines side by side, excavator → loader → wash plant."""
    boxes = [
        machine_box(MACHINES[i] if i < len(MACHINES) else f"machine {i}", m)
        for i, m in enumerate(board["machines"])
    ]
    lines: list[Text] = []
    for line in range(4):
        text = Text()
        for i, lines_of_box in enumerate(boxes):
            if i:
                text.append("→" if line == 1 else " ", style="bold")
            text.append_text(lines_of_box[line])
        lines.append(text)
    return Text("\n").join(lines)


def extras_grid(board: BoardView) -> Table:
    """Specialists, upgrades with their wear, long-term events held."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    specialists = board["specialists"]
    if specialists:
        grid.add_row("specialists", ids(specialists, "green"))
    upgrades = board["upgrades"]
    if upgrades:
        wear = board["upgrade_wear"]
        text = Text()
        for kind, upgrade in upgrades.items():
            if text:
                text.append(" · ")
            text.append(upgrade, style="magenta")
            text.append(f" ({kind}) wear ")
            text.append_text(marks(wear.get(kind, 0)))
        grid.add_row("upgrades", text)
    events = board["events"]
    if events:
        grid.add_row("events", ids(events, "magenta"))
    if board["vault"]:
        grid.add_row("vault", Text(f"{board['vault']} nuggets (not for sale)", style="yellow"))
    for label, card in (("out sick", board["sick"]), ("borrowed", board["borrowed"])):
        if card:
            grid.add_row(label, ids([card], "green"))
    waiting = board["waiting"]
    if waiting:
        grid.add_row("waiting", ids(waiting, "dim"))
    return grid


def work_lines(view: PayDirtView, seat: int) -> Text | None:
    """This seat's work placements: its own always, the others' once every seat is done;
    while carrying out, the workers still to act."""
    work = view["work"]
    if not work:
        return None
    slots = work["slots"]
    text = Text("workers placed ", style="bold")
    placed = work["placed"][seat] if seat < len(work["placed"]) else None
    done = seat < len(work["done"]) and work["done"][seat]
    if placed is None:
        text.append("hidden until everyone is done", style="dim")
        text.append(" · done placing" if done else " · still placing", style="dim")
        return text
    text.append_text(_slots(slots, placed))
    if not work["revealed"]:
        text.append(" · done placing" if done else " · still placing", style="dim")
        return text
    left = work["left"][seat] if seat < len(work["left"]) else []
    if seat < len(work["ended"]) and work["ended"][seat]:
        text.append(" · finished", style="dim")
    elif left:
        text.append("\nstill to act ", style="bold")
        text.append_text(_slots(slots, left))
    return text


def _slots(slots: Sequence[str], counts: Sequence[int]) -> Text:
    used = [(slots[i] if i < len(slots) else str(i), n) for i, n in enumerate(counts) if n]
    if not used:
        return Text("none", style="grey35")
    return Text(", ").join(
        Text.assemble((name.replace("_", " "), "cyan"), f" x{n}") for name, n in used
    )
