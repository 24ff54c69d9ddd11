"""Saboteur Gold's turn order and rounds through the game state: whose turn, the end of a round,
the share-out as the state builds it, thefts, the next round, three rounds, and the base
edition's gold cards.

Seed 004 "Flow of the Game", "End of Game and Scoring", "Saboteur Win Condition", "Special Role
Scoring", "Thieving"; reference shared/reference/saboteur.md "Dwarves (15) and set-up per round"
(three rounds, the next round's first player, most gold wins, ties share), its turn ("a player
with no cards passes for the rest of the round") and "Base game rules". Each row names the
sentence it checks. Positions are set by hand (`scenario.py`).
"""

from __future__ import annotations

import pytest

from motherlode.engine import IllegalAction
from motherlode.engine.position import replace
from motherlode.rules.saboteur.state import SaboteurState

from .scenario import (
    CHAIN,
    FILLER,
    Layout,
    act,
    events,
    lay,
    new,
    refused,
    set_tableaux,
    texts,
    to_play,
)

GREEN, BLUE, SAB = "green-digger", "blue-digger", "saboteur"
DIGGER, SABOTEUR = "base-digger", "base-saboteur"


def pass_one(state: SaboteurState) -> None:
    """The player to move passes with one card (C) and draws."""
    act(state, f"discard {state.hands[state.seat][0]}", "draw")


def empty_the_round(state: SaboteurState, seat: int) -> None:
    """Every hand and the pile empty but `seat`'s last card, which `seat` discards."""
    for other in range(state.game.num_players):
        state.hands[other] = []
    to_play(state, seat, [FILLER], [])
    act(state, f"discard {FILLER}")


def connect(state: SaboteurState, seat: int, layout: Layout = CHAIN) -> None:
    """`seat` lays the card that reaches the treasure (in the middle) from `layout`."""
    lay(state, layout)
    to_play(state, seat, ["tunnel-we", *[FILLER] * 5], ["theft", "tunnel-ns"])
    act(state, "place tunnel-we 7 0")


# ---- turn order ------------------------------------------------------------------------------

def test_turns_go_clockwise() -> None:
    """Seed 'The game progresses through turns'; reference 'the left neighbour': seat + 1."""
    state = new(4)
    seen = [state.current_player]
    for _ in range(5):
        pass_one(state)
        seen.append(state.current_player)
    assert seen == [0, 1, 2, 3, 0, 1]


def test_players_with_empty_hands_are_skipped() -> None:
    """Reference turn: 'a player with no cards passes for the rest of the round'."""
    state = new(5)
    state.hands[1] = []
    state.hands[2] = []
    replace(state, pile=[])
    pass_one(state)
    assert state.current_player == 3
    pass_one(state)
    state.hands[0] = []
    pass_one(state)
    assert state.current_player == 3 and state.round == 1


# source, dwarves, tableaux, maze, the last seat to play, the round's gold
EMPTY_ENDS: list[tuple[str, list[str], dict[int, str], Layout, int, list[int]]] = [
    ("seed 'Saboteurs win if the treasure's not reached and the deck is used up and no players "
     "have playable cards in hand'; 'If there were two, each would get four pieces'; the "
     "Profiteer 2 less", [SAB, GREEN, SAB, BLUE, "profiteer"], {}, {}, 3, [4, 0, 4, 0, 2]),
    ("seed 'Saboteurs are not eligible to take any gold if they're trapped in prison'",
     [SAB, SAB, GREEN, BLUE, GREEN], {1: "trapped"}, {}, 4, [5, 0, 0, 0, 0]),
    ("seed C 'If the path's not completed but there are no Saboteurs, the Profiteer gets 3'; "
     "seed 'Geologist: No matter how things end up' (crystals counted from the maze)",
     [GREEN, BLUE, "boss", "profiteer", "geologist"], {},
     {(0, -1): "crystal-stub-ns", (1, 0): "crystal-we"}, 0, [0, 0, 0, 3, 2]),
]


@pytest.mark.parametrize(("source", "dwarves", "tableaux", "layout", "last", "gold"), EMPTY_ENDS,
                         ids=[r[0][:60] for r in EMPTY_ENDS])
def test_the_round_ends_when_every_hand_and_the_pile_are_empty(
        source: str, dwarves: list[str], tableaux: dict[int, str], layout: Layout, last: int,
        gold: list[int]) -> None:
    """Reference 'the left neighbour of whoever played the last card starts the next round'."""
    state = new(5)
    lay(state, layout)
    replace(state, dwarves=list(dwarves))
    set_tableaux(state, tableaux)
    empty_the_round(state, last)
    assert events(state, "end") == [{"event": "end", "round": 1, "connector": None,
                                     "dwarves": dwarves,
                                     "goals": [[[8, -2], "goal-stone-ne"],
                                               [[8, 0], "goal-treasure"],
                                               [[8, 2], "goal-stone-nw"]]}], source
    assert events(state, "share") == [{"event": "share", "round": 1, "gold": gold}], source
    assert state.gold == gold
    assert (state.round, state.first, state.current_player) == (2, (last + 1) % 5,
                                                                (last + 1) % 5)
    assert events(state, "round")[-1] == {"event": "round", "round": 2, "first": (last + 1) % 5}


def test_the_round_goes_on_while_a_hand_holds_cards() -> None:
    """Seed 'Saboteurs win if ... no players have playable cards in hand': one card left."""
    state = new(3)
    state.hands[1] = []
    state.hands[2] = ["map"]
    to_play(state, 0, [FILLER], [])
    act(state, f"discard {FILLER}")
    assert (state.round, state.current_player) == (1, 2)


# ---- the share-out as the state builds it -----------------------------------------------------

# source, dwarves, tableaux, maze, the connecting seat, the round's gold
TREASURE_ENDS: list[tuple[str, list[str], dict[int, str], Layout, int, list[int]]] = [
    ("seed A 'Only the team that completed the path can grab gold'; seed 'Geologist': the "
     "crystals in the maze (1 + 1)", [GREEN, BLUE, "geologist", SAB, "profiteer"], {},
     {**CHAIN, (3, 0): "crystal-we", (0, -1): "crystal-stub-ns"}, 0, [4, 0, 2, 0, 2]),
    ("seed A 'Only Dwarves who are not trapped in a cell can participate in the share-out'",
     [GREEN, GREEN, "boss", SAB, BLUE], {1: "trapped"}, CHAIN, 0, [4, 0, 3, 0, 0]),
    ("seed A 'if there's a door of the other team's color blocking the route, they cannot get "
     "through, so get nothing'; seed 'Boss: ... even if both teams are blocked'",
     [GREEN, BLUE, "boss", SAB, GREEN], {}, {**CHAIN, (4, 0): "door-blue-we"}, 0,
     [0, 0, 4, 0, 0]),
    ("seed B 'If the Boss ... get to the treasure first, it's as if a Digger had done so': the "
     "team past the doors shares", [GREEN, BLUE, "boss", SAB, GREEN], {},
     {**CHAIN, (4, 0): "door-blue-we"}, 2, [0, 4, 3, 0, 0]),
    ("seed A 'If a door of their own color blocks the path, they are allowed through'",
     [GREEN, BLUE, "boss", SAB, GREEN], {}, {**CHAIN, (4, 0): "door-green-we"}, 0,
     [3, 0, 2, 0, 3]),
    ("seed B 'If it's a Saboteur that gets there, they enable a digger-win ... they get "
     "nothing'", [SAB, GREEN, BLUE, "geologist", "profiteer"], {}, CHAIN, 0, [0, 3, 3, 0, 1]),
]


@pytest.mark.parametrize(("source", "dwarves", "tableaux", "layout", "connector", "gold"),
                         TREASURE_ENDS, ids=[r[0][:60] for r in TREASURE_ENDS])
def test_the_share_out_when_the_treasure_is_reached(source: str, dwarves: list[str],
                                                    tableaux: dict[int, str], layout: Layout,
                                                    connector: int, gold: list[int]) -> None:
    state = new(5)
    replace(state, dwarves=list(dwarves))
    set_tableaux(state, tableaux)
    connect(state, connector, layout)
    end = events(state, "end")
    assert [(e["connector"], e["dwarves"]) for e in end] == [(connector, dwarves)], source
    assert events(state, "share") == [{"event": "share", "round": 1, "gold": gold}], source
    assert state.gold == gold
    assert (state.round, state.first) == (2, connector + 1)


def test_a_new_round_is_dealt_afresh_and_the_gold_stays() -> None:
    """Reference 'Each round: shuffle all path and action cards ..., remove the top 10 unseen,
    deal 6 to every player ..., deal one dwarf to each player': the maze, the cards in front of
    players, maps and inspections belong to the round; the gold is kept."""
    state = new(5)
    replace(state, dwarves=[GREEN, BLUE, "boss", SAB, GREEN])
    set_tableaux(state, {1: "lamp trapped", 3: "theft"})
    replace(state, theft_order=[3])
    state.maps[0] = {(8, 2): "goal-stone-nw"}
    state.inspected[0] = {1: BLUE}
    connect(state, 4, {**CHAIN, (2, 0): "crystal-we"})
    assert state.gold == [3, 0, 2, 0, 3]  # 3 winners: 3 each, the Boss 1 less
    act(state, "steal from 4")
    assert state.gold == [3, 0, 2, 1, 2]
    assert state.round == 2 and state.first == 0
    seen = state.view(0)
    assert (seen["inspected"], [g["card"] for g in seen["goals"]]) == ([], [None, None, None])
    assert seen["maze"] == [{"cell": [0, 0], "card": "start", "turned": False}]
    assert seen["tableaux"] == [{"broken": [], "trapped": None, "theft": None}] * 5
    assert (seen["theft_order"], seen["face_up_discards"], seen["face_down_discards"]) == (
        [], [], 0)
    assert (seen["hand_sizes"], seen["pile"], seen["removed"], seen["spare_dwarves"]) == (
        [6] * 5, 78, 10, 10)


# ---- thefts ----------------------------------------------------------------------------------

def test_the_latest_thief_steals_first_then_clockwise() -> None:
    """Seed 'Thieving': 'The last to have played a Theft Card steals first, then in clockwise
    order'; 'steal one gold piece from another dwarf' (a choice: two or more hold gold)."""
    state = new(5)
    replace(state, dwarves=[GREEN, BLUE, SAB, "geologist", BLUE])
    replace(state, gold=[2, 0, 0, 0, 1])  # from earlier rounds
    set_tableaux(state, {1: "theft", 3: "theft"})
    replace(state, theft_order=[1, 3])
    connect(state, 0)  # the green alone: 5
    assert state.gold == [7, 0, 0, 0, 1]
    assert (state.view(None)["phase"], state.current_player) == ("steal", 3)
    assert state.view(None)["stealers"] == [3, 1]
    assert texts(state) == {"steal from 0", "steal from 4"}
    refused(state, "steal from 2", "holds no gold")
    refused(state, "discard map", "the round is over")
    act(state, "steal from 4")
    assert state.gold == [7, 0, 0, 1, 0]
    assert (state.view(None)["phase"], state.current_player) == ("steal", 1)
    assert texts(state) == {"steal from 0", "steal from 3"}
    act(state, "steal from 0")
    assert state.gold == [6, 1, 0, 1, 0]
    assert [(e["seat"], e["victim"]) for e in events(state, "steal")] == [(3, 4), (1, 0)]
    assert (state.round, state.view(None)["phase"], state.current_player) == (2, "turn", 1)


def test_a_thief_with_one_possible_victim_steals_without_a_decision() -> None:
    """Seed 'Thieving': 'steal 1 piece of another dwarf's gold': only the green holds any."""
    state = new(5)
    replace(state, dwarves=[GREEN, BLUE, SAB, SAB, BLUE])
    set_tableaux(state, {2: "theft"})
    replace(state, theft_order=[2])
    connect(state, 0)
    assert state.gold == [4, 0, 1, 0, 0]
    assert [(e["seat"], e["victim"]) for e in events(state, "steal")] == [(2, 0)]
    assert (state.round, state.view(None)["phase"]) == (2, "turn")


def test_a_trapped_thief_does_not_steal() -> None:
    """Seed 'Theft': 'You cannot steal if you are trapped in jail'."""
    state = new(5)
    replace(state, dwarves=[GREEN, BLUE, SAB, SAB, BLUE])
    set_tableaux(state, {2: "theft trapped", 3: "theft"})
    replace(state, theft_order=[3, 2])
    connect(state, 0)
    assert state.gold == [4, 0, 0, 1, 0]
    assert [(e["seat"], e["victim"]) for e in events(state, "steal")] == [(3, 0)]


# ---- three rounds -----------------------------------------------------------------------------

# source, the third round's dwarves, the final gold, the winners
GAMES: list[tuple[str, list[str], list[int], list[int]]] = [
    ("reference 'most gold after three rounds wins'", [SAB, GREEN, BLUE], [10, 5, 0], [0]),
    ("reference 'ties share the win'", [SAB, SAB, GREEN], [9, 9, 0], [0, 1]),
]


@pytest.mark.parametrize(("source", "third", "gold", "winners"), GAMES,
                         ids=[r[0][:60] for r in GAMES])
def test_three_rounds_then_the_game_is_over(source: str, third: list[str], gold: list[int],
                                            winners: list[int]) -> None:
    """Reference 'Three rounds; the left neighbour of whoever played the last card starts the
    next round'; the gold accumulates."""
    state = new(3)
    replace(state, dwarves=[SAB, GREEN, BLUE])
    empty_the_round(state, 1)
    assert (state.round, state.first, state.gold) == (2, 2, [5, 0, 0])
    replace(state, dwarves=[GREEN, SAB, BLUE])
    empty_the_round(state, 2)
    assert (state.round, state.first, state.gold) == (3, 0, [5, 5, 0])
    replace(state, dwarves=list(third))
    empty_the_round(state, 0)
    assert state.is_terminal and state.current_player is None, source
    assert state.view(None)["phase"] == "over" and state.legal_actions() == []
    assert state.gold == gold and state.scores() == [float(g) for g in gold]
    assert state.winners() == winners, source
    assert state.returns() == [1 / len(winners) if s in winners else 0.0 for s in range(3)]
    assert events(state, "over") == [{"event": "over", "gold": gold}]
    with pytest.raises(IllegalAction, match="the game is over"):
        act(state, "draw")


# ---- the base edition's gold cards ----------------------------------------------------------

@pytest.mark.parametrize(("players", "drawn"), [(3, 3), (7, 7), (10, 9)])
def test_base_gold_cards_drawn_as_many_as_players(players: int, drawn: int) -> None:
    """Reference 'Base game rules': 'Diggers win: draw as many gold cards as players (9 with 10
    players)'; every card drawn goes to a digger."""
    state = new(players, edition="base")
    replace(state, dwarves=[DIGGER, SABOTEUR, *[DIGGER] * (players - 2)])
    deck = len(state.gold_deck)
    connect(state, 0)
    (offer,) = [e["values"] for e in events(state, "gold_cards")]
    assert len(offer) == drawn and len(state.gold_deck) == deck - drawn
    while state.view(None)["phase"] == "gold":
        act(state, f"take {max(state.gold_offer)}")
    assert sum(state.gold) == sum(offer) and state.gold[1] == 0
    assert state.round == 2


def test_base_gold_cards_go_to_the_finder_then_counter_clockwise_among_diggers() -> None:
    """Reference 'Base game rules': 'the finder picks one and passes the rest counter-clockwise
    among diggers' (seat - 1, saboteurs passed over); equal cards need no decision."""
    state = new(5, edition="base")
    replace(state, dwarves=[DIGGER, SABOTEUR, DIGGER, DIGGER, SABOTEUR])
    replace(state, gold_deck=[1] * 10 + [3, 1, 2, 1, 2])  # the top five: 2, 1, 2, 1, 3
    connect(state, 2)
    assert state.gold_offer == [1, 1, 2, 2, 3]
    assert (state.view(None)["phase"], state.current_player) == ("gold", 2)
    assert state.view(None)["pickers"] == [2, 0, 3]
    assert texts(state) == {"take 1", "take 2", "take 3"}
    act(state, "take 3")
    assert state.current_player == 0
    refused(state, "take 3", "no gold card worth 3")
    act(state, "take 2")
    assert state.current_player == 3
    act(state, "take 2")  # two 1s left: dealt round without a decision
    assert [(e["seat"], e["value"]) for e in events(state, "take")] == [
        (2, 3), (0, 2), (3, 2), (2, 1), (0, 1)]
    assert state.gold == [3, 0, 4, 2, 0]
    assert (state.round, state.first) == (2, 3)


def test_base_a_saboteur_finder_lets_the_next_digger_pick_first() -> None:
    """Reference 'Base game rules' name the finder first; a Saboteur finder takes nothing
    (seed B 'If it's a Saboteur that gets there ... they get nothing'), so the first digger
    counter-clockwise from it picks first (designed)."""
    state = new(5, edition="base")
    replace(state, dwarves=[DIGGER, SABOTEUR, DIGGER, SABOTEUR, DIGGER])
    replace(state, gold_deck=[1] * 10 + [1, 2, 3, 1, 2])
    connect(state, 1)
    assert (state.view(None)["phase"], state.current_player) == ("gold", 0)
    assert state.view(None)["pickers"] == [0, 4, 2]


@pytest.mark.parametrize(("players", "saboteurs", "each"), [(4, 1, 4), (6, 2, 3), (8, 3, 3),
                                                            (10, 4, 2)])
def test_base_saboteurs_gold(players: int, saboteurs: int, each: int) -> None:
    """Reference 'Base game rules': 'Saboteurs win: 1 saboteur 4, 2-3 saboteurs 3 each, 4
    saboteurs 2 each'."""
    state = new(players, edition="base")
    replace(state, dwarves=[*[SABOTEUR] * saboteurs, *[DIGGER] * (players - saboteurs)])
    empty_the_round(state, players - 1)
    assert state.gold == [*[each] * saboteurs, *[0] * (players - saboteurs)]
    assert (state.round, state.first) == (2, 0)



def test_base_pass_discards_one_card() -> None:
    """Reference 'Base game rules': 'Turn: path, action, or pass by discarding 1 card; then
    draw' — the pass ends with the one card."""
    state = new(5, edition="base")
    hand = list(state.hands[0])
    act(state, f"discard {hand[0]}")
    assert state.current_player == 1 and len(state.hands[0]) == len(hand)



def test_base_has_no_option_d() -> None:
    """Reference 'Base game rules': 'Turn: path, action, or pass by discarding 1 card' — no
    discarding two cards to repair (Saboteur Gold's D)."""
    state = new(5, edition="base")
    set_tableaux(state, {0: "lamp"})
    assert "fix lamp" not in texts(state)
