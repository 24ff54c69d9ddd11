"""Saboteur's compact integer actions for learning agents: a card named by its hand slot.

The full encoding (`actions.SaboteurActions`) numbers every action of the box once: 27,402
integers, 26,460 of them `Place` (42 path designs x 315 cells x 2 ways). Here a card is named
by its slot in the deciding seat's hand, a seat by where it sits from the decider, so the space
is about 4,000 long (`HandEncoding.num_actions`: 3,894 at 4 players, 3,969 at 7, 4,044 at 10;
the base edition's smaller hands make it shorter) and the same for every position of a game.

**Slots.** Slot k holds the k-th different card of the hand in the observation's card order
(`game.card_ids`, the order of the observation's hand counts): the paths as the data lists
them, then the action cards. Two copies of a card share one slot, so every legal action has
exactly one integer. There are as many slots as cards dealt to a hand (6, 5 or 4 by player
count); no rule lets a hand grow past that.

**Seats.** A target k seats round the table from the decider is seat `(decider + k) % n`, as
in the observation's seat slots (k = 0: the decider).

Layout, with H slots, n players, C = 315 cells of the bounded table (`game.cell_index`, row by
row, as the observation's cells) and the tools pickaxe, lamp, cart:

| block   | integers                               | the action                                    |
|---------|----------------------------------------|-----------------------------------------------|
| at      | `(k * C + cell) * 2 + turned`          | slot k's card at `cell`: a path card laid      |
|         |                                        | (`Place`, turned or not), a rockfall or a map |
|         |                                        | played there (`PlayAt`, turned 0)             |
| on      | `AT + (k * n + seat) * 4 + tool`       | slot k's card played on that seat (`PlayOn`); |
|         |                                        | tool 0 none, 1-3 the tool a double repair     |
|         |                                        | mends                                         |
| fix     | `ON + i`                               | `Fix`: i of pickaxe, lamp, cart, trapped      |
| discard | `FIX + k`                              | `Discard` slot k's card                       |
| draw    | `DISCARD`                              | `Draw`                                        |
| steal   | `DRAW + seat`                          | `Steal` from that seat                        |
| take    | `STEAL + value - 1`                    | `Take` a gold card worth 1, 2 or 3            |

where each block starts where the one before ends (`AT = 2 * H * C`, `ON = AT + 4 * H * n`,
`FIX = ON + 4`, `DISCARD = FIX + H`, `DRAW = DISCARD + 1`, `STEAL = DRAW + n`, then 3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import Action, ActionEncoding, ActionSyntaxError, IllegalAction, State
from motherlode.engine.game import check_index

from . import turn
from .actions import FIX_WHAT, GOLD_VALUES, Discard, Draw, Fix, Place, PlayAt, PlayOn, Steal, Take
from .cards import TOOLS
from .model import SaboteurModel
from .phase import Phase
from .setup import hand_size

if TYPE_CHECKING:
    from .base import SaboteurBase

TOOL_CODES = ("", *TOOLS)  # a PlayOn's tool: none, or the tool a double repair mends
WAYS = 2  # upright, turned


class HandEncoding(ActionEncoding):
    """Saboteur's actions by hand slot and seat round the table (the module's layout)."""

    name = "hand"

    def __init__(self, game: SaboteurBase) -> None:
        self.game = game
        self.slots = hand_size(game.cards, game.edition, game.num_players)
        self.seats = game.num_players
        self.cells = len(game.cell_index)
        self.order = {card_id: i for i, card_id in enumerate(game.card_ids)}
        self.at_size = WAYS * self.slots * self.cells
        self.on = self.at_size
        self.fix = self.on + len(TOOL_CODES) * self.slots * self.seats
        self.discard = self.fix + len(FIX_WHAT)
        self.draw = self.discard + self.slots
        self.steal = self.draw + 1
        self.take = self.steal + self.seats
        self.size = self.take + len(GOLD_VALUES)
        self.cell_at = game.cell_index
        self.cell_of = {i: cell for cell, i in game.cell_index.items()}

    @property
    def num_actions(self) -> int:
        return self.size

    def hand_slots(self, state: State) -> list[str]:
        """The deciding seat's slots: its different cards in the observation's order."""
        model = _model(state)
        return sorted(set(model.hands[model.seat]), key=self.order.__getitem__)

    # --- the legal integers, straight from the state ---------------------------------------
    def legal_ids(self, state: State) -> list[int]:
        model = _model(state)
        if model.phase != Phase.TURN:
            return [self.encode(model, action) for action in model.legal_actions()]
        hand = self.hand_slots(model)
        ids: list[int] = []
        if turn.may_place(model):
            self._placements(model, hand, ids)
        slot = {card_id: k for k, card_id in enumerate(hand)}
        ids.extend([self._encode(model, action, slot)
                    for action in turn.not_placing(model, sorted(hand))])
        return ids

    def _placements(self, model: SaboteurModel, hand: list[str], ids: list[int]) -> None:
        """Every legal `Place`'s integer, each path card's kept by the frontier per slot."""
        game = self.game
        frontier = model.spots()
        memo = frontier.memo_slots
        for k, card_id in enumerate(hand):
            if card_id in game.paths:
                found = memo.get((card_id, k))
                if found is None:
                    slot = {card_id: k}
                    found = memo[card_id, k] = tuple(
                        self._encode(model, place, slot)
                        for place in turn.placements(game, card_id, frontier))
                ids.extend(found)

    # --- one action ------------------------------------------------------------------------
    def encode(self, state: State, action: Action) -> int:
        model = _model(state)
        return self._encode(model, action, {c: k for k, c in enumerate(self.hand_slots(model))})

    def _encode(self, model: SaboteurModel, action: Action, slot: dict[str, int]) -> int:
        """`encode` with the hand's slots given (card id -> slot)."""
        if isinstance(action, Place):
            return self._at(slot, action.card, (action.col, action.row), action.turned)
        if isinstance(action, PlayAt):
            return self._at(slot, action.card, (action.col, action.row), False)
        if isinstance(action, PlayOn):
            seat = (action.seat - model.seat) % self.seats
            k = _slot_of(slot, action.card)
            return self.on + (k * self.seats + seat) * len(TOOL_CODES) + TOOL_CODES.index(
                action.tool)
        if isinstance(action, Fix):
            return self.fix + FIX_WHAT.index(action.what)
        if isinstance(action, Discard):
            return self.discard + _slot_of(slot, action.card)
        if isinstance(action, Draw):
            return self.draw
        if isinstance(action, Steal):
            return self.steal + (action.seat - model.seat) % self.seats
        if isinstance(action, Take):
            return self.take + GOLD_VALUES.index(action.value)
        raise ActionSyntaxError(f"saboteur: {action!r} is not a Saboteur action")

    def _at(self, slot: dict[str, int], card_id: str, cell: tuple[int, int],
            turned: bool) -> int:
        k = _slot_of(slot, card_id)
        return (k * self.cells + self.cell_at[cell]) * WAYS + turned

    def decode(self, state: State, index: int) -> Action:
        model = _model(state)
        index = check_index(self.game.name, index, self.size)
        game = self.game
        if index < self.on:
            k, rest = divmod(index, WAYS * self.cells)
            cell, turned = self.cell_of[rest // WAYS], bool(rest % WAYS)
            card_id = self._card(model, k)
            if card_id in game.paths:
                return game.places[card_id, turned][cell]
            found = None if turned else game.play_at_action.get((card_id, cell))
            return _named(found, index, f"slot {k}'s {card_id} at {cell[0]} {cell[1]}"
                          + (" turned" if turned else ""))
        if index < self.fix:
            k, rest = divmod(index - self.on, self.seats * len(TOOL_CODES))
            seat, tool = divmod(rest, len(TOOL_CODES))
            card_id = self._card(model, k)
            target = (model.seat + seat) % self.seats
            found = game.play_on_action.get((card_id, target, TOOL_CODES[tool]))
            return _named(found, index, f"slot {k}'s {card_id} on seat {target} "
                          f"{TOOL_CODES[tool] or 'with no tool named'}")
        if index < self.discard:
            return game.fix_action[FIX_WHAT[index - self.fix]]
        if index < self.draw:
            return game.discard_action[self._card(model, index - self.discard)]
        if index == self.draw:
            return Draw()
        if index < self.take:
            return game.steal_action[(model.seat + index - self.steal) % self.seats]
        return game.take_action[GOLD_VALUES[index - self.take]]

    def _card(self, model: SaboteurModel, k: int) -> str:
        """The card in slot k of the deciding seat's hand; IllegalAction if it is empty."""
        hand = self.hand_slots(model)
        if k >= len(hand):
            raise IllegalAction(f"saboteur: hand slot {k} is empty: seat {model.seat} holds "
                                f"{len(hand)} different cards")
        return hand[k]


def _model(state: State) -> SaboteurModel:
    if not isinstance(state, SaboteurModel):
        raise TypeError(f"the hand encoding is Saboteur's, not {state.game.name}'s")
    return state


def _slot_of(slot: dict[str, int], card_id: str) -> int:
    found = slot.get(card_id)
    if found is None:
        raise IllegalAction(f"saboteur: {card_id} is not in the deciding seat's hand")
    return found


def _named(action: Action | None, index: int, what: str) -> Action:
    """`action`, or IllegalAction: integer `index` (`what`) names no action of the game."""
    if action is None:
        raise IllegalAction(f"saboteur: action {index} ({what}) names no action of the game")
    return action
