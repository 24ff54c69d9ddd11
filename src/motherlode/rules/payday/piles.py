"""The three decks: drawing the top card, the discards shuffled in when a deck runs out.

Seed 002 "Set It Up!" (three decks, face down). The seed does not say what happens when a deck
runs out; its discard pile is shuffled to make it again (designed, docs/games/payday.md).
"""

from __future__ import annotations

from .model import PayDayModel


def take_top(state: PayDayModel, deck: list[str], discard: list[str]) -> str:
    """The top card of `deck` (its last), the `discard` pile shuffled in first if the deck is
    empty; "" when both are empty."""
    if not deck and discard:
        deck.extend(discard)
        discard.clear()
        state.rng.shuffle(deck)
    return deck.pop() if deck else ""
