"""A Saboteur Gold turn through the game state: A (lay a path card), B (play an action card),
C (pass, discarding 1-3 cards), D (discard two cards to fix), each then drawing.

Seed 004 "Flow of the Game" (A-D), "Types of Action Cards", "Pathway Rules"; reference
shared/reference/saboteur.md "Board geometry", "Expansion path cards", "Expansion action cards"
and its turn ("Turn (one of)"). Each row names the sentence it checks. Positions are set by hand
(`scenario.py`): seat 0 plays, the pile's top card is the last one listed.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from motherlode.engine.position import replace
from motherlode.rules.saboteur.actions import Place
from motherlode.rules.saboteur.maze import Cell, fits, reachable
from motherlode.rules.saboteur.state import SaboteurState
from motherlode.rules.saboteur.tableau import can_place_path

from .scenario import (
    CHAIN,
    FILLER,
    Layout,
    act,
    events,
    lay,
    new,
    refused,
    row,
    set_tableaux,
    tab,
    texts,
    to_play,
)

PILE = ["theft", "tunnel-ns"]  # "tunnel-ns" is drawn first
LONE = {(4, 3): "tunnel-we"}  # a path with no link to a ladder

# ---- A: lay a path card -------------------------------------------------------------------

# source, maze, card, col, row, turned
PLACED: list[tuple[str, Layout, str, int, int, bool]] = [
    ("seed A 'The card must be put next to a path that's already on the table'",
     {}, "tunnel-we", 1, 0, False),
    ("seed 'pathways can go in any of the four directions from this point' (the start)",
     {}, "tunnel-ns", 0, -1, False),
    ("reference 'a card may be turned 180 degrees': N-E turned is S-W, open to the start",
     {}, "tunnel-ne", 1, 0, True),
    ("seed 'Saboteurs may place path cards so that the route goes away from the treasure'",
     {}, "tunnel-we", -1, 0, False),
    ("seed 'The Bridge: ... At least one of the two paths must connect to a ladder': W-E "
     "reaches the start, N-S meets a path no ladder reaches", {(1, -1): "tunnel-ns"}, "bridge",
     1, 0, False),
    ("seed 'The Double Curve: ... At least one path must connect to a path with a ladder': "
     "W-N reaches the start, E-S meets a path no ladder reaches", {(2, 0): "tunnel-we"},
     "double-curve", 1, 0, False),
    ("seed 'Ladders: ... Its path must join another path, but that path doesn't have to link "
     "directly to the Start'", LONE, "ladder-w", 5, 3, False),
    ("... a ladder turned (reference 'turned 180 degrees'): W-S becomes N-E", {(3, 3): "tunnel-ns"},
     "ladder-ws", 3, 4, True),
    ("reference dead ends 'every opening a stub': a dead end may close a path",
     {}, "dead-we", 1, 0, False),
    ("seed 'Anyone can place doors, and anyone can build beyond them'",
     {(1, 0): "door-blue-we"}, "door-green-we", 2, 0, False),
    ("seed 'Some path cards contain Crystals. These have no effect on the path's connections'",
     {}, "crystal-we-stub-n", 1, 0, False),
    ("seed 'The three goal-cards may break the rule about paths properly joining up': a wall "
     "faces a face-down goal, which is not reached", CHAIN, "tunnel-nw", 7, 0, False),
]


@pytest.mark.parametrize(("source", "layout", "card", "col", "line", "turned"), PLACED,
                         ids=[r[0][:60] for r in PLACED])
def test_a_path_card_is_laid_then_the_player_draws_one(source: str, layout: Layout, card: str,
                                                       col: int, line: int,
                                                       turned: bool) -> None:
    state = new()
    lay(state, layout)
    to_play(state, 0, [card, *[FILLER] * 5], PILE)
    act(state, str(Place(card, col, line, turned)))
    assert state.maze.cells[col, line] == state.game.placed[card, turned], source
    assert sorted(state.hands[0]) == sorted([*[FILLER] * 5, "tunnel-ns"]), source
    assert state.pile == ["theft"]
    assert state.view(None)["current_player"] == 1
    assert events(state, "place")[-1] == {"event": "place", "seat": 0, "card": card,
                                          "cell": [col, line], "turned": turned}
    assert events(state, "goal") == [], source


# source, maze, tableau of seat 0, action, reason given
NOT_PLACED: list[tuple[str, Layout, str, str | Place, str]] = [
    ("seed 'All the paths on side-touching cards must be continuous': the start's open E "
     "meets a wall", {}, "", "place tunnel-ns 1 0", "W side does not match"),
    ("seed A 'Cards are laid short sides to short sides: long to long' (no 90-degree turn): "
     "upright N-E shows a wall to the start", {}, "", "place tunnel-ne 1 0",
     "W side does not match"),
    ("seed 'Pathways cannot be added to if they don't link back to a ladder'", LONE, "",
     "place tunnel-we 5 3", "continues no path that reaches a ladder"),
    ("seed A 'The card must be put next to a path that's already on the table'", {}, "",
     "place tunnel-we 5 5", "no card beside it"),
    ("one card a cell: the start's", {}, "", "place tunnel-nesw 0 0", "the cell is taken"),
    ("a face-down goal's cell is taken", CHAIN, "", "place tunnel-nesw 8 0",
     "the cell is taken"),
    ("the bounded table (actions.COLUMNS -6..14): a path reaching the west edge ends there",
     row(*["tunnel-we"] * 6, start=-6), "", Place("tunnel-we", -7, 0), "off the table"),
    ("reference 'a player with any broken tool plays no path cards'", {}, "lamp",
     "place tunnel-we 1 0", "broken lamp stops path cards"),
    ("seed 'Done diggin'!: No pickaxe, no pathways'", {}, "pickaxe cart",
     "place tunnel-we 1 0", "broken pickaxe"),
    ("seed 'Trapped in prison!': 'cannot play path cards'", {}, "trapped",
     "place tunnel-we 1 0", "trapped player plays no path cards"),
    ("reference 'turned 180 degrees' changes nothing on a symmetric card: lay it upright",
     {}, "", "place tunnel-we 1 0 turned", "lay it upright"),
    ("... a bridge turned is the same bridge", {}, "", "place bridge 1 0 turned",
     "lay it upright"),
    ("seed 'The Bridge: ... You cannot turn left or right on this card; it's not a "
     "crossroad'", {(1, 0): "bridge"}, "", "place tunnel-ns 1 1",
     "continues no path that reaches a ladder"),
    ("seed 'The Double Curve: Two unconnected paths': E-S is not reached through W-N",
     {(1, 0): "double-curve"}, "", "place tunnel-we 2 0", "continues no path"),
    ("seed 'Ladders: ... It cannot be placed next to a treasure card' (reference: never next "
     "to a goal)", CHAIN, "", "place ladder-w 7 0", "a ladder never goes next to a goal"),
    ("reference ladder 'must touch a path card': a dead end's stub is no path",
     {(4, 3): "dead-we"}, "", "place ladder-w 5 3", "the ladder joins no path"),
    ("a card not in the hand", {}, "", "place tunnel-nesw 1 0", "not in your hand"),
]


@pytest.mark.parametrize(("source", "layout", "before", "action", "reason"), NOT_PLACED,
                         ids=[r[0][:60] for r in NOT_PLACED])
def test_a_path_card_that_breaks_a_rule_is_refused(source: str, layout: Layout, before: str,
                                                    action: str | Place, reason: str) -> None:
    state = new()
    lay(state, layout)
    set_tableaux(state, {0: before})
    card = action.card if isinstance(action, Place) else action.split()[1]
    hand = [FILLER] * 6 if reason == "not in your hand" else [card, *[FILLER] * 5]
    to_play(state, 0, hand, PILE)
    refused(state, action, reason)


def test_the_ladder_rule_is_about_goals_not_only_the_treasure() -> None:
    """Reference 'never next to a goal': beside a stone, too (the seed names the treasure)."""
    state = new()
    lay(state, row(*["tunnel-we"] * 6, line=-2))  # a stone at (8, -2)
    to_play(state, 0, ["ladder-w", *[FILLER] * 5], PILE)
    assert not any(str(a).startswith("place ladder-w 7 -2") for a in state.legal_actions())
    refused(state, "place ladder-w 7 -2", "a ladder never goes next to a goal")


# source, goals face down (GOALS order), the goal cell reached, its card, turned up turned
GOALS_TURNED: list[tuple[str, tuple[str, str, str], str, bool]] = [
    ("reference 'a stone goal is turned so that it fits where possible': N-E reached from "
     "the W lies turned (S-W)", ("goal-treasure", "goal-stone-ne", "goal-stone-nw"),
     "goal-stone-ne", True),
    ("... N-W reached from the W fits upright", ("goal-treasure", "goal-stone-nw",
                                                 "goal-stone-ne"), "goal-stone-nw", False),
]


@pytest.mark.parametrize(("source", "goals", "card", "turned"), GOALS_TURNED,
                         ids=[r[0][:60] for r in GOALS_TURNED])
def test_a_stone_is_turned_up_and_the_round_goes_on(source: str, goals: tuple[str, str, str],
                                                    card: str, turned: bool) -> None:
    """Reference 'A goal card is turned up when a path reaches it ... Only the treasure goal
    ends the round'."""
    state = new()
    lay(state, CHAIN, goals)
    to_play(state, 0, ["tunnel-we", *[FILLER] * 5], PILE)
    act(state, "place tunnel-we 7 0")
    assert state.maze.cells[8, 0] == state.game.placed[card, turned], source
    assert (8, 0) not in state.maze.face_down
    assert events(state, "goal") == [{"event": "goal", "cell": [8, 0], "card": card,
                                      "turned": turned}]
    for seat in (None, 0, 1):
        assert state.view(seat)["goals"][1] == {"cell": [8, 0], "card": card, "face_up": True}
    assert (state.round, state.view(None)["phase"], state.current_player) == (1, "turn", 1)
    assert sorted(state.hands[0]) == sorted([*[FILLER] * 5, "tunnel-ns"])  # drew 1
    assert events(state, "end") == []


def test_the_path_goes_on_from_a_turned_up_stone() -> None:
    """Reference 'a stone goal ... may mismatch its neighbours'; the stone's path is part of the
    maze: S-W turned up at (8, 0) leads on south."""
    state = new()
    lay(state, CHAIN, ("goal-treasure", "goal-stone-ne", "goal-stone-nw"))
    to_play(state, 0, ["tunnel-we", *[FILLER] * 5], PILE)
    act(state, "place tunnel-we 7 0")
    to_play(state, 1, ["tunnel-ns", *[FILLER] * 5], PILE)
    assert "place tunnel-ns 8 1" in texts(state)
    act(state, "place tunnel-ns 8 1")
    assert events(state, "goal")[-1] == {"event": "goal", "cell": [8, 2],
                                         "card": "goal-stone-nw", "turned": False}
    assert state.round == 1 and state.current_player == 2


def test_the_treasure_ends_the_round_at_once() -> None:
    """Reference 'Only the treasure goal ends the round'; seed 'End of Game and Scoring': the
    connecting seat is the connector; the next round starts with its left neighbour."""
    state = new()
    lay(state, CHAIN)  # the treasure in the middle
    replace(state, dwarves=["saboteur", "blue-digger", "green-digger", "saboteur", "boss"])
    to_play(state, 2, ["tunnel-we", *[FILLER] * 5], PILE)
    act(state, "place tunnel-we 7 0")
    assert events(state, "goal") == [{"event": "goal", "cell": [8, 0], "card": "goal-treasure",
                                      "turned": False}]
    assert events(state, "end") == [{
        "event": "end", "round": 1, "connector": 2,
        "dwarves": ["saboteur", "blue-digger", "green-digger", "saboteur", "boss"],
        "goals": [[[8, -2], "goal-stone-ne"], [[8, 2], "goal-stone-nw"]]}]
    assert events(state, "share") == [{"event": "share", "round": 1, "gold": [0, 0, 4, 0, 3]}]
    assert (state.round, state.first, state.current_player) == (2, 3, 3)


ROW_ABOVE = {(0, -1): ("tunnel-nw", True), **row(*["tunnel-we"] * 6, line=-1)}  # to (6, -1)


def test_two_goals_reached_at_once_are_both_turned_up() -> None:
    """Reference 'A goal card is turned up when a path reaches it': N-S-W at (8, -1) reaches
    the stone above (turned to fit: S-W) and the treasure below, which ends the round."""
    state = new()
    lay(state, {**ROW_ABOVE, (7, -1): "tunnel-we"})
    replace(state, dwarves=["green-digger", "blue-digger", "saboteur", "saboteur", "geologist"])
    to_play(state, 0, ["tunnel-nse", *[FILLER] * 5], PILE)
    act(state, "place tunnel-nse 8 -1 turned")
    assert events(state, "goal") == [
        {"event": "goal", "cell": [8, -2], "card": "goal-stone-ne", "turned": True},
        {"event": "goal", "cell": [8, 0], "card": "goal-treasure", "turned": False}]
    assert [e["connector"] for e in events(state, "end")] == [0]
    assert state.round == 2


def test_a_bridge_beside_a_goal_reaches_it_only_by_its_reached_path() -> None:
    """Seed 'The Bridge: Two unconnected paths ... it's not a crossroad': its N-S path comes
    from the start, its W-E path, facing the goal, reaches nothing."""
    state = new()
    lay(state, {**ROW_ABOVE, (7, -1): ("tunnel-ne", True)})  # S-W: the path turns south
    to_play(state, 0, ["bridge", *[FILLER] * 5], PILE)
    act(state, "place bridge 7 0")
    assert events(state, "goal") == [] and state.maze.face_down.keys() == {
        (8, -2), (8, 0), (8, 2)}
    assert state.round == 1 and state.current_player == 1


def test_a_path_from_a_lone_ladder_reaches_the_treasure() -> None:
    """Seed 'Ladders: The ladder's going down into a lower level that links to the Start Card';
    seed A 'Diggers ... win if they get to the treasure and there is a path to it from any
    ladder'."""
    state = new()
    lay(state, {(6, 1): "ladder-n", (6, 0): ("tunnel-nw", True)})  # no link to the start card
    replace(state, dwarves=["blue-digger", "green-digger", "saboteur", "saboteur", "geologist"])
    to_play(state, 0, ["tunnel-we", *[FILLER] * 5], PILE)
    assert "place tunnel-we 7 0" in texts(state)
    act(state, "place tunnel-we 7 0")
    assert events(state, "share") == [{"event": "share", "round": 1, "gold": [5, 0, 0, 0, 0]}]


# ---- A: the legal placements are exactly where maze.fits allows ------------------------------

def _symmetric(state: SaboteurState, card: str) -> bool:
    upright = state.game.placed_card(card, False).shape
    turned = state.game.placed_card(card, True).shape
    return set(upright.paths) == set(turned.paths) and upright.stubs == turned.stubs


def _brute_force(state: SaboteurState) -> set[Place]:
    """Every cell of the bounded table, both ways, each path card of the hand: `maze.fits`."""
    game = state.game
    if not can_place_path(state.tableaux[state.seat]):
        return set()
    reach = reachable(state.maze, None)
    found: set[Place] = set()
    for card_id in set(state.hands[state.seat]) & game.paths.keys():
        card = game.paths[card_id]
        for turned in (False, True) if not _symmetric(state, card_id) else (False,):
            for col in game.columns:
                for line in game.rows:
                    cell: Cell = (col, line)
                    if fits(state.maze, cell, card, turned, reach) is None:
                        found.add(Place(card_id, col, line, turned))
    return found


@pytest.mark.parametrize(("players", "seed", "edition"), [
    (5, 11, "gold"), (3, 12, "gold"), (2, 13, "gold"), (8, 14, "gold"), (12, 15, "gold"),
    (6, 16, "gold"), (4, 17, "base")])
def test_legal_placements_agree_with_maze_fits(players: int, seed: int, edition: str) -> None:
    """Seed 'Pathway Rules' as `maze.fits` states them, at every turn of seeded random games
    (placing when possible, 3 times in 4, so the maze grows; other actions at random)."""
    state = new(players, seed, edition)
    rng = random.Random(seed)
    checked = grown = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        grown = max(grown, len(state.maze.cells))
        if state.view(None)["phase"] == "turn":
            places = {a for a in legal if isinstance(a, Place)}
            assert places == _brute_force(state), (players, seed, len(state.history))
            checked += 1
            if places and rng.random() < 0.75:
                state.apply(rng.choice(sorted(places, key=str)))
                continue
        state.apply(rng.choice(legal))
    assert checked > 20 and grown > 8


# ---- B: play an action card -----------------------------------------------------------------

# source, action, tableaux before, theft order before, tableaux after, theft order after,
# the face-up discards after
ON_PLAYERS: list[tuple[str, str, dict[int, str], list[int], dict[int, str], list[int],
                       list[str]]] = [
    ("seed 'Miners need trolleys': 'By playing this card in front of another dwarf'",
     "play broken-cart on 1", {}, [], {1: "cart"}, [], []),
    ("seed 'Going nowhere without a lamp!'", "play broken-lamp on 2", {2: "pickaxe"}, [],
     {2: "pickaxe lamp"}, [], []),
    ("seed 'Done diggin'!'", "play broken-pickaxe on 4", {}, [], {4: "pickaxe"}, [], []),
    ("seed 'Mend that lamp!': 'those of other dwarves. Just put it on the discard, and remove "
     "the broken lamp card'", "play repair-lamp on 1", {1: "lamp cart"}, [], {1: "cart"}, [],
     ["broken-lamp", "repair-lamp"]),
    ("seed 'Mending trolleys': 'mend their own broken trolleys'", "play repair-cart on 0",
     {0: "cart"}, [], {}, [], ["broken-cart", "repair-cart"]),
    ("seed 'Extras': 'a specific lamp card repairs lamps or pickaxes' (the player names it)",
     "play repair-pickaxe-lamp on 2 lamp", {2: "pickaxe lamp"}, [], {2: "pickaxe"}, [],
     ["broken-lamp", "repair-pickaxe-lamp"]),
    ("seed 'Trapped in prison!': 'Play this card against another player'",
     "play trapped on 3", {3: "lamp"}, [], {3: "lamp trapped"}, [], []),
    ("seed 'Free at last!': 'you can release any dwarf from jail'",
     "play free-at-last on 3", {3: "trapped"}, [], {}, [], ["free-at-last", "trapped"]),
    ("reference 'Free at Last': 'any player, you included'", "play free-at-last on 0",
     {0: "trapped"}, [], {}, [], ["free-at-last", "trapped"]),
    ("seed 'Theft': 'Put a theft card in your own player area' (the order played is kept)",
     "play theft on 0", {2: "theft"}, [2], {0: "theft", 2: "theft"}, [2, 0], []),
    ("seed 'Hands Off': 'You can remove one Theft card from any dwarf'",
     "play hands-off on 2", {2: "theft", 4: "theft"}, [4, 2], {4: "theft"}, [4],
     ["hands-off", "theft"]),
]


@pytest.mark.parametrize(("source", "action", "before", "order", "after", "order_after",
                          "discards"), ON_PLAYERS, ids=[r[0][:60] for r in ON_PLAYERS])
def test_an_action_card_on_a_player_then_draw_one(source: str, action: str,
                                                  before: dict[int, str], order: list[int],
                                                  after: dict[int, str], order_after: list[int],
                                                  discards: list[str]) -> None:
    """Seed B 'Actions are put face-up in front of oneself, another dwarf, or onto the
    discard ... After taking the action, take a new card'."""
    state = new()
    set_tableaux(state, before)
    replace(state, theft_order=list(order))
    card = action.split()[1]
    to_play(state, 0, [card, *[FILLER] * 5], PILE)
    act(state, action)
    assert state.tableaux == [tab(state, after.get(seat, "")) for seat in range(5)], source
    assert state.theft_order == order_after, source
    assert state.view(None)["face_up_discards"] == discards, source
    assert sorted(state.hands[0]) == sorted([*[FILLER] * 5, "tunnel-ns"]), source
    assert state.pile == ["theft"] and state.current_player == 1


# source, action, tableaux before, reason
NOT_ON_PLAYERS: list[tuple[str, str, dict[int, str], str]] = [
    ("seed 'Miners need trolleys': 'in front of another dwarf'", "play broken-cart on 0", {},
     "another player"),
    ("reference 'No player may have two action cards of the same type affecting them'",
     "play broken-lamp on 1", {1: "lamp"}, "already broken"),
    ("seed 'Mend that lamp!': 'remove the broken lamp card' (none there)",
     "play repair-lamp on 1", {1: "cart"}, "not broken"),
    ("seed 'Trapped in prison!': 'against another player'", "play trapped on 0", {},
     "another player"),
    ("reference: no two cards of the same type: trapped twice", "play trapped on 2",
     {2: "trapped"}, "already trapped"),
    ("seed 'Free at last!': release a dwarf from jail (nobody is)", "play free-at-last on 2",
     {}, "not trapped"),
    ("seed 'Theft': 'in your own player area'", "play theft on 1", {}, "its player only"),
    ("seed 'Hands Off': remove one Theft card (none there)", "play hands-off on 1", {},
     "no Theft card"),
    ("seed 'Swap hands': 'exchange hands with another player'", "play swap-hand on 0", {},
     "another player"),
    ("seed 'Inspection': 'look at the role of another player'", "play inspection on 0", {},
     "another player"),
    ("a seat outside the table", "play broken-cart on 7", {}, "there is no seat 7"),
]


@pytest.mark.parametrize(("source", "action", "before", "reason"), NOT_ON_PLAYERS,
                         ids=[r[0][:60] for r in NOT_ON_PLAYERS])
def test_an_action_card_that_breaks_a_rule_is_refused(source: str, action: str,
                                                      before: dict[int, str],
                                                      reason: str) -> None:
    state = new()
    set_tableaux(state, before)
    to_play(state, 0, [action.split()[1], *[FILLER] * 5], PILE)
    refused(state, action, reason)


@pytest.mark.parametrize("card", ["rockfall", "rockfall-expansion"])
def test_a_rockfall_removes_a_path_card(card: str) -> None:
    """Seed 'Rock fall': 'It permits the removal of a path-card of the dwarf's choice (other
    than the Start Card)'; seed B 'Discard means removing the card from play'."""
    state = new()
    lay(state, CHAIN)
    to_play(state, 0, [card, *[FILLER] * 5], PILE)
    act(state, f"play {card} at 3 0")
    assert (3, 0) not in state.maze.cells
    assert [3, 0] not in state.view(None)["reached"] and [4, 0] not in state.view(None)["reached"]
    assert state.view(None)["face_up_discards"] == sorted([card, "tunnel-we"])
    assert sorted(state.hands[0]) == sorted([*[FILLER] * 5, "tunnel-ns"])
    assert state.current_player == 1


@pytest.mark.parametrize(("source", "action", "reason"), [
    ("seed 'Rock fall': 'other than the Start Card'", "play rockfall at 0 0",
     "other than the start or a goal"),
    ("reference rockfall 'remove any path card but the start and goals'",
     "play rockfall at 8 0", "other than the start or a goal: a face-down goal lies at 8 0"),
    ("... an empty cell", "play rockfall at 2 2", "no card lies at 2 2"),
])
def test_a_rockfall_that_removes_no_path_card_is_refused(source: str, action: str,
                                                         reason: str) -> None:
    state = new()
    lay(state, {(1, 0): "tunnel-we"})
    to_play(state, 0, ["rockfall", *[FILLER] * 5], PILE)
    refused(state, action, reason)


def test_a_map_shows_one_goal_to_its_player_only() -> None:
    """Seed 'Map': 'Secretly look at any of the three treasures'."""
    state = new()
    lay(state, {})
    to_play(state, 0, ["map", *[FILLER] * 5], PILE)
    act(state, "play map at 8 -2")
    assert state.view(0)["goals"] == [
        {"cell": [8, -2], "card": "goal-stone-ne", "face_up": False},
        {"cell": [8, 0], "card": None, "face_up": False},
        {"cell": [8, 2], "card": None, "face_up": False}]
    for seat in (None, 1, 2, 3, 4):
        assert [goal["card"] for goal in state.view(seat)["goals"]] == [None, None, None]
    assert state.maze.face_down.keys() == {(8, -2), (8, 0), (8, 2)}  # still face down
    assert state.view(None)["face_up_discards"] == ["map"]
    assert sorted(state.hands[0]) == sorted([*[FILLER] * 5, "tunnel-ns"])


def test_a_map_on_a_turned_up_goal_is_refused() -> None:
    state = new()
    lay(state, CHAIN, ("goal-treasure", "goal-stone-ne", "goal-stone-nw"))
    to_play(state, 0, ["tunnel-we", "map", *[FILLER] * 4], PILE)
    act(state, "place tunnel-we 7 0")  # the stone turned up
    to_play(state, 1, ["map", *[FILLER] * 5])
    refused(state, "play map at 8 0", "the goal at 8 0 is face up already")


def test_swap_your_hand_the_other_player_draws_one() -> None:
    """Seed 'Swap hands': 'exchange hands with another player ... You take all their cards';
    reference 'Swap Your Hand 2 (exchange hands with another player; that player then draws
    1)' — the player does not draw."""
    state = new()
    mine = ["swap-hand", "map", "map", "theft", "trapped", "rockfall"]
    theirs = ["tunnel-we", "tunnel-ns", "bridge"]
    to_play(state, 0, mine, PILE)
    state.hands[2] = list(theirs)
    act(state, "play swap-hand on 2")
    assert state.hands[0] == theirs
    assert sorted(state.hands[2]) == sorted([*mine[1:], "tunnel-ns"])
    assert state.pile == ["theft"]
    assert state.view(None)["face_up_discards"] == ["swap-hand"]
    assert state.current_player == 1


def test_swap_your_hand_with_an_empty_hand_and_pile() -> None:
    """Seed 'Swap hands': 'You can do this even if you have no further cards, and if the draw
    pile is empty'."""
    state = new()
    to_play(state, 0, ["swap-hand"], [])
    state.hands[1] = ["tunnel-we", "map"]
    act(state, "play swap-hand on 1")
    assert state.hands[0] == ["tunnel-we", "map"] and state.hands[1] == []
    assert state.current_player == 2  # seat 1, empty-handed, is skipped


def test_inspection_shows_the_dwarf_to_its_player_only() -> None:
    """Seed 'Inspection': 'you may look at the role of another player'."""
    state = new()
    replace(state, dwarves=["green-digger", "blue-digger", "saboteur", "boss", "geologist"])
    to_play(state, 0, ["inspection", *[FILLER] * 5], PILE)
    act(state, "play inspection on 2")
    assert state.view(0)["inspected"] == [[2, "saboteur"]]
    for seat in (None, 1, 2, 3, 4):
        assert state.view(seat)["inspected"] == []
    assert sorted(state.hands[0]) == sorted([*[FILLER] * 5, "tunnel-ns"])
    assert state.view(None)["face_up_discards"] == ["inspection"]


@pytest.mark.parametrize("target", [1, 0])
def test_swap_your_hats(target: int) -> None:
    """Seed 'Change hats': 'Use it on a player (including yourself) to change their role.
    Randomly take one from the pile'; reference 'discards their dwarf unseen and draws one from
    the undealt dwarves'. What others learnt by Inspection of that seat no longer holds."""
    state = new()
    replace(state, dwarves=["green-digger", "saboteur", "blue-digger", "boss", "geologist"])
    replace(state, spare_dwarves=["green-digger", "profiteer", "blue-digger"])
    old = state.dwarves[target]
    state.inspected[2] = {target: old, 3: "boss"}
    state.inspected[4] = {target: old}
    to_play(state, 0, ["swap-hats", *[FILLER] * 5], PILE)
    act(state, f"play swap-hats on {target}")
    assert state.dwarves[target] == "blue-digger"  # the top undealt dwarf
    assert state.spare_dwarves == ["green-digger", "profiteer"]
    assert state.dropped_dwarves == [(target, old)]
    assert state.view(target)["dwarf"] == "blue-digger"
    assert state.view(target)["my_dropped_dwarves"] == [old]
    assert state.view(2)["inspected"] == [[3, "boss"]]
    assert state.view(4)["inspected"] == []
    assert state.view(None)["spare_dwarves"] == 2
    assert sorted(state.hands[0]) == sorted([*[FILLER] * 5, "tunnel-ns"])


def test_swap_your_hats_needs_an_undealt_dwarf() -> None:
    """Reference 'draws one from the undealt dwarves': none left, the card cannot be played."""
    state = new()
    replace(state, spare_dwarves=[])
    to_play(state, 0, ["swap-hats", *[FILLER] * 5], PILE)
    assert not any(t.startswith("play swap-hats") for t in texts(state))
    refused(state, "play swap-hats on 1", "no undealt dwarf")


def test_no_draw_once_the_pile_is_empty() -> None:
    """Reference turn: 'With the pile empty, no draws'."""
    state = new()
    to_play(state, 0, ["broken-lamp", *[FILLER] * 5], [])
    act(state, "play broken-lamp on 1")
    assert state.hands[0] == [FILLER] * 5


# ---- C: pass --------------------------------------------------------------------------------

HAND = ["map", "theft", "trapped", "rockfall", "inspection", "hands-off"]
DRAWS = ["tunnel-we", "tunnel-ns", "tunnel-nw", "tunnel-ne", "bridge"]

# source, cards discarded, the pile, the hand after
PASSES: list[tuple[str, int, list[str], list[str]]] = [
    ("seed C 'Discard one, two, or three cards and take the same number back': one",
     1, DRAWS, [*HAND[1:], "bridge"]),
    ("... two", 2, DRAWS, [*HAND[2:], "bridge", "tunnel-ne"]),
    ("... three", 3, DRAWS, [*HAND[3:], "bridge", "tunnel-ne", "tunnel-nw"]),
    ("seed C 'If there are not that many available, take less'", 3, ["bridge"],
     [*HAND[3:], "bridge"]),
    ("seed C 'Simply discarding and not taking anything back may become the only available "
     "option'", 2, [], HAND[2:]),
]


@pytest.mark.parametrize(("source", "count", "pile", "after"), PASSES,
                         ids=[r[0][:60] for r in PASSES])
def test_a_pass_discards_face_down_and_draws_as_many(source: str, count: int, pile: list[str],
                                                     after: list[str]) -> None:
    state = new()
    to_play(state, 0, HAND, pile)
    for card in HAND[:count]:
        assert state.current_player == 0, source
        act(state, f"discard {card}")
    if count < 3:
        assert state.view(None)["phase"] == "passing" and state.view(None)["passed"] == count
        act(state, "draw")
    assert sorted(state.hands[0]) == sorted(after), source
    assert (state.current_player, state.view(None)["phase"]) == (1, "turn"), source
    assert state.hidden_discards[0] == HAND[:count]
    assert state.view(0)["my_discards"] == sorted(HAND[:count])
    for seat in (None, 1, 2):
        seen = state.view(seat)
        assert seen["face_down_discards"] == count and seen["face_up_discards"] == []
        assert seen["my_discards"] == []
    assert events(state, "pass") == [{"event": "pass", "seat": 0, "cards": count}]


def test_the_third_discard_ends_the_pass_at_once() -> None:
    """Seed C 'Discard one, two, or three cards': no fourth, and no `draw` after the third."""
    state = new()
    to_play(state, 0, HAND, DRAWS)
    act(state, "discard map", "discard theft")
    assert texts(state) == {"draw", *(f"discard {c}" for c in HAND[2:])}
    act(state, "discard trapped")
    assert state.current_player == 1 and state.view(None)["phase"] == "turn"
    to_play(state, 1, ["map", *[FILLER] * 5])
    refused(state, "draw", "draw ends a pass (C): discard a card first")


def test_while_passing_only_discards_and_draw() -> None:
    """Seed 'Each turn, do A, B, C or D': one of them, not a pass and a path card."""
    state = new()
    lay(state, {})
    to_play(state, 0, ["tunnel-we", *HAND[1:]], DRAWS)
    act(state, "discard theft")
    refused(state, "place tunnel-we 1 0", "you are passing")


def test_discarding_the_last_card_ends_the_pass() -> None:
    """Reference turn: 'a player with no cards passes for the rest of the round'."""
    state = new()
    to_play(state, 0, ["map"], [])
    act(state, "discard map")
    assert state.hands[0] == [] and state.current_player == 1


# ---- D: discard two cards to fix ------------------------------------------------------------

# source, tableau before, what, after, the card removed
FIXES: list[tuple[str, str, str, str, str]] = [
    ("seed D 'By discarding two cards, a dwarf can repair one of their broken tools'",
     "lamp cart", "lamp", "cart", "broken-lamp"),
    ("... the pickaxe", "pickaxe", "pickaxe", "", "broken-pickaxe"),
    ("seed D '... or break free from jail'", "cart trapped", "trapped", "cart", "trapped"),
]


@pytest.mark.parametrize(("source", "before", "what", "after", "removed"), FIXES,
                         ids=[r[0][:60] for r in FIXES])
def test_fix_with_two_discards_then_draw_only_one(source: str, before: str, what: str,
                                                  after: str, removed: str) -> None:
    """Seed D 'They then get only one new card, thus reducing the size of their hand'."""
    state = new()
    set_tableaux(state, {0: before})
    to_play(state, 0, HAND, DRAWS)
    act(state, f"fix {what}")
    assert state.view(None)["phase"] == "fixing" and state.view(None)["fixing"] == what
    assert texts(state) == {f"discard {c}" for c in HAND}  # no draw, nothing else
    act(state, "discard map")
    assert state.current_player == 0
    act(state, "discard theft")
    assert state.tableaux[0] == tab(state, after), source
    assert sorted(state.hands[0]) == sorted([*HAND[2:], "bridge"]), source
    assert state.pile == DRAWS[:-1]
    assert state.hidden_discards[0] == ["map", "theft"]
    assert state.view(1)["face_up_discards"] == [removed]
    assert state.current_player == 1
    assert events(state, "fixed") == [{"event": "fixed", "seat": 0, "what": what}]


# source, tableau, hand size, action, reason
NO_FIX: list[tuple[str, str, int, str, str]] = [
    ("seed D 'By discarding two cards': one card is not enough", "lamp", 1, "fix lamp",
     "two cards"),
    ("seed D 'This option cannot be used to help others': nothing of one's own to fix",
     "", 6, "fix lamp", "no broken lamp"),
    ("... another tool is broken, not this one", "cart", 6, "fix pickaxe", "no broken pickaxe"),
    ("... not trapped", "lamp", 6, "fix trapped", "no trapped"),
]


@pytest.mark.parametrize(("source", "before", "size", "action", "reason"), NO_FIX,
                         ids=[r[0][:60] for r in NO_FIX])
def test_fix_refused(source: str, before: str, size: int, action: str, reason: str) -> None:
    state = new()
    set_tableaux(state, {0: before})
    to_play(state, 0, HAND[:size], DRAWS)
    assert action not in texts(state)
    refused(state, action, reason)


def test_while_fixing_draw_is_refused() -> None:
    """Seed D 'By discarding two cards': the second card is due."""
    state = new()
    set_tableaux(state, {0: "lamp"})
    to_play(state, 0, HAND, DRAWS)
    act(state, "fix lamp", "discard map")
    refused(state, "draw", "D costs two cards")


def test_a_fix_with_the_pile_empty_draws_nothing() -> None:
    """Reference turn: 'With the pile empty, no draws'."""
    state = new()
    set_tableaux(state, {0: "trapped"})
    to_play(state, 0, HAND[:2], [])
    act(state, "fix trapped", "discard map", "discard theft")
    assert state.hands[0] == [] and state.tableaux[0] == tab(state, "")


# ---- every card stays in play or on a discard ---------------------------------------------

def _accounted(state: SaboteurState) -> Counter[str]:
    cards: Counter[str] = Counter(state.pile) + Counter(state.removed)
    cards.update(state.public_discards)
    for hand in state.hands:
        cards.update(hand)
    for hidden in state.hidden_discards:
        cards.update(hidden)
    for tableau in state.tableaux:
        cards.update(card.id for card in tableau.cards)
    cards.update(placed.card.id for placed in state.maze.cells.values()
                 if placed.card.kind not in ("start", "goal"))
    return cards


@pytest.mark.parametrize(("players", "seed", "edition"), [(4, 21, "gold"), (10, 22, "gold"),
                                                     (6, 23, "base")])
def test_every_card_is_somewhere_at_every_step(players: int, seed: int, edition: str) -> None:
    """Seed B 'Discard means removing the card from play, not back into the draw pile': the
    deck is, at every step, the pile + the cards set aside + hands + discards + tableaux +
    the maze."""
    state = new(players, seed, edition)
    deck = Counter(state.game.deck_ids)
    rng = random.Random(seed)
    while not state.is_terminal:
        if state.view(None)["phase"] in ("turn", "passing", "fixing"):
            assert _accounted(state) == deck, (players, seed, len(state.history))
        state.apply(rng.choice(state.legal_actions()))
    assert state.round == 3
