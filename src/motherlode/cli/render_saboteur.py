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

Draws a seat's view only (`SaboteurView`, from `State.view`), never the state, and loads no
card data: the cards' shapes and texts come from the view's `cards` and `dwarves`, the table's
bounds from its `columns` and `rows`, the log's sentences from each event's `text`
(the game's log events; the terminal prints them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.engine import Event, View
from motherlode.rules.saboteur import (
    DESCRIPTION,
    OPPOSITE,
    PHASES,
    SIDES,
    TITLES,
    TOOLS,
    TURN_EVENTS,
    CardInfo,
    Cell,
    GoldCardsDrawn,
    GoldShared,
    Phase,
    RoundBegan,
    RoundEnded,
    SaboteurView,
    Stole,
    TookGold,
    from_json,
    inspected_dwarves,
    is_saboteur_view,
    known_hands,
    name_of,
)

Glyph = tuple[str, str]  # one character and its style

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
PHASE_NAMES = dict(zip(PHASES, DESCRIPTION.phases, strict=True))  # the view's word: for people

#: The terminal waits for Enter once a round's share-out is complete: the next round's deal
#: (after the gold, the thefts and the gold cards taken). The drawing then still shows the
#: round just over (`round_end`: who reached the treasure, the dwarves and goals revealed,
#: the gold each seat got, the thefts) until every player has had a turn of the new round;
#: the last round's end is the game's end, which the terminal shows anyway.
PAUSE_AFTER = frozenset({"round"})

#: What the drawing's marks, abbreviations and words mean (`info` at the prompt).
LEGEND = {
    "━": "a tunnel reached from a ladder (heavy, yellow): the path so far",
    "─": "a tunnel not reached from a ladder (light, grey)",
    "╴": "a dead end (╵ ╶ ╷ too): the tunnel stops short of the card's middle",
    "✕": "a card with no way through: dead ends only",
    "S": "the start card: a cross with a ladder, where every path begins",
    "H": "a ladder card: linked to the start, so a path may grow from it",
    "G": "a green door (a card's corner): only green diggers and the Boss get past it",
    "B": "a blue door (a card's corner): only blue diggers and the Boss get past it; in the "
         "prompt, turn option B: play an action card",
    "*": "a crystal (a card's corner, one per crystal): the Geologists' gold",
    "?": "a goal still face down; in the players' table, a dwarf you do not know",
    "T": "a face-down goal your Map showed to be the treasure",
    "s": "a face-down goal your Map showed to be a stone",
    "$": "the treasure, turned up",
    "o": "a stone goal, turned up",
    "·": "an empty cell of the table",
    "╯ ╭": "a double curve: two curves that never meet",
    "│": "in a bridge (──│──): the two paths cross without meeting",
    "treasure": "the goal card with the gold: a path reaching it ends the round",
    "stone": "a goal card without gold: turned up when reached, and the round goes on",
    "✗": "a broken tool in front of a player (✗ lamp: a broken lamp): no path cards until "
         "it is mended",
    **{tool: "a tool: broken, its player lays no path cards until it is mended"
       for tool in TOOLS},
    "TRAPPED": "a Trapped card in front of the player: no path cards, no gold, no stealing",
    "theft #1": "a Theft card in front of the player: after the share-out #1 steals first, "
                "then clockwise",
    "▶ to play": "the player whose decision it is",
    "you": "your seat",
    "x2": "two copies of the card",
    "upright": "a path card lying as drawn ('place <card> <col> <row>')",
    "turned": "a path card turned 180 degrees ('place <card> <col> <row> turned')",
    "first player": "who plays first this round: the left neighbour of whoever played last "
                    "in the round before",
    "pile": "the cards left to draw",
    "set aside": "the cards removed unseen at the deal (Saboteur Gold: 10)",
    "spare dwarves": "the undealt dwarves, face down: Swap your hats draws one",
    "gold cards left": "the base game's gold cards not yet drawn",
    "gold cards to take": "the base game: the gold cards drawn at the round's end, still to "
                          "be taken",
    "face down": "discards nobody else sees: a pass (C) or a mend (D)",
    "face up": "discards everyone sees: action cards played and the cards they removed",
    "A": "turn option A: lay a path card that continues a path from a ladder, then draw 1",
    "C": "turn option C: pass, discarding 1-3 cards face down (the base game: 1), then draw "
         "as many",
    "D": "turn option D (Saboteur Gold): discard 2 cards to mend one of your broken tools or "
         "get out of a trap, then draw 1",
    DESCRIPTION.phases[Phase.PASSING]: "a pass under way: discard another card, or draw to end it",
    DESCRIPTION.phases[Phase.FIXING]: "a mend under way: discard the second card to pay for it",
    DESCRIPTION.phases[Phase.STEAL]: "after the share-out, each Theft card's player takes 1 gold "
                                     "piece",
    DESCRIPTION.phases[Phase.GOLD]: "the base game: the diggers who won take gold cards in turn",
    "goals revealed": "the face-down goals turned up at the round's end",
    "dwarves": "each seat's dwarf this round, turned up at its end",
    "gold shared": "the gold each seat got at the round's end (+5: five gold pieces)",
}


Cards = Mapping[str, CardInfo]


# --- the whole table -------------------------------------------------------------------------
def render(seen: View, console: Console) -> None:
    """The whole table as `view["seat"]` sees it."""
    if not is_saboteur_view(seen):
        raise ValueError(f"render_saboteur draws Saboteur views, not {seen['game']}")
    view = seen
    console.print(header(view))
    console.print(maze(view, console.width))
    console.print(players_table(view))
    console.print(face_up_discards(view))
    ended = round_end(view)
    if ended is not None:
        console.print(ended)
    own = own_panel(view)
    if own is not None:
        console.print(own)


def events(view: SaboteurView) -> list[Event]:
    """The view's log as events (typed fields)."""
    return [from_json(entry) for entry in view["log"]]


# --- words -------------------------------------------------------------------------------------
def cell_text(cell: Sequence[int]) -> str:
    """A cell as a player types it: `3 -1`."""
    return f"{cell[0]} {cell[1]}"


def who(view: SaboteurView, seat: int) -> str:
    return "you" if view["seat"] == seat else f"seat {seat}"


def is_treasure(view: SaboteurView, goal: str) -> bool:
    """Whether the goal card with this id is the treasure (the view's `cards` say)."""
    card = view["cards"].get(goal)
    return card["treasure"] if card is not None else "treasure" in goal


def goal_name(view: SaboteurView, card: str) -> Text:
    if is_treasure(view, card):
        return Text("the treasure", style=STYLES["treasure"])
    return Text("a stone", style=STYLES["stone"])


def dwarf_text(dwarf: str) -> Text:
    """A dwarf by its name on the card (`Green digger`, `Geologist`), in its team's colour."""
    return Text(name_of(dwarf), style=DWARF_STYLES.get(dwarf, "bold"))


def end_line(event: RoundEnded) -> Text:
    text = Text(f"round {event.round} over: ", style="bold")
    if event.connector is None:
        text.append("the treasure was not reached", style="bold red")
    else:
        text.append(f"seat {event.connector} reached the treasure", style=STYLES["treasure"])
    return text


def gold_shares(gold: Sequence[int]) -> Text:
    """`seat 2 +5, seat 0 +4`, or `nobody`."""
    won = [(seat, amount) for seat, amount in enumerate(gold) if amount]
    if not won:
        return Text("nobody", style="dim")
    return Text(", ").join(
        Text.assemble(f"seat {seat} ", (f"+{amount}", "bold yellow")) for seat, amount in won
    )


def counted(ids: Sequence[str], style: str = "") -> Text:
    """Cards by name with their copies: `Rockfall x2, Map`."""
    if not ids:
        return Text("—", style=EMPTY)
    counts = Counter(ids)
    return Text(", ").join(
        Text.assemble((name_of(card), style), f" x{n}" if n > 1 else "")
        for card, n in counts.items()
    )


def key(sides: Iterable[str]) -> str:
    """Sides in N, E, S, W order, as the glyph tables name them."""
    given = set(sides)
    return "".join(side for side in SIDES if side in given)


def lying(card: CardInfo, turned: bool) -> tuple[list[str], str]:
    """A path card's paths and dead ends as it lies (turned: N<->S, E<->W)."""
    if not turned:
        return list(card["paths"]), card["stubs"]
    return ([key(OPPOSITE[side] for side in path) for path in card["paths"]],
            key(OPPOSITE[side] for side in card["stubs"]))


# --- one card --------------------------------------------------------------------------------
def card_picture(
    cards: Cards, card_id: str, turned: bool, *, width: int = WIDE, reached: bool = False
) -> list[list[Glyph]]:
    """A path card as it lies: `HEIGHT` rows of `width` glyphs."""
    card = cards[card_id]
    paths, stubs = lying(card, turned)
    lines = HEAVY if reached else LIGHT
    style = REACHED if reached else TUNNEL
    grid: list[list[Glyph]] = [[(" ", "")] * width for _ in range(HEIGHT)]
    mid = width // 2

    def put(row: int, col: int, char: str, how: str = style) -> None:
        grid[row][col] = (char, how)

    for path in paths:
        for side in path:
            if side == "N":
                put(0, mid, lines["NS"])
            elif side == "S":
                put(2, mid, lines["NS"])
            else:
                for col in range(0, mid) if side == "W" else range(mid + 1, width):
                    put(1, col, lines["EW"])
    for side in stubs:  # a dead end: the tunnel stops before the middle
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
    put(1, mid, *middle(card, paths, reached))
    if len(paths) == 2 and not any(key(p) in ("NS", "EW") for p in paths):
        for path in paths:  # a double curve: each bends short of the middle
            bend = ROUND[key(path)] if not reached else lines[key(path)]
            put(1, mid - 1 if "W" in path else mid + 1, bend)
    if card["door"]:
        put(0, 0, card["door"][0].upper(), STYLES.get(card["door"], "bold"))
    right = width - 1
    corners = [(2, right), (2, right - 1)] if width >= WIDE else [(2, right), (0, right)]
    for row, col in corners[: card["crystals"]]:
        put(row, col, "*", STYLES["crystal"])
    return grid


def middle(card: CardInfo, paths: Sequence[str], reached: bool) -> Glyph:
    """What a card shows in its middle: its paths' junction, or its mark."""
    lines = HEAVY if reached else LIGHT
    style = REACHED if reached else TUNNEL
    if card["kind"] == "start":
        return "S", STYLES["start"]
    if card["kind"] == "goal":
        return ("$", STYLES["treasure"]) if card["treasure"] else ("o", STYLES["stone"])
    if card["ladder"]:
        return "H", STYLES["ladder"]
    if not paths:
        return "✕", STYLES["dead"]
    if len(paths) == 1:
        return lines.get(key(paths[0]), "+"), style
    for straight in ("NS", "EW"):  # a bridge: one path passes over the other
        if any(key(p) == straight for p in paths):
            return lines[straight], style
    return " ", style  # a double curve: the bends are drawn beside the middle


def known(cards: Cards, card_id: str) -> bool:
    """Whether the view's cards describe this path card."""
    card = cards.get(card_id)
    return card is not None and card["path"]


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
def goal_mark(view: SaboteurView, cell: Cell, mapped: str | None,
              revealed: Mapping[Cell, str]) -> Glyph:
    """What a face-down goal shows: `?`, or `T`/`s` when this seat mapped it; at the round's
    end every goal is revealed (`$`/`o`)."""
    if cell in revealed:
        treasure = is_treasure(view, revealed[cell])
        return ("$", STYLES["treasure"]) if treasure else ("o", STYLES["stone"])
    if mapped is None:
        return "?", "bold"
    return ("T", STYLES["treasure"]) if is_treasure(view, mapped) else ("s", STYLES["mapped"])


def bounds(view: SaboteurView) -> tuple[range, range]:
    """The columns and rows to draw: every card and goal, with one cell of margin, inside the
    table's bounds."""
    cells = [(c["cell"][0], c["cell"][1]) for c in view["maze"]]
    cells += [(g["cell"][0], g["cell"][1]) for g in view["goals"]]
    cols = [c for c, _ in cells] or [0]
    rows = [r for _, r in cells] or [0]
    first_col, last_col = view["columns"]
    first_row, last_row = view["rows"]
    return (
        range(max(min(cols) - 1, first_col), min(max(cols) + 1, last_col) + 1),
        range(max(min(rows) - 1, first_row), min(max(rows) + 1, last_row) + 1),
    )


def this_round_end(view: SaboteurView) -> RoundEnded | None:
    """This round's end (the log's last `RoundEnded`), once it is over."""
    end = last_end(view)
    if end is None or end.round != view["round"]:
        return None
    if view["phase"] not in PHASES[Phase.STEAL:]:
        return None
    return end


def revealed_goals(view: SaboteurView) -> dict[Cell, str]:
    """The goals turned up by this round's end, once it is over."""
    end = this_round_end(view)
    if end is None:
        return {}
    return {(cell[0], cell[1]): card for cell, card in end.goals}


def maze(view: SaboteurView, console_width: int) -> Text:
    """The maze as a grid of cards with the column numbers on top and the row numbers left."""
    cards = view["cards"]
    columns, rows = bounds(view)
    width = WIDE if ROW_LABEL + len(columns) * WIDE <= console_width else NARROW
    lying_cards = {(c["cell"][0], c["cell"][1]): (c["card"], c["turned"]) for c in view["maze"]}
    goals = {(g["cell"][0], g["cell"][1]): g["card"] for g in view["goals"]}
    reached = {(c, r) for c, r in view["reached"]}
    revealed = revealed_goals(view)
    numbers = Text(" " * ROW_LABEL, style="bold")
    for col in columns:
        numbers.append(f"{col:^{width}}", style="bold")
    lines = [numbers]
    for row in rows:
        pictures = []
        for col in columns:
            cell = (col, row)
            if cell in lying_cards and known(cards, lying_cards[cell][0]):
                card, turned = lying_cards[cell]
                pictures.append(card_picture(cards, card, turned, width=width,
                                             reached=cell in reached))
            elif cell in lying_cards:  # a card the view does not describe
                pictures.append(goal_back("#", "bold red", width))
            elif cell in goals:
                pictures.append(goal_back(*goal_mark(view, cell, goals[cell], revealed),
                                          width=width))
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
def last_end(view: SaboteurView) -> RoundEnded | None:
    for event in reversed(events(view)):
        if isinstance(event, RoundEnded):
            return event
    return None


def header(view: SaboteurView) -> Text:
    """Round, first player, phase and whose decision; what the phase is about; the piles."""
    phase = view["phase"]
    text = Text()
    text.append(TITLES.get(view["edition"], TITLES["gold"]), style="bold yellow")
    text.append(f" · round {view['round']}/{view['rounds']}")
    text.append(f" · first player {who(view, view['first_player'])}")
    text.append("\nphase ")
    over = phase == PHASES[Phase.OVER]
    text.append(PHASE_NAMES.get(phase, phase), style="bold green" if over else "bold")
    current = view["current_player"]
    if current is not None:
        text.append(" · to play: ")
        mine = current == view["seat"]
        text.append(who(view, current), style="bold green" if mine else "bold")
    detail = phase_detail(view)
    if detail is not None:
        text.append(" · ")
        text.append_text(detail)
    text.append("\n")
    text.append_text(piles(view))
    return text


def phase_detail(view: SaboteurView) -> Text | None:
    """What the phase in progress is about: the pass so far, what is being mended, the thieves
    still to steal, the gold cards left."""
    phase = view["phase"]
    passed = view["passed"]
    if phase == PHASES[Phase.PASSING]:
        return Text(f"{passed} card{'' if passed == 1 else 's'} discarded so far (up to 3; "
                    "'draw' ends the pass)", style="cyan")
    if phase == PHASES[Phase.FIXING]:
        what = view["fixing"]
        goal = "getting out of the trap" if what == "trapped" else f"mending the {what}"
        return Text(f"{goal}: {passed} of 2 cards paid", style="cyan")
    if phase == PHASES[Phase.STEAL]:
        thieves = ", ".join(who(view, s) for s in view["stealers"])
        return Text(f"thieves still to steal: {thieves or '—'} ('steal from <seat>')",
                    style="cyan")
    if phase == PHASES[Phase.GOLD]:
        offer = ", ".join(str(v) for v in view["gold_offer"])
        pickers = ", ".join(who(view, s) for s in view["pickers"])
        return Text(f"gold cards to take: {offer or '—'} · diggers picking in turn: {pickers} "
                    "('take <value>')", style="cyan")
    return None


def piles(view: SaboteurView) -> Text:
    """The pile, the cards set aside (gold edition), the gold cards left (base), the discards."""
    text = Text(style="dim")
    text.append(f"pile {view['pile']}")
    if view["edition"] != "base":
        text.append(f" · set aside {view['removed']}")
        text.append(f" · spare dwarves {view['spare_dwarves']}")
    else:
        text.append(f" · gold cards left {view['gold_deck']}")
    text.append(f" · discards {view['face_down_discards']} face down, "
                f"{len(view['face_up_discards'])} face up")
    return text


def face_up_discards(view: SaboteurView) -> Text:
    return Text.assemble(("Face-up discards: ", "bold"),
                         counted(view["face_up_discards"], "dim"))


def in_front(view: SaboteurView, seat: int) -> Text:
    """What lies in front of a player: broken tools, a Trapped card, a Theft (and its turn)."""
    tableaux = view["tableaux"]
    if seat >= len(tableaux):
        return Text("—", style=EMPTY)
    tableau = tableaux[seat]
    parts: list[Text] = []
    for card in tableau["broken"]:
        parts.append(Text(f"✗ {card.removeprefix('broken-')}", style="bold red"))
    if tableau["trapped"]:
        parts.append(Text("TRAPPED", style="bold red reverse"))
    if tableau["theft"]:
        order = view["theft_order"]
        nth = f" #{order.index(seat) + 1}" if seat in order else ""
        parts.append(Text(f"theft{nth}", style="bold yellow"))
    return Text("  ").join(parts) if parts else Text("—", style=EMPTY)


def known_dwarves(view: SaboteurView) -> dict[int, str]:
    """The dwarves this seat knows: its own, those seen by Inspection, and all of them once
    the round is over (the log's round end)."""
    known_: dict[int, str] = {}
    end = this_round_end(view)
    if end is not None:
        known_.update(enumerate(end.dwarves))
    known_.update(inspected_dwarves(view))
    seat = view["seat"]
    if seat is not None and view["dwarf"]:
        known_[seat] = view["dwarf"]
    return known_


def players_table(view: SaboteurView) -> Table:
    """One row per seat: who, hand size, what lies in front, gold, the dwarf if known."""
    table = Table(box=box.SIMPLE_HEAD, title="Players", title_justify="left", pad_edge=False)
    table.add_column("seat", justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column("hand", justify="right")
    table.add_column("in front")
    table.add_column("gold", justify="right")
    table.add_column("dwarf")
    me = view["seat"]
    current = view["current_player"]
    dwarves = known_dwarves(view)
    sizes = view["hand_sizes"]
    gold = view["gold"]
    for seat in range(view["players"]):
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


def round_end(view: SaboteurView) -> Panel | None:
    """The last round's end while it matters: this round just ended, or the next one is on
    its first lap. Who reached the treasure, the goals and dwarves revealed, the gold."""
    log = events(view)
    ends = [(i, e) for i, e in enumerate(log) if isinstance(e, RoundEnded)]
    if not ends:
        return None
    at, end = ends[-1]
    if end.round != view["round"]:
        started = max(i for i, e in enumerate(log) if isinstance(e, RoundBegan))
        turns = sum(1 for e in log[started:] if isinstance(e, TURN_EVENTS))
        if end.round != view["round"] - 1 or turns >= view["players"]:
            return None
    lines = [end_line(end)]
    if end.goals:
        lines.append(Text.assemble(("goals revealed: ", "bold"), Text(" · ").join(
            Text.assemble(f"{cell_text(cell)} ", goal_name(view, card))
            for cell, card in end.goals
        )))
    lines.append(Text.assemble(("dwarves: ", "bold"), Text(" · ").join(
        Text.assemble(f"{who(view, seat)} ", dwarf_text(d)) for seat, d in enumerate(end.dwarves)
    )))
    for event in log[at + 1:]:
        if isinstance(event, GoldShared):
            lines.append(Text.assemble(("gold shared: ", "bold"), gold_shares(event.gold)))
            lines.extend(Text(f"  {cause}", style="dim") for cause in event.causes()
                         if event.roles)
        elif isinstance(event, GoldCardsDrawn):
            values = ", ".join(str(v) for v in event.values)
            lines.append(Text.assemble(("gold cards drawn: ", "bold"), (values, "yellow")))
        elif isinstance(event, Stole) and event.seat is not None:
            lines.append(Text(f"{who(view, event.seat)} stole 1 gold from "
                              f"{who(view, event.victim)}", style="yellow"))
        elif isinstance(event, TookGold) and event.seat is not None:
            lines.append(Text(f"{who(view, event.seat)} took a gold card worth "
                              f"{event.value}", style="yellow"))
        elif isinstance(event, RoundBegan):
            break
    title = f"Round {end.round} is over"
    return Panel(Group(*lines), title=title, title_align="left", border_style="yellow",
                 expand=False)


# --- you -------------------------------------------------------------------------------------
def own_panel(view: SaboteurView) -> Panel | None:
    """Your dwarf, your hand (path cards drawn upright and turned), your face-down discards,
    and what you have seen: dwarves by Inspection, goals by Map. None for a spectator."""
    seat = view["seat"]
    hand = view["hand"]
    if seat is None or hand is None:
        return None
    parts: list[RenderableType] = []
    dwarf = view["dwarf"]
    if dwarf:
        parts.append(Text.assemble(("Your dwarf: ", "bold"), dwarf_text(dwarf), "  ",
                                   (view["dwarves"].get(dwarf, ""), "dim")))
    parts.append(hand_block(view["cards"], hand))
    seen = inspected_dwarves(view)
    if seen:
        parts.append(Text.assemble(("Seen by Inspection: ", "bold"), Text(" · ").join(
            Text.assemble(f"seat {s} is ", dwarf_text(d)) for s, d in sorted(seen.items()))))
    mapped = [(g["cell"], g["card"]) for g in view["goals"] if not g["face_up"] and g["card"]]
    if mapped:
        parts.append(Text.assemble(("Seen by Map: ", "bold"), Text(" · ").join(
            Text.assemble(f"{cell_text(cell)} is ", goal_name(view, card))
            for cell, card in mapped if card)))
    for holder, cards in known_hands(view):
        parts.append(Text.assemble((f"Known in seat {holder}'s hand (swapped): ", "bold"),
                                   counted(cards, "")))
    discards = view["my_discards"]
    if discards:
        parts.append(Text.assemble(("Your face-down discards: ", "bold"),
                                   counted(discards, "dim")))
    dropped = view["my_dropped_dwarves"]
    if dropped:
        parts.append(Text.assemble(("Your dwarves swapped away: ", "bold"),
                                   Text(", ").join(dwarf_text(d) for d in dropped)))
    return Panel(Group(*parts), title=f"You · seat {seat}", title_align="left",
                 border_style="green", expand=False)


def hand_block(cards: Cards, hand: list[str]) -> RenderableType:
    """The hand: each card numbered with its meaning; the path cards drawn as they would lie
    upright and turned."""
    if not hand:
        return Text("Your hand: empty", style="bold")
    counts = list(Counter(hand).items())
    listing = Table.grid(padding=(0, 1))
    listing.add_column(justify="right", style="bold cyan")
    listing.add_column(no_wrap=True)
    listing.add_column(style="dim")
    for n, (card, copies) in enumerate(counts, 1):
        info = cards.get(card)
        name = Text(info["name"] if info is not None else name_of(card), style="cyan")
        if copies > 1:
            name.append(f" x{copies}")
        listing.add_row(str(n), name, info["text"] if info is not None else "")
    drawn = [(n, card) for n, (card, _) in enumerate(counts, 1) if known(cards, card)]
    if not drawn:
        return Group(Text("Your hand:", style="bold"), listing)
    lines = []
    gap = "   "
    for turned in (False, True):
        pictures = [card_picture(cards, card, turned) for _, card in drawn]
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
