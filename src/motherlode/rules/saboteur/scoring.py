"""Saboteur Gold's share-out at the end of a round: who wins, the gold, then the thefts.

Seed 004 "End of Game and Scoring", "Saboteur Win Condition", "Special Role Scoring" and
"Thieving"; reference shared/reference/saboteur.md "Gold". Pure functions of a `RoundEnd`
(the round's facts, the maze reduced to `open_to`) and the rule numbers (`Rules`).
Seats are numbered clockwise (seat + 1 is the left neighbour).

Readings where the sources leave a choice (docs/games/saboteur.md "Scoring (as built)"):
- The team that "completed the path" is the connecting digger's team only; when anyone else
  connects, every team whose way is open shares (seed B).
- The Profiteer's "highest scorer" is the winners' share from the gold table (diggers' when
  the treasure is reached, saboteurs' when not), not a Boss's or a Geologist's gold; the Boss's
  and the Profiteer's gold never goes below 0.
- "No Saboteurs" means no saboteur free to take gold (none dealt, or all trapped).
- Untrapped Geologists share the crystals; a trapped one is out of the share.
- Thefts: the latest free stealer first, then clockwise from that seat; a stealer takes from
  any other seat holding gold (the game passes the gold so far, this round's included); with
  nobody to rob the steal is skipped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from motherlode.rules.saboteur.cards import TEAMS, Dwarf, Rules

BOSS_WAY = ""  # maze.treasure_reached(maze, "") — the Boss passes every door


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """The facts of a finished round that the share-out needs.

    `dwarves`: each seat's dwarf. `trapped`: seats with a Trapped card in front of them.
    `connector`: the seat whose card reached the treasure, None when it was not reached.
    `open_to`: the teams for which `maze.treasure_reached(maze, team)` holds ("green", "blue",
    and "" for the Boss; empty when the treasure was not reached). `crystals`: crystals visible
    in the maze. `thefts`: the seats with a Theft card in front of them, in the order played.
    """

    dwarves: tuple[Dwarf, ...]
    trapped: frozenset[int]
    connector: int | None
    open_to: frozenset[str]
    crystals: int
    thefts: tuple[int, ...]

    def __post_init__(self) -> None:
        problem = _problem(self)
        if problem is not None:
            raise ValueError(f"bad round end: {problem}")


@dataclass(frozen=True, slots=True)
class Share:
    """The round's gold per seat (before thefts) and the stealers, in the order they steal."""

    gold: tuple[int, ...]
    stealers: tuple[int, ...]


def _problem(end: RoundEnd) -> str | None:
    seats = range(len(end.dwarves))
    named = [*end.trapped, *end.thefts, *([] if end.connector is None else [end.connector])]
    if any(seat not in seats for seat in named):
        return f"a seat outside 0..{len(end.dwarves) - 1}"
    if len(set(end.thefts)) != len(end.thefts):
        return "a seat with two Theft cards"
    if not end.open_to <= set(TEAMS):
        return f"open_to names a team outside {TEAMS}"
    if (end.connector is None) == (BOSS_WAY in end.open_to):
        return "the Boss's way (\"\") is open exactly when the treasure is reached"
    if end.crystals < 0:
        return "negative crystals"
    return None


def _free(end: RoundEnd, role: str) -> list[int]:
    """The seats of `role` that are not trapped."""
    return [seat for seat, dwarf in enumerate(end.dwarves)
            if dwarf.role == role and seat not in end.trapped]


def winning_teams(end: RoundEnd) -> frozenset[str]:
    """Seed A "Only the team that completed the path can grab gold ... if there's a door of the
    other team's color blocking the route, they cannot get through"; seed B, when anyone else
    connects: "Digger teams that can get past colored doors are included"."""
    if end.connector is None:
        return frozenset()
    teams = end.open_to - {BOSS_WAY}
    dwarf = end.dwarves[end.connector]
    return teams & {dwarf.team} if dwarf.role == "digger" else teams


def winners(end: RoundEnd) -> tuple[int, ...]:
    """The seats counted in the gold table. Treasure reached: the winning teams' diggers, the
    Boss ("gets gold even if both teams are blocked") and the Profiteer ("always is"); not
    reached: the saboteurs. Seed A: "Only Dwarves who are not trapped in a cell can participate
    in the share-out and be counted"; a Geologist "isn't interested in gold"."""
    if end.connector is None:
        return tuple(_free(end, "saboteur"))
    teams = winning_teams(end)
    return tuple(seat for seat, dwarf in enumerate(end.dwarves)
                 if seat not in end.trapped
                 and (dwarf.role in ("boss", "profiteer")
                      or (dwarf.role == "digger" and dwarf.team in teams)))


def _table_gold(end: RoundEnd, rules: Rules) -> dict[int, int]:
    """Gold from the table: each winner the share for their number, the Boss `boss_less` and
    the Profiteer `profiteer_less` below it (never below 0). Not reached: the Profiteer gets
    the saboteurs' share less `profiteer_less` ("Even if the saboteurs win, the profiteer
    gains"), or `profiteer_alone` with no free saboteur (seed C)."""
    counted = winners(end)
    profiteers = _free(end, "profiteer")
    if not counted:  # a free Profiteer is counted when the treasure is reached: seed C here
        return {seat: rules.profiteer_alone for seat in profiteers}
    share = rules.winner_gold(len(counted))
    less = {"boss": rules.boss_less, "profiteer": rules.profiteer_less}
    gold = {seat: max(0, share - less.get(end.dwarves[seat].role, 0)) for seat in counted}
    if end.connector is None:
        gold.update({seat: max(0, share - rules.profiteer_less) for seat in profiteers})
    return gold


def geologist_gold(end: RoundEnd) -> dict[int, int]:
    """Seed "Special Role Scoring": "No matter how things end up, Geologists who are not trapped
    get as many Gold Pieces as there are crystals on display ... Two geologists share the prize
    (rounded down)"."""
    free = _free(end, "geologist")
    return {seat: end.crystals // len(free) for seat in free}


def stealers(end: RoundEnd) -> tuple[int, ...]:
    """Seed "Thieving": "Dwarves who've got a theft card and who are not trapped can now steal
    ... The last to have played a Theft Card steals first, then in clockwise order." The
    latest free stealer starts; the others follow clockwise from that seat."""
    free = [seat for seat in end.thefts if seat not in end.trapped]
    if not free:
        return ()
    first, seats = free[-1], len(end.dwarves)
    return tuple(sorted(free, key=lambda seat: (seat - first) % seats))


def share_out(end: RoundEnd, rules: Rules) -> Share:
    """The round's gold per seat and the stealers in order (thefts are resolved by `steal`)."""
    gold = [0] * len(end.dwarves)
    for part in (_table_gold(end, rules), geologist_gold(end)):
        for seat, amount in part.items():
            gold[seat] += amount
    return Share(tuple(gold), stealers(end))


def targets(gold: Sequence[int], thief: int) -> tuple[int, ...]:
    """The seats `thief` may steal from: every other seat holding gold. Empty: nobody to rob,
    the steal is skipped (no decision)."""
    return tuple(seat for seat, amount in enumerate(gold) if seat != thief and amount > 0)


def steal(gold: Sequence[int], thief: int, victim: int) -> tuple[int, ...]:
    """`thief` takes 1 gold from `victim` (a seat in `targets(gold, thief)`)."""
    if victim not in targets(gold, thief):
        raise ValueError(f"seat {thief} cannot steal from seat {victim}: no gold, or itself")
    after = list(gold)
    after[victim] -= 1
    after[thief] += 1
    return tuple(after)
