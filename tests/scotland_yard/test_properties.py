"""Properties of whole random games, every player count and both editions.

* The public possible locations always hold Mr. X's true station.
* A replay (game, options, seed, actions) rebuilds byte-identical states and views.
* Saving and loading at any step round-trips, and the loaded copy plays on exactly like the
  original.

Random games through the raw protocol cost a fraction of a millisecond, so the cheap checks
run on every step of hundreds of games and the costly ones (every view, a save at every step)
on a subset.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from getaway.core import (
    ALL,
    SPECTATOR,
    Move,
    Replay,
    Rng,
    State,
    derive_seed,
    load_state,
    save_state,
)
from getaway.core.serialize import dumps
from getaway.games.scotland_yard import GAME
from getaway.games.scotland_yard.state import ScotlandYardState
from tests.scotland_yard.helpers import OPTIONS, option_id
from tests.sweeps import sweep


def random_game(
    options: dict[str, Any], seed: int
) -> Iterator[tuple[ScotlandYardState, Move | None]]:
    """Each state of a random game with the move about to be played on it, then the final
    state with ``None`` (one state object, mutated as the game goes on). The moves come from
    a generator of their own, so the same seed always plays the same game."""
    state = GAME.new_state(options, seed)
    rng = Rng(derive_seed(seed, "moves"))
    while not state.is_over():
        seat = state.to_act()[0]
        move = Move(seat, rng.choice(state.legal_actions(seat)))
        yield state, move
        state.apply(move.seat, move.action)
    yield state, None


def played(options: dict[str, Any], seed: int) -> tuple[ScotlandYardState, Replay]:
    """A finished random game and its replay log."""
    replay = Replay.start(GAME, options, seed)
    for state, move in random_game(options, seed):
        if move is None:
            return state, replay
        replay.actions.append(move)
    raise AssertionError("a random game yields its final state last")


def every_view(state: State) -> str:
    """All seats' views, spectators' and the omniscient one, as canonical JSON."""
    return dumps({seat: state.view(seat) for seat in (*state.seats, SPECTATOR, ALL)})


# Possible locations --------------------------------------------------------------------------


@sweep("games", 15, 60)
@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_possible_locations_always_hold_mr_x(options, games):
    """60 games per setting, 600 in all (15 per setting in ./dev test), checked before every
    action and at the end."""
    for seed in range(games):
        for state, _ in random_game(options, seed):
            assert state.pos[0] in state.view(SPECTATOR)["possible_locations"]


# Replays -------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_a_replay_rebuilds_the_same_final_state(options):
    for seed in range(20):
        final, replay = played(options, seed)
        expected = save_state(final)
        assert save_state(replay.final_state()) == expected
        assert save_state(replay.final_state()) == expected
        assert save_state(Replay.loads(replay.dumps()).final_state()) == expected


@sweep("games", 1, 3)
@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_a_replay_shows_every_seat_the_same_views_at_every_step(options, games):
    for seed in range(games):
        _, replay = played(options, seed)
        first, second = replay.states(), Replay.loads(replay.dumps()).states()
        steps = 0
        for (move_a, state_a), (move_b, state_b) in zip(first, second, strict=True):
            assert move_a == move_b
            assert every_view(state_a) == every_view(state_b)
            steps += 1
        assert steps == len(replay.actions) + 1


# Saving and loading --------------------------------------------------------------------------


# Each step's copy plays the rest of the game: the cost grows with the square of its length.
@sweep("games", 2, 8)
@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_save_and_load_round_trip_at_every_step(options, games):
    for seed in range(games):
        final, replay = played(options, seed)
        expected_final = save_state(final)
        for step, (_, state) in enumerate(replay.states()):
            text = save_state(state)
            loaded = load_state(text)
            assert save_state(loaded) == text
            assert loaded.to_act() == state.to_act()
            for seat in state.to_act():
                assert loaded.legal_actions(seat) == state.legal_actions(seat)
            assert every_view(loaded) == every_view(state)
            for move in replay.actions[step:]:
                loaded.apply(move.seat, move.action)
            assert save_state(loaded) == expected_final


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    options=st.sampled_from(OPTIONS),
    seed=st.integers(min_value=0, max_value=2**32),
    cut=st.integers(min_value=0, max_value=200),
)
def test_a_loaded_copy_plays_on_exactly_like_the_original(options, seed, cut):
    """Stop a random game anywhere, load a copy from its save, and let the same random
    policy finish both: the same legal actions are offered and the same game results."""
    state = GAME.new_state(options, seed)
    rng = Rng(seed)
    for _ in range(cut):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    copy = load_state(save_state(state))
    assert isinstance(copy, ScotlandYardState)
    rng_original, rng_copy = rng.clone(), rng.clone()
    while not state.is_over():
        seat = state.to_act()[0]
        assert copy.to_act() == state.to_act()
        legal = state.legal_actions(seat)
        assert copy.legal_actions(seat) == legal
        state.apply(seat, rng_original.choice(legal))
        copy.apply(seat, rng_copy.choice(legal))
    assert copy.is_over()
    assert save_state(copy) == save_state(state)
    assert copy.winner() == state.winner()
