"""Pay Dirt at the terminal: the table as a player sees it, board by board.

A header (round, temperature, first player, phase, whose decision), the auction area (the
displays, the upgrade row, the stacks), the auction in progress, then one panel per player
(you first): money, gold, workers, claims, the work chain excavator → loader → wash plant with
the TYPE of each ore tile and the wear, specialists, upgrades, long-term events, the work
placements; the events draft and a pending purchase decision.

Draws a seat's view only (the dict of `State.view`), never the state: an ore tile shows its
type only, the others' work placements only once revealed, a draft hand only to its holder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.engine import JSON

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


def render(view: JSON, console: Console) -> None:
    """The whole table as `view["seat"]` sees it."""
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


def describe_event(event: Mapping[str, Any]) -> Text:
    """One log entry: `buy claim-4 for $9,000`, `placed excavator x2, buy x1`,
    `cleanup poor ore worth 3 · 8 spaces to go · gold 0`."""
    action = str(event.get("action", ""))
    text = Text(action, style="cyan")
    for key, value in event.items():
        if key in ("seat", "action"):
            continue
        if key == "price" and isinstance(value, int):
            text.append(f" for {dollars(value)}")
        elif key == "workers" and isinstance(value, Mapping):
            text.append(" ")
            text.append(", ".join(f"{slot} x{n}" for slot, n in value.items()) or "no workers")
        elif key == "ore":
            text.append(" ")
            text.append_text(ore_text(str(value)))
        elif key == "value":
            text.append(f" worth {value}")
        elif key == "event" and str(value) in action:
            continue
        elif key == "long_term":
            if value:
                text.append(" (long-term)", style="magenta")
        elif key == "forced":
            if value:
                text.append(" (forced)", style="dim")
        elif key == "temperature" and isinstance(value, int):
            text.append(f" → {value:+d}°C", style=temperature_style(value))
        else:
            text.append(f" · {str(key).replace('_', ' ')} {value}")
    return text


# --- pieces ------------------------------------------------------------------------------------
def dollars(amount: object) -> str:
    return f"${amount:,}" if isinstance(amount, int) else str(amount)


def who(view: JSON, seat: object) -> str:
    if not isinstance(seat, int) or isinstance(seat, bool):
        return "—"
    return "you" if view.get("seat") == seat else f"seat {seat}"


def seat_order(view: JSON) -> list[int]:
    """Every seat, the viewer's first (the spectator: from seat 0)."""
    n = len(view.get("boards") or [])
    me = view.get("seat")
    start = me if isinstance(me, int) and 0 <= me < n else 0
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


def thermometer(degrees: object) -> Text:
    """`+12°C +15 ████████████··· 0`: one cell per degree, filled up to the temperature."""
    if not isinstance(degrees, int) or isinstance(degrees, bool):
        return Text(f"{degrees}°C")
    level = max(0, min(MAX_TEMPERATURE, degrees))
    text = Text(f"{degrees:+d}°C ", style=temperature_style(degrees))
    text.append("0▕", style="dim")
    text.append("█" * level, style=temperature_style(degrees))
    text.append("·" * (MAX_TEMPERATURE - level), style="grey35")
    text.append(f"▏+{MAX_TEMPERATURE}", style="dim")
    return text


def marks(filled: object, style: str = "red", life: object = None) -> Text:
    """Wear as marks out of the service life when known: `▮▮▯▯ 2/4`; else `▮▮ 2`."""
    if not isinstance(filled, int) or isinstance(filled, bool):
        return Text(str(filled))
    if isinstance(life, int) and not isinstance(life, bool) and life > 0:
        used = min(filled, life)
        return Text.assemble(("▮" * used, style), ("▯" * (life - used), "grey50"),
                             f" {filled}/{life}")
    if filled <= 0:
        return Text("0", style="grey50")
    return Text.assemble(("▮" * min(filled, 10), style), f" {filled}")


def ids(items: Sequence[Any] | None, style: str = "") -> Text:
    if not items:
        return Text("—", style="grey35")
    return Text(", ").join(Text(str(i), style=style) for i in items)


# --- the table -------------------------------------------------------------------------------
def header(view: JSON) -> Text:
    phase = str(view.get("phase"))
    text = Text()
    text.append("Pay Dirt", style="bold yellow")
    text.append(f" · round {view.get('round')} · ")
    text.append_text(thermometer(view.get("temperature")))
    text.append(f" · first player {who(view, view.get('first_player'))}")
    if view.get("last_round"):
        text.append(" · LAST ROUND", style="bold red")
    text.append("\nphase ")
    text.append(PHASE_NAMES.get(phase, phase), style="bold green" if phase == "over" else "bold")
    current = view.get("current_player")
    if current is not None:
        text.append(" · to decide: ")
        mine = current == view.get("seat")
        text.append(who(view, current), style="bold green" if mine else "bold")
    return text


def auction_area(view: JSON) -> Table:
    """The three displays and the upgrade row, each with its stack; ore and event piles."""
    displays: Mapping[str, Any] = view.get("displays") or {}
    stacks: Mapping[str, Any] = view.get("stacks") or {}
    table = Table(
        box=box.SIMPLE_HEAD, title="Auction area", title_justify="left", pad_edge=False
    )
    table.add_column("display", style="bold", no_wrap=True)
    table.add_column("face up")
    table.add_column("stack", justify="right", no_wrap=True)
    for kind, style in (("equipment", "bright_white"), ("specialist", "green"),
                        ("claim", "dark_orange")):
        table.add_row(kind, ids(displays.get(kind), style), str(stacks.get(kind, "")))
    upgrade_stack = Text(str(stacks.get("upgrade", "")))
    top = stacks.get("upgrade_top")
    if top:
        upgrade_stack.append(f" (top: {top})", style="dim")
    table.add_row("upgrade", ids(displays.get("upgrade"), "magenta"), upgrade_stack)
    ore = Text()
    for kind, left in zip(ORE_ORDER, stacks.get("ore") or [], strict=False):
        ore.append_text(ore_text(kind))
        ore.append(f" {left}  ")
    gone = stacks.get("ore_discards") or []
    ore.append(f"· discarded {'/'.join(str(n) for n in gone)}", style="dim")
    table.add_row("ore", ore, "")
    events = Text(f"{stacks.get('events', '')} in deck")
    discard = stacks.get("event_discard") or []
    if discard:
        events.append(f" · {len(discard)} resolved, last ", style="dim")
        events.append(str(discard[-1]), style="magenta")
    table.add_row("events", events, "")
    return table


def auction_line(view: JSON) -> Text | None:
    """The auction in progress: item, high bid and bidder, passed and declined seats,
    blocked type, tiles sold this round."""
    auction: Mapping[str, Any] | None = view.get("auction")
    if not auction:
        return None
    text = Text("Auction", style="bold")
    item = auction.get("item")
    if item:
        text.append(": ")
        text.append(str(item), style="bold bright_white")
        text.append(f" ({auction.get('kind')})", style="dim")
        text.append(" · high bid ")
        high = auction.get("high") or 0
        if high:
            text.append(dollars(high), style="bold green")
            text.append(f" by {who(view, auction.get('bidder'))}")
        else:
            text.append("none yet", style="dim")
    else:
        text.append(": waiting for a tile to be picked", style="dim")
    passed = [s for s, flag in enumerate(auction.get("passed") or []) if flag]
    if passed:
        text.append(f" · passed: {', '.join(who(view, s) for s in passed)}")
    declined = [s for s, flag in enumerate(auction.get("declined") or []) if flag]
    if declined:
        text.append(f" · declined: {', '.join(who(view, s) for s in declined)}")
    if auction.get("blocked"):
        text.append(f" · blocked: {auction['blocked']}", style="red")
    text.append(f" · sold this round {auction.get('sold', 0)}")
    return text


def pending_line(view: JSON) -> Text | None:
    """The buyer's decision on a purchase: which claim to discard, install or scrap."""
    pending = view.get("pending")
    if not pending:
        return None
    kind = str(pending[0])
    item = " ".join(str(p) for p in pending[1:])
    buyer = view.get("current_player")
    text = Text("Purchase decision", style="bold yellow")
    text.append(f" ({who(view, buyer)}): {kind} ")
    text.append(item, style="bold bright_white")
    if kind == "claim":
        text.append(" · a 4th claim: discard one", style="dim")
    elif kind == "equipment":
        text.append(" · install it (replacing that machine) or scrap it for parts", style="dim")
    return text


def choice_line(view: JSON) -> Text | None:
    """A card's question: whose, which card, what is asked and the answers allowed."""
    choice = view.get("choice")
    if not choice:
        return None
    text = Text("Card decision", style="bold yellow")
    text.append(f" ({who(view, choice.get('seat'))}): ")
    text.append(str(choice.get("card")), style="bold magenta")
    text.append(f" asks: {choice.get('step')}")
    memo = choice.get("memo") or []
    if memo:
        text.append(f" (so far: {', '.join(str(m) for m in memo)})", style="dim")
    text.append(" · choose " + " | ".join(str(o) for o in choice.get("options") or []),
                style="dim")
    return text


def draft_panel(view: JSON) -> Panel | None:
    """The events draft: pick order, cards, picks made, revealed picks; your hand and pick."""
    draft: Mapping[str, Any] | None = view.get("draft")
    if not draft:
        return None
    lines: list[Text] = []
    order = " → ".join(who(view, s) for s in draft.get("order") or [])
    lines.append(
        Text.assemble(
            ("order ", "bold"), order,
            f" · cards {draft.get('cards')} · picks {draft.get('picks')}",
            f" · holder {who(view, draft.get('holder'))} ({draft.get('hand_size')} in hand)",
        )
    )
    if draft.get("revealed"):
        lines.append(Text.assemble(("revealed ", "bold"), ids(draft["revealed"], "magenta")))
    if draft.get("hand") is not None:
        lines.append(Text.assemble(("your hand ", "bold green"), ids(draft["hand"], "magenta")))
    elif draft.get("handed"):
        lines.append(Text.assemble(("you were handed ", "bold"), ids(draft["handed"], "dim")))
    if draft.get("pick"):
        lines.append(Text.assemble(("your pick ", "bold"), (str(draft["pick"]), "magenta")))
    return Panel(Group(*lines), title="Events draft", title_align="left", border_style="magenta")


# --- a player's board ----------------------------------------------------------------------
def player_panel(view: JSON, seat: int) -> Panel:
    board: Mapping[str, Any] = view["boards"][seat]
    mine = view.get("seat") == seat
    title = Text(f"seat {seat}" + (" · you" if mine else ""))
    title.stylize("bold green" if mine else "bold")
    if view.get("first_player") == seat:
        title.append(" · first player", style="yellow")
    if view.get("current_player") == seat:
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


def money_line(board: Mapping[str, Any]) -> Text:
    text = Text()
    text.append("cash ", style="bold")
    text.append(dollars(board.get("cash")), style="bold green")
    text.append(" · gold ", style="bold")
    text.append(str(board.get("gold")), style="bold yellow")
    text.append(" · workers ", style="bold")
    text.append(str(board.get("workers")))
    if board.get("won"):
        text.append(" · won an auction this round", style="dim")
    return text


def claims_grid(board: Mapping[str, Any]) -> Table:
    """Each claim: its ore types in order (a layered claim: the next tile first)."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column()
    claims: list[Mapping[str, Any]] = board.get("claims") or []
    for n, claim in enumerate(claims):
        name = Text(str(claim.get("claim")), style="dark_orange")
        if claim.get("layered"):
            name.append(" ≡layered", style="magenta")
        ore = Text("").join(ore_text(str(o)) for o in claim.get("ore") or [])
        if not claim.get("ore"):
            ore = Text("worked out", style="grey35")
        grid.add_row("claims" if n == 0 else "", name, ore)
    if not claims:
        grid.add_row("claims", Text("—", style="grey35"), "")
    return grid


def machine_box(kind: str, machine: Mapping[str, Any]) -> list[Text]:
    """One machine as four lines of a box: which tile (in the top edge), its stages as
    `[type]`/`[ ]`, its wear."""
    spaces = machine.get("spaces") or []
    stages = Text("").join(ore_text(None if s is None else str(s)) for s in spaces)
    tile = machine.get("equipment")
    title = Text(str(tile), style="bold bright_white") if tile else Text.assemble(
        (kind, "bold"), (" start", "dim")
    )
    wear = Text.assemble(("wear ", "dim"), marks(machine.get("wear"), life=machine.get(
        "service_life")))
    if machine.get("flimco"):
        wear.append(" FlimCo", style="bold red")
    inner = max(title.cell_len + 2, stages.cell_len, wear.cell_len)
    edge = "grey50"

    def row(body: Text) -> Text:
        return Text.assemble(("│ ", edge), body, " " * (inner - body.cell_len), (" │", edge))

    rule = " " + "─" * (inner - title.cell_len - 1) + "╮"
    top = Text.assemble(("╭─ ", edge), title, (rule, edge))
    bottom = Text("╰" + "─" * (inner + 2) + "╯", style=edge)
    return [top, row(stages), row(wear), bottom]


def work_chain(board: Mapping[str, Any]) -> Text:
    """The three machines side by side, excavator → loader → wash plant."""
    machines: list[Mapping[str, Any]] = board.get("machines") or []
    boxes = [
        machine_box(MACHINES[i] if i < len(MACHINES) else f"machine {i}", m)
        for i, m in enumerate(machines)
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


def extras_grid(board: Mapping[str, Any]) -> Table:
    """Specialists, upgrades with their wear, long-term events held."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    specialists = board.get("specialists") or []
    if specialists:
        grid.add_row("specialists", ids(specialists, "green"))
    upgrades: Mapping[str, Any] = board.get("upgrades") or {}
    if upgrades:
        wear: Mapping[str, Any] = board.get("upgrade_wear") or {}
        text = Text()
        for kind, upgrade in upgrades.items():
            if text:
                text.append(" · ")
            text.append(str(upgrade), style="magenta")
            text.append(f" ({kind}) wear ")
            text.append_text(marks(wear.get(kind, 0)))
        grid.add_row("upgrades", text)
    events = board.get("events") or []
    if events:
        grid.add_row("events", ids(events, "magenta"))
    if board.get("vault"):
        grid.add_row("vault", Text(f"{board['vault']} nuggets (not for sale)", style="yellow"))
    for field, label in (("sick", "out sick"), ("borrowed", "borrowed")):
        if board.get(field):
            grid.add_row(label, ids([board[field]], "green"))
    waiting = board.get("waiting") or []
    if waiting:
        grid.add_row("waiting", ids(waiting, "dim"))
    return grid


def work_lines(view: JSON, seat: int) -> Text | None:
    """This seat's work placements: its own always, the others' once every seat is done;
    while carrying out, the workers still to act."""
    work: Mapping[str, Any] | None = view.get("work")
    if not work:
        return None
    slots: list[str] = list(work.get("slots") or [])
    text = Text("workers placed ", style="bold")
    placed = _at(work.get("placed"), seat)
    done = bool(_at(work.get("done"), seat))
    if placed is None:
        text.append("hidden until everyone is done", style="dim")
        text.append(" · done placing" if done else " · still placing", style="dim")
        return text
    text.append_text(_slots(slots, placed))
    if not work.get("revealed"):
        text.append(" · done placing" if done else " · still placing", style="dim")
        return text
    left = _at(work.get("left"), seat)
    if _at(work.get("ended"), seat):
        text.append(" · finished", style="dim")
    elif left:
        text.append("\nstill to act ", style="bold")
        text.append_text(_slots(slots, left))
    return text


def _at(items: object, index: int) -> Any:
    if isinstance(items, list) and 0 <= index < len(items):
        return items[index]
    return None


def _slots(slots: Sequence[str], counts: Sequence[Any]) -> Text:
    used = [(slots[i] if i < len(slots) else str(i), n) for i, n in enumerate(counts) if n]
    if not used:
        return Text("none", style="grey35")
    return Text(", ").join(
        Text.assemble((name.replace("_", " "), "cyan"), f" x{n}") for name, n in used
    )
