"""Who plays what, on which deal: roles, fair line-ups and paired seeds.

A *role* is what one bot plays in one game: one side of the game as ``game.sides()`` declares it,
with all its seats (a team's bot plays every seat of the team; where each seat plays alone, a role
is one seat). A *line-up* names the bot of every role. A *deal* is one seed; every line-up of the
tournament plays every deal, so bots are compared on the same cards and start positions, and every
bot plays every role equally often:

* two roles: every ordered pair of different bots (each pairing plays both sides);
* more roles: the bots rotate over the roles, ``lineup r`` giving role ``i`` the bot
  ``bots[(i + r) % K]`` for ``r < K``, so every bot sits in every role exactly once a deal.

Deal ``d`` of a tournament seeded ``S`` uses seed ``derive_seed(S, d)``, like game ``d`` of
``getaway simulate --seed S``, so any deal can be replayed alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from getaway.core import Game, derive_seed


@dataclass(frozen=True)
class Role:
    """The seats one bot plays in a game, named after its side (or its seat)."""

    name: str
    seats: tuple[str, ...]


def roles(game: Game, options: Mapping[str, Any]) -> tuple[Role, ...]:
    """The roles of ``game`` with these (normalized) options: its sides, in seat order.

    A hidden role (an undercover cop) is not a role of the tournament: it is dealt with the
    cards, so every bot holds it equally often over the rotations of a deal."""
    return tuple(Role(side.name, side.seats) for side in game.sides(options))


def lineups(bots: Sequence[str], role_count: int) -> tuple[tuple[str, ...], ...]:
    """Every line-up played on each deal: a bot name per role (see the module docstring)."""
    count = len(bots)
    if role_count == 2:
        return tuple((a, b) for a in bots for b in bots if a != b)
    return tuple(tuple(bots[(i + r) % count] for i in range(role_count)) for r in range(count))


@dataclass(frozen=True)
class Fixture:
    """One game of the tournament: its number, its deal and seed, and who plays each role."""

    index: int
    deal: int
    seed: int
    lineup: tuple[str, ...]


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal`` in a tournament seeded ``seed``."""
    return derive_seed(seed, deal)


def fixtures(seed: int, deals: int, all_lineups: Sequence[tuple[str, ...]]) -> tuple[Fixture, ...]:
    """Every game, deal by deal: game ``d * len(all_lineups) + j`` plays line-up ``j`` on
    deal ``d``."""
    per_deal = len(all_lineups)
    return tuple(
        Fixture(deal * per_deal + j, deal, deal_seed(seed, deal), lineup)
        for deal in range(deals)
        for j, lineup in enumerate(all_lineups)
    )


def seat_lineup(game_roles: Sequence[Role], lineup: Sequence[str]) -> dict[str, str]:
    """Seat -> bot name for a line-up (a role's bot plays every seat of that role)."""
    return {seat: bot for role, bot in zip(game_roles, lineup, strict=True) for seat in role.seats}
