"""Saboteur's base edition (3-10 players) through both RL adapters.

tests/test_adapters_openspiel.py and test_adapters_pettingzoo.py run every game at each player
count with its default options (Saboteur Gold, 2-12); here the same suites run the base edition
(`edition=base`) at each of its player counts: pyspiel's random_sim_test over one whole game,
PettingZoo's api_test and seed_test.
"""

from __future__ import annotations

import pyspiel  # type: ignore[import-not-found]  # a compiled module without stubs
import pytest
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

import motherlode.adapters.openspiel as adapter
from motherlode.adapters.pettingzoo import env

PLAYERS = range(3, 11)


@pytest.mark.parametrize("players", PLAYERS)
def test_base_edition_random_sim_test(players: int) -> None:
    game = pyspiel.load_game(adapter.short_name("saboteur"), {"players": players,
                                                               "edition": "base"})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("players", PLAYERS)
def test_base_edition_pettingzoo(players: int) -> None:
    api_test(env("saboteur", players=players, edition="base"), num_cycles=300,
             verbose_progress=False)
    seed_test(lambda: env("saboteur", players=players, edition="base"), num_cycles=300)
