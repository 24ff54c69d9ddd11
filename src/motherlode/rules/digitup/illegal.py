"""Why an action is refused, in the rulebook's terms (the message of IllegalAction)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import Action

from .actions import COMPASS_MOVES, Dig, KeepMission, PlaceToken
from .components import SITE_TILES
from .phase import EMPTY, Phase

if TYPE_CHECKING:
    from .box import DigItUpBox
    from .model import DigItUpModel


def why_illegal(state: DigItUpModel, action: Action) -> str:
    """The reason `action` is not among the legal actions of `state`."""
    if state.phase == Phase.OVER:
        return f"the game is over: the {state.game.end_after}th dig site has been abandoned"
    if isinstance(action, KeepMission):
        return _why_not_keep(state, action)
    if not isinstance(action, Dig | PlaceToken):
        return f"{action!r} is not a Dig It Up action"
    if state.phase == Phase.MISSIONS:
        return "each player must first keep 1 of their 3 mission cards"
    problem = _site_problem(state.game, action.site)
    if problem:
        return problem
    if isinstance(action, PlaceToken):
        return _why_not_place(state, action)
    return _why_not_dig(state, action)


def _why_not_keep(state: DigItUpModel, action: KeepMission) -> str:
    if state.game.simplified:
        return "the simplified variation is played without mission cards"
    if state.phase != Phase.MISSIONS:
        return "missions are chosen at set-up only"
    return f"{action.mission} is not one of the 3 missions dealt to this player"


def _site_problem(game: DigItUpBox, site: str) -> str | None:
    if site in game.site_index:
        return None
    if any(s.key == site for s in game.components.sites):
        return f"{site} is on the small board, which is not used with 2-3 players"
    return f"there is no dig site named {site!r}"


def _why_not_place(state: DigItUpModel, action: PlaceToken) -> str:
    if state.phase != Phase.PLACE:
        return "no Strike Gold or Hazardous Area token is waiting to be placed"
    if not 1 <= action.space <= SITE_TILES:
        return f"a site's spaces are numbered 1-{SITE_TILES}, not {action.space}"
    cell = state.game.site_index[action.site] * SITE_TILES + action.space - 1
    if state.board[cell] == EMPTY:
        return f"there is no tile in space {action.space} of {action.site}"
    return "that tile already has a money token (one token per tile)"


def _why_not_dig(state: DigItUpModel, action: Dig) -> str:
    if state.phase == Phase.PLACE:
        return "the money token of the chance card just drawn must be placed first"
    if not state.open_mask >> state.game.site_index[action.site] & 1:
        return f"{action.site} has been abandoned: no one may dig in an abandoned dig site"
    if not 0 <= action.compass <= COMPASS_MOVES:
        return f"a Compass sets a move of 1-{COMPASS_MOVES}, not {action.compass}"
    return "a Compass chance card kept from an earlier turn is needed to choose the move"
