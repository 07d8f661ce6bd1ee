"""What the MOVE step (spec §7.3) needs to know about a city, indexed once per map, and the
numbers of its movement points."""

from __future__ import annotations

import math
from abc import ABCMeta, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from getaway.games.escape_plan.city import CityMap, PlacedTile, named_nodes
from getaway.games.escape_plan.schema import Terrain

#: MP of a Move before bonuses (R-MV-1).
MOVEMENT_POINTS = 3
#: MP the first Metro ride of a turn adds (R-MV-5, §19 #35).
METRO_BONUS = 1
#: MP of a flight (R-HELI-1, §8.2 G2, §17.2 Chopper [CHOICE] §19 #28, §17.3 Helicopter).
FLIGHT_COST = 1
#: How far a flight reaches, in tiles (R-HELI-1).
FLIGHT_RANGE = (1, 2)


@dataclass(slots=True)
class CityIndex:
    """Per node: tile, location kind, terrain, water body; the Ferry-served bodies, the
    Metros, the Hospital, the Heliport tiles; per tile: the nodes a Sewer reaches, and from
    a tile a flight may leave (a Heliport tile, or one with a Heliport location) the nodes it
    reaches."""

    tile: dict[str, str] = field(default_factory=dict)
    kind: dict[str, str | None] = field(default_factory=dict)
    terrain: dict[str, Terrain | None] = field(default_factory=dict)
    body: dict[str, str] = field(default_factory=dict)
    ferried: set[str] = field(default_factory=set)
    metros: tuple[str, ...] = ()
    hospital: str | None = None
    heliport_tiles: set[str] = field(default_factory=set)
    by_tile: dict[str, list[str]] = field(default_factory=dict)
    #: Worked out per tile when first asked (:class:`TilesReached`): most maps are asked
    #: about the flights of a few tiles and the Sewers of none.
    flights: dict[str, tuple[str, ...]] = field(default_factory=dict)
    sewers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Per node: the locations a walk reaches from it in one step, with the MP it costs.
    location_links: dict[str, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    #: Per node: the fewest MP a walk from it into some location needs (water only where a
    #: Ferry opens it): what a move without tools needs at least to end from there.
    least_mp: dict[str, float] = field(default_factory=dict)


def city_index(city: CityMap) -> CityIndex:
    return city.movement_index


def build_index(city: CityMap) -> CityIndex:
    """The index of ``city``: from the index of the map it grew from when there is one
    (``CityMap.growth``: the nodes placed before are indexed as they were, and a node's
    location links are its old ones while its walking links are), else from scratch."""
    index = CityIndex()
    growth = city.growth
    base = growth.index if growth is not None else None
    if growth is None or base is None:
        hospitals, metros, airborne = _add_tiles(index, city.placed, [], [], set())
        old_links: Mapping[str, Mapping[str, int]] = {}
    else:
        index.tile, index.kind = dict(base.tile), dict(base.kind)
        index.terrain, index.by_tile = dict(base.terrain), dict(base.by_tile)
        index.heliport_tiles = set(base.heliport_tiles)
        hospitals = [base.hospital] if base.hospital is not None else []
        # The tiles a flight may leave from: those of ``base.flights``, asked or not.
        flown = base.flights.tiles if isinstance(base.flights, TilesReached) else base.flights
        hospitals, metros, airborne = _add_tiles(
            index, growth.added, hospitals, list(base.metros), set(flown)
        )
        old_links = growth.links
    for body in city.water_bodies:
        name = min(body)
        for node in body:
            index.body[node] = name
        if city.has_ferry(body):
            index.ferried.add(name)
    index.metros = tuple(sorted(metros))
    index.hospital = hospitals[0] if hospitals else None
    placed = city.placed
    index.flights = _Flights([t for t in index.by_tile if t in airborne], index, city, placed)
    index.sewers = _Sewers(list(index.by_tile), index, city, placed)
    kept = base.location_links if base is not None else {}
    for node, links in city.links.items():
        if old_links.get(node) is links:  # the same neighbours as before: the same links
            index.location_links[node] = kept[node]
        else:
            index.location_links[node] = tuple(
                (other, cost) for other, cost in links.items() if index.kind[other] is not None
            )
    index.least_mp = _least_mp(city, index)
    return index


class TilesReached(dict[str, tuple[str, ...]], metaclass=ABCMeta):
    """The nodes some way of moving reaches from each tile, worked out for a tile when it is
    first asked (``reached``); a tile not in ``tiles`` is missing, as from a plain dict.
    Holds the map's plain values only, never the map or its index: a map is freed with
    its game without the collector's help (``test_speed_memory.py``)."""

    __slots__ = ("by_tile", "cells", "terrain", "tiles", "topology")

    def __init__(
        self,
        tiles: list[str],
        index: CityIndex,
        city: CityMap,
        placed: tuple[PlacedTile, ...],
    ) -> None:
        super().__init__()
        self.tiles = tiles
        self.by_tile, self.terrain = index.by_tile, index.terrain
        self.topology = city.topology
        self.cells = {entry.tile.id: entry.cell for entry in placed}

    def __missing__(self, tile: str) -> tuple[str, ...]:
        if tile not in self.tiles:
            raise KeyError(tile)
        found = self[tile] = self.reached(tile)
        return found

    @abstractmethod
    def reached(self, tile: str) -> tuple[str, ...]:
        """The nodes this way of moving reaches from ``tile`` (each subclass's own rule)."""

    def complete(self) -> dict[str, tuple[str, ...]]:
        """Every tile's nodes, in the order of ``tiles`` (for the tests)."""
        return {tile: self[tile] for tile in self.tiles}


class _Flights(TilesReached):
    """``CityIndex.flights`` of the tiles a flight may leave from."""

    __slots__ = ()

    def reached(self, tile: str) -> tuple[str, ...]:
        # ``city.tiles_within(tile, *FLIGHT_RANGE)``, read off the cells.
        nearest, farthest = FLIGHT_RANGE
        distance, here = self.topology.distance, self.cells[tile]
        near = sorted(
            other
            for other, cell in self.cells.items()
            if nearest <= distance(here, cell) <= farthest
        )
        by_tile = self.by_tile
        return tuple(node for other in near for node in by_tile[other])


class _Sewers(TilesReached):
    """``CityIndex.sewers`` of every tile."""

    __slots__ = ()

    def reached(self, tile: str) -> tuple[str, ...]:
        # ``city.sewer_exits(tile)``, read off the cells: the far tile of each line whose
        # tile passed under is placed too.
        placed = {cell: other for other, cell in self.cells.items()}
        exits = self.topology.sewer_exits(self.cells[tile])
        far = sorted(
            placed[target]
            for target, middle in exits.items()
            if target in placed and middle in placed
        )
        by_tile, terrain = self.by_tile, self.terrain
        return tuple(node for other in far for node in by_tile[other] if terrain[node])


def _add_tiles(
    index: CityIndex,
    placed: Iterable[PlacedTile],
    hospitals: list[str],
    metros: list[str],
    airborne: set[str],
) -> tuple[list[str], list[str], set[str]]:
    """Index the nodes of the ``placed`` tiles, in order; the Hospitals, Metros and the
    tiles a flight may leave from (a Heliport tile or one with a Heliport location), with
    those found so far, are returned."""
    for entry in placed:
        tile_id = entry.tile.id
        for node, kind, terrain in named_nodes(entry.tile):
            index.tile[node] = tile_id
            index.kind[node] = kind
            index.terrain[node] = terrain
            index.by_tile.setdefault(tile_id, []).append(node)
            if kind == "HOSPITAL":
                hospitals.append(node)
            elif kind == "METRO":
                metros.append(node)
            elif kind == "HELIPORT":
                airborne.add(tile_id)
        if entry.tile.heliport_tile:
            index.heliport_tiles.add(tile_id)
            airborne.add(tile_id)
    return hospitals, metros, airborne


def _least_mp(city: CityMap, index: CityIndex) -> dict[str, float]:
    """``CityIndex.least_mp``: walked back from every location, cheapest first. Metros and
    Heliport locations are locations themselves, so riding or flying from one never needs
    fewer MP than 0; the bound ignores which locations the mover may end in."""
    least: dict[str, float] = dict.fromkeys(index.kind, math.inf)
    buckets: list[list[str]] = [[node for node, kind in index.kind.items() if kind is not None]]
    for node in buckets[0]:
        least[node] = 0
    cost = 0
    while cost < len(buckets):
        for node in buckets[cost]:
            body = index.body.get(node)
            if least[node] < cost or (body is not None and body not in index.ferried):
                continue  # reached more cheaply already, or water no walk may enter
            for near, step in city.links[node].items():
                if cost + step < least[near]:
                    least[near] = cost + step
                    while len(buckets) <= cost + step:
                        buckets.append([])
                    buckets[cost + step].append(near)
        cost += 1
    return least


def water_body(city: CityMap, node: str) -> str | None:
    """The name of the body of water ``node`` belongs to (its first node in sorted order),
    or ``None`` if ``node`` is not water."""
    return city_index(city).body.get(node)
