"""Dig It Up's keyed rolls (`streams=keyed`, for paired comparisons) and the last seat's
starting money: deterministic, fair, and the default game unchanged."""

from __future__ import annotations

from collections import Counter

import motherlode
from motherlode.engine.rng import ChanceRng, keyed
from motherlode.rules.digitup import DIE_FACES
from motherlode.sim.runner import play_to_end

GREEDY = ("greedy",) * 4


def _digest(seed: int, **options: object) -> str:
    game = motherlode.load("digitup", players=4, **options)
    return play_to_end(game, GREEDY, seed)[0].digest()


def test_the_default_layout_is_the_game_as_before() -> None:
    # Naming the defaults gives the game of the bare seed (tests/test_digests.py keeps the
    # bare seed's games as recorded).
    for seed in (1, 2, 3):
        assert _digest(seed, streams="sequential", last_seat_money=0) == _digest(seed)


def test_keyed_rolls_are_deterministic_and_a_layout_of_their_own() -> None:
    keyed_games = [_digest(seed, streams="keyed") for seed in (1, 2, 3)]
    assert keyed_games == [_digest(seed, streams="keyed") for seed in (1, 2, 3)]
    assert keyed_games != [_digest(seed) for seed in (1, 2, 3)]


def test_a_keyed_roll_depends_on_its_key_only_and_is_uniform() -> None:
    assert keyed(7, "dig", 3, 5).roll(DIE_FACES) == keyed(7, "dig", 3, 5).roll(DIE_FACES)
    faces = Counter(keyed(7, "dig", site, left).roll(DIE_FACES)
                    for site in range(600) for left in range(2, 12))
    # 6,000 rolls: each face 1,000 expected; a fair die is within 5 sd (sd about 29) of it.
    assert sorted(faces) == list(range(DIE_FACES))
    assert all(abs(count - 1000) < 145 for count in faces.values())


def test_keyed_rolls_share_a_site_s_rolls_between_variants() -> None:
    # The rolls of each site's digs are the same whatever else the variant changes: here the
    # last seat's starting money, which changes the greedy bots' play in some games.
    def rolls(**options: object) -> dict[tuple[str, int], int]:
        game = motherlode.load("digitup", players=4, streams="keyed", **options)
        state = play_to_end(game, GREEDY, 5)[0]
        digs: Counter[str] = Counter()
        rolled: dict[tuple[str, int], int] = {}  # (site, digs there before) -> the roll
        for event in state.view(None)["log"]:
            if event["kind"] == "dug":
                site = str(event["site"])
                if not event["compass"]:
                    rolled[(site, digs[site])] = int(event["move"])
                digs[site] += 1
        return rolled

    a, b = rolls(), rolls(last_seat_money=3)
    shared = set(a) & set(b)
    assert shared and all(a[key] == b[key] for key in shared)


def test_keyed_draws_follow_given_outcomes_under_explicit_chance() -> None:
    game = motherlode.load("digitup", players=4, streams="keyed")
    state = game.new_game_drawing(ChanceRng([0] * 500))
    assert state.keyed_rng("dig", 0, 7) is state.rng


def test_the_last_seat_starts_with_its_money() -> None:
    state = motherlode.load("digitup", players=3, last_seat_money=2).new_game(1)
    assert [board["money_tokens"] for board in state.view(None)["scoreboards"]] == [0, 0, 2]
