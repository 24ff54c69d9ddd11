"""The end of the game: missions and the money calculation (seed 003, "Game end").

Money is calculated in the seed's order: 1 mission bonus, 2 chance cards, 3 face value of money
tokens, 4 set bonuses (with the Trinity Prize and the stone penalty), 5 bundle bonuses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .components import (
    INCENSE,
    KINDS,
    KNIFE,
    STATUE,
    TREASURE_TYPES,
    TYPE_KINDS,
    TYPES,
    Components,
    Mission,
)
from .phase import EMPTY

if TYPE_CHECKING:
    from .model import DigItUpModel


@dataclass(frozen=True, slots=True)
class Scoreboard:
    """What a player holds at the end: tiles by kind (chance cards that are tiles included)."""

    counts: tuple[int, ...]
    tokens: int
    kept: tuple[int, ...]  # orange chance cards kept to the end
    drawn: int  # chance cards drawn in all
    closed_shop: int  # dig sites this player made abandoned
    mission: int  # index into Components.missions, or EMPTY


@dataclass(frozen=True, slots=True)
class SetResult:
    """Step 4: set bonuses, and what is left for bundles."""

    won: int
    sets: int  # treasure types that scored a set
    trinities: int
    leftovers: int  # treasure tiles not in a set


@dataclass(frozen=True, slots=True)
class Money:
    """The money calculation of one player, step by step."""

    mission: int
    chance: int
    tokens: int
    sets: int
    bundles: int
    achieved: bool

    @property
    def total(self) -> int:
        return self.mission + self.chance + self.tokens + self.sets + self.bundles


@dataclass(frozen=True, slots=True)
class SetPart:
    """Step 4 for one type held: its tiles (chance cards that count as one included), whether
    they make a set, and what they score (stones: a cost)."""

    type: str
    tiles: int
    is_set: bool
    won: int


@dataclass(frozen=True, slots=True)
class Breakdown:
    """Every part of a player's money, for the table at the end: the calculation, each type's
    set (stones apart), the Trinity Prizes and the tiles left over for bundles."""

    money: Money
    parts: tuple[SetPart, ...]
    trinities: int
    trinity: int  # won for the Trinity Prizes
    stones: int  # won (a cost: 0 or less)
    leftovers: int

    @property
    def treasure_sets(self) -> int:
        """Step 4 without the Trinity Prize and the stones."""
        return self.money.sets - self.trinity - self.stones


def type_count(counts: Sequence[int], name: str) -> int:
    """Tiles of a type ("bronzeware" sums its three kinds) or of one kind."""
    if name in TYPE_KINDS:
        return sum(counts[k] for k in TYPE_KINDS[name])
    return counts[KINDS.index(name)]


def set_bonuses(components: Components, counts: Sequence[int]) -> SetResult:
    """Step 4. A type that reaches a set scores as one set, never split; the rest is left over.

    Trinity Prize: 10 per full trio of incense burner, statue and knife.
    """
    won = sets = leftovers = 0
    for name in TYPES:
        size = type_count(counts, name)
        table = components.sets[name]
        if size >= table.minimum:
            won += table.bonus(size)
            sets += name != "stone"
        elif name != "stone":  # "Stones are not a treasure so they cannot be bundled."
            leftovers += size
    trinities = min(counts[INCENSE], counts[STATUE], counts[KNIFE])
    won += trinities * components.bonuses.trinity
    return SetResult(won, sets, trinities, leftovers)


def bundle_bonus(components: Components, leftovers: int) -> int:
    """Step 5: every 3 treasure tiles not in a set make a bundle worth 5."""
    bonuses = components.bonuses
    return leftovers // bonuses.bundle_size * bonuses.bundle


def chance_bonus(components: Components, board: Scoreboard, sets: SetResult) -> int:
    """Step 2: orange cards that change the money calculation."""
    won = 0
    for card_id in board.kept:
        card = components.chance[card_id]
        if card.effect == "per_kind" and card.kind is not None:
            won += card.value * board.counts[card.kind]
        elif card.effect == "per_trinity":
            won += card.value * sets.trinities
        elif card.effect == "flat":
            won += card.value
    return won


def achieved(components: Components, mission: Mission, board: Scoreboard) -> bool:
    """Whether `board` meets `mission` (step 1; Closing Shop was met during play)."""
    condition = mission.condition
    if condition == "closing_shop":
        return board.closed_shop >= mission.count
    if condition == "at_least":
        return all(type_count(board.counts, t) >= mission.count for t in mission.types)
    if condition == "at_most":
        return sum(type_count(board.counts, t) for t in mission.types) <= mission.count
    if condition == "tokens":
        return board.tokens >= mission.count
    if condition == "chance_cards":
        return board.drawn >= mission.count
    sets = set_bonuses(components, board.counts)
    if condition == "trinities":
        return sets.trinities >= mission.count
    if condition == "sets":
        return sets.sets >= mission.count
    return sets.leftovers // components.bonuses.bundle_size >= mission.count


def money_for(components: Components, board: Scoreboard, simplified: bool = False) -> Money:
    """The whole money calculation of one scoreboard."""
    if simplified:
        return simplified_money(components, board)
    mission_won, met = 0, False
    if board.mission != EMPTY:
        mission = components.missions[board.mission]
        met = achieved(components, mission, board)
        mission_won = mission.bonus if met else 0
    sets = set_bonuses(components, board.counts)
    return Money(
        mission=mission_won,
        chance=chance_bonus(components, board, sets),
        tokens=board.tokens,
        sets=sets.won,
        bundles=bundle_bonus(components, sets.leftovers),
        achieved=met,
    )


def simplified_money(components: Components, board: Scoreboard) -> Money:
    """Simplified variation: every set of 4+ of one colour is worth 10; other tiles 1 each.

    "+2" tiles keep their value. Stones are not treasure: they score nothing here.
    """
    bonuses = components.bonuses
    won = 0
    for name in TREASURE_TYPES:
        size = type_count(board.counts, name)
        single = size * bonuses.simplified_single
        won += bonuses.simplified_set if size >= bonuses.simplified_set_size else single
    return Money(0, 0, board.tokens, won, 0, False)


def set_parts(components: Components, counts: Sequence[int], simplified: bool
              ) -> tuple[SetPart, ...]:
    """Each type held, in the seed's order (gold ... diamond, stone): its set or its tiles."""
    bonuses = components.bonuses
    parts = []
    for name in TYPES:
        size = type_count(counts, name)
        if not size:
            continue
        if simplified:
            is_set = name != "stone" and size >= bonuses.simplified_set_size
            single = 0 if name == "stone" else size * bonuses.simplified_single
            parts.append(SetPart(name, size, is_set, bonuses.simplified_set if is_set else single))
            continue
        table = components.sets[name]
        is_set = size >= table.minimum
        parts.append(SetPart(name, size, is_set, table.bonus(size) if is_set else 0))
    return tuple(parts)


def breakdown(state: DigItUpModel, seat: int) -> Breakdown:
    """Every part of `seat`'s money as things stand."""
    components = state.game.components
    simplified = state.game.simplified
    board = scoreboard(state, seat)
    parts = set_parts(components, board.counts, simplified)
    stones = sum(p.won for p in parts if p.type == "stone")
    if simplified:
        leftovers = sum(p.tiles for p in parts if not p.is_set and p.type != "stone")
        return Breakdown(simplified_money(components, board), parts, 0, 0, stones, leftovers)
    sets = set_bonuses(components, board.counts)
    trinity = sets.trinities * components.bonuses.trinity
    return Breakdown(money_for(components, board), parts, sets.trinities, trinity, stones,
                     sets.leftovers)


def scoreboard(state: DigItUpModel, seat: int) -> Scoreboard:
    """A player's scoreboard in the state, chance cards that count as tiles added in."""
    components = state.game.components
    n = len(KINDS)
    counts = state.counts[seat * n : seat * n + n]
    for card_id in state.kept[seat]:
        card = components.chance[card_id]
        if card.effect == "counts_as" and card.kind is not None:
            counts[card.kind] += 1
    return Scoreboard(
        counts=tuple(counts),
        tokens=state.money[seat],
        kept=tuple(state.kept[seat]),
        drawn=state.drawn[seat],
        closed_shop=state.closed_shop[seat],
        mission=state.mission[seat],
    )


def money(state: DigItUpModel, seat: int) -> Money:
    """The money calculation of `seat` as things stand."""
    return money_for(state.game.components, scoreboard(state, seat), state.game.simplified)
