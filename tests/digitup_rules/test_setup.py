"""Seed 003 "Components" and "Game set-up"."""

from __future__ import annotations

from collections import Counter

import pytest

from digitup_rules.helpers import game, playing, roll, set_site
from motherlode.rules.digitup.actions import Dig
from motherlode.rules.digitup.components import KINDS, STONE
from motherlode.rules.digitup.phase import EMPTY, ON_LABEL, Phase
from motherlode.rules.digitup.setup import place_site


def test_components_counts() -> None:
    """Components: 70 tiles (60 treasure of 6 types, 10 stone), 15 missions, 50 chance cards."""
    g = game(4)
    kinds = Counter(KINDS[k] for k in g.tile_kind)
    assert sum(kinds.values()) == 70
    assert kinds["stone"] == 10
    assert len(g.components.missions) == 15
    assert len(g.chance_deck) == 50
    # Gold set table runs to 10 tiles; all ancient scrolls have a star.
    assert kinds["gold"] >= 10
    assert all(
        star for k, star in zip(g.tile_kind, g.tile_star, strict=True) if KINDS[k] == "scroll"
    )


@pytest.mark.parametrize("players", [4, 5])
def test_setup_sites_stone_first(players: int) -> None:
    """Set-up 1-2: 10 piles of 7 tiles laid out by letter, the stone swapped to the front."""
    for seed in range(20):
        state = game(players).new_game(seed)
        assert len(state.game.sites) == 10
        for s in range(10):
            row = state.board[s * 7 : s * 7 + 7]
            assert EMPTY not in row
            assert state.game.tile_kind[row[0]] == STONE
            assert sorted(row) == list(state.game.site_tiles[s])


def test_setup_swap_keeps_the_treasure_order() -> None:
    """Set-up 2: "swap the stone tile ... with the leftmost treasure tile": only two tiles move."""
    state = game(4).new_game(0)
    tiles = state.game.site_tiles[0]
    stone = next(i for i, t in enumerate(tiles) if state.game.tile_kind[t] == STONE)
    order = [i for i in range(7) if i != stone]
    order.insert(4, stone)  # the stone was laid in space 5
    place_site(state, 0, tiles, order)
    laid = [tiles[i] for i in order]
    expected = [laid[4], *laid[1:4], laid[0], *laid[5:]]
    assert state.board[0:7] == expected


def test_setup_pickaxes_on_labels_and_missions_dealt() -> None:
    """Set-up 3 and 6: pickaxes on the labels; 3 missions dealt to each player, all different."""
    state = game(5).new_game(3)
    assert state.pickaxe == [ON_LABEL] * 10
    dealt = [m for hand in state.dealt for m in hand]
    assert all(len(hand) == 3 for hand in state.dealt)
    assert len(set(dealt)) == 15
    assert state.phase == Phase.MISSIONS


def test_each_player_keeps_one_mission_secretly() -> None:
    """Set-up 6: keep 1 of 3; kept secret until the end."""
    state = game(3).new_game(9)
    hand = state.dealt[0]
    legal = [str(a) for a in state.legal_actions()]
    assert legal == [f"keep {state.game.components.missions[m].id}" for m in hand]
    state.apply(state.legal_actions()[1])
    assert state.mission[0] == hand[1]
    assert state.current_player == 1
    other = state.view(1)["scoreboards"][0]
    assert "mission" not in other and other["mission_kept"] is True
    assert state.view(0)["scoreboards"][0]["mission"] == state.game.components.missions[hand[1]].id


def test_oldest_player_first_then_clockwise() -> None:
    """How to play: the oldest player (seat 0) goes first; turns move clockwise (to the left)."""
    state = playing(4)
    set_site(state, "amazon", ["stone", "gold", "crystal", "ruby", "incense", "statue", "knife"])
    roll(state, 1, 1, 1, 1, 1)
    order = []
    for _ in range(5):
        order.append(state.current_player)
        state.apply(Dig("amazon"))
    assert order == [0, 1, 2, 3, 0]
