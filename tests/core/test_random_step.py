"""``State.random_step``, the protocol's default random ply (search playouts call it): the
first seat to act plays its legal action number ``int(uniform() * n)``, one draw a ply."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.core.walk_game import GAME


def draws(*values: float) -> Iterator[float]:
    yield from values


@pytest.mark.parametrize(("u", "index"), [(0.0, 0), (0.49, 0), (0.5, 1), (0.999, 1)])
def test_the_draw_picks_the_legal_action_at_its_index(u: float, index: int):
    state = GAME.new_state({}, 1)
    expected = state.clone()
    seat = expected.to_act()[0]
    legal = expected.legal_actions(seat)
    assert len(legal) == 2
    expected.apply(seat, legal[index])
    state.random_step(draws(u).__next__)
    assert state.to_json() == expected.to_json()


def test_each_ply_draws_once_and_a_finished_game_is_refused():
    state = GAME.new_state({}, 3)
    taken = 0

    def uniform() -> float:
        nonlocal taken
        taken += 1
        return 0.0

    plies = 0
    while not state.is_over() and plies < 500:
        state.random_step(uniform)
        plies += 1
    assert state.is_over()
    assert taken == plies
    with pytest.raises(ValueError, match="over"):
        state.random_step(uniform)


def test_a_random_playout_stops_at_its_limit_or_at_the_end():
    state = GAME.new_state({}, 3)
    twin = state.clone()
    first = random.Random(5).random
    assert state.random_playout(first, 2) == 2
    second = random.Random(5).random
    twin.random_step(second)
    twin.random_step(second)
    assert state.to_json() == twin.to_json()
    played = state.random_playout(first, 10_000)
    assert state.is_over() and played > 0
    assert state.random_playout(first, 10_000) == 0
