"""Getting out of the city (spec §13): when and where a player may escape (§13.1), the $1k
fee each turn once someone has escaped (§6.5 R-PA-6), the escape cost by escape order
(§13.2) and arrest (§13.3). Pure functions of small values; the Avoid step of an escape
(which also counts the Exit's tile, R-AV-3) is in ``avoid.py``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from getaway.core.errors import GetawayError
from getaway.games.escape_plan.content import Content
from getaway.games.escape_plan.police import Patrol


class EscapeError(GetawayError, ValueError):
    """Escape bookkeeping asked about something the rules do not have."""


class Arrest(enum.Enum):
    """Why a player was arrested: out of the game, no score, cannot win (§13.3)."""

    TURN_FEE = "could not pay the $1k turn fee after the first escape"
    ESCAPE_COST = "could not pay the escape cost"
    STILL_IN_CITY = "still in the city when the game ended"


def last_day(content: Content) -> int:
    """The Day on which players escape: the last one, when the last Patrol card is out."""
    return len(content.police.patrol_draws_per_day)


def escape_problem(content: Content, day: int, patrol: Patrol, exit_number: int) -> str | None:
    """Why a player may not escape through Exit ``exit_number`` now, or ``None`` (§13.1
    R-ESC-1): only on Day 3, only through the single open Exit. The caller checks that it
    is the MOVE step of the player's own turn and that the pawn is at (or walked onto) that
    Exit."""
    final = last_day(content)
    if day != final:
        return f"escapes happen on Day {final} only; this is Day {day}"
    open_exits = patrol.open_exits
    if len(open_exits) != 1:
        return f"escape needs exactly one open Exit; open now: {list(open_exits)}"
    if exit_number != open_exits[0]:
        return f"Exit {exit_number} is closed; the open Exit is {open_exits[0]}"
    return None


def escape_cost(content: Content, players: int, escaped_before: int) -> int:
    """The escape cost ($k) of the next escapee when ``escaped_before`` participants have
    already escaped (§13.2). Solo: Costa counts as an escapee, on the 2-player row
    ([CHOICE] §16.5, §19 #31); Sandra never escapes and never counts."""
    costs = content.for_players(players).exit_costs
    if not 0 <= escaped_before < len(costs):
        raise EscapeError(
            f"with {players} player(s), 0 to {len(costs) - 1} can have escaped before; "
            f"got {escaped_before}"
        )
    return costs[escaped_before]


@dataclass(frozen=True, slots=True)
class Payment:
    """A forced payment (§12): the cash left, or the arrest when it could not be paid (the
    cash is then untouched: an arrested player scores nothing anyway)."""

    cash: int
    paid: int
    arrest: Arrest | None = None


def turn_fee(content: Content, cash: int, anyone_escaped: bool) -> Payment:
    """The start of a turn actually taken (§6.5 R-PA-6): once any participant (Costa
    included, §16.5) has escaped, pay $1k or be arrested at once. Skipping Night or Dawn
    costs nothing, as no turn is taken."""
    if not anyone_escaped:
        return Payment(cash, 0)
    fee = content.player_counts.turn_fee_after_first_escape
    return _pay(cash, fee, Arrest.TURN_FEE)


def pay_escape(content: Content, cash: int, players: int, escaped_before: int) -> Payment:
    """Step 4 of an escape (§13.2), after the Avoid step: pay the cost for this escape
    order, or be arrested."""
    return _pay(cash, escape_cost(content, players, escaped_before), Arrest.ESCAPE_COST)


def _pay(cash: int, amount: int, cause: Arrest) -> Payment:
    if cash < 0:
        raise EscapeError(f"cash is 0 or more ($k); got {cash}")
    if cash < amount:
        return Payment(cash, 0, cause)
    return Payment(cash - amount, amount)


class Fate(enum.Enum):
    """Where a player stands when the game ends."""

    IN_CITY = "in the city"
    ESCAPED = "escaped"
    ARRESTED = "arrested"


def final_fates(fates: Mapping[str, Fate]) -> dict[str, Fate]:
    """At the end of the game (§6.7, §13.3) a player still in the city did not escape and
    is treated as arrested; the others keep their fate."""
    return {seat: Fate.ARRESTED if fate is Fate.IN_CITY else fate for seat, fate in fates.items()}


def game_over(fates: Mapping[str, Fate]) -> bool:
    """The game ends early once every player (solo: the human and Costa) has escaped or been
    arrested (§6.7); otherwise after Day 3's Dawn. Sandra is not in ``fates``: she never
    leaves and does not keep the game going."""
    return all(fate is not Fate.IN_CITY for fate in fates.values())
