"""What a bot is: something that picks an action from a seat's view.

A bot receives the seat's view, its legal actions and the game (whose ``determinize`` samples
full states consistent with the view). It never receives the true state, so every bot is
fair by construction.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from getaway.core.game import Game
from getaway.core.rng import Rng


class Bot(Protocol):
    name: str

    def choose(
        self,
        game: Game,
        seat: str,
        view: Mapping[str, Any],
        legal: Sequence[str],
        rng: Rng,
    ) -> str:
        """One of ``legal``, chosen from what ``view`` shows."""


class ViewBot(ABC):
    """A bot that decides from the seat's view alone: ``choose`` plays a lone legal action
    at once (a forced move is no decision, so it neither reads the view nor draws from
    ``rng``) and hands every real decision to :meth:`pick`. Games' view heuristics share
    this so that the forced-move rule and the ``Bot`` signature live in one place."""

    name: str

    def choose(
        self,
        game: Game,
        seat: str,
        view: Mapping[str, Any],
        legal: Sequence[str],
        rng: Rng,
    ) -> str:
        if len(legal) == 1:
            return legal[0]
        return self.pick(seat, view, legal, rng)

    @abstractmethod
    def pick(self, seat: str, view: Mapping[str, Any], legal: Sequence[str], rng: Rng) -> str:
        """One of ``legal`` (two or more), chosen from what ``view`` shows."""


def best_scored(legal: Sequence[str], scores: Sequence[float], rng: Rng, tie: float = 1e-9) -> str:
    """The action of ``legal`` with the highest score (``scores`` in the same order); actions
    within ``tie`` of the top are tied, and ``rng`` breaks a tie (one draw, only if tied)."""
    top = max(scores)
    tied = [a for a, s in zip(legal, scores, strict=True) if s >= top - tie]
    return tied[0] if len(tied) == 1 else rng.choice(tied)
