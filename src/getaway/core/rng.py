"""Seeded randomness with a tiny, JSON-friendly state.

Games draw their chance events (shuffles, card draws) from an :class:`Rng`. Its whole state
is one 64-bit integer, so a game state that holds one clones in O(1) and saves as a number,
and the same seed gives the same draws on every machine and Python version (unlike
:mod:`random`, whose algorithms for ``shuffle``/``randrange`` are not promised to stay fixed).

The generator is SplitMix64 (Steele, Lea and Flood, 2014): small, fast and statistically
good enough for games. It is not a secret-keeping generator: its state is ``mix64`` of its
seed, and ``mix64`` and :func:`derive_seed` can both be inverted. So whoever holds an
``Rng`` (or enough of its output) can work back to the seed it was made from.

That is fine for deals (game ``i`` of a simulation or tournament is ``derive_seed(S, i)``):
research runs publish their seeds anyway. It is not fine for a bot: a bot holds its
generator, and the game seed fixes every hidden card. So a bot's generator comes from
:func:`bot_seed`, a keyed one-way derivation (BLAKE2b keyed with the game seed): its output,
even the generator's whole state, does not give the key back.
"""

from __future__ import annotations

import hashlib
import secrets
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


def fresh_seed() -> int:
    """A seed for live play (a server match, ``getaway play``): 64 bits from the operating
    system, so nobody can guess it from a clock, a counter or a few seen cards."""
    return secrets.randbits(64)


#: Personalises the BLAKE2b hash of :func:`bot_seed`, so its outputs are unrelated to any other
#: use of BLAKE2b with the same key.
_BOT_PERSON = b"getaway-bot"


def _label_bytes(label: int | str) -> bytes:
    """One label, typed and length-prefixed, so no two label lists encode the same
    (``("a1",)`` differs from ``("a", 1)`` and ``(1,)`` from ``("1",)``)."""
    kind = b"i" if isinstance(label, int) else b"s"
    data = str(label).encode()
    return kind + len(data).to_bytes(4, "big") + data


def bot_seed(game_seed: int, *labels: int | str) -> int:
    """The 64-bit seed of a bot's generator in the game seeded ``game_seed``; ``labels`` name
    the bot (``"bot", seat`` and, on the server, the version it decides at).

    One-way: it is a BLAKE2b hash keyed with the game seed, so knowing the result (or the
    whole state of the ``Rng`` made from it) does not give the game seed, whose draws fix
    every secret of the game. Deterministic: the same seed and labels give the same bot."""
    key = (game_seed & _MASK).to_bytes(8, "little")
    digest = hashlib.blake2b(digest_size=8, key=key, person=_BOT_PERSON)
    for label in labels:
        digest.update(_label_bytes(label))
    return int.from_bytes(digest.digest(), "little")


def bot_rng(game_seed: int, *labels: int | str) -> Rng:
    """The generator handed to a bot: ``Rng(bot_seed(game_seed, *labels))``."""
    return Rng(bot_seed(game_seed, *labels))


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
