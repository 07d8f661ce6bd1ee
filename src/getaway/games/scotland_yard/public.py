"""What each viewer is shown of each move: the one place that decides it
(``ScotlandYard.public_action``; the search's labels, ``search.observed``, read the same
function).

* A hunter's move (``d1:bus:58``, ``p1:58``) is public: everybody sees it in full.
* Mr. X's ride is shown in full to ``mrx`` and ``all``. Everybody else sees its ticket with
  the station hidden (``taxi:?``, ``black:?``), the station only where the log entry surfaces
  him (``bus:46``).
* His double move is made in steps (``mrx_turn.py``): ``double`` and the first leg are shown
  to ``mrx`` and ``all`` alone, and to nobody else at all (``None``: they do not even learn
  that a decision is open). The second leg completes it: then everybody is shown the whole
  decision, ``double/LEG/LEG``, with hidden stations as ``?`` (``double/bus:?/taxi:?``;
  ``double/bus:?/taxi:24`` when the second leg surfaces). The legacy compound id
  ``double:bus:23/taxi:24`` is shown the same way.
* When Mr. X's move ends the game (the hunters cannot move: X2), every view opens the travel
  log (decision C3), so the move is shown to everybody in full.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.core import ALL, HIDDEN, Move, PublicAction
from getaway.games.scotland_yard.moves import DOUBLE_PREFIX, DOUBLE_STEP, LEG_PARSE
from getaway.games.scotland_yard.options import MRX

if TYPE_CHECKING:
    from getaway.games.scotland_yard.state import ScotlandYardState

#: A ride's id -> what others see of it when it does not surface him (``taxi:46`` ->
#: ``taxi:?``).
_TICKET_ONLY = {leg: f"{leg.partition(':')[0]}:{HIDDEN}" for leg in LEG_PARSE}
#: (legs, which of them surface) -> the public text; legs come back at every search node.
_SHOWN: dict[tuple[tuple[str, ...], tuple[bool, ...]], str] = {}


def public_action(before: ScotlandYardState, move: Move, viewer: str) -> PublicAction | None:
    """What ``viewer`` is shown of ``move``, played in ``before`` (see the module docstring)."""
    seat, action = move.seat, move.action
    if seat != MRX:
        return PublicAction.whole(seat, action)
    legs = _completed_legs(before, action)
    if legs is None:  # a step of his double move that leaves it open
        return PublicAction.whole(seat, action) if viewer in (MRX, ALL) else None
    whole = _joined(legs, (True,) * len(legs))
    if viewer in (MRX, ALL) or before.mrx_move_ends_game():
        return PublicAction.whole(seat, action, whole)
    shown = shown_to_others(before, legs)
    return (
        PublicAction.whole(seat, action, whole)
        if shown == whole
        else PublicAction.part(seat, shown)
    )


def observed_label(before: ScotlandYardState, action: str) -> str:
    """What a seat other than Mr. X is shown of Mr. X's ``action`` in ``before``: the same
    text as ``public_action(...).shown``, computed without building the record (the search
    asks it at every node where Mr. X moves); ``""`` where they are shown nothing."""
    if before.decision is None and action in _TICKET_ONLY:
        # A single ride, the common case.
        if before.surfaces(len(before.log_ticket) + 1, True) or before.mrx_move_ends_game():
            return action
        return _TICKET_ONLY[action]
    legs = _completed_legs(before, action)
    if legs is None:
        return ""
    if before.mrx_move_ends_game():
        return _joined(legs, (True,) * len(legs))
    return shown_to_others(before, legs)


def _completed_legs(before: ScotlandYardState, action: str) -> tuple[str, ...] | None:
    """The rides of the turn ``action`` completes (``None`` when it leaves a double move
    open): a single ride, the two legs of the double move under way, or a compound id's."""
    decision = before.decision
    if decision is None:
        return None if action == DOUBLE_STEP else mrx_legs_of(action)
    if len(decision.steps) < 2:
        return None
    return (decision.steps[1], action)


def mrx_legs_of(action: str) -> tuple[str, ...]:
    """The legs of a Mr. X action id: ``("taxi:46",)``, or ``("bus:23", "taxi:24")`` for the
    compound double-move id ``double:bus:23/taxi:24``."""
    if action.startswith(DOUBLE_PREFIX):
        first, _, second = action[len(DOUBLE_PREFIX) :].partition("/")
        return first, second
    return (action,)


def shown_to_others(before: ScotlandYardState, legs: tuple[str, ...]) -> str:
    """The public text of Mr. X's turn riding ``legs`` from ``before``: each leg's ticket,
    and its station where its log entry surfaces him."""
    entry = len(before.log_ticket) + 1
    last = len(legs) - 1
    surfacing = tuple(before.surfaces(entry + i, last=i == last) for i in range(len(legs)))
    return _joined(legs, surfacing)


def _joined(legs: tuple[str, ...], surfacing: tuple[bool, ...]) -> str:
    key = (legs, surfacing)
    text = _SHOWN.get(key)
    if text is None:
        parts = [
            leg if shown else f"{leg.partition(':')[0]}:{HIDDEN}"
            for leg, shown in zip(legs, surfacing, strict=True)
        ]
        text = "/".join((DOUBLE_STEP, *parts)) if len(parts) > 1 else parts[0]
        if len(_SHOWN) < 65_536:
            _SHOWN[key] = text
    return text
