"""Playing Escape Plan in tests: random legal actions until something holds."""

from __future__ import annotations

from collections.abc import Callable

from getaway.core.rng import Rng
from getaway.games.escape_plan.game import GAME, EscapePlanState


def random_step(state: EscapePlanState, rng: Rng) -> None:
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    state.apply(seat, legal[rng.below(len(legal))])


def play_until(
    state: EscapePlanState, done: Callable[[EscapePlanState], bool], seed: int = 0
) -> EscapePlanState:
    """Random legal actions until ``done(state)`` (checked before each); fails if the game
    ends first."""
    rng = Rng(seed)
    while not done(state):
        assert not state.is_over(), "the game ended before the wanted position"
        random_step(state, rng)
    return state


def new_game(players: int, seed: int = 0, first: str = "p1") -> EscapePlanState:
    return GAME.new_state({"players": players, "first_player": first}, seed=seed)


def at_actions(state: EscapePlanState) -> bool:
    return state.table.phase == "ACTIONS"
