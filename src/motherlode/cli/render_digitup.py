"""Dig It Up at the terminal: the dig sites as rows of tiles, the scoreboards, your mission.

Draws a seat's view only (the dict of `State.view`), never the state.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.engine import JSON

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


def render(view: JSON, console: Console) -> None:
    """The whole table as `view["seat"]` sees it."""
    console.print(header(view))
    console.print(sites(view))
    console.print(scoreboards(view, final=False))
    if view.get("phase") == "over":
        console.print(scoreboards(view, final=True))
    mine = own_board(view)
    if mine is not None:
        console.print(mine)


def describe_event(event: Mapping[str, Any]) -> Text:
    """One log entry: `dig gobi: rolled 6 -> space 6, crystal+2, chance card Lucky Coin`."""
    text = Text(str(event.get("action", "")), style="cyan")
    if "move" in event:
        how = "compass" if event.get("compass") else "rolled"
        text.append(f": {how} {event['move']} → space {event.get('space')}, ")
        text.append_text(tile_text(str(event.get("tile", ""))))
    if event.get("token"):
        text.append(", token ")
        text.append_text(token_text(event["token"]))
    if "chance" in event:
        text.append(f", chance card {title(str(event['chance']))}", style="yellow")
    if "abandoned" in event:
        text.append(", site abandoned (")
        text.append_text(tile_text(str(event["abandoned"])))
        text.append(" left)")
    return text


# --- pieces ------------------------------------------------------------------------------------
def title(key: str) -> str:
    """A card or mission id as a name: `lucky-coin` -> `Lucky Coin`."""
    return key.replace("-", " ").replace("_", " ").title()


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


def who(view: JSON, seat: int) -> str:
    return "you" if view.get("seat") == seat else f"seat {seat}"


def header(view: JSON) -> Text:
    over = view.get("phase") == "over"
    text = Text()
    text.append("Dig It Up", style="bold yellow")
    text.append(f" · turn {view.get('turn')}")
    text.append(f" · phase {view.get('phase')}", style="bold" if not over else "bold green")
    text.append(f" · abandoned sites {view.get('abandoned')}/{view.get('end_after')}")
    text.append(f" · chance deck {view.get('chance_deck')}")
    current = view.get("current_player")
    if current is not None:
        text.append(" · to play: ")
        text.append(who(view, current), style="bold green" if current == view.get("seat") else "")
    pending = view.get("pending_token")
    if pending:
        text.append("\nA money token ")
        text.append_text(token_text(pending))
        text.append(" waits to be placed: ")
        text.append("place <site> <space 1-7>", style="cyan")
    return text


def sites(view: JSON) -> Table:
    """One row per dig site: its 7 spaces left to right, the pickaxe ⛏ and any token."""
    table = Table(box=box.SIMPLE_HEAD, title="Dig sites", title_justify="left", pad_edge=False)
    table.add_column("site", style="bold", no_wrap=True)
    for space in range(1, 8):
        table.add_column(str(space), justify="center", no_wrap=True)
    for site in view.get("sites", []):
        name = Text(f"{site.get('letter')} {site.get('site')}")
        pickaxe = site.get("pickaxe")
        if site.get("abandoned"):
            name.stylize("dim strike")
        elif pickaxe is None:
            name.append(f" {PICKAXE}", style="bold")
        cells: list[Text] = []
        for space, cell in enumerate(site.get("tiles", []), 1):
            cells.append(_cell(cell, here=pickaxe == space))
        table.add_row(name, *cells, style="dim" if site.get("abandoned") else None)
    return table


def _cell(cell: Mapping[str, Any] | None, here: bool) -> Text:
    if cell is None:
        text = Text("·", style="grey35")
    else:
        text = tile_text(str(cell.get("tile", "?")))
        token = cell.get("token")
        if token:
            text.append(" ")
            text.append_text(token_text(token))
    if here:
        text = Text.assemble((PICKAXE, "bold"), text)
    return text


def scoreboards(view: JSON, final: bool) -> RenderableType:
    """Every player's tiles by kind, money tokens (won) and chance cards kept; or, `final`,
    the money calculation."""
    boards: list[Mapping[str, Any]] = view.get("scoreboards", [])
    kinds: list[str] = list(boards[0].get("tiles", {})) if boards else []
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
        player = Text(who(view, seat), style="bold green" if view.get("seat") == seat else "bold")
        if board.get("closed_shop"):
            player.append("\nshop shut", style="dim")
        counts = [
            Text(str(n), style="" if n else "grey35") for n in board.get("tiles", {}).values()
        ]
        won = Text(str(board.get("money_tokens", 0)), style="cyan")
        table.add_row(player, *counts, won)
        if board.get("chance_kept") or board.get("chance_used"):
            cards.add_row(f"{who(view, seat)}:", _chance(board))
    if final:
        return _money(view, boards)
    if not cards.row_count:
        return table
    return Group(table, Text("Chance cards", style="bold"), cards, Text())


def _money(view: JSON, boards: list[Mapping[str, Any]]) -> Table:
    """The money calculation of every player, step by step (shown at the end)."""
    table = Table(box=box.SIMPLE_HEAD, title="Money", title_justify="left", pad_edge=False)
    for name in ("player", "mission", "chance", "tokens", "sets", "bundles", "total"):
        table.add_column(name, justify="left" if name in ("player", "mission") else "right")
    for seat, board in enumerate(boards):
        money: Mapping[str, Any] = board.get("money", {})
        mission = Text(title(str(board.get("mission") or "—")))
        if money.get("mission_achieved"):
            mission.append(f" ✓ {money.get('mission')}", style="green")
        elif board.get("mission"):
            mission.append(" ✗", style="red")
        table.add_row(
            Text(who(view, seat), style="bold"),
            mission,
            *(str(money.get(k, "")) for k in ("chance_cards", "money_tokens", "sets", "bundles")),
            Text(str(money.get("total", "")), style="bold yellow"),
        )
    return table


def _chance(board: Mapping[str, Any]) -> Text:
    text = Text()
    for card in board.get("chance_kept", []):
        if text:
            text.append(", ")
        text.append(title(str(card)), style="dark_orange")
    used = board.get("chance_used", [])
    if used:
        if text:
            text.append(" · ")
        text.append(f"{len(used)} used", style="dim")
    return text or Text("—", style="grey35")


def own_board(view: JSON) -> Panel | None:
    """Your secret mission (or the three dealt, to keep one) and your chance cards in words."""
    seat = view.get("seat")
    boards = view.get("scoreboards", [])
    if not isinstance(seat, int) or not 0 <= seat < len(boards):
        return None
    board = boards[seat]
    lines: list[Text] = []
    dealt = board.get("missions_dealt")
    if board.get("mission"):
        lines.append(Text.assemble(("Your mission: ", "bold"), title(str(board["mission"]))))
    elif dealt:
        lines.append(
            Text.assemble(
                ("Missions dealt to you: ", "bold"),
                ", ".join(title(str(m)) for m in dealt),
                " (keep one: ",
                (f"keep {dealt[0]}", "cyan"),
                ")",
            )
        )
    elif board.get("mission_kept") is False and view.get("phase") != "missions":
        lines.append(Text("No mission in this game.", style="dim"))
    used = board.get("chance_used", [])
    if used:
        lines.append(
            Text.assemble(("Chance cards used: ", "bold"), ", ".join(title(str(c)) for c in used))
        )
    if not lines:
        return None
    return Panel(Group(*lines), title="You", title_align="left", border_style="green", expand=False)
