"""Mr. X's memoised move lists (``state.mrx_actions`` with a double-move ticket) are exactly
the lists computed afresh, in the same order, wherever the game goes."""

from __future__ import annotations

import pytest

from getaway.core import Rng
from getaway.games.scotland_yard.state import ScotlandYardState
from tests.scotland_yard.helpers import new


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4},
        {"players": 6, "edition": "classic"},
        {"players": 3, "mrx_tickets": "unlimited"},
    ],
)
def test_memoised_moves_equal_fresh_ones(options):
    checked = 0
    for seed in range(12):
        state: ScotlandYardState = new(options, seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if seat == "mrx" and state.doubles > 0:
                assert list(legal) == state.mrx_actions_with_doubles()
                # Asked again (a hit), the same answer.
                assert list(state.legal_actions(seat)) == list(legal)
                checked += 1
            # Mostly single moves, so the game runs long and the supply runs down.
            singles = [a for a in legal if not a.startswith("double:")] or list(legal)
            state.apply(seat, rng.choice(singles if rng.random() < 0.9 else list(legal)))
    assert checked > 100
