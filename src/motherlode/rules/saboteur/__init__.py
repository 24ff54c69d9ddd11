"""Saboteur Gold: the maze, the cards and the rules of the dwarf mining game. Load it with
`motherlode.load("saboteur")`.

The front door: bots, faces, the simulator and the registry take the game's words from here,
never from its modules (a test fails if a module outside `rules/` imports one of them): the
game's class and description, the actions, the view's types, the log's events, and the named
words of the table (sides, goals, tools, teams, phases) with their words for people.
"""

from motherlode.engine.description import GameDescription

from .actions import Discard, Draw, Fix, Place, PlayAt, PlayOn, Steal, Take
from .cards import OPPOSITE, SIDES, TEAMS, TOOLS, ActionCard, Dwarf, PathCard
from .game import Saboteur
from .glossary import name_of
from .log import (
    CardPlayed,
    Fixed,
    GoalTurnedUp,
    GoldCardsDrawn,
    GoldShared,
    Passed,
    PathLaid,
    PlayedAt,
    RoundBegan,
    RoundEnded,
    Stole,
    TookGold,
    from_json,
)
from .maze import GOALS, START, STEP, Cell, Node, Placed
from .parts import role_payoffs, seat_parts
from .phase import PHASES, Phase
from .schema import (
    TITLES,
    CardInfo,
    SaboteurView,
    TableauView,
    inspected_dwarves,
    is_saboteur_view,
    known_hands,
)
from .setup import role_deck
from .state import SaboteurState
from .tableau import Tableau

DESCRIPTION = GameDescription(
    game=Saboteur,
    phases=("turn", "passing (C)", "mending (D)", "thieves steal", "gold cards", "game over"),
    seat_holds="a hand of cards, a secret dwarf, tools (broken or whole) and gold",
    strongest_bot="heuristic",
    data="motherlode.rules.saboteur.data",
    parts=seat_parts,
    payoffs=role_payoffs,
)
"""`phases`: each `Phase` (the view's `PHASES`) in words for people, as the terminal shows it."""

TURN_EVENTS = (PathLaid, CardPlayed, PlayedAt, Passed, Fixed)
"""The events that end a player's turn (A, B, C, D), for faces counting turns."""

__all__ = [
    "DESCRIPTION",
    "GOALS",
    "OPPOSITE",
    "PHASES",
    "SIDES",
    "START",
    "STEP",
    "TEAMS",
    "TITLES",
    "TOOLS",
    "TURN_EVENTS",
    "ActionCard",
    "CardInfo",
    "CardPlayed",
    "Cell",
    "Discard",
    "Draw",
    "Dwarf",
    "Fix",
    "Fixed",
    "GoalTurnedUp",
    "GoldCardsDrawn",
    "GoldShared",
    "Node",
    "Passed",
    "PathCard",
    "PathLaid",
    "Phase",
    "Place",
    "Placed",
    "PlayAt",
    "PlayOn",
    "PlayedAt",
    "RoundBegan",
    "RoundEnded",
    "Saboteur",
    "SaboteurState",
    "SaboteurView",
    "Steal",
    "Stole",
    "Tableau",
    "TableauView",
    "Take",
    "TookGold",
    "from_json",
    "inspected_dwarves",
    "is_saboteur_view",
    "known_hands",
    "name_of",
    "role_deck",
]
