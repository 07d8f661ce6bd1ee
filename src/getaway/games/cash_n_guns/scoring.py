"""The end of the game: who won (spec sections 5, 7 "Advanced-game scoring" and 8.3).

The game ends at the end of a round when at most one player is alive, and after round 8. A
sole survivor wins whatever the money (the cop too); with no survivor nobody wins. After round
8 the cop wins if he called for backup in time, is alive and hid at most once since the call;
otherwise the richest surviving gangster wins: money - $5,000 a shame token (Coward: + $5,000
a token, AMB-11) + $10,000 a dead character for Six Feet Under. Ties go to fewer shame tokens,
then more wounds, then the victory is shared (AMB-10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from getaway.core import Outcome
from getaway.games.cash_n_guns.abilities import reveal
from getaway.games.cash_n_guns.cards import (
    COP,
    COWARD,
    ROLE_NAMES,
    SHAME_COST,
    SIX_FEET_BONUS,
    SIX_FEET_UNDER,
)

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

END_NO_SURVIVOR = "no-survivor"
END_SOLE_SURVIVOR = "sole-survivor"
END_BACKUP = "backup"
END_RICHEST = "richest"
END_SHARED = "shared"
END_REASONS = (END_NO_SURVIVOR, END_SOLE_SURVIVOR, END_BACKUP, END_RICHEST, END_SHARED)
#: Abilities shown at the end of the game, "if they are in the game" (the rulebook).
END_REVEALS = (SIX_FEET_UNDER, COWARD)


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


def decide(s: CashNGunsState) -> tuple[tuple[int, ...], str, dict[int, int]]:
    """The winners, the end reason and the survivors' scores of a game ending now."""
    living = [i for i in range(s.rules.players) if s.alive >> i & 1]
    scores = {i: score(s, i) for i in living}
    if not living:
        return (), END_NO_SURVIVOR, scores
    if len(living) == 1:
        return (living[0],), END_SOLE_SURVIVOR, scores
    if cop_wins(s):
        return (s.cop,), END_BACKUP, scores
    # The cop is never the money winner (spec 8.1); there is always a surviving gangster
    # here, since at least two players are alive and only one is the cop.
    candidates = [i for i in living if i != s.cop]
    best = max((scores[i], -s.shame[i], s.wounds[i]) for i in candidates)
    winners = tuple(i for i in candidates if (scores[i], -s.shame[i], s.wounds[i]) == best)
    return winners, END_RICHEST if len(winners) == 1 else END_SHARED, scores


def finish(s: CashNGunsState) -> None:
    """Decide the winners and make the end-of-game reveals (#1 and #8 must be shown; roles
    are shown by the views once the game is over)."""
    for ability in END_REVEALS:
        holder = s.holder[ability]
        if holder >= 0 and not s.shown >> ability & 1:
            reveal(s, holder, ability)
    s.winners, s.end_reason, s.scores = decide(s)
    s.log.append(("end", s.round, s.winners, s.end_reason))


def outcome_of(s: CashNGunsState) -> Outcome:
    """The finished game as an :class:`~getaway.core.Outcome`: the winners in table order,
    the end reason, a summary with the particulars, the survivors' scores, the counters as
    facts (so a client can say it in its own words), and the cop once roles are shown."""
    seats = s.rules.seats
    n = s.rules.players
    winners = tuple(seats[i] for i in s.winners)
    living = [i for i in range(n) if s.alive >> i & 1]
    facts: dict[str, Any] = {
        "round": s.round,
        "survivors": [seats[i] for i in living],
        "dead": [seats[i] for i in range(n) if not s.alive >> i & 1],
        "money": {seats[i]: s.money[i] for i in living},
        "shame": {seats[i]: s.shame[i] for i in range(n)},
        "wounds": {seats[i]: s.wounds[i] for i in range(n)},
    }
    roles: dict[str, str] = {}
    if s.cop >= 0:
        roles[seats[s.cop]] = ROLE_NAMES[COP]
        facts["cop"] = seats[s.cop]
        facts["backup_round"] = s.backup_round or None
        facts["shame_beacon"] = {seats[i]: s.beacon[i] for i in range(n)}
    return Outcome(
        winners=winners,
        returns=s.returns(),
        reason=s.end_reason or "",
        summary=_summary(s),
        side=winners[0] if len(winners) == 1 else None,
        scores={seats[i]: v for i, v in sorted(s.scores.items())},
        facts=facts,
        roles=roles,
    )


def _dollars(value: int) -> str:
    return f"-${-value:,}" if value < 0 else f"${value:,}"


def _summary(s: CashNGunsState) -> str:
    """The end in words: who won, why, with what; then the others' scores and the dead."""
    seats = s.rules.seats
    reason = s.end_reason
    after = "after shame"
    if any(s.holder[a] >= 0 for a in (COWARD, SIX_FEET_UNDER)):
        after = "after shame and abilities"
    if reason == END_NO_SURVIVOR:
        return f"nobody is left alive at the end of round {s.round}: no winner"
    if reason == END_SOLE_SURVIVOR:
        (i,) = s.winners
        who = f"{seats[i]}, the undercover cop," if i == s.cop else seats[i]
        head = f"{who} wins as the only one left alive at the end of round {s.round}"
    elif reason == END_BACKUP:
        head = (
            f"{seats[s.cop]}, the undercover cop, wins: backup was called in round "
            f"{s.backup_round} and he survived, hiding at most once since"
        )
    elif reason == END_RICHEST:
        (i,) = s.winners
        head = f"{seats[i]} wins with {_dollars(s.scores[i])} {after}"
    else:
        names = " and ".join(seats[i] for i in s.winners)
        head = (
            f"{names} share the victory with {_dollars(s.scores[s.winners[0]])} each {after}, "
            "tied on shame and wounds"
        )
    others = sorted((i for i in s.scores if i not in s.winners), key=lambda i: (-s.scores[i], i))
    parts = [head]
    if others:
        parts.append(", ".join(f"{seats[i]} {_dollars(s.scores[i])}" for i in others))
    if reason in (END_RICHEST, END_SHARED) and s.cop >= 0 and s.alive >> s.cop & 1:
        parts.append(f"{seats[s.cop]} was the cop and could not win on money")
    dead = [seats[i] for i in range(s.rules.players) if not s.alive >> i & 1]
    if dead:
        parts.append(f"{', '.join(dead)} {'is' if len(dead) == 1 else 'are'} dead")
    return "; ".join(parts)
