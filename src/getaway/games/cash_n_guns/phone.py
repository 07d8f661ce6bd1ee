"""Phase 8, the phone (Undercover Cop game, rounds 1-6; spec section 8.2, AMB-20 to AMB-23).

The rulebook: the phone card is passed "under the table to the next player who took part in
the split"; only the cop
may flip it, and only its final side is seen. So each participant answers ``pass`` (the cop
may ``flip``) as a secret commit in a *blind* step: nobody is shown who has answered, nor
when, and the answers are resolved together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.cash_n_guns.actions import FLIP, PASS
from getaway.games.cash_n_guns.cards import BACKUP_USES, LAST_PHONE_ROUND

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

PHONE_GANGSTER_IDS = (PASS,)
PHONE_COP_IDS = (PASS, FLIP)


def phone_legal(s: CashNGunsState, i: int) -> tuple[str, ...]:
    """``pass``; the cop may also ``flip`` (offered only in his own prompt: legal actions
    are private to a seat)."""
    return PHONE_COP_IDS if i == s.cop else PHONE_GANGSTER_IDS


def phone_rings(s: CashNGunsState) -> bool:
    """Whether this round has a phone phase: the Cop game, rounds 1-6, while the backup has
    not been called (even if the cop is dead, so that skipping it gives nothing away:
    AMB-23), with someone who took part in the split and two players alive (D10)."""
    return (
        s.rules.cop_game
        and s.round <= LAST_PHONE_ROUND
        and not s.backup_round
        and bool(s.participants)
        and s.alive.bit_count() >= 2
    )


def resolve_phone(s: CashNGunsState) -> None:
    """Every answer is in: only the final side of the phone card is shown; the 3rd use is the
    backup call, and shame tokens taken from then on show the beacon (spec 8.2)."""
    assert s.box is not None
    used = FLIP in s.box.reveal().values()
    if used:
        s.phone_uses += 1
        if s.phone_uses == BACKUP_USES:
            s.backup_round = s.round
    s.log.append(("phone", s.round, used, s.phone_uses, phone_order(s)))


def phone_order(s: CashNGunsState) -> tuple[int, ...]:
    """The participants in the order the phone is passed: from the Godfather clockwise
    (AMB-20); it changes nothing, since only the final side is seen."""
    n = s.rules.players
    return tuple(
        (s.godfather + j) % n for j in range(n) if s.step_seats >> ((s.godfather + j) % n) & 1
    )
