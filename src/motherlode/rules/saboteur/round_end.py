"""Rounds of Saboteur Gold: the deal, the end of a round, the share-out, thefts, the next round.

Seed 004 "Preparation (Setup)", "End of Game and Scoring", "Thieving"; reference
shared/reference/saboteur.md "Dwarves (15) and set-up per round" (three rounds; the left
neighbour of whoever played the last card starts the next round; most gold wins) and "Base game
rules" (the base-game mode's gold cards).

At a round's end every dwarf and goal is revealed (they are turned up on the table), the gold is
shared (`scoring.share_out`, or the base mode's gold cards), the thieves steal one by one
(`Steal`; a thief with one possible victim steals without a decision), and the next round is
dealt, or the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import Action

from . import maze as mazes
from . import scoring, setup
from .actions import Steal, Take
from .cards import TEAMS, Dwarf
from .log import GameOver, GoldCardsDrawn, GoldShared, RoundBegan, RoundEnded, Stole, TookGold
from .tableau import Tableau

if TYPE_CHECKING:
    from .model import SaboteurModel


def start_round(state: SaboteurModel) -> None:
    """Deal a new round (`setup.deal_round`) and give the first turn."""
    game = state.game
    n = game.num_players
    state.round += 1
    dealt = setup.deal_round(game.cards, n, game.edition, state.rng)
    state.hands = [list(hand) for hand in dealt.hands]
    state.pile = list(dealt.pile)
    state.removed = list(dealt.removed)
    state.dwarves = list(dealt.dwarves)
    state.spare_dwarves = list(dealt.spare_dwarves)
    state.dropped_dwarves = []
    state.maze = dealt.maze
    state.frontier = None
    state.tableaux = [Tableau()] * n
    state.theft_order = []
    state.hidden_discards = [[] for _ in range(n)]
    state.public_discards = []
    state.maps = [{} for _ in range(n)]
    state.inspected = [{} for _ in range(n)]
    state.known_hands = {}
    state.passed = 0
    state.fixing = ""
    state.first = (state.last_player + 1) % n
    state.log.append((RoundBegan, None, state.round, state.first))
    begin_turn(state, state.first)


def begin_turn(state: SaboteurModel, seat: int) -> None:
    """Give the turn to `seat` or the next player after it holding cards ("a player with no
    cards passes for the rest of the round"); nobody: the round ends, treasure not reached.
    (Here, not in `turn.py`: a round's deal gives the first turn, and `turn.py` imports this
    module, never the reverse.)"""
    n = state.game.num_players
    hands = state.hands
    for offset in range(n):
        candidate = (seat + offset) % n
        if hands[candidate]:
            state.seat = candidate
            state.phase = state.phase.TURN
            return
    end_round(state, connector=None)


def end_round(state: SaboteurModel, connector: int | None) -> None:
    """The round is over: reveal, share the gold, then thefts (gold) or gold cards (base)."""
    maze = state.maze
    goals = tuple(sorted((cell, card.id) for cell, card in maze.face_down.items()))
    treasure = next((cell for cell, card in maze.face_down.items() if card.treasure), None)
    state.log.append((RoundEnded, None, state.round, connector, tuple(state.dwarves), goals,
                      treasure))
    if state.game.edition == "base":
        _base_share(state, connector)
        return
    open_to = frozenset(team for team in TEAMS
                        if connector is not None and mazes.treasure_reached(maze, team))
    end = scoring.RoundEnd(
        dwarves=tuple(state.game.dwarf[d] for d in state.dwarves),
        trapped=frozenset(s for s, t in enumerate(state.tableaux) if t.trapped is not None),
        connector=connector,
        open_to=open_to,
        crystals=sum(placed.card.crystals for placed in maze.cells.values()),
        thefts=tuple(state.theft_order),
    )
    share = scoring.share_out(end, state.game.cards.rules)
    for seat, amount in enumerate(share.gold):
        state.gold[seat] += amount
    geology = scoring.geologist_gold(end)
    state.log.append((GoldShared, None, state.round, tuple(share.gold), _roles(end.dwarves),
                      connector is not None, tuple(sorted(scoring.winning_teams(end))),
                      tuple(sorted(end.trapped)), end.crystals,
                      tuple(geology.get(seat, 0) for seat in range(len(end.dwarves)))))
    state.stealers = list(share.stealers)
    _next_steal(state)


def _roles(dwarves: tuple[Dwarf, ...]) -> tuple[str, ...]:
    """Each seat's role as the share-out names it: `green digger`, `boss`, `geologist`."""
    return tuple(f"{d.team} {d.role}" if d.team else d.role for d in dwarves)


def _next_steal(state: SaboteurModel) -> None:
    """The next thief steals: asked when two or more players could be robbed."""
    while state.stealers:
        thief = state.stealers[0]
        victims = scoring.targets(state.gold, thief)
        if len(victims) >= 2:
            state.phase = state.phase.STEAL
            state.seat = thief
            return
        state.stealers.pop(0)
        if victims:
            _steal(state, thief, victims[0])
    _next_round(state)


def _steal(state: SaboteurModel, thief: int, victim: int) -> None:
    state.gold = list(scoring.steal(state.gold, thief, victim))
    state.log.append((Stole, thief, victim))


def steal_actions(state: SaboteurModel) -> list[Action]:
    """The thief's choices: every other player holding gold."""
    game = state.game
    return [game.steal_action[victim] for victim in scoring.targets(state.gold, state.seat)]


def _base_share(state: SaboteurModel, connector: int | None) -> None:
    """Reference "Base game rules": diggers win: draw as many gold cards as players (9 with 10),
    the finder picks one and passes the rest counter-clockwise among the diggers; saboteurs
    win: each takes 4, 3, 3 or 2 by their number."""
    n = state.game.num_players
    rules = state.game.cards.rules
    roles = [setup.BASE_ROLES[d] for d in state.dwarves]
    if connector is None:
        saboteurs = [s for s, role in enumerate(roles) if role == "saboteur"]
        share = [0] * n
        if saboteurs:
            each = rules.base_saboteur_gold[len(saboteurs) - 1]
            for seat in saboteurs:
                share[seat] = each
                state.gold[seat] += each
        state.log.append((GoldShared, None, state.round, tuple(share), tuple(roles), False))
        _next_round(state)
        return
    drawn = min(rules.base_row(n).gold_drawn, len(state.gold_deck))
    state.gold_offer = sorted(state.gold_deck.pop() for _ in range(drawn))
    state.log.append((GoldCardsDrawn, None, state.round, tuple(state.gold_offer)))
    # The finder first (a saboteur finder: the first digger counter-clockwise, designed),
    # then counter-clockwise (seat - 1) among the diggers.
    diggers = [s for s, role in enumerate(roles) if role == "digger"]
    state.pickers = sorted(diggers, key=lambda s: (connector - s) % n)
    _next_pick(state)


def _next_pick(state: SaboteurModel) -> None:
    """The next digger takes a gold card: asked when the cards left differ in value."""
    while state.gold_offer:
        picker = state.pickers[0]
        if len(set(state.gold_offer)) >= 2:
            state.phase = state.phase.GOLD
            state.seat = picker
            return
        _take(state, picker, state.gold_offer[0])
    _next_round(state)


def _take(state: SaboteurModel, picker: int, value: int) -> None:
    state.gold_offer.remove(value)
    state.gold[picker] += value
    state.pickers.append(state.pickers.pop(0))
    state.log.append((TookGold, picker, value))


def take_actions(state: SaboteurModel) -> list[Action]:
    """The digger's choices: one of each value among the gold cards left."""
    game = state.game
    return [game.take_action[value] for value in sorted(set(state.gold_offer))]


def apply(state: SaboteurModel, action: Action) -> None:
    """A thief's or a digger's choice."""
    if isinstance(action, Steal):
        _steal(state, state.stealers.pop(0), action.seat)
        _next_steal(state)
    elif isinstance(action, Take):
        _take(state, state.pickers[0], action.value)
        _next_pick(state)


def why_illegal(state: SaboteurModel, action: Action) -> str:
    """Why `action` is not legal after the share-out: a thief steals, or a digger takes a
    gold card."""
    if state.phase == state.phase.STEAL:
        if isinstance(action, Steal):
            if action.seat == state.seat:
                return "a thief steals from another player, not from themselves"
            if not 0 <= action.seat < state.game.num_players:
                return f"there is no seat {action.seat}"
            return f"seat {action.seat} holds no gold to steal"
        return "the round is over: steal 1 gold piece ('steal from <seat>')"
    if isinstance(action, Take):
        left = ", ".join(str(v) for v in sorted(set(state.gold_offer)))
        return f"no gold card worth {action.value} is left (left: {left})"
    return "the round is over: take a gold card ('take <value>')"


def not_yet(state: SaboteurModel, action: Action) -> str:
    """Why a steal or a gold card's take is refused during a turn."""
    if isinstance(action, Steal):
        return "thieves steal after the round's share-out, not during a turn"
    if state.game.edition == "gold":
        return "Saboteur Gold has no gold cards: the gold is shared at the round's end"
    return "gold cards are taken after a round the diggers won, not during a turn"


def _next_round(state: SaboteurModel) -> None:
    """Three rounds; then the game is over (most gold wins, ties share)."""
    state.stealers = []
    state.pickers = []
    if state.round >= state.game.cards.rules.rounds:
        state.phase = state.phase.OVER
        state.log.append((GameOver, None, tuple(state.gold)))
        return
    start_round(state)
