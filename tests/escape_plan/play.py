"""Playing Escape Plan in tests: random legal actions until something holds."""

from __future__ import annotations

from collections.abc import Callable

from getaway.core.rng import Rng
from getaway.games.escape_plan.game import GAME, EscapePlanState


def random_step(state: EscapePlanState, rng: Rng, plain: bool = False) -> None:
    """One random legal action; ``plain``: no executive action (§8) while anything else is
    legal, so a turn is one Rest or Move (tests counting turns and discs)."""
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    if plain:
        legal = [a for a in legal if not a.startswith("exec:")] or legal
    state.apply(seat, legal[rng.below(len(legal))])


def end_turn(state: EscapePlanState, seat: str) -> None:
    """Answer ``end`` while ``seat``'s turn waits only for it (nothing left to visit or
    resolve, executive actions declined)."""
    while state.to_act() == (seat,) and "end" in state.legal_actions(seat):
        state.apply(seat, "end")


def play_until(
    state: EscapePlanState,
    done: Callable[[EscapePlanState], bool],
    seed: int = 0,
    plain: bool = False,
) -> EscapePlanState:
    """Random legal actions until ``done(state)`` (checked before each); fails if the game
    ends first."""
    rng = Rng(seed)
    while not done(state):
        assert not state.is_over(), "the game ended before the wanted position"
        random_step(state, rng, plain)
    return state


def new_game(players: int, seed: int = 0, first: str = "p1") -> EscapePlanState:
    return GAME.new_state({"players": players, "first_player": first}, seed=seed)


def at_actions(state: EscapePlanState) -> bool:
    return state.table.phase == "ACTIONS"
