"""What the seat to play decides, as data a face draws (`State.decision`).

| phase    | groups                                                                       |
|----------|------------------------------------------------------------------------------|
| missions | `keep`: a choice of the 3 missions dealt, each with its name and card text   |
| dig      | `dig`: a choice of the open sites in letter order, rolling the die (name:    |
|          | the letter the board prints; label: letter and name; text: the tile each     |
|          | roll of 1-6 takes); with a Compass kept, also one range per open site, verb  |
|          | `dig <site>`: the move 1-6 (`dig <site> <move>`)                             |
| place    | `place`: the Strike Gold / Hazardous Area card with its text, and the cells  |
|          | it may go on: x = space 1-7, y = the site's row in the view's `sites`; each  |
|          | named as the board prints it, letter, space and tile (`B4 gold`)             |

Built from `legal_actions()` and agreeing with it (the conformance suite checks it).
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
    decision,
    number_range,
    option,
)
from motherlode.engine.memo import remember

from .actions import COMPASS_MOVES, Dig, KeepMission, PlaceToken
from .components import SITE_TILES
from .digging import DIE_FACES, landing_spaces
from .log import tile_words, won
from .phase import EMPTY, Phase

if TYPE_CHECKING:
    from .model import DigItUpModel

SITE_TEXTS_KEPT = 20_000  # `_site_text`'s texts kept on the game before it starts afresh


def decide(state: DigItUpModel) -> Decision:
    """The current player's decision, grouped by kind of action."""
    seat = state.seat
    legal = state.legal_actions()
    if state.phase == Phase.MISSIONS:
        return decision(seat, "Keep 1 of the 3 missions dealt to you (secret until the end)",
                        [_missions(state, legal)])
    if state.phase == Phase.PLACE:
        return decision(seat, f"Put the money token of {won(state.pending_token, sign=True)} "
                        "on a tile without one", [_place(state, legal)])
    return decision(seat, "Call out a dig site and move its pickaxe", _digs(state, legal))


def _missions(state: DigItUpModel, legal: list[Action]) -> Group:
    game = state.game
    options = []
    for action in legal:
        if isinstance(action, KeepMission):
            m = game.mission_index[action.mission]
            options.append(option(action, action.mission, game.mission_names[m],
                                  game.mission_texts[m]))
    return choice("keep", "Keep a mission", options)


def _site_text(state: DigItUpModel, s: int) -> str:
    """What a site offers: the tile each roll of the die collects (and any token on it).
    Made once for each look of the site (its tiles, tokens and pickaxe): between two turns
    only the site dug changes."""
    base = s * SITE_TILES
    key = (s, *state.board[base : base + SITE_TILES], *state.tokens[base : base + SITE_TILES],
           state.pickaxe[s])
    texts = state.game.site_texts
    text = texts.get(key)
    if text is None:
        text = remember(texts, key, SITE_TEXTS_KEPT, _roll_text(state, s))
    return text


def _roll_text(state: DigItUpModel, s: int) -> str:
    game = state.game
    base = s * SITE_TILES
    rolls = []
    spaces = landing_spaces(state.board, s, state.pickaxe[s], DIE_FACES)
    for move, space in enumerate(spaces, start=1):
        token = state.tokens[base + space]
        takes = " takes" if move == 1 else ""
        rolls.append(f"{move}{takes} {tile_words(game.tile_text[state.board[base + space]])}"
                     + (f" [token {won(token, sign=True)}]" if token else ""))
    return f"a roll of {'; '.join(rolls)}"


def _digs(state: DigItUpModel, legal: list[Action]) -> list[Group]:
    game = state.game
    rolls: list[ChoiceOption] = []
    moves: dict[str, list[int]] = {}
    for action in legal:
        if not isinstance(action, Dig):
            continue
        if action.compass:
            moves.setdefault(action.site, []).append(action.compass)
            continue
        s = game.site_index[action.site]
        site = game.sites[s]
        # The name is the letter the board prints, so that `A` alone answers it.
        rolls.append(option(action, site.letter, f"{site.letter} {site.name}",
                            _site_text(state, s)))
    groups: list[Group] = [choice("dig", "Dig a site (roll the die)", rolls)]
    for key, chosen in moves.items():
        if chosen != list(range(1, COMPASS_MOVES + 1)):
            raise AssertionError(f"a Compass dig at {key} offers the moves {chosen}")
        site = game.sites[game.site_index[key]]
        # One verb per site, the action's own words, so that `dig andes 4` answers it.
        groups.append(number_range(
            f"dig {key}", f"Dig {site.letter} {site.name} with your Compass, moving",
            1, COMPASS_MOVES, unit="", action=f"dig {key} {{}}",
        ))
    return groups


def _place(state: DigItUpModel, legal: list[Action]) -> Group:
    game = state.game
    where: list[Cell] = []
    for action in legal:
        if isinstance(action, PlaceToken):
            row = game.site_index[action.site]
            tile = state.board[row * SITE_TILES + action.space - 1]
            # Named as the board prints the space (site letter, space 1-7) and its tile.
            named = f"{game.sites[row].letter}{action.space} {game.tile_text[tile]}"
            where.append(cell(action.space, row, [(named, action)]))
    card = state.used[state.seat][-1] if state.used[state.seat] else EMPTY
    name = game.chance_names[card] if card != EMPTY else "money token"
    text = game.chance_texts[card] if card != EMPTY else ""
    return cells("place", f"Place the {name} token", name, text, where)
