"""Simultaneous secret choices: every seat commits, then all are revealed at once.

A game that asks several seats to choose at once keeps a :class:`SecretChoices` box. Each seat
commits through the ordinary ``apply`` (so commits are logged and replayable like any action);
until the last commit, views show only *who* has committed, never what. When every seat has
committed the game reads :meth:`SecretChoices.reveal` and resolves them together, so the order
in which commits arrived cannot matter.
"""

from __future__ import annotations

from collections.abc import Iterable

from getaway.core.errors import GetawayError


class SecretChoices:
    """Committed secret choices of a set of seats, hidden until all are in."""

    __slots__ = ("_choices", "_seats")

    def __init__(self, seats: Iterable[str] = ()) -> None:
        self._seats: tuple[str, ...] = tuple(seats)
        self._choices: dict[str, str] = {}

    def clone(self) -> SecretChoices:
        box = SecretChoices.__new__(SecretChoices)
        box._seats = self._seats
        box._choices = dict(self._choices)
        return box

    @property
    def seats(self) -> tuple[str, ...]:
        return self._seats

    def waiting(self) -> tuple[str, ...]:
        """Seats that still have to commit, in table order."""
        return tuple(s for s in self._seats if s not in self._choices)

    def committed(self) -> tuple[str, ...]:
        return tuple(s for s in self._seats if s in self._choices)

    def has_committed(self, seat: str) -> bool:
        return seat in self._choices

    def commit(self, seat: str, choice: str) -> None:
        if seat not in self._seats:
            raise GetawayError(f"seat {seat!r} has no choice to make now")
        if seat in self._choices:
            raise GetawayError(f"seat {seat!r} has already committed its choice")
        self._choices[seat] = choice

    def choice_of(self, seat: str) -> str | None:
        """The seat's own committed choice (only ever shown to that seat)."""
        return self._choices.get(seat)

    def complete(self) -> bool:
        return bool(self._seats) and len(self._choices) == len(self._seats)

    def reveal(self) -> dict[str, str]:
        """All choices at once; only allowed when every seat has committed."""
        if not self.complete():
            raise GetawayError(f"cannot reveal: still waiting for {', '.join(self.waiting())}")
        return {s: self._choices[s] for s in self._seats}

    def public_view(self) -> dict[str, bool]:
        """Who has committed, per seat: safe to show anyone."""
        return {s: s in self._choices for s in self._seats}

    def to_json(self) -> dict[str, object]:
        return {"seats": list(self._seats), "choices": dict(self._choices)}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> SecretChoices:
        seats = data.get("seats")
        choices = data.get("choices")
        if not (isinstance(seats, list) and all(isinstance(s, str) for s in seats)):
            raise GetawayError("secret choices: 'seats' must be a list of seat names")
        if not (
            isinstance(choices, dict)
            and all(k in seats and isinstance(v, str) for k, v in choices.items())
        ):
            raise GetawayError("secret choices: 'choices' must map committed seats to actions")
        box = cls(seats)
        box._choices = dict(choices)
        return box
