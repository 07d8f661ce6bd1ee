"""The city built from the data tiles: sides, placement (§3.3, §3.5.1), walking costs
(§3.5.3) with the rulebook's movement examples (§21.6 #7, #8), water, Metro, Heliports."""

from __future__ import annotations

import itertools

import pytest

from getaway.core.content import Problems
from getaway.games.escape_plan import CityMap, SquareTopology, load_content
from getaway.games.escape_plan.checks import _check_start_tiles_connect
from tests.escape_plan.helpers import cheapest, path_cost, start_city


def _tile(tile_id: str):
    return load_content().tile(tile_id)


def test_sides_turn_with_the_tile():
    city = CityMap(SquareTopology()).with_tile(_tile("A1"), (0, 0), 0)
    assert city.side((0, 0), "N") == ("ind", "ind", "exit")
    assert city.side((0, 0), "E") == ("exit", "com", "com")
    turned = CityMap(SquareTopology()).with_tile(_tile("A1"), (0, 0), 90)
    # Turned a quarter clockwise, the old west side (res, store, ind) faces north.
    assert turned.side((0, 0), "N") == ("res", "store", "ind")
    assert turned.side((0, 0), "E") == ("ind", "ind", "exit")


@pytest.mark.parametrize("rotation", [0, 180])
@pytest.mark.parametrize("west", ["START_H", "START_G"])
def test_the_start_tiles_meet_in_every_start_layout(west, rotation):
    east = "START_G" if west == "START_H" else "START_H"
    city = CityMap(SquareTopology()).with_tile(_tile(west), (0, 0), rotation)
    assert city.connects(_tile(east), (1, 0), rotation)


def test_the_start_layout_check_reports_nothing_for_the_data():
    problems = Problems()
    tiles = load_content().city_tiles.tiles
    _check_start_tiles_connect(tiles, "city_tiles.json", problems, SquareTopology())
    assert problems.by_file == {}


def test_same_terrain_across_a_side_is_free_and_other_steps_cost_one():
    city = start_city()
    # START_H's east side (res, res, ind) meets START_G's west side (res, gang, ind).
    assert city.links["START_H.res"]["START_G.res"] == 0
    assert city.links["START_H.ind"]["START_G.ind"] == 0
    assert city.links["START_H.hospital"]["START_H.com"] == 1
    assert city.links["START_H.com"]["START_H.res"] == 1
    # Different terrains meeting across a side cost 1: D1's residential corner faces
    # START_H's industry.
    below = city.with_tile(_tile("D1"), (0, 1), 0)
    assert below.links["D1.res"]["START_H.ind"] == 1
    # Only terrain meets across a side: START_G's Gang faces START_H's residential area
    # but is reached from its own tile.
    assert "START_G.gang" not in city.links["START_H.res"]
    assert city.links["START_G.res"]["START_G.gang"] == 1
    # Corners link nothing: the Hospital and the industry meet only at a corner.
    assert "START_H.ind" not in city.links["START_H.hospital"]


def test_placement_needs_two_touching_tiles():
    city = start_city()
    problem = city.placement_problem(_tile("A1"), (-1, 0), 0)
    assert problem == "cell (-1, 0) touches 1 placed tile(s); it must touch at least 2"
    assert city.placement_problem(_tile("A1"), (0, 1), 0) is None


def test_corner_contact_counts_for_placement():
    city = start_city().with_tile(_tile("D1"), (0, 1), 0)
    # (-1, 1) shares a side with D1 and only a corner with START_H.
    assert city.topology.distance((-1, 1), (0, 0)) == 1
    assert city.placement_problem(_tile("B3"), (-1, 1), 90) is None


def test_placement_needs_a_terrain_match_across_a_side():
    city = start_city()
    # A2 unturned on (0, 1) faces START_H with its north side (res, res, res) against
    # START_H's south side (ind, ind, metro): no match.
    problem = city.placement_problem(_tile("A2"), (0, 1), 0)
    assert problem == "no terrain area meets one of the same type across a shared side"


def test_placement_refuses_taken_cells_and_cells_off_the_board():
    city = start_city()
    assert "already holds tile START_H" in str(city.placement_problem(_tile("A1"), (0, 0), 0))
    far = city.with_tile(_tile("A1"), (0, 1), 0).with_tile(_tile("C3"), (1, 1), 0)
    assert far.placement_problem(_tile("B2"), (0, 3), 0) == "cell (0, 3) is outside the city area"
    assert "already in the city" in str(city.placement_problem(_tile("START_H"), (0, 1), 0))


def test_every_display_tile_has_a_legal_place_next_to_the_start_tiles():
    city = start_city()
    for letter in "ABCD":
        for tile in load_content().stack(letter):
            assert city.legal_placements(tile), tile.id


def test_movement_example_store_to_safe_house_costs_3():
    # §21.6 #7: Store -> industrial (1) -> industrial across tiles (0) -> residential (1)
    # -> Safe House (1).
    city = start_city().with_tile(_tile("D1"), (0, 1), 0).with_tile(_tile("B3"), (1, 1), 0)
    path = ["D1.store", "D1.ind", "START_H.ind", "START_G.ind", "B3.res", "B3.safe_house"]
    assert path_cost(city, path) == 3
    assert [city.links[a][b] for a, b in itertools.pairwise(path)] == [1, 0, 0, 1, 1]


def test_ferry_example_business_on_water_to_store_costs_3():
    # §21.6 #8 / §7.3.2: leave the Business on water (1), cross water (0), commercial (1),
    # the Store (1).
    city = start_city().with_tile(_tile("C2"), (0, -1), 0).with_tile(_tile("C1"), (1, -1), 0)
    path = ["C2.business", "C2.wat", "C2.com", "C1.com", "C1.store"]
    assert path_cost(city, path) == 3
    assert cheapest(city, "C2.business", "C1.store") == 3
    assert list(city.links["C2.business"]) == ["C2.wat"]


def test_a_ferry_opens_its_whole_water_body():
    city = start_city().with_tile(_tile("C2"), (0, -1), 0)
    (body,) = city.water_bodies
    assert body == {"C2.wat"}
    assert city.has_ferry(body)


def test_metros_heliports_and_labelled_locations():
    city = start_city().with_tile(_tile("D1"), (0, 1), 0).with_tile(_tile("B3"), (1, 1), 0)
    assert city.metros() == ("START_H.metro",)
    assert city.store("D") == "D1.store" and city.store("A") is None
    assert city.exit(1) is None
    # On a Heliport tile every node counts as on a Heliport (§8.4); elsewhere only a
    # Heliport location would.
    assert all(city.on_heliport(f"B3.{node}") for node in ("res", "com", "ind", "safe_house"))
    assert not city.on_heliport("D1.store")
    assert city.tiles_within("B3", 1, 2) == ("START_H", "START_G", "D1")
    assert city.distance("B3", "START_H") == 1


def test_sewer_exits_need_the_tile_passed_under():
    city = start_city().with_tile(_tile("A1"), (0, 1), 0)
    assert city.sewer_exits("START_G") == {}
    wider = city.with_tile(_tile("C3"), (2, 0), 0)
    assert wider.sewer_exits("START_H") == {"C3": "START_G"}
