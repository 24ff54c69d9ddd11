"""What each seat of Saboteur Gold may know: the one place hidden information is decided.

Hidden (issue 5, seed 004): the hands (a seat sees its own and every hand's size), the dwarves
(a seat sees its own, and another's after an Inspection until that player changes hats; all are
turned up at the round's end), the face-down goals (a Map shows one goal to its player only),
the cards set aside, the pile's order, the face-down discards (a seat sees its own) and the
undealt dwarves. Everything played face up is public, and so is the log.

`determinize(seat)` deals the cards the seat cannot see again (other hands, the pile, the cards
set aside, other seats' face-down discards), the dwarves it has not seen (with the undealt and the
dropped ones), the goals it has not looked at, and the base mode's gold-card deck; it rewrites
the other seats' `discard` actions in the history to match, and reseeds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from motherlode.engine import JSON

from . import maze as mazes
from .cards import TOOLS

if TYPE_CHECKING:
    from .game import Saboteur
    from .maze import Placed
    from .state import SaboteurState

PHASES = ("turn", "passing", "fixing", "steal", "gold", "over")
LOG_FIELDS: dict[str, tuple[str, ...]] = {
    "round": ("round", "first"),
    "place": ("seat", "card", "cell", "turned"),
    "goal": ("cell", "card", "turned"),
    "play": ("seat", "card", "target", "tool"),
    "play_at": ("seat", "card", "cell"),
    "fix": ("seat", "what"),
    "fixed": ("seat", "what"),
    "pass": ("seat", "cards"),
    "end": ("round", "connector", "dwarves", "goals"),
    "share": ("round", "gold"),
    "steal": ("seat", "victim"),
    "gold_cards": ("round", "values"),
    "take": ("seat", "value"),
    "over": ("gold",),
}


def _json(value: Any) -> Any:
    """Tuples (and lists) as new lists, all the way down."""
    if type(value) is tuple or type(value) is list:
        return [_json(v) if type(v) is tuple or type(v) is list else v for v in value]
    return value


def log_entry(entry: tuple[object, ...]) -> JSON:
    """A public log tuple as a new dict: {"event": kind, field: value ...}."""
    kind = str(entry[0])
    found: JSON = {"event": kind}
    for name, value in zip(LOG_FIELDS[kind], entry[1:], strict=True):
        found[name] = _json(value)
    return found


def _tableau(state: SaboteurState, seat: int) -> JSON:
    tableau = state.tableaux[seat]
    return {
        "broken": [card.id for card in tableau.broken],
        "trapped": None if tableau.trapped is None else tableau.trapped.id,
        "theft": None if tableau.theft is None else tableau.theft.id,
    }


def _goals(state: SaboteurState, seat: int | None) -> list[JSON]:
    known = state.maps[seat] if seat is not None else {}
    goals = []
    for cell in mazes.GOALS:
        placed = state.maze.cells.get(cell)
        if placed is not None:
            goals.append({"cell": list(cell), "card": placed.card.id, "face_up": True})
        else:
            goals.append({"cell": list(cell), "card": known.get(cell), "face_up": False})
    return goals


def reached_cells(state: SaboteurState) -> list[list[int]]:
    """The cells with a path reached from a ladder (doors ignored), sorted."""
    return [list(cell) for cell in sorted({cell for cell, _ in state.reach()})]


def _seen(state: SaboteurState, seat: int) -> list[tuple[int, str]]:
    return sorted(state.inspected[seat].items())


def view(state: SaboteurState, seat: int | None) -> JSON:
    """Everything `seat` may know (None: a spectator, who sees only what is public)."""
    game = state.game
    n = game.num_players
    maze = state.maze
    hand = sorted(state.hands[seat]) if seat is not None else None
    return {
        "game": game.name,
        "edition": game.edition,
        "players": n,
        "seat": seat,
        "round": state.round,
        "rounds": game.cards.rules.rounds,
        "phase": PHASES[state.phase],
        "current_player": state.current_player,
        "first_player": state.first,
        "maze": [{"cell": list(cell), "card": placed.card.id, "turned": placed.turned}
                 for cell, placed in sorted(maze.cells.items())],
        "reached": reached_cells(state),
        "goals": _goals(state, seat),
        "pile": len(state.pile),
        "removed": len(state.removed),
        "hand_sizes": [len(hand) for hand in state.hands],
        "hand": hand,
        "dwarf": state.dwarves[seat] if seat is not None else None,
        "inspected": [] if seat is None else [[t, d] for t, d in _seen(state, seat)],
        "tableaux": [_tableau(state, s) for s in range(n)],
        "theft_order": list(state.theft_order),
        "gold": list(state.gold),
        "face_up_discards": sorted(state.public_discards),
        "face_down_discards": sum(len(cards) for cards in state.hidden_discards),
        "my_discards": [] if seat is None else sorted(state.hidden_discards[seat]),
        "known_hands": [[held, list(cards)] for (knower, held), cards
                        in sorted(state.known_hands.items()) if knower == seat],
        "spare_dwarves": len(state.spare_dwarves),
        "my_dropped_dwarves": [d for s, d in state.dropped_dwarves if s == seat],
        "passed": state.passed,
        "fixing": state.fixing,
        "stealers": list(state.stealers),
        "gold_offer": list(state.gold_offer),
        "pickers": list(state.pickers),
        "gold_deck": len(state.gold_deck),
        "log": [log_entry(entry) for entry in state.log],
    }


def snapshot(state: SaboteurState) -> JSON:
    """The whole truth, JSON-ready (for the digest)."""
    return {
        "round": state.round,
        "phase": int(state.phase),
        "seat": state.seat,
        "first": state.first,
        "last_player": state.last_player,
        "gold": state.gold,
        "hands": state.hands,
        "pile": state.pile,
        "removed": state.removed,
        "dwarves": state.dwarves,
        "spare_dwarves": state.spare_dwarves,
        "dropped_dwarves": _json(state.dropped_dwarves),
        "maze": [[list(cell), p.card.id, p.turned] for cell, p in sorted(state.maze.cells.items())],
        "face_down": [[list(cell), card.id] for cell, card in sorted(state.maze.face_down.items())],
        "tableaux": [_tableau(state, s) for s in range(state.game.num_players)],
        "theft_order": state.theft_order,
        "hidden_discards": state.hidden_discards,
        "public_discards": state.public_discards,
        "maps": [[[list(c), g] for c, g in sorted(known.items())] for known in state.maps],
        "inspected": [sorted(known.items()) for known in state.inspected],
        "known_hands": [[list(key), cards] for key, cards in sorted(state.known_hands.items())],
        "passed": state.passed,
        "fixing": state.fixing,
        "stealers": state.stealers,
        "gold_deck": state.gold_deck,
        "gold_offer": state.gold_offer,
        "pickers": state.pickers,
        "secret_steps": state.secret_steps,
        "log": state.log,  # tuples: json.dumps writes them as lists
    }


# ---- determinize --------------------------------------------------------------------------

def determinize(state: SaboteurState, seat: int, rng: random.Random) -> SaboteurState:
    """A state `seat` cannot tell from this one, every unseen part dealt again."""
    other = state.clone()
    _deal_unseen_cards(other, seat, rng)
    over = state.phase >= state.phase.STEAL  # the round's end turned every dwarf and goal up
    _deal_unseen_dwarves(other, seat, rng, dealt_known=over)
    if not over:
        _deal_unseen_goals(other, seat, rng)
    rng.shuffle(other.gold_deck)
    _rewrite_discards(other, seat, rng)
    other._reseed(rng)
    return other


def _deal_unseen_cards(state: SaboteurState, seat: int, rng: random.Random) -> None:
    """Every card `seat` has not seen, dealt again into the same places and sizes; a hand the
    seat knows part of (Swap your hand) keeps those cards. Other seats' knowledge of hands is
    dropped (it was of the real hands)."""
    others = [s for s in range(state.game.num_players) if s != seat]
    slots = [*(state.hands[s] for s in others), *(state.hidden_discards[s] for s in others),
             state.removed, state.pile]
    pool = [card for slot in slots for card in slot]
    kept = {held: cards for (knower, held), cards in state.known_hands.items() if knower == seat}
    for cards in kept.values():
        for card in cards:
            pool.remove(card)
    rng.shuffle(pool)
    at = 0
    for slot, owner in zip(slots, [*others, *([None] * (len(slots) - len(others)))],
                           strict=True):
        known = list(kept.get(owner, ())) if owner is not None else []
        size = len(slot) - len(known)
        slot[:] = known + pool[at:at + size]
        at += size
    state.known_hands = {key: cards for key, cards in state.known_hands.items()
                         if key[0] == seat}


def _deal_unseen_dwarves(state: SaboteurState, seat: int, rng: random.Random,
                         dealt_known: bool) -> None:
    """Other players' dwarves not inspected (unless `dealt_known`: the round's end showed them),
    the undealt ones and those others dropped (Swap your hats), dealt again."""
    known = state.inspected[seat]
    unseen = [] if dealt_known else [s for s in range(state.game.num_players)
                                     if s != seat and s not in known]
    dropped = [i for i, (s, _) in enumerate(state.dropped_dwarves) if s != seat]
    pool = [*(state.dwarves[s] for s in unseen), *state.spare_dwarves,
            *(state.dropped_dwarves[i][1] for i in dropped)]
    rng.shuffle(pool)
    for s in unseen:
        state.dwarves[s] = pool.pop()
    for i in dropped:
        state.dropped_dwarves[i] = (state.dropped_dwarves[i][0], pool.pop())
    state.spare_dwarves[:] = pool
    for s, seen in enumerate(state.inspected):
        if s != seat:
            state.inspected[s] = {t: state.dwarves[t] for t in seen}


def _deal_unseen_goals(state: SaboteurState, seat: int, rng: random.Random) -> None:
    face_down = state.maze.face_down
    cells = sorted(cell for cell in face_down if cell not in state.maps[seat])
    cards = [face_down[cell] for cell in cells]
    rng.shuffle(cards)
    face_down.update(zip(cells, cards, strict=True))
    for s, known in enumerate(state.maps):
        if s != seat:  # a goal since turned up stays as it was seen (it is public now)
            state.maps[s] = {cell: face_down[cell].id if cell in face_down else card
                             for cell, card in known.items()}


def _rewrite_discards(state: SaboteurState, seat: int, rng: random.Random) -> None:
    """Other seats' `discard` actions: this round's from the cards dealt again; earlier rounds'
    (whose cards nothing now depends on) from the deck at random."""
    game = state.game
    taken = [0] * game.num_players
    for index, who, round_ in state.secret_steps:
        if who == seat:
            continue
        if round_ == state.round:
            card = state.hidden_discards[who][taken[who]]
            taken[who] += 1
        else:
            card = rng.choice(game.deck_ids)
        state.history[index] = game.discard_action[card]


# ---- observation --------------------------------------------------------------------------

CELL_FEATURES = 11
REACHED = 5  # the index of `reached` among a cell's features


def observation_size(game: Saboteur) -> int:
    return sum(1 for _ in _parts(game, None)) + len(game.empty_table)


def _parts(game: Saboteur, seen: JSON | None) -> Iterator[float]:
    """The observation's numbers (`Saboteur.observe` gives the layout); with `seen` None,
    zeros (for the size)."""
    yield from _header(game, seen)
    yield from _seats(game, seen)


def _header(game: Saboteur, seen: JSON | None) -> Iterator[float]:
    phase = seen["phase"] if seen else ""
    for name in PHASES:
        yield float(phase == name)
    yield seen["round"] / game.cards.rules.rounds if seen else 0.0
    yield seen["pile"] / len(game.deck_ids) if seen else 0.0
    dwarf = seen["dwarf"] if seen else None
    for dwarf_id in game.dwarf_ids:
        yield float(dwarf == dwarf_id)
    hand = seen["hand"] or [] if seen else []
    for card_id in game.card_ids:
        yield hand.count(card_id) / 3
    goals: list[JSON] = seen["goals"] if seen else [{"card": "", "face_up": False}] * 3
    for goal in goals:
        card = game.goal.get(goal["card"] or "")
        yield 1.0 if goal["face_up"] else 0.0
        yield float(card is not None)
        yield float(card is not None and card.treasure)
    yield seen["passed"] / 3 if seen else 0.0
    fixing = seen["fixing"] if seen else ""
    for what in (*TOOLS, "trapped"):
        yield float(fixing == what)
    offer = seen["gold_offer"] if seen else []
    for value in (1, 2, 3):
        yield offer.count(value) / 10


def _seats(game: Saboteur, seen: JSON | None) -> Iterator[float]:
    """Per seat from the observer round the table (12 slots; unused ones zero)."""
    me = (seen["seat"] or 0) if seen else 0
    n = game.num_players
    inspected = dict((t, d) for t, d in seen["inspected"]) if seen else {}
    for k in range(12):
        s = (me + k) % n
        here = seen is not None and k < n
        tableau = seen["tableaux"][s] if here and seen else {"broken": [], "trapped": None,
                                                             "theft": None}
        yield float(here)
        yield float(here and seen is not None
                                         and seen["current_player"] == s)
        yield seen["hand_sizes"][s] / 6 if here and seen else 0.0
        yield seen["gold"][s] / 20 if here and seen else 0.0
        broken = {tool for card in tableau["broken"] for tool in game.actions[card].tools}
        for tool in TOOLS:
            yield float(tool in broken)
        yield float(tableau["trapped"] is not None)
        yield float(tableau["theft"] is not None)
        dwarf = inspected.get(s) if here else None
        for dwarf_id in game.dwarf_ids:
            yield float(dwarf == dwarf_id)


def _cells(game: Saboteur, seen: JSON | None) -> list[float]:
    """Per cell of the bounded table, row by row: occupied, open N/E/S/W, reached, ladder,
    green door, blue door, crystals/2, goal (a goal's cell is marked even face down)."""
    values = list(game.empty_table)
    if seen:
        reached = {(c, r) for c, r in seen["reached"]}
        for lying in seen["maze"]:
            col, row = lying["cell"]
            at = game.cell_index[col, row] * CELL_FEATURES
            features = game.cell_features[lying["card"], lying["turned"]]
            values[at:at + CELL_FEATURES] = features
            values[at + REACHED] = float((col, row) in reached)
    return values


def cell_features(placed: Placed) -> tuple[float, ...]:
    """A face-up card's features in the observation (`_cells`), reached left 0."""
    card = placed.card
    openings = placed.openings
    return (1.0, *(float(side in openings) for side in "NESW"), 0.0,
            float(card.ladder), float(card.door == "green"), float(card.door == "blue"),
            card.crystals / 2, float(card.kind == "goal"))


def empty_table(cell_index: Mapping[tuple[int, int], int]) -> tuple[float, ...]:
    """The cells' features with nothing laid: zeros, the goals' cells marked."""
    values = [0.0] * (len(cell_index) * CELL_FEATURES)
    for cell in mazes.GOALS:
        values[cell_index[cell] * CELL_FEATURES + CELL_FEATURES - 1] = 1.0
    return tuple(values)


def observe(game: Saboteur, seen: JSON) -> list[float]:
    """The header and the seats, then the table's cells."""
    values = list(_parts(game, seen))
    values += _cells(game, seen)
    return values
