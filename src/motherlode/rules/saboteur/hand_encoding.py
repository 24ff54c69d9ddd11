"""Saboteur's compact integer actions for learning agents: a card named by its hand slot.

The full encoding (`actions.SaboteurActions`) numbers every action of the box once: 27,402
integers, 26,460 of them `Place` (42 path designs x 315 cells x 2 ways). Here a card is named
by its slot in the deciding seat's hand, a seat by where it sits from the decider, so the space
is about 4,000 long (`HandEncoding.num_actions`: 3,894 at 4 players, 3,969 at 7, 4,044 at 10;
the base edition's smaller hands make it shorter) and the same for every position of a game.

**Slots.** Slot k holds the k-th different card of the hand in the observation's card order
(`game.card_ids`, the order of the observation's hand counts): the paths as the data lists
them, then the action cards. Two copies of a card share one slot, so every legal action has
exactly one integer. There are as many slots as cards dealt to a hand (6 in Saboteur Gold; 6,
5 or 4 by player count in the base edition); no rule lets a hand grow past that.

**Seats.** A target k seats round the table from the decider is seat `(decider + k) % n`, as
in the observation's seat slots (k = 0: the decider).

Layout, with H slots, n players, C = 315 cells of the bounded table (`game.cell_index`, row by
row, as the observation's cells) and the tools pickaxe, lamp, cart:

| block   | integer                          | the action                                   |
|---------|----------------------------------|----------------------------------------------|
| at      | `(k * C + cell) * 2 + turned`    | slot k's card at `cell`: a path card laid    |
|         |                                  | (`Place`, upright 0 or turned 1), a rockfall |
|         |                                  | or a map played there (`PlayAt`, 0)          |
| on      | `ON + (k * n + seat) * 4 + tool` | slot k's card played on that seat (`PlayOn`; |
|         |                                  | tool 0 none, 1-3 what a double repair mends) |
| fix     | `FIX + i`                        | `Fix` i of pickaxe, lamp, cart, trapped      |
| discard | `DISCARD + k`                    | `Discard` slot k's card                      |
| draw    | `DRAW`                           | `Draw`                                       |
| steal   | `STEAL + seat`                   | `Steal` from that seat                       |
| take    | `TAKE + value - 1`               | `Take` a gold card worth 1, 2 or 3           |

where each block starts where the one before ends: `ON = 2 * H * C`, `FIX = ON + 4 * H * n`,
`DISCARD = FIX + 4`, `DRAW = DISCARD + H`, `STEAL = DRAW + 1`, `TAKE = STEAL + n`, and
`num_actions = TAKE + 3`.

**The mask.** `legal_mask(state)` is `legal_ids(state)` as `num_actions` bytes (1 legal, 0
not), what the PettingZoo adapter copies into its action mask: a path card's placements are
its slot's whole block at once, the maze's `Frontier.fit_mask` of each way the card may lie
interleaved and kept per maze; the plays on seats are kept by each tableau's `signature`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from motherlode.engine import (
    Action,
    ActionEncoding,
    ActionSyntaxError,
    IllegalAction,
    State,
    check_index,
)
from motherlode.engine.memo import remember

from . import tableau as tableau_rules
from . import turn
from .actions import FIX_WHAT, GOLD_VALUES, Discard, Draw, Fix, Place, PlayAt, PlayOn, Steal, Take
from .cards import TOOLS, ActionCard
from .model import SaboteurModel
from .phase import Phase
from .setup import hand_size

if TYPE_CHECKING:
    from .base import SaboteurBase
    from .placement import Frontier

TOOL_CODES = ("", *TOOLS)  # a PlayOn's tool: none, or the tool a double repair mends
WAYS = 2  # upright, turned
ON_KEPT = 4096  # plays on seats kept by the table's signatures (`HandEncoding._played_on`)


class HandEncoding(ActionEncoding):
    """Saboteur's actions by hand slot and seat round the table (the module's layout)."""

    name = "hand"

    def __init__(self, game: SaboteurBase) -> None:
        self.game = game
        self.slots = hand_size(game.cards, game.edition, game.num_players)
        self.seats = game.num_players
        self.cells = len(game.cell_index)
        self.order = {card_id: i for i, card_id in enumerate(game.card_ids)}
        self.block = WAYS * self.cells  # one slot's integers at a cell
        self.on = self.block * self.slots
        self.fix = self.on + len(TOOL_CODES) * self.slots * self.seats
        self.discard = self.fix + len(FIX_WHAT)
        self.draw = self.discard + self.slots
        self.steal = self.draw + 1
        self.take = self.steal + self.seats
        self.size = self.take + len(GOLD_VALUES)
        self.cell_at = game.cell_index
        self._hand: list[str] = []
        self._slots: list[str] = []
        self.cell_of = {i: cell for cell, i in game.cell_index.items()}
        self._on_memo: dict[tuple[str, int], tuple[int, ...]] = {}  # `_seats_played_on`
        self._table_memo: dict[tuple[str, tuple[int, ...]], tuple[int, ...]] = {}

    @property
    def num_actions(self) -> int:
        return self.size

    def hand_slots(self, state: State) -> list[str]:
        """The deciding seat's slots: its different cards in the observation's order (kept
        for the next call with the same hand: read it, do not change it)."""
        model = _model(state)
        hand = model.hands[model.seat]
        if hand != self._hand:  # the last hand asked about: the mask's, then the step's
            self._hand = hand[:]
            self._slots = sorted(set(hand), key=self.order.__getitem__)
        return self._slots

    # --- the legal integers, straight from the state ---------------------------------------
    def legal_ids(self, state: State) -> list[int]:
        model = _model(state)
        phase = model.phase
        if phase == Phase.TURN:
            return self._turn(model)
        if phase == Phase.PASSING or phase == Phase.FIXING:  # discard a card; or stop: draw
            ids = list(range(self.discard, self.discard + len(set(model.hands[model.seat]))))
            if phase == Phase.PASSING:
                ids.append(self.draw)
            return ids
        return [self._encode(model, action, {}) for action in model.legal_actions()]

    def _turn(self, model: SaboteurModel) -> list[int]:
        """A, B, C and D (`turn.turn_actions`)."""
        hand = self.hand_slots(model)
        ids: list[int] = []
        if turn.may_place(model):
            self._placements(model, hand, ids)
        self._not_placing(model, hand, ids)
        ids.extend(range(self.discard, self.discard + len(hand)))
        return ids

    def _not_placing(self, model: SaboteurModel, hand: list[str], ids: list[int]) -> None:
        """B and D: the action cards' plays, the fixes (`turn.not_placing` but the
        discards)."""
        self._plays(model, hand, ids)
        fix = self.fix
        ids.extend([fix + FIX_WHAT.index(what) for what in turn.fixes(model)])

    def legal_mask(self, state: State) -> bytearray:
        """`num_actions` bytes, 1 at each of `legal_ids(state)` and 0 elsewhere (the action
        mask's fast path): in a turn, each path card's placements are written as one slice
        of bytes kept by the maze's `Frontier` per card."""
        model = _model(state)
        mask = bytearray(self.size)
        if model.phase != Phase.TURN:
            for index in self.legal_ids(model):
                mask[index] = 1
            return mask
        hand = self.hand_slots(model)
        if turn.may_place(model):
            self._placement_bytes(model, hand, mask)
        ids: list[int] = []
        self._not_placing(model, hand, ids)
        for index in ids:
            mask[index] = 1
        mask[self.discard:self.discard + len(hand)] = b"\x01" * len(hand)
        return mask

    def _placement_bytes(self, model: SaboteurModel, hand: list[str], mask: bytearray) -> None:
        """`_placements` into `mask`: slot k's block is the bytes kept for its card."""
        paths = self.game.paths
        frontier = model.spots()
        memo = frontier.memo_bytes
        block = self.block
        for k, card_id in enumerate(hand):
            if card_id in paths:
                found = memo.get(card_id)
                if found is None:
                    found = memo[card_id] = self._fit_bytes(card_id, frontier)
                mask[k * block:(k + 1) * block] = found

    def _placements(self, model: SaboteurModel, hand: list[str], ids: list[int]) -> None:
        """Every legal `Place`'s integer: slot 0's kept by the frontier per path card (where
        the card fits, each way it may lie), slot k's those plus k blocks."""
        game = self.game
        frontier = model.spots()
        block = self.block
        for k, card_id in enumerate(hand):
            if card_id in game.paths:
                found = self._slot_zero(card_id, frontier)
                if k == 0:
                    ids.extend(found)
                else:
                    base = k * block
                    ids.extend([base + at for at in found])

    def _slot_zero(self, card_id: str, frontier: Frontier) -> tuple[int, ...]:
        """Slot 0's integers of the path card `card_id`: every cell it fits, each way it
        may lie that differs (`turn.placements`, as integers; kept by the frontier)."""
        found = frontier.memo_at.get(card_id)
        if found is None:
            ladder = self.game.paths[card_id].ladder
            cell_at = self.cell_at
            found = frontier.memo_at[card_id] = tuple(
                cell_at[cell] * WAYS + turned
                for turned, openings in self.game.orientations[card_id]
                for cell in frontier.cells(openings, ladder))
        return found

    def _fit_bytes(self, card_id: str, frontier: Frontier) -> bytes:
        """Slot 0's block of the mask for the path card `card_id`: 1 at `_slot_zero`'s (the
        frontier's `fit_mask` of each way it may lie, interleaved: upright, turned)."""
        ladder = self.game.paths[card_id].ladder
        block = bytearray(self.block)
        for turned, openings in self.game.orientations[card_id]:
            block[turned::WAYS] = frontier.fit_mask(openings, ladder)
        return bytes(block)

    def _plays(self, model: SaboteurModel, hand: list[str], ids: list[int]) -> None:
        """Every legal play of an action card in the hand: at a cell, or on a seat."""
        actions = self.game.actions
        table: tuple[int, ...] | None = None
        for k, card_id in enumerate(hand):
            card = actions.get(card_id)
            if card is None:
                continue
            found: Sequence[int]
            if card.kind in turn.PLAYED_AT:
                found = self._cells_played_at(model, card)
                base = k * self.block
            else:
                if table is None:
                    table = self._table_key(model)
                found = self._played_on(model, card, table)
                base = self.on + k * self.seats * len(TOOL_CODES)
            ids.extend([base + at for at in found] if base else found)

    def _cells_played_at(self, model: SaboteurModel, card: ActionCard) -> tuple[int, ...]:
        """Slot 0's integers of a rockfall or a map (`turn.play_cells`; kept by the
        frontier: the maze is the same)."""
        memo = model.spots().memo_at
        found = memo.get(card.id)
        if found is None:
            cell_at = self.cell_at
            found = memo[card.id] = tuple(cell_at[cell] * WAYS
                                          for cell in turn.play_cells(model, card))
        return found

    def _table_key(self, model: SaboteurModel) -> tuple[int, ...]:
        """What the plays on seats depend on: each tableau's `signature` round the table from
        the decider, and whether an undealt dwarf is left (Swap your hats)."""
        me, tableaux = model.seat, model.tableaux
        return (bool(model.spare_dwarves), *[tableau.signature for tableau in tableaux[me:]],
                *[tableau.signature for tableau in tableaux[:me]])

    def _played_on(self, model: SaboteurModel, card: ActionCard, table: tuple[int, ...]
                   ) -> tuple[int, ...]:
        """`_seats_played_on`, kept by the card and `_table_key` (at most ON_KEPT)."""
        key = (card.id, table)
        found = self._table_memo.get(key)
        if found is None:
            found = remember(self._table_memo, key, ON_KEPT,
                             tuple(self._seats_played_on(model, card)))
        return found

    def _seats_played_on(self, model: SaboteurModel, card: ActionCard) -> list[int]:
        """Slot 0's integers of a card played on a seat (`turn.play_targets`), past `on`:
        the tools open on each target's tableau kept by the card and the tableau's
        `signature`."""
        if not turn.may_play_on(model, card):
            return []
        me, seats, tableaux = model.seat, self.seats, model.tableaux
        memo = self._on_memo
        ids: list[int] = []
        for seat in tableau_rules.target_seats(card, me, seats):
            tableau = tableaux[seat]
            key = (card.id, tableau.signature)
            found = memo.get(key)
            if found is None:
                found = memo[key] = tuple(TOOL_CODES.index(tool)
                                          for tool in tableau_rules.open_tools(card, tableau))
            at = (seat - me) % seats * len(TOOL_CODES)
            ids.extend([at + code for code in found])
        return ids

    # --- one action ------------------------------------------------------------------------
    def encode(self, state: State, action: Action) -> int:
        model = _model(state)
        return self._encode(model, action, {c: k for k, c in enumerate(self.hand_slots(model))})

    def _encode(self, model: SaboteurModel, action: Action, slot: dict[str, int]) -> int:
        """`encode` with the hand's slots given (card id -> slot)."""
        if isinstance(action, Place | PlayAt):
            return self._at(_slot_of(slot, action.card), action)
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

    def _at(self, k: int, action: Place | PlayAt) -> int:
        """The integer of a card laid (`Place`) or played (`PlayAt`) from slot k."""
        turned = isinstance(action, Place) and action.turned
        return (k * self.cells + self.cell_at[action.col, action.row]) * WAYS + turned

    def decode(self, state: State, index: int) -> Action:
        model = _model(state)
        index = check_index(self.game.name, index, self.size)
        game = self.game
        if index < self.on:
            k, rest = divmod(index, self.block)
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
