"""A Saboteur Gold turn: each turn, do A, B, C or D (seed 004 "Flow of the Game").

- A, lay a path card (`Place`): it must fit the maze (`maze.fits`, fast: `placement`) and the
  player must have no broken tool and not be trapped; then draw 1.
- B, play an action card (`PlayOn`, `PlayAt`): on a player (`tableau.py`), on a path card
  (rockfall) or a goal (map); then draw 1. Swap your hand: the other player draws 1 instead.
- C, pass (`Discard` 1-3 cards face down, `Draw` to stop early): draw as many.
- D, fix (`Fix`, then two `Discard`s): remove a broken tool or the Trapped card from in front of
  yourself; draw only 1.
No draws once the pile is empty; a player with no cards is skipped for the rest of the round;
the round ends when a path reaches the treasure, or when every hand is empty (`round_end`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import Action

from . import maze as mazes
from . import round_end
from . import tableau as tableaux
from .actions import Discard, Draw, Fix, Place, PlayAt, PlayOn, Steal, Take
from .cards import TOOLS, ActionCard
from .log import CardPlayed, Drew, FixBegun, Fixed, GoalTurnedUp, Passed, PathLaid, PlayedAt
from .placement import Frontier

if TYPE_CHECKING:
    from .base import SaboteurBase
    from .maze import Cell
    from .model import SaboteurModel

FIX_COST = 2  # D: "By discarding two cards"


def _distinct(hand: list[str]) -> list[str]:
    return sorted(set(hand))


# ---- legal actions ------------------------------------------------------------------------

def turn_actions(state: SaboteurModel) -> list[Action]:
    """A, B, C and D for the player whose turn it is, in a fixed order."""
    game = state.game
    designs = _distinct(state.hands[state.seat])
    actions: list[Action] = []
    if may_place(state):
        frontier = state.spots()
        for card_id in designs:
            if card_id in game.paths:
                actions.extend(placements(game, card_id, frontier))
    actions.extend(not_placing(state, designs))
    return actions


def turn_action_ids(state: SaboteurModel) -> list[int]:
    """`game.encode_all(turn_actions(state))`, the placements' integers kept by the frontier
    (the action mask's fast path)."""
    game = state.game
    designs = _distinct(state.hands[state.seat])
    ids: list[int] = []
    if may_place(state):
        frontier = state.spots()
        memo = frontier.memo_ids
        for card_id in designs:
            if card_id in game.paths:
                found = memo.get(card_id)
                if found is None:
                    found = memo[card_id] = tuple(
                        game.encode_all(placements(game, card_id, frontier)))
                ids.extend(found)
    ids.extend(game.encode_all(not_placing(state, designs)))
    return ids


def may_place(state: SaboteurModel) -> bool:
    """A needs no broken tool and not being trapped (`tableau.can_place_path`, inlined)."""
    tableau = state.tableaux[state.seat]
    return not tableau.broken and tableau.trapped is None


def not_placing(state: SaboteurModel, designs: list[str]) -> list[Action]:
    """B, C and D: the action cards' plays, the fixes, the discards."""
    game = state.game
    actions: list[Action] = []
    for card_id in designs:
        card = game.actions.get(card_id)
        if card is not None:
            actions.extend(plays(state, card))
    actions.extend([game.fix_action[what] for what in fixes(state)])
    discard = game.discard_action
    actions.extend([discard[card_id] for card_id in designs])
    return actions


def fixes(state: SaboteurModel) -> list[str]:
    """D: what the player may fix (two cards in hand, and a broken tool or trapped)."""
    tableau = state.tableaux[state.seat]
    if state.game.option_d and len(state.hands[state.seat]) >= FIX_COST and (
            tableau.broken or tableau.trapped):
        return _fixable(tableau)
    return []


def placements(game: SaboteurBase, card_id: str, frontier: Frontier) -> tuple[Action, ...]:
    """Every `Place` of the path card `card_id` in the frontier's maze (kept by the
    frontier)."""
    found = frontier.memo.get(card_id)
    if found is None:
        ladder = game.paths[card_id].ladder
        places: list[Action] = []
        for turned, openings in game.orientations[card_id]:
            place = game.places[card_id, turned]
            places.extend([place[cell] for cell in frontier.cells(openings, ladder)])
        found = frontier.memo[card_id] = tuple(places)
    return found


def _fixable(tableau: tableaux.Tableau) -> list[str]:
    what = [tool for tool in TOOLS if tool in tableau.broken_tools]
    if tableau.trapped is not None:
        what.append("trapped")
    return what


def plays(state: SaboteurModel, card: ActionCard) -> list[Action]:
    """Every way to play the action card `card` now."""
    game = state.game
    if card.kind in PLAYED_AT:
        play_at = game.play_at_action
        return [play_at[card.id, cell] for cell in play_cells(state, card)]
    play_on = game.play_on_action
    return [play_on[card.id, target, tool] for target, tool in play_targets(state, card)]


PLAYED_AT = ("rockfall", "map")  # the action cards played at a cell (`PlayAt`), not a player


def play_cells(state: SaboteurModel, card: ActionCard) -> list[Cell]:
    """Where a rockfall (a path card) or a map (a face-down goal) may be played now."""
    if card.kind == "rockfall":
        return mazes.removable(state.maze)
    return sorted(state.maze.face_down)


def play_targets(state: SaboteurModel, card: ActionCard) -> list[tuple[int, str]]:
    """The (seat, tool) pairs on which the action card `card` may be played now (not a
    rockfall or a map)."""
    if not may_play_on(state, card):
        return []
    return tableaux.plays(card, state.seat, state.tableaux)


def may_play_on(state: SaboteurModel, card: ActionCard) -> bool:
    """Whether `card` may be played on anyone at all now: Swap your hats needs an undealt
    dwarf."""
    return card.kind != "swap_hats" or bool(state.spare_dwarves)


def discard_actions(state: SaboteurModel) -> list[Action]:
    """C (after the first card) and D: discard another card; C: or stop and draw."""
    game = state.game
    actions: list[Action] = [game.discard_action[c] for c in _distinct(state.hands[state.seat])]
    if state.phase == state.phase.PASSING:
        actions.append(Draw())
    return actions


# ---- carrying out -------------------------------------------------------------------------

def apply(state: SaboteurModel, action: Action) -> None:
    """Carry out a legal turn action."""
    if isinstance(action, Place):
        _place(state, action)
    elif isinstance(action, PlayOn):
        _play_on(state, action)
    elif isinstance(action, PlayAt):
        _play_at(state, action)
    elif isinstance(action, Discard):
        _discard(state, action.card)
    elif isinstance(action, Fix):
        state.phase = state.phase.FIXING
        state.fixing = action.what
        state.passed = 0
        state.log.append((FixBegun, state.seat, action.what))
    elif isinstance(action, Draw):
        _end_pass(state)


def _take_from_hand(state: SaboteurModel, card_id: str, face_up: bool = True) -> None:
    """The player's card leaves the hand; what others knew of that hand (Swap your hand)
    loses that card when it is shown, and all of it when it goes face down."""
    seat = state.seat
    state.hands[seat].remove(card_id)
    if state.known_hands:
        forget(state, seat, card_id if face_up else None)


def forget(state: SaboteurModel, seat: int, card_id: str | None) -> None:
    """Others' knowledge of `seat`'s hand after a card left it: one `card_id` fewer, or (None:
    an unseen card) nothing certain any more."""
    known = state.known_hands
    for key in [key for key in known if key[1] == seat]:
        cards = known[key]
        if card_id is None:
            del known[key]
        elif card_id in cards:
            rest = list(cards)
            rest.remove(card_id)
            known[key] = tuple(rest)


def draw(state: SaboteurModel, seat: int, count: int) -> None:
    """Seat draws up to `count` cards from the pile ("No draws once the pile is empty")."""
    pile = state.pile
    hand = state.hands[seat]
    drawn = [pile.pop() for _ in range(min(count, len(pile)))]
    hand.extend(drawn)
    if drawn:  # the cards are the drawer's only (`Drew.seen_by`)
        state.log.append((Drew, seat, len(drawn), tuple(drawn)))


def _place(state: SaboteurModel, action: Place) -> None:
    game = state.game
    seat = state.seat
    _take_from_hand(state, action.card)
    cell = (action.col, action.row)
    state.maze.cells[cell] = game.placed[action.card, action.turned]
    state.card_laid(cell)
    state.log.append((PathLaid, seat, action.card, cell, action.turned))
    if _turn_up_goals(state):
        state.last_player = seat
        round_end.end_round(state, connector=seat)
        return
    draw(state, seat, 1)
    end_turn(state)


def _turn_up_goals(state: SaboteurModel) -> bool:
    """Turn up every goal a path now reaches (a turned-up goal may reach another); whether the
    treasure was among them (reference "Only the treasure goal ends the round")."""
    treasure = False
    while True:
        reached = mazes.reached_goals(state.maze, state.reach())
        if not reached:
            return treasure
        for cell in reached:
            placed = mazes.turn_up(state.maze, cell)
            state.log.append((GoalTurnedUp, None, cell, placed.card.id, placed.turned,
                              placed.card.treasure))
            treasure = treasure or placed.card.treasure
        state.maze_changed()


def _play_on(state: SaboteurModel, action: PlayOn) -> None:
    game = state.game
    seat = state.seat
    card = game.actions[action.card]
    target = action.seat
    _take_from_hand(state, card.id)
    state.log.append((CardPlayed, seat, card.id, target, action.tool))
    if card.kind in ("swap_hand", "inspection", "swap_hats"):
        state.public_discards.append(card.id)
        _special(state, card, target)
        if card.kind == "swap_hand":
            draw(state, target, 1)  # reference: "that player then draws 1"
            end_turn(state)
            return
    else:
        before = state.tableaux[target]
        after, discarded = tableaux.play(card, seat, target, before, action.tool or None)
        state.tableaux[target] = after
        state.public_discards.extend(c.id for c in discarded)
        if card.kind == "theft":
            state.theft_order.append(target)
        elif card.kind == "hands_off":
            state.theft_order.remove(target)
    draw(state, seat, 1)
    end_turn(state)


def _special(state: SaboteurModel, card: ActionCard, target: int) -> None:
    """Swap your hand, Inspection, Swap your hats: what they do to hands and dwarves."""
    seat = state.seat
    if card.kind == "swap_hand":
        hands = state.hands
        _swap_knowledge(state, seat, target)
        hands[seat], hands[target] = hands[target], hands[seat]
    elif card.kind == "inspection":
        state.inspected[seat][target] = state.dwarves[target]
    else:  # swap_hats: "discards their dwarf unseen and draws one from the undealt dwarves"
        state.dropped_dwarves.append((target, state.dwarves[target]))
        state.dwarves[target] = state.spare_dwarves.pop()
        for known in state.inspected:
            known.pop(target, None)


def _swap_knowledge(state: SaboteurModel, seat: int, target: int) -> None:
    """Swap your hand: each of the two now knows the other's new hand (its own old one), and
    what anyone else knew of one hand now holds for the other."""
    known = state.known_hands
    moved = {(knower, seat if held == target else target): cards
             for (knower, held), cards in known.items()
             if held in (seat, target) and knower not in (seat, target)}
    for key in [key for key in known if key[1] in (seat, target)]:
        del known[key]
    known.update(moved)
    known[seat, target] = tuple(sorted(state.hands[seat]))
    known[target, seat] = tuple(sorted(state.hands[target]))


def _play_at(state: SaboteurModel, action: PlayAt) -> None:
    game = state.game
    seat = state.seat
    card = game.actions[action.card]
    cell = (action.col, action.row)
    _take_from_hand(state, card.id)
    state.public_discards.append(card.id)
    if card.kind == "rockfall":
        removed = mazes.remove(state.maze, cell)
        state.public_discards.append(removed.card.id)
        state.maze_changed()
        state.log.append((PlayedAt, seat, card.id, cell, removed.card.id, None, None))
    else:  # map: "Secretly look at any of the three treasures"
        goal = state.maze.face_down[cell]
        state.maps[seat][cell] = goal.id
        state.log.append((PlayedAt, seat, card.id, cell, None, goal.id, goal.treasure))
    draw(state, seat, 1)
    end_turn(state)


def _discard(state: SaboteurModel, card_id: str) -> None:
    seat = state.seat
    _take_from_hand(state, card_id, face_up=False)
    state.hidden_discards[seat].append(card_id)
    state.secret_steps.append((len(state.history), seat, state.round))
    if state.phase == state.phase.TURN:
        state.phase = state.phase.PASSING
        state.passed = 0
    state.passed += 1
    empty = not state.hands[seat]
    if state.phase == state.phase.FIXING:
        if state.passed == FIX_COST:
            _fix(state)
    elif state.passed == state.game.pass_max or empty:  # C: "one, two, or three cards"
        _end_pass(state)


def _end_pass(state: SaboteurModel) -> None:
    """C: "take the same number back. If there are not that many available, take less"."""
    state.log.append((Passed, state.seat, state.passed))
    draw(state, state.seat, state.passed)
    end_turn(state)


def _fix(state: SaboteurModel) -> None:
    """D: the two cards paid, remove the card named, draw only one."""
    seat = state.seat
    before = state.tableaux[seat]
    after, removed = tableaux.remove_own(before, state.fixing)
    state.tableaux[seat] = after
    state.public_discards.append(removed.id)
    state.log.append((Fixed, seat, state.fixing))
    draw(state, seat, 1)
    end_turn(state)


def end_turn(state: SaboteurModel) -> None:
    """The turn passes left to the next player holding cards; with none, the round ends."""
    state.last_player = state.seat
    state.phase = state.phase.TURN
    state.passed = 0
    state.fixing = ""
    round_end.begin_turn(state, (state.seat + 1) % state.game.num_players)


# ---- reasons ------------------------------------------------------------------------------

def why_illegal(state: SaboteurModel, action: Action) -> str:
    """Why `action` is not legal now, in the rules' words (of what the player may know: their
    own hand, and the table)."""
    phase = state.phase
    if phase == phase.STEAL or phase == phase.GOLD:
        return round_end.why_illegal(state, action)
    if isinstance(action, (Steal, Take)):
        return round_end.not_yet(state, action)
    hand = state.hands[state.seat]
    card_id = getattr(action, "card", None)
    if card_id is not None and card_id not in hand:
        return f"{card_id} is not your card: it is not in your hand"
    if phase != phase.TURN:
        return _mid_turn_problem(state, action)
    if isinstance(action, Draw):
        return "draw ends a pass (C): discard a card first"
    if isinstance(action, Place):
        return _place_problem(state, action)
    if isinstance(action, PlayOn):
        return _play_on_problem(state, action)
    if isinstance(action, PlayAt):
        return _play_at_problem(state, action)
    if isinstance(action, Fix):
        return _fix_problem(state, action)
    return f"{action} is not a move of a turn"


def _mid_turn_problem(state: SaboteurModel, action: Action) -> str:
    """A pass (C) or a mend (D) under way: only its discards (and a pass's draw) are left."""
    if state.phase == state.phase.FIXING:
        if isinstance(action, Draw):
            return "D costs two cards: discard the second one"
        return "you are mending (D): discard the second card"
    return (f"you are passing (C): discard another card (up to {state.game.pass_max}) or "
            "draw")


def _place_problem(state: SaboteurModel, action: Place) -> str:
    game = state.game
    card = game.paths.get(action.card)
    if card is None:
        return f"{action.card} is an action card: play it (B), or discard it to pass (C)"
    tableau = state.tableaux[state.seat]
    problem = tableaux.path_problem(tableau)
    if problem is not None:
        way = "a repair card" if tableau.broken else "Free at last"
        return f"{problem} ({way}{', or D: two cards,' if game.option_d else ''} ends it)"
    if action.turned and not any(turned for turned, _ in game.orientations[card.id]):
        return f"{card.id} is the same card turned: lay it upright"
    cell = (action.col, action.row)
    if action.col not in game.columns or action.row not in game.rows:
        return (f"{action.col} {action.row} is off the table: columns {game.columns[0]}.."
                f"{game.columns[-1]}, rows {game.rows[0]}..{game.rows[-1]}")
    if cell in state.maze.face_down:
        return f"a face-down goal lies at {action.col} {action.row}: the cell is taken"
    if cell in state.maze.cells:
        return f"a card already lies at {action.col} {action.row}: the cell is taken"
    return mazes.fits(state.maze, cell, card, action.turned) or "it does not fit there"


def _play_on_problem(state: SaboteurModel, action: PlayOn) -> str:
    card = state.game.actions.get(action.card)
    if card is None:
        return f"{action.card} is a path card: place it (A), or discard it to pass (C)"
    players = state.game.num_players
    if not 0 <= action.seat < players:
        return f"there is no seat {action.seat}: the seats are 0..{players - 1}"
    if card.kind in ("rockfall", "map"):
        where = "a path card in the maze" if card.kind == "rockfall" else "a face-down goal"
        return f"a {card.kind} is played at {where} ('play {card.id} at <col> <row>')"
    if card.kind == "swap_hats" and not state.spare_dwarves:
        return "no undealt dwarf is left to draw"
    problem = tableaux.play_problem(card, state.seat, action.seat,
                                    state.tableaux[action.seat], action.tool or None)
    if problem is None:
        return f"{card.id} cannot go on {_whom(state, action.seat)} now"
    return _named(problem, state, action.seat)


def _whom(state: SaboteurModel, seat: int) -> str:
    return "you" if seat == state.seat else f"seat {seat}"


def _named(problem: str, state: SaboteurModel, seat: int) -> str:
    """`tableau`'s reason with "the player" named: `seat 2`, or you."""
    if seat == state.seat:
        return problem.replace("the player's", "your").replace("the player is", "you are") \
            .replace("the player", "you")
    return problem.replace("the player", f"seat {seat}")


def _play_at_problem(state: SaboteurModel, action: PlayAt) -> str:
    card = state.game.actions.get(action.card)
    cell = (action.col, action.row)
    at = f"{action.col} {action.row}"
    if card is None:
        return f"{action.card} is a path card: place it (A), or discard it to pass (C)"
    if card.kind not in ("rockfall", "map"):
        return f"a {card.kind.replace('_', ' ')} card is played on a player ('play {card.id} " \
            "on <seat>')"
    if card.kind == "map":
        if cell in state.maze.cells:
            return f"the goal at {at} is face up already"
        return f"no goal lies at {at}: a map is played at a face-down goal"
    placed = state.maze.cells.get(cell)
    rule = "a rockfall removes a path card other than the start or a goal"
    if cell in state.maze.face_down:
        return f"{rule}: a face-down goal lies at {at}"
    if placed is None:
        return f"no card lies at {at}: {rule}"
    return f"{rule}: the {placed.card.kind} lies at {at}"


def _fix_problem(state: SaboteurModel, action: Fix) -> str:
    if not state.game.option_d:
        return "the base game has no option D: pass, or play a repair card"
    if len(state.hands[state.seat]) < FIX_COST:
        return "D costs two cards from your hand"
    problem = tableaux.clear_problem(state.tableaux[state.seat], action.what)
    return problem or f"nothing to mend: {action.what}"
