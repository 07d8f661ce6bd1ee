"""The shortcuts of the speed work against the plain definitions they replace, on every
position of seeded random games (all player counts): each must give the same answer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from getaway.core.rng import Rng, derive_seed
from getaway.games.escape_plan.game import GAME, EscapePlanState
from getaway.games.escape_plan.visit import MAY_REFUSE_A_VISIT, unvisitable, visit_problem

GAMES = 12


def positions(players: int, games: int = GAMES) -> Iterator[EscapePlanState]:
    """Every position of ``games`` seeded random games with ``players`` players."""
    for game in range(games):
        seed = derive_seed(players, game, 13)
        state = GAME.new_state({"players": players}, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            yield state
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])


def unvisitable_by_definition(state: EscapePlanState, seat: str) -> tuple[str, ...]:
    """R-VIS-3 asked of every location, as ``unvisitable`` was first written."""
    return tuple(
        node
        for node, kind in state.table.city.location_kinds
        if kind in MAY_REFUSE_A_VISIT
        and visit_problem(state.rules, state.table, seat, node) is not None
    )


@pytest.mark.parametrize("players", [1, 3, 5])
def test_unvisitable_is_visit_problem_asked_everywhere(players: int) -> None:
    refused = 0
    for state in positions(players):
        for seat, player in state.table.players.items():
            if player.status == "city":
                expected = unvisitable_by_definition(state, seat)
                assert unvisitable(state.rules, state.table, seat) == expected
                refused += bool(expected)
    assert refused  # the games did reach refusals
