"""Errors that say what was wrong and what is allowed instead.

Every error raised on bad input leaves the game exactly as it was: rules code validates an
action completely before it changes anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: How many legal actions an error message lists before it summarises the rest.
_SHOWN = 12


def _summarise(items: Sequence[str]) -> str:
    if not items:
        return "none"
    shown = ", ".join(items[:_SHOWN])
    if len(items) > _SHOWN:
        shown += f", ... ({len(items) - _SHOWN} more)"
    return shown


class GetawayError(Exception):
    """Base class of every error this package raises on purpose.

    It pickles whatever its subclass's arguments: an error raised in a worker process (a bot
    thinking for the server, a chunk of games) reaches the parent pickled, and Python rebuilds
    an exception by calling its class with its message, which a subclass taking other
    arguments refuses. The parent could not read the answer, and a process pool then counts
    itself broken (before this, every bot move of a game the workers did not know restarted
    the server's bot pool)."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (type(self), self.args, dict(self.__dict__)))


def _rebuilt(
    cls: type[GetawayError], args: tuple[Any, ...], fields: dict[str, Any]
) -> GetawayError:
    """The error ``cls`` with its message ``args`` and attributes ``fields``, made without
    calling its ``__init__``."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(fields)
    return error


class UnknownGameError(GetawayError):
    def __init__(self, name: str, known: Sequence[str]) -> None:
        self.name = name
        self.known = list(known)
        super().__init__(f"unknown game {name!r}; known games: {_summarise(self.known)}")


class OptionsError(GetawayError):
    """Game options that are unknown, of the wrong type or out of range."""


class NotYourTurnError(GetawayError):
    """A seat tried to act when it may not."""

    def __init__(self, seat: str, to_act: Sequence[str], *, over: bool = False) -> None:
        self.seat = seat
        self.to_act = list(to_act)
        if over:
            msg = f"seat {seat!r} cannot act: the game is over"
        else:
            msg = f"seat {seat!r} may not act now; waiting for: {_summarise(self.to_act)}"
        super().__init__(msg)


class UnknownSeatError(GetawayError):
    def __init__(self, seat: str, seats: Sequence[str]) -> None:
        self.seat = seat
        self.seats = list(seats)
        super().__init__(f"unknown seat {seat!r}; seats in this game: {_summarise(self.seats)}")


class IllegalActionError(GetawayError):
    """An action that is not legal for this seat now. Carries the legal ones."""

    def __init__(self, seat: str, action: str, legal: Sequence[str], reason: str = "") -> None:
        self.seat = seat
        self.action = action
        self.legal = list(legal)
        self.reason = reason
        why = f" ({reason})" if reason else ""
        super().__init__(
            f"illegal action {action!r} for seat {seat!r}{why}; legal actions: "
            f"{_summarise(self.legal)}"
        )


class AmbiguousActionError(GetawayError):
    """Typed input that matches several legal actions."""

    def __init__(self, text: str, matches: Sequence[str]) -> None:
        self.text = text
        self.matches = list(matches)
        super().__init__(f"{text!r} could mean: {_summarise(self.matches)}; type one of them")


class UndoError(GetawayError):
    """Undo refused: it would take back another seat's action or revealed information."""


class SaveFileError(GetawayError):
    """A save or replay file that cannot be read: malformed JSON, wrong shape, or a state the
    rules do not allow."""
