"""City layouts for the movement and Avoid tests (imported by test_movement.py and
test_avoid.py): the rulebook's examples (§21.6) laid out with the data tiles, each tile placed
where the placement rule allows it (§3.3)."""

from __future__ import annotations

from getaway.games.escape_plan import CityMap, load_content
from getaway.games.escape_plan.schema import CityTile, Location
from tests.escape_plan.helpers import start_city

Placement = tuple[str | CityTile, tuple[int, int], int]


def tile(tile_id: str) -> CityTile:
    return load_content().tile(tile_id)


def grow(city: CityMap, *placements: Placement) -> CityMap:
    """``city`` with each tile placed in turn; each placement must be legal."""
    for entry, cell, rotation in placements:
        new = tile(entry) if isinstance(entry, str) else entry
        problem = city.placement_problem(new, cell, rotation)
        assert problem is None, f"{new.id} on {cell} turned {rotation}: {problem}"
        city = city.with_tile(new, cell, rotation)
    return city


def a1_with_a_metro() -> CityTile:
    """A1 with a Metro in place of its Store: the rulebook's transport example ends at an
    Exit on the tile of a Metro (§21.6 #12), which no data tile has (§3.5.4 puts Metros and
    Exits on different tiles)."""
    a1 = tile("A1")
    locations = {"metro": Location(kind="METRO"), "exit": a1.locations["exit"]}
    cells = [["metro" if name == "store" else name for name in row] for row in a1.cells]
    return a1.model_copy(update={"locations": locations, "cells": cells})


def without_ferries(city_tile: CityTile) -> CityTile:
    """``city_tile`` with its Ferry icons removed (the data puts a Ferry on every body of
    water; a Jet Ski is for bodies without one)."""
    areas = {
        name: area.model_copy(update={"ferry": False}) for name, area in city_tile.areas.items()
    }
    return city_tile.model_copy(update={"areas": areas})


def store_to_safe_house() -> CityMap:
    """§21.6 #7: D1 south of START_H, B3 south of START_G."""
    return grow(start_city(), ("D1", (0, 1), 0), ("B3", (1, 1), 0))


def ferry_city() -> CityMap:
    """§21.6 #8: C2 (Business on the water, Ferry) north of START_H, C1 beside it."""
    return grow(start_city(), ("C2", (0, -1), 0), ("C1", (1, -1), 0))


def metro_city() -> CityMap:
    """§21.6 #9: A3's Metro reaches C1's Store by residential land."""
    return grow(start_city(), ("A3", (0, -1), 180), ("C1", (1, -1), 270))


def transport_city() -> CityMap:
    """§21.6 #12: the Heliport on B3, a Metro on A3, and A1's Exit beside a Metro."""
    return grow(store_to_safe_house(), ("A3", (0, -1), 180), (a1_with_a_metro(), (-1, -1), 90))


def heliport_tile_city() -> CityMap:
    """§8.4: Exit 3 on C3, and the Heliport tile B3 to its right."""
    return grow(start_city(), ("C3", (0, -1), 0), ("B3", (1, -1), 90))


def sewer_city() -> CityMap:
    """§17.2 Sewer: A1 east of START_G, two tiles from START_H along the row."""
    return grow(start_city(), ("A2", (1, -1), 180), ("A1", (2, 0), 180))


def avoid_walk_city() -> CityMap:
    """§21.6 #11: a Safe House on A2, commercial land through START_G, C1's Store."""
    return grow(start_city(), ("A2", (1, -1), 270), ("C1", (2, 0), 0))


def test_every_example_layout_places_its_tiles_legally():
    # grow() asserts each placement; building every layout is the test.
    for build in (
        store_to_safe_house,
        ferry_city,
        metro_city,
        transport_city,
        heliport_tile_city,
        sewer_city,
        avoid_walk_city,
    ):
        assert len(build().placed) >= 4, build.__name__
