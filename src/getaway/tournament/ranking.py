"""The result of one finished game for each role: did it win, and where did it finish.

Everything comes from the game's typed :class:`~getaway.core.Outcome`: a role won when its
seats are among the winners; places come from the returns, ties broken by the outcome's
scores where the game counts them (the survivors' money in a game where the richest wins:
the winner ranks first, the other survivors by their loot, the dead last, tied). Tied roles
share the mean of their places (two roles tied for 2nd and 3rd both get 2.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from getaway.core import State
from getaway.tournament.schedule import Role


@dataclass(frozen=True)
class RoleResult:
    won: bool
    rank: float


def role_results(state: State, game_roles: Sequence[Role]) -> tuple[RoleResult, ...]:
    """Each role's result in a finished game, in role order."""
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("the game is not over: it has no result yet")
    keys = []
    for role in game_roles:
        payoff = max(outcome.returns[s] for s in role.seats)
        scores = [outcome.scores[s] for s in role.seats if s in outcome.scores]
        # A role without a score ranks below every role with one at equal payoff.
        keys.append((payoff, (1, max(scores)) if scores else (0, 0.0)))
    ranks = tied_ranks(keys)
    return tuple(
        RoleResult(any(outcome.won(s) for s in role.seats), rank)
        for role, rank in zip(game_roles, ranks, strict=True)
    )


def tied_ranks(keys: Sequence[Any]) -> tuple[float, ...]:
    """Places for ``keys`` where a higher key is better: 1 for the best; ties share the mean
    of the places they span."""
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    ranks = [0.0] * len(keys)
    start = 0
    while start < len(order):
        stop = start
        while stop + 1 < len(order) and keys[order[stop + 1]] == keys[order[start]]:
            stop += 1
        shared = (start + stop) / 2 + 1
        for i in order[start : stop + 1]:
            ranks[i] = shared
        start = stop + 1
    return tuple(ranks)
