"""Seed 003 "Game end": mission achievement and the money calculation, in the seed's order,
with its three worked examples."""

from __future__ import annotations

import random

import pytest

import motherlode
from digitup_rules.helpers import at, playing
from motherlode.engine.position import replace
from motherlode.rules.digitup import scoring
from motherlode.rules.digitup.components import KINDS, load_components
from motherlode.rules.digitup.phase import EMPTY, Phase
from motherlode.rules.digitup.scoring import Scoreboard, money_for, set_bonuses

COMPONENTS = load_components()
CHANCE = {c.id: i for i, c in enumerate(COMPONENTS.chance)}
MISSIONS = {m.id: i for i, m in enumerate(COMPONENTS.missions)}


def board(
    tiles: dict[str, int],
    tokens: int = 0,
    kept: tuple[str, ...] = (),
    mission: str | None = None,
    drawn: int = 0,
    closed_shop: int = 0,
) -> Scoreboard:
    counts = [tiles.get(k, 0) for k in KINDS]
    ids = tuple(CHANCE[c] for c in kept)
    for c in ids:
        card = COMPONENTS.chance[c]
        if card.effect == "counts_as" and card.kind is not None:
            counts[card.kind] += 1
    return Scoreboard(
        counts=tuple(counts),
        tokens=tokens,
        kept=ids,
        drawn=drawn,
        closed_shop=closed_shop,
        mission=EMPTY if mission is None else MISSIONS[mission],
    )


def test_joseph_earns_50() -> None:
    """Final money calculation example: mission 20, Pink Diamond as a diamond, tokens 8,
    sets (gold 3) + (bronzeware 16 with the Trinity Prize) + (stone -2) = 17, one bundle of
    crystal, ruby, scroll and Pink Diamond = 5; Joseph earned 50."""
    joseph = board(
        {"gold": 3, "incense": 1, "statue": 2, "knife": 1, "stone": 3,
         "crystal": 1, "ruby": 1, "scroll": 1},
        tokens=8,
        kept=("pink-diamond",),
        mission="jack-of-all-trades",
    )
    money = money_for(COMPONENTS, joseph)
    assert (money.mission, money.tokens, money.sets, money.bundles) == (20, 8, 17, 5)
    assert money.total == 50


def test_bronzeware_example_16() -> None:
    """Set bonuses: 1 incense burner, 2 statues, 1 knife: 6 for the set of 4 plus the Trinity
    Prize 10 = 16."""
    assert set_bonuses(COMPONENTS, board({"incense": 1, "statue": 2, "knife": 1}).counts).won == 16


def test_ivan_bundles_10() -> None:
    """Bundle bonuses: 2 bronzeware, 3 crystals, 1 ruby, 1 diamond (none a set): 7 tiles make
    2 bundles of 3; 5 each = 10."""
    ivan = board({"incense": 1, "knife": 1, "crystal": 3, "ruby": 1, "diamond": 1})
    result = money_for(COMPONENTS, ivan)
    assert result.sets == 0 and result.bundles == 10


# (type, tiles) -> set bonus; the seed's tables
SET_TABLE = [
    ("gold", 2, 0), ("gold", 3, 3), ("gold", 4, 8), ("gold", 5, 15), ("gold", 6, 24),
    ("gold", 7, 35), ("gold", 8, 50), ("gold", 9, 100), ("gold", 10, 200), ("gold", 12, 200),
    ("scroll", 3, 6), ("scroll", 4, 6), ("scroll", 5, 14), ("scroll", 8, 14),
    ("crystal", 3, 0), ("crystal", 4, 14), ("crystal", 5, 14), ("crystal", 6, 28),
    ("ruby", 4, 0), ("ruby", 5, 30), ("ruby", 6, 30), ("ruby", 7, 50),
    ("diamond", 5, 34), ("diamond", 6, 34), ("diamond", 7, 60),
    ("stone", 2, 0), ("stone", 3, -2), ("stone", 4, -4), ("stone", 5, -6), ("stone", 9, -6),
]


@pytest.mark.parametrize(("kind", "size", "won"), SET_TABLE)
def test_set_tables(kind: str, size: int, won: int) -> None:
    """Set bonuses: gold, scroll, crystal, ruby, diamond and stone tables of the seed."""
    assert set_bonuses(COMPONENTS, board({kind: size}).counts).won == won


@pytest.mark.parametrize(
    ("tiles", "won"),
    [
        ({"incense": 3}, 6),  # 3-4 tile set: 6
        ({"incense": 2, "statue": 3}, 12),  # 5+ tile set: 12
        ({"incense": 1, "statue": 1, "knife": 1}, 16),  # set 6 + one trinity 10
        ({"incense": 2, "statue": 2, "knife": 2}, 32),  # set 12 + two trinities 20
    ],
)
def test_bronzeware_and_trinity(tiles: dict[str, int], won: int) -> None:
    """Bronzeware set and the Trinity Prize: 10 per trinity of incense burner, statue, knife."""
    assert set_bonuses(COMPONENTS, board(tiles).counts).won == won


def test_sets_are_never_split() -> None:
    """"A set of 8 tiles must never be broken into two smaller sets of 5 and 3": 8 gold is one
    8-tile set (50), and its tiles are not bundled."""
    money = money_for(COMPONENTS, board({"gold": 8}))
    assert money.sets == 50 and money.bundles == 0


def test_stones_cannot_be_bundled() -> None:
    """Bundles: stones are not a treasure, so they cannot be bundled."""
    assert money_for(COMPONENTS, board({"stone": 2, "gold": 1, "ruby": 1})).bundles == 0
    assert money_for(COMPONENTS, board({"stone": 2, "gold": 1, "ruby": 2})).bundles == 5


def test_leftovers_below_three_are_not_counted() -> None:
    """Bundles: "If any tiles remain (less than 3) they are not counted toward the bundle
    bonus"."""
    assert money_for(COMPONENTS, board({"gold": 2, "ruby": 2, "crystal": 1})).bundles == 5


def test_chance_cards_step() -> None:
    """Step 2: orange cards that affect the money calculation are added."""
    tiles = {"gold": 3, "incense": 1, "statue": 1, "knife": 1}
    money = money_for(COMPONENTS, board(tiles, kept=("gold-appraiser", "curator", "lucky-charm")))
    assert money.chance == 3 * 1 + 1 * 5 + 3


def test_gold_card_bundles_with_tiles() -> None:
    """Bundles: certain chance cards (Gold, Pink Diamond) bundle with tiles."""
    money = money_for(COMPONENTS, board({"ruby": 1, "crystal": 1}, kept=("gold-nugget",)))
    assert money.bundles == 5


def test_failed_mission_pays_nothing() -> None:
    """Mission bonus: "If you failed to achieve the mission, just keep the mission card
    face-down" (no money)."""
    money = money_for(COMPONENTS, board({"gold": 1}, mission="gold-digger"))
    assert money.mission == 0 and money.achieved is False


# (mission id, scoreboard kwargs, achieved)
MISSION_CASES = [
    ("closing-shop", {"tiles": {}, "closed_shop": 2}, True),
    ("closing-shop", {"tiles": {}, "closed_shop": 1}, False),
    ("gold-digger", {"tiles": {"gold": 5}}, True),
    ("gold-digger", {"tiles": {"gold": 4}}, False),
    ("bronze-age", {"tiles": {"incense": 2, "knife": 1}}, True),
    ("bronze-age", {"tiles": {"incense": 2}}, False),
    ("clean-hands", {"tiles": {"gold": 1}}, True),
    ("clean-hands", {"tiles": {"stone": 1}}, False),
    ("stonecutter", {"tiles": {"stone": 3}}, True),
    ("collector", {"tiles": {"gold": 3, "scroll": 3}}, True),
    ("collector", {"tiles": {"gold": 3, "stone": 4}}, False),  # stones are no treasure set
    ("penny-pincher", {"tiles": {}, "tokens": 8}, True),
    ("penny-pincher", {"tiles": {}, "tokens": 7}, False),
    ("fortune-hunter", {"tiles": {}, "drawn": 4}, True),
    ("bundler", {"tiles": {"gold": 2, "ruby": 4}}, True),
    ("bundler", {"tiles": {"gold": 2, "ruby": 3}}, False),
    ("balanced-dig", {"tiles": {"gold": 2, "crystal": 2, "ruby": 2}}, True),
    ("balanced-dig", {"tiles": {"gold": 2, "crystal": 2, "ruby": 1}}, False),
    ("jack-of-all-trades", {"tiles": {"gold": 1, "knife": 1, "scroll": 1, "crystal": 1,
                                      "ruby": 1}}, False),
]


@pytest.mark.parametrize(("mission", "kwargs", "met"), MISSION_CASES)
def test_missions(mission: str, kwargs: dict[str, object], met: bool) -> None:
    """Mission achievement: all missions are resolved first, at the end (Closing Shop during
    play)."""
    result = money_for(COMPONENTS, board(mission=mission, **kwargs))  # type: ignore[arg-type]
    assert result.achieved is met
    assert result.mission == (COMPONENTS.missions[MISSIONS[mission]].bonus if met else 0)


def test_simplified_variation() -> None:
    """Simplified variation: sets of 4+ of one colour get 10, "+2" tokens keep their value,
    every non-set tile 1."""
    money = money_for(
        COMPONENTS, board({"gold": 4, "incense": 2, "knife": 2, "ruby": 2, "stone": 3}, tokens=4),
        simplified=True,
    )
    assert money.sets == 10 + 10 + 2 and money.tokens == 4 and money.total == 26


def test_scores_are_the_money_of_each_player() -> None:
    """Game end: "The player who earns the most money will be the winner": scores are money."""
    from digitup_rules.helpers import at, playing

    state = playing(3)
    replace(state, counts=at(state.counts, 0 * len(KINDS) + 0, 3))
    assert state.scores()[0] == float(scoring.money(state, 0).total) == 3.0


def test_final_view_gives_every_part_of_joseph_s_50() -> None:
    """Final money calculation example: "Set bonuses: (Gold: 3) + (Bronzeware: 16 *) +
    (Stone: -2) = 17 ... * Bronzeware calculation includes the Trinity Prize." The view at the
    end keeps each part apart: treasure sets 9, the Trinity Prize 10, stones -2, each type's
    tiles, and the 4 left-over tiles that make one bundle."""
    state = playing(4)
    n = len(KINDS)
    tiles = {"gold": 3, "incense": 1, "statue": 2, "knife": 1, "stone": 3,
             "crystal": 1, "ruby": 1, "scroll": 1}
    replace(state, counts=at(state.counts, slice(None, n), [tiles.get(k, 0) for k in KINDS]))
    replace(state, money=at(state.money, 0, 8))
    replace(state, kept=at(state.kept, 0, [state.game.chance_index["pink-diamond"]]))
    replace(state, mission=at(state.mission, 0, state.game.mission_index["jack-of-all-trades"]))
    replace(state, phase=Phase.OVER)
    money = state.view(1)["scoreboards"][0]["money"]
    assert (money["mission"], money["chance_cards"], money["money_tokens"]) == (20, 0, 8)
    assert (money["sets"], money["trinities"], money["trinity_prize"], money["stones"]) == (
        9, 1, 10, -2)
    assert (money["leftovers"], money["bundles"], money["total"]) == (4, 5, 50)
    parts = {p["type"]: (p["tiles"], p["set"], p["won"]) for p in money["set_parts"]}
    assert parts == {
        "gold": (3, True, 3), "bronzeware": (4, True, 6), "scroll": (1, False, 0),
        "crystal": (1, False, 0), "ruby": (1, False, 0), "diamond": (1, False, 0),
        "stone": (3, True, -2),
    }


def test_stones_and_bronzeware_are_not_added_into_one_sets_figure() -> None:
    """"Be careful! A stone set bonus will negatively affect your money!": five bronzeware (12)
    less five stones (-6) no longer read as one figure; the view gives the stones apart."""
    state = playing(4)
    n = len(KINDS)
    tiles = {"incense": 5, "stone": 5}
    replace(state, counts=at(state.counts, slice(None, n), [tiles.get(k, 0) for k in KINDS]))
    replace(state, mission=at(state.mission, 0, EMPTY))
    replace(state, phase=Phase.OVER)
    money = state.view(None)["scoreboards"][0]["money"]
    assert (money["sets"], money["trinity_prize"], money["stones"], money["total"]) == (
        12, 0, -6, 6)


@pytest.mark.parametrize("simplified", [False, True])
def test_money_of_equals_money_for(simplified: bool) -> None:
    """The fast money (`DigItUp.money_of`, the greedy bot's) is `money_for`'s total on random
    scoreboards: every kind, kept card and mission, full game and simplified variation."""
    game = motherlode.load("digitup", players=4, simplified=simplified)
    chance, missions = game.components.chance, len(game.components.missions)
    rng = random.Random(7)
    for _ in range(3000):
        counts = [rng.choice((0, 0, 1, 2, 3, 4, 5, 6, 8, 12)) for _ in KINDS]
        kept = tuple(rng.randrange(len(chance)) for _ in range(rng.choice((0, 0, 1, 2, 3))))
        mission = rng.choice((EMPTY, rng.randrange(missions)))
        tokens, drawn, closed = rng.randrange(30), rng.randrange(12), rng.randrange(4)
        tiles = list(counts)
        for card in kept:
            if chance[card].effect == "counts_as" and chance[card].kind is not None:
                tiles[chance[card].kind or 0] += 1
        board = Scoreboard(tuple(tiles), tokens, kept, drawn, closed, mission)
        expected = money_for(game.components, board, simplified).total
        assert game.money_of(list(counts), tokens, kept, mission, closed, drawn) == expected
