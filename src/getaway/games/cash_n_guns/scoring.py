"""The end of the game: who won (spec sections 5, 7 "Advanced-game scoring" and 8.3).

The game ends at the end of a round when at most one player is alive, and after round 8. A
sole survivor wins whatever the money (the cop too); with no survivor nobody wins. After round
8 the cop wins if he called for backup in time, is alive and hid at most once since the call;
otherwise the richest surviving gangster wins: money - $5,000 a shame token (Coward: + $5,000
a token, AMB-11) + $10,000 a dead character for Six Feet Under. Ties go to fewer shame tokens,
then more wounds, then the victory is shared (AMB-10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.cash_n_guns.cards import (
    COWARD,
    SHAME_COST,
    SIX_FEET_BONUS,
    SIX_FEET_UNDER,
)
from getaway.games.cash_n_guns.resolve import reveal

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

END_NO_SURVIVOR = "no-survivor"
END_SOLE_SURVIVOR = "sole-survivor"
END_BACKUP = "backup"
END_RICHEST = "richest"
END_SHARED = "shared"


def deaths(s: CashNGunsState) -> int:
    """How many characters were killed in the game (Six Feet Under counts them all)."""
    return s.rules.players - s.alive.bit_count()


def score(s: CashNGunsState, i: int) -> int:
    """Player ``i``'s final score in dollars (only survivors' scores matter)."""
    shame_value = SHAME_COST if s.ability[i] == COWARD else -SHAME_COST
    total = s.money[i] + shame_value * s.shame[i]
    if s.ability[i] == SIX_FEET_UNDER:
        total += SIX_FEET_BONUS * deaths(s)
    return total


def cop_wins(s: CashNGunsState) -> bool:
    """The cop's own victory after round 8: backup called by round 6, alive, and at most one
    beacon-side shame token (AMB-21: a winning condition, not a ban on hiding)."""
    cop = s.cop
    return cop >= 0 and bool(s.backup_round) and bool(s.alive >> cop & 1) and s.beacon[cop] <= 1


def finish(s: CashNGunsState) -> None:
    """Decide the winners and make the end-of-game reveals (#1 and #8 must be shown; roles
    are shown by the views once the game is over)."""
    for ability in (SIX_FEET_UNDER, COWARD):
        holder = s.holder[ability]
        if holder >= 0 and not s.shown >> ability & 1:
            reveal(s, holder, ability)
    living = [i for i in range(s.rules.players) if s.alive >> i & 1]
    s.scores = {i: score(s, i) for i in living}
    if not living:
        winners: tuple[int, ...] = ()
        reason = END_NO_SURVIVOR
    elif len(living) == 1:
        winners = (living[0],)
        reason = END_SOLE_SURVIVOR
    elif cop_wins(s):
        winners = (s.cop,)
        reason = END_BACKUP
    else:
        # The cop is never the money winner (spec 8.1); there is always a surviving gangster
        # here, since at least two players are alive and only one is the cop.
        candidates = [i for i in living if i != s.cop]
        best = max((s.scores[i], -s.shame[i], s.wounds[i]) for i in candidates)
        winners = tuple(i for i in candidates if (s.scores[i], -s.shame[i], s.wounds[i]) == best)
        reason = END_RICHEST if len(winners) == 1 else END_SHARED
    s.winners = winners
    s.end_reason = reason
    s.log.append(("end", s.round, winners, reason))
