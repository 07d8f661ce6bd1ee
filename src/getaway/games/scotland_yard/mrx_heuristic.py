"""The heuristic Mr. X: how good each of his moves looks from his view.

He keeps away from every hunter's reach, heads where he has the most stations to himself
(those he reaches before any hunter can), keeps the detectives' picture of him wide, and
saves black and double-move tickets for the moments they help most (just after a reveal, in
danger).

His double move is made in steps (``mrx_turn.py``): ``double``, then each leg. The heuristic
plans the whole double move from the view at every step (:class:`_DoublePlan`): ``double``
scores as the best pair of legs, a first leg as the best pair it begins, a second leg as the
pair it completes; so each step follows the plan the step before chose.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from getaway.games.scotland_yard.board import (
    BLACK,
    ORDINARY,
    Board,
    board_for,
    mask_of,
    stations_of,
)
from getaway.games.scotland_yard.heuristic_tools import hunter_reach, is_reveal_entry, nearest_of
from getaway.games.scotland_yard.knowledge import expand
from getaway.games.scotland_yard.moves import DOUBLE_STEP, LEG_PARSE

# Mr. X's weights ---------------------------------------------------------------------------

#: Ending next to a hunter's reach: that hunter may step onto him.
X_REACHABLE_PENALTY = 100.0
#: Per ride of distance from the nearest hunter, counted up to ``X_DISTANCE_CAP`` rides.
X_DISTANCE_WEIGHT = 2.0
X_DISTANCE_CAP = 4
#: Per ride of mean distance from the hunters (a tie-breaker among equally safe stations).
X_MEAN_DISTANCE_WEIGHT = 1.0
#: Per free neighbour outside every hunter's reach: room to run next turn.
X_MOBILITY_WEIGHT = 2.0
X_MOBILITY_CAP = 6
#: Per bit of the number of stations he can reach before any hunter can (his region):
#: a small region means he is being cornered, whatever the nearest distance says.
X_REGION_WEIGHT = 12.0
#: Per bit of the detectives' uncertainty (log2 of the size of their possible set).
X_INFO_WEIGHT = 3.5
#: Per bit of the spread of the next move from a station where he surfaces.
X_SURFACING_WEIGHT = 3.0
#: What spending a black ticket costs, and how much less it costs just after a reveal.
X_BLACK_COST = 6.0
X_BLACK_AFTER_REVEAL_DISCOUNT = 6.0
#: A black ticket on a surfacing entry hides nothing: the station is shown anyway.
X_BLACK_ON_REVEAL_PENALTY = 30.0
#: A black ticket where an ordinary one reaches the same station and hides just as much.
X_BLACK_WASTED_PENALTY = 30.0
#: Spending a double-move ticket when not in danger, and when in danger.
X_DOUBLE_COST = 45.0
X_DOUBLE_COST_IN_DANGER = 6.0
#: Taking the last ordinary ticket of a kind from the supply (it may be needed later).
X_LAST_SUPPLY_TICKET_COST = 2.0


@dataclass
class _MrxSituation:
    """What Mr. X's view says, in the bitmask forms his scoring needs."""

    board: Board
    here: int
    hunters: list[int]
    occupied: int
    #: Every station some hunter can ride to next turn, with the tickets he holds.
    reach: int
    #: The detectives' current possible set (public, the same they compute).
    possible: int
    log_length: int
    round: int
    #: Turns he has left, this one included: the rounds left, or the travel log's free
    #: fields where fewer (the classic game's clock).
    turns_left: int
    black: int
    doubles: int
    supply: list[int]
    unlimited: bool
    #: Whether his last travel-log entry surfaced him: the detectives know where he starts.
    after_reveal: bool
    #: Whether a single move, the first leg or the second leg of a double move surfaces him.
    reveal_single: bool
    reveal_first: bool
    reveal_second: bool
    #: Per station, the rides needed by the nearest hunter.
    nearest_hunter: bytes
    _spread_cache: dict[tuple[int, int], int] = field(default_factory=dict)

    def spread(self, possible: int, ticket: int) -> int:
        """The detectives' possible set after a ride with ``ticket`` from ``possible``
        (memoised: the many double moves share a few ticket pairs)."""
        key = (possible, ticket)
        after = self._spread_cache.get(key)
        if after is None:
            after = expand(possible, self.board.ticket_mask[ticket]) & ~self.occupied
            self._spread_cache[key] = after
        return after

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> _MrxSituation:
        board = board_for(view["options"]["board"])
        hunters = [h["station"] for h in view["hunters"]]
        reach = 0
        for h in view["hunters"]:
            reach |= hunter_reach(board, h["station"], h["tickets"])
        log = view["mrx_log"]
        supply = view["supply"]
        distance = board.hunter_distance
        return cls(
            board=board,
            here=view["mrx_location"],
            hunters=hunters,
            occupied=mask_of(hunters),
            reach=reach,
            possible=mask_of(view["possible_locations"]),
            log_length=len(log),
            round=view["round"],
            turns_left=min(
                view["max_rounds"] - view["round"] + 1, view["options"]["log_fields"] - len(log)
            ),
            black=view["mrx_tickets"]["black"],
            doubles=view["mrx_tickets"]["double"],
            supply=[supply["taxi"], supply["bus"], supply["underground"]],
            unlimited=view["supply_unlimited"],
            after_reveal=bool(log) and log[-1]["revealed"],
            reveal_single=is_reveal_entry(view["options"], len(log) + 1, view["round"], True),
            reveal_first=is_reveal_entry(view["options"], len(log) + 1, view["round"], False),
            reveal_second=is_reveal_entry(view["options"], len(log) + 2, view["round"], True),
            nearest_hunter=nearest_of([distance[h] for h in hunters]),
        )


def mrx_scorer(view: Mapping[str, Any], legal: Sequence[str]) -> Callable[[str], float]:
    """A scoring function for Mr. X's legal actions at the step his view shows: single rides
    and ``double`` at the start of his turn, then the legs of his double move."""
    x = _MrxSituation.from_view(view)
    station_scores: dict[int, float] = {}

    def station_score(v: int) -> float:
        cached = station_scores.get(v)
        if cached is None:
            cached = station_scores[v] = _mrx_station_score(x, v)
        return cached

    steps: Sequence[str] = view.get("open_steps") or ()
    plan = _DoublePlan(x, station_score)
    if len(steps) == 2:
        t1, v1 = LEG_PARSE[steps[1]]
        return lambda action: plan.pair(t1, v1, *LEG_PARSE[action])
    if len(steps) == 1:
        return lambda action: plan.best_after(*LEG_PARSE[action])

    def score(action: str) -> float:
        if action == DOUBLE_STEP:
            return plan.best()
        t, v = LEG_PARSE[action]
        after, cost = _ride(x, x.possible, t, x.here, v, x.reveal_single, x.after_reveal)
        return station_score(v) + _information(x, after, v, x.reveal_single) - cost

    return score


def rides_from(
    x: _MrxSituation, origin: int, supply: Sequence[int], black: int
) -> list[tuple[int, int]]:
    """Mr. X's legal rides ``(ticket, station)`` from ``origin``, as his view shows them."""
    board, occupied = x.board, x.occupied
    rides = [
        (t, v)
        for t in ORDINARY
        if x.unlimited or supply[t] > 0
        for v in board.nbrs[t][origin]
        if not occupied >> v & 1
    ]
    if black > 0:
        rides += [(BLACK, v) for v in board.black_nbrs[origin] if not occupied >> v & 1]
    return rides


class _DoublePlan:
    """The heuristic's double moves from one view: each pair of legs scored once (only the
    uncertainty left at the end of the turn counts, and the ticket's price)."""

    def __init__(self, x: _MrxSituation, station_score: Callable[[int], float]) -> None:
        self.x = x
        self.station_score = station_score
        self._cost: float | None = None
        self._best_after: dict[tuple[int, int], float] = {}

    def pair(self, t1: int, v1: int, t2: int, v2: int) -> float:
        x = self.x
        if self._cost is None:
            self._cost = _double_cost(x, rides_from(x, x.here, x.supply, x.black))
        middle, cost1 = _ride(x, x.possible, t1, x.here, v1, x.reveal_first, x.after_reveal)
        after, cost2 = _ride(x, middle, t2, v1, v2, x.reveal_second, x.reveal_first)
        information = _information(x, after, v2, x.reveal_second)
        return self.station_score(v2) + information - self._cost - cost1 - cost2

    def best_after(self, t1: int, v1: int) -> float:
        """The best double move whose first leg is ticket ``t1`` to ``v1``."""
        best = self._best_after.get((t1, v1))
        if best is None:
            x = self.x
            supply = list(x.supply)
            black = x.black
            if t1 == BLACK:
                black -= 1
            elif not x.unlimited:
                supply[t1] -= 1
            seconds = rides_from(x, v1, supply, black)
            best = max((self.pair(t1, v1, t2, v2) for t2, v2 in seconds), default=-math.inf)
            self._best_after[(t1, v1)] = best
        return best

    def best(self) -> float:
        """The best double move of all (``double`` is only legal when one exists)."""
        x = self.x
        return max(
            (self.best_after(t, v) for t, v in rides_from(x, x.here, x.supply, x.black)),
            default=-math.inf,
        )


class PastMrxTurn:
    """How the heuristic Mr. X scored his single rides at one past turn of his, read from
    the public record alone (for a detective's model of him, ``belief.py``): the hunters'
    stations when he wrote the entry, the detectives' possible set before it, his black
    tickets then. Where he stood is the unknown, so it is an argument of :meth:`scores`;
    everything that does not depend on it is computed once and shared.

    Two things the record does not keep are taken from the present: the hunters' tickets
    (every line is assumed open to them) and the ticket supply."""

    def __init__(
        self,
        board: Board,
        hunters: Sequence[int],
        possible: int,
        black: int,
        supply: Sequence[int],
        unlimited: bool,
        after_reveal: bool,
    ) -> None:
        reach = 0
        for h in hunters:
            reach |= board.hunter_mask[h]
        self.x = _MrxSituation(
            board=board,
            here=0,
            hunters=list(hunters),
            occupied=mask_of(hunters),
            reach=reach,
            possible=possible,
            log_length=0,
            round=0,
            turns_left=0,
            black=black,
            doubles=0,
            supply=list(supply),
            unlimited=unlimited,
            after_reveal=after_reveal,
            reveal_single=False,
            reveal_first=False,
            reveal_second=False,
            nearest_hunter=nearest_of([board.hunter_distance[h] for h in hunters]),
        )
        self._station: dict[int, float] = {}
        self._information: dict[int, float] = {}

    def scores(self, here: int, legs: Sequence[tuple[int, int, str]]) -> list[float]:
        """The heuristic's score of each single ride ``(ticket, station, id)`` of ``legs``
        (his legal ones from ``here``), on a turn that does not surface him."""
        x = self.x
        x.here = here
        out = []
        for t, v, _ in legs:
            station = self._station.get(v)
            if station is None:
                station = self._station[v] = _mrx_station_score(x, v)
            information = self._information.get(t)
            if information is None:
                after = x.spread(x.possible, t)
                information = self._information[t] = _information(x, after, v, False)
            cost = _mrx_ticket_cost(x, x.possible, t, here, v, False, x.after_reveal)
            out.append(station + information - cost)
        return out


def _ride(
    x: _MrxSituation,
    before: int,
    t: int,
    origin: int,
    v: int,
    reveal: bool,
    after_reveal: bool,
) -> tuple[int, float]:
    """One ride of Mr. X: the detectives' possible set after it, and what its ticket costs."""
    after = 1 << v if reveal else x.spread(before, t)
    return after, _mrx_ticket_cost(x, before, t, origin, v, reveal, after_reveal)


def _information(x: _MrxSituation, after: int, v: int, reveal: bool) -> float:
    """Uncertainty left to the detectives: log2 of their possible set, or after a reveal
    how far his next move can spread from the station shown (interchanges hide him again
    fastest)."""
    if reveal:
        onward = x.board.black_mask[v] & ~x.occupied
        return X_SURFACING_WEIGHT * math.log2(max(onward.bit_count(), 1))
    return X_INFO_WEIGHT * math.log2(max(after.bit_count(), 1))


def _mrx_ticket_cost(
    x: _MrxSituation,
    before: int,
    t: int,
    origin: int,
    v: int,
    reveal: bool,
    after_reveal: bool,
) -> float:
    """What paying ticket ``t`` for the ride ``origin`` -> ``v`` costs Mr. X's future.

    A black ticket is worth most right after a reveal, where it hides which line he left the
    known station by. It is wasted on a surfacing entry (the station is shown anyway), and
    wasted where an ordinary ticket he can pay reaches the same station and leaves the
    detectives just as large a possible set."""
    if t != BLACK:
        if x.unlimited or x.supply[t] > 1:
            return 0.0
        return X_LAST_SUPPLY_TICKET_COST
    if reveal:
        return X_BLACK_COST + X_BLACK_ON_REVEAL_PENALTY
    cost = X_BLACK_COST
    if after_reveal:
        cost -= X_BLACK_AFTER_REVEAL_DISCOUNT
    if _black_hides_nothing(x, before, origin, v):
        cost += X_BLACK_WASTED_PENALTY
    return cost


def _black_hides_nothing(x: _MrxSituation, before: int, origin: int, v: int) -> bool:
    """Whether some payable ordinary ticket rides ``origin`` -> ``v`` and would leave the
    detectives as large a possible set as the black ticket."""
    black_spread = x.spread(before, BLACK).bit_count()
    for o in ORDINARY:
        payable = x.unlimited or x.supply[o] > 0
        rides = x.board.nbr_mask[o][origin] >> v & 1
        if payable and rides and x.spread(before, o).bit_count() >= black_spread:
            return True
    return False


def _mrx_station_score(x: _MrxSituation, v: int) -> float:
    """How good it is to end the turn on ``v``: far from the hunters, out of their reach,
    with many stations to himself and free exits."""
    distance = x.board.hunter_distance
    dists = [distance[h][v] for h in x.hunters]
    score = X_DISTANCE_WEIGHT * min(min(dists), X_DISTANCE_CAP)
    score += X_MEAN_DISTANCE_WEIGHT * min(sum(dists) / len(dists), 2 * X_DISTANCE_CAP)
    if x.reach >> v & 1:
        score -= X_REACHABLE_PENALTY
    # The hunters move next, so he owns a station only where he is strictly nearer.
    region = sum(map(operator.lt, distance[v], x.nearest_hunter))
    score += X_REGION_WEIGHT * math.log2(region + 1)
    exits = x.board.black_mask[v] if x.black else x.board.hunter_mask[v]
    score += X_MOBILITY_WEIGHT * min(_room(x, exits & ~x.occupied & ~x.reach), X_MOBILITY_CAP)
    return score


def _room(x: _MrxSituation, exits: int) -> float:
    """Free exits weighted by how long they stay safe: an exit two rides from the nearest
    hunter is within reach again after the hunters' next move, one three rides away is not."""
    distance = x.board.hunter_distance
    room = 0.0
    for e in stations_of(exits):
        nearest = min(distance[h][e] for h in x.hunters)
        room += 1.0 if nearest >= 3 else 0.5
    return room


def _double_cost(x: _MrxSituation, singles: Sequence[tuple[int, int]]) -> float:
    """The price of spending a double-move ticket: high unless he is in danger (a hunter can
    reach him where he stands, or most of his single moves end within reach), nothing when
    the game ends before he could spend his remaining ones."""
    if x.turns_left <= x.doubles:
        return 0.0
    in_reach = sum(1 for _, v in singles if x.reach >> v & 1)
    in_danger = x.reach >> x.here & 1 or 2 * in_reach > len(singles)
    return X_DOUBLE_COST_IN_DANGER if in_danger else X_DOUBLE_COST
