"""Event cards played at the start of one's own turn, and Not Today! cancelling them.

Seed 002 "Event" ("You may play these at any time, on any player's turn. After you use the
card, discard it. If an Event card requires you to pay the bank or another player and you don't
have enough money, you must take out a loan"), "Notes About Event Cards" ("You can play the 'Not
Today!' Event card to cancel any Event card when another player plays one. The 'Not Today!' card
cancels only one card"); docs/games/payday.md "Out-of-turn decisions" (the windows).
Cards: collect-bank-5 ($200 from the bank), collect-each-3 ($100 from each), extra-move-4 (up to
3 more steps), extra-move-1 (1 more), buyer-1, bargain-1.
"""

from __future__ import annotations

import pytest

from motherlode.engine.position import replace
from motherlode.rules.payday.state import PayDayState

from .scenario import (
    EVENT,
    act,
    empty_hands,
    events,
    finish,
    hold,
    new,
    on_top,
    phase,
    refused,
    script,
    texts,
    turn_at,
)


def holding(cards: list[str], players: int = 4, **others: list[str]) -> PayDayState:
    """Seat 0 to play from START holding the Event cards `cards`; `others` by "seatN"."""
    state = new(players)
    empty_hands(state)
    hold(state, 0, events=cards)
    for name, held in others.items():
        hold(state, int(name.removeprefix("seat")), events=held)
    turn_at(state, 0, 0)
    return state


def test_own_event_cards_are_played_at_the_start_of_the_turn() -> None:
    """seed 002 "Event": "You may play these at any time" (a window at the start of one's own
    turn for the cards that are not answers, but an extra move, which waits for the roll;
    the other windows: test_windows.py)."""
    state = holding(["collect-bank-5", "extra-move-4", "buyer-1", "bargain-1",
                     "collect-each-3", "market-hit-4", "not-today-1"])
    assert texts(state) == {"roll", "roll both", "play collect-bank-5", "play buyer-1",
                            "play bargain-1", "play collect-each-3"}
    refused(state, "play market-hit-4", "against another player's sale")
    refused(state, "play not-today-1", "cancels an Event card another player plays")
    refused(state, "play extra-move-4", "after the roll and before moving")


def test_another_seats_event_cards_are_not_playable_on_my_turn() -> None:
    """docs/games/payday.md "Out-of-turn decisions" (own plays on one's own turn only)."""
    state = holding([], seat1=["collect-bank-5"])
    refused(state, "play collect-bank-5")


def test_collect_from_the_bank() -> None:
    """seed 002 "Event": a card that pays from the bank; "After you use the card, discard it"."""
    state = holding(["collect-bank-5"])
    act(state, "play collect-bank-5")
    assert state.cash[0] == 1000
    assert state.event_cards[0] == [] and state.event_discard == ["collect-bank-5"]
    assert phase(state) == "start" and state.current_player == 0  # the roll is still to come
    assert events(state, "play") == [{"event": "play", "seat": 0, "card": "collect-bank-5"}]


def test_collect_from_each_player_borrowing_if_short() -> None:
    """seed 002 "Event": "If an Event card requires you to pay ... another player and you don't
    have enough money, you must take out a loan to cover the cost"."""
    state = holding(["collect-each-3"])
    hold(state, 2, cash=60)
    act(state, "play collect-each-3")
    assert state.cash == [1100, 700, 960, 700]
    assert state.loan == [0, 0, 1000, 0]


@pytest.mark.parametrize(("card", "top"), [("extra-move-1", 4), ("extra-move-4", 6)])
def test_an_extra_move_lets_the_player_go_further(card: str, top: int) -> None:
    """seed 002 "Event" (an extra-move card: up to its number of spaces more than the roll)."""
    state = holding([card])
    script(state, EVENT)
    act(state, "roll", f"play {card}")
    assert phase(state) == "steps"
    assert texts(state) == {f"move {n}" for n in range(EVENT, top + 1)}


def test_one_extra_move_a_turn() -> None:
    """seed 002 "Event" (designed: one extra-move card a turn, played after the roll)."""
    state = holding(["extra-move-1", "extra-move-4"])
    script(state, EVENT)
    act(state, "roll", "play extra-move-4")
    assert "play extra-move-1" not in texts(state)
    refused(state, "play extra-move-1", "one extra move a turn")


def test_a_buyer_event_sells_before_the_roll() -> None:
    """seed 002 "Event" (a Buyer card: as the Buyer space, "choose one, and collect the resale
    price")."""
    state = holding(["buyer-1"])
    hold(state, 0, bargains=["guitar"], events=["buyer-1"])
    act(state, "play buyer-1")
    assert phase(state) == "sell" and texts(state) == {"sell guitar"}
    act(state, "sell guitar")
    assert state.cash[0] == 1400
    assert phase(state) == "start" and state.current_player == 0


def test_a_bargain_event_draws_a_bargain() -> None:
    """seed 002 "Event" (a Bargain card: as the Bargain space, "draw a Bargain card")."""
    state = holding(["bargain-1"])
    on_top(state, "bargain", "toaster")
    act(state, "play bargain-1")
    assert texts(state) == {"buy toaster", "auction toaster"}
    act(state, "buy toaster")
    assert state.bargains[0] == ["toaster"] and phase(state) == "start"


# ---- Not Today! cancels an Event card ------------------------------------------------------


def test_not_today_cancels_an_event_played_at_the_start_of_a_turn() -> None:
    """seed 002 "Notes About Event Cards": "You can play the 'Not Today!' Event card to cancel
    any Event card when another player plays one"."""
    state = holding(["collect-each-3"], seat2=["not-today-1"])
    act(state, "play collect-each-3")
    assert phase(state) == "cancel" and state.current_player == 2
    assert texts(state) == {"not today", "allow"}
    assert state.view(1)["played"] == {"seat": 0, "card": "collect-each-3", "not_today": []}
    act(state, "not today")
    assert state.cash == [800] * 4
    assert sorted(state.event_discard) == ["collect-each-3", "not-today-1"]
    assert state.event_cards[2] == []
    assert events(state, "cancel") == [{"event": "cancel", "seat": 2, "card": "collect-each-3"}]
    assert phase(state) == "start" and state.current_player == 0


def test_allowed_the_event_card_takes_effect() -> None:
    """seed 002 "Notes About Event Cards": "You can play" Not Today! (a choice)."""
    state = holding(["collect-bank-5"], seat1=["not-today-1"], seat3=["not-today-2"])
    act(state, "play collect-bank-5")
    assert state.current_player == 1
    act(state, "allow")
    assert state.current_player == 3
    act(state, "allow")
    assert state.cash[0] == 1000
    assert state.event_cards[1] == ["not-today-1"] and state.event_cards[3] == ["not-today-2"]


def test_one_not_today_cancels_one_card() -> None:
    """seed 002 "Notes About Event Cards": "The 'Not Today!' card cancels only one card" (the
    next holder is asked about the Not Today! itself, not the card, and may keep its own)."""
    state = holding(["collect-bank-5"], seat1=["not-today-1"], seat3=["not-today-2"])
    act(state, "play collect-bank-5", "not today")
    assert phase(state) == "cancel" and state.current_player == 3
    act(state, "allow")
    assert state.event_cards[3] == ["not-today-2"]
    assert state.cash[0] == 800 and "collect-bank-5" in state.event_discard
    assert phase(state) == "start" and state.current_player == 0


# ---- a Not Today! is an Event card: it can be cancelled too (chains) -----------------------
# seed 002 "Notes About Event Cards": "You can play the "Not Today!" Event card to cancel any
# Event card when another player plays one."


def test_a_chain_of_two_not_todays_lets_the_card_stand() -> None:
    """seed 002 "Notes About Event Cards": "You can play the "Not Today!" Event card to cancel
    any Event card when another player plays one": seat 2's Not Today! is an Event card another
    player played, so seat 0 (the card's player) cancels it, and its card stands."""
    state = holding(["collect-each-3", "not-today-1"], seat2=["not-today-2"])
    act(state, "play collect-each-3", "not today")
    assert phase(state) == "cancel" and state.current_player == 0
    assert texts(state) == {"not today", "allow"}
    assert state.view(1)["played"] == {"seat": 0, "card": "collect-each-3", "not_today": [2]}
    prompt = state.decision()["prompt"]
    assert "Seat 2 plays Not Today!" in prompt and "is cancelled unless you cancel it" in prompt
    act(state, "not today")
    assert state.cash == [1100, 700, 700, 700]
    assert state.event_cards[0] == [] and state.event_cards[2] == []
    assert sorted(state.event_discard) == ["collect-each-3", "not-today-1", "not-today-2"]
    assert events(state, "cancel") == [{"event": "cancel", "seat": 2, "card": "collect-each-3"}]
    assert events(state, "cancel not today") == [
        {"event": "cancel not today", "seat": 0, "against": 2, "card": "collect-each-3",
         "stands": True}]
    assert phase(state) == "start" and state.current_player == 0
    assert state.view(0)["played"] is None


def test_a_chain_of_three_not_todays_cancels_the_card() -> None:
    """seed 002 "Notes About Event Cards": "You can play the "Not Today!" Event card to cancel
    any Event card when another player plays one": a third Not Today! cancels the second, so
    the first stands and the card is cancelled; each Not Today! asks every other holder again,
    in turn order from its player's left."""
    state = holding(["collect-each-3", "not-today-1"], seat1=["not-today-2"],
                    seat3=["not-today-3"])
    act(state, "play collect-each-3")
    assert state.current_player == 1
    act(state, "not today")  # seat 1 cancels the Charity Raffle
    assert state.current_player == 3  # from seat 1's left: seat 3 (seat 2 holds none), seat 0
    act(state, "allow")
    assert state.current_player == 0
    act(state, "not today")  # seat 0 cancels seat 1's Not Today!: the card stands
    assert state.current_player == 3 and state.view(None)["asking"] == [3]
    assert "stands unless you cancel it" in state.decision()["prompt"]
    act(state, "not today")  # seat 3 cancels seat 0's Not Today!: the card is cancelled
    assert state.cash == [800] * 4
    assert all(not cards for cards in state.event_cards)
    assert sorted(state.event_discard) == ["collect-each-3", "not-today-1", "not-today-2",
                                           "not-today-3"]
    assert [(e["seat"], e["against"], e["stands"]) for e in events(state, "cancel not today")] \
        == [(0, 1, True), (3, 0, False)]
    assert phase(state) == "start" and state.current_player == 0


def test_the_player_of_a_not_today_is_not_asked_about_it() -> None:
    """seed 002 "Notes About Event Cards": "when another player plays one" (nobody cancels its
    own Not Today!: with no other holder the chain ends)."""
    state = holding(["collect-bank-5"], seat1=["not-today-1", "not-today-2"])
    act(state, "play collect-bank-5", "not today")
    assert phase(state) == "start" and state.cash[0] == 800
    assert state.event_cards[1] == ["not-today-2"]


def test_a_chain_may_run_while_anyone_holds_a_not_today() -> None:
    """seed 002 "Notes About Event Cards" ("cancel any Event card when another player plays
    one"): four Not Today! cards, two seats answering each other: the card stands."""
    state = holding(["collect-bank-5", "not-today-1", "not-today-2"],
                    seat1=["not-today-3", "not-today-4"])
    act(state, "play collect-bank-5", "not today", "not today", "not today", "not today")
    assert state.cash[0] == 1000
    assert phase(state) == "start" and not state.event_cards[0] and not state.event_cards[1]


def test_a_cancelled_extra_move_gives_no_extra_steps() -> None:
    """seed 002 "Notes About Event Cards": "cancel any Event card"."""
    state = holding(["extra-move-4"], seat1=["not-today-1"])
    script(state, EVENT)
    act(state, "roll", "play extra-move-4", "not today")
    assert state.pos[0] == EVENT


def test_nobody_holding_not_today_no_window() -> None:
    """docs/games/payday.md "Out-of-turn decisions": "a window is skipped when nobody holds a
    card that could be played in it"."""
    state = holding(["collect-bank-5"], seat1=["market-hit-1"])
    act(state, "play collect-bank-5")
    assert phase(state) == "start" and state.cash[0] == 1000


def test_finished_players_are_not_asked_to_cancel() -> None:
    """seed 002 "Is it the final month?" (cards discarded, the player out of the game)."""
    state = holding(["collect-bank-5"], seat1=["not-today-1"])
    finish(state, 1)
    act(state, "play collect-bank-5")
    assert state.cash[0] == 1000


def test_an_empty_event_pile_is_the_discards_shuffled() -> None:
    """seed 002 "Event": "take the top Event card" (designed: the discards reshuffled when the
    pile is empty)."""
    state = new()
    empty_hands(state)
    replace(state, event_discard=state.event_deck, event_deck=[])
    turn_at(state, 0, 0)
    script(state, EVENT)
    act(state, "roll")
    assert len(state.event_cards[0]) == 1
    assert len(state.event_deck) == 30 and state.event_discard == []


def test_a_wrong_answer_in_the_cancel_window_is_refused() -> None:
    """seed 002 "Notes About Event Cards": only Not Today! or letting it pass."""
    state = holding(["collect-bank-5"], seat2=["not-today-1"])
    act(state, "play collect-bank-5")
    refused(state, "roll")
    refused(state, "no hit")
