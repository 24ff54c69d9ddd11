"""A round's set-up: sizes, every card dealt once, determinism, the base-game mode, player counts.

Seed 004 "Preparation (Setup)" (a dwarf each, 10 cards set aside, 6 cards each);
shared/reference/saboteur.md "Dwarves (15) and set-up per round" (both sets shuffled, top 10
removed unseen, 6 each whatever the number, the rest of the dwarves face down, 2-12 players),
"Base game rules" (3-10 players, role deck players + 1 by the table, hand 6/5/4),
"Board geometry" (start at the origin, three face-down goals: one treasure, two stones).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from motherlode.rules.saboteur.cards import load_cards
from motherlode.rules.saboteur.maze import GOALS, START
from motherlode.rules.saboteur.setup import (
    BASE_DIGGER,
    BASE_ROLES,
    BASE_SABOTEUR,
    RoundSetup,
    deal_round,
    draw_deck,
    role_deck,
)

CARDS = load_cards()
GOLD_PLAYERS = range(2, 13)  # reference "Dwarves (15)": 2-12 players
BASE_PLAYERS = range(3, 11)  # reference "Base game rules": 3-10 players
# Reference "Base game rules": players -> (saboteurs, diggers, hand size).
BASE_TABLE = {3: (1, 3, 6), 4: (1, 4, 6), 5: (2, 4, 6), 6: (2, 5, 5), 7: (3, 5, 5),
              8: (3, 6, 4), 9: (3, 7, 4), 10: (4, 7, 4)}


def deal(players: int, edition: str = "gold", seed: int = 1) -> RoundSetup:
    return deal_round(CARDS, players, edition, random.Random(seed))


def dealt(setup: RoundSetup) -> Counter[str]:
    """Every path and action card of the set-up: pile, removed and hands."""
    cards = Counter(setup.pile) + Counter(setup.removed)
    for hand in setup.hands:
        cards.update(hand)
    return cards


@pytest.mark.parametrize("players", GOLD_PLAYERS)
def test_gold_sizes(players: int) -> None:
    """Seed "Preparation": 10 set aside, 6 each; reference: "deal 6 to every player whatever
    their number", one of the 15 dwarves each, the rest face down."""
    setup = deal(players)
    assert len(setup.removed) == 10
    assert [len(hand) for hand in setup.hands] == [6] * players
    assert len(setup.pile) == 118 - 10 - 6 * players
    assert len(setup.dwarves) == players
    assert len(setup.spare_dwarves) == 15 - players


@pytest.mark.parametrize("players", GOLD_PLAYERS)
def test_gold_every_card_dealt_once(players: int) -> None:
    """Reference: "shuffle all path and action cards (base + expansion)": pile, removed and
    hands together are the whole deck, each copy once; dwarves dealt and spare are the 15."""
    setup = deal(players, seed=players)
    assert dealt(setup) == Counter(draw_deck(CARDS, "gold"))
    assert (Counter(setup.dwarves) + Counter(setup.spare_dwarves)
            == Counter(d.id for d in CARDS.dwarf_deck()))


@pytest.mark.parametrize("edition,players", [("gold", 2), ("gold", 12), ("base", 3),
                                             ("base", 10)])
def test_goals_and_maze(edition: str, players: int) -> None:
    """Reference "Board geometry": the start at the origin, three goals face down in GOALS
    order, one treasure and two stones (shuffled)."""
    setup = deal(players, edition)
    assert sorted(setup.goals) == sorted(goal.id for goal in CARDS.goals)
    assert setup.maze.cells[START].card == CARDS.start
    assert list(setup.maze.cells) == [START]
    assert tuple(setup.maze.face_down) == GOALS
    assert tuple(card.id for card in setup.maze.face_down.values()) == setup.goals
    assert sum(card.treasure for card in setup.maze.face_down.values()) == 1


def test_goals_are_shuffled() -> None:
    """Reference "Board geometry": the goals are face down — the treasure is not always in one
    place."""
    cells = {deal(4, seed=seed).goals.index("goal-treasure") for seed in range(40)}
    assert cells == {0, 1, 2}


def test_same_seed_same_setup_other_seed_other() -> None:
    """Determinism: the same seed deals the same round; another seed another."""
    assert deal(5, seed=7) == deal(5, seed=7)
    assert deal(5, "base", seed=7) == deal(5, "base", seed=7)
    assert deal(5, seed=7) != deal(5, seed=8)
    assert deal(5, seed=7).hands != deal(5, seed=8).hands


def test_rng_used_by_shuffle_only() -> None:
    """The engine's state RNG need offer only shuffle / randrange / choice."""

    class ShuffleOnly:
        def __init__(self) -> None:
            self.rng = random.Random(3)

        def shuffle(self, items: list[object]) -> None:
            self.rng.shuffle(items)

    setup = deal_round(CARDS, 4, "gold", ShuffleOnly())  # type: ignore[arg-type]
    assert setup == deal(4, seed=3)


@pytest.mark.parametrize("players", BASE_PLAYERS)
def test_base_edition(players: int) -> None:
    """Reference "Base game rules": base cards only, role deck of players + 1 saboteurs /
    diggers by the table (one left unseen), hand 6/5/4; no cards set aside (decided: the base
    rules as given remove none)."""
    saboteurs, diggers, size = BASE_TABLE[players]
    setup = deal(players, "base", seed=players)
    assert dealt(setup) == Counter(draw_deck(CARDS, "base"))
    assert all(card.edition == "base" for card in CARDS.deck(base_only=True))
    assert sum(dealt(setup).values()) == 67
    assert setup.removed == ()
    assert [len(hand) for hand in setup.hands] == [size] * players
    assert len(setup.pile) == 67 - size * players
    roles = Counter(setup.dwarves) + Counter(setup.spare_dwarves)
    assert roles == Counter({BASE_SABOTEUR: saboteurs, BASE_DIGGER: diggers})
    assert len(setup.dwarves) == players and len(setup.spare_dwarves) == 1
    assert set(BASE_ROLES) == {BASE_SABOTEUR, BASE_DIGGER}
    assert Counter(role_deck(CARDS, "base", players)) == roles


def test_base_edition_has_no_expansion_card() -> None:
    """Reference "Base game rules": base cards only — no ladder, door, crystal, theft ..."""
    expansion = {card.id for card in CARDS.deck() if card.edition == "expansion"}
    setup = deal(10, "base")
    assert not expansion & set(dealt(setup))
    assert not set(setup.dwarves) & {d.id for d in CARDS.dwarves}


@pytest.mark.parametrize("edition,players,allowed", [
    ("gold", 0, "2-12"), ("gold", 1, "2-12"), ("gold", 13, "2-12"),
    ("base", 2, "3-10"), ("base", 11, "3-10"), ("base", 12, "3-10"),
])
def test_player_count_errors(edition: str, players: int, allowed: str) -> None:
    """Reference: Saboteur Gold 2-12 players; the base game 3-10."""
    with pytest.raises(ValueError, match=f"{edition} edition.*{allowed} players"):
        deal(players, edition)


def test_unknown_edition() -> None:
    with pytest.raises(ValueError, match="'gold', 'base'"):
        deal(4, "expansion")


def test_frozen() -> None:
    setup = deal(3)
    with pytest.raises(AttributeError):
        setup.pile = ()  # type: ignore[misc]
