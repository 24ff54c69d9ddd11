"""Saboteur Gold's game class without its states: the options fixed (edition, player count,
card data) and what the rules, the views and the bots look up in it (`SaboteurBase`).

`game.py`'s `Saboteur` adds the states (`_new_game`, `_restore`) and the observation; the rule
modules and the position (`model.py`) know the game as `SaboteurBase`, so none of them imports
the module that makes states (no import cycle, type-only imports counted).

Rules: ../shared/seeds/004 and ../shared/reference/saboteur.md; the project's choices:
docs/games/saboteur.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from motherlode.engine import Action, ActionSyntaxError, Game, Option, OptionError, SpaceActions

from .actions import (
    COLUMNS,
    MAX_SEATS,
    ROWS,
    SaboteurActions,
    off_table,
)
from .cards import SIDES, ActionCard, Cards, Dwarf, PathCard, load_cards
from .glossary import card_names, glossary
from .maze import GOALS, Cell, Placed
from .placement import openings_mask
from .schema import TITLES, CardInfo
from .setup import BASE_ROLES, EDITIONS, player_range

SUMMARY = """\
Dwarves dig from the start card toward three face-down goals; one hides the treasure. Each
player is secretly a green or blue Digger, the Boss, the Profiteer, a Geologist or a Saboteur.
On your turn: lay a path card that continues a path from a ladder (A), play an action card on
a player, a path card (rockfall) or a goal (map) (B), pass by discarding 1-3 cards (C), or
discard 2 cards to mend one of your broken tools or escape jail (D); then draw. The round ends
when a path reaches the treasure (the connecting team, the Boss and the Profiteer share the
gold; doors of the other colour block a team) or when every hand is empty (the Saboteurs win).
Geologists earn the visible crystals; thieves steal. Three rounds; most gold wins.
Actions: 'place <card> <col> <row> [turned]', 'play <card> on <seat> [tool]',
'play <card> at <col> <row>', 'fix <tool|trapped>', 'discard <card>', 'draw',
'steal from <seat>', 'take <value>'."""


@cache
def _cards(data: str) -> Cards:
    return load_cards(data or None)


@cache
def _placed(data: str) -> dict[tuple[str, bool], Placed]:
    """Every path card (deck, start, goals) lying upright and turned."""
    cards = _cards(data)
    every_path = (*cards.paths, cards.start, *cards.goals)
    return {(c.id, t): Placed(c, t) for c in every_path for t in (False, True)}


@dataclass(frozen=True, slots=True)
class _Tables:
    """What a game needs worked out once per card data (`_tables`): the action space with its
    look-ups, and the observation's cells."""

    space: SaboteurActions
    cell_index: dict[Cell, int]
    cell_features: dict[tuple[str, bool], tuple[float, ...]]
    empty_table: tuple[float, ...]


CELL_FEATURES = 11
"""The numbers of one cell in the observation (`observe.py`; `cell_features` lists them)."""


def cell_features(placed: Placed) -> tuple[float, ...]:
    """A face-up card's features in the observation (`observe._cells`), reached left 0."""
    card = placed.card
    openings = placed.openings
    return (1.0, *(float(side in openings) for side in SIDES), 0.0,
            float(card.ladder), float(card.door == "green"), float(card.door == "blue"),
            card.crystals / 2, float(card.kind == "goal"))


def empty_table(cell_index: Mapping[Cell, int]) -> tuple[float, ...]:
    """The cells' features in the observation with nothing laid: zeros, the goals' cells
    marked."""
    values = [0.0] * (len(cell_index) * CELL_FEATURES)
    for cell in GOALS:
        values[cell_index[cell] * CELL_FEATURES + CELL_FEATURES - 1] = 1.0
    return tuple(values)


@cache
def _tables(data: str) -> _Tables:
    cells = [(col, row) for row in ROWS for col in COLUMNS]
    cell_index = {cell: i for i, cell in enumerate(cells)}
    features = {key: cell_features(placed) for key, placed in _placed(data).items()}
    return _Tables(SaboteurActions(_cards(data)), cell_index, features,
                   empty_table(cell_index))


def _sides(sides: frozenset[str]) -> str:
    return "".join(side for side in SIDES if side in sides)


@cache
def _card_info(data: str) -> dict[str, CardInfo]:
    """Every card design of the data with its shape (path cards) and glossary text, for views
    (`schema.CardInfo`)."""
    cards = _cards(data)
    texts = glossary(cards)
    names = card_names(cards)
    info: dict[str, CardInfo] = {}
    for path in (cards.start, *cards.goals, *cards.paths):
        info[path.id] = {
            "kind": path.kind, "path": True,
            "paths": [_sides(p) for p in path.shape.paths], "stubs": _sides(path.shape.stubs),
            "door": path.door, "ladder": path.ladder, "crystals": path.crystals,
            "treasure": path.treasure, "text": texts[path.id], "name": names[path.id],
        }
    for action in cards.actions:
        info[action.id] = {
            "kind": action.kind, "path": False, "paths": [], "stubs": "", "door": "",
            "ladder": False, "crystals": 0, "treasure": False, "text": texts[action.id],
            "name": names[action.id],
        }
    return info


class EditionTitle:
    """The game's title: "Saboteur Gold" for the class (the game's list) and the gold edition,
    "Saboteur" for a game of the base edition (issue 12: "the base edition titled
    "Saboteur", not "Saboteur Gold"")."""

    def __get__(self, game: SaboteurBase | None, owner: type[SaboteurBase]) -> str:
        return TITLES["gold" if game is None else game.edition]


class SaboteurBase(SpaceActions, Game):
    """The game with its options fixed: the edition, the player count, the card data (the
    states and the observation: `game.Saboteur`)."""

    name = "saboteur"
    title = EditionTitle()
    min_players = 2
    max_players = MAX_SEATS
    default_players = 5
    summary = SUMMARY
    extra_options = (
        Option("edition", str, "gold",
               "gold: base and expansion cards with the 15 dwarves (2-12 players); base: the "
               "base game's cards, roles and gold cards (3-10 players)", choices=EDITIONS),
        Option("data", str, "",
               "folder with corrected rules/paths/actions/dwarves TOML files (empty: built in)"),
    )

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        self.edition = str(self.options["edition"])
        self.cards = _cards(str(self.options["data"]))
        low, high = player_range(self.cards, self.edition)
        if not low <= self.num_players <= high:
            raise OptionError(f"saboteur: option players={self.num_players} is not allowed "
                              f"with edition={self.edition!r}; use an integer {low}..{high}")
        cards = self.cards
        self.columns = COLUMNS
        self.rows = ROWS
        self.paths: dict[str, PathCard] = {c.id: c for c in cards.paths}
        self.actions: dict[str, ActionCard] = {c.id: c for c in cards.actions}
        self.goal: dict[str, PathCard] = {c.id: c for c in (cards.start, *cards.goals)}
        self.dwarf: dict[str, Dwarf] = {d.id: d for d in cards.dwarves}
        self.dwarf_ids = (*(d.id for d in cards.dwarves), *BASE_ROLES)
        self.card_ids = (*self.paths, *self.actions)
        self.deck_ids = tuple(c.id for c in cards.deck(base_only=self.edition == "base"))
        self.orientations = {c.id: _orientations(c) for c in cards.paths}
        self.placed = _placed(str(self.options["data"]))
        # The bit of `placement.fit_bits` for each path card lying each way that differs.
        self.fit_bit: dict[tuple[str, bool], int] = {
            (card_id, turned): 1 << (openings * 2 + self.paths[card_id].ladder)
            for card_id, ways in self.orientations.items() for turned, openings in ways}
        self.card_info = _card_info(str(self.options["data"]))
        # The views' `cards`, made once and shared by every view of this game (read only).
        self.card_table: dict[str, CardInfo] = {
            card: {**info, "paths": list(info["paths"])} for card, info in self.card_info.items()}
        words = glossary(cards)
        self.dwarf_text = {d: words[d] for d in self.dwarf_ids}
        rules = cards.rules
        self.gold_cards: tuple[int, ...] = () if self.edition == "gold" else tuple(
            value for value, count in enumerate(rules.base_gold_cards, 1) for _ in range(count))
        # Reference "Base game rules": "path, action, or pass by discarding 1 card"; Saboteur
        # Gold (seed "Flow of the Game"): C discards 1-3 cards, D discards 2 to mend or escape.
        self.pass_max = 3 if self.edition == "gold" else 1
        self.option_d = self.edition == "gold"
        tables = _tables(str(self.options["data"]))
        self.space = tables.space
        self.places = tables.space.places  # the rules look actions up, never build them
        self.play_on_action = tables.space.play_on
        self.play_at_action = tables.space.play_at
        self.discard_action = tables.space.discard
        self.fix_action = tables.space.fix
        self.steal_action = tables.space.steal
        self.take_action = tables.space.take
        self.cell_index = tables.cell_index
        self.cell_features = tables.cell_features
        self.empty_table = tables.empty_table

    # --- cards, for views and bots -----------------------------------------------------
    def path_card(self, card_id: str) -> PathCard:
        """The path card (deck, start or goal) with this id."""
        return self.placed[card_id, False].card

    def openings(self, card_id: str, turned: bool = False) -> int:
        """The open sides of a path card lying this way, as bits N 1, E 2, S 4, W 8."""
        return openings_mask(self.placed[card_id, turned].shape)

    def placed_card(self, card_id: str, turned: bool = False) -> Placed:
        """The path card lying this way (its shape, openings and paths as they lie)."""
        return self.placed[card_id, turned]

    # --- actions -----------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """The action written as `text`; ActionSyntaxError saying why it names none (a cell
        off the table: the table's bounds; else how actions are written)."""
        try:
            return self.space.parse(text)
        except ActionSyntaxError:
            why = off_table(str(text), self.cards)
            if why is None:
                raise
            raise ActionSyntaxError(f"saboteur: {text.strip()!r}: {why}") from None

    @property
    def glossary(self) -> dict[str, str]:
        return glossary(self.cards)

    @property
    def max_game_length(self) -> int:
        """Per round, every action but `draw` and `fix` takes a card out of the hands and each
        pass or fix discards at least one card, so at most 2 actions per card dealt; plus one
        steal per Theft card and one take per gold card."""
        rules = self.cards.rules
        dealt = len(self.deck_ids) - (rules.removed_cards if self.edition == "gold" else 0)
        return rules.rounds * (2 * dealt + len(self.actions) + 12)


def _orientations(card: PathCard) -> tuple[tuple[bool, int], ...]:
    """The ways a card may lie that differ: upright, and turned when that changes its shape."""
    upright = (False, openings_mask(card.shape))
    turned = card.shape.turned()
    if set(turned.paths) == set(card.shape.paths) and turned.stubs == card.shape.stubs:
        return (upright,)
    return upright, (True, openings_mask(card.shape.turned()))
