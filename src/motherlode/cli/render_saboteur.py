"""Saboteur Gold at the terminal: the maze card by card, the players, your hand and secrets.

The maze is a grid with column numbers on top and row numbers at the left (what
`place <card> <col> <row>` takes). Each card is a block 5 characters wide and 3 tall (3 wide
when the console is too narrow for the maze): its tunnels run from its open sides to its
middle, ━ heavy and yellow where a path is reached from a ladder, ─ light and grey where not.

    ╵ ╴ ╶ ╷  a dead end: the tunnel stops short     ✕  a card with no through path
    S        the start                              H  a ladder
    G  B     a green / blue door (corner)           *  a crystal (corner; one per crystal)
    ┌───┐    a goal still face down: ? unknown,     $  the treasure, turned up
    │ ? │      T / s the treasure / a stone         o  a stone, turned up
    └───┘      you saw with a map                   ·  an empty cell
    ──│──    a bridge: the paths cross without meeting
    ─╯ ╭─    a double curve: two curves that never meet

Then the players (hand sizes, what lies in front of them, gold), the round's end when one has
just ended (dwarves and goals revealed, gold shared), and your dwarf, hand, discards and what
you have seen (Inspection, Map).

Draws a seat's view only (the dict of `State.view`), never the state. The cards' shapes and
meanings come from the game's public helpers (`placed_card`, `path_card`, `glossary`) of
`motherlode.load("saboteur", edition=..., players=...)`, loaded once per edition and count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

import motherlode
from motherlode.engine import JSON
from motherlode.rules.saboteur.game import Saboteur

Cell = tuple[int, int]
Glyph = tuple[str, str]  # one character and its style

SIDES = "NESW"
WIDE = 5  # a card's width in characters; NARROW when the console is too narrow
NARROW = 3
HEIGHT = 3
ROW_LABEL = 4  # the row numbers at the left: "-7 "

LIGHT = {
    "N": "╵", "E": "╶", "S": "╷", "W": "╴",
    "NS": "│", "EW": "─", "NE": "└", "NW": "┘", "ES": "┌", "SW": "┐",
    "NEW": "┴", "ESW": "┬", "NES": "├", "NSW": "┤", "NESW": "┼",
}  # fmt: skip
HEAVY = {
    "N": "╹", "E": "╺", "S": "╻", "W": "╸",
    "NS": "┃", "EW": "━", "NE": "┗", "NW": "┛", "ES": "┏", "SW": "┓",
    "NEW": "┻", "ESW": "┳", "NES": "┣", "NSW": "┫", "NESW": "╋",
}  # fmt: skip
ROUND = {"NW": "╯", "SW": "╮", "NE": "╰", "ES": "╭"}  # a double curve's bends (light)

TUNNEL = "grey62"
REACHED = "bold yellow"
EMPTY = "grey35"
STYLES = {
    "start": "bold bright_white",
    "ladder": "bold cyan",
    "dead": "bold red",
    "crystal": "bold magenta",
    "green": "bold green",
    "blue": "bold bright_blue",
    "treasure": "bold yellow",
    "stone": "grey70",
    "goal": "bright_white",
    "mapped": "bold bright_cyan",
}
DWARF_STYLES = {
    "green-digger": "bold green",
    "blue-digger": "bold bright_blue",
    "base-digger": "bold green",
    "boss": "bold yellow",
    "profiteer": "bold magenta",
    "geologist": "bold cyan",
    "saboteur": "bold red",
    "base-saboteur": "bold red",
}
PHASE_NAMES = {
    "turn": "turn",
    "passing": "passing (C)",
    "fixing": "mending (D)",
    "steal": "thieves steal",
    "gold": "gold cards",
    "over": "game over",
}
TURN_EVENTS = ("place", "play", "play_at", "pass", "fixed")


# --- the game's public helpers --------------------------------------------------------------
@cache
def rules(edition: str, players: int) -> Saboteur:
    """The game with this edition and player count (its cards' shapes and meanings)."""
    game = motherlode.load("saboteur", edition=edition, players=players)
    if not isinstance(game, Saboteur):
        raise TypeError(f"motherlode.load('saboteur') gave a {type(game).__name__}")
    return game


@cache
def glossary(edition: str, players: int) -> dict[str, str]:
    """Every card and dwarf id with its meaning (`game.glossary` builds it afresh each time)."""
    return rules(edition, players).glossary


def game_of(view: JSON) -> Saboteur:
    return rules(str(view.get("edition", "gold")), int(view.get("players", 5)))


def meanings(view: JSON) -> dict[str, str]:
    return glossary(str(view.get("edition", "gold")), int(view.get("players", 5)))


# --- the whole table -------------------------------------------------------------------------
def render(view: JSON, console: Console) -> None:
    """The whole table as `view["seat"]` sees it."""
    game = game_of(view)
    console.print(header(view))
    console.print(maze(view, game, console.width))
    console.print(players_table(view))
    console.print(face_up_discards(view))
    ended = round_end(view)
    if ended is not None:
        console.print(ended)
    own = own_panel(view, game)
    if own is not None:
        console.print(own)


def describe_event(event: Mapping[str, Any]) -> Text:
    """One log entry, without the seat that acted (the caller names it): `laid tunnel-ne at
    3 0 (turned)`, `played broken-lamp on seat 3`, `round 1 over: the treasure not reached`."""
    kind = str(event.get("event", ""))
    text = Text()
    if kind == "round":
        text.append(f"round {event.get('round')} begins", style="bold")
        text.append(f" · seat {event.get('first')} plays first")
    elif kind == "place":
        text.append("laid ")
        text.append(str(event.get("card")), style="cyan")
        text.append(f" at {cell_text(event.get('cell'))}")
        if event.get("turned"):
            text.append(" (turned)")
    elif kind == "goal":
        text.append(f"the goal at {cell_text(event.get('cell'))} is turned up: ")
        text.append_text(goal_name(str(event.get("card"))))
    elif kind == "play":
        text.append("played ")
        text.append(str(event.get("card")), style="cyan")
        target = event.get("target")
        text.append(" on themselves" if target == event.get("seat") else f" on {seat_text(target)}")
        if event.get("tool"):
            text.append(f" ({event['tool']})")
    elif kind == "play_at":
        card = str(event.get("card"))
        text.append("played ")
        text.append(card, style="cyan")
        where = cell_text(event.get("cell"))
        text.append(f" at {where}" + (" (looked at that goal)" if card == "map" else ""))
    elif kind == "fix":
        what = str(event.get("what"))
        text.append("frees themselves from the trap" if what == "trapped" else f"mends {what}")
        text.append(": pays 2 cards", style="dim")
    elif kind == "fixed":
        what = str(event.get("what"))
        text.append("is free of the trap" if what == "trapped" else f"mended {what}")
    elif kind == "pass":
        cards = event.get("cards")
        text.append(f"passed, discarding {cards} card{'' if cards == 1 else 's'}")
    elif kind == "end":
        text.append_text(end_line(event))
        dwarves = event.get("dwarves") or []
        if dwarves:
            text.append(" · dwarves ")
            text.append_text(Text(", ").join(
                Text.assemble(f"{seat} ", dwarf_text(str(d))) for seat, d in enumerate(dwarves)
            ))
        goals = event.get("goals") or []
        if goals:
            text.append(" · goals ")
            text.append_text(Text(", ").join(
                Text.assemble(f"{cell_text(cell)} ", goal_name(str(card))) for cell, card in goals
            ))
    elif kind == "share":
        text.append(f"round {event.get('round')} gold: ")
        text.append_text(gold_shares(event.get("gold")))
    elif kind == "steal":
        text.append(f"stole 1 gold from {seat_text(event.get('victim'))}", style="yellow")
    elif kind == "gold_cards":
        values = event.get("values") or []
        text.append(f"round {event.get('round')}: gold cards drawn ")
        text.append(", ".join(str(v) for v in values) or "none", style="yellow")
    elif kind == "take":
        text.append(f"took a gold card worth {event.get('value')}", style="yellow")
    elif kind == "over":
        text.append("game over", style="bold")
        text.append(" · gold ")
        golds = event.get("gold") or []
        text.append(", ".join(f"seat {s} {g}" for s, g in enumerate(golds)))
    else:
        text.append(kind, style="cyan")
        for key, value in event.items():
            if key not in ("event", "seat"):
                text.append(f" · {key} {value}")
    return text


# --- words -------------------------------------------------------------------------------------
def cell_text(cell: object) -> str:
    """A cell as a player types it: `3 -1`."""
    if isinstance(cell, Sequence) and not isinstance(cell, str) and len(cell) == 2:
        return f"{cell[0]} {cell[1]}"
    return str(cell)


def seat_text(seat: object) -> str:
    return f"seat {seat}"


def who(view: JSON, seat: int) -> str:
    return "you" if view.get("seat") == seat else f"seat {seat}"


def is_treasure(goal: str) -> bool:
    """Whether the goal card with this id is the treasure (both editions share the goals)."""
    card = rules("gold", Saboteur.default_players).goal.get(goal)
    return card.treasure if card is not None else "treasure" in goal


def goal_name(card: str) -> Text:
    if is_treasure(card):
        return Text("the treasure", style=STYLES["treasure"])
    return Text(f"a stone ({card})", style=STYLES["stone"])


def dwarf_text(dwarf: str) -> Text:
    return Text(dwarf, style=DWARF_STYLES.get(dwarf, "bold"))


def end_line(event: Mapping[str, Any]) -> Text:
    text = Text(f"round {event.get('round')} over: ", style="bold")
    connector = event.get("connector")
    if connector is None:
        text.append("the treasure was not reached", style="bold red")
    else:
        text.append(f"seat {connector} reached the treasure", style=STYLES["treasure"])
    return text


def gold_shares(gold: object) -> Text:
    """`seat 2 +5, seat 0 +4`, or `nobody`."""
    if not isinstance(gold, list):
        return Text(str(gold))
    won = [(seat, amount) for seat, amount in enumerate(gold) if amount]
    if not won:
        return Text("nobody", style="dim")
    return Text(", ").join(
        Text.assemble(f"seat {seat} ", (f"+{amount}", "bold yellow")) for seat, amount in won
    )


def counted(ids: Sequence[str], style: str = "") -> Text:
    """Card ids with their copies: `rockfall x2, map`."""
    if not ids:
        return Text("—", style=EMPTY)
    counts = Counter(ids)
    return Text(", ").join(
        Text.assemble((card, style), f" x{n}" if n > 1 else "") for card, n in counts.items()
    )


def key(sides: Iterable[str]) -> str:
    """Sides in N, E, S, W order, as the glyph tables name them."""
    given = set(sides)
    return "".join(side for side in SIDES if side in given)


# --- one card --------------------------------------------------------------------------------
def card_picture(
    game: Saboteur, card_id: str, turned: bool, *, width: int = WIDE, reached: bool = False
) -> list[list[Glyph]]:
    """A path card as it lies: `HEIGHT` rows of `width` glyphs."""
    placed = game.placed_card(card_id, turned)
    card = placed.card
    shape = placed.shape
    lines = HEAVY if reached else LIGHT
    style = REACHED if reached else TUNNEL
    grid: list[list[Glyph]] = [[(" ", "")] * width for _ in range(HEIGHT)]
    mid = width // 2

    def put(row: int, col: int, char: str, how: str = style) -> None:
        grid[row][col] = (char, how)

    for path in shape.paths:
        for side in path:
            if side == "N":
                put(0, mid, lines["NS"])
            elif side == "S":
                put(2, mid, lines["NS"])
            else:
                for col in range(0, mid) if side == "W" else range(mid + 1, width):
                    put(1, col, lines["EW"])
    for side in shape.stubs:  # a dead end: the tunnel stops before the middle
        if side == "N":
            put(0, mid, lines["N"])
        elif side == "S":
            put(2, mid, lines["S"])
        elif side == "W":
            for col in range(0, mid - 1):
                put(1, col, lines["EW"])
            put(1, mid - 1, lines["W"])
        else:
            put(1, mid + 1, lines["E"])
            for col in range(mid + 2, width):
                put(1, col, lines["EW"])
    put(1, mid, *middle(game, card_id, turned, reached))
    if len(shape.paths) == 2 and not any(key(p) in ("NS", "EW") for p in shape.paths):
        for path in shape.paths:  # a double curve: each bends short of the middle
            bend = ROUND[key(path)] if not reached else lines[key(path)]
            put(1, mid - 1 if "W" in path else mid + 1, bend)
    if card.door:
        put(0, 0, card.door[0].upper(), STYLES[card.door])
    right = width - 1
    corners = [(2, right), (2, right - 1)] if width >= WIDE else [(2, right), (0, right)]
    for row, col in corners[: card.crystals]:
        put(row, col, "*", STYLES["crystal"])
    return grid


def middle(game: Saboteur, card_id: str, turned: bool, reached: bool) -> Glyph:
    """What a card shows in its middle: its paths' junction, or its mark."""
    placed = game.placed_card(card_id, turned)
    card = placed.card
    paths = placed.shape.paths
    lines = HEAVY if reached else LIGHT
    style = REACHED if reached else TUNNEL
    if card.kind == "start":
        return "S", STYLES["start"]
    if card.kind == "goal":
        return ("$", STYLES["treasure"]) if card.treasure else ("o", STYLES["stone"])
    if card.ladder:
        return "H", STYLES["ladder"]
    if not paths:
        return "✕", STYLES["dead"]
    if len(paths) == 1:
        return lines.get(key(paths[0]), "+"), style
    for straight in ("NS", "EW"):  # a bridge: one path passes over the other
        if any(key(p) == straight for p in paths):
            return lines[straight], style
    return " ", style  # a double curve: the bends are drawn beside the middle


def known(game: Saboteur, card_id: str) -> bool:
    """Whether the game's cards hold this path card (a game played with other card data may
    lay cards the built-in data does not know)."""
    try:
        game.path_card(card_id)
    except KeyError:
        return False
    return True


def goal_back(mark: str, style: str, width: int) -> list[list[Glyph]]:
    """A face-down goal: a card back with `mark` in it."""
    edge = STYLES["goal"]
    inner = width - 2
    pad = (inner - 1) // 2
    top = [("┌", edge), *[("─", edge)] * inner, ("┐", edge)]
    body = [("│", edge), *[(" ", "")] * pad, (mark, style), *[(" ", "")] * (inner - pad - 1),
            ("│", edge)]
    bottom = [("└", edge), *[("─", edge)] * inner, ("┘", edge)]
    return [top, body, bottom]


def empty_cell(width: int) -> list[list[Glyph]]:
    grid: list[list[Glyph]] = [[(" ", "")] * width for _ in range(HEIGHT)]
    grid[1][width // 2] = ("·", EMPTY)
    return grid


def glyphs_text(glyphs: Sequence[Glyph]) -> Text:
    text = Text()
    for char, style in glyphs:
        text.append(char, style=style or None)
    return text


# --- the maze ----------------------------------------------------------------------------------
def goal_mark(goal: Mapping[str, Any], revealed: Mapping[Cell, str]) -> Glyph:
    """What a face-down goal shows: `?`, or `T`/`s` when this seat mapped it; at the round's
    end every goal is revealed (`$`/`o`)."""
    cell = (goal["cell"][0], goal["cell"][1])
    if cell in revealed:
        treasure = is_treasure(revealed[cell])
        return ("$", STYLES["treasure"]) if treasure else ("o", STYLES["stone"])
    mapped = goal.get("card")
    if mapped is None:
        return "?", "bold"
    return ("T", STYLES["treasure"]) if is_treasure(str(mapped)) else ("s", STYLES["mapped"])


def bounds(view: JSON, game: Saboteur) -> tuple[range, range]:
    """The columns and rows to draw: every card and goal, with one cell of margin, inside the
    table's bounds."""
    cells = [tuple(c["cell"]) for c in view.get("maze") or []]
    cells += [tuple(g["cell"]) for g in view.get("goals") or []]
    cols = [c for c, _ in cells] or [0]
    rows = [r for _, r in cells] or [0]
    first_col, last_col = game.columns[0], game.columns[-1]
    first_row, last_row = game.rows[0], game.rows[-1]
    return (
        range(max(min(cols) - 1, first_col), min(max(cols) + 1, last_col) + 1),
        range(max(min(rows) - 1, first_row), min(max(rows) + 1, last_row) + 1),
    )


def revealed_goals(view: JSON) -> dict[Cell, str]:
    """The goals turned up by this round's end (the log's "end" event), once it is over."""
    end = last_event(view, "end")
    if end is None or end.get("round") != view.get("round"):
        return {}
    if view.get("phase") not in ("steal", "gold", "over"):
        return {}
    return {(cell[0], cell[1]): str(card) for cell, card in end.get("goals") or []}


def maze(view: JSON, game: Saboteur, console_width: int) -> Text:
    """The maze as a grid of cards with the column numbers on top and the row numbers left."""
    columns, rows = bounds(view, game)
    width = WIDE if ROW_LABEL + len(columns) * WIDE <= console_width else NARROW
    lying = {(c["cell"][0], c["cell"][1]): (str(c["card"]), bool(c["turned"]))
             for c in view.get("maze") or []}
    goals = {(g["cell"][0], g["cell"][1]): g for g in view.get("goals") or []}
    reached = {(c, r) for c, r in view.get("reached") or []}
    revealed = revealed_goals(view)
    numbers = Text(" " * ROW_LABEL, style="bold")
    for col in columns:
        numbers.append(f"{col:^{width}}", style="bold")
    lines = [numbers]
    for row in rows:
        pictures = []
        for col in columns:
            cell = (col, row)
            if cell in lying and known(game, lying[cell][0]):
                card, turned = lying[cell]
                pictures.append(card_picture(game, card, turned, width=width,
                                             reached=cell in reached))
            elif cell in lying:  # a card the built-in data does not know (other data)
                pictures.append(goal_back("#", "bold red", width))
            elif cell in goals:
                pictures.append(goal_back(*goal_mark(goals[cell], revealed), width=width))
            else:
                pictures.append(empty_cell(width))
        for line in range(HEIGHT):
            label = f"{row:>{ROW_LABEL - 1}} " if line == 1 else " " * ROW_LABEL
            text = Text(label, style="bold")
            for picture in pictures:
                text.append_text(glyphs_text(picture[line]))
            lines.append(text)
    if len(rows) > 7:
        lines.append(numbers)
    lines.append(legend())
    return Text("\n").join(lines)


def legend() -> Text:
    """What the maze's marks mean, in two lines that fit 80 columns."""
    return Text.assemble(
        ("━", REACHED), " reached  ", ("─", TUNNEL), " not yet  ", ("╴", TUNNEL), " dead end  ",
        ("✕", STYLES["dead"]), " no way through  ", ("S", STYLES["start"]), " start  ",
        ("H", STYLES["ladder"]), " ladder  ", ("G", STYLES["green"]), "/", ("B", STYLES["blue"]),
        " door\n", ("*", STYLES["crystal"]), " crystal  ", ("?", "bold"), " goal face down  ",
        ("T", STYLES["treasure"]), "/", ("s", STYLES["mapped"]), " you mapped: treasure/stone  ",
        ("$", STYLES["treasure"]), "/", ("o", STYLES["stone"]), " turned up",
        style="dim",
    )


# --- the table -------------------------------------------------------------------------------
def last_event(view: JSON, kind: str) -> Mapping[str, Any] | None:
    for event in reversed(view.get("log") or []):
        if event.get("event") == kind:
            return event  # type: ignore[no-any-return]
    return None


def header(view: JSON) -> Text:
    """Round, first player, phase and whose decision; what the phase is about; the piles."""
    phase = str(view.get("phase"))
    text = Text()
    text.append("Saboteur Gold", style="bold yellow")
    if view.get("edition") == "base":
        text.append(" (base game)", style="yellow")
    text.append(f" · round {view.get('round')}/{view.get('rounds')}")
    first = view.get("first_player")
    if isinstance(first, int):
        text.append(f" · first player {who(view, first)}")
    text.append("\nphase ")
    text.append(PHASE_NAMES.get(phase, phase), style="bold green" if phase == "over" else "bold")
    current = view.get("current_player")
    if current is not None:
        text.append(" · to play: ")
        mine = current == view.get("seat")
        text.append(who(view, current), style="bold green" if mine else "bold")
    detail = phase_detail(view)
    if detail is not None:
        text.append(" · ")
        text.append_text(detail)
    text.append("\n")
    text.append_text(piles(view))
    return text


def phase_detail(view: JSON) -> Text | None:
    """What the phase in progress is about: the pass so far, what is being mended, the thieves
    still to steal, the gold cards left."""
    phase = view.get("phase")
    passed = view.get("passed", 0)
    if phase == "passing":
        return Text(f"{passed} card{'' if passed == 1 else 's'} discarded so far (up to 3; "
                    "'draw' ends the pass)", style="cyan")
    if phase == "fixing":
        what = view.get("fixing")
        goal = "getting out of the trap" if what == "trapped" else f"mending the {what}"
        return Text(f"{goal}: {passed} of 2 cards paid", style="cyan")
    if phase == "steal":
        thieves = ", ".join(who(view, s) for s in view.get("stealers") or [])
        return Text(f"thieves still to steal: {thieves or '—'} ('steal from <seat>')",
                    style="cyan")
    if phase == "gold":
        offer = ", ".join(str(v) for v in view.get("gold_offer") or [])
        pickers = ", ".join(who(view, s) for s in view.get("pickers") or [])
        return Text(f"gold cards left: {offer or '—'} · diggers picking in turn: {pickers} "
                    "('take <value>')", style="cyan")
    return None


def piles(view: JSON) -> Text:
    """The pile, the cards set aside (gold edition), the gold cards left (base), the discards."""
    text = Text(style="dim")
    text.append(f"pile {view.get('pile')}")
    if view.get("edition") != "base":
        text.append(f" · set aside {view.get('removed')}")
        text.append(f" · spare dwarves {view.get('spare_dwarves')}")
    else:
        text.append(f" · gold cards left {view.get('gold_deck')}")
    text.append(f" · discards {view.get('face_down_discards')} face down, "
                f"{len(view.get('face_up_discards') or [])} face up")
    return text


def face_up_discards(view: JSON) -> Text:
    return Text.assemble(("Face-up discards: ", "bold"),
                         counted(view.get("face_up_discards") or [], "dim"))


def in_front(view: JSON, seat: int) -> Text:
    """What lies in front of a player: broken tools, a Trapped card, a Theft (and its turn)."""
    tableaux = view.get("tableaux") or []
    tableau: Mapping[str, Any] = tableaux[seat] if seat < len(tableaux) else {}
    parts: list[Text] = []
    for card in tableau.get("broken") or []:
        parts.append(Text(f"✗ {str(card).removeprefix('broken-')}", style="bold red"))
    if tableau.get("trapped"):
        parts.append(Text("TRAPPED", style="bold red reverse"))
    if tableau.get("theft"):
        order = view.get("theft_order") or []
        nth = f" #{order.index(seat) + 1}" if seat in order else ""
        parts.append(Text(f"theft{nth}", style="bold yellow"))
    return Text("  ").join(parts) if parts else Text("—", style=EMPTY)


def known_dwarves(view: JSON) -> dict[int, str]:
    """The dwarves this seat knows: its own, those seen by Inspection, and all of them once
    the round is over (the log's "end")."""
    known: dict[int, str] = {}
    end = last_event(view, "end")
    if end is not None and end.get("round") == view.get("round") and view.get("phase") in (
        "steal", "gold", "over"
    ):
        known.update(enumerate(end.get("dwarves") or []))
    for seat, dwarf in view.get("inspected") or []:
        known[seat] = dwarf
    seat = view.get("seat")
    if isinstance(seat, int) and view.get("dwarf"):
        known[seat] = str(view["dwarf"])
    return known


def players_table(view: JSON) -> Table:
    """One row per seat: who, hand size, what lies in front, gold, the dwarf if known."""
    table = Table(box=box.SIMPLE_HEAD, title="Players", title_justify="left", pad_edge=False)
    table.add_column("seat", justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column("hand", justify="right")
    table.add_column("in front")
    table.add_column("gold", justify="right")
    table.add_column("dwarf")
    me = view.get("seat")
    current = view.get("current_player")
    dwarves = known_dwarves(view)
    sizes = view.get("hand_sizes") or []
    gold = view.get("gold") or []
    for seat in range(int(view.get("players", len(sizes)))):
        marks = Text()
        if seat == me:
            marks.append("you ", style="bold green")
        if seat == current:
            marks.append("▶ to play", style="bold")
        dwarf = dwarves.get(seat)
        table.add_row(
            Text(str(seat), style="bold green" if seat == me else "bold"),
            marks,
            str(sizes[seat]) if seat < len(sizes) else "",
            in_front(view, seat),
            Text(str(gold[seat]) if seat < len(gold) else "", style="yellow"),
            dwarf_text(dwarf) if dwarf else Text("?", style=EMPTY),
        )
    return table


def round_end(view: JSON) -> Panel | None:
    """The last round's end while it matters: this round just ended, or the next one is on
    its first lap. Who reached the treasure, the goals and dwarves revealed, the gold."""
    log: list[Mapping[str, Any]] = view.get("log") or []
    ends = [i for i, e in enumerate(log) if e.get("event") == "end"]
    if not ends:
        return None
    at = ends[-1]
    end = log[at]
    if end.get("round") != view.get("round"):
        started = max(i for i, e in enumerate(log) if e.get("event") == "round")
        turns = sum(1 for e in log[started:] if e.get("event") in TURN_EVENTS)
        if end.get("round") != view.get("round", 0) - 1 or turns >= int(view.get("players", 0)):
            return None
    lines = [end_line(end)]
    goals = end.get("goals") or []
    if goals:
        lines.append(Text.assemble(("goals revealed: ", "bold"), Text(" · ").join(
            Text.assemble(f"{cell_text(cell)} ", goal_name(str(card))) for cell, card in goals
        )))
    dwarves = end.get("dwarves") or []
    lines.append(Text.assemble(("dwarves: ", "bold"), Text(" · ").join(
        Text.assemble(f"{who(view, seat)} ", dwarf_text(str(d))) for seat, d in enumerate(dwarves)
    )))
    after = log[at + 1:]
    for event in after:
        kind = event.get("event")
        if kind == "share":
            lines.append(Text.assemble(("gold shared: ", "bold"), gold_shares(event.get("gold"))))
        elif kind == "gold_cards":
            values = ", ".join(str(v) for v in event.get("values") or [])
            lines.append(Text.assemble(("gold cards drawn: ", "bold"), (values, "yellow")))
        elif kind == "steal":
            lines.append(Text(f"{who(view, event['seat'])} stole 1 gold from "
                              f"{who(view, event['victim'])}", style="yellow"))
        elif kind == "take":
            lines.append(Text(f"{who(view, event['seat'])} took a gold card worth "
                              f"{event['value']}", style="yellow"))
        elif kind == "round":
            break
    title = f"Round {end.get('round')} is over"
    return Panel(Group(*lines), title=title, title_align="left", border_style="yellow",
                 expand=False)


# --- you -------------------------------------------------------------------------------------
def own_panel(view: JSON, game: Saboteur) -> Panel | None:
    """Your dwarf, your hand (path cards drawn upright and turned), your face-down discards,
    and what you have seen: dwarves by Inspection, goals by Map. None for a spectator."""
    seat = view.get("seat")
    hand = view.get("hand")
    if not isinstance(seat, int) or hand is None:
        return None
    words = meanings(view)
    parts: list[RenderableType] = []
    dwarf = view.get("dwarf")
    if dwarf:
        parts.append(Text.assemble(("Your dwarf: ", "bold"), dwarf_text(str(dwarf)), "  ",
                                   (words.get(str(dwarf), ""), "dim")))
    parts.append(hand_block(game, list(hand), words))
    seen = view.get("inspected") or []
    if seen:
        parts.append(Text.assemble(("Seen by Inspection: ", "bold"), Text(" · ").join(
            Text.assemble(f"seat {s} is ", dwarf_text(str(d))) for s, d in seen)))
    mapped = [g for g in view.get("goals") or [] if not g.get("face_up") and g.get("card")]
    if mapped:
        parts.append(Text.assemble(("Seen by Map: ", "bold"), Text(" · ").join(
            Text.assemble(f"{cell_text(g['cell'])} is ", goal_name(str(g["card"])))
            for g in mapped)))
    for holder, cards in view.get("known_hands") or []:
        parts.append(Text.assemble((f"Known in seat {holder}'s hand (swapped): ", "bold"),
                                   counted(list(cards), "")))
    discards = view.get("my_discards") or []
    if discards:
        parts.append(Text.assemble(("Your face-down discards: ", "bold"),
                                   counted(discards, "dim")))
    dropped = view.get("my_dropped_dwarves") or []
    if dropped:
        parts.append(Text.assemble(("Your dwarves swapped away: ", "bold"),
                                   Text(", ").join(dwarf_text(str(d)) for d in dropped)))
    return Panel(Group(*parts), title=f"You · seat {seat}", title_align="left",
                 border_style="green", expand=False)


def hand_block(game: Saboteur, hand: list[str], words: Mapping[str, str]) -> RenderableType:
    """The hand: each card numbered with its meaning; the path cards drawn as they would lie
    upright and turned."""
    if not hand:
        return Text("Your hand: empty", style="bold")
    cards = list(Counter(hand).items())
    listing = Table.grid(padding=(0, 1))
    listing.add_column(justify="right", style="bold cyan")
    listing.add_column(no_wrap=True)
    listing.add_column(style="dim")
    for n, (card, copies) in enumerate(cards, 1):
        name = Text(card, style="cyan")
        if copies > 1:
            name.append(f" x{copies}")
        listing.add_row(str(n), name, words.get(card, ""))
    drawn = [(n, card) for n, (card, _) in enumerate(cards, 1) if card in game.paths]
    if not drawn:
        return Group(Text("Your hand:", style="bold"), listing)
    lines = []
    gap = "   "
    for turned in (False, True):
        pictures = [card_picture(game, card, turned) for _, card in drawn]
        for line in range(HEIGHT):
            label = ("upright " if not turned else "turned  ") if line == 1 else " " * 8
            text = Text(label, style="dim")
            for i, picture in enumerate(pictures):
                if i:
                    text.append(gap)
                text.append_text(glyphs_text(picture[line]))
            lines.append(text)
    numbers = Text(" " * 8)
    for i, (n, _) in enumerate(drawn):
        if i:
            numbers.append(gap)
        numbers.append(f"{n:^{WIDE}}", style="bold cyan")
    lines.append(numbers)
    return Group(Text("Your hand:", style="bold"), listing, Text("\n").join(lines))
