"""Cash 'n Guns (Ca$h 'n Gun$, 1st edition, 2005): the Basic game, the Advanced game with the
10 Special Ability cards, and the Undercover Cop game.

Spec: ``shared/rules/cash-n-guns.md``; decisions: ``docs/games/cash-n-guns.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from getaway.core import Game, HiddenRole, JSONDict, Move, PublicAction, Rng, Sides, State
from getaway.core.game import BotFactory
from getaway.core.options import OptionSpec
from getaway.games.cash_n_guns.options import (
    GAME_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_SPECS,
    normalize,
    seats_for,
)
from getaway.games.cash_n_guns.state import CashNGunsState

if TYPE_CHECKING:
    from getaway.core.search import SearchPolicy
    from getaway.games.cash_n_guns.encoding import CashNGunsEncoding

#: When the others learn who the undercover cop is: the rulebook's role cards "will be
#: turned up only at the end of the game" (docs/games/cash-n-guns.md quotes the Russian).
COP_KNOWN_WHEN = "at the end of the game, when the role cards are turned up"


class CashNGuns(Game):
    name = GAME_NAME
    title = "Cash 'n Guns"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def normalize_options(self, options: Mapping[str, Any] | None = None) -> JSONDict:
        return normalize(options)

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return OPTION_SPECS

    def seats(self, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
        return seats_for(normalize(options)["players"])

    def sides(self, options: Mapping[str, Any] | None = None) -> Sides:
        """Every seat plays for itself; in the Undercover Cop game one of them is secretly
        the cop (a victory of his own, spec 8.1). No survivor, or a tie after both
        tie-breakers, is an outcome (no winner; several winners), not a side."""
        normalized = normalize(options)
        seats = seats_for(normalized["players"])
        if not normalized["undercover_cop"]:
            return Sides.solo(seats)
        return Sides.solo(seats, (HiddenRole("cop", seats, COP_KNOWN_WHEN),))

    def public_action(self, before: State, move: Move, viewer: str) -> PublicAction | None:
        """What ``viewer`` is shown of ``move``: see :mod:`getaway.games.cash_n_guns.public`."""
        from getaway.games.cash_n_guns.public import public_action

        assert isinstance(before, CashNGunsState)
        return public_action(before, move, viewer)

    def new_state(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> CashNGunsState:
        return CashNGunsState.new(normalize(options), seed)

    def state_from_json(self, data: Mapping[str, Any]) -> CashNGunsState:
        from getaway.games.cash_n_guns.saves import state_from_json

        return state_from_json(data)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> CashNGunsState:
        from getaway.games.cash_n_guns.determinizer import determinize

        return determinize(view, rng)

    def encoding(self, options: Mapping[str, Any]) -> CashNGunsEncoding:
        """The fixed action ids and flat observations for learning code."""
        from getaway.games.cash_n_guns.encoding import encoding

        return encoding(options)

    def render(self, view: Mapping[str, Any]) -> str:
        from getaway.games.cash_n_guns.render import render_view

        return render_view(view)

    def typing_examples(self, view: Mapping[str, Any]) -> list[tuple[str, str]]:
        from getaway.games.cash_n_guns.typed_moves import typing_examples

        return typing_examples(view)

    def bots(self) -> dict[str, BotFactory]:
        from getaway.games.cash_n_guns.bots import BOTS

        return dict(BOTS)

    def search_budgets(self) -> dict[str, int]:
        from getaway.games.cash_n_guns.search import SEARCH_BUDGETS

        return dict(SEARCH_BUDGETS)

    def search_policy(
        self, seat: str, view: Mapping[str, Any], enabled: frozenset[str] | None = None
    ) -> SearchPolicy:
        """Opponent models over the committed choices, cheap playouts and a rank reward
        (see :mod:`getaway.games.cash_n_guns.search`)."""
        from getaway.games.cash_n_guns.search import CashNGunsSearchPolicy

        return CashNGunsSearchPolicy(self, seat, view, enabled)


GAME = CashNGuns()

__all__ = ["COP_KNOWN_WHEN", "GAME", "CashNGuns", "CashNGunsState"]
