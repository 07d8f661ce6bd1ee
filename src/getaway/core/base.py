"""What every game's state repeats, written once: a state built on a shared *rules* object
(everything fixed by the options: seats, tables, flags) and the seed it was dealt from.

A game's state subclasses :class:`RulesState`, names its game in ``game_name`` and keeps its
rules in ``self.rules``; the protocol's identity properties (``game``, ``options``, ``seed``,
``seats``) and the seat check come from here, so a new game writes only its rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Generic, NoReturn, Protocol, TypeVar

from getaway.core.errors import NotYourTurnError, UnknownSeatError
from getaway.core.game import ALL, SPECTATOR, Game, State


class GameRules(Protocol):
    """What :class:`RulesState` needs of a game's rules object."""

    @property
    def options(self) -> Mapping[str, Any]: ...

    @property
    def seats(self) -> tuple[str, ...]: ...


R = TypeVar("R", bound=GameRules)


class RulesState(State, Generic[R]):
    """A state with ``rules`` (shared by every state of one game, never changed) and a seed."""

    __slots__ = ("_seed", "rules")

    #: The registry name of the game these states belong to.
    game_name: ClassVar[str]
    rules: R
    _seed: int

    @property
    def game(self) -> Game:
        from getaway.core.registry import get_game

        return get_game(self.game_name)

    @property
    def options(self) -> Mapping[str, Any]:
        return self.rules.options

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def seats(self) -> tuple[str, ...]:
        return self.rules.seats

    def reject_seat(self, seat: str) -> NoReturn:
        """Raise the error for a ``seat`` that may not act now: not a seat of this game at
        all, or not its turn (or the game is over)."""
        if seat not in self.rules.seats:
            raise UnknownSeatError(seat, self.rules.seats)
        raise NotYourTurnError(seat, self.to_act(), over=self.is_over())

    def check_viewer(self, viewer: str) -> None:
        """Raise unless ``viewer`` is a seat, the spectator or ``all``."""
        if viewer not in self.rules.seats and viewer not in (SPECTATOR, ALL):
            raise UnknownSeatError(viewer, (*self.rules.seats, SPECTATOR, ALL))
