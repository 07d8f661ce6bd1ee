"""The result of one finished game for each role: did it win, and where did it finish.

Games report ``winner()`` (a side) and ``returns()`` (a payoff per seat). Ranks come from
the returns, with ties broken by the ``scores`` (seat -> points) that a game publishes in its
final public view where it has them: Cash 'n Guns shows each survivor's dollars there, so the
winner ranks first, the other survivors by their loot and the dead last, tied. Tied roles
share the mean of their places (two roles tied for 2nd and 3rd both get 2.5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from getaway.core import SPECTATOR, State
from getaway.tournament.schedule import Role


@dataclass(frozen=True)
class RoleResult:
    won: bool
    rank: float


def _published_scores(view: Mapping[str, Any]) -> Mapping[str, Any]:
    scores = view.get("scores")
    return scores if isinstance(scores, Mapping) else {}


def role_results(state: State, game_roles: Sequence[Role]) -> tuple[RoleResult, ...]:
    """Each role's result in a finished game, in role order."""
    winner = state.winner()
    returns = state.returns()
    scores = _published_scores(state.view(SPECTATOR))
    keys = []
    for role in game_roles:
        payoff = returns[role.seats[0]]  # a side's seats share one payoff
        seat_scores = [scores[s] for s in role.seats if isinstance(scores.get(s), int | float)]
        # A role without a published score ranks below every role with one at equal payoff.
        keys.append((payoff, (1, max(seat_scores)) if seat_scores else (0, 0.0)))
    ranks = tied_ranks(keys)
    names = {role.name for role in game_roles}
    best, worst = max(k[0] for k in keys), min(k[0] for k in keys)
    results = []
    for role, key, rank in zip(game_roles, keys, ranks, strict=True):
        if winner in names:
            won = role.name == winner
        else:
            # "shared" and the like: the roles with the best payoff won, if anybody did better
            # than anybody else ("none" leaves every payoff equal).
            won = winner is not None and key[0] == best and best > worst
        results.append(RoleResult(won, rank))
    return tuple(results)


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
