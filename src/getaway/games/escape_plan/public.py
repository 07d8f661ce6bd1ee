"""What each viewer is shown of each action: the one place that decides it
(``EscapePlan.public_action``, spec §21.2).

* The acting seat and ``all`` are shown every action in full (a step that completes a
  decision, with the whole decision it completes).
* The Income unlock (``unlock:<asset>`` or ``pass``) and the Night/Dawn disc (``disc`` or
  ``pass``) are public: paying $3k and spending a disc are done in the open. What the cash
  behind the screen comes to is never in an action id.
* The steps after a turn's Rest or Move (the VISIT, executive actions, bonuses, ``end``)
  and the Handcuffs choices take effect at once and are public, each as it is taken, but
  for a picked tile's value (below).
* A decision in steps (placing a City tile, a turn's Rest or Move) is shown to nobody
  else while it is open: not even that it is under way (``None``). Its last step shows the
  whole decision, the steps joined by ``/`` (``move/walk:A2.res/walk:A2.store/done``): the
  path walked, the tiles placed, every step in the open. A Locker or Exit tile picked from
  the ones drawn (§7.5.5, §7.5.9) is shown with its value hidden, the item space it goes to
  in the open (``visit:pick:?:2``); the colour was named by the step that opened the
  Locker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.core import ALL, HIDDEN, Move, PublicAction

if TYPE_CHECKING:
    from getaway.games.escape_plan.game import EscapePlanState

#: Steps whose second part is a secret value: the pick among tiles drawn unseen
#: (``visit:pick:<value>:<space>``).
SECRET_VALUE_STEPS = ("visit:pick:",)


def public_action(before: EscapePlanState, move: Move, viewer: str) -> PublicAction | None:
    """What ``viewer`` is shown of ``move``, played in ``before`` (see the module docstring)."""
    from getaway.games.escape_plan.game import STEP_RULES

    seat, action = move.seat, move.action
    steps = STEP_RULES.get(before.table.stage)
    if steps is None or before.table.cuffs_due:
        # Taken at once and in the open (the visit after a Move among them, turns.py), but
        # for the value of a tile picked among those drawn unseen.
        hidden = hide_secret_value(action)
        if viewer in (ALL, seat) or hidden == action:
            return PublicAction.whole(seat, action)
        return PublicAction.part(seat, hidden)
    decision = before.decision
    completes = steps.completes(before, decision, seat, action)
    taken = (*(decision.steps if decision is not None else ()), action)
    if viewer in (ALL, seat):
        return PublicAction.whole(seat, action, "/".join(taken) if completes else None)
    if not completes:
        return None
    whole = "/".join(taken)
    shown = shown_to_others(taken)
    return (
        PublicAction.whole(seat, action, whole)
        if shown == whole
        else PublicAction.part(seat, shown)
    )


def shown_to_others(steps: tuple[str, ...]) -> str:
    """The public text of a completed decision: its steps joined by ``/``, each secret value
    replaced by :data:`~getaway.core.HIDDEN`."""
    return "/".join(hide_secret_value(step) for step in steps)


def hide_secret_value(step: str) -> str:
    """``visit:pick:70:2`` -> ``visit:pick:?:2``; any other step as it is."""
    for prefix in SECRET_VALUE_STEPS:
        if step.startswith(prefix):
            _value, _, rest = step[len(prefix) :].partition(":")
            return f"{prefix}{HIDDEN}:{rest}" if rest else f"{prefix}{HIDDEN}"
    return step
