"""The state RNG: SplitMix64 behind random.Random, cheap to copy, the same on every Python."""

from __future__ import annotations

from collections import Counter

import pytest

from motherlode.engine.rng import ChanceDraw, ChanceRng, StateRng


def test_splitmix64_reference_values() -> None:
    """SplitMix64 seeded with 0 starts 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4 (reference C)."""
    rng = StateRng(0)
    assert [rng.getrandbits(64) for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]


def test_copy_is_independent_and_at_the_same_point() -> None:
    rng = StateRng(7)
    rng.random()
    copy = rng.copy()
    assert [copy.random() for _ in range(5)] == [rng.random() for _ in range(5)]
    copy.random()
    assert copy.getstate() != rng.getstate()


def test_state_round_trip() -> None:
    rng = StateRng(11)
    state = rng.getstate()
    first = rng.randrange(1000)
    rng.setstate(state)
    assert rng.randrange(1000) == first


@pytest.mark.parametrize("n", [2, 3, 6, 7, 50])
def test_randrange_is_uniform(n: int) -> None:
    rng = StateRng(3)
    draws = 6000 * n
    counts = Counter(rng.randrange(n) for _ in range(draws))
    assert set(counts) == set(range(n))
    assert all(abs(c - 6000) < 6 * 6000**0.5 for c in counts.values()), counts


def test_big_ranges_and_bits() -> None:
    rng = StateRng(5)
    assert all(0 <= rng.randrange(2**80) < 2**80 for _ in range(100))
    assert rng.getrandbits(0) == 0
    assert all(rng.getrandbits(3) < 8 for _ in range(100))


def test_seed_must_be_an_integer() -> None:
    with pytest.raises(TypeError):
        StateRng("7")  # type: ignore[arg-type]


def test_roll_is_the_die_the_rules_rolled_before() -> None:
    """`roll(faces)` draws what `int(random() * faces)` drew, so seeds keep their games."""
    rng, same = StateRng(5), StateRng(5)
    assert [rng.roll(6) for _ in range(50)] == [int(same.random() * 6) for _ in range(50)]


def test_chance_rng_takes_given_outcomes_then_asks() -> None:
    rng = ChanceRng([2, 0])
    assert rng.randrange(1, 7) == 3  # randrange(1, 7) draws one of 6
    assert rng.roll(6) == 0
    with pytest.raises(ChanceDraw) as draw:
        rng.shuffle([1, 2, 3])
    assert draw.value.outcomes == 3
    assert ChanceRng([]).randrange(1) == 0  # one outcome: nothing to ask
    with pytest.raises(ValueError, match="not one of"):
        ChanceRng([6]).roll(6)
    with pytest.raises(TypeError):
        ChanceRng([]).random()
    assert ChanceRng([1, 1]).sample(range(3), 2) == [1, 2]
