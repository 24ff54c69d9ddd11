"""The random number generator a game state carries: small state, cheap to copy.

`StateRng` is a `random.Random` whose whole state is one 64-bit integer (SplitMix64), so that
`State.clone()` copies an int instead of the Mersenne Twister's 625 words. Every method of
`random.Random` works on it (`random`, `randrange`, `shuffle`, `sample`, `choice` ...). Its
sequence is defined here, not by CPython, so a seed gives the same game on every Python.
"""

from __future__ import annotations

import random

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


class StateRng(random.Random):
    """SplitMix64 (Steele, Lea and Flood, 2014) behind the `random.Random` interface."""

    _state: int

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)

    def seed(self, a: object = None, version: int = 2) -> None:
        """Start from the integer `a` (required: a state's randomness comes from its seed)."""
        if not isinstance(a, int):
            raise TypeError(f"StateRng needs an integer seed, not {a!r}")
        self._state = a & MASK
        self.gauss_next = None

    def _next64(self) -> int:
        self._state = state = (self._state + GOLDEN) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def _randbelow(self, n: int) -> int:
        """An integer in [0, n), exactly uniform (Lemire's multiply-and-reject, n < 2**64).

        `shuffle`, `sample`, `choice` and `randrange` all draw through this.
        """
        if n > MASK:
            bits = n.bit_length()
            value = self.getrandbits(bits)
            while value >= n:
                value = self.getrandbits(bits)
            return value
        product = self._next64() * n
        if product & MASK < n:
            floor = (MASK + 1 - n) % n
            while product & MASK < floor:
                product = self._next64() * n
        return product >> 64

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self._next64() >> 11) * (1.0 / (1 << 53))

    def getrandbits(self, k: int) -> int:
        """An integer of `k` random bits."""
        if 0 < k <= 64:
            return self._next64() >> (64 - k)
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        value, bits = 0, 0
        while bits < k:
            value = (value << 64) | self._next64()
            bits += 64
        return value >> (bits - k)

    # gauss() keeps a spare value in gauss_next; the rules never call it, so a state is the int.
    def getstate(self) -> tuple[int]:
        return (self._state,)

    def setstate(self, state: tuple[int]) -> None:  # type: ignore[override]
        (self._state,) = state
        self.gauss_next = None

    def copy(self) -> StateRng:
        """An independent generator at the same point of the sequence."""
        other = StateRng.__new__(StateRng)
        other._state = self._state
        other.gauss_next = None
        return other
