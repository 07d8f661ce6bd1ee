"""Speed work must not change play: seeded random games give the same states and the same
legal actions as before the caches went in (digests pinned from the uncached engine).

Every state along each game is hashed (its ``to_json`` and the legal actions of each seat to
act), and half-way the game goes on in a clone, so a cache that survived ``clone`` or ``apply``
wrongly shows up as a different digest."""

from __future__ import annotations

import hashlib
import json

import pytest

from getaway.core.rng import Rng
from getaway.games.escape_plan.game import GAME

#: (players, seed) -> digest of the whole game, computed before any speed change.
PINNED: dict[tuple[int, int], str] = {
    (2, 1): "5484cc41ca66599f9d43",
    (2, 2): "2bb8e971decdb721c311",
    (3, 1): "30732d470e70f924971d",
    (3, 2): "74199f52d256c634fd22",
    (4, 1): "85095f96cfc86dd42672",
    (4, 2): "9596835bafc5e0a0717f",
    (5, 1): "87e28bf8ce917a8d370b",
    (5, 2): "bfe8753ec2b9f7c0c41a",
}


def game_digest(players: int, seed: int) -> str:
    """Play one seeded random game and hash every state and every legal-action list."""
    state = GAME.new_state({"players": players}, seed=seed)
    rng = Rng(seed + 1)
    digest = hashlib.sha256()
    ply = 0
    while not state.is_over():
        digest.update(json.dumps(state.to_json(), sort_keys=True).encode())
        for seat in state.to_act():
            digest.update(seat.encode())
            digest.update("\n".join(state.legal_actions(seat)).encode())
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        ply += 1
        if ply == 60:
            # Go on in a clone: a cache carried over wrongly would change what follows.
            state = state.clone()
    digest.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return digest.hexdigest()[:20]


@pytest.mark.parametrize("players, seed", sorted(PINNED))
def test_seeded_random_games_are_unchanged_by_speed_work(players: int, seed: int) -> None:
    assert game_digest(players, seed) == PINNED[(players, seed)]
