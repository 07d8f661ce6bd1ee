"""Views built incrementally equal views computed from scratch, and clones stay independent.

A state keeps the public parts it has already derived (Cash 'n Guns: its event log converted
to JSON, and each player's spent cards as shown), so that a view late in a game costs about
what it costs early. These tests check that keeping them changes nothing a viewer sees: over
seeded random games, at every ply, the view of a state asked for views all along equals the
view of a twin that played the same moves but was never asked for one (a fresh clone of it
derives everything at the view), for every seat, the spectator and ``all``; the derived parts
equal their from-scratch versions; a view of a state rebuilt from its save agrees too; and
playing on a clone never changes what the original shows.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, cast

import pytest

from getaway.core import ALL, SPECTATOR, Game, State, get_game
from getaway.games.cash_n_guns import CashNGunsState
from getaway.games.cash_n_guns.views import full_log_json, full_spent_public, spent_public
from tests.sweeps import sweep

CASES: list[tuple[str, dict[str, Any] | None, int]] = [
    ("cash-n-guns", {"players": 4}, 6),
    ("cash-n-guns", {"players": 6, "advanced": True}, 4),
    ("cash-n-guns", {"players": 5, "advanced": True, "undercover_cop": True}, 4),
    ("scotland-yard", None, 4),
]


def _viewers(state: State) -> tuple[str, ...]:
    return (*state.seats, SPECTATOR, ALL)


def _check_log(s: CashNGunsState) -> None:
    """The converted log against the whole log converted afresh, and the narration against
    a plain scan for the previous round's first event (the view finds it by bisection)."""
    full = full_log_json(s)
    assert list(s.log_json) == full
    view = s.view(SPECTATOR)
    assert view["log"] == full
    first = next((n for n, e in enumerate(full) if e["round"] >= s.round - 1), len(full))
    assert view["events"] == full[first:]
    for i in range(s.rules.players):
        assert spent_public(s, i) == full_spent_public(s, i)


def _check_game(game: Game, options: Mapping[str, Any] | None, seed: int) -> int:
    """Play one random game, checking every ply; the number of plies."""
    rnd = random.Random(seed)
    warm = game.new_state(options, seed)  # asked for every view at every ply
    cold = game.new_state(options, seed)  # never asked for one
    plies = 0
    while True:
        for viewer in _viewers(warm):
            expected = cold.clone().view(viewer)
            assert warm.view(viewer) == expected, (seed, plies, viewer)
        if isinstance(warm, CashNGunsState):
            _check_log(warm)
        if plies % 7 == 0:
            # A state rebuilt from its save derives everything again.
            loaded = game.state_from_json(warm.to_json())
            assert loaded.view(SPECTATOR) == warm.view(SPECTATOR)
        if warm.is_over():
            return plies
        seat = warm.to_act()[0]
        legal = warm.legal_actions(seat)
        action = legal[rnd.randrange(len(legal))]
        # Playing on a clone (which shares what the original derived) leaves the original's
        # views as they were, and the clone's own views right.
        before = {viewer: warm.view(viewer) for viewer in _viewers(warm)}
        branch = warm.clone()
        branch.apply(seat, action)
        branch_seat = branch.to_act()[0] if not branch.is_over() else None
        if branch_seat is not None:
            other = branch.legal_actions(branch_seat)
            branch.apply(branch_seat, other[rnd.randrange(len(other))])
        for viewer in _viewers(warm):
            branch.view(viewer)
            assert warm.view(viewer) == before[viewer], (seed, plies, viewer)
        warm.apply(seat, action)
        cold.apply(seat, action)
        plies += 1


# At most two of each case's games in ./dev test (None: all of them, in ./dev test-long).
@sweep("most", 2, None)
@pytest.mark.parametrize(("name", "options", "games"), CASES)
def test_incremental_views_equal_views_from_scratch(
    name: str, options: dict[str, Any] | None, games: int, most: int | None
) -> None:
    game = get_game(name)
    for seed in range(games if most is None else min(games, most)):
        assert _check_game(game, options, 1000 + seed) > 10


def test_a_clone_extends_its_own_log_not_the_original_s() -> None:
    game = get_game("cash-n-guns")
    rnd = random.Random(5)
    state = cast(CashNGunsState, game.new_state({"players": 4}, 5))
    while len(state.log) < 3:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rnd.randrange(len(legal))])
    state.view(SPECTATOR)
    shared = state.log_json
    clone = state.clone()
    while len(clone.log) == len(state.log) and not clone.is_over():
        seat = clone.to_act()[0]
        legal = clone.legal_actions(seat)
        clone.apply(seat, legal[rnd.randrange(len(legal))])
    clone.view(SPECTATOR)
    assert state.log_json is shared and len(shared) == len(state.log)
    assert list(clone.log_json) == full_log_json(clone)
    assert clone.log_json[: len(shared)] == shared
