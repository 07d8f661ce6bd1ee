"""Matching pennies played blind: the coins go in under the table, so until both are in
nobody may learn whether the other has committed (``public_to_act`` lists both seats and
views hide who committed), like Cash 'n Guns' phone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from getaway.core import ALL, Game, JSONDict, Move, PublicAction
from tests.core.toy_game import SEATS, PenniesGame, PenniesState


class BlindPenniesGame(PenniesGame):
    name = "toy-blind-pennies"
    title = "Blind matching pennies (test game)"

    def new_state(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> PenniesState:
        return BlindPenniesState(self.normalize_options(options), seed)

    def hidden_commit(self, move: Move) -> PublicAction | None:
        # Under the table: the others are not even shown that the seat answered.
        return None

    def last_commit(self, move: Move) -> PublicAction:
        # The coins are shown together; whose went in last stays under the table.
        return PublicAction.anonymous("?")


class BlindPenniesState(PenniesState):
    @property
    def game(self) -> Game:
        return GAME

    def public_to_act(self) -> tuple[str, ...]:
        return () if self.is_over() else SEATS

    def view(self, seat: str) -> JSONDict:
        view = super().view(seat)
        if seat != ALL:
            view["committed"] = {}
        return view


GAME = BlindPenniesGame()
