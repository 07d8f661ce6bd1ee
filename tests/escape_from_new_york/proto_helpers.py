"""Shared helpers of the protocol tests (public actions, the determinizer, rendering):
seeded random games through the protocol."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState


def new(seed: int = 1, players: int = 2, **options: object) -> EscapeFromNewYorkState:
    return EscapeFromNewYorkState.new({"players": players, **options}, seed)


def random_moves(
    state: EscapeFromNewYorkState, seed: int, plies: int = 150
) -> Iterator[tuple[EscapeFromNewYorkState, str, str]]:
    """Play ``state`` on at random for up to ``plies`` actions, yielding (the state before,
    the seat, the action) for each one played; ``state`` is left after the last."""
    pick = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            return
        seat = state.to_act()[0]
        choices = list(state.legal_actions(seat))
        pick.shuffle(choices)
        before = state.clone()
        action = choices[0]
        state.apply(seat, action)
        yield before, seat, action


def strings(value: Any) -> set[str]:
    """Every text anywhere in a JSON value (keys included): what a view names."""
    found: set[str] = set()
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.add(str(key))
            found |= strings(item)
    elif isinstance(value, list):
        for item in value:
            found |= strings(item)
    return found
