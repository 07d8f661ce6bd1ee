"""What the state memoises for speed equals what it would compute afresh, wherever the game
goes: Mr. X's move lists while he holds a double-move ticket, and the possible-location sets
kept up to date move by move (and shared with clones)."""

from __future__ import annotations

import pytest

from getaway.core import Rng
from getaway.games.scotland_yard.knowledge import can_move_from, possible_sets
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


def fresh_possible_sets(state: ScotlandYardState) -> list[int]:
    sets = possible_sets(
        state.rules.board,
        state.start_candidates,
        state.log_ticket,
        [s if r else 0 for s, r in zip(state.log_station, state.log_revealed, strict=True)],
        state.occupied_at,
        state.searched,
    )
    if state.phase == 0:
        sets[-1] = can_move_from(
            state.rules.board,
            sets[-1],
            state.occ,
            state.black,
            state.supply,
            state.rules.unlimited_supply,
        )
    return sets


@pytest.mark.parametrize(
    "options",
    [{"players": 4}, {"players": 2}, {"players": 5, "reveal_rule": "rounds", "edition": "classic"}],
)
def test_possible_sets_kept_move_by_move_equal_fresh_ones(options):
    checked = 0
    for seed in range(10):
        state: ScotlandYardState = new(options, seed)
        rng = Rng(seed)
        clones = []
        while not state.is_over():
            # Ask for the last set alone on some plies, for all sets on others, for neither on
            # the rest, so that the memo is extended after one move or after several.
            if rng.random() < 0.5:
                assert state.possible_mask() == fresh_possible_sets(state)[-1]
            if rng.random() < 0.3:
                assert state.possible_masks() == fresh_possible_sets(state)
                checked += 1
            if rng.random() < 0.1:
                clones.append(state.clone())
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            singles = [a for a in legal if not a.startswith("double:")] or list(legal)
            state.apply(seat, rng.choice(singles if rng.random() < 0.9 else list(legal)))
        for clone in clones:
            # A clone taken earlier and played on differently keeps its own, right, sets.
            while not clone.is_over():
                seat = clone.to_act()[0]
                clone.apply(seat, rng.choice(clone.legal_actions(seat)))
                assert clone.possible_masks() == fresh_possible_sets(clone)
    assert checked > 100
