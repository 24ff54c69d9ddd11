"""Saboteur Gold's share-out: winners, gold per seat, geologists, thefts.

Seed 004 "End of Game and Scoring" (A, B, C), "Saboteur Win Condition", "Special Role Scoring"
and "Thieving"; reference shared/reference/saboteur.md "Gold". Each row names the sentence it
checks. Seats are written as dwarves, "*" marking a trapped one: "green blue* boss".
"""

from __future__ import annotations

import pytest

from motherlode.rules.saboteur.cards import TEAMS, PathCard, Rules, Shape, load_cards
from motherlode.rules.saboteur.maze import GOALS, Maze, Placed, treasure_reached
from motherlode.rules.saboteur.scoring import (
    RoundEnd,
    share_out,
    steal,
    stealers,
    targets,
    winners,
)

CARDS = load_cards()
RULES: Rules = CARDS.rules
DWARVES = {dwarf.team or dwarf.role: dwarf for dwarf in CARDS.dwarves}
ALL = frozenset({"", "green", "blue"})  # the treasure reached, no door in anyone's way


def end(seats: str, connector: int | None = None, open_to: frozenset[str] | None = None,
        crystals: int = 0, thefts: tuple[int, ...] = ()) -> RoundEnd:
    """A round end from "green blue* boss ..." (`open_to` defaults to every team when the
    treasure was reached, to none when it was not)."""
    names = seats.split()
    if open_to is None:
        open_to = frozenset() if connector is None else ALL
    return RoundEnd(
        dwarves=tuple(DWARVES[name.rstrip("*")] for name in names),
        trapped=frozenset(seat for seat, name in enumerate(names) if name.endswith("*")),
        connector=connector,
        open_to=open_to,
        crystals=crystals,
        thefts=thefts,
    )


BLUE_WAY = frozenset({"", "blue"})
GREEN_WAY = frozenset({"", "green"})
BOSS_ONLY = frozenset({""})

REACHED = [
    ("seed A 'Only the team that completed the path can grab gold'",
     "green green blue saboteur", 0, ALL, (4, 4, 0, 0)),
    ("... the blue team completing it", "green blue saboteur", 1, ALL, (0, 5, 0)),
    ("seed A 'If a door of their own color blocks the path, they are allowed through'",
     "green blue", 0, GREEN_WAY, (5, 0)),
    ("seed A 'if there's a door of the other team's color blocking the route, they cannot get "
     "through, so get nothing'", "green green blue", 0, BLUE_WAY, (0, 0, 0)),
    ("seed A 'Single Dwarf gets - 5 pieces'", "green", 0, ALL, (5,)),
    ("seed A 'Two Dwarves - 4 pieces each'", "green green", 0, ALL, (4, 4)),
    ("seed A 'Three of them - 3 each'", "green green green", 0, ALL, (3, 3, 3)),
    ("seed A 'Four - 2 pieces'", "blue blue blue blue", 0, ALL, (2, 2, 2, 2)),
    ("seed A 'Five or more - just 1 piece each', the Boss counted (1 less: 0)",
     "blue blue blue blue boss", 0, ALL, (1, 1, 1, 1, 0)),
    ("... six: the Profiteer 2 less, never below 0 (design)",
     "blue blue blue blue boss profiteer", 0, ALL, (1, 1, 1, 1, 0, 0)),
    ("reference 'Worked example: a blue digger, the Boss and the Profiteer win (3 winners): "
     "blue 3, Boss 2, Profiteer 1'", "blue boss profiteer green saboteur", 0, BLUE_WAY,
     (3, 2, 1, 0, 0)),
    ("seed A 'including the Boss and the Profiteer': the greens' team is 2 + Boss + Profiteer",
     "green green boss profiteer blue", 0, ALL, (2, 2, 1, 0, 0)),
    ("seed 'Boss: The Boss gets gold even if both teams are blocked by doors. So he alone'",
     "boss green blue", 1, BOSS_ONLY, (4, 0, 0)),
    ("... 'or he and the profiteer may be the only dwarves that do get gold' (4 each, less)",
     "boss green profiteer", 1, BOSS_ONLY, (3, 0, 2)),
    ("seed 'the profiteer always gets two pieces less than the highest scorer - even if that "
     "is only the Profiteer'", "profiteer green saboteur", 1, BOSS_ONLY, (3, 0, 0)),
    ("seed A 'Only Dwarves who are not trapped ... can participate in the share-out and be "
     "counted': a trapped green", "green green* boss profiteer", 0, ALL, (3, 0, 2, 1)),
    ("... a trapped Boss and Profiteer are no winners either", "green boss* profiteer*", 0,
     ALL, (5, 0, 0)),
    ("... a trapped connector's team still wins (the path counts, not the builder)",
     "green* green", 0, ALL, (0, 5)),
    ("seed 'Profiteers never lose unless trapped behind bars': both teams blocked, Boss "
     "trapped", "profiteer* green boss*", 1, BOSS_ONLY, (0, 0, 0)),
    ("seed B 'If the Boss ... get to the treasure first, it's as if a Digger had done so': "
     "'Digger teams that can get past colored doors are included'", "boss green blue", 0,
     ALL, (2, 3, 3)),
    ("... the Geologist connects, the greens blocked", "geologist green blue", 0, BLUE_WAY,
     (0, 0, 5)),
    ("... the Profiteer connects, 'If both teams are blocked by doors, none are included'",
     "profiteer green blue", 0, BOSS_ONLY, (3, 0, 0)),
    ("seed B 'If it's a Saboteur that gets there, they enable a digger-win ... they get "
     "nothing' (the profiteer always is eligible)", "saboteur green blue profiteer", 0, ALL,
     (0, 3, 3, 1)),
    ("... 'Diggers and the boss may be eligible': both teams blocked, the Boss still shares",
     "saboteur green boss", 0, BOSS_ONLY, (0, 0, 4)),
]

NOT_REACHED = [
    ("seed 'If there was only one eligible Saboteur, they'd get five pieces'; the Profiteer "
     "2 less 'Even if the saboteurs win'", "saboteur green boss profiteer", (5, 0, 0, 3)),
    ("seed 'If there were two, each would get four pieces'", "saboteur saboteur profiteer",
     (4, 4, 2)),
    ("seed 'if three, it's three pieces each'", "saboteur saboteur saboteur profiteer",
     (3, 3, 3, 1)),
    ("seed 'Saboteurs are not eligible to take any gold if they're trapped in prison'",
     "saboteur saboteur* profiteer", (5, 0, 3)),
    ("seed C 'there are no Saboteurs, the Profiteer gets 3 gold pieces. Nobody else gets "
     "anything'", "green blue boss profiteer", (0, 0, 0, 3)),
    ("seed C 'If there's no Profiteer either, nobody will benefit'", "green blue boss",
     (0, 0, 0)),
    ("design: every saboteur trapped counts as 'no Saboteurs to take the gold'",
     "saboteur* profiteer green", (0, 3, 0)),
    ("seed 'Profiteers never lose unless trapped behind bars'", "saboteur profiteer*",
     (5, 0)),
]

GEOLOGISTS = [
    ("seed 'Geologists who are not trapped get as many Gold Pieces as there are crystals on "
     "display'", "geologist green", 0, 5, (5, 5)),
    ("seed 'Two geologists share the prize (rounded down)'", "geologist geologist green", 2, 5,
     (2, 2, 5)),
    ("... a trapped geologist is out of it: the other takes them all (design)",
     "geologist geologist* green", 2, 5, (5, 0, 5)),
    ("seed 'No matter how things end up': the treasure not reached",
     "geologist saboteur", None, 3, (3, 5)),
    ("seed A 'The Geologist isn't interested in gold': not counted among the winners",
     "geologist green green", 1, 0, (0, 4, 4)),
]


@pytest.mark.parametrize(("why", "seats", "connector", "open_to", "gold"), REACHED,
                         ids=[row[0] for row in REACHED])
def test_gold_when_the_treasure_is_reached(why: str, seats: str, connector: int,
                                           open_to: frozenset[str],
                                           gold: tuple[int, ...]) -> None:
    assert share_out(end(seats, connector, open_to), RULES).gold == gold


@pytest.mark.parametrize(("why", "seats", "gold"), NOT_REACHED,
                         ids=[row[0] for row in NOT_REACHED])
def test_gold_when_the_treasure_is_not_reached(why: str, seats: str,
                                               gold: tuple[int, ...]) -> None:
    assert share_out(end(seats), RULES).gold == gold


@pytest.mark.parametrize(("why", "seats", "connector", "crystals", "gold"), GEOLOGISTS,
                         ids=[row[0] for row in GEOLOGISTS])
def test_geologists_share_the_visible_crystals(why: str, seats: str, connector: int | None,
                                               crystals: int, gold: tuple[int, ...]) -> None:
    assert share_out(end(seats, connector, crystals=crystals), RULES).gold == gold


def test_winners_are_the_seats_counted_in_the_table() -> None:
    # Seed A: "including the Boss and the Profiteer"; trapped dwarves are not counted.
    assert winners(end("blue boss profiteer green* saboteur geologist", 0, BLUE_WAY)) == (0, 1, 2)
    assert winners(end("saboteur saboteur* profiteer")) == (0,)


def path(id: str, sides: str, kind: str = "tunnel", door: str = "", ladder: bool = False,
         treasure: bool = False) -> PathCard:
    return PathCard(id, kind, Shape((frozenset(sides),), frozenset()), door, ladder, 0,
                    treasure, 1, "base")


def test_open_to_comes_from_the_maze_a_blue_door_blocks_the_greens() -> None:
    # Seed A: "if there's a door of the other team's color blocking the route, they cannot get
    # through"; seed "Path with a Door": "The boss is not held back by them".
    tunnel, door = path("we", "WE"), path("door-blue", "WE", "door", door="blue")
    cells = {(0, 0): Placed(path("start", "NESW", "start", ladder=True), False)}
    cells.update({(col, 0): Placed(door if col == 4 else tunnel, False) for col in range(1, 8)})
    goals = (path("stone", "NE", "goal"), path("gold", "NESW", "goal", treasure=True),
             path("stone2", "NW", "goal"))
    maze = Maze(cells, dict(zip(GOALS, goals, strict=True)))
    open_to = frozenset(team for team in TEAMS if treasure_reached(maze, team))
    assert open_to == BLUE_WAY
    assert share_out(end("green blue boss", 0, open_to), RULES).gold == (0, 0, 4)
    assert share_out(end("green blue boss", 1, open_to), RULES).gold == (0, 4, 3)


THEFT_ORDER = [
    ("seed 'The last to have played a Theft Card steals first, then in clockwise order'",
     "green blue boss saboteur profiteer", (1, 3), (3, 1)),
    ("... clockwise from the latest, round the table", "green blue boss saboteur profiteer",
     (3, 1, 4), (4, 1, 3)),
    ("seed 'Dwarves who've got a theft card and who are not trapped can now steal'",
     "green blue boss saboteur profiteer*", (1, 4), (1,)),
    ("... a trapped latest: the latest free stealer starts (design)",
     "green blue boss saboteur profiteer*", (0, 2, 4), (2, 0)),
    ("no Theft card in play", "green blue", (), ()),
]


@pytest.mark.parametrize(("why", "seats", "thefts", "order"), THEFT_ORDER,
                         ids=[row[0] for row in THEFT_ORDER])
def test_theft_order(why: str, seats: str, thefts: tuple[int, ...],
                     order: tuple[int, ...]) -> None:
    round_end = end(seats, thefts=thefts)
    assert stealers(round_end) == order
    assert share_out(round_end, RULES).stealers == order


def test_a_steal_moves_one_gold_from_a_seat_with_gold() -> None:
    # Seed "Thieving": "steal one gold piece from another dwarf".
    gold = (3, 0, 2)
    assert targets(gold, 1) == (0, 2)
    assert targets(gold, 0) == (2,)
    assert steal(gold, 1, 0) == (2, 1, 2)
    with pytest.raises(ValueError, match="cannot steal from seat 1"):
        steal(gold, 0, 1)  # seat 1 has no gold
    with pytest.raises(ValueError, match="cannot steal from seat 0"):
        steal(gold, 0, 0)  # not from oneself


def test_nobody_with_gold_means_no_steal() -> None:
    # Design: a stealer with nobody to rob steals nothing (no decision is asked).
    assert targets((0, 0, 0), 2) == ()
    assert targets((4, 0), 0) == ()


def test_thefts_resolve_in_turn_on_the_gold_so_far() -> None:
    # The worked example, then the Profiteer (latest) and the blue digger steal in turn.
    round_end = end("blue boss profiteer", 0, BLUE_WAY, thefts=(0, 2))
    share = share_out(round_end, RULES)
    gold = share.gold
    for thief, victim in zip(share.stealers, (0, 1), strict=True):
        gold = steal(gold, thief, victim)
    assert share.stealers == (2, 0)
    assert gold == (3, 1, 2)


BAD = [
    ("a seat outside the table", dict(thefts=(5,)), "a seat outside 0..2"),
    ("two Theft cards in front of one seat", dict(thefts=(1, 1)), "two Theft cards"),
    ("an unknown team", dict(connector=0, open_to=frozenset({"", "red"})), "outside"),
    ("reached, but the Boss's way shut", dict(connector=0, open_to=frozenset({"green"})),
     "exactly when the treasure is reached"),
    ("not reached, but a way open", dict(open_to=BOSS_ONLY), "exactly when"),
    ("negative crystals", dict(crystals=-1), "negative crystals"),
]


@pytest.mark.parametrize(("why", "changes", "message"), BAD, ids=[row[0] for row in BAD])
def test_a_bad_round_end_is_refused(why: str, changes: dict[str, object],
                                    message: str) -> None:
    with pytest.raises(ValueError, match=message):
        end("green blue boss", **changes)  # type: ignore[arg-type]
