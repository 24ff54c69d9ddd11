"""Saboteur's hand encoding (`rules/saboteur/hand_encoding.py`), the adapters' default for
Saboteur: every legal action has exactly one integer and back, the legal integers are exactly
the engine's legal actions, they show nothing the deciding seat does not see, and PettingZoo's
own tests pass with it (and with the full encoding, still offered)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import (  # type: ignore[import-untyped]
    api_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

import motherlode
from motherlode.adapters.pettingzoo import env, parallel_env, raw_env
from motherlode.adapters.vector import MotherlodeVectorEnv
from motherlode.engine import ActionEncoding, IllegalAction, OptionError, State
from motherlode.rules.saboteur.base import SaboteurBase
from motherlode.rules.saboteur.hand_encoding import HandEncoding
from motherlode.rules.saboteur.model import SaboteurModel

#: (edition, players): the gold edition's smallest, middling and largest tables, the base's.
COUNTS = [("gold", 2), ("gold", 4), ("gold", 7), ("gold", 10), ("gold", 12),
          ("base", 3), ("base", 7), ("base", 10)]
SEEDS = range(2)
SCAN_EVERY = 60  # positions between two scans of every integer of the space
DICT_OBS = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


def legal_by_decoding(encoding: ActionEncoding, state: State) -> set[int]:
    """Every integer of the space whose action is legal now (the slow way)."""
    found = set()
    for index in range(encoding.num_actions):
        try:
            action = encoding.decode(state, index)
        except IllegalAction:
            continue
        if state.is_legal(action):
            found.add(index)
    return found


def check_position(encoding: ActionEncoding, state: State, scan: bool) -> None:
    legal = state.legal_actions()
    ids = encoding.legal_ids(state)
    codes = [encoding.encode(state, action) for action in legal]
    assert len(set(codes)) == len(legal), "two legal actions share an integer"
    assert sorted(ids) == sorted(codes), "the legal integers are not the legal actions'"
    assert all(0 <= i < encoding.num_actions for i in ids)
    for action, code in zip(legal, codes, strict=True):
        assert encoding.decode(state, code) == action
    assert isinstance(encoding, HandEncoding)
    expected = bytearray(encoding.num_actions)
    for index in ids:
        expected[index] = 1
    assert encoding.legal_mask(state) == expected, "the mask's bytes are not the legal integers"
    if scan:
        assert legal_by_decoding(encoding, state) == set(ids)


@pytest.mark.parametrize(("edition", "players"), COUNTS, ids=[f"{e}-{n}p" for e, n in COUNTS])
def test_every_legal_action_round_trips_and_the_legal_integers_are_the_engines(
    edition: str, players: int
) -> None:
    game = motherlode.load("saboteur", players=players, edition=edition)
    encoding = game.action_encoding("hand")
    positions = 0
    for seed in SEEDS:
        state = game.new_game(seed)
        rng = random.Random(f"{edition}-{players}-{seed}")
        while not state.is_terminal:
            check_position(encoding, state, scan=positions % SCAN_EVERY == 0)
            positions += 1
            state.apply(rng.choice(state.legal_actions()))
    assert positions > 300


@pytest.mark.parametrize("players", [3, 7, 10])
def test_the_legal_integers_show_only_what_the_deciding_seat_sees(players: int) -> None:
    """Another deal of the hidden cards consistent with the decider's view gives the same
    integers, meaning the same actions: the mask leaks no hidden card."""
    game = motherlode.load("saboteur", players=players)
    encoding = game.action_encoding()
    state = game.new_game(4)
    rng = random.Random(players)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        other = state.determinize(seat, random.Random(rng.random()))
        ids = encoding.legal_ids(state)
        assert encoding.legal_ids(other) == ids
        assert [encoding.decode(other, i) for i in ids] == [encoding.decode(state, i)
                                                             for i in ids]
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [3, 7, 10])
def test_the_frontiers_fit_masks_are_its_cells(players: int) -> None:
    """`Frontier.fit_mask` (bit planes patched from the frontier before, card after card) has
    a 1 exactly at the observation's index of each cell `Frontier.cells` lists, for every
    kind of card, in every position of seeded random games."""
    game = motherlode.load("saboteur", players=players)
    assert isinstance(game, SaboteurBase)
    for seed in SEEDS:
        state = game.new_game(seed)
        assert isinstance(state, SaboteurModel)
        rng = random.Random(f"fit-{players}-{seed}")
        while not state.is_terminal:
            frontier = state.spots()
            for openings in range(16):
                for ladder in (False, True):
                    expected = bytearray(len(game.cell_index))
                    for cell in frontier.cells(openings, ladder):
                        expected[game.cell_index[cell]] = 1
                    assert frontier.fit_mask(openings, ladder) == expected
            state.apply(rng.choice(state.legal_actions()))


def test_the_space_is_its_documented_layout() -> None:
    """Hand of 6 (gold edition), 315 cells, 4 players: 3,780 + 96 + 4 + 6 + 1 + 4 + 3."""
    sizes = {n: motherlode.load("saboteur", players=n).action_encoding().num_actions
             for n in (4, 7, 10)}
    assert sizes == {4: 3894, 7: 3969, 10: 4044}
    game = motherlode.load("saboteur", players=4)
    encoding = game.action_encoding()
    assert encoding.name == "hand"
    assert game.action_encoding("full").num_actions == game.num_actions == 27402
    # a deal whose first hand holds two copies of a card: 5 slots filled, slot 5 empty
    seed = next(s for s in range(100) if len(set(game.new_game(s).hands[0])) == 5)
    state = game.new_game(seed)
    hand = sorted(set(state.hands[0]), key=game.card_ids.index)
    path = next(k for k, card in enumerate(hand) if card in game.paths)
    cell = game.cell_index[1, 0]
    decoded = encoding.decode(state, (path * 315 + cell) * 2 + 1)
    assert decoded == motherlode.load("saboteur", players=4).parse_action(
        f"place {hand[path]} 1 0 turned")
    assert str(encoding.decode(state, 3894 - 1)) == "take 3"
    assert str(encoding.decode(state, 3894 - 3 - 4 + 2)) == "steal from 2"
    discard = 3894 - 3 - 4 - 1 - 6
    assert [str(encoding.decode(state, discard + k)) for k in range(5)] == [
        f"discard {card}" for card in hand]
    with pytest.raises(IllegalAction, match="hand slot 5 is empty"):
        encoding.decode(state, discard + 5)


def test_options_name_the_encodings() -> None:
    assert raw_env("saboteur", players=4).encoding.name == "hand"
    assert raw_env("saboteur", players=4, action_encoding="full").encoding.name == "full"
    assert raw_env("digitup", players=2).encoding.name == "full"
    with pytest.raises(OptionError, match="'hand' or 'full'"):
        env("saboteur", action_encoding="slots")
    with pytest.raises(OptionError, match="use 'full'"):
        env("digitup", action_encoding="hand")


@DICT_OBS
@pytest.mark.parametrize("encoding", ["hand", "full"])
def test_pettingzoo_tests_pass_with_either_encoding(encoding: str) -> None:
    api_test(env("saboteur", players=5, action_encoding=encoding), num_cycles=300,
             verbose_progress=False)
    seed_test(lambda: env("saboteur", players=5, action_encoding=encoding), num_cycles=300)
    parallel_api_test(parallel_env("saboteur", players=5, action_encoding=encoding),
                      num_cycles=300)
    parallel_seed_test(lambda: parallel_env("saboteur", illegal_action="refuse", players=5,
                                            action_encoding=encoding), num_cycles=300)


def test_an_illegal_hand_integer_raises_and_changes_nothing() -> None:
    environment = env("saboteur", players=4)
    environment.reset(seed=2)
    state = environment.unwrapped.motherlode_state
    observation, *_ = environment.last()
    illegal = np.flatnonzero(observation["action_mask"] == 0)
    before = state.digest()
    for index in (illegal[0], illegal[-1], illegal[len(illegal) // 2]):
        with pytest.raises(IllegalAction):
            environment.step(int(index))
    assert state.digest() == before


def test_the_vector_environment_acts_in_the_hand_encoding() -> None:
    envs = MotherlodeVectorEnv("saboteur", num_envs=2, players=4)
    assert envs.single_action_space.n == 3894  # type: ignore[attr-defined]
    observations, _ = envs.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(30):
        masks = observations["action_mask"]
        for table, mask in zip(envs.tables, masks, strict=True):
            legal = {envs.encoding.encode(table.state, a) for a in table.state.legal_actions()}
            assert set(np.flatnonzero(mask)) == legal
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])
        observations, *_ = envs.step(actions)
    full = MotherlodeVectorEnv("saboteur", num_envs=1, players=4, action_encoding="full")
    assert full.single_action_space.n == 27402  # type: ignore[attr-defined]
