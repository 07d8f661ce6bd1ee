"""What each viewer is shown of each action: the one place that decides it (spec 10.3).

The acting seat and ``all`` are shown every action in full. Everyone else (the other seats,
dead or alive, and spectators) is shown:

* a **secret commit** (a load, the Sly's late load, an aim, hide or stay) as its kind with
  the secret part hidden: ``load:?`` (``load:?/?`` with two guns), ``aim:?`` (``aim:?/?``),
  ``?`` for hide or stay, because the views show only *who* has committed;
* the commit that **completes a step** as much as the views then reveal: the last aim and the
  last hide-or-stay in full (every aim, every hider is shown at once), the last load still as
  ``load:?`` (loaded cards are never shown as a group);
* an answer to **the phone** (a blind step: nobody may learn who has passed it on, nor when)
  as nothing at all until the last one, and the last one as ``?`` without its seat: the step
  resolves then and shows only the phone's final side, never who flipped it nor who answered
  last;
* the Specialist's swap as ``specialist:?``: he shows his BBB, but the card he discards in its
  place stays face down;
* everything else (reveals, ``pass`` in a window, claims, ``unhurt``, the Kid's aim) in full.

:func:`shown_to_others` is the rule itself, on the state's internal form, so that the search
policy's ``observed`` labels (asked for every move of another seat in the tree) come from it
too, without building a :class:`~getaway.core.PublicAction` each time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.core import ALL, HIDDEN, Move, PublicAction
from getaway.games.cash_n_guns.actions import REVEAL_PARSE, SPECIALIST_PARSE
from getaway.games.cash_n_guns.steps import (
    STEP_AIM,
    STEP_COURAGE,
    STEP_LOAD,
    STEP_PHONE,
    STEP_SLY,
)

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

#: A secret load and a secret aim as others see them, by the number of guns (1 or 2).
HIDDEN_LOAD = ("", f"load:{HIDDEN}", f"load:{HIDDEN}/{HIDDEN}")
HIDDEN_AIM = ("", f"aim:{HIDDEN}", f"aim:{HIDDEN}/{HIDDEN}")
HIDDEN_SPECIALIST = f"specialist:{HIDDEN}"


def shown_to_others(s: CashNGunsState, i: int, action: str) -> str | None:
    """What a viewer other than player ``i`` (and other than ``all``) is shown of ``i``
    playing ``action`` in ``s`` (the state before it): the id, its public part with
    :data:`~getaway.core.HIDDEN` for the secret parts, or ``None`` for nothing at all."""
    step = s.step
    if step == STEP_AIM:
        if action in REVEAL_PARSE or s.waiting == 1 << i:
            # A reveal is public; the last aim completes the step and every aim is shown.
            return action
        return HIDDEN_AIM[s.guns[i]]
    if step == STEP_COURAGE:
        return action if s.waiting == 1 << i else HIDDEN
    if step in (STEP_LOAD, STEP_SLY):
        return action if action in REVEAL_PARSE else HIDDEN_LOAD[s.guns[i]]
    if step == STEP_PHONE:
        return HIDDEN if s.waiting == 1 << i else None
    if action in SPECIALIST_PARSE:
        return HIDDEN_SPECIALIST
    return action


def public_action(before: CashNGunsState, move: Move, viewer: str) -> PublicAction | None:
    """``Game.public_action`` for Cash 'n Guns (see the module docstring)."""
    if viewer in (ALL, move.seat):
        return PublicAction.whole(move.seat, move.action)
    i = before.rules.index.get(move.seat)
    if i is None:
        return None
    shown = shown_to_others(before, i, move.action)
    if shown is None:
        return None
    if before.step == STEP_PHONE:
        # The last answer resolves the phone for everyone to see, but whose answer came
        # last is a timing the table must not learn (spec 10.2): nobody is named.
        return PublicAction.anonymous(shown)
    if shown == move.action:
        return PublicAction.whole(move.seat, move.action)
    return PublicAction.part(move.seat, shown)


__all__ = ["HIDDEN_AIM", "HIDDEN_LOAD", "HIDDEN_SPECIALIST", "public_action", "shown_to_others"]
