"""Whether a MOVE step (spec §7.3) can still end legally: the check behind "no step leads into
a dead end" of ``movement.next_steps``.

The exact rules (``movement._moves`` and ``movement._advance``) list every step; asking
whether a step leads to a legal end with them means a search over paths, and a path's tool
uses and cash multiply its states. The search below reasons on a lighter state with the same rules:

* a Gas Can is an MP spent when the others run out, so only MP + cans left matter;
* tools of one effect differ only in price, so the search spends the cheapest first (a
  completion with any choice of tools stays affordable with the cheapest ones, whose running
  total is never higher), and counts uses per effect;
* more of every resource never loses an ending, so a state is dropped when one already
  explored, at the same place, has at least its MP and at most its uses.

Most questions are answered before any search is set up (:func:`first_look`, then two
walks): the path ends where it is, or a location where it may end is one or two walks
away, or (without tools) no location at all is within the MP left (``CityIndex.least_mp``).
A mover without tools, the usual one, is searched with MP alone as its means.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.escape_plan.city import CityMap
from getaway.games.escape_plan.movement_map import (
    FLIGHT_COST,
    METRO_BONUS,
    CityIndex,
    city_index,
)

if TYPE_CHECKING:
    from getaway.games.escape_plan.movement import MoveContext, MovePath, ToolEffect

_Place = tuple[str, bool, bool, frozenset[str]]  # node, rode the Metro, entered, Jet Ski bodies
_Means = tuple[int, int, int]  # MP + Gas Cans left, flights used, Sewers used
Frontier = dict[_Place, list[_Means]]


class _Search:
    """Whether some legal end follows a path (see above)."""

    def __init__(self, city: CityMap, ctx: MoveContext, path: MovePath) -> None:
        self.city = city
        self.ctx = ctx
        self.index = city_index(city)
        self.start = path.start
        self.cash = ctx.cash - path.cash_spent
        prices: dict[ToolEffect, list[int]] = {
            "flight": [],
            "sewer": [],
            "jet_ski": [],
            "medevac": [],
        }
        for tool in ctx.tools:
            prices[tool.effect].extend([tool.cost] * (tool.count - path.uses(tool.id)))
        self.prices = {effect: sorted(costs) for effect, costs in prices.items()}
        self.first_bodies = len(path.jet_ski_bodies)
        hospital = self.index.hospital
        self.medevac_to = (
            hospital
            if hospital is not None and hospital != path.start and hospital not in ctx.no_stop
            else None
        )

    def _spent(self, flights: int, sewers: int, jets: int) -> int:
        prices = self.prices
        return (
            sum(prices["flight"][:flights])
            + sum(prices["sewer"][:sewers])
            + sum(prices["jet_ski"][:jets])
        )

    def _affords(self, effect: ToolEffect, used: int, spent: int) -> bool:
        costs = self.prices[effect]
        return used < len(costs) and spent + costs[used] <= self.cash

    def ends(self, node: str) -> bool:
        return (
            self.index.kind[node] is not None
            and node != self.start
            and node not in self.ctx.no_stop
        )

    def run(self, path: MovePath, frontier: Frontier) -> bool:
        index, city, ctx = self.index, self.city, self.ctx
        mp = path.remaining + ctx.gas_cans - path.gas_spent
        first = self._state(
            path.node, path.rode_metro, path.entered, frozenset(path.jet_ski_bodies)
        )
        if not _admit(frontier, first, (mp, 0, 0)):
            return False  # no better off than a state known to lead nowhere
        stack = [(first, (mp, 0, 0))]
        while stack:
            (node, rode, entered, bodies), (mp, flights, sewers) = stack.pop()
            jets = len(bodies) - self.first_bodies
            spent = self._spent(flights, sewers, jets)
            if self._affords("medevac", 0, spent) and self.medevac_to is not None:
                return True
            if node == ctx.escape_exit:
                return True
            found: list[tuple[_Place, _Means]] = []
            for near, cost in city.links[node].items():
                if cost > mp:
                    continue
                body = index.body.get(near)
                if body is None or body in index.ferried or body in bodies:
                    found.append(
                        (self._state(near, rode, True, bodies), (mp - cost, flights, sewers))
                    )
                elif self._affords("jet_ski", jets, spent):
                    place = self._state(near, rode, True, bodies | {body})
                    found.append((place, (mp - cost, flights, sewers)))
            kind = index.kind[node]
            if kind == "METRO" and entered:
                gained = mp if rode else mp + METRO_BONUS
                for metro in index.metros:
                    if metro != node:
                        found.append(
                            (self._state(metro, True, False, bodies), (gained, flights, sewers))
                        )
            tile = index.tile[node]
            if mp >= FLIGHT_COST:
                own = kind == "HELIPORT" and entered
                tool = (kind == "HELIPORT" or tile in index.heliport_tiles) and self._affords(
                    "flight", flights, spent
                )
                if own or tool:
                    used = flights if own else flights + 1
                    for target in index.flights[tile]:
                        body = index.body.get(target)
                        if body is None or body in index.ferried or body in bodies:
                            place = self._state(target, rode, True, bodies)
                            found.append((place, (mp - FLIGHT_COST, used, sewers)))
            terrain = index.terrain[node]
            if terrain is not None and self._affords("sewer", sewers, spent):
                for target in index.sewers[tile]:
                    cost = 0 if index.terrain[target] == terrain else 1
                    body = index.body.get(target)
                    if cost <= mp and (body is None or body in index.ferried or body in bodies):
                        place = self._state(target, rode, False, bodies)
                        found.append((place, (mp - cost, flights, sewers + 1)))
            for place, means in found:
                if self.ends(place[0]):
                    return True
                if _admit(frontier, place, means):
                    stack.append((place, means))
        return False

    def _state(self, node: str, rode: bool, entered: bool, bodies: frozenset[str]) -> _Place:
        # Having just entered matters only in a Metro or a Heliport location.
        return (node, rode, entered and self.index.kind[node] in ("METRO", "HELIPORT"), bodies)


def _admit(frontier: Frontier, place: _Place, means: _Means) -> bool:
    """Record ``means`` at ``place`` unless a state already there has at least as much."""
    mp, flights, sewers = means
    known = frontier.setdefault(place, [])
    for other_mp, other_flights, other_sewers in known:
        if other_mp >= mp and other_flights <= flights and other_sewers <= sewers:
            return False
    known.append(means)
    return True


#: Paths that used the same tools and cash have the same means left: their searches can share
#: what they found leads nowhere.
_Holdings = tuple[tuple[tuple[str, int], ...], int]
#: What searches found leads nowhere, by what the path had used.
Dead = dict[_Holdings, Frontier]


def first_look(index: CityIndex, ctx: MoveContext, start: str, node: str, mp: int) -> bool | None:
    """Whether a path at ``node`` from ``start``, with ``mp`` MP and Gas Cans left, can end,
    when that is seen without a search (else ``None``): the path ends here (``_Search.ends``,
    the usual case), or one walk takes it into such a location (the search's first look; a
    location is never water), or, without tools, no location at all is within reach."""
    no_stop = ctx.no_stop
    if index.kind[node] is not None and node != start and node not in no_stop:
        return True
    for near, cost in index.location_links[node]:
        if cost <= mp and near != start and near not in no_stop:
            return True
    if not ctx.tools and index.least_mp[node] > mp:
        return False
    return None


def can_finish(city: CityMap, ctx: MoveContext, path: MovePath, dead: Dead) -> bool:
    """Whether some legal ending follows ``path``. ``dead`` holds states already known to
    lead nowhere, by what the path used; a failed search adds what it explored."""
    if path.ended is not None:
        return True
    mp = path.remaining + ctx.gas_cans - path.gas_spent
    answer = first_look(city_index(city), ctx, path.start, path.node, mp)
    if answer is not None:
        return answer
    if _two_walks(city, ctx, path.start, path.node, path.jet_ski_bodies, mp):
        return True
    holdings = (tuple(sorted(path.used)), path.cash_spent)
    known = dead.get(holdings, {})
    if not ctx.tools:
        # Its lists are never changed in place (one element each): a shallow copy will do.
        plain = dict(known)
        state = (path.node, path.rode_metro, path.entered)
        if _run_without_tools(city, ctx, path.start, state, mp, plain):
            return True
        dead[holdings] = plain
        return False
    frontier = {place: list(means) for place, means in known.items()}
    if _Search(city, ctx, path).run(path, frontier):
        return True
    dead[holdings] = frontier
    return False


def can_finish_from(
    city: CityMap,
    ctx: MoveContext,
    start: str,
    node: str,
    rode: bool,
    entered: bool,
    mp: int,
    dead: Frontier,
) -> bool:
    """:func:`can_finish` for a mover without tools (``ctx.tools`` empty) whose path from
    ``start`` stands at ``node``, has ridden the Metro or not, has just entered ``node`` or
    not, with ``mp`` MP and Gas Cans left: the path itself is not needed. ``dead`` is the
    frontier of the searches that failed for the same Move context (``Dead``'s one entry
    for a mover without tools); a failed search adds what it explored."""
    answer = first_look(city_index(city), ctx, start, node, mp)
    if answer is not None:
        return answer
    if _two_walks(city, ctx, start, node, (), mp):
        return True
    trial = dict(dead)  # its lists are never changed in place: a shallow copy will do
    if _run_without_tools(city, ctx, start, (node, rode, entered), mp, trial):
        return True
    dead.update(trial)
    return False


def _two_walks(
    city: CityMap, ctx: MoveContext, start: str, node: str, opened: tuple[str, ...], mp: int
) -> bool:
    """Whether two walks within ``mp`` from ``node`` take the pawn into a location where the
    move may end (the search's second look, without setting it up): a walk into land or
    open water (a Ferry, or a Jet Ski used earlier in the move: ``opened``), then one into
    such a location. Enough to say the move can end, never that it cannot."""
    index = city_index(city)
    body_of, ferried, location_links = index.body, index.ferried, index.location_links
    no_stop = ctx.no_stop
    for near, cost in city.links[node].items():
        if cost > mp:
            continue
        body = body_of.get(near)
        if body is not None and body not in ferried and body not in opened:
            continue
        left = mp - cost
        for location, step in location_links[near]:
            if step <= left and location != start and location not in no_stop:
                return True
    return False


#: The locations a pawn that has just entered may ride or fly from.
_TRANSPORT = ("METRO", "HELIPORT")


def _run_without_tools(
    city: CityMap,
    ctx: MoveContext,
    start: str,
    state: tuple[str, bool, bool],
    mp: int,
    frontier: Frontier,
) -> bool:
    """``_Search.run`` for a mover without tools from ``state`` (node, Metro ridden, just
    entered) with ``mp`` MP and Gas Cans left: no Jet Ski, tool flight, Sewer or Medevac,
    so a state's means are its MP alone, one list of one ``(mp, 0, 0)`` per place (the most
    MP it was reached with; ``frontier`` holds only such lists)."""
    index = city_index(city)
    kind, links, body_of, ferried = index.kind, city.links, index.body, index.ferried
    no_stop, escape_exit = ctx.no_stop, ctx.escape_exit
    node, rode, entered = state
    first: _Place = (node, rode, entered and kind[node] in _TRANSPORT, frozenset())
    known = frontier.get(first)
    if known is not None and known[0][0] >= mp:
        return False  # no better off than a state known to lead nowhere
    frontier[first] = [(mp, 0, 0)]
    stack = [(first, mp)]
    while stack:
        (node, rode, entered, bodies), mp = stack.pop()
        if node == escape_exit:
            return True
        found: list[tuple[_Place, int]] = []
        for near, cost in links[node].items():
            if cost <= mp:
                body = body_of.get(near)
                if body is None or body in ferried:
                    found.append(((near, rode, kind[near] in _TRANSPORT, bodies), mp - cost))
        here = kind[node]
        if here == "METRO" and entered:
            gained = mp if rode else mp + METRO_BONUS
            for metro in index.metros:
                if metro != node:
                    found.append(((metro, True, False, bodies), gained))
        elif here == "HELIPORT" and entered and mp >= FLIGHT_COST:
            for target in index.flights[index.tile[node]]:
                body = body_of.get(target)
                if body is None or body in ferried:
                    place = (target, rode, kind[target] in _TRANSPORT, bodies)
                    found.append((place, mp - FLIGHT_COST))
        for place, left in found:
            near = place[0]
            if kind[near] is not None and near != start and near not in no_stop:
                return True
            known = frontier.get(place)
            if known is None or known[0][0] < left:
                frontier[place] = [(left, 0, 0)]
                stack.append((place, left))
    return False
