"""Pay Day's decisions (decision.py): the legal actions grouped for a face, with card texts.

Bids are one number range (`bid $600..$3,000 in steps of $10`) and pass, not hundreds of bid
lines; a Bargain is bought or auctioned by its name, price and margin; a sale names its Markup;
Market Hits and Not Today! are choices with the card's text; a Lottery number says it costs
$100; repaying is in $1,000 steps. The decision always agrees with the legal actions.
"""

from __future__ import annotations

import random

import pytest

from motherlode.engine.decision import (
    ChoiceGroup,
    Decision,
    Group,
    RangeGroup,
    actions_of,
    describe_range,
)
from motherlode.rules.payday.state import PayDayState

from .scenario import (
    BARGAIN,
    BUYER,
    LOTTERY,
    PAY_DAY,
    act,
    empty_hands,
    hold,
    loaded,
    new,
    on_top,
    script,
    texts,
    turn_at,
)


def groups(state: PayDayState) -> dict[str, Group]:
    decision = state.view(state.current_player)["decision"]
    assert decision is not None
    return {g["verb"]: g for g in decision["groups"]}


def choice_group(group: Group) -> ChoiceGroup:
    assert group["kind"] == "choice"
    return group


def range_group(group: Group) -> RangeGroup:
    assert group["kind"] == "range"
    return group


def labels(group: Group) -> dict[str, tuple[str, str]]:
    """Each option's action: its label and card text."""
    return {o["action"]: (o["label"], o["text"]) for o in choice_group(group)["options"]}


def drawn(card: str, players: int = 4) -> PayDayState:
    state = new(players)
    empty_hands(state)
    on_top(state, "bargain", card)
    turn_at(state, 0, 0)
    script(state, BARGAIN)
    act(state, "roll")
    return state


def test_bids_are_one_range_in_10_dollar_steps_and_pass() -> None:
    """seed 002 "Auction Bargains": "announce the minimum bid ... Bids can be increased by as
    little as $10": bid $600..$3,000 in $10 steps, as one range."""
    state = drawn("antique-clock")
    act(state, "announce")
    found = groups(state)
    assert set(found) == {"bid", "pass"}
    bid = range_group(found["bid"])
    assert (bid["minimum"], bid["maximum"], bid["step"], bid["unit"]) == (600, 3000, 10, "$")
    assert describe_range(bid) == "$600..$3,000 in steps of $10"
    assert bid["action"].format(720) == "bid 720"
    act(state, "bid 720")
    assert range_group(groups(state)["bid"])["minimum"] == 730


def test_a_hidden_auction_bargains_decision_does_not_name_it() -> None:
    """seed 002 "Auction Bargains": "don't show any other players the card"."""
    state = drawn("antique-clock")
    act(state, "announce")
    decision = state.view(1)["decision"]
    assert "Antique Clock" not in str(decision) and "antique-clock" not in str(decision)
    assert "an Auction Bargain (face down)" in str(decision)


def test_the_drawer_of_an_auction_bargain_opens_with_a_range_or_announces() -> None:
    state = drawn("antique-clock")
    found = groups(state)
    assert set(found) == {"bid", "announce"}
    assert range_group(found["bid"])["minimum"] == 600
    assert labels(found["announce"])["announce"][0] == "announce the minimum bid $600"


def test_a_plain_bargain_is_bought_or_auctioned_by_its_name_price_and_margin() -> None:
    """seed 002 "Plain Old Bargains": buy at its cost, or put it up for auction."""
    state = drawn("toaster")
    found = groups(state)
    label, text = labels(found["buy"])["buy toaster"]
    assert label == "buy the Toaster for $150"
    assert text == "Toaster: costs $150, resale $250, margin $100"
    label, text = labels(found["auction"])["auction toaster"]
    assert label == "put the Toaster up for auction, bids from $150" and "margin $100" in text


def test_a_sale_names_its_bargain_and_markup_with_the_price() -> None:
    """seed 002 "Buyer", "Markups": one Markup per Bargain, its value added to the resale."""
    state = new()
    empty_hands(state)
    hold(state, 0, bargains=["toaster"], markups=["markup-1"])
    turn_at(state, 0, BUYER - 5)
    script(state, 5)
    act(state, "roll")
    value = state.game.markup["markup-1"].value
    options = labels(groups(state)["sell"])
    assert options["sell toaster"][0] == "the Toaster: $250"
    label, text = options["sell toaster with markup-1"]
    assert label == f"the Toaster with the Markup +${value}: ${250 + value}"
    assert state.game.glossary["markup-1"] in text


def test_market_hits_and_not_today_are_choices_with_the_card_text() -> None:
    """seed 002 "Notes About Event Cards": Market Hit against another's sale; Not Today!."""
    state = new()
    empty_hands(state)
    hold(state, 0, bargains=["guitar"], events=["not-today-1"])
    hold(state, 2, events=["market-hit-8"])
    turn_at(state, 0, BUYER - 5)
    script(state, 5)
    act(state, "roll", "sell guitar")
    assert state.current_player == 2
    found = groups(state)
    label, text = labels(found["hit"])["hit with market-hit-8"]
    assert label == "play Market Hit $200" and text == state.game.glossary["market-hit-8"]
    assert "no hit" in labels(found["no"])
    act(state, "hit with market-hit-8")
    assert state.current_player == 0
    found = groups(state)
    label, text = labels(found["not"])["not today"]
    assert "cancel every Market Hit" in label and text == state.game.glossary["not-today-1"]
    assert labels(found["allow"])["allow"][0] == "allow the hits: sell for $400"


def test_a_lottery_number_says_it_costs_100() -> None:
    """seed 002 "Lottery": "players who wish to invest put in $100"."""
    state = new()
    empty_hands(state)
    turn_at(state, 0, LOTTERY - 5)
    script(state, 5)
    act(state, "roll")
    options = labels(groups(state)["pick"])
    assert len(options) == 6
    assert all(text.startswith("costs $100") for _, text in options.values())
    assert options["pick 4"][0] == "number 4"
    assert "stay out" in labels(groups(state)["stay"])


def test_repaying_is_in_1000_dollar_steps_or_all() -> None:
    """seed 002 "PAY DAY!": "You may pay off part or all of your loan"."""
    state = new()
    empty_hands(state)
    hold(state, 0, cash=2000, loan=2000)
    turn_at(state, 0, PAY_DAY - 2)
    script(state, 2)
    act(state, "roll")
    options = labels(groups(state)["repay"])
    assert options["repay 1000"][0] == "repay $1,000"
    assert options["repay all"][0] == "repay all of it: $1,800"
    assert "keep loan" in labels(groups(state)["keep"])


def _agrees(decision: Decision | None, legal: set[str]) -> None:
    assert decision is not None
    offered = actions_of(decision)
    assert len(offered) == len(set(offered)) and set(offered) == legal
    for group in decision["groups"]:
        if group["kind"] == "choice":
            assert 0 < len(group["options"]) <= 40, group["verb"]
        assert group["label"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_decision_always_agrees_with_the_legal_actions(players: int) -> None:
    """Seeded random games: each decision offers exactly the legal actions, once each, and no
    choice lists more than 40 options (the bids are a range)."""
    game = loaded(players)
    rng = random.Random(players)
    kinds: set[str] = set()
    for seed in range(2):
        state = game.new_game(seed)
        assert isinstance(state, PayDayState)
        while not state.is_terminal:
            decision = state.view(state.current_player)["decision"]
            _agrees(decision, texts(state))
            assert decision is not None
            kinds.update(g["kind"] for g in decision["groups"])
            state.apply(rng.choice(state.legal_actions()))
        assert state.view(0)["decision"] is None
    assert kinds == {"choice", "range"}
