"""3) Events: the draft of event cards, their resolution and the temperature (seed 000
"3) Events"; seed 001 III 艱困階段; docs/games/paydirt.md EV-1..EV-9, D27-D32, D38, C2-C4, C7).

The phase, step by step:
1. `begin`: the long-term cards still held are discarded (D30); the draft order is fixed
   (`draft_order`, D27: ascending gold, ties by `event_ties` (C2), round 1 the first player
   last); the first seat draws as many cards as there are players (`draw`, the deck re-formed
   from the discards when it runs out: SU-6).
2. `keep <event id>` (`KeepEvent`): the seat holding the hand keeps one card and passes the
   rest to the next seat in the order; a seat handed a single card takes it without a decision.
3. Resolution in pick order (D28): with `event_resolution=after_draft` (default, C4) when every
   seat has a card, with `on_pick` at each pick. A long-term card (round arrow) is held on the
   board until the next Events phase (EV-5), an instant one (lightning) is discarded (EV-6).
   The card's own ability is `event_cards.resolve`; it may ask its holder (choices.py). Remy
   Roulette's holder is first asked whether to swap the card (`offer_swap`).
4. `cool` (EV-9, C7, D29): the temperature drops by the first player's card (or, with
   `temperature_card=most_gold`, by the card of the last to pick); then `state.phase_over()`
   (rounds.py: the last-round check, Income, the next round).

Hidden information: a hand is seen only by the seat holding it; a pick stays secret until it is
resolved (the log's `Kept` event names no card). `view.py` decides what each seat sees from the
`Draft` fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from motherlode.engine import Action

from . import choices, event_cards, specialists
from .held_cards import choosable, immune
from .log import (
    Cooled,
    EventEnded,
    EventResolved,
    EventRevealed,
    EventsDrawn,
    EventsReshuffled,
    EventSwapped,
    Kept,
)
from .phase import Phase
from .records import Choice, Draft

if TYPE_CHECKING:
    from .components import Components
    from .model import PayDirtModel


REMY = "remy-roulette"  # the specialist whose holder may swap a kept event (`swap_event`)


@dataclass(frozen=True, slots=True)
class KeepEvent(Action):
    """Keep this event card from the hand held and pass the rest on (seed 000 "3) Events")."""

    event: str

    def __str__(self) -> str:
        return f"keep {self.event}"


def actions(parts: Components) -> list[Action]:
    """Every action of the phase: `keep <event id>`, one per event card."""
    return [KeepEvent(event.id) for event in parts.events]


# --- the start of the phase ----------------------------------------------------------------
def begin(state: PayDirtModel) -> None:
    """Events begins (after Work): held long-term cards end (D30), the draft order is fixed
    and its first seat draws a card per player (EV-1)."""
    state.phase = Phase.EVENTS
    end_long_term(state)
    order = draft_order(state)
    dealt = sort_cards(state, draw(state, len(order)))
    state.draft = Draft(order, dealt, dealt.copy(), [])
    state.seat = order[0]
    state.log.append((EventsDrawn, order[0], len(dealt)))
    settle(state)


def end_long_term(state: PayDirtModel) -> None:
    """D30 (EV-5): a long-term card lasts until the start of the next Events phase; it is
    discarded before the draw, so it may be drawn again at once."""
    for seat, board in enumerate(state.boards):
        event_cards.end_held(state, seat)  # Bad Roads' tiles arrive; the cards' marks go
        for event in board.events:
            state.event_discard.append(event)
            state.log.append((EventEnded, seat, event, state.game.names[event]))
        board.events.clear()


def draft_order(state: PayDirtModel) -> list[int]:
    """D27 (EV-1..EV-3): least gold first (all nuggets); ties by `event_ties` (C2): seed 000's
    furthest clockwise from the first player first, or seed 001's nearest (the first player
    himself nearest); in round 1 the first player picks last whatever his gold."""
    n = state.game.num_players
    first = state.first_player
    furthest = state.game.option("event_ties") == "furthest_first"

    def rank(seat: int) -> tuple[int, int]:
        distance = (seat - first) % n
        return (state.boards[seat].gold, -distance if furthest else distance)

    order = sorted(range(n), key=rank)
    if state.round == 1:
        order.remove(first)
        order.append(first)
    return order


def draw(state: PayDirtModel, count: int) -> list[str]:
    """The top `count` event cards; when the deck runs out, the discards are shuffled into a
    new deck (SU-6: seed 000 Setup; seed 001 設置 06). Fewer if there are no cards left."""
    cards: list[str] = []
    while len(cards) < count:
        if not state.event_deck:
            if not state.event_discard:
                break
            state.event_deck.extend(state.event_discard)
            state.event_discard.clear()
            state.rng.shuffle(state.event_deck)
            state.log.append((EventsReshuffled, None, len(state.event_deck)))
        cards.append(state.event_deck.pop())
        if cards[-1] == state.event_top:
            state.event_top = ""  # the card Remy Roulette put back face up is drawn
    return cards


def sort_cards(state: PayDirtModel, cards: list[str]) -> list[str]:
    """A hand in data order: the order of the draw is no one's knowledge."""
    rank = {event.id: n for n, event in enumerate(state.game.components.events)}
    return sorted(cards, key=rank.__getitem__)


# --- the draft -------------------------------------------------------------------------------
def legal(state: PayDirtModel) -> list[Action]:
    """Keep one card of the hand held (data order); not Good Find without gold (D31)."""
    draft = state.draft
    if draft is None or draft.holder is None:
        return []
    hand = draft.hand
    return [KeepEvent(e) for e in hand if choosable(state, draft.holder, e, hand)]


def apply(state: PayDirtModel, action: Action) -> None:
    """`keep <event id>`: the holder keeps that card and passes the rest on."""
    if isinstance(action, KeepEvent):
        keep(state, action.event, chosen=True)
        settle(state)


def keep(state: PayDirtModel, event: str, *, chosen: bool) -> None:
    """The holder keeps `event` (secret until resolution under `after_draft`, C4) and hands the
    rest to the next seat in the order (EV-1)."""
    draft = state.draft
    if draft is None:
        return
    seat = state.seat
    draft.hand.remove(event)
    draft.picks.append(event)
    state.log.append((Kept, seat, not chosen))  # D27: a single card is taken without a decision
    if state.game.option("event_resolution") == "on_pick":
        resolve_pending(state)
        if state.choice is not None:
            return  # a card asks its holder first; `resume` goes on
    holder = draft.holder
    if holder is not None:
        state.seat = holder


def settle(state: PayDirtModel) -> None:
    """D27: a seat handed a single card takes it without a decision; when every seat has a
    card (or the cards ran out) the draft ends."""
    draft = state.draft
    if draft is None or state.choice is not None:
        return
    while draft.holder is not None and len(draft.hand) == 1:
        keep(state, draft.hand[0], chosen=False)
        if state.choice is not None:
            return
    if draft.holder is None:
        finish(state)


def finish(state: PayDirtModel) -> None:
    """The draft is over: every pick resolves in pick order (D28; at once under `on_pick`),
    the temperature drops (EV-9, D29), and the phase ends."""
    resolve_pending(state)
    if state.choice is not None:
        return  # a card asks its holder first; `resume` goes on
    cool(state)
    state.phase_over()


def resume(state: PayDirtModel) -> None:
    """A card's questions are answered: resolution, then the draft, go on where they stopped."""
    draft = state.draft
    if draft is None:
        return
    resolve_pending(state)
    if state.choice is not None:
        return
    if draft.holder is not None:
        state.seat = draft.holder
        settle(state)
    else:
        finish(state)


# --- resolution ------------------------------------------------------------------------------
def resolve_pending(state: PayDirtModel) -> None:
    """Resolve the picks not yet resolved, in pick order (D28). Resumable: `draft.revealed`
    counts those done."""
    draft = state.draft
    if draft is None:
        return
    while draft.revealed < len(draft.picks):
        index = draft.revealed
        draft.revealed += 1
        resolve(state, draft.order[index], draft.picks[index])
        if state.choice is not None:
            return


def resolve(state: PayDirtModel, seat: int, event: str, *, swap: bool = True) -> None:
    """Reveal a kept card and resolve it: a long-term card (round arrow) is held to the right
    of the board until the next Events phase (EV-5), an instant card (lightning) is discarded
    (EV-6), a card its holder is immune to is discarded and does nothing (EV-8); then the
    card's ability (`event_cards.resolve`), which may ask its holder to choose. Remy
    Roulette's holder is first asked whether to swap the card (`swap`: not asked yet)."""
    if swap and offer_swap(state, seat, event):
        return  # the answer resolves the card kept or the one drawn instead
    card = state.game.event_by_id[event]
    protected = immune(state, seat, event)
    state.log.append((EventResolved, seat, event, card.name, card.long_term, protected))
    if card.long_term and not protected:
        state.boards[seat].events.append(event)
    else:
        state.event_discard.append(event)  # an instant card, or one its holder is immune to
    if not protected:
        event_cards.resolve(state, seat, event)


# --- Remy Roulette ----------------------------------------------------------------------------
def offer_swap(state: PayDirtModel, seat: int, event: str) -> bool:
    """Remy Roulette: his holder's kept card is revealed, then the holder is asked whether to
    swap it for the unseen top card of the event deck. True when asked."""
    board = state.boards[seat]
    if not board.specialists and not board.borrowed:
        return False
    if specialists.has(state, seat, "swap_event") is None:
        return False
    if not state.event_deck and not state.event_discard:
        return False
    state.log.append((EventRevealed, seat, event, state.game.names[event]))
    return choices.ask(state, seat, REMY, "swap", ["yes", "no"], choices.RESUME_EVENTS, [event])


@choices.handler(REMY)
def _remy_chosen(state: PayDirtModel, choice: Choice, option: str) -> None:
    """Yes: the top card of the deck is drawn and resolves instead (its temperature counts);
    the card given up goes on top of the deck face up (`state.event_top`)."""
    seat, kept = choice.seat, choice.memo[0]
    if option == "yes":
        drawn = draw(state, 1)
        if drawn:
            new = drawn[0]
            state.event_deck.append(kept)
            state.event_top = kept
            draft = state.draft
            if draft is not None and draft.pick_of(seat) == kept:
                draft.swaps[draft.order.index(seat)] = new
            names = state.game.names
            state.log.append((EventSwapped, seat, kept, names[kept], new, names[new]))
            kept = new
    resolve(state, seat, kept, swap=False)


# --- the temperature -------------------------------------------------------------------------
def cool(state: PayDirtModel) -> None:
    """EV-9 (C7, D29): the temperature drops by the number on the card kept by the first
    player (seed 000; seed 001 III), or with `temperature_card=most_gold` by the card of the
    seat with the most gold (seed 001 introduction; on a tie, the tied seat that picked
    last). rounds.py then checks it."""
    draft = state.draft
    if draft is None or not draft.picks:
        return
    if state.game.option("temperature_card") == "most_gold":
        pickers = draft.order[: len(draft.picks)]
        most = max(state.boards[s].gold for s in pickers)
        seat = [s for s in pickers if state.boards[s].gold == most][-1]
    else:
        seat = state.first_player
    event = draft.pick_of(seat)
    if event is None:
        return
    drop = state.game.event_by_id[event].temperature_drop
    state.temperature -= drop
    state.log.append((Cooled, seat, event, state.game.event_by_id[event].name, drop,
                      state.temperature))
