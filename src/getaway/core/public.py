"""What one viewer is shown of one action: all of it, a public part, or nothing.

Each game decides it in one place, ``Game.public_action(before, move, viewer)``; the server,
``getaway replay``, the terminal, the web client and the search bots' view of other seats'
moves all ask it, and nothing else decides it (boardgame.io's ``redact``, in one place).

A public part is written in the action's own grammar with :data:`HIDDEN` where a part is
secret (a hidden piece's ``ride:46`` is shown to its hunters as ``ride:?``, a secret
bet as ``bet:?``), and a completed decision made in steps as its steps joined by ``/``.

``None`` means the viewer is shown nothing at all, not even that the seat acted (a step of a
decision not yet complete, an answer in a blind step); the viewer's view must then not
change either, which the conformance tests check for every game. A public part may also
leave out *who* acted (``seat`` is ``None``): the last answer of a blind step resolves it for
everyone to see, but whose answer came last is nobody's business.
"""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.game import JSONDict

#: Stands for a secret part of an action id.
HIDDEN = "?"


@dataclass(frozen=True, slots=True)
class PublicAction:
    """What a viewer is shown of ``seat``'s action (``seat`` is ``None`` where the viewer is
    not shown who acted).

    ``action`` is the action id when the viewer may know it, else ``None``. ``shown`` is
    what the viewer is told happened, in the action grammar with :data:`HIDDEN` for secret
    parts: usually the id itself or its public part; for the step that completes a decision
    made in steps (:mod:`getaway.core.steps`), the whole decision, its steps joined by ``/``
    (``double/ride:?/ride:?``), since its earlier steps were shown to nobody else."""

    seat: str | None
    action: str | None
    shown: str

    @classmethod
    def whole(cls, seat: str, action: str, shown: str | None = None) -> PublicAction:
        """The action in full (``shown``: the whole decision it completes, if it does)."""
        return cls(seat, action, action if shown is None else shown)

    @classmethod
    def part(cls, seat: str, shown: str) -> PublicAction:
        """Only ``shown`` (the action id with :data:`HIDDEN` for its secret parts)."""
        return cls(seat, None, shown)

    @classmethod
    def anonymous(cls, shown: str) -> PublicAction:
        """Only ``shown``, without saying who acted (the step it completes is public)."""
        return cls(None, None, shown)

    @property
    def full(self) -> bool:
        return self.action is not None

    def to_json(self) -> JSONDict:
        return {"seat": self.seat, "action": self.action, "public": self.shown}


def hidden_step_json() -> JSONDict:
    """A step of a log of which the viewer is shown nothing: no seat, no action."""
    return {"seat": None, "action": None, "public": None}
