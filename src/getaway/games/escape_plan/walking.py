"""INTERIM walking for the Move action, until ep-move's ``movement.py`` replaces it: a Move
as a plain walk from node to adjacent node, paying the link costs of
:attr:`CityMap.links` from the 3 movement points (spec §7.3.1 R-MV-1/2/3, §7.3.2 R-MV-6).

What it follows of §7.3: 1 MP to leave or enter a location, to cross to another terrain
type or to step between side-touching locations; 0 MP through connected terrain of one type
across tiles; water only in a body with a Ferry icon; the walk must end in a location other
than the start one. What it leaves out (listed in ``docs/games/escape-plan.md``): Gas Cans
(R-MV-4), the Metro (§7.3.3), Heliport flights (§7.3.4), Jet Ski and the other transport
effects, and the record of tiles for AVOID (§7.3.5).

Each step offered can still be finished (never a dead end), and a walk never returns to a
node it has been on: such a walk costs no less and passes no fewer tiles than the same walk
without the loop, and refusing it keeps every walk finite.
"""

from __future__ import annotations

import itertools
from collections import deque
from functools import lru_cache

from getaway.games.escape_plan.city import CityMap


@lru_cache(maxsize=256)
def closed_water(city: CityMap) -> frozenset[str]:
    """Water areas in a body with no Ferry icon: normal movement cannot enter them."""
    closed: set[str] = set()
    for body in city.water_bodies:
        if not city.has_ferry(body):
            closed |= body
    return frozenset(closed)


def is_location(city: CityMap, node: str) -> bool:
    return city.kind(node) is not None


def spent(city: CityMap, path: tuple[str, ...]) -> int:
    """The MP a walk along ``path`` (start first) has cost."""
    return sum(city.links[a][b] for a, b in itertools.pairwise(path))


def may_stop(city: CityMap, path: tuple[str, ...]) -> bool:
    """R-MV-1: the walk may end here: a location, not the one it started from."""
    return len(path) > 1 and is_location(city, path[-1]) and path[-1] != path[0]


def next_nodes(city: CityMap, path: tuple[str, ...], budget: int) -> list[str]:
    """The nodes the walk may step to next, sorted by name: adjacent, affordable, not yet on
    the path, open water only, and from which a stopping place is still within reach."""
    left = budget - spent(city, path)
    closed = closed_water(city)
    found = []
    for near, cost in sorted(city.links[path[-1]].items()):
        if near in path or near in closed or cost > left:
            continue
        if _can_finish(city, near, left - cost, set(path), path[0], closed):
            found.append(near)
    return found


def _can_finish(
    city: CityMap, node: str, left: int, banned: set[str], start: str, closed: frozenset[str]
) -> bool:
    """Whether a location other than ``start`` is reachable from ``node`` (inclusive) within
    ``left`` MP without touching ``banned``: a 0-1 breadth-first search."""
    best = {node: 0}
    queue: deque[tuple[int, str]] = deque([(0, node)])
    while queue:
        cost, here = queue.popleft()
        if cost > best[here]:
            continue
        if here != start and is_location(city, here):
            return True
        for near, step in city.links[here].items():
            total = cost + step
            if near in banned or near in closed or total > left:
                continue
            if total < best.get(near, left + 1):
                best[near] = total
                if step == 0:
                    queue.appendleft((total, near))
                else:
                    queue.append((total, near))
    return False
