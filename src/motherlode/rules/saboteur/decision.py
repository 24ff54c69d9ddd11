"""What the Saboteur Gold player to act decides, as data a face draws (engine/decision.py).

Built from `state.legal_actions()`, so it always agrees with them:
- A, each path card in hand: a `cell` group (verb `place`), the cells where it fits, each with
  the ways it may lie there (`upright`, `turned`);
- B, each action card in hand: a `choice` of its targets (verb `play`): players (`seat 2`,
  `seat 2 (lamp)` for a double repair), a path card for a rockfall, a goal for a map;
- D: a `choice` of what to mend (verb `fix`); C: a `choice` of the card to discard (verb
  `discard`), and while passing `draw` to stop;
- after a round: whom to rob (`steal`), or which gold card to take (`take`, base game).
Every card's text is its glossary line from the game's loaded data (`Saboteur.card_info`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import Action, Decision
from motherlode.engine.decision import (
    Cell,
    ChoiceOption,
    Group,
    cell,
    cells,
    choice,
    option,
)
from motherlode.engine.decision import (
    decision as make_decision,
)

from .actions import Discard, Draw, Fix, Place, PlayAt, PlayOn, Steal, Take
from .phase import Phase

if TYPE_CHECKING:
    from .model import SaboteurModel

FIX_WORDS = {"trapped": "get out of the trap"}


def _prompt(state: SaboteurModel) -> str:
    phase = state.phase
    if phase == Phase.PASSING:
        return (f"passing (C): {state.passed} card{'' if state.passed == 1 else 's'} "
                f"discarded; discard another, or draw")
    if phase == Phase.FIXING:
        what = FIX_WORDS.get(state.fixing, f"mend the {state.fixing}")
        return f"to {what} (D): discard the second card"
    if phase == Phase.STEAL:
        return "the round is over: steal 1 gold piece from whom?"
    if phase == Phase.GOLD:
        return "the round is over: take which gold card?"
    return ("your turn: lay a path card (A), play an action card (B), pass by discarding "
            "(C) or pay 2 cards to mend (D)")


def decision(state: SaboteurModel) -> Decision:
    """The current player's legal actions, grouped by card and kind."""
    seat = state.seat
    game = state.game
    info = game.card_info
    gold = state.gold
    places: dict[str, dict[tuple[int, int], list[tuple[str, Action]]]] = {}
    plays: dict[str, list[ChoiceOption]] = {}
    groups: dict[str, list[ChoiceOption]] = {}
    for action in state.legal_actions():
        if isinstance(action, Place):
            way = "turned" if action.turned else "upright"
            places.setdefault(action.card, {}).setdefault((action.col, action.row), []).append(
                (way, action))
        elif isinstance(action, PlayOn):
            target = "yourself" if action.seat == seat else f"seat {action.seat}"
            tool = f" ({action.tool})" if action.tool else ""
            plays.setdefault(action.card, []).append(
                option(action, f"seat {action.seat}{tool}", f"on {target}{tool}",
                       info[action.card]["text"]))
        elif isinstance(action, PlayAt):
            at = state.maze.cells.get((action.col, action.row))
            what = info[at.card.id]["name"] if at is not None and at.card.id in info \
                else "face-down goal"
            plays.setdefault(action.card, []).append(
                option(action, f"{action.col} {action.row}",
                       f"at {action.col} {action.row} ({what})", info[action.card]["text"]))
        elif isinstance(action, Fix):
            words = FIX_WORDS.get(action.what, f"mend the {action.what}")
            groups.setdefault("fix", []).append(
                option(action, action.what, words, "discard 2 cards, then draw 1"))
        elif isinstance(action, Discard):
            groups.setdefault("discard", []).append(
                option(action, action.card, info[action.card]["name"],
                       info[action.card]["text"]))
        elif isinstance(action, Draw):
            groups.setdefault("draw", []).append(
                option(action, "draw", f"stop and draw {state.passed}",
                       "end the pass: draw as many cards as were discarded"))
        elif isinstance(action, Steal):
            groups.setdefault("steal", []).append(
                option(action, f"seat {action.seat}", f"seat {action.seat} ({gold[action.seat]} "
                       "gold)", "take 1 gold piece"))
        elif isinstance(action, Take):
            groups.setdefault("take", []).append(
                option(action, str(action.value), f"a gold card worth {action.value}"))
    out: list[Group] = []
    for card, where in places.items():
        spots: list[Cell] = [cell(col, row, ways) for (col, row), ways in where.items()]
        out.append(cells("place", f"lay {info[card]['name']}", card, info[card]["text"],
                         spots))
    out.extend(choice("play", f"play {info[card]['name']}", options)
               for card, options in plays.items())
    labels = {"fix": "mend (D)", "discard": "discard (C)" if state.phase != Phase.FIXING
              else "pay for the mend (D)", "draw": "stop passing", "steal": "steal from",
              "take": "take a gold card"}
    out.extend(choice(verb, labels[verb], options) for verb, options in groups.items())
    return make_decision(seat, _prompt(state), out)
