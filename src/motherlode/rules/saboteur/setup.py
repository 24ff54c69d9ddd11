"""A round's set-up for Saboteur Gold and the base-game mode, as a pure function.

Seed 004 "Preparation (Setup)": deal each player a dwarf, set 10 path and action cards aside,
deal each dwarf 6 cards. Reference shared/reference/saboteur.md "Dwarves (15) and set-up per
round" (shuffle all path and action cards of both sets, remove the top 10 unseen, deal 6 to
every player whatever their number, one dwarf each, the rest face down for Swap Your Hats;
2-12 players) and "Base game rules" (3-10 players, a role deck of players + 1 saboteur / digger
cards, hand 6/5/4 by player count); "Board geometry" for the start and the goals.

Cards are given by their design's id (`PathCard.id`, `ActionCard.id`, `Dwarf.id`): the deck
holds several copies of many designs, and copies are alike, so an id is all a player can tell
apart and all the hidden information needs. A multiset of ids is the deck's content.

The random source is used only through `shuffle` (the engine's state RNG has the same
interface), in a fixed order: the deck, the dwarves (or role cards), the goals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from motherlode.rules.saboteur.cards import Cards, PathCard
from motherlode.rules.saboteur.maze import Maze, new_maze

EDITIONS = ("gold", "base")
"""'gold': the base and expansion cards with the 15 dwarves (2-12 players); 'base': the base
cards only with the base game's saboteur / digger role cards (3-10 players)."""

BASE_SABOTEUR = "base-saboteur"
BASE_DIGGER = "base-digger"
BASE_ROLES = {BASE_SABOTEUR: "saboteur", BASE_DIGGER: "digger"}
"""The base game's role cards by id (diggers of the base game have no team and no doors)."""


@dataclass(frozen=True, slots=True)
class RoundSetup:
    """Everything dealt at the start of a round.

    `pile`: the draw pile, the top card last; `removed`: the cards set aside unseen (none in the
    base edition); `hands[seat]`: the seat's cards; `dwarves[seat]`: the seat's dwarf (gold) or
    role card (base, `BASE_ROLES`); `spare_dwarves`: the undealt dwarves, face down (Swap Your
    Hats draws from them; in the base edition the one role card left over, never seen);
    `goals`: the goal cards' ids in `maze.GOALS` order; `maze`: the start and the face-down
    goals (`maze.new_maze`) — a mutable object the game takes over.
    """

    edition: str
    players: int
    pile: tuple[str, ...]
    removed: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    dwarves: tuple[str, ...]
    spare_dwarves: tuple[str, ...]
    goals: tuple[str, ...]
    maze: Maze


def player_range(cards: Cards, edition: str) -> tuple[int, int]:
    """The allowed player counts (lowest, highest) for `edition`; ValueError for an unknown one."""
    rules = cards.rules
    if edition == "gold":
        return rules.min_players, rules.max_players
    if edition == "base":
        return rules.base_min_players, rules.base_max_players
    raise ValueError(f"unknown Saboteur edition {edition!r}; expected one of "
                     f"{', '.join(map(repr, EDITIONS))}")


def check_players(cards: Cards, edition: str, players: int) -> None:
    """ValueError naming the allowed range unless `players` may play `edition`."""
    low, high = player_range(cards, edition)
    if not low <= players <= high:
        raise ValueError(f"Saboteur ({edition} edition) is for {low}-{high} players, "
                         f"not {players}")


def hand_size(cards: Cards, edition: str, players: int) -> int:
    """Cards dealt to each player: 6 in Saboteur Gold whatever the number (seed "Preparation"),
    the base game's 6/5/4 by player count (reference "Base game rules")."""
    check_players(cards, edition, players)
    if edition == "gold":
        return cards.rules.hand_size
    return cards.rules.base_row(players).hand_size


def removed_count(cards: Cards, edition: str) -> int:
    """Cards set aside unseen: 10 in Saboteur Gold; none in the base game (its rules, as the
    reference gives them, deal the hands and leave the rest as the draw pile)."""
    player_range(cards, edition)
    return cards.rules.removed_cards if edition == "gold" else 0


def role_deck(cards: Cards, edition: str, players: int) -> tuple[str, ...]:
    """The dwarf cards shuffled for dealing: the 15 dwarves (gold), or players + 1 role cards
    by the base game's table (saboteurs first, then diggers)."""
    check_players(cards, edition, players)
    if edition == "gold":
        return tuple(dwarf.id for dwarf in cards.dwarf_deck())
    row = cards.rules.base_row(players)
    return (BASE_SABOTEUR,) * row.saboteurs + (BASE_DIGGER,) * row.diggers


def draw_deck(cards: Cards, edition: str) -> tuple[str, ...]:
    """The path and action cards shuffled for the round (both sets, or the base set only)."""
    player_range(cards, edition)
    return tuple(card.id for card in cards.deck(base_only=edition == "base"))


def deal_round(cards: Cards, players: int, edition: str, rng: random.Random) -> RoundSetup:
    """Shuffle and deal one round.

    Order (fixed, so a seed gives one set-up): shuffle the deck; set the top `removed_count`
    cards aside; deal the hands one card at a time clockwise from seat 0, from the top; shuffle
    the dwarves (role cards) and deal one to each seat from the top, the rest stay face down;
    shuffle the three goals into `GOALS` order.
    """
    check_players(cards, edition, players)
    deck = list(draw_deck(cards, edition))
    rng.shuffle(deck)
    removed = [deck.pop() for _ in range(removed_count(cards, edition))]
    size = hand_size(cards, edition, players)
    hands: list[list[str]] = [[] for _ in range(players)]
    for _ in range(size):
        for hand in hands:
            hand.append(deck.pop())
    roles = list(role_deck(cards, edition, players))
    rng.shuffle(roles)
    dwarves = [roles.pop() for _ in range(players)]
    goals: list[PathCard] = list(cards.goals)
    rng.shuffle(goals)
    return RoundSetup(
        edition=edition,
        players=players,
        pile=tuple(deck),
        removed=tuple(removed),
        hands=tuple(tuple(hand) for hand in hands),
        dwarves=tuple(dwarves),
        spare_dwarves=tuple(roles),
        goals=tuple(goal.id for goal in goals),
        maze=new_maze(cards.start, goals),  # goals[i] lies face down at GOALS[i]
    )
