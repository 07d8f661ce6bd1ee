"""What a bot is: something that picks an action from a seat's view.

A bot receives the seat's view, its legal actions and the game (whose ``determinize`` samples
full states consistent with the view). It never receives the true state, so every bot is
fair by construction.
"""

from __future__ import annotations

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
