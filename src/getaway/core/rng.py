"""Seeded randomness with a tiny, JSON-friendly state.

Games draw their chance events (shuffles, card draws) from an :class:`Rng`. Its whole state
is one 64-bit integer, so a game state that holds one clones in O(1) and saves as a number,
and the same seed gives the same draws on every machine and Python version (unlike
:mod:`random`, whose algorithms for ``shuffle``/``randrange`` are not promised to stay fixed).

The generator is SplitMix64 (Steele, Lea and Flood, 2014): small, fast and statistically
good enough for games.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    """The SplitMix64 output function: a bijective scramble of a 64-bit integer."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *labels: int | str) -> int:
    """A new seed from a seed and labels, for independent streams (per game, per worker)."""
    z = mix64(seed & _MASK)
    for label in labels:
        value = label if isinstance(label, int) else int.from_bytes(label.encode(), "little")
        z = mix64((z ^ (value & _MASK)) + _GAMMA & _MASK)
    return z


class Rng:
    """A seeded random number generator (SplitMix64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = mix64(seed & _MASK)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        rng = cls.__new__(cls)
        rng.state = state & _MASK
        return rng

    def clone(self) -> Rng:
        return Rng.from_state(self.state)

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        return mix64(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        # Rejection sampling keeps the distribution exactly uniform.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items drawn in order without replacement (a partial shuffle: the
        same as the first ``k`` of :meth:`shuffle`, at the cost of ``k`` draws)."""
        if not 0 <= k <= len(items):
            raise ValueError(f"cannot draw {k} items from {len(items)}")
        pool = list(items)
        n = len(pool)
        for i in range(k):
            j = i + self.below(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def weighted_index(self, weights: Sequence[float]) -> int:
        total = float(sum(weights))
        if total <= 0:
            raise ValueError("weighted_index() needs a positive total weight")
        x = self.random() * total
        acc = 0.0
        for i, w in enumerate(weights):
            acc += w
            if x < acc:
                return i
        return len(weights) - 1
