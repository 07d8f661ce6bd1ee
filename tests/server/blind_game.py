"""Matching pennies played blind: the coins go in under the table, so until both are in
nobody may learn whether the other has committed (``public_to_act`` lists both seats and
views hide who committed), like Cash 'n Guns' phone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from getaway.core import ALL, JSONDict
from tests.core.toy_game import SEATS, PenniesGame, PenniesState


class BlindPenniesGame(PenniesGame):
    name = "toy-blind-pennies"
    title = "Blind matching pennies (test game)"

    def new_state(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> PenniesState:
        return BlindPenniesState(self.normalize_options(options), seed)


class BlindPenniesState(PenniesState):
    def public_to_act(self) -> tuple[str, ...]:
        return () if self.is_over() else SEATS

    def view(self, seat: str) -> JSONDict:
        view = super().view(seat)
        if seat != ALL:
            view["committed"] = {}
        return view


GAME = BlindPenniesGame()
