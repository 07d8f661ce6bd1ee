"""``distance``: a plain opponent of another style than ours, for measuring strength against
players our bots were not tuned on.

It shares nothing with the heuristic bot (``bots.py``, ``mrx_heuristic.py``,
``heuristic_tools.py``, ``evaluation.py``) or with the search policy (``search.py``): its
distances are its own breadth-first searches over the board's lines, and its rules fit in a
sentence each.

* Mr. X rides where the nearest hunter (detective or police piece) is farthest in rides;
  ties go to the station with more free neighbours, then to the seeded generator. He plays
  his double-move card when every single ride leaves a hunter one ride from him, and a black
  ticket (on the same ride) right after he has surfaced, when the detectives know where he
  set out from; otherwise he pays with an ordinary ticket whenever one serves the ride.
* A detective seat moves the piece and ride that end nearest to the nearest station of the
  public set of Mr. X's possible locations (ties broken by the seeded generator).

It reads only the seat's view, like every bot.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from getaway.core import Rng
from getaway.core.bots import ViewBot
from getaway.games.scotland_yard.board import ORDINARY, board_for
from getaway.games.scotland_yard.options import MRX

#: Mr. X's action that starts a double move.
_DOUBLE = "double"
_BLACK = "black"


@cache
def hunter_rides(edition: str) -> tuple[tuple[int, ...], ...]:
    """``hunter_rides(edition)[a][b]``: the fewest rides from ``a`` to ``b`` on the lines a
    hunter may take (taxi, bus, underground; no ferry), by breadth-first search from each
    station; a large number where ``b`` cannot be reached."""
    board = board_for(edition)
    stations = len(board.nbrs[0])
    lines = [sorted({v for t in ORDINARY for v in board.nbrs[t][s]}) for s in range(stations)]
    unreachable = stations
    table = []
    for source in range(stations):
        rides = [unreachable] * stations
        rides[source] = 0
        queue = deque([source])
        while queue:
            s = queue.popleft()
            for v in lines[s]:
                if rides[v] == unreachable:
                    rides[v] = rides[s] + 1
                    queue.append(v)
        table.append(tuple(rides))
    return tuple(table)


@cache
def any_neighbours(edition: str) -> tuple[frozenset[int], ...]:
    """The stations one ride of any kind (ferry included) from each station."""
    board = board_for(edition)
    return tuple(
        frozenset(v for t in range(len(board.nbrs)) for v in board.nbrs[t][s])
        for s in range(len(board.nbrs[0]))
    )


class DistanceBot(ViewBot):
    """Plays any seat by distances alone (see the module's docstring)."""

    name = "distance"

    def pick(self, seat: str, view: Mapping[str, Any], legal: Sequence[str], rng: Rng) -> str:
        if seat == MRX:
            return distance_mrx_move(view, legal, rng)
        return distance_detective_move(view, legal, rng)


def _destination(action: str) -> int:
    """Where a ride ends: the last field of ``taxi:46``, ``d1:bus:58`` or ``p1:58``."""
    return int(action.rsplit(":", 1)[1])


def _pick(best: list[str], rng: Rng) -> str:
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


def distance_mrx_move(view: Mapping[str, Any], legal: Sequence[str], rng: Rng) -> str:
    """Mr. X's ride away from the nearest hunter (the module's docstring has the rules)."""
    edition = view["options"]["board"]
    rides = hunter_rides(edition)
    neighbours = any_neighbours(edition)
    hunters = [h["station"] for h in view["hunters"]]
    occupied = set(hunters)

    def safety(station: int) -> tuple[int, int]:
        nearest = min(rides[h][station] for h in hunters)
        free = sum(1 for v in neighbours[station] if v not in occupied)
        return nearest, free

    singles = [a for a in legal if a != _DOUBLE]
    scored = {a: safety(_destination(a)) for a in singles}
    top = max(scored.values())
    if _DOUBLE in legal and top[0] <= 1:
        return _DOUBLE
    stations = sorted({_destination(a) for a, s in scored.items() if s == top})
    station = stations[0] if len(stations) == 1 else stations[rng.below(len(stations))]
    tickets = [a for a in singles if _destination(a) == station]
    ordinary = [a for a in tickets if not a.startswith(_BLACK)]
    black = [a for a in tickets if a.startswith(_BLACK)]
    if black and (not ordinary or _just_surfaced(view)):
        return black[0]
    return _pick(ordinary, rng)


def _just_surfaced(view: Mapping[str, Any]) -> bool:
    """Whether his last travel-log entry showed his station to everyone."""
    log = view["mrx_log"]
    return bool(log) and bool(log[-1]["revealed"])


def distance_detective_move(view: Mapping[str, Any], legal: Sequence[str], rng: Rng) -> str:
    """The ride of any of the seat's pieces that ends nearest to the possible set."""
    rides = hunter_rides(view["options"]["board"])
    possible = view["possible_locations"]
    if not possible:
        return _pick(list(legal), rng)
    nearest_to: dict[int, int] = {}
    best: list[str] = []
    top = len(rides)
    for action in legal:
        v = _destination(action)
        d = nearest_to.get(v)
        if d is None:
            row = rides[v]
            d = nearest_to[v] = min(row[p] for p in possible)
        if d < top:
            top, best = d, [action]
        elif d == top:
            best.append(action)
    return _pick(best, rng)
