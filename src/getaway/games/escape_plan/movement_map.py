"""What the MOVE step (spec §7.3) needs to know about a city, indexed once per map, and the
numbers of its movement points."""

from __future__ import annotations

import math
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
        hospitals, metros, airborne = _add_tiles(
            index, growth.added, hospitals, list(base.metros), set(base.flights)
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
    topology = city.topology
    cells = [(entry.tile.id, entry.cell) for entry in city.placed]
    nearest, farthest = FLIGHT_RANGE
    for tile in index.by_tile:
        if tile in airborne:
            # ``city.tiles_within(tile, *FLIGHT_RANGE)``, with the cells read once.
            here = city.cell_of(tile)
            near = sorted(
                other
                for other, cell in cells
                if nearest <= topology.distance(here, cell) <= farthest
            )
            index.flights[tile] = tuple(node for other in near for node in index.by_tile[other])
        far = sorted(city.sewer_exits(tile))
        index.sewers[tile] = tuple(
            node for other in far for node in index.by_tile[other] if index.terrain[node]
        )
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
