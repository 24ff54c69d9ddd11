"""Dig It Up at the terminal: the dig sites as rows of tiles, the scoreboards, your mission.

Draws a seat's view only (`State.view`, typed by `rules.digitup.schema`), never the state; the
names and texts of cards and missions come from the view's `cards`, so a game loaded with its
own data shows its own. The log's sentences and the decision are printed by the generic
terminal (`event["text"]`, `view["decision"]`).
"""

from __future__ import annotations

import re

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.engine import View
from motherlode.rules.digitup.schema import (
    DigItUpView,
    ScoreboardView,
    TileView,
    is_digitup_view,
)

PICKAXE = "⛏"

KIND_STYLES = {
    "gold": "bold yellow",
    "incense": "magenta",
    "statue": "dark_orange",
    "knife": "bright_white",
    "scroll": "wheat1",
    "crystal": "cyan",
    "ruby": "bold red",
    "diamond": "bold bright_cyan",
    "stone": "grey50",
}

KIND_SHORT = {
    "gold": "gold",
    "incense": "inc",
    "statue": "stat",
    "knife": "knif",
    "scroll": "scrl",
    "crystal": "crys",
    "ruby": "ruby",
    "diamond": "diam",
    "stone": "ston",
}


def render(view: View, console: Console) -> None:
    """The whole table as `view["seat"]` sees it."""
    if not is_digitup_view(view):
        raise ValueError(f"not a Dig It Up view: {view['game']}")
    console.print(header(view))
    console.print(sites(view))
    console.print(scoreboards(view, final=False))
    if view["phase"] == "over":
        console.print(scoreboards(view, final=True))
    mine = own_board(view)
    if mine is not None:
        console.print(mine)


# --- pieces ------------------------------------------------------------------------------------
def title(view: DigItUpView, key: str) -> str:
    """A card's or mission's name as the view gives it (`lucky-coin` -> `Lucky Coin`)."""
    card = view["cards"].get(key)
    return card["name"] if card else key


def kind_of(tile: str) -> str:
    match = re.match(r"[a-z]+", tile)
    return match.group(0) if match else tile


def tile_text(tile: str) -> Text:
    """A tile (`gold+2`, `scroll*`) coloured by its kind; a star as ★."""
    return Text(tile.replace("*", "★"), style=KIND_STYLES.get(kind_of(tile), ""))


def token_text(value: object) -> Text:
    if not isinstance(value, int) or isinstance(value, bool):
        return Text(str(value))
    return Text(f"{value:+d}", style="bold green" if value > 0 else "bold red")


def who(view: DigItUpView, seat: int) -> str:
    return "you" if view["seat"] == seat else f"seat {seat}"


def header(view: DigItUpView) -> Text:
    over = view["phase"] == "over"
    text = Text()
    text.append("Dig It Up", style="bold yellow")
    text.append(f" · turn {view['turn']}")
    text.append(f" · phase {view['phase']}", style="bold" if not over else "bold green")
    text.append(f" · abandoned sites {view['abandoned']}/{view['end_after']}")
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


def sites(view: DigItUpView) -> Table:
    """One row per dig site: its 7 spaces left to right, the pickaxe ⛏ and any token."""
    table = Table(box=box.SIMPLE_HEAD, title="Dig sites", title_justify="left", pad_edge=False)
    table.add_column("site", style="bold", no_wrap=True)
    for space in range(1, 8):
        table.add_column(str(space), justify="center", no_wrap=True)
    for site in view["sites"]:
        name = Text(f"{site['letter']} {site['site']}")
        pickaxe = site["pickaxe"]
        if site["abandoned"]:
            name.stylize("dim strike")
        elif pickaxe is None:
            name.append(f" {PICKAXE}", style="bold")
        cells: list[Text] = []
        for space, cell in enumerate(site["tiles"], 1):
            cells.append(_cell(cell, here=pickaxe == space))
        table.add_row(name, *cells, style="dim" if site["abandoned"] else None)
    return table


def _cell(cell: TileView | None, here: bool) -> Text:
    if cell is None:
        text = Text("·", style="grey35")
    else:
        text = tile_text(cell["tile"])
        token = cell["token"]
        if token:
            text.append(" ")
            text.append_text(token_text(token))
    if here:
        text = Text.assemble((PICKAXE, "bold"), text)
    return text


def scoreboards(view: DigItUpView, final: bool) -> RenderableType:
    """Every player's tiles by kind, money tokens (won) and chance cards kept; or, `final`,
    the money calculation."""
    boards = view["scoreboards"]
    kinds: list[str] = list(boards[0]["tiles"]) if boards else []
    table = Table(
        box=box.SIMPLE_HEAD,
        title="Scoreboards",
        title_justify="left",
        pad_edge=False,
        padding=(0, 1),
    )
    table.add_column("player", no_wrap=True)
    for kind in kinds:
        table.add_column(
            Text(KIND_SHORT.get(kind, kind), style=KIND_STYLES.get(kind, "")), justify="right"
        )
    table.add_column("won", justify="right")
    cards = Table.grid(padding=(0, 1))
    cards.add_column(style="bold", no_wrap=True)
    cards.add_column()
    for seat, board in enumerate(boards):
        player = Text(who(view, seat), style="bold green" if view["seat"] == seat else "bold")
        if board["closed_shop"]:
            player.append("\nshop shut", style="dim")
        counts = [Text(str(n), style="" if n else "grey35") for n in board["tiles"].values()]
        won = Text(str(board["money_tokens"]), style="cyan")
        table.add_row(player, *counts, won)
        if board["chance_kept"] or board["chance_used"]:
            cards.add_row(f"{who(view, seat)}:", _chance(view, board))
    if final:
        return _money(view, boards)
    if not cards.row_count:
        return table
    return Group(table, Text("Chance cards", style="bold"), cards, Text())


def _money(view: DigItUpView, boards: list[ScoreboardView]) -> Table:
    """The money calculation of every player, step by step (shown at the end)."""
    table = Table(box=box.SIMPLE_HEAD, title="Money", title_justify="left", pad_edge=False)
    for name in ("player", "mission", "chance", "tokens", "sets", "bundles", "total"):
        table.add_column(name, justify="left" if name in ("player", "mission") else "right")
    for seat, board in enumerate(boards):
        kept = board.get("mission")
        mission = Text(title(view, kept) if kept else "—")
        money = board.get("money")
        if money is None:
            table.add_row(Text(who(view, seat), style="bold"), mission)
            continue
        if money["mission_achieved"]:
            mission.append(f" ✓ {money['mission']}", style="green")
        elif kept:
            mission.append(" ✗", style="red")
        steps = (money["chance_cards"], money["money_tokens"], money["sets"], money["bundles"])
        table.add_row(
            Text(who(view, seat), style="bold"),
            mission,
            *(str(n) for n in steps),
            Text(str(money["total"]), style="bold yellow"),
        )
    return table


def _chance(view: DigItUpView, board: ScoreboardView) -> Text:
    text = Text()
    for card in board["chance_kept"]:
        if text:
            text.append(", ")
        text.append(title(view, card), style="dark_orange")
    used = board["chance_used"]
    if used:
        if text:
            text.append(" · ")
        text.append(f"{len(used)} used", style="dim")
    return text or Text("—", style="grey35")


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
    elif not board["mission_kept"] and view["phase"] != "missions":
        lines.append(Text("No mission in this game.", style="dim"))
    kept = board["chance_kept"]
    for c in dict.fromkeys(kept):
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
