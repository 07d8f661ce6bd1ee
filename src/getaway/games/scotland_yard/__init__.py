"""Scotland Yard (Ravensburger, 2014 edition; the classic edition as an option).

Spec: ``shared/rules/scotland-yard.md``; decisions: ``docs/games/scotland-yard.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from getaway.core import JSONDict, Move, PublicAction, Rng, Side, Sides, State
from getaway.core.hooks import ModuleHooks
from getaway.core.options import OptionSpec
from getaway.core.search import SearchPolicy
from getaway.games.scotland_yard.options import (
    DETECTIVES,
    MRX,
    OPTION_SPECS,
    normalize,
    seats_for,
)
from getaway.games.scotland_yard.state import ScotlandYardState

if TYPE_CHECKING:
    from getaway.games.scotland_yard.encoding import ScotlandYardEncoding


class ScotlandYard(ModuleHooks):
    name = "scotland-yard"
    title = "Scotland Yard"
    min_players = 2
    max_players = 6
    render_module = "getaway.games.scotland_yard.render"
    topics_module = "getaway.games.scotland_yard.render_topics"
    typing_module = "getaway.games.scotland_yard.typed_moves"
    bots_module = "getaway.games.scotland_yard.bots"

    def normalize_options(self, options: Mapping[str, Any] | None = None) -> JSONDict:
        return normalize(options)

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return OPTION_SPECS

    def seats(self, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
        return seats_for(normalize(options)["players"])

    def sides(self, options: Mapping[str, Any] | None = None) -> Sides:
        """Mr. X alone against the detectives' side: every detective seat (the police pieces
        belong to that side as a whole, not to a seat)."""
        seats = self.seats(options)
        return Sides((Side(MRX, (MRX,)), Side(DETECTIVES, seats[1:])))

    def public_action(self, before: State, move: Move, viewer: str) -> PublicAction | None:
        """What ``viewer`` is shown of ``move``: decided in ``public.py`` alone."""
        from getaway.games.scotland_yard.public import public_action

        assert isinstance(before, ScotlandYardState)
        return public_action(before, move, viewer)

    def encoding(self, options: Mapping[str, Any]) -> ScotlandYardEncoding:
        """The fixed action ids and flat observations of ``encoding.py``."""
        from getaway.games.scotland_yard.encoding import encoding

        return encoding(options)

    def new_state(
        self, options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> ScotlandYardState:
        return ScotlandYardState.new(normalize(options), seed)

    def state_from_json(self, data: Mapping[str, Any]) -> ScotlandYardState:
        from getaway.games.scotland_yard.saves import state_from_json

        return state_from_json(data)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> ScotlandYardState:
        from getaway.games.scotland_yard.determinizer import determinize

        return determinize(view, rng)

    def search_policy(
        self, seat: str, view: Mapping[str, Any], enabled: frozenset[str] | None = None
    ) -> SearchPolicy:
        """Nijssen and Winands' techniques, each switchable (see ``search.py``)."""
        from getaway.games.scotland_yard.search import ScotlandYardSearchPolicy

        return ScotlandYardSearchPolicy(self, seat, view, enabled)


GAME = ScotlandYard()

__all__ = ["GAME", "ScotlandYard", "ScotlandYardState"]
