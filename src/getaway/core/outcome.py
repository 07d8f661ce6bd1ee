"""The end of a game as a typed value (python-chess's ``Outcome``): who won, why, and the
scores, so that no front end reads keys of a view that no interface promises."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from getaway.core.game import JSONDict


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    * ``winners``: every winning seat (all seats of a winning team; several for a shared
      victory; none when nobody won), in table order.
    * ``side``: the winning side's name (see :mod:`getaway.core.sides`) when exactly one side
      won, else ``None``.
    * ``returns``: each seat's payoff, as ``state.returns()``.
    * ``reason``: why the game ended, as a stable code (``"capture"``, ``"richest"``), and
      ``summary``: the same in words, with the particulars ("h2 caught the fugitive at 115 in round
      9"). ``facts`` holds those particulars as JSON, so a client can say them in its own language.
    * ``scores``: points per seat where the game counts them (the survivors' money, say), else
      empty; a seat without a score ranks after those with one.
    * ``roles``: hidden roles, now public: seat -> role (the undercover cop).
    """

    winners: tuple[str, ...]
    returns: Mapping[str, float]
    reason: str
    summary: str
    side: str | None = None
    scores: Mapping[str, float] = field(default_factory=dict)
    facts: Mapping[str, Any] = field(default_factory=dict)
    roles: Mapping[str, str] = field(default_factory=dict)

    def won(self, seat: str) -> bool:
        return seat in self.winners

    def to_json(self) -> JSONDict:
        return {
            "winners": list(self.winners),
            "side": self.side,
            "returns": dict(self.returns),
            "reason": self.reason,
            "summary": self.summary,
            "scores": dict(self.scores),
            "facts": dict(self.facts),
            "roles": dict(self.roles),
        }
