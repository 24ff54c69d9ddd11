"""A Saboteur Gold position: the maze, the hands, the dwarves, what lies in front of players, the
gold, and whose decision it is.

Seed 004 "Flow of the Game"; the turn's rules are in `turn.py`, the end of a round in
`round_end.py`; what a seat may know in `view.py` (its decision in `decision.py`), the hidden
parts dealt again in `hidden.py`, the whole truth in `truth.py`. Cards are held by their
design's id (`setup.py`: copies are alike). Events go to the engine's `log`, packed
(`log.py`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from motherlode.engine import JSON, Action, Decision, State

from . import round_end, truth, turn, view
from .decision import decision as decide
from .hidden import determinize
from .legality import is_legal
from .maze import Cell, Maze, Node
from .phase import PHASES, Phase
from .placement import Frontier
from .tableau import Tableau

if TYPE_CHECKING:
    from .game import Saboteur
    from .schema import SaboteurView



class SaboteurState(State):
    """Everything on the table and in the hands; `frontier` caches where path cards fit."""

    __slots__ = (
        "dropped_dwarves",
        "dwarves",
        "first",
        "fixing",
        "frontier",
        "gold",
        "gold_deck",
        "gold_offer",
        "hands",
        "hidden_discards",
        "inspected",
        "known_hands",
        "last_player",
        "maps",
        "maze",
        "passed",
        "phase",
        "pickers",
        "pile",
        "public_discards",
        "removed",
        "round",
        "seat",
        "secret_steps",
        "spare_dwarves",
        "stealers",
        "tableaux",
        "theft_order",
    )

    game: Saboteur
    # Set by `round_end.start_round` at the start of each round:
    hands: list[list[str]]
    pile: list[str]  # the top card last
    removed: list[str]  # set aside unseen
    dwarves: list[str]  # each seat's dwarf (or base role card)
    spare_dwarves: list[str]  # face down, for Swap Your Hats
    dropped_dwarves: list[tuple[int, str]]  # Swap Your Hats: (seat, the dwarf discarded unseen)
    maze: Maze
    frontier: Frontier | None
    tableaux: list[Tableau]
    theft_order: list[int]  # seats with a Theft card, in the order played
    hidden_discards: list[list[str]]  # each seat's face-down discards this round
    public_discards: list[str]
    maps: list[dict[Cell, str]]  # the goals each seat has looked at
    inspected: list[dict[int, str]]  # the dwarves each seat has seen (until they change)
    known_hands: dict[tuple[int, int], tuple[str, ...]]  # (knower, holder): cards (Swap hands)
    passed: int  # C: cards discarded so far this pass
    fixing: str  # D: what the two cards pay to remove

    def __init__(self, game: Saboteur, seed: int) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self.round = 0
        self.phase = Phase.TURN
        self.seat = 0
        self.first = 0
        self.last_player = n - 1  # round 1 starts at seat 0 (designed)
        self.gold = [0] * n
        self.secret_steps: list[tuple[int, int, int]] = []  # (history index, seat, round)
        self.gold_deck: list[int] = list(game.gold_cards)
        self.rng.shuffle(self.gold_deck)
        self.gold_offer: list[int] = []
        self.pickers: list[int] = []
        self.stealers: list[int] = []
        round_end.start_round(self)

    # --- the contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == Phase.OVER else self.seat

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == Phase.TURN:
            return turn.turn_actions(self)
        if phase == Phase.PASSING or phase == Phase.FIXING:
            return turn.discard_actions(self)
        if phase == Phase.STEAL:
            return round_end.steal_actions(self)
        if phase == Phase.GOLD:
            return round_end.take_actions(self)
        return []

    def _apply(self, action: Action) -> None:
        if self.phase == Phase.STEAL or self.phase == Phase.GOLD:
            round_end.apply(self, action)
        else:
            turn.apply(self, action)

    def is_legal(self, action: Action) -> bool:
        return is_legal(self, action)

    def why_illegal(self, action: Action) -> str:
        return turn.why_illegal(self, action)

    # --- the maze's cached reach ---------------------------------------------------------
    def spots(self) -> Frontier:
        """Where path cards fit in the maze as it lies (cached until the maze changes)."""
        frontier = self.frontier
        if frontier is None:
            frontier = Frontier.of(self.maze, self.game.columns, self.game.rows)
            self.frontier = frontier
        return frontier

    def reach(self) -> set[Node]:
        """The paths reached from a ladder, doors ignored (placement)."""
        return self.spots().reach

    def maze_changed(self) -> None:
        """The maze changed: work out the frontier again when next needed."""
        self.frontier = None

    def card_laid(self, cell: Cell) -> None:
        """A path card was just laid at `cell`: update the frontier from the old one."""
        if self.frontier is not None:
            self.frontier = self.frontier.after_placing(self.maze, cell, self.game.columns,
                                                        self.game.rows)

    # --- what a seat may know ------------------------------------------------------------
    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def view(self, seat: int | None) -> SaboteurView:
        return view.view(self, seat)

    def decision(self) -> Decision:
        return decide(self)

    def determinize(self, seat: int, rng: random.Random) -> SaboteurState:
        return determinize(self, seat, rng)

    def _truth(self) -> JSON:
        return truth.truth(self)

    def clone(self) -> SaboteurState:
        other = SaboteurState.__new__(SaboteurState)
        self._clone_base(other)
        other.round = self.round
        other.phase = self.phase
        other.seat = self.seat
        other.first = self.first
        other.last_player = self.last_player
        other.gold = self.gold.copy()
        other.secret_steps = self.secret_steps.copy()
        other.gold_deck = self.gold_deck.copy()
        other.gold_offer = self.gold_offer.copy()
        other.pickers = self.pickers.copy()
        other.stealers = self.stealers.copy()
        other.hands = [hand.copy() for hand in self.hands]
        other.pile = self.pile.copy()
        other.removed = self.removed.copy()
        other.dwarves = self.dwarves.copy()
        other.spare_dwarves = self.spare_dwarves.copy()
        other.dropped_dwarves = self.dropped_dwarves.copy()
        other.maze = Maze(self.maze.cells.copy(), self.maze.face_down.copy())
        other.frontier = self.frontier  # never changed in place: shared
        other.tableaux = self.tableaux.copy()  # frozen Tableaux: shared
        other.theft_order = self.theft_order.copy()
        other.hidden_discards = [cards.copy() for cards in self.hidden_discards]
        other.public_discards = self.public_discards.copy()
        other.maps = [known.copy() for known in self.maps]
        other.inspected = [known.copy() for known in self.inspected]
        other.known_hands = self.known_hands.copy()
        other.passed = self.passed
        other.fixing = self.fixing
        return other

    # --- the end -------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(g) for g in self.gold]
