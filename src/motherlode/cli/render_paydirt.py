"""Pay Dirt at the terminal: the table as a player sees it, board by board.

A header (round, temperature, first player, phase, whose decision), the auction area (the
displays, the upgrade row, the stacks), the auction in progress, then one panel per player
(you last, nearest the prompt): money, gold, workers, claims, the work chain excavator →
loader → wash plant with the TYPE of each ore tile and the wear, specialists, upgrades,
long-term events, the work placements; the events draft and a pending purchase decision.
Tiles and cards show their printed names (`Betsy Pretty`, `claim 4`, `layered claim 2`), from
the view's `names`; `info` finds each by that name or by its id. `LEGEND` explains the marks.

Fits an 80-column terminal: below 100 columns a medium ore is `[med]`, which keeps the three
machines side by side; nothing is cut and every mark (▮▯ wear, ≡layered, FlimCo) is kept.

Draws a seat's view only (the typed `PayDirtView` of `State.view`), never the state nor the
component data: an ore tile shows its type only, the others' work placements only once
revealed, a draft hand only to its holder. The log is the view's events, each with its own
sentence (`text`), and the decision its own groups: the terminal's play loop prints both.

`plan` is the game's own command at the prompt (`PLAN_HELP`): `run` moves ore along the chain
with the workers placed on the machines, one legal `load`/`move` at a time.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.engine import View
from motherlode.engine.decision import actions_of
from motherlode.rules.paydirt import (
    MACHINE_LABELS,
    MACHINES,
    ORE_TYPES,
    PHASE_LABELS,
    AuctionView,
    BoardView,
    MachineView,
    PayDirtView,
    is_paydirt_view,
)

MACHINE_NAMES = tuple(MACHINE_LABELS[m] for m in MACHINES)  # excavator, loader, wash plant
ORE_STYLES = dict(zip(ORE_TYPES, ("grey70", "bold cyan", "bold yellow"), strict=True))
SHORT = {"medium": "med"}  # ore types as a narrow console prints them
WIDE = 100  # consoles this wide print ore types in full
LEGEND: dict[str, str] = {
    "[poor]": "a poor ore tile (its value hidden until washed); on a machine, the space it "
              "stands on",
    "[medium]": "a medium ore tile (its value hidden until washed)",
    "[med]": "a medium ore tile, as a console under 100 columns prints it",
    "[rich]": "a rich ore tile (its value hidden until washed)",
    "[ ]": "an empty space of a machine",
    "→": "the work chain: ore moves from the claims onto the excavator, then the loader, then "
         "the wash plant, whose last space turns it into gold",
    "wear": "wear markers ▮ used and ▯ left of the service life (2/4: 2 wear, life 4); at "
            "full wear no new ore enters until it is repaired",
    "▮": "a wear marker on a machine or an upgrade",
    "▯": "service life left: room for one more wear marker",
    "FlimCo": "cheap equipment (red icons): once fully worn it cannot be repaired and leaves",
    "≡layered": "a layered claim: its ore is taken in the order shown, the first tile next",
    "worked out": "a claim with no ore left",
    "(camp)": "the upgrade's kind: camp or claim; a board holds one of each",
    "(top: camp)": "the kind of the face-down upgrade on top of the stack (its back shows it)",
    "top, face up": "the event card Remy Roulette put back on top of the deck, face up",
    "discarded": "ore tiles discarded, per type (poor/medium/rich): a stack that runs out is "
                 "shuffled again from them",
    "x2": "workers placed at a place (excavator x2: two workers on the excavator)",
    "still to act": "the workers placed this round that have not acted yet",
    "hidden until everyone is done": "another seat's placements are secret until every seat "
                                     "has finished placing",
    "vault": "nuggets kept in a Company Vault: they count as gold but cannot be sold",
    "out sick": "Flu Outbreak: that specialist's workers and ability are out",
    "borrowed": "Disloyal Employee: an opponent's specialist also works here",
    "waiting": "Bad Roads: tiles bought that reach the board when the card ends",
    "◀ to decide": "the seat that decides now",
    "first player": "the head miner: starts the Auction and each Work step; passes clockwise",
    "LAST ROUND": "the temperature is at 0 °C or below: Auction, Work and Cleanup, then the end",
    "°C": "the temperature (the thermometer's top at the start): each round's first player's "
          "event card lowers it; at 0 or below the next round is the last",
}

PLAN_HELP = ("run [excavator|loader|wash plant]: your workers on that machine (on every "
             "machine if none is named) move ore along, the one furthest along first, loading "
             "the richest ore; never into a FlimCo it would wear out")


def render(seen: View, console: Console) -> None:
    """The whole table as `view["seat"]` sees it."""
    if not is_paydirt_view(seen):
        raise TypeError(f"render_paydirt draws Pay Dirt views, not {seen['game']}")
    view = seen
    console.print(header(view))
    console.print(auction_area(view, console.width))
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
    narrow = console.width < WIDE
    for seat in seat_order(view):
        console.print(player_panel(view, seat, narrow))


# --- pieces ------------------------------------------------------------------------------------
def dollars(amount: int) -> str:
    return f"${amount:,}"


def who(view: PayDirtView, seat: int | None) -> str:
    if seat is None:
        return "—"
    return "you" if view["seat"] == seat else f"seat {seat}"


def seat_order(view: PayDirtView) -> list[int]:
    """Every seat clockwise, the viewer's last, nearest the prompt (the spectator: from 0)."""
    n = len(view["boards"])
    me = view["seat"]
    start = me + 1 if me is not None and 0 <= me < n else 0
    return [(start + i) % n for i in range(n)]


def ore_text(kind: str | None, narrow: bool = False) -> Text:
    """A stage or an ore tile: `[poor]`, `[medium]` (`[med]` if narrow), `[rich]` coloured by
    type, `[ ]` empty."""
    if kind is None:
        return Text("[ ]", style="grey35")
    shown = SHORT.get(kind, kind) if narrow else kind
    return Text(f"[{shown}]", style=ORE_STYLES.get(kind, ""))


def temperature_style(degrees: int) -> str:
    if degrees >= 10:
        return "bold red"
    if degrees >= 5:
        return "bold yellow"
    return "bold bright_blue"


def thermometer(degrees: int, top: int) -> Text:
    """`+12°C 0▕████████████···▏+15`: one cell per degree from 0 to `top` (the temperature
    the game starts at), filled up to the temperature."""
    level = max(0, min(top, degrees))
    text = Text(f"{degrees:+d}°C ", style=temperature_style(degrees))
    text.append("0▕", style="dim")
    text.append("█" * level, style=temperature_style(degrees))
    text.append("·" * (top - level), style="grey35")
    text.append(f"▏+{top}", style="dim")
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


def named(view: PayDirtView, item: str) -> str:
    """A tile's or card's printed name (`Betsy Pretty`, `claim 4`); `info` finds it too."""
    return view["names"].get(item, item)


def ids(view: PayDirtView, items: Sequence[str] | None, style: str = "") -> Text:
    """Tiles or cards by their printed names."""
    if not items:
        return Text("—", style="grey35")
    return Text(", ").join(Text(named(view, i), style=style) for i in items)


# --- the table -------------------------------------------------------------------------------
def header(view: PayDirtView) -> Text:
    phase = view["phase"]
    text = Text()
    text.append("Pay Dirt", style="bold yellow")
    text.append(f" · round {view['round']} · ")
    text.append_text(thermometer(view["temperature"], view["start_temperature"]))
    text.append(f" · first player {who(view, view['first_player'])}")
    text.append("\nphase ")
    text.append(PHASE_LABELS.get(phase, phase), style="bold green" if phase == "over" else "bold")
    current = view["current_player"]
    if current is not None:
        text.append(" · to decide: ")
        mine = current == view["seat"]
        text.append(who(view, current), style="bold green" if mine else "bold")
    if view["last_round"]:
        text.append(" · LAST ROUND", style="bold red")
    return text


def auction_area(view: PayDirtView, width: int = WIDE) -> Table:
    """The three displays and the upgrade row, each with its stack; ore and event piles. The
    names are packed into the console's width, a line breaking between names only."""
    displays = view["displays"]
    stacks = view["stacks"]
    room = max(20, width - 32)  # the face-up column: the console less "specialist", "stack"
    table = Table(
        box=box.SIMPLE_HEAD, title="Auction area", title_justify="left", pad_edge=False
    )
    table.add_column("display", style="bold", no_wrap=True)
    table.add_column("stack", justify="right", no_wrap=True)
    table.add_column("face up")

    def shown(items: list[str], style: str) -> Text:
        return packed([Text(named(view, i), style=style) for i in items], room, ", ")

    table.add_row("equipment", str(stacks["equipment"]),
                  shown(displays["equipment"], "bright_white"))
    table.add_row("specialist", str(stacks["specialist"]),
                  shown(displays["specialist"], "green"))
    table.add_row("claim", str(stacks["claim"]), shown(displays["claim"], "dark_orange"))
    upgrade_stack = Text(str(stacks["upgrade"]))
    top = stacks["upgrade_top"]
    if top:
        upgrade_stack.append(f" (top: {top})", style="dim")
    table.add_row("upgrade", upgrade_stack, shown(displays["upgrade"], "magenta"))
    ore: list[Text] = [Text.assemble(ore_text(kind), f" {left}")
                       for kind, left in zip(ORE_TYPES, stacks["ore"], strict=False)]
    gone = "/".join(str(n) for n in stacks["ore_discards"])
    ore.append(Text(f"discarded {gone}", style="dim"))
    table.add_row("ore", "", packed(ore, room, "  "))
    events = [Text(f"{stacks['events']} in deck")]
    if stacks["event_top"]:
        events.append(Text.assemble(("top, face up: ", "dim"),
                                    (named(view, stacks["event_top"]), "magenta")))
    discard = stacks["event_discard"]
    if discard:
        events.append(Text(f"{len(discard)} resolved", style="dim"))
        events.append(Text.assemble(("last ", "dim"), (named(view, discard[-1]), "magenta")))
    table.add_row("events", "", packed(events, room, " · "))
    return table


def packed(pieces: Sequence[Text], room: int, separator: str) -> Text:
    """The pieces in lines of at most `room` cells, a line breaking between pieces only: the
    separator's mark (`,`, ` ·`) ends a piece, its spaces go between pieces on a line."""
    if not pieces:
        return Text("—", style="grey35")
    mark = separator.rstrip()
    gap = separator[len(mark):]
    lines = [Text()]
    for i, piece in enumerate(pieces):
        part = piece.copy()
        if i < len(pieces) - 1:
            part.append(mark)
        if lines[-1].cell_len and lines[-1].cell_len + len(gap) + part.cell_len > room:
            lines.append(Text())
        elif lines[-1].cell_len:
            lines[-1].append(gap)
        lines[-1].append_text(part)
    return Text("\n").join(lines)


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
        text.append(named(view, item), style="bold bright_white")
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
    item = " ".join(named(view, part) for part in pending[1:])
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
    text.append(named(view, choice["card"]), style="bold magenta")
    text.append(f" asks: {choice['step']}")
    memo = choice["memo"]
    if memo:
        text.append(f" (so far: {', '.join(answer(view, m) for m in memo)})", style="dim")
    text.append(" · answers: " + " | ".join(answer(view, o) for o in choice["options"]),
                style="dim")
    return text


def answer(view: PayDirtView, option: str) -> str:
    """A card's answer as the table names it: `ore claim-4 2` -> `ore 2 of claim 4`,
    `upgrade generator` -> `Generator`, `space loader 1` -> `space 1 of the loader`."""
    head, _, rest = option.partition(" ")
    words = rest.split()
    if head in ("tile", "specialist", "upgrade", "claim") and words:
        return named(view, words[0])
    if head == "ore" and len(words) == 2:
        return f"ore {words[1]} of {named(view, words[0])}"
    if head == "space" and len(words) == 2:
        return f"space {words[1]} of the {words[0].replace('_', ' ')}"
    if head == "machine" and words:
        return f"the {words[0].replace('_', ' ')}"
    return option


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
        revealed = ids(view, draft["revealed"], "magenta")
        lines.append(Text.assemble(("revealed ", "bold"), revealed))
    if draft["hand"] is not None:
        hand = ids(view, draft["hand"], "magenta")
        lines.append(Text.assemble(("your hand ", "bold green"), hand))
    elif draft["handed"]:
        handed = ids(view, draft["handed"], "dim")
        lines.append(Text.assemble(("you were handed ", "bold"), handed))
    if draft["pick"]:
        lines.append(Text.assemble(("your pick ", "bold"), (named(view, draft["pick"]),
                                                            "magenta")))
    return Panel(Group(*lines), title="Events draft", title_align="left", border_style="magenta")


# --- a player's board ----------------------------------------------------------------------
def player_panel(view: PayDirtView, seat: int, narrow: bool = False) -> Panel:
    board = view["boards"][seat]
    mine = view["seat"] == seat
    title = Text(f"seat {seat}" + (" · you" if mine else ""))
    title.stylize("bold green" if mine else "bold")
    if view["first_player"] == seat:
        title.append(" · first player", style="yellow")
    if view["current_player"] == seat:
        title.append(" · ◀ to decide", style="bold cyan")
    parts: list[RenderableType] = [
        money_line(board), claims_grid(view, board, narrow), work_chain(view, board, narrow)
    ]
    extras = extras_grid(view, board)
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


def claims_grid(view: PayDirtView, board: BoardView, narrow: bool = False) -> Table:
    """Each claim: its ore types in order (a layered claim: the next tile first)."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column()
    claims = board["claims"]
    for n, claim in enumerate(claims):
        name = Text(named(view, claim["claim"]), style="dark_orange")
        if claim["layered"]:
            name.append(" ≡layered", style="magenta")
        ore = Text(" ").join(ore_text(o, narrow) for o in claim["ore"])
        if not claim["ore"]:
            ore = Text("worked out", style="grey35")
        grid.add_row("claims" if n == 0 else "", name, ore)
    if not claims:
        grid.add_row("claims", Text("—", style="grey35"), "")
    return grid


def machine_box(title: Text, machine: MachineView, narrow: bool = False) -> list[Text]:
    """One machine as four lines of a box: which tile (in the top edge), its stages as
    `[type]`/`[ ]`, its wear."""
    stages = Text("").join(ore_text(s, narrow) for s in machine["spaces"])
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


def machine_title(view: PayDirtView, kind: str, machine: MachineView) -> Text:
    """The tile's printed name (`excavator 5`), or `starting excavator` for the board's own."""
    tile = machine["equipment"]
    if tile:
        return Text(named(view, tile), style="bold bright_white")
    return Text(f"starting {kind}", style="bold")


def _machine_name(chain: int) -> str:
    return MACHINE_NAMES[chain] if chain < len(MACHINE_NAMES) else f"machine {chain}"


def work_chain(view: PayDirtView, board: BoardView, narrow: bool = False) -> Text:
    """The three machines side by side, excavator → loader → wash plant."""
    boxes = [
        machine_box(machine_title(view, _machine_name(i), m), m, narrow)
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


def extras_grid(view: PayDirtView, board: BoardView) -> Table:
    """Specialists, upgrades with their wear, long-term events held."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    specialists = board["specialists"]
    if specialists:
        grid.add_row("specialists", ids(view, specialists, "green"))
    upgrades = board["upgrades"]
    if upgrades:
        wear = board["upgrade_wear"]
        text = Text()
        for kind, upgrade in upgrades.items():
            if text:
                text.append(" · ")
            text.append(named(view, upgrade), style="magenta")
            text.append(f" ({kind}) wear ")
            text.append_text(marks(wear.get(kind, 0)))
        grid.add_row("upgrades", text)
    events = board["events"]
    if events:
        grid.add_row("events", ids(view, events, "magenta"))
    if board["vault"]:
        grid.add_row("vault", Text(f"{board['vault']} nuggets (not for sale)", style="yellow"))
    for label, card in (("out sick", board["sick"]), ("borrowed", board["borrowed"])):
        if card:
            grid.add_row(label, ids(view, [card], "green"))
    waiting = board["waiting"]
    if waiting:
        grid.add_row("waiting", ids(view, waiting, "dim"))
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


# --- the `run` command ---------------------------------------------------------------------
def plan(seen: View, text: str) -> str | None:
    """`run [machine]`: the next `move` or `load` of the viewer's machine workers, or None
    when `text` is not that command or nothing more can run (PLAN_HELP)."""
    words = text.lower().replace("-", " ").replace("_", " ").split()
    if not words or words[0] != "run" or not is_paydirt_view(seen):
        return None
    wanted = " ".join(words[1:])
    if wanted and wanted not in MACHINE_NAMES:
        return None
    view = seen
    decision = view["decision"]
    seat = view["seat"]
    if decision is None or seat is None or view["phase"] != "work":
        return None
    chains = [MACHINE_NAMES.index(wanted)] if wanted else range(len(MACHINES))
    board = view["boards"][seat]
    options = [_run_step(action, board) for action in actions_of(decision)]
    steps = [step for step in options if step is not None and step[0] in chains]
    return max(steps)[2] if steps else None


def plan_refusal(seen: View, text: str) -> str:
    """Why `run [machine]` does nothing now, and what to type instead ("" if `text` is not
    the command)."""
    words = text.lower().replace("-", " ").replace("_", " ").split()
    if not words or words[0] != "run" or not is_paydirt_view(seen):
        return ""
    wanted = " ".join(words[1:])
    if wanted and wanted not in MACHINES:
        return ("run takes a machine or nothing: run, run excavator, run loader or "
                "run wash plant")
    decision = seen["decision"]
    if decision is None or seen["phase"] != "work":
        now = decision["prompt"] if decision is not None else "you have nothing to decide"
        return f"run moves ore along in the Work phase, when your workers act; now: {now}"
    where = f"on the {wanted}" if wanted else "on your machines"
    return (f"run has nothing to do: no worker of yours {where} can move ore now; "
            "type 'actions' for what they can do")


def _run_step(action: str, board: BoardView) -> tuple[int, int, str] | None:
    """(machine, rank, action) of a `move` or `load` the `run` command may take; rank: the
    space moved into (a load: 0, then the richest ore first); None for other actions and for
    an ore entering a FlimCo one wear short of leaving."""
    words = action.split()
    if words[0] == "move" and len(words) == 3:
        chain = MACHINES.index(words[1])
        space = int(words[2])
    elif words[0] == "load" and len(words) == 3:
        chain, space = 0, 0
    else:
        return None
    machine = board["machines"][chain]
    entering = space <= 1
    if entering and machine["flimco"] and machine["wear"] + 1 >= machine["service_life"]:
        return None
    rank = space * len(ORE_TYPES) if space else -len(ORE_TYPES) + ORE_TYPES.index(words[2])
    return chain, rank, action
