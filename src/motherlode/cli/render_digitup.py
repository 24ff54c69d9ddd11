"""Dig It Up at the terminal: the dig sites as rows of tiles, the scoreboards, your mission.

Draws a seat's view only (`State.view`, typed by the game's front door), never the state; the
names and texts of cards and missions come from the view's `cards`, so a game loaded with its
own data shows its own; the tile kinds, the spaces of a site and the phases' names are the
front door's (`motherlode.rules.digitup`). The log's sentences and the decision are printed by
the generic terminal (`event["text"]`, `view["decision"]`).

Fits an 80-column terminal: each table is drawn with the tile kinds in words and, only when
that is wider than the console, with the short names of `LEGEND` (a money token then goes
under its tile); no name is cut and every mark (★, +2, ⛏, tokens) is kept.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from rich import box
from rich.console import Console, Group
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.engine import View
from motherlode.rules.digitup import (
    DESCRIPTION,
    KINDS,
    PHASES,
    SITE_TILES,
    DigItUpView,
    MoneyView,
    Phase,
    ScoreboardView,
    SiteView,
    TileView,
    is_digitup_view,
)

PICKAXE = "⛏"
UNBOUNDED = 10_000  # a width no table reaches: to measure one's natural width

#: Each tile kind's colour, in the order of the game's `KINDS` (gold ... stone).
KIND_STYLES = dict(zip(KINDS, (
    "bold yellow", "magenta", "dark_orange", "bright_white", "wheat1", "cyan", "bold red",
    "bold bright_cyan", "grey50",
), strict=True))

#: The short names a table uses when the words do not fit the console, in `KINDS`' order.
KIND_SHORT = dict(zip(KINDS, (
    "gold", "inc", "stat", "knif", "scrl", "crys", "ruby", "diam", "ston",
), strict=True))

OVER = PHASES[Phase.OVER]

#: What the drawing's marks, badges, short names and column heads mean (`info`, `rules`);
#: the words that are also rules terms (`abandoned`, `mission`) are in the game's glossary.
LEGEND: dict[str, str] = {
    "★": "star on a tile: whoever collects it draws a chance card",
    "+2": "\"+2\" on a tile: whoever collects it takes a money token of 2 won",
    PICKAXE: "a site's pickaxe: after the site's name it is still on the label; in a space, it "
             "stands where it collected the tile (the space is empty)",
    "·": "an empty space: its tile was collected",
    "+3": "a number after a tile (+3): a Strike Gold money token lying on it; whoever digs "
          "that tile takes it",
    "-3": "a number after a tile (-3): a Hazardous Area money token lying on it; whoever digs "
          "that tile pays it",
    "won": "scoreboard column: the money tokens a player holds, in won",
    "shop shut": "the player made that many dig sites abandoned by collecting their "
                 "second-to-last tile (the Closing Shop mission counts them)",
    "used": "chance cards a player has used up (grey ones, and Strike Gold / Hazardous Area)",
    "kept": "orange chance cards a player keeps (they count at the end, or a Compass later)",
    "✓": "money table: the mission was achieved (the mission column is its bonus, step 1)",
    "✗": "money table: the mission was not achieved (the mission column is 0)",
    "chance": "money table, step 2: orange chance cards that pay at the end",
    "tokens": "money table, step 3: the face value of the money tokens",
    "sets": "money table, step 4: the treasures' set bonuses (each type's set once)",
    "trinity": "money table, step 4: the Trinity Prizes, one per trio of incense burner, statue "
               "and knife (see trinity-prize)",
    "stones": "money table, step 4: what the stones cost (see stone)",
    "bundles": "money table, step 5: the bundles of treasure tiles not in a set (see bundle)",
    "left over": "treasure tiles not in a set, bundled by three",
    **{short: f"short for {kind} (tiles)" for kind, short in KIND_SHORT.items() if short != kind},
}


def render(view: View, console: Console) -> None:
    """The whole table as `view["seat"]` sees it."""
    if not is_digitup_view(view):
        raise ValueError(f"not a Dig It Up view: {view['game']}")
    console.print(header(view))
    console.print(fit(console, lambda short, gap: sites(view, short, gap)))
    gone = abandoned(view, console.width)
    if gone is not None:
        console.print(gone)
    console.print(fit(console, lambda short, gap: scoreboards(view, short, gap)))
    for line in player_notes(view, console.width):
        console.print(line)
    if view["phase"] == OVER:
        console.print(money_table(view))
        for line in money_parts(view, console.width):
            console.print(line)
    mine = own_board(view)
    if mine is not None:
        console.print(mine)


def fit(console: Console, draw: Callable[[bool, int], Table]) -> Table:
    """The table drawn in words if that fits the console, else with the short names; with
    2 spaces between columns if they fit, else 1."""
    options = console.options.update_width(UNBOUNDED)
    for short, gap in ((False, 1), (False, 0), (True, 1)):
        table = draw(short, gap)
        if Measurement.get(console, options, table).maximum <= console.width:
            return table
    return draw(True, 0)


# --- pieces ------------------------------------------------------------------------------------
def title(view: DigItUpView, key: str) -> str:
    """A card's or mission's name as the view gives it (`lucky-coin` -> `Lucky Coin`)."""
    card = view["cards"].get(key)
    return card["name"] if card else key


def kind_of(tile: str) -> str:
    match = re.match(r"[a-z]+", tile)
    return match.group(0) if match else tile


def tile_text(tile: str, short: bool = False) -> Text:
    """A tile (`gold+2`, `scroll*`) coloured by its kind; a star as ★; `short`: the kind's
    short name."""
    kind = kind_of(tile)
    name = KIND_SHORT.get(kind, kind) if short else kind
    marks = tile[len(kind):].replace("*", "★")
    return Text(name + marks, style=KIND_STYLES.get(kind, ""))


def token_text(value: object) -> Text:
    if not isinstance(value, int) or isinstance(value, bool):
        return Text(str(value))
    return Text(f"{value:+d}", style="bold green" if value > 0 else "bold red")


def who(view: DigItUpView, seat: int) -> str:
    return "you" if view["seat"] == seat else f"seat {seat}"


def header(view: DigItUpView) -> Text:
    over = view["phase"] == OVER
    text = Text()
    text.append("Dig It Up", style="bold yellow")
    text.append(f" · turn {view['turn']}")
    text.append(f" · {DESCRIPTION.phases[PHASES.index(view['phase'])]}",
                style="bold" if not over else "bold green")
    text.append(f" · abandoned {view['abandoned']}/{view['end_after']}")
    text.append(f" · chance deck {view['chance_deck']}")
    current = view["current_player"]
    if current is not None:
        text.append(" · to play: ")
        text.append(who(view, current), style="bold green" if current == view["seat"] else "")
    pending = view["pending_token"]
    if pending:
        text.append("\nA money token ")
        text.append_text(token_text(pending))
        text.append(" waits to be placed: ")
        text.append("place <site> <space 1-7>", style="cyan")
    return text


def _table(title: str, gap: int = 0) -> Table:
    """A table without edges; its columns `gap` + 1 spaces apart."""
    return Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", title_style="bold",
                 show_edge=False, pad_edge=False, padding=(0, gap, 0, 0))


def sites(view: DigItUpView, short: bool, gap: int) -> Table:
    """One row per open dig site: its 7 spaces left to right, the pickaxe ⛏ and any token."""
    table = _table("Dig sites", gap)
    table.add_column("site", style="bold", no_wrap=True)
    for space in range(1, SITE_TILES + 1):
        table.add_column(str(space), justify="center", no_wrap=True)
    for site in view["sites"]:
        if site["abandoned"]:
            continue
        label = Text(f"{site['letter']} {site['name']}")
        if site["pickaxe"] is None:
            label.append(f" {PICKAXE}", style="bold")
        table.add_row(label, *_cells(site, short))
    return table


def abandoned(view: DigItUpView, width: int) -> Text | None:
    """The abandoned dig sites in one line (their rows leave the table)."""
    gone = [Text(f"{site['letter']} {site['name']}", style="dim")
            for site in view["sites"] if site["abandoned"]]
    if not gone:
        return None
    return flow(Text(f"abandoned {len(gone)}/{view['end_after']}: ", style="bold"), gone,
                width, ", ")


def flow(head: Text, parts: list[Text], width: int, sep: str = " · ") -> Text:
    """`head` then the parts, wrapped to `width` between parts only (a name is never split
    over two lines), the next lines indented under the first part."""
    text = head.copy()
    indent = " " * head.cell_len
    end = sep.rstrip()  # what closes a line that goes on below
    column = head.cell_len
    for n, part in enumerate(parts):
        room = width - (len(end) if n < len(parts) - 1 else 0)
        if n and column + len(sep) + part.cell_len > room:
            text.append(f"{end}\n{indent}")
            column = len(indent)
        elif n:
            text.append(sep)
            column += len(sep)
        text.append_text(part)
        column += part.cell_len
    return text


def _cells(site: SiteView, short: bool) -> list[Text]:
    return [_cell(cell, site["pickaxe"] == space, short)
            for space, cell in enumerate(site["tiles"], 1)]


def _cell(cell: TileView | None, here: bool, short: bool) -> Text:
    if cell is None:
        return Text(PICKAXE, style="bold") if here else Text("·", style="grey35")
    text = tile_text(cell["tile"], short)
    token = cell["token"]
    if token:
        text.append("\n" if short else " ")
        text.append_text(token_text(token))
    return text


def scoreboards(view: DigItUpView, short: bool, gap: int) -> Table:
    """Every player's tiles by kind and money tokens (won)."""
    boards = view["scoreboards"]
    kinds: list[str] = list(boards[0]["tiles"]) if boards else []
    table = _table("Scoreboards", gap)
    table.add_column("player", no_wrap=True)
    for kind in kinds:
        name = KIND_SHORT.get(kind, kind) if short else kind
        table.add_column(Text(name, style=KIND_STYLES.get(kind, "")), justify="right",
                         no_wrap=True)
    table.add_column("won", justify="right", no_wrap=True)
    for seat, board in enumerate(boards):
        player = Text(who(view, seat), style="bold green" if view["seat"] == seat else "bold")
        counts = [Text(str(n), style="" if n else "grey35") for n in board["tiles"].values()]
        table.add_row(player, *counts, Text(str(board["money_tokens"]), style="cyan"))
    return table


def player_notes(view: DigItUpView, width: int) -> list[Text]:
    """Each player's chance cards (kept by name, used by number) and the shop-shut badge."""
    lines = []
    label = max(len(who(view, seat)) for seat in range(len(view["scoreboards"]))) + 2
    for seat, board in enumerate(view["scoreboards"]):
        parts = _chance(view, board)
        if board["closed_shop"]:
            parts.append(Text(f"shop shut {board['closed_shop']}", style="dim"))
        if parts:
            head = Text(f"{who(view, seat) + ':':<{label}}", style="bold")
            lines.append(flow(head, parts, width))
    return lines


def _chance(view: DigItUpView, board: ScoreboardView) -> list[Text]:
    """The orange cards kept, each by name (x2 for two alike), and how many were used."""
    counted = Counter(board["chance_kept"])
    parts = [Text(title(view, card) + (f" x{n}" if n > 1 else ""), style="dark_orange")
             for card, n in counted.items()]
    if parts:
        parts[0] = Text.assemble("kept ", parts[0])
    used = board["chance_used"]
    if used:
        parts.append(Text(f"{len(used)} used", style="dim"))
    return parts


def money_table(view: DigItUpView) -> Table:
    """The money calculation of every player, step by step (shown at the end), step 4 in its
    three parts: the treasures' sets, the Trinity Prizes and the stones."""
    table = _table("Money", 1)
    heads = ("player", "mission", "chance", "tokens", "sets", "trinity", "stones", "bundles",
             "total")
    for name in heads:
        table.add_column(name, justify="left" if name == "player" else "right", no_wrap=True)
    for seat, board in enumerate(view["scoreboards"]):
        player = Text(who(view, seat), style="bold")
        money = board.get("money")
        if money is None:
            table.add_row(player)
            continue
        mission = Text(str(money["mission"]))
        if board.get("mission"):
            achieved = money["mission_achieved"]
            mission.append(" ✓" if achieved else " ✗", style="green" if achieved else "red")
        steps = (money["chance_cards"], money["money_tokens"], money["sets"],
                 money["trinity_prize"], money["stones"], money["bundles"])
        table.add_row(player, mission, *(str(n) for n in steps),
                      Text(str(money["total"]), style="bold yellow"))
    return table


def money_parts(view: DigItUpView, width: int) -> list[Text]:
    """Each player's mission by name and each part of steps 4 and 5 in words."""
    lines = []
    label = max(len(who(view, seat)) for seat in range(len(view["scoreboards"]))) + 2
    for seat, board in enumerate(view["scoreboards"]):
        money = board.get("money")
        if money is None:
            continue
        kept = board.get("mission")
        mission = (f"{title(view, kept)}{' ✓' if money['mission_achieved'] else ' ✗'}"
                   if kept else "no mission")
        head = Text(f"{who(view, seat) + ':':<{label}}", style="bold")
        lines.append(flow(head, [Text(mission), *_parts(money)], width))
    return lines


def _parts(money: MoneyView) -> list[Text]:
    parts = []
    for part in money["set_parts"]:
        if part["set"] or part["won"]:
            name = "stones" if part["type"] == "stone" else part["type"]
            parts.append(Text(f"{name} {part['tiles']}: {part['won']}"))
    if money["trinities"]:
        parts.append(Text(f"Trinity Prize x{money['trinities']}: {money['trinity_prize']}"))
    if money["leftovers"]:
        parts.append(Text(f"left over {money['leftovers']}: bundles {money['bundles']}"))
    return parts


def own_board(view: DigItUpView) -> Panel | None:
    """Your secret mission (or the three dealt, to keep one) and your chance cards in words."""
    seat = view["seat"]
    boards = view["scoreboards"]
    if seat is None or not 0 <= seat < len(boards):
        return None
    board = boards[seat]
    lines: list[Text] = []
    dealt = board.get("missions_dealt")
    mission = board.get("mission")
    cards = view["cards"]
    if mission:
        lines.append(Text.assemble(("Your mission: ", "bold"), title(view, mission)))
        if mission in cards:
            lines.append(Text(cards[mission]["text"], style="dim"))
    elif dealt:
        lines.append(Text("Missions dealt to you (keep one):", style="bold"))
        for m in dealt:
            text = cards[m]["text"] if m in cards else ""
            lines.append(Text.assemble("  ", (f"keep {m}", "cyan"), f"  {title(view, m)}: {text}"))
    elif not board["mission_kept"] and view["phase"] != PHASES[Phase.MISSIONS]:
        lines.append(Text("No mission in this game.", style="dim"))
    for c in dict.fromkeys(board["chance_kept"]):
        text = cards[c]["text"] if c in cards else ""
        lines.append(Text.assemble((f"{title(view, c)}: ", "dark_orange"), text))
    used = board["chance_used"]
    if used:
        lines.append(
            Text.assemble(("Chance cards used: ", "bold"), ", ".join(title(view, c) for c in used))
        )
    if not lines:
        return None
    return Panel(Group(*lines), title="You", title_align="left", border_style="green", expand=False)
