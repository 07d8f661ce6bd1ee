"""MOVE then AVOID as one decision in steps (spec §7.3, §7.4; ``getaway.core.steps``): the
path step by step, ended by ``stop``, ``medevac`` or ``escape``, then the Avoid steps.

The game state supplies the two contexts; how it builds the Avoid context from the finished
path (the police on each tile, Sandra, Costa, the tools the move left) is its business, so
it passes a function for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from getaway.games.escape_plan.avoid import AvoidContext, AvoidResult, avoid_result, avoid_steps
from getaway.games.escape_plan.city import CityMap
from getaway.games.escape_plan.movement import (
    ESCAPE,
    MEDEVAC,
    STOP,
    MoveContext,
    MovePath,
    next_steps,
    validate_path,
)

#: The steps that end the MOVE part of the decision.
ENDINGS = frozenset({STOP, MEDEVAC, ESCAPE})

AvoidFor = Callable[[MovePath], AvoidContext]


def split_move(steps: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The MOVE steps (up to and including the one that ends the move) and the AVOID steps
    after them."""
    for position, step in enumerate(steps):
        if step in ENDINGS:
            return tuple(steps[: position + 1]), tuple(steps[position + 1 :])
    return tuple(steps), ()


def legal_steps(
    city: CityMap, ctx: MoveContext, avoid_for: AvoidFor, steps: Sequence[str]
) -> list[str]:
    """The steps that may follow ``steps``: the path's while the move goes on, then the
    Avoid steps; empty once the decision is complete. An illegal step in ``steps`` raises
    (``IllegalMoveError`` or ``IllegalAvoidError``) naming it."""
    moving, avoiding = split_move(steps)
    path = validate_path(city, ctx, moving)
    if path.ended is None:
        return [step.id for step in next_steps(city, ctx, path)]
    return avoid_steps(avoid_for(path), avoiding)


@dataclass(frozen=True, slots=True)
class MoveOutcome:
    """A complete Move's MOVE and AVOID steps, checked."""

    path: MovePath
    avoided: AvoidResult


def outcome(
    city: CityMap, ctx: MoveContext, avoid_for: AvoidFor, steps: Sequence[str]
) -> MoveOutcome:
    """The result of a complete decision; raises on an illegal or missing step."""
    moving, avoiding = split_move(steps)
    path = validate_path(city, ctx, moving, complete=True)
    return MoveOutcome(path, avoid_result(avoid_for(path), avoiding))
