"""What a seat cannot tell apart: `determinize(state, seat, rng)` deals every unseen part again.

Hidden (issue 5, seed 004; what `view.py` shows): the other hands, the pile's order, the cards
set aside, other seats' face-down discards, the dwarves the seat has not seen (with the undealt
and the dropped ones), the goals it has not looked at (a Map's), and the base mode's gold-card
deck. `determinize` deals them again, rewrites the other seats' `discard` actions in the history
and the goals their Maps showed in the log (`log.PlayedAt`, blanked by its `seen_by`) to match,
blanks the cards of other seats' draws in the log (`log.Drew`: never seen by `seat`), and
reseeds.
"""

from __future__ import annotations

import random
from typing import TypeVar

from .log import Drew, PlayedAt, RoundBegan
from .model import SaboteurModel

M = TypeVar("M", bound=SaboteurModel)


def determinize(state: M, seat: int, rng: random.Random) -> M:
    """A state `seat` cannot tell from this one, every unseen part dealt again."""
    other = state.clone()
    _deal_unseen_cards(other, seat, rng)
    over = state.phase >= state.phase.STEAL  # the round's end turned every dwarf and goal up
    _deal_unseen_dwarves(other, seat, rng, dealt_known=over)
    if not over:
        _deal_unseen_goals(other, seat, rng)
    rng.shuffle(other.gold_deck)
    _rewrite_discards(other, seat, rng)
    _rewrite_maps(other, seat)
    _blank_draws(other, seat)
    other._reseed(rng)
    return other


def _deal_unseen_cards(state: SaboteurModel, seat: int, rng: random.Random) -> None:
    """Every card `seat` has not seen, dealt again into the same places and sizes; a hand the
    seat knows part of (Swap your hand) keeps those cards. Other seats' knowledge of hands is
    dropped (it was of the real hands)."""
    others = [s for s in range(state.game.num_players) if s != seat]
    slots = [*(state.hands[s] for s in others), *(state.hidden_discards[s] for s in others),
             state.removed, state.pile]
    pool = [card for slot in slots for card in slot]
    kept = {held: cards for (knower, held), cards in state.known_hands.items() if knower == seat}
    for cards in kept.values():
        for card in cards:
            pool.remove(card)
    rng.shuffle(pool)
    at = 0
    for slot, owner in zip(slots, [*others, *([None] * (len(slots) - len(others)))],
                           strict=True):
        known = list(kept.get(owner, ())) if owner is not None else []
        size = len(slot) - len(known)
        slot[:] = known + pool[at:at + size]
        at += size
    state.known_hands = {key: cards for key, cards in state.known_hands.items()
                         if key[0] == seat}


def _deal_unseen_dwarves(state: SaboteurModel, seat: int, rng: random.Random,
                         dealt_known: bool) -> None:
    """Other players' dwarves not inspected (unless `dealt_known`: the round's end showed them),
    the undealt ones and those others dropped (Swap your hats), dealt again."""
    known = state.inspected[seat]
    unseen = [] if dealt_known else [s for s in range(state.game.num_players)
                                     if s != seat and s not in known]
    dropped = [i for i, (s, _) in enumerate(state.dropped_dwarves) if s != seat]
    pool = [*(state.dwarves[s] for s in unseen), *state.spare_dwarves,
            *(state.dropped_dwarves[i][1] for i in dropped)]
    rng.shuffle(pool)
    for s in unseen:
        state.dwarves[s] = pool.pop()
    for i in dropped:
        state.dropped_dwarves[i] = (state.dropped_dwarves[i][0], pool.pop())
    state.spare_dwarves[:] = pool
    for s, seen in enumerate(state.inspected):
        if s != seat:
            state.inspected[s] = {t: state.dwarves[t] for t in seen}


def _deal_unseen_goals(state: SaboteurModel, seat: int, rng: random.Random) -> None:
    face_down = state.maze.face_down
    cells = sorted(cell for cell in face_down if cell not in state.maps[seat])
    cards = [face_down[cell] for cell in cells]
    rng.shuffle(cards)
    face_down.update(zip(cells, cards, strict=True))
    for s, known in enumerate(state.maps):
        if s != seat:  # a goal since turned up stays as it was seen (it is public now)
            state.maps[s] = {cell: face_down[cell].id if cell in face_down else card
                             for cell, card in known.items()}


def _rewrite_discards(state: SaboteurModel, seat: int, rng: random.Random) -> None:
    """Other seats' `discard` actions: this round's from the cards dealt again; earlier rounds'
    (whose cards nothing now depends on) from the deck at random."""
    game = state.game
    taken = [0] * game.num_players
    for index, who, round_ in state.secret_steps:
        if who == seat:
            continue
        if round_ == state.round:
            card = state.hidden_discards[who][taken[who]]
            taken[who] += 1
        else:
            card = rng.choice(game.deck_ids)
        state.history[index] = game.discard_action[card]




def _rewrite_maps(state: SaboteurModel, seat: int) -> None:
    """Other seats' Map events of this round say what the goals dealt again show (each seat's
    `maps` were rewritten to them); a goal turned up since, or an earlier round's (every goal
    was turned up at its end), stays as it was."""
    log = state.log
    round_ = 0
    for at, entry in enumerate(log):
        cls = entry[0]
        if cls is RoundBegan:
            round_ = entry[2]
        elif cls is PlayedAt and entry[1] != seat and entry[5] is not None \
                and round_ == state.round:
            cell = entry[3]
            goal = state.maze.face_down.get(cell)
            if goal is not None:
                log[at] = (*entry[:5], goal.id, goal.treasure)


def _blank_draws(state: SaboteurModel, seat: int) -> None:
    """Other seats' draws in the log keep how many cards, not which (the cards were dealt
    again): `seat` never sees those entries, and a sample carries no trace of the real ones."""
    log = state.log
    for at, entry in enumerate(log):
        if entry[0] is Drew and entry[1] != seat:
            log[at] = (Drew, entry[1], entry[2], ())
