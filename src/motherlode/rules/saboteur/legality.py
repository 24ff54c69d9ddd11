"""Whether one action is legal now, fast: exactly `action in state.legal_actions()`.

The engine's checked `apply` asks `State.is_legal`; building every legal action (hundreds of
placements at ten players) to look one up costs more than the step. Here each kind of action
is checked alone, by the same tests `turn.turn_actions`, `turn.discard_actions` and
`round_end` use to list them (tests/saboteur_rules/test_legality.py checks the two agree on
many random states, for legal and illegal actions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import Action

from . import scoring
from .actions import Discard, Draw, Fix, Place, PlayAt, PlayOn, Steal, Take
from .phase import Phase
from .tableau import TARGETS, open_to
from .turn import FIX_COST

if TYPE_CHECKING:
    from .model import SaboteurModel


def is_legal(state: SaboteurModel, action: Action) -> bool:
    """Whether `action` is among the current player's legal actions (an action of another
    class, even a subclass, never is: dataclass equality compares classes)."""
    phase = state.phase
    if phase == Phase.TURN:
        if type(action) is Place:
            return _place(state, action)
        if type(action) is Discard:
            return action.card in state.hands[state.seat]
        if type(action) is PlayOn:
            return _play_on(state, action)
        if type(action) is PlayAt:
            return _play_at(state, action)
        if type(action) is Fix:
            return _fix(state, action)
        return False
    if phase == Phase.PASSING or phase == Phase.FIXING:
        if type(action) is Discard:
            return action.card in state.hands[state.seat]
        return type(action) is Draw and phase == Phase.PASSING
    if phase == Phase.STEAL:
        return type(action) is Steal and action.seat in scoring.targets(state.gold, state.seat)
    if phase == Phase.GOLD:
        return type(action) is Take and action.value in state.gold_offer
    return False


def _place(state: SaboteurModel, action: Place) -> bool:
    """A: the card in hand, no broken tool, not trapped, the card lying a way that differs
    (`Saboteur.fit_bit`), and the cell a spot of the frontier where that way fits."""
    bit = state.game.fit_bit.get((action.card, action.turned))
    if bit is None or action.card not in state.hands[state.seat]:
        return False
    tableau = state.tableaux[state.seat]
    if tableau.broken or tableau.trapped is not None:
        return False
    spots = state.spots().spots.get((action.col, action.row))
    return spots is not None and spots & bit != 0


def _play_on(state: SaboteurModel, action: PlayOn) -> bool:
    """B on a player: `tableau.plays`, for one target and tool."""
    card = state.game.actions.get(action.card)
    if card is None or action.card not in state.hands[state.seat]:
        return False
    rule = TARGETS[card.kind]
    target = action.seat
    actor = state.seat
    if rule == "" or not 0 <= target < state.game.num_players:
        return False
    if (rule == "self" and target != actor) or (rule == "other" and target == actor):
        return False
    if card.kind == "swap_hats" and not state.spare_dwarves:
        return False
    tools = card.tools
    if len(tools) > 1:
        tool = action.tool
        if tool not in tools:
            return False
    else:
        if action.tool:
            return False
        tool = next(iter(tools)) if tools else ""
    return open_to(card, state.tableaux[target], tool)


def _play_at(state: SaboteurModel, action: PlayAt) -> bool:
    """B at a place: a rockfall on a path card (not the start, not a goal), a map on a goal
    still face down."""
    card = state.game.actions.get(action.card)
    if card is None or action.card not in state.hands[state.seat]:
        return False
    cell = (action.col, action.row)
    if card.kind == "rockfall":
        placed = state.maze.cells.get(cell)
        return placed is not None and placed.card.kind not in ("start", "goal")
    if card.kind == "map":
        return cell in state.maze.face_down
    return False


def _fix(state: SaboteurModel, action: Fix) -> bool:
    """D: the gold edition, two cards in hand, and `what` lies in front of the player."""
    if not state.game.option_d or len(state.hands[state.seat]) < FIX_COST:
        return False
    tableau = state.tableaux[state.seat]
    if action.what == "trapped":
        return tableau.trapped is not None
    return action.what in tableau.broken_tools
