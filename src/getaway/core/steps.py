"""Decisions made in steps: one seat builds a decision over several actions, and nothing of
it takes effect, or is shown to anybody else, until it is complete.

Some decisions are paths, not points: a double move (the double-move ticket, then a ride,
then another), a move through a growing city (a piece, then a step at a time, then
"done"). Packing each whole decision into one action id multiplies the legal actions (every
pair of rides, every path) and gives learning code no fixed action space. Instead, each step
is an ordinary action with a short id, and the state keeps the open :class:`Decision`:

* ``legal_actions(seat)`` lists the steps that may come next, each of which can still be
  completed (a step never leads into a dead end), and :data:`DONE` where the decision may end
  there;
* ``apply(seat, step)`` extends the decision; when it is complete and nothing may extend it,
  or the step is :data:`DONE`, the whole decision takes effect at once;
* until then the deciding seat's view shows its steps and nobody else's view changes:
  ``public_action`` shows others nothing of an open step, and ``would_reveal`` is false, so
  :meth:`getaway.core.session.Session.undo` takes a step back (the front ends' "undo").

A game writes one :class:`StepRules` per kind of decision: what may follow the steps so far,
and how a complete decision takes effect. :meth:`StepRules.take` does the rest. Use it where a
decision is a sequence whose parts depend on the earlier ones (paths, chains of choices); a
compound id stays fine for a few parts chosen at once and always shown together (two guns
loaded in one secret commit), where the product of choices is small.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from getaway.core.errors import IllegalActionError, SaveFileError
from getaway.core.game import ALL, JSONDict, State

#: The step that ends a decision which could also go on (a path that may stop here).
DONE = "done"

S = TypeVar("S", bound=State)


@dataclass(frozen=True, slots=True)
class Decision:
    """The open decision of ``seat``: the steps taken so far. Immutable, so a state's clone
    shares it."""

    seat: str
    steps: tuple[str, ...]

    def then(self, step: str) -> Decision:
        return Decision(self.seat, (*self.steps, step))

    def seen_by(self, viewer: str) -> list[str] | None:
        """The steps as ``viewer`` may see them: the deciding seat and ``all`` see them,
        nobody else sees anything (not even that a decision is open)."""
        return list(self.steps) if viewer in (self.seat, ALL) else None

    def to_json(self) -> JSONDict:
        return {"seat": self.seat, "steps": list(self.steps)}


class StepRules(ABC, Generic[S]):
    """How one kind of decision unfolds in a game (see the module docstring)."""

    @abstractmethod
    def next_steps(self, state: S, seat: str, steps: tuple[str, ...]) -> Sequence[str]:
        """The steps that may follow ``steps`` (``()``: the first step). Every one must lead
        to a decision that can be completed; :data:`DONE` is among them where the decision
        may end after ``steps``. Empty when ``steps`` is complete and nothing may extend it:
        the decision then takes effect at once."""

    @abstractmethod
    def carry_out(self, state: S, seat: str, steps: tuple[str, ...]) -> None:
        """Make the complete decision ``steps`` (without :data:`DONE`) take effect."""

    def refuse(self, state: S, seat: str, steps: tuple[str, ...], step: str) -> str:
        """Why ``step`` may not follow ``steps``, in words, for the error message. The
        default says only that it is not one of the steps that may come next."""
        return "not a step that may come next" if steps else "not a legal first step"

    # What a game calls ---------------------------------------------------------------------

    def legal(self, state: S, open_decision: Decision | None, seat: str) -> Sequence[str]:
        """The steps ``seat`` may take now, given its open decision (or ``None``)."""
        return self.next_steps(state, seat, open_decision.steps if open_decision else ())

    def take(
        self, state: S, open_decision: Decision | None, seat: str, step: Any
    ) -> Decision | None:
        """Play ``step`` (any value: a non-string is refused like an unknown id). Returns the
        decision still open, or ``None`` once the decision has taken effect. An illegal step
        raises :class:`IllegalActionError` naming the legal ones and changes nothing."""
        steps = open_decision.steps if open_decision else ()
        allowed = self.next_steps(state, seat, steps)
        if not isinstance(step, str) or step not in allowed:
            why = "an action id is text" if not isinstance(step, str) else None
            raise IllegalActionError(
                seat, str(step), allowed, why or self.refuse(state, seat, steps, step)
            )
        if step == DONE:
            self.carry_out(state, seat, steps)
            return None
        steps = (*steps, step)
        if not self.next_steps(state, seat, steps):
            self.carry_out(state, seat, steps)
            return None
        return Decision(seat, steps)

    def completes(self, state: S, open_decision: Decision | None, seat: str, step: str) -> bool:
        """Whether ``step`` would make the decision take effect (an open step reveals
        nothing: a game's ``would_reveal`` can say so without trying it)."""
        steps = open_decision.steps if open_decision else ()
        return step == DONE or not self.next_steps(state, seat, (*steps, step))

    def restore(self, state: S, data: Any, seats: Sequence[str]) -> Decision | None:
        """An open decision read back from :meth:`Decision.to_json` (``None`` for ``null``),
        checked step by step against ``state``; anything malformed or illegal raises
        :class:`SaveFileError` naming the step."""
        if data is None:
            return None
        if not (
            isinstance(data, Mapping)
            and set(data) == {"seat", "steps"}
            and data["seat"] in seats
            and isinstance(data["steps"], list)
            and data["steps"]
            and all(isinstance(step, str) for step in data["steps"])
        ):
            raise SaveFileError(
                "save file: an open decision must be {'seat': SEAT, 'steps': [STEP, ...]} "
                "with at least one step"
            )
        seat, steps = data["seat"], tuple(data["steps"])
        for number in range(len(steps)):
            allowed = self.next_steps(state, seat, steps[:number])
            if steps[number] not in allowed or steps[number] == DONE:
                raise SaveFileError(
                    f"save file: step {number + 1} of the open decision, {steps[number]!r}, "
                    f"cannot follow {list(steps[:number])}"
                )
        if not self.next_steps(state, seat, steps):
            raise SaveFileError(
                f"save file: the open decision {list(steps)} is complete; it would have taken "
                "effect"
            )
        return Decision(seat, steps)
