"""The uniform random bot: the baseline every other bot must beat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from getaway.core import Game, Rng


class RandomBot:
    name = "random"

    def choose(
        self, game: Game, seat: str, view: Mapping[str, Any], legal: Sequence[str], rng: Rng
    ) -> str:
        return rng.choice(legal)
