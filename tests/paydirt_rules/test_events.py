"""3) Events: the draft, resolution, long-term cards and the temperature.

Seeds: 000 "3) Events" and "Setup" ¶5; 001 III 艱困階段, 設置 06 and the introduction.
Rules EV-1..EV-9, SU-6; decisions D27-D30; conflicts C2 (`event_ties`), C4
(`event_resolution`), C7 (`temperature_card`) in docs/games/paydirt.md.
"""

from __future__ import annotations

import pytest

from motherlode.engine import Action
from motherlode.engine.position import replace
from motherlode.rules.paydirt import event_cards, events
from motherlode.rules.paydirt.events import Draft, KeepEvent
from motherlode.rules.paydirt.game import PayDirt
from motherlode.rules.paydirt.log import Cooled, EventEnded, EventResolved, Kept
from motherlode.rules.paydirt.phase import Phase
from motherlode.rules.paydirt.state import PayDirtState

SEED = 7
# Cards whose resolution asks nothing (issue 4 gave the others questions: test_event_cards.py).
LONG = ["busted-controls", "snap-freeze", "overslept", "bad-load"]  # long-term (round arrow)
INSTANT = ["harsh-weather", "fools-gold", "thieving-workers", "open-pit-fine"]  # instant


def table(players: int = 4, gold: list[int] | None = None, round_: int = 2, first: int = 0,
          deck: list[str] | None = None, **options: str) -> PayDirtState:
    """A game at the end of a Work phase: gold per seat, the round, the first player, and the
    event deck's top cards (`deck[0]` drawn first; the rest of the deck below them)."""
    state = PayDirt(players=players, **options).new_game(SEED)
    assert isinstance(state, PayDirtState)
    replace(state, round=round_, first_player=first)
    for seat, nuggets in enumerate(gold or [0] * players):
        state.boards[seat].gold = nuggets
    if deck is not None:
        rest = [e for e in state.event_deck + state.event_discard if e not in deck]
        replace(state, event_deck=rest + list(reversed(deck)), event_discard=[])
    return state


def started(players: int = 4, gold: list[int] | None = None, round_: int = 2, first: int = 0,
            deck: list[str] | None = None, **options: str) -> PayDirtState:
    """The same table with the Events phase begun."""
    state = table(players, gold, round_, first, deck, **options)
    events.begin(state)
    return state


def draft_of(state: PayDirtState) -> Draft:
    assert state.phase == Phase.EVENTS and state.draft is not None
    return state.draft


def keep(state: PayDirtState, event: str) -> None:
    state.apply(KeepEvent(event))


def test_actions_one_keep_per_event_card() -> None:
    """EV-1: the only decision is which card to keep: `keep <event id>` for each of the 30."""
    game = PayDirt(players=3)
    kept = events.actions(game.components)
    assert [str(a) for a in kept] == [f"keep {e.id}" for e in game.components.events]
    assert all(game.parse_action(str(a)) == a for a in kept)


def test_least_gold_draws_n_and_passes() -> None:
    """Seed 000 "3) Events", 001 III (EV-1, D27): the least gold draws cards = players, keeps
    one, passes the rest to the next-lowest; the last seat takes the last card, no decision."""
    cards = [LONG[0], INSTANT[0], LONG[1], INSTANT[1]]
    state = started(gold=[5, 2, 9, 0], deck=cards)
    draft = draft_of(state)
    assert draft.order == [3, 1, 0, 2]
    assert state.seat == 3 and sorted(draft.hand) == sorted(cards)
    assert sorted(str(a) for a in state.legal_actions()) == sorted(f"keep {c}" for c in cards)
    keep(state, LONG[0])
    assert state.seat == 1 and sorted(draft.hand) == sorted(cards[1:])
    keep(state, INSTANT[0])
    assert state.seat == 0 and sorted(draft.hand) == sorted(cards[2:])
    keep(state, LONG[1])
    # seat 2, handed one card, took it without a decision; the phase is over (D27)
    assert state.phase == Phase.AUCTION
    assert state.boards[3].events == [LONG[0]] and state.boards[0].events == [LONG[1]]
    assert state.event_discard[-2:] == [INSTANT[0], INSTANT[1]]
    assert Kept(2, forced=True) in state.events()


def test_handed_hands() -> None:
    """EV-1: each seat is handed the draw minus the cards kept before it (what `view.py`
    shows the seat holding the hand)."""
    cards = [LONG[0], INSTANT[0], LONG[1]]
    state = started(players=3, gold=[1, 2, 3], deck=cards)
    draft = draft_of(state)
    keep(state, INSTANT[0])
    assert draft.handed(0) == draft.dealt and sorted(draft.dealt) == sorted(cards)
    assert sorted(draft.handed(1)) == sorted([LONG[0], LONG[1]]) == sorted(draft.hand)
    assert draft.pick_of(0) == INSTANT[0] and draft.pick_of(1) is None


# (gold, first player, event_ties) -> pick order
TIES = [
    ([4, 4, 4, 4], 1, "furthest_first", [0, 3, 2, 1]),  # 000: furthest clockwise first
    ([4, 4, 4, 4], 1, "nearest_first", [1, 2, 3, 0]),  # 001: nearest (first player himself)
    ([3, 3, 1, 3], 1, "furthest_first", [2, 0, 3, 1]),  # least gold first, then the tie
    ([3, 3, 1, 3], 1, "nearest_first", [2, 1, 3, 0]),
    ([2, 0, 2, 5], 3, "furthest_first", [1, 2, 0, 3]),
    ([2, 0, 2, 5], 3, "nearest_first", [1, 0, 2, 3]),
]


@pytest.mark.parametrize(("gold", "first", "ties", "order"), TIES)
def test_tie_order(gold: list[int], first: int, ties: str, order: list[int]) -> None:
    """Seed 000 "3) Events" vs 001 III (EV-2, C2): ties in gold go to the seat furthest
    clockwise from the first player (default) or nearest (`event_ties=nearest_first`)."""
    state = started(gold=gold, first=first, event_ties=ties)
    assert draft_of(state).order == order
    assert state.seat == order[0]


@pytest.mark.parametrize("ties", ["furthest_first", "nearest_first"])
def test_first_player_last_in_round_one(ties: str) -> None:
    """Seed 000 "3) Events", 001 III (EV-3, D27): in round 1 the first player picks last,
    whatever his gold and whatever the tie rule."""
    state = started(gold=[0, 3, 1, 2], round_=1, first=0, event_ties=ties)
    assert draft_of(state).order == [2, 3, 1, 0]
    state = started(gold=[0, 0, 0, 0], round_=1, first=2, event_ties=ties)
    expected = [3, 0, 1, 2] if ties == "nearest_first" else [1, 0, 3, 2]
    assert draft_of(state).order == expected


def test_all_choose_then_resolve(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 001 III "然後所有玩家結算" (EV-4, C4 default, D28): every seat chooses; only then
    do the cards resolve, in pick order; until then no pick is public."""
    resolved: list[tuple[int, str]] = []
    monkeypatch.setattr(event_cards, "resolve",
                        lambda state, seat, event: resolved.append((seat, event)))
    cards = [LONG[0], INSTANT[0], LONG[1], INSTANT[1]]
    state = started(gold=[1, 2, 3, 4], deck=cards)
    discards = len(state.event_discard)
    keep(state, INSTANT[0])
    keep(state, LONG[0])
    assert resolved == [] and all(not b.events for b in state.boards)
    assert len(state.event_discard) == discards and draft_of(state).revealed == 0
    assert not any(c in str(e.to_json()) for e in state.events() for c in cards)
    keep(state, INSTANT[1])
    assert resolved == [(0, INSTANT[0]), (1, LONG[0]), (2, INSTANT[1]), (3, LONG[1])]
    reveals = [e.event for e in state.events() if isinstance(e, EventResolved)]
    assert reveals == [INSTANT[0], LONG[0], INSTANT[1], LONG[1]]


def test_on_pick_resolves_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """C4 other reading (seed 000 "applies one of them to themselves, and passes the rest"):
    `event_resolution=on_pick` resolves and reveals each card when it is kept."""
    resolved: list[tuple[int, str]] = []
    monkeypatch.setattr(event_cards, "resolve",
                        lambda state, seat, event: resolved.append((seat, event)))
    cards = [LONG[0], INSTANT[0], LONG[1]]
    state = started(players=3, gold=[1, 2, 3], deck=cards, event_resolution="on_pick")
    keep(state, LONG[0])
    assert resolved == [(0, LONG[0])] and state.boards[0].events == [LONG[0]]
    assert draft_of(state).revealed == 1 and state.seat == 1
    assert any(getattr(e, "event", None) == LONG[0] for e in state.events())
    keep(state, INSTANT[0])
    assert resolved == [(0, LONG[0]), (1, INSTANT[0]), (2, LONG[1])]


def test_long_term_held_until_next_events() -> None:
    """Seed 000 "3) Events" (EV-5, D30): a long-term card (round arrow) is held by the board
    until the start of the next Events phase; then it is discarded before the draw."""
    state = started(players=2, gold=[0, 1], deck=[LONG[0], INSTANT[0]])
    keep(state, LONG[0])
    assert state.phase == Phase.AUCTION and state.boards[0].events == [LONG[0]]
    assert LONG[0] not in state.event_discard + state.event_deck
    # the next Events phase (after the next Auction and Work)
    replace(state, round=3)
    replace(state, event_deck=[INSTANT[2], INSTANT[1]])
    events.begin(state)
    assert state.boards[0].events == [] and LONG[0] in state.event_discard
    assert EventEnded(0, LONG[0], state.game.names[LONG[0]]) in state.events()


def test_held_card_discarded_before_the_draw() -> None:
    """D30 with SU-6: the held card is discarded first, so a deck re-formed during this draw
    may deal it again."""
    state = started(players=2, gold=[0, 1], deck=[LONG[0], INSTANT[0]])
    keep(state, LONG[0])
    replace(state, event_deck=[], event_discard=[INSTANT[1]])
    events.begin(state)  # the deck is re-formed from the discards, the held card among them
    assert sorted(draft_of(state).dealt) == sorted([LONG[0], INSTANT[1]])


def test_instant_discarded() -> None:
    """Seed 000 "3) Events" (EV-6): an instant card (lightning) acts and is discarded."""
    state = started(players=2, gold=[0, 1], deck=[INSTANT[0], LONG[0]])
    keep(state, INSTANT[0])
    assert state.boards[0].events == [] and state.event_discard[-1] == INSTANT[0]
    assert state.boards[1].events == [LONG[0]]


def drop(state: PayDirtState, event: str) -> int:
    return state.game.event_by_id[event].temperature_drop


@pytest.mark.parametrize("first", [0, 2])
def test_temperature_from_first_players_card(first: int) -> None:
    """Seed 000 "3) Events", 001 III "主礦工獲得的艱困卡" (EV-9, C7 default, D29): the
    temperature drops by the card the first player kept, after resolution."""
    cards = [LONG[1], INSTANT[1], LONG[2]]  # three different drops in the data
    state = started(players=3, gold=[0, 1, 2], first=first, deck=cards)
    assert draft_of(state).order == [0, 1, 2]
    assert len({drop(state, c) for c in cards}) == 3
    before = state.temperature
    for card in cards[:2]:
        keep(state, card)
    assert state.temperature == before - drop(state, cards[first])
    assert any(isinstance(e, Cooled) and e.drop == drop(state, cards[first])
               for e in state.events())


def test_temperature_most_gold_option() -> None:
    """Seed 001 introduction "當金塊數最多的玩家拿到艱困卡後…調整當前的溫度" (C7 other reading,
    `temperature_card=most_gold`): the card of the seat with most gold, the last to pick."""
    cards = [INSTANT[2], LONG[2], LONG[1]]
    state = started(players=3, gold=[9, 0, 4], first=1, deck=cards,
                    temperature_card="most_gold")
    assert draft_of(state).order == [1, 2, 0]
    before = state.temperature
    keep(state, cards[0])
    keep(state, cards[1])
    assert state.temperature == before - drop(state, cards[2])
    assert state.boards[0].events == [cards[2]]


def test_temperature_at_zero_makes_next_round_last() -> None:
    """Seed 000 "Sequence of Play" (D29): the drop is applied in this Events phase; at 0 °C
    or lower the next round is the last (rounds.py)."""
    cards = [LONG[1], INSTANT[0]]
    state = table(players=2, gold=[0, 1], deck=cards)
    replace(state, temperature=drop(state, LONG[1]))
    events.begin(state)
    keep(state, LONG[1])
    assert state.temperature == 0 and state.last_round


def test_deck_reshuffles_discards() -> None:
    """Seed 000 Setup ¶5, 001 設置 06 (SU-6): when the event deck runs out, the discards are
    shuffled into a new deck and the draw goes on."""
    state = table(players=4, gold=[0, 1, 2, 3])
    discards = [LONG[1], INSTANT[1], LONG[2], INSTANT[2], LONG[3]]
    replace(state, event_deck=[LONG[0], INSTANT[0]], event_discard=discards.copy())
    events.begin(state)
    dealt = draft_of(state).dealt
    assert len(dealt) == 4 and {LONG[0], INSTANT[0]} <= set(dealt)
    assert state.event_discard == [] and len(state.event_deck) == 3
    assert set(dealt) | set(state.event_deck) == {LONG[0], INSTANT[0], *discards}


def test_draft_copy_is_independent() -> None:
    """The bookkeeping of the phase is copied with the state (`clone`)."""
    state = started(gold=[0, 1, 2, 3], deck=[LONG[0], INSTANT[0], LONG[1], INSTANT[1]])
    other = state.clone()
    keep(other, LONG[0])
    assert draft_of(state).picks == [] and sorted(draft_of(state).hand) == sorted(
        draft_of(state).dealt)
    assert draft_of(other).picks == [LONG[0]]


def test_legal_only_the_holder_decides() -> None:
    """EV-1: the legal actions are the holder's hand; nothing else is legal in the draft."""
    state = started(gold=[0, 1, 2, 3], deck=[LONG[0], INSTANT[0], LONG[1], INSTANT[1]])
    legal: list[Action] = state.legal_actions()
    assert set(legal) == {KeepEvent(c) for c in draft_of(state).hand}
    assert state.current_player == draft_of(state).holder == 0


@pytest.mark.parametrize(
    ("specialist", "category", "protected"),
    [
        ("kaylee-wrench", "equipment", True),
        ("killian-igneous", "claim", True),
        ("patrick-oshay", "specialist", True),
        ("kaylee-wrench", "claim", False),
        ("butch-deadlift", "equipment", False),
    ],
)
def test_immunity_hook_cancels_a_card_of_its_category(
    specialist: str, category: str, protected: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """EV-8 (seed 000 Events; seed 001 card notes): a specialist that cancels events of a
    category protects its owner: the card's effect is not resolved, and the log says so."""
    events_module = events
    state = PayDirt(players=2).new_game(1)
    assert isinstance(state, PayDirtState)
    parts = state.game.components
    ids = {s.id for s in parts.specialists}
    assert specialist in ids, sorted(ids)
    state.boards[0].specialists.append(specialist)
    event = next(e.id for e in parts.events if e.category == category)
    called: list[str] = []
    monkeypatch.setattr(event_cards, "resolve", lambda s, seat, e: called.append(e))
    events_module.resolve(state, 0, event)
    assert (called == []) is protected
    last = state.events()[-1]
    assert isinstance(last, EventResolved) and last.immune is protected


def test_most_gold_option_uses_the_richest_seats_card_even_in_round_one() -> None:
    """C7 (`temperature_card=most_gold`, seed 001 introduction): the card of the player with
    the most gold cools, not the last picker's (in round 1 the first player picks last)."""
    state = PayDirt(players=3, temperature_card="most_gold").new_game(1)
    assert isinstance(state, PayDirtState)
    state.boards[1].gold = 7
    events.begin(state)
    while state.phase in (Phase.EVENTS, Phase.CHOOSE):  # a card may ask its holder
        state.apply(state.legal_actions()[0])
    cooled = [e for e in state.events() if isinstance(e, Cooled)]
    assert cooled and cooled[-1].seat == 1
