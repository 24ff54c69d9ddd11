"""Seed 003 "How to play", "Special tiles and money tokens" and "Abandoning a dig site"."""

from __future__ import annotations

import pytest

import motherlode
from digitup_rules.helpers import at, card, playing, roll, set_site, tiles_of
from motherlode.engine.position import replace
from motherlode.rules.digitup import scoring
from motherlode.rules.digitup.actions import Dig
from motherlode.rules.digitup.digging import landing_space
from motherlode.rules.digitup.phase import EMPTY, ON_LABEL, Phase
from motherlode.rules.digitup.state import DigItUpState

FULL = ["stone", "gold", "crystal", "ruby", "incense", "statue", "knife"]


def test_joseph_digs_amazon() -> None:
    """Worked example: Joseph calls "Amazon", rolls 3, lands on the crystal and collects it;
    the pickaxe stays in the vacant space."""
    state = playing(4)
    set_site(state, "amazon", ["stone", "gold", "crystal", "ruby", "incense", "statue", "knife"])
    roll(state, 3)
    state.apply(Dig("amazon"))
    assert tiles_of(state, 0)["crystal"] == 1
    assert state.board[2] == EMPTY
    assert state.pickaxe[0] == 2


# (tiles present as 1/0 per space, pickaxe space (1-7, 0 = label), move) -> space landed (1-7)
STEPS = [
    ("1111111", 0, 1, 1),  # from the label the first step lands on the first tile (the stone)
    ("1111111", 0, 6, 6),
    ("1101111", 3, 1, 4),  # from the vacant space 3: next tile to the right
    ("1011011", 2, 2, 4),  # empty spaces are skipped, "like stepping stones"
    ("1011011", 6, 1, 7),
    ("1011011", 7, 1, 1),  # no more tiles to the right: continue from the leftmost
    ("1000001", 7, 3, 1),  # wrap more than once
    ("0100010", 0, 6, 6),
]


@pytest.mark.parametrize(("present", "pickaxe", "move", "space"), STEPS)
def test_pickaxe_moves_over_remaining_tiles(
    present: str, pickaxe: int, move: int, space: int
) -> None:
    """How to play: move right, skip empty spaces, wrap to the leftmost tile."""
    board = [0 if c == "1" else EMPTY for c in present]
    start = ON_LABEL if pickaxe == 0 else pickaxe - 1
    assert landing_space(board, 0, start, move) + 1 == space


def test_all_players_move_the_same_pickaxe() -> None:
    """How to play: all players move the same pickaxe of a dig site."""
    state = playing(4)
    set_site(state, "amazon", FULL)
    roll(state, 2, 2)
    state.apply(Dig("amazon"))
    state.apply(Dig("amazon"))
    assert tiles_of(state, 0)["gold"] == 1
    assert tiles_of(state, 1)["ruby"] == 1  # from space 2, two steps: spaces 3, 4
    assert state.pickaxe[0] == 3


def test_full_category_keeps_collecting() -> None:
    """How to play: even with a full category a player keeps collecting that type."""
    state = playing(2)
    replace(state, counts=at(state.counts, 0, 12))  # seat 0 already has 12 gold
    set_site(state, "amazon", FULL)
    roll(state, 2)
    state.apply(Dig("amazon"))
    assert tiles_of(state, 0)["gold"] == 13


def test_plus2_tile_takes_a_money_token() -> None:
    """Special tiles: a "+2" tile takes a corresponding money token."""
    state = playing(4)
    set_site(state, "amazon", ["stone", "gold+2", "crystal", "ruby", "incense", "statue", "knife"])
    roll(state, 2)
    state.apply(Dig("amazon"))
    assert state.money[0] == 2


def test_star_tile_draws_a_chance_card() -> None:
    """Special tiles / Chance cards: a star draws a chance card, revealed to all."""
    state = playing(4)
    set_site(state, "amazon", ["stone", "scroll*", "crystal", "ruby", "incense", "statue", "knife"])
    replace(state, deck=[*state.deck, card(state, "lucky-charm")])
    before = len(state.deck)
    roll(state, 2)
    state.apply(Dig("amazon"))
    assert len(state.deck) == before - 1
    assert state.view(3)["scoreboards"][0]["chance_kept"] == ["lucky-charm"]
    assert state.view(3)["log"][-1]["chance"] == "lucky-charm"


def test_star_with_empty_deck_draws_nothing() -> None:
    """Chance cards (designed): when the 50 cards are gone, a star draws nothing."""
    state = playing(4)
    replace(state, deck=[])
    set_site(state, "amazon", ["stone", "scroll*", "crystal", "ruby", "incense", "statue", "knife"])
    roll(state, 2)
    state.apply(Dig("amazon"))
    assert state.drawn[0] == 0 and state.current_player == 1


def test_site_with_one_tile_is_abandoned() -> None:
    """Abandoning: a site with one tile left is abandoned at once; its last tile goes face down
    on the label (out of play) and no one may dig there."""
    state = playing(4)
    set_site(state, "amazon", [None, None, None, "ruby", None, "gold", None])
    roll(state, 1)
    state.apply(Dig("amazon"))
    assert tiles_of(state, 0)["ruby"] == 1
    assert state.left[0] == 0 and state.board[0:7] == [EMPTY] * 7
    assert state.abandoned == 1
    assert Dig("amazon") not in state.legal_actions()
    with pytest.raises(motherlode.IllegalAction, match="abandoned"):
        state.apply(Dig("amazon"))
    assert state.view(None)["sites"][0]["abandoned"] is True
    # "... and lay that dig site's pickax on top of this tile" (on the starting label)
    assert state.pickaxe[0] == ON_LABEL and state.view(None)["sites"][0]["pickaxe"] is None


def close_sites(state: DigItUpState, count: int) -> None:
    """Mark the first `count` sites abandoned, as if dug out earlier in the game."""
    for s in range(count):
        replace(state, left=at(state.left, s, 0))
        replace(state, board=at(state.board, slice(s * 7, s * 7 + 7), [EMPTY] * 7))
    replace(state, abandoned=count)


@pytest.mark.parametrize(("players", "end_after"), [(2, 5), (3, 5), (4, 8), (5, 8)])
def test_game_ends_after_the_turn_of_the_last_abandonment(players: int, end_after: int) -> None:
    """Game end: once the 8th site (5th with 2-3 players) is abandoned, the game ends after the
    current player's turn; the one before it does not end the game."""
    state = playing(players)
    close_sites(state, end_after - 2)
    before_last = state.game.sites[end_after - 2].key
    last = state.game.sites[end_after - 1].key
    set_site(state, before_last, [None, None, "gold", None, None, "ruby", None])
    set_site(state, last, [None, None, "gold", None, None, "ruby", None])
    roll(state, 1, 1)
    state.apply(Dig(before_last))
    assert state.abandoned == end_after - 1 and not state.is_terminal
    assert state.current_player == 1
    state.apply(Dig(last))
    assert state.abandoned == end_after
    assert state.is_terminal and state.current_player is None
    assert state.legal_actions() == []


def test_closing_shop_is_achieved_during_play() -> None:
    """Mission achievement: "Closing Shop" is the only mission achieved during game play; here,
    by making two dig sites abandoned (collecting each one's second-to-last tile)."""
    state = playing(2)
    replace(state, mission=at(state.mission, 0, state.game.mission_index["closing-shop"]))
    set_site(state, "amazon", [None, None, "gold", None, None, "ruby", None])
    set_site(state, "andes", [None, "gold", "ruby", None, None, None, None])
    roll(state, 1, 3, 1)
    state.apply(Dig("amazon"))  # seat 0: amazon abandoned
    state.apply(Dig("sahara"))  # seat 1
    assert scoring.money(state, 0).achieved is False
    state.apply(Dig("andes"))  # seat 0: andes abandoned
    assert state.closed_shop == [2, 0]
    assert scoring.money(state, 0).achieved is True
    assert scoring.money(state, 0).mission == 8


def test_game_end_waits_for_the_token_placement() -> None:
    """Game end: "after the current player's turn": a Strike Gold drawn on the last dig is
    still placed before the game ends."""
    state = playing(2)
    close_sites(state, 4)
    set_site(state, "outback", [None, None, "scroll*", None, None, "ruby", None])
    replace(state, deck=[*state.deck, card(state, "strike-gold")])
    roll(state, 1)
    state.apply(Dig("outback"))
    assert state.phase == Phase.PLACE and state.current_player == 0
    state.apply(state.legal_actions()[0])
    assert state.is_terminal


def test_die_is_fair_and_seeded() -> None:
    """How to play: roll the die: each face 1-6 about equally often, from the game's seed."""
    counts = [0] * 8  # index: space landed, 1-7
    for seed in range(600):
        state = playing(4, seed=seed)
        set_site(state, "amazon", FULL)
        state.apply(Dig("amazon"))
        counts[state.pickaxe[0] + 1] += 1
    assert counts[0] == 0 and counts[7] == 0
    assert all(60 <= c <= 140 for c in counts[1:7]), counts
