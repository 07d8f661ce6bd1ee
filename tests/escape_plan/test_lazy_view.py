"""``views.lazy_view`` (a seat's view built field by field, for the search's playouts) against
``state.view``: on every position of seeded random games, for every seat, the same keys in
the same order and the same values."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from getaway.core.rng import Rng, derive_seed
from getaway.games.escape_plan.game import GAME
from getaway.games.escape_plan.views import lazy_view


def plain(value: Any) -> Any:
    """``value`` with every mapping made a ``dict``, keys kept in their order."""
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


@pytest.mark.parametrize(
    "games",
    # One seeded game per player count in ./dev test, three in ./dev test-long.
    [pytest.param(1, id="quick"), pytest.param(3, id="full", marks=pytest.mark.long)],
)
@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_a_lazy_view_is_the_view(players: int, games: int) -> None:
    checked = 0
    for game in range(games):
        seed = derive_seed(players, game, 29)
        state = GAME.new_state({"players": players}, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            for seat in state.seats:
                expected = state.view(seat)
                got = plain(lazy_view(state, seat))
                # Byte for byte, in order: a dict compares equal whatever its order.
                assert json.dumps(got) == json.dumps(expected)
                checked += 1
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        for seat in state.seats:  # the end opens every board
            assert json.dumps(plain(lazy_view(state, seat))) == json.dumps(state.view(seat))
    assert checked > 100


def test_a_lazy_view_reads_only_what_is_asked() -> None:
    state = GAME.new_state({"players": 3}, seed=7)
    seat = state.to_act()[0]
    view = lazy_view(state, seat)
    assert view["table"]["day"] == state.view(seat)["table"]["day"]
    assert list(view) == list(state.view(seat))
    with pytest.raises(KeyError):
        view["table"]["stacks"]  # hidden: shown as its sizes only
    assert "stack_sizes" in view["table"]
