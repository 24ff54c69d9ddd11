"""The end of the game: missions and the money calculation (seed 003, "Game end").

Money is calculated in the seed's order: 1 mission bonus, 2 chance cards, 3 face value of money
tokens, 4 set bonuses (with the Trinity Prize and the stone penalty), 5 bundle bonuses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import TYPE_CHECKING

from motherlode.engine.memo import remember

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


# --- the fast path: the same total, from tables made once ------------------------------------
TABLED = 100  # set sizes whose bonus is looked up in a table (70 tiles and the cards are fewer)
TILES_KEPT = 20_000  # `MoneyTable`'s tile parts kept before it starts afresh
#: Steps 2, 4 and 5 of a scoreboard, the counts with the cards that are tiles, and the
#: trinities, sets and leftovers a mission reads.
TilesMoney = tuple[int, tuple[int, ...], int, int, int]
#: Step 4 for one type: won, sets scored (0 or 1), tiles left over for bundles.
TypePart = tuple[int, int, int]

class MoneyTable:
    """`money_for(components, board).total` from plain numbers, with every table read once
    (the greedy bot's money; a test checks it equal to `money_for`)."""

    def __init__(self, components: Components) -> None:
        self.components = components
        self.type_kinds = tuple(TYPE_KINDS[name] for name in TYPES)
        self.several = tuple(t for t, kinds in enumerate(self.type_kinds) if len(kinds) > 1)
        self.type_of = tuple(next(t for t, kinds in enumerate(self.type_kinds) if k in kinds)
                             for k in range(len(KINDS)))
        self.minimum = tuple(components.sets[name].minimum for name in TYPES)
        self.bonus = tuple(tuple(components.sets[name].bonus(size) for size in range(TABLED))
                           for name in TYPES)
        self.stone = TYPES.index("stone")
        bonuses = components.bonuses
        self.trinity, self.bundle_size, self.bundle = (
            bonuses.trinity, bonuses.bundle_size, bonuses.bundle)
        self.counts_as = tuple(card.kind if card.effect == "counts_as" else None
                               for card in components.chance)
        self.mission_kinds = tuple(
            tuple(TYPE_KINDS[t] if t in TYPE_KINDS else (KINDS.index(t),) for t in m.types)
            for m in components.missions
        )
        self._tiles: dict[tuple[tuple[int, ...], tuple[int, ...]], TilesMoney] = {}

    def total(self, counts: Sequence[int], tokens: int, kept: Sequence[int], drawn: int,
              closed_shop: int, mission: int) -> int:
        """The money of a scoreboard: `counts` by kind (chance cards that are tiles not
        added), then as `Scoreboard`'s fields."""
        key = (tuple(counts), tuple(kept))
        tiles = self._tiles.get(key)
        if tiles is None:
            tiles = remember(self._tiles, key, TILES_KEPT, self._tiles_money(list(counts), key[1]))
        return self.money(tiles, tokens, mission, drawn, closed_shop)

    def money(self, tiles: TilesMoney, tokens: int, mission: int, drawn: int,
              closed_shop: int) -> int:
        """The money of a scoreboard whose tiles' part is `tiles`, the rest as in `total`."""
        total = tokens + tiles[0]
        if mission != EMPTY:
            total += self._mission(tiles[1], mission, tokens, drawn, closed_shop, tiles[2:])
        return total

    def one_more(self, counts: Sequence[int], kept: tuple[int, ...]) -> OneMoreTile:
        """The tiles' part of a scoreboard and of it with one more tile of any kind."""
        return OneMoreTile(self, counts, kept)

    def with_cards(self, counts: list[int], kept: tuple[int, ...]) -> list[int]:
        """`counts` (changed) with the kept chance cards that count as a tile added."""
        counts_as = self.counts_as
        for card_id in kept:
            kind = counts_as[card_id]
            if kind is not None:
                counts[kind] += 1
        return counts

    def sizes(self, counts: Sequence[int]) -> list[int]:
        """The tiles of each type, in the order of TYPES."""
        sizes = [counts[kinds[0]] for kinds in self.type_kinds]
        for t in self.several:
            sizes[t] = held(counts, self.type_kinds[t])
        return sizes

    def type_parts(self, sizes: Sequence[int]) -> list[TypePart]:
        """`type_part` of each type holding `sizes` tiles, in the order of TYPES."""
        return [self.type_part(t, size) for t, size in enumerate(sizes)]

    def type_part(self, t: int, size: int) -> TypePart:
        """Step 4 for type `t` holding `size` tiles: won, sets scored (0 or 1), tiles left
        over for bundles."""
        if size >= self.minimum[t]:
            won = self.bonus[t][size] if size < TABLED else \
                self.components.sets[TYPES[t]].bonus(size)
            return won, int(t != self.stone), 0
        return 0, 0, 0 if t == self.stone else size

    def _tiles_money(self, counts: list[int], kept: tuple[int, ...]) -> TilesMoney:
        """Steps 2, 4 and 5 (all but the mission and the tokens), with what a mission reads."""
        counts = self.with_cards(counts, kept)
        return self.tiles_money(counts, kept, *added(self.type_parts(self.sizes(counts))))

    def tiles_money(self, counts: list[int], kept: tuple[int, ...], won: int, sets: int,
                    leftovers: int) -> TilesMoney:
        """`TilesMoney` from the counts (cards that are tiles added) and step 4's types:
        the Trinity Prize, the bundles and the chance cards added to `won`."""
        trinities = min(counts[INCENSE], counts[STATUE], counts[KNIFE])
        won += trinities * self.trinity + leftovers // self.bundle_size * self.bundle
        if kept:
            won += self._chance(counts, kept, trinities)
        return won, tuple(counts), trinities, sets, leftovers

    def _chance(self, counts: list[int], kept: tuple[int, ...], trinities: int) -> int:
        """Step 2, as `chance_bonus`."""
        won = 0
        chance = self.components.chance
        for card_id in kept:
            card = chance[card_id]
            if card.effect == "per_kind" and card.kind is not None:
                won += card.value * counts[card.kind]
            elif card.effect == "per_trinity":
                won += card.value * trinities
            elif card.effect == "flat":
                won += card.value
        return won

    def _mission(self, counts: Sequence[int], m: int, tokens: int, drawn: int,
                 closed_shop: int, sets: tuple[int, ...]) -> int:
        """Step 1, as `achieved`: the mission's bonus if met, else 0."""
        mission = self.components.missions[m]
        condition, count = mission.condition, mission.count
        kinds = self.mission_kinds[m]
        if condition == "closing_shop":
            met = closed_shop >= count
        elif condition == "at_least":
            met = min(map(held, repeat(counts), kinds)) >= count
        elif condition == "at_most":
            met = sum(map(held, repeat(counts), kinds)) <= count
        elif condition == "tokens":
            met = tokens >= count
        elif condition == "chance_cards":
            met = drawn >= count
        elif condition == "trinities":
            met = sets[0] >= count
        elif condition == "sets":
            met = sets[1] >= count
        else:
            met = sets[2] // self.bundle_size >= count
        return mission.bonus if met else 0


def held(counts: Sequence[int], kinds: tuple[int, ...]) -> int:
    """The tiles of `kinds` in `counts`."""
    size = 0
    for kind in kinds:
        size += counts[kind]
    return size


def added(parts: Sequence[TypePart]) -> TypePart:
    """Step 4 of every type together: won, sets, leftovers."""
    won = sets = leftovers = 0
    for part in parts:
        won += part[0]
        sets += part[1]
        leftovers += part[2]
    return won, sets, leftovers


class OneMoreTile:
    """A scoreboard's tiles' part (`TilesMoney`), and that part with one more tile of a kind
    worked out from it: one more tile changes only its type's set, the Trinity Prize, the
    bundles and the chance cards (the greedy bot asks it about ten times a dig)."""

    def __init__(self, table: MoneyTable, counts: Sequence[int], kept: tuple[int, ...]) -> None:
        self.table = table
        self.kept = kept
        self.counts = table.with_cards(list(counts), kept)
        self.sizes = table.sizes(self.counts)
        self.parts = table.type_parts(self.sizes)
        self.won, self.sets, self.leftovers = added(self.parts)
        self.own = table.tiles_money(self.counts, kept, self.won, self.sets, self.leftovers)

    def tiles(self, kind: int) -> TilesMoney:
        """The tiles' part with one more tile of `kind`."""
        table = self.table
        t = table.type_of[kind]
        was = self.parts[t]
        won, sets, left = table.type_part(t, self.sizes[t] + 1)
        counts = list(self.counts)
        counts[kind] += 1
        return table.tiles_money(counts, self.kept, self.won - was[0] + won,
                                 self.sets - was[1] + sets, self.leftovers - was[2] + left)
