"""Phase 4, courage: every living player secretly hides or stays, all at once; then the
hiding is resolved (spec section 4, Phase 4; checklist items 2-4).

The rulebook: a player who gives up his share "must hide before he learns how his
opponents react", so the answers are secret commits, resolved together when the last one is
in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.cash_n_guns.actions import HIDE, STAY
from getaway.games.cash_n_guns.cards import GUN_LOADED, HIDDEN
from getaway.games.cash_n_guns.shots import (
    LOWERED_HID,
    LOWERED_NO_TARGET,
    LOWERED_TARGET_HID,
    discard_face_down,
)

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

COURAGE_IDS = (HIDE, STAY)


def resolve_courage(s: CashNGunsState) -> None:
    """Every answer is in: the hiders lie down (see :func:`resolve_hiding`)."""
    assert s.box is not None
    index = s.rules.index
    hiders = 0
    for seat, choice in s.box.reveal().items():
        if choice == HIDE:
            hiders |= 1 << index[seat]
    resolve_hiding(s, hiders)


def resolve_hiding(s: CashNGunsState, hiders: int) -> None:
    """Phase 4 resolution (spec 4, Phase 4 item 5): hiders lie down, take one shame token
    (one per character, even with two guns) and discard their cards face down; guns aimed at
    a hider, and guns with no target, are lowered and their cards discarded face down."""
    status, gstate, target = s.status, s.gstate, s.target
    r = s.round
    hid = []
    for i in range(s.rules.players):
        if hiders >> i & 1:
            hid.append(i)
            status[i] = HIDDEN
            s.shame[i] += 1
            if s.backup_round:
                # Tokens taken after the backup call show the beacon side (spec 8.2 item 7).
                s.beacon[i] += 1
            for k in (2 * i, 2 * i + 1):
                if gstate[k] == GUN_LOADED:
                    discard_face_down(s, k, LOWERED_HID)
    s.log.append(("hide", r, tuple(hid)))
    for k in range(2 * s.rules.players):
        if gstate[k] == GUN_LOADED:
            t = target[k]
            if t < 0:
                discard_face_down(s, k, LOWERED_NO_TARGET)
            elif status[t] == HIDDEN:
                discard_face_down(s, k, LOWERED_TARGET_HID)
