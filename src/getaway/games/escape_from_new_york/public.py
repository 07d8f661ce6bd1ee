"""What each viewer is shown of each action (spec §13): the one place that decides it
(``EscapeFromNewYork.public_action``).

The acting seat and ``all`` are shown every action in full. Everyone else (the other seats
and spectators) is shown every action too, since each one changes what the table shows
(a card laid face down, a figure moved, a step passed), but with the card named by it
hidden (:data:`~getaway.core.HIDDEN`) where the rules keep that card from them:

* ``choose:CARD`` (step 2, a card laid face down, §13.2) is ``choose:?``;
* ``ability:N:CARD`` (the personal ability in place of a chosen card) is ``ability:N:?``:
  the option used is public, the card it replaced stays hidden (§13.1, §13.4);
* ``return:CARD`` and ``medical:CARD`` (a card taken back from the face-down action
  discard into the hand) are ``return:?`` and ``medical:?``;
* ``keep:CARD`` (the Weapon Shop's item kept, face down into the supply) is ``keep:?``;
* ``special:CARD`` (the special action card chosen at a level-up, §13.2) is ``special:?``;
* ``objective:CARD`` (the objective taken in a swap; only the colour is public) is
  ``objective:?``.

Everything else names nothing secret and is shown whole: ``play:CARD`` reveals the card
(§13.1, "played action cards as they are revealed"); a random discard or steal (damage,
the Library, ``steal:SEAT``) names no card; a supply card is named by its place
(``drop:I``, ``use:I``, ``reveal:I``), which every view shows; the rest are moves, targets,
choices of spaces and answers made in the open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.core import ALL, HIDDEN, Move, PublicAction

if TYPE_CHECKING:
    from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState

#: Action kinds whose last part names a card the others may not see.
SECRET_CARD_KINDS = frozenset(
    {"choose", "ability", "return", "medical", "keep", "special", "objective"}
)


def shown_to_others(action: str) -> str:
    """What a viewer other than the actor (and other than ``all``) is shown of ``action``:
    the id itself, or the id with its secret card replaced by ``?``."""
    kind, colon, _ = action.partition(":")
    if kind not in SECRET_CARD_KINDS or not colon:
        return action  # ``keep`` alone is step 1's choice not to recover, with no card
    head, _, _card = action.rpartition(":")
    return f"{head}:{HIDDEN}"


def public_action(before: EscapeFromNewYorkState, move: Move, viewer: str) -> PublicAction:
    """``Game.public_action`` for Escape from New York (see the module docstring). The
    state before the move is not needed: an action id's grammar alone says which part is
    secret, whatever the stage."""
    if viewer in (ALL, move.seat):
        return PublicAction.whole(move.seat, move.action)
    shown = shown_to_others(move.action)
    if shown == move.action:
        return PublicAction.whole(move.seat, move.action)
    return PublicAction.part(move.seat, shown)
