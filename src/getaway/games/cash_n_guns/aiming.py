"""Phase 3, aiming: every living player aims at another one (or at nobody) at the same time;
the aims are shown together and locked for the round (spec section 4, Phase 3; AMB-1). The
revealed Kid (#6) aims alone afterwards, seeing every aim.

The rulebook: "on the count of 3 all players must aim at each other at the same time", so an
aim is a secret commit until the last one is in. An unrevealed Crazy may still reveal in this
step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.cash_n_guns.actions import AIM_PARSE, aim_ids, reveal_bit, with_reveals
from getaway.games.cash_n_guns.cards import CRAZY
from getaway.games.cash_n_guns.steps import STEP_AIM

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

#: The aims of a timer (spec 10.2: a late aimer does not shoot), by the number of guns.
DEFAULT_AIMS = ("", "aim:none", "aim:none/none")


def aim_legal(s: CashNGunsState, i: int) -> tuple[str, ...]:
    """Player ``i``'s aims: a living player other than himself, or nobody, per gun; in the
    ``aim`` step also the Crazy's reveal while he has not shown his card."""
    ids = aim_ids(i, s.alive, s.guns[i])
    if s.step == STEP_AIM and s.ability[i] == CRAZY and not s.shown >> CRAZY & 1:
        return with_reveals(ids, reveal_bit(CRAZY))
    return ids


def show_the_aims(s: CashNGunsState) -> None:
    """The last aim is in: every aim is shown at once and locked for the round (AMB-1)."""
    assert s.box is not None
    index = s.rules.index
    target = s.target
    aims = []
    for seat, action in s.box.reveal().items():
        i = index[seat]
        targets = AIM_PARSE[action]
        for g, t in enumerate(targets):
            target[2 * i + g] = t
        aims.append((i, targets))
    s.aims_revealed = True
    s.log.append(("aims", s.round, tuple(aims)))


def kid_aims(s: CashNGunsState, i: int, action: str) -> None:
    """The revealed Kid aims in public, having seen every aim (he holds one gun)."""
    s.target[2 * i] = AIM_PARSE[action][0]
    s.log.append(("kid-aim", s.round, i, s.target[2 * i]))
