"""Playing Escape Plan in tests: random legal actions until something holds."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from getaway.core.rng import Rng
from getaway.games.escape_plan.game import GAME, EscapePlanState
from getaway.games.escape_plan.move_action import move_context
from getaway.games.escape_plan.movement import STOP, MovePath, apply_step, next_steps, start_path


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


def play(state: EscapePlanState, seat: str, steps: list[str]) -> None:
    """Play ``steps`` for ``seat``, each checked legal first."""
    for step in steps:
        assert step in state.legal_actions(seat), (step, state.legal_actions(seat))
        state.apply(seat, step)


def move_stopping(
    state: EscapePlanState, seat: str, stops: Callable[[str], bool], what: str
) -> list[str]:
    """The MOVE steps of the cheapest-in-steps move that stops on a node where ``stops`` holds
    using no tool (a breadth-first search over the steps the game itself offers); ``what``
    names the goal when there is no such move."""
    city = state.table.city
    ctx = move_context(state.rules, state.table, seat)
    queue: deque[MovePath] = deque([start_path(city, ctx)])
    seen: set[tuple[str, int, str]] = set()
    while queue:
        path = queue.popleft()
        for step in next_steps(city, ctx, path):
            if step.id == STOP and stops(path.node):
                return [*path.steps, STOP]
            key = (step.to, path.spent + step.cost, step.kind)
            if step.id != STOP and step.tool is None and key not in seen:
                seen.add(key)
                queue.append(apply_step(city, ctx, path, step.id))
    raise AssertionError(f"no move to {what}")
