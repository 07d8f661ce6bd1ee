"""Scotland Yard's own bots: fast heuristics that read only the seat's view.

``heuristic`` plays any seat. As Mr. X it keeps away from every hunter's reach, heads where
he has the most stations to himself (those he reaches before any hunter can), keeps the
detectives' picture of him wide, and saves black and double-move tickets for the moments
they help most (just after a reveal, in danger). As the detectives it closes in on the
public set of Mr. X's possible locations, shrinks the part of the board he could reach
before them, and spreads the hunters over the set's exits.

Every decision is one pass over the legal actions with scores built from bitmask look-ups
and the board's distance table: well under a millisecond on average, so simulations can
play thousands of games.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from getaway.core import Game, Rng
from getaway.core.game import BotFactory
from getaway.games.scotland_yard.board import (
    BLACK,
    ORDINARY,
    TICKET_CODES,
    UNDERGROUND,
    Board,
    board_for,
    mask_of,
    stations_of,
)
from getaway.games.scotland_yard.knowledge import expand
from getaway.games.scotland_yard.moves import DOUBLE_PREFIX, LEG_PARSE
from getaway.games.scotland_yard.options import MRX

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

# The detectives' weights -------------------------------------------------------------------

#: Stepping onto a possible location captures him with probability 1/|possible set|.
D_CAPTURE_WEIGHT = 120.0
#: Per ride of mean and of minimum distance to the possible set.
D_MEAN_DISTANCE_WEIGHT = 3.0
D_MIN_DISTANCE_WEIGHT = 3.0
#: For the share of Mr. X's next destinations this hunter alone can reach afterwards.
D_COVER_WEIGHT = 40.0
#: Standing next to another hunter covers the same ground twice.
D_CROWDING_PENALTY = 3.0
#: Ending where no line can be paid for any more: the piece is out of the game.
D_STRANDED_PENALTY = 60.0
#: Ending where only one kind of ticket works and just one of it is left.
D_NEARLY_STRANDED_PENALTY = 6.0
#: Spending a ticket of a kind that runs short before the game ends (taxi, bus, underground).
D_TICKET_COST = (0.5, 1.0, 4.0)
#: Before Mr. X first surfaces, per transport kind served by the destination, and for an
#: underground station (interchanges let a hunter reach the first reveal fast).
D_INTERCHANGE_WEIGHT = 1.5
D_UNDERGROUND_BONUS = 3.0
#: Per bit of the number of stations Mr. X could reach, from somewhere in the possible set,
#: before any hunter: the hunters close his escape routes together.
D_REGION_WEIGHT = 24.0

#: Scores within this of the best tie; the rng picks among them.
_TIE = 1e-9


class HeuristicBot:
    """Plays Mr. X or any detective seat from the seat's view alone."""

    name = "heuristic"

    def choose(
        self,
        game: Game,
        seat: str,
        view: Mapping[str, Any],
        legal: Sequence[str],
        rng: Rng,
    ) -> str:
        if len(legal) == 1:
            return legal[0]
        score = mrx_scorer(view, legal) if seat == MRX else detective_scorer(view)
        return best_action(legal, score, rng)


def best_action(legal: Sequence[str], score: Callable[[str], float], rng: Rng) -> str:
    """The highest-scoring action; ties are broken by ``rng`` so play stays varied but
    reproducible."""
    scores = [score(a) for a in legal]
    top = max(scores)
    tied = [a for a, s in zip(legal, scores, strict=True) if s >= top - _TIE]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def hunter_reach(board: Board, station: int, tickets: Mapping[str, int] | None) -> int:
    """Stations a hunter can ride to in one move: police (``tickets`` None) ride every line,
    a detective only lines he still holds tickets for. Occupied stations are not removed."""
    if tickets is None:
        return board.hunter_mask[station]
    reach = 0
    for t, name in enumerate(("taxi", "bus", "underground")):
        if tickets[name] > 0:
            reach |= board.nbr_mask[t][station]
    return reach


def nearest_of(rows: Sequence[bytes]) -> bytes:
    """The element-wise minimum of distance rows: per station, the nearest one's distance."""
    return bytes(map(min, *rows)) if len(rows) > 1 else bytes(rows[0])


def is_reveal_entry(options: Mapping[str, Any], entry: int, round_: int, last: bool) -> bool:
    """Whether travel-log entry ``entry``, written in ``round_``, surfaces Mr. X (``last``:
    it is the last entry of his turn, which is what the round-based reading reveals)."""
    if options["reveal_rule"] == "rounds":
        return last and round_ in options["reveal_at"]
    return entry in options["reveal_at"]


# Mr. X -------------------------------------------------------------------------------------


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
    max_rounds: int
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
            max_rounds=view["max_rounds"],
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
    """A scoring function for Mr. X's legal actions (single moves and double moves)."""
    x = _MrxSituation.from_view(view)
    singles = [LEG_PARSE[a] for a in legal if not a.startswith(DOUBLE_PREFIX)]
    double_cost = _double_cost(x, singles)
    station_scores: dict[int, float] = {}

    def station_score(v: int) -> float:
        cached = station_scores.get(v)
        if cached is None:
            cached = station_scores[v] = _mrx_station_score(x, v)
        return cached

    def score(action: str) -> float:
        if not action.startswith(DOUBLE_PREFIX):
            t, v = LEG_PARSE[action]
            after, cost = _ride(x, x.possible, t, x.here, v, x.reveal_single, x.after_reveal)
            return station_score(v) + _information(x, after, v, x.reveal_single) - cost
        first, _, second = action[len(DOUBLE_PREFIX) :].partition("/")
        t1, v1 = LEG_PARSE[first]
        t2, v2 = LEG_PARSE[second]
        middle, cost1 = _ride(x, x.possible, t1, x.here, v1, x.reveal_first, x.after_reveal)
        after, cost2 = _ride(x, middle, t2, v1, v2, x.reveal_second, x.reveal_first)
        # Only the uncertainty left at the end of the turn counts.
        information = _information(x, after, v2, x.reveal_second)
        return station_score(v2) + information - double_cost - cost1 - cost2

    return score


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
            max_rounds=0,
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
    rounds_left = x.max_rounds - x.round + 1
    if rounds_left <= x.doubles:
        return 0.0
    in_reach = sum(1 for _, v in singles if x.reach >> v & 1)
    in_danger = x.reach >> x.here & 1 or 2 * in_reach > len(singles)
    return X_DOUBLE_COST_IN_DANGER if in_danger else X_DOUBLE_COST


# The detectives ----------------------------------------------------------------------------


@dataclass
class _Hunter:
    piece: str
    station: int
    #: Remaining tickets (taxi, bus, underground), or None for a police piece.
    wallet: list[int] | None
    #: Where this hunter can ride from where it stands now.
    reach: int


@dataclass(frozen=True)
class _Teammates:
    """The other hunters of one hunter's side, as it decides where to go."""

    stations: int
    #: Every station one of them can ride to now.
    reach: int
    #: Stations Mr. X reaches before all of them (his region but for the moving hunter),
    #: and his rides to each: only these can stay his wherever the moving hunter goes.
    contested: tuple[int, ...]
    mrx_rides: tuple[int, ...]


@dataclass
class _HuntSituation:
    """What a detective seat's view says, in the forms its scoring needs."""

    board: Board
    hunters: dict[str, _Hunter]
    occupied: int
    possible: int
    possible_list: list[int]
    #: Mr. X's destinations next turn if he is anywhere in the possible set.
    exits: int
    rounds_left: int
    #: True until Mr. X first surfaces: the set is then too wide to chase.
    wide: bool
    #: Rides Mr. X needs to each station from the nearest possible location.
    mrx_distance: bytes
    _teammates: dict[str, _Teammates] = field(default_factory=dict)

    def teammates(self, hunter: _Hunter) -> _Teammates:
        """What the hunters other than ``hunter`` hold (memoised per piece: a seat's legal
        actions move only a few pieces)."""
        found = self._teammates.get(hunter.piece)
        if found is None:
            others = [h for h in self.hunters.values() if h is not hunter]
            distance = self.board.hunter_distance
            reach = 0
            for other in others:
                reach |= other.reach
            nearest = nearest_of([distance[h.station] for h in others])
            contested = tuple(
                s for s, (x, h) in enumerate(zip(self.mrx_distance, nearest, strict=True)) if x < h
            )
            found = _Teammates(
                stations=mask_of(h.station for h in others),
                reach=reach,
                contested=contested,
                mrx_rides=tuple(self.mrx_distance[s] for s in contested),
            )
            self._teammates[hunter.piece] = found
        return found

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> _HuntSituation:
        board = board_for(view["options"]["board"])
        hunters = {}
        for h in view["hunters"]:
            tickets = h["tickets"]
            wallet = (
                None
                if tickets is None
                else [tickets["taxi"], tickets["bus"], tickets["underground"]]
            )
            reach = hunter_reach(board, h["station"], tickets)
            hunters[h["id"]] = _Hunter(h["id"], h["station"], wallet, reach)
        occupied = mask_of(h.station for h in hunters.values())
        possible_list = list(view["possible_locations"])
        possible = mask_of(possible_list)
        exits = expand(possible, board.black_mask) & ~occupied
        revealed_yet = any(e["revealed"] for e in view["mrx_log"])
        return cls(
            board=board,
            hunters=hunters,
            occupied=occupied,
            possible=possible,
            possible_list=possible_list,
            exits=exits,
            rounds_left=view["max_rounds"] - view["round"] + 1,
            wide=not revealed_yet,
            mrx_distance=_distances_from(board, possible_list),
        )


def _distances_from(board: Board, sources: Sequence[int]) -> bytes:
    """Rides (any line, the ferry included) from the nearest of ``sources`` to each station
    (breadth-first search; 255 where unreachable)."""
    dist = bytearray([255] * len(board.black_nbrs))
    frontier = list(sources)
    for s in frontier:
        dist[s] = 0
    depth = 0
    while frontier:
        depth += 1
        following = []
        for s in frontier:
            for v in board.black_nbrs[s]:
                if dist[v] == 255:
                    dist[v] = depth
                    following.append(v)
        frontier = following
    return bytes(dist)


def detective_scorer(view: Mapping[str, Any]) -> Callable[[str], float]:
    """A scoring function for a detective seat's legal actions (``d1:bus:58``, ``p1:58``)."""
    hunt = _HuntSituation.from_view(view)
    closeness: dict[int, float] = {}

    def closeness_score(v: int) -> float:
        cached = closeness.get(v)
        if cached is None:
            cached = closeness[v] = _closeness_score(hunt, v)
        return cached

    def score(action: str) -> float:
        parts = action.split(":")
        piece, v = parts[0], int(parts[-1])
        t = TICKET_CODES[parts[1]] if len(parts) == 3 else -1
        hunter = hunt.hunters[piece]
        return closeness_score(v) + _move_score(hunt, hunter, t, v)

    return score


def _closeness_score(hunt: _HuntSituation, v: int) -> float:
    """How well a hunter on ``v`` threatens the possible set, whoever stands there: the
    chance of a capture now, nearness to the set, and interchange value while it is wide."""
    score = 0.0
    if hunt.possible >> v & 1:
        score += D_CAPTURE_WEIGHT / len(hunt.possible_list)
    if hunt.possible_list:
        row = hunt.board.hunter_distance[v]
        dists = [row[p] for p in hunt.possible_list]
        score -= D_MEAN_DISTANCE_WEIGHT * sum(dists) / len(dists)
        score -= D_MIN_DISTANCE_WEIGHT * min(dists)
    if hunt.wide:
        lines = sum(1 for t in ORDINARY if hunt.board.nbr_mask[t][v])
        score += D_INTERCHANGE_WEIGHT * lines
        if hunt.board.nbr_mask[UNDERGROUND][v]:
            score += D_UNDERGROUND_BONUS
    return score


def _move_score(hunt: _HuntSituation, hunter: _Hunter, t: int, v: int) -> float:
    """What this particular move adds: exits of the possible set only this hunter covers,
    distance from the other hunters, and the tickets it spends or strands."""
    board = hunt.board
    teammates = hunt.teammates(hunter)
    wallet = None if hunter.wallet is None else hunter.wallet[:]
    if wallet is not None and t >= 0:
        wallet[t] -= 1
    reach = _reach_with_wallet(board, v, wallet)
    score = 0.0
    exits = hunt.exits.bit_count()
    if exits:
        own = (reach & hunt.exits & ~teammates.reach).bit_count()
        score += D_COVER_WEIGHT * own / exits
    score -= D_REGION_WEIGHT * math.log2(_mrx_region(hunt, teammates, v) + 1)
    if board.hunter_mask[v] & teammates.stations:
        score -= D_CROWDING_PENALTY
    if wallet is not None:
        score -= _detective_ticket_cost(hunt, hunter, t) + _stranding_penalty(board, v, wallet)
    return score


def _mrx_region(hunt: _HuntSituation, teammates: _Teammates, v: int) -> int:
    """How many stations Mr. X, from the nearest possible location, reaches strictly before
    every hunter once the moving hunter stands on ``v`` (on a tie he arrives first, but the
    hunter then steps onto him)."""
    row = hunt.board.hunter_distance[v]
    return sum(
        1 for s, x in zip(teammates.contested, teammates.mrx_rides, strict=True) if x < row[s]
    )


def _reach_with_wallet(board: Board, v: int, wallet: list[int] | None) -> int:
    if wallet is None:
        return board.hunter_mask[v]
    reach = 0
    for t in ORDINARY:
        if wallet[t] > 0:
            reach |= board.nbr_mask[t][v]
    return reach


def _detective_ticket_cost(hunt: _HuntSituation, hunter: _Hunter, t: int) -> float:
    """Tickets the hunter holds more of than there are rounds left are free to spend."""
    assert hunter.wallet is not None
    if t < 0 or hunter.wallet[t] > hunt.rounds_left:
        return 0.0
    return D_TICKET_COST[t]


def _stranding_penalty(board: Board, v: int, wallet: list[int]) -> float:
    """A detective at ``v`` with ``wallet`` left: stuck for good, or one ticket from it."""
    usable = [t for t in ORDINARY if board.nbr_mask[t][v] and wallet[t] > 0]
    if not usable:
        return D_STRANDED_PENALTY
    if len(usable) == 1 and wallet[usable[0]] == 1:
        return D_NEARLY_STRANDED_PENALTY
    return 0.0


BOTS: dict[str, BotFactory] = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot", "best_action", "hunter_reach", "is_reveal_entry"]
