"""The random number generator a game state carries: small state, cheap to copy.

`StateRng` is a `random.Random` whose whole state is one 64-bit integer (SplitMix64), so that
`State.clone()` copies an int instead of the Mersenne Twister's 625 words. Every method of
`random.Random` works on it (`random`, `randrange`, `shuffle`, `sample`, `choice` ...). Its
sequence is defined here, not by CPython, so a seed gives the same game on every Python.

`ChanceRng` is the hook for explicit chance (the OpenSpiel adapter's `explicit_chance`): every
draw takes its outcome from a list given in advance, and a draw beyond the list raises
`ChanceDraw` naming how many equally likely outcomes it has. The rules draw only through
`_randbelow` (`randrange`, `shuffle`, `sample`, `choice`) and `roll`, each outcome of which is
one of n equally likely integers, so every random event of a game is a chance node.
"""

from __future__ import annotations

import hashlib
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

    def roll(self, faces: int) -> int:
        """A die of `faces` faces: 0 .. faces-1 (`int(random() * faces)`, so the sequence of
        a seed is what it was before this method existed)."""
        return int((self._next64() >> 11) * (1.0 / (1 << 53)) * faces)  # random(), inlined

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


def keyed(seed: int, *key: object) -> StateRng:
    """A generator of its own for the draw that `key` names in the game seeded `seed` (common
    random numbers): the same seed and key give the same draws whatever else was drawn before,
    and draws under different keys are apart (SHA-256 of the seed and key seeds each one)."""
    text = ":".join(str(part) for part in ("motherlode-keyed", seed, *key))
    return StateRng(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


class ChanceDraw(Exception):
    """A `ChanceRng` was asked for a draw it was not given: `outcomes` equally likely ones."""

    def __init__(self, outcomes: int) -> None:
        super().__init__(f"a draw of {outcomes} equally likely outcomes")
        self.outcomes = outcomes


class ChanceRng(StateRng):
    """A generator whose draws are given: `forced` holds the outcomes, first draw first.

    Each draw of n equally likely outcomes (`_randbelow(n)`, `roll(n)`) takes the next given
    outcome, an integer in [0, n); when none is left it raises `ChanceDraw(n)`, so the caller
    can ask chance for it and play the step again with one outcome more. A draw with one
    outcome takes 0 without asking. Draws that are not of n equally likely outcomes
    (`random`, `getrandbits`) raise TypeError: the rules make none.
    """

    def __init__(self, forced: list[int]) -> None:
        super().__init__(0)
        self.forced = forced
        self.used = 0

    def _randbelow(self, n: int) -> int:
        if n == 1:
            return 0
        used = self.used
        if used == len(self.forced):
            raise ChanceDraw(n)
        outcome = self.forced[used]
        if not 0 <= outcome < n:
            raise ValueError(f"chance outcome {outcome} is not one of 0..{n - 1}")
        self.used = used + 1
        return outcome

    def roll(self, faces: int) -> int:
        return self._randbelow(faces)

    def random(self) -> float:
        raise TypeError("a continuous draw cannot be a chance node")

    def getrandbits(self, k: int) -> int:
        raise TypeError("a draw of random bits cannot be a chance node")

    def copy(self) -> ChanceRng:
        """A generator with the outcomes not yet used."""
        return ChanceRng(self.forced[self.used :])
