"""The decision's prompt agrees with its options (issue 19: "Pay Dirt says 'bid or pass' to an
opener who cannot pass")."""

from __future__ import annotations

import motherlode


def test_the_opener_is_asked_to_bid_and_the_next_bidder_to_bid_or_pass() -> None:
    """Seed 000 "Bidding": "The first player chooses one of the face-up tiles ... and offers a
    sum for it no less than the amount shown on the tile. Other players, in clockwise order,
    may offer a higher amount or pass."""
    game = motherlode.load("paydirt", players=3)
    state = game.new_game(5)
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("pick ")))
    opener = state.view(state.current_player)["decision"]
    assert [group["verb"] for group in opener["groups"]] == ["bid"]
    assert "pass" not in opener["prompt"] and opener["prompt"].endswith("open the bidding: bid")
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("bid ")))
    bidder = state.view(state.current_player)["decision"]
    assert [group["verb"] for group in bidder["groups"]] == ["bid", "pass"]
    assert bidder["prompt"].endswith("bid or pass")
