"""What each seat of Saboteur Gold may know: its information set, as a `SaboteurView`.

Hidden (issue 5, seed 004): the hands (a seat sees its own and every hand's size), the dwarves
(a seat sees its own, and another's after an Inspection until that player changes hats; all are
turned up at the round's end), the face-down goals (a Map shows one goal to its player only),
the cards set aside, the pile's order, the face-down discards (a seat sees its own) and the
undealt dwarves. Everything played face up is public, and so is the log but what a Map showed
(`log.PlayedAt.seen_by`). `hidden.determinize` deals the hidden parts again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine.scoresheet import ScoreSheet, column, seats_words, sheet

from . import maze as mazes
from .phase import Phase
from .schema import Goal, MazeCard, SaboteurView, TableauView
from .sheet import SheetReading

if TYPE_CHECKING:
    from .model import SaboteurModel

def _tableau(state: SaboteurModel, seat: int) -> TableauView:
    tableau = state.tableaux[seat]
    return {
        "broken": [card.id for card in tableau.broken],
        "trapped": None if tableau.trapped is None else tableau.trapped.id,
        "theft": None if tableau.theft is None else tableau.theft.id,
    }


def _goals(state: SaboteurModel, seat: int | None) -> list[Goal]:
    known = state.maps[seat] if seat is not None else {}
    goals: list[Goal] = []
    for cell in mazes.GOALS:
        placed = state.maze.cells.get(cell)
        if placed is not None:
            goals.append({"cell": list(cell), "card": placed.card.id, "face_up": True})
        else:
            goals.append({"cell": list(cell), "card": known.get(cell), "face_up": False})
    return goals


def maze_cards(state: SaboteurModel) -> list[MazeCard]:
    """The face-up cards by cell: made once per maze (kept on its frontier, which the rules
    replace whenever the maze changes) and shared by the views of it (read only)."""
    frontier = state.spots()
    cards = frontier.maze_view
    if cards is None:
        cards = frontier.maze_view = [
            {"cell": list(cell), "card": placed.card.id, "turned": placed.turned}
            for cell, placed in sorted(state.maze.cells.items())]
    return cards


def reached_cells(state: SaboteurModel) -> list[list[int]]:
    """The cells with a path reached from a ladder (doors ignored), sorted."""
    return [list(cell) for cell in sorted({cell for cell, _ in state.reach()})]


def _seen(state: SaboteurModel, seat: int) -> list[tuple[int, str]]:
    return sorted(state.inspected[seat].items())


def view(state: SaboteurModel, seat: int | None) -> SaboteurView:
    """Everything `seat` may know (None: a spectator, who sees only what is public)."""
    game = state.game
    n = game.num_players
    hand = sorted(state.hands[seat]) if seat is not None else None
    return {
        **state.envelope(seat),
        "edition": game.edition,
        "round": state.round,
        "rounds": game.cards.rules.rounds,
        "first_player": state.first,
        "maze": maze_cards(state),
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
        "columns": [game.columns[0], game.columns[-1]],
        "rows": [game.rows[0], game.rows[-1]],
        "cards": game.card_table,
        "dwarves": dict(game.dwarf_text),
        "score_sheet": score_sheet(state),
    }


#: Reference shared/reference/saboteur.md "Rounds": the winner.
MOST_GOLD = "most gold after three rounds wins; ties share the win"


#: The last score sheet made, and what it was made from (the game, the reading's rounds,
#: numbers and notes, whether final): the views until the next round ends share it.
_MADE: list[tuple[tuple[object, ...], ScoreSheet]] = []


def score_sheet(state: SaboteurModel) -> ScoreSheet | None:
    """Each seat's gold per round ended so far (share-out, Geologists' crystals, thefts and,
    in the base game, gold cards), read from the public log; None until a round has ended.
    Everything in it is public: the roles are turned up when a round ends. Made once until
    the next round ends and shared by the views (read it, copy before changing)."""
    n = state.game.num_players
    reading = state.sheet = state.sheet.read(state.log, n)
    if not reading.rounds:
        return None
    key = (state.game, reading.rounds, reading.numbers, reading.notes,
           state.phase == Phase.OVER)
    if _MADE and all(a is b for a, b in zip(_MADE[0][0], key, strict=True)):
        return _MADE[0][1]
    made = _made_sheet(state, reading, state.phase == Phase.OVER)
    _MADE[:] = [(key, made)]
    return made


def _made_sheet(state: SaboteurModel, reading: SheetReading, final: bool) -> ScoreSheet:
    n = state.game.num_players
    rounds, numbers = reading.rounds, reading.numbers
    parts = [[gold[s] for gold in rounds] for s in range(n)]
    totals = [sum(row) for row in parts]
    best = max(totals)
    winners = [s for s in range(n) if totals[s] == best] if final else []
    ties = [f"{seats_words(winners).capitalize()} tied on {best} gold and share the win "
            f"(rules: {MOST_GOLD})"] if len(winners) > 1 else []
    title = "Final scores" if final else f"Round {numbers[-1]} of {state.game.cards.rules.rounds}"
    return sheet(title, final=final,
                 columns=[column(f"round{r}", f"Round {r}", "gold") for r in numbers],
                 total={"label": "Gold", "unit": "gold"}, parts=parts, winners=winners,
                 tie_breaks=ties, notes=list(reading.notes))
