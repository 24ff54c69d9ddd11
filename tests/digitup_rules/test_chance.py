"""Seed 003 "Chance cards" (grey now, orange kept and usable from the next turn; Strike Gold
and Hazardous Area tokens, one per tile; cards that count as a tile)."""

from __future__ import annotations

import random

import pytest

import motherlode
from digitup_rules.helpers import at, card, game, playing, roll, set_site, tiles_of
from motherlode.engine.position import replace
from motherlode.rules.digitup import scoring
from motherlode.rules.digitup.actions import Dig, PlaceToken
from motherlode.rules.digitup.components import KINDS
from motherlode.rules.digitup.phase import EMPTY, Phase
from motherlode.rules.digitup.state import DigItUpState

STAR_FIRST = ["stone", "scroll*", "crystal", "ruby", "incense", "statue", "knife"]


def dig_star(state: DigItUpState, card_id: str) -> None:
    set_site(state, "amazon", STAR_FIRST)
    replace(state, deck=[*state.deck, card(state, card_id)])
    roll(state, 2)
    state.apply(Dig("amazon"))


# grey card -> money tokens of seat 0 after it (from 0; a loss never goes below 0)
GREY = [("lucky-coin", 2), ("treasure-chest", 4), ("tax-collector", 0)]


@pytest.mark.parametrize(("card_id", "money"), GREY)
def test_grey_cards_act_at_once(card_id: str, money: int) -> None:
    """Grey cards must be used immediately; money effects are taken as tokens at once."""
    state = playing(4)
    dig_star(state, card_id)
    assert state.money[0] == money
    assert state.view(None)["scoreboards"][0]["chance_used"] == [card_id]
    assert state.current_player == 1


def test_orange_card_is_kept_and_usable_from_the_next_turn() -> None:
    """Orange cards are kept beside the scoreboard and usable from the owner's next turn."""
    state = playing(2)
    dig_star(state, "compass")
    assert state.view(None)["scoreboards"][0]["chance_kept"] == ["compass"]
    # seat 1's turn: no compass digs for seat 1
    assert all(a.compass == 0 for a in state.legal_actions() if isinstance(a, Dig))
    roll(state, 1)
    state.apply(Dig("andes"))
    # seat 0's next turn: the Compass may now set the move, 1-6
    legal = {str(a) for a in state.legal_actions()}
    assert {"dig sahara 1", "dig sahara 6", "dig sahara"} <= legal
    set_site(state, "sahara", ["stone", "gold", "crystal", "ruby", "incense", "statue", "knife"])
    state.apply(Dig("sahara", 3))
    assert tiles_of(state, 0)["crystal"] == 1
    assert state.view(None)["scoreboards"][0]["chance_used"] == ["compass"]
    assert state.view(None)["scoreboards"][0]["chance_kept"] == []


def test_compass_without_card_is_illegal() -> None:
    """Chance cards: only a kept orange Compass lets a player choose the move (designed card)."""
    state = playing(2)
    with pytest.raises(motherlode.IllegalAction, match="Compass"):
        state.apply(Dig("amazon", 3))


@pytest.mark.parametrize(("card_id", "value"), [("strike-gold", 3), ("hazardous-area", -3)])
def test_token_cards_put_a_token_on_a_tile(card_id: str, value: int) -> None:
    """Strike Gold / Hazardous Area put a money token on a board tile; whoever digs it takes it."""
    state = playing(4)
    dig_star(state, card_id)
    assert state.phase == Phase.PLACE and state.current_player == 0
    assert state.view(2)["pending_token"] == value
    state.apply(PlaceToken("andes", 2))
    assert state.current_player == 1
    assert state.view(None)["sites"][1]["tiles"][1]["token"] == value
    replace(state, money=at(state.money, 1, 5))
    roll(state, 2)
    state.apply(Dig("andes"))
    assert state.money[1] == 5 + value
    assert state.tokens[1 * 7 + 1] == 0


def test_one_token_per_tile() -> None:
    """ "You cannot put additional money tokens on a tile that already has a money token."""
    state = playing(4)
    replace(state, tokens=at(state.tokens, 7 + 1, 3))
    dig_star(state, "hazardous-area")
    assert PlaceToken("andes", 2) not in state.legal_actions()
    assert PlaceToken("andes", 3) in state.legal_actions()
    before = state.digest()
    with pytest.raises(motherlode.IllegalAction, match="one token per tile"):
        state.apply(PlaceToken("andes", 2))
    assert state.digest() == before


def test_token_cannot_go_on_an_empty_space() -> None:
    """Strike Gold / Hazardous Area put their token "on tiles on the game board": not on a
    vacant space."""
    state = playing(4)
    dig_star(state, "strike-gold")
    assert PlaceToken("amazon", 2) not in state.legal_actions()  # the tile just dug


def test_pink_diamond_counts_as_a_diamond_for_jack_of_all_trades() -> None:
    """Chance cards, worked example: Joseph's Pink Diamond card counts as the diamond tile his
    "Jack of All Trades" mission needs."""
    state = playing(4)
    jack = state.game.mission_index["jack-of-all-trades"]
    replace(state, mission=at(state.mission, 0, jack))
    for kind in ("gold", "incense", "scroll", "crystal", "ruby"):
        k = KINDS.index(kind)
        replace(state, counts=at(state.counts, k, state.counts[k] + 1))
    assert scoring.money(state, 0).achieved is False
    replace(state, kept=at(state.kept, 0, [*state.kept[0], card(state, "pink-diamond")]))
    result = scoring.money(state, 0)
    assert result.achieved is True and result.mission == 20


def test_hazardous_token_never_takes_money_below_zero() -> None:
    """Hazardous Area (designed): its digger pays the token's 3, never going below 0."""
    state = playing(2)
    replace(state, tokens=at(state.tokens, 7 + 1, -3))
    replace(state, money=at(state.money, 0, 1))
    set_site(state, "andes", ["stone", "gold", "crystal", "ruby", "incense", "statue", "knife"])
    roll(state, 2)
    state.apply(Dig("andes"))
    assert state.money[0] == 0


def test_token_card_without_a_free_tile_does_nothing() -> None:
    """"You cannot put additional money tokens on a tile that already has a money token": with
    no tile free, the card has no effect and the turn passes."""
    state = playing(2)
    for cell, tile in enumerate(state.board):
        if tile != EMPTY:
            replace(state, tokens=at(state.tokens, cell, 3))
    set_site(state, "amazon", STAR_FIRST)
    replace(state, tokens=at(state.tokens, slice(0, 7), [3] * 7))
    replace(state, deck=[*state.deck, card(state, "hazardous-area")])
    roll(state, 2)
    state.apply(Dig("amazon"))
    assert state.phase == Phase.DIG and state.current_player == 1
    assert state.view(None)["scoreboards"][0]["chance_used"] == ["hazardous-area"]


def test_determinize_resamples_missions_deck_and_seed() -> None:
    """Hidden information (set-up 5-6): another seat's missions and the chance deck order are
    secret, so a determinized state resamples them, rewrites the secret mission choices in its
    history to match, and reseeds the future; what seat 0 knows stays."""
    state = playing(4, seed=42)
    others: set[tuple[int, ...]] = set()
    decks: set[tuple[int, ...]] = set()
    for r in range(20):
        other = state.determinize(0, random.Random(r))
        assert other.view(0) == state.view(0)
        assert other.dealt[0] == state.dealt[0] and other.mission[0] == state.mission[0]
        assert other.seed != state.seed
        keeps = [str(a) for a in other.history[:4]]
        missions = other.game.components.missions
        assert keeps == [f"keep {missions[m].id}" for m in other.mission]
        assert all(other.mission[p] in other.dealt[p] for p in range(4))
        others.add(tuple(other.mission[1:]))
        decks.add(tuple(other.deck))
    assert len(others) > 10 and len(decks) == 20


# (action text, reason in the IllegalAction message), during seat 0's first dig
REASONS = [
    ("keep scholar", "missions are chosen at set-up only"),
    ("place amazon 3", "no Strike Gold or Hazardous Area token is waiting"),
    ("dig amazon 4", "a Compass chance card kept from an earlier turn is needed"),
]


@pytest.mark.parametrize(("text", "reason"), REASONS)
def test_illegal_actions_say_why(text: str, reason: str) -> None:
    """Bad input gets a clear error naming the action and the rule, and changes nothing."""
    state = playing(4)
    before = state.digest()
    with pytest.raises(motherlode.IllegalAction, match=reason):
        state.apply(state.game.parse_action(text))
    assert state.digest() == before


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (PlaceToken("atlantis", 8), "numbered 1-7, not 8"),
        (PlaceToken("amazon", 0), "numbered 1-7, not 0"),
        (PlaceToken("moon", 2), "no dig site named 'moon'"),
    ],
)
def test_built_actions_out_of_range_are_refused(action: PlaceToken, reason: str) -> None:
    """Actions built in code (not parsed) with impossible values are refused, not crashed on."""
    state = playing(4)
    dig_star(state, "strike-gold")
    with pytest.raises(motherlode.IllegalAction, match=reason):
        state.apply(action)


def test_small_board_site_and_missing_missions_say_so() -> None:
    state = playing(2)
    with pytest.raises(motherlode.IllegalAction, match="not used with 2-3 players"):
        state.apply(Dig("petra"))
    state = playing(4, simplified=True)
    with pytest.raises(motherlode.IllegalAction, match="without mission cards"):
        state.apply(state.game.parse_action("keep scholar"))
    state = playing(4)
    replace(state, kept=at(state.kept, 0, [*state.kept[0], state.game.compass_card]))
    with pytest.raises(motherlode.IllegalAction, match="1-6, not 7"):
        state.apply(Dig("amazon", 7))


@pytest.mark.parametrize("players", [2, 5])
def test_every_refusal_says_why_in_the_rules_words(players: int) -> None:
    """Every action of the box that is not legal, in every phase (missions, dig with and
    without a Compass, place, over), is refused with the rule, never a bare count of the legal
    actions, and without naming another seat's mission."""
    g = game(players)
    space = [g.decode(i) for i in range(g.num_actions)]
    state = g.new_game(players)
    seen: set[str] = set()
    step = 0
    while True:
        phase = state.phase_name
        if phase not in seen or (phase == "dig" and step % 7 == 0):
            seen.add(phase)
            legal = set(state.legal_actions())
            others = {g.mission_ids[m] for p, dealt in enumerate(state.dealt)
                      if p != state.seat for m in dealt} - {
                          g.mission_ids[m] for m in state.dealt[state.seat]}
            for action in space:
                if action in legal:
                    continue
                reason = state.why_illegal(action)
                assert reason and "legal action" not in reason, (str(action), reason)
                assert not any(m in reason for m in others if m not in str(action))
        if state.is_terminal:
            break
        legal_list = state.legal_actions()
        state.apply(legal_list[step % len(legal_list)])
        step += 1
    assert seen >= {"missions", "dig", "over"}
