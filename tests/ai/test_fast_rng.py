"""The search's own generator: reproducible, in range, and a drop-in ``Rng``."""

from __future__ import annotations

from getaway.ai.fast_rng import PlayoutRng
from getaway.core import Rng


def test_same_seed_same_draws_and_a_clone_continues_alike():
    a, b = PlayoutRng(42), PlayoutRng(42)
    assert [a.random() for _ in range(5)] == [b.random() for _ in range(5)]
    twin = a.clone()
    assert [a.below(1000) for _ in range(20)] == [twin.below(1000) for _ in range(20)]
    assert [PlayoutRng(43).random() for _ in range(3)] != [
        PlayoutRng(42).random() for _ in range(3)
    ]


def test_draws_stay_in_range_and_cover_it():
    rng = PlayoutRng(1)
    seen = {rng.below(7) for _ in range(500)}
    assert seen == set(range(7))
    items = list(range(10))
    rng.shuffle(items)
    assert sorted(items) == list(range(10))
    assert rng.choice("xyz") in "xyz"
    assert 0 <= rng.weighted_index([0.0, 1.0, 0.0]) == 1


def test_it_is_an_rng_and_next64_is_still_splitmix():
    rng = PlayoutRng(9)
    assert isinstance(rng, Rng)
    assert rng.next64() == Rng(9).next64()
