"""A bot's generator does not give away the game seed, which fixes every secret.

The attack: a bot reads its ``Rng``'s state (it holds the object) and inverts the
derivation back to the game seed, then replays the game's set-up to learn every hidden card.
With the old derivation (``Rng(derive_seed(seed, "bot", seat))``, all of it invertible) that
works every time; with :func:`bot_rng` (BLAKE2b keyed with the game seed) it does not.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from getaway.ai import RandomBot
from getaway.ai.runner import play_game
from getaway.core import Game, Rng, bot_rng, bot_seed, derive_seed, fresh_seed, get_game
from getaway.core.rng import _GAMMA, _MASK, mix64

C1 = 0xBF58476D1CE4E5B9
C2 = 0x94D049BB133111EB


def _unxorshift(x: int, shift: int) -> int:
    y = x
    for _ in range(64 // shift + 1):
        y = x ^ (y >> shift)
    return y


def unmix64(z: int) -> int:
    """The inverse of :func:`mix64` (each of its steps is a bijection)."""
    z = _unxorshift(z, 31)
    z = z * pow(C2, -1, 1 << 64) & _MASK
    z = _unxorshift(z, 27)
    z = z * pow(C1, -1, 1 << 64) & _MASK
    return _unxorshift(z, 30)


def _label_value(label: int | str) -> int:
    value = label if isinstance(label, int) else int.from_bytes(label.encode(), "little")
    return value & _MASK


def invert_derive_seed(derived: int, *labels: int | str) -> int:
    """The seed that ``derive_seed(seed, *labels)`` came from, for known labels."""
    z = derived
    for label in reversed(labels):
        z = ((unmix64(z) - _GAMMA) & _MASK) ^ _label_value(label)
    return unmix64(z)


def seed_from_bot_rng(rng: Rng, seat: str) -> int:
    """What a bot at ``seat`` would take for the game seed, assuming the old derivation."""
    return invert_derive_seed(unmix64(rng.state), "bot", seat)


SEEDS = [random.Random(12).getrandbits(64) for _ in range(50)]


def test_unmix64_inverts_mix64():
    for z in SEEDS:
        assert unmix64(mix64(z)) == z


@pytest.mark.parametrize("seed", SEEDS[:20])
def test_old_derivation_lets_a_bot_recover_the_game_seed(seed: int):
    old_rng = Rng(derive_seed(seed, "bot", "mrx"))
    assert seed_from_bot_rng(old_rng, "mrx") == seed


@pytest.mark.parametrize("seed", SEEDS[:5])
def test_one_draw_of_the_old_generator_gives_the_game_seed(seed: int):
    # Without reading the state: next64() is mix64(state + gamma), so one output is enough.
    first = Rng(derive_seed(seed, "bot", "d1")).next64()
    state = (unmix64(first) - _GAMMA) & _MASK
    assert invert_derive_seed(unmix64(state), "bot", "d1") == seed
    keyed_first = bot_rng(seed, "bot", "d1").next64()
    keyed_state = (unmix64(keyed_first) - _GAMMA) & _MASK
    assert invert_derive_seed(unmix64(keyed_state), "bot", "d1") != seed


def test_old_derivation_lets_a_detective_bot_see_mr_x():
    game = get_game("scotland-yard")
    options = game.normalize_options({"players": 3})
    seed = SEEDS[0]
    state = game.new_state(options, seed)
    recovered = seed_from_bot_rng(Rng(derive_seed(seed, "bot", "d1")), "d1")
    assert game.new_state(options, recovered).to_json() == state.to_json()


@pytest.mark.parametrize("seed", SEEDS[:20])
def test_bot_rng_does_not_give_the_game_seed_back(seed: int):
    rng = bot_rng(seed, "bot", "mrx")
    assert seed_from_bot_rng(rng, "mrx") != seed
    # Not even the raw bot seed (what the bot can read off its state) is the game seed.
    assert unmix64(rng.state) == bot_seed(seed, "bot", "mrx") != seed


def test_bot_seed_is_keyed_by_the_game_seed():
    # Seeds one bit apart give unrelated outputs: about half of the 64 bits differ.
    flips = [
        (bot_seed(s, "bot", "mrx") ^ bot_seed(s ^ (1 << (i % 64)), "bot", "mrx")).bit_count()
        for i, s in enumerate(SEEDS)
    ]
    assert 28 <= sum(flips) / len(flips) <= 36
    assert min(flips) > 8


def test_bot_seed_is_deterministic_and_pinned():
    # Pinned so a changed derivation (which changes every bot game) shows in review.
    assert bot_seed(0, "bot", "mrx") == bot_seed(0, "bot", "mrx")
    assert bot_seed(0, "bot", "mrx") == PINNED_BOT_SEED
    assert bot_rng(7, "bot", "d1").next64() == Rng(bot_seed(7, "bot", "d1")).next64()


def test_bot_seed_labels_are_unambiguous():
    assert bot_seed(5, "a1") != bot_seed(5, "a", 1)
    assert bot_seed(5, 1) != bot_seed(5, "1")
    assert bot_seed(5, "bot", "d1") != bot_seed(5, "bot", "d2")
    assert bot_seed(5, "bot", "d1", 3) != bot_seed(5, "bot", "d1", 4)


def test_fresh_seeds_are_64_bit_os_draws():
    random.seed(0)
    first = [fresh_seed() for _ in range(200)]
    random.seed(0)
    second = [fresh_seed() for _ in range(200)]
    # Not from any seeded generator: seeding `random` does not repeat them.
    assert first != second
    assert len(set(first + second)) == 400
    assert all(0 <= s < 1 << 64 for s in first)
    # Uses the whole 64 bits: far more than 10^6 (or 2^32) values.
    assert sum(s >= 1 << 32 for s in first) >= 190
    assert max(first) >= 1 << 63


class _SpyBot(RandomBot):
    """A random bot that notes the state of the generator it was handed at its first move."""

    def __init__(self) -> None:
        self.first_states: dict[str, int] = {}

    def choose(
        self, game: Game, seat: str, view: Mapping[str, Any], legal: Sequence[str], rng: Rng
    ) -> str:
        self.first_states.setdefault(seat, rng.state)
        return super().choose(game, seat, view, legal, rng)


def test_every_bot_harness_hands_out_keyed_generators():
    from getaway.cli.play import new_match
    from getaway.simulate import bot_rng as simulate_bot_rng
    from getaway.simulate import play_one

    game = get_game("scotland-yard")
    options = game.normalize_options({"players": 3})
    seed = SEEDS[1]
    expected = {seat: Rng(bot_seed(seed, "bot", seat)).state for seat in game.seats(options)}

    spy = _SpyBot()
    play_game(game, options, seed, dict.fromkeys(game.seats(options), spy))
    assert spy.first_states == {s: expected[s] for s in spy.first_states}
    assert spy.first_states

    spy = _SpyBot()
    play_one(game, options, seed, dict.fromkeys(game.seats(options), spy))
    assert spy.first_states == {s: expected[s] for s in spy.first_states}

    for seat in game.seats(options):
        assert simulate_bot_rng(seed, seat).state == expected[seat]
    match = new_match(game, options, seed, ("mrx",), {"d1": RandomBot(), "d2": RandomBot()})
    assert {s: r.state for s, r in match.rngs.items()} == {s: expected[s] for s in ("d1", "d2")}


PINNED_BOT_SEED = 0xA367427B3C53B695
