"""The square-cell topology of spec §3.5.1: corner contact for placement, shared sides for
terrain, Chebyshev distance."""

from __future__ import annotations

from getaway.games.escape_plan import CityTopology, SquareTopology
from getaway.games.escape_plan.topology import Cell

GRID = SquareTopology()


def _as_interface(topology: CityTopology) -> CityTopology:
    return topology


def test_the_square_grid_speaks_the_interface():
    topology = _as_interface(GRID)
    assert topology.start_cells == ((0, 0), (1, 0))
    assert topology.start_rotations == (0, 180)


def test_distance_is_chebyshev():
    assert GRID.distance((0, 0), (0, 0)) == 0
    assert GRID.distance((0, 0), (1, 1)) == 1  # corner contact is 1 tile away
    assert GRID.distance((0, 0), (2, 1)) == 2
    assert GRID.distance((0, 0), (-2, 2)) == 2
    assert GRID.distance((-2, -2), (3, 2)) == 5
    assert GRID.distance((3, -1), (0, 1)) == GRID.distance((0, 1), (3, -1)) == 3


def test_touching_counts_corners_and_edge_neighbours_do_not():
    touching = set(GRID.touching((0, 0)))
    assert len(touching) == 8
    assert all(GRID.distance((0, 0), cell) == 1 for cell in touching)
    assert GRID.edge_neighbours((0, 0)) == {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def _cells_meeting_two(placed: set[Cell], *, corners: bool) -> set[Cell]:
    found = set()
    for cell in GRID.cells():
        if cell in placed:
            continue
        near = GRID.touching(cell) if corners else tuple(GRID.edge_neighbours(cell).values())
        if sum(1 for other in near if other in placed) >= 2:
            found.add(cell)
    return found


def test_two_edge_adjacent_start_tiles_leave_no_cell_without_corner_contact():
    # §3.5.1 (e): with sides only, no empty cell touches both start tiles; with corners,
    # the four cells above and below them do.
    starts = set(GRID.start_cells)
    assert _cells_meeting_two(starts, corners=False) == set()
    assert _cells_meeting_two(starts, corners=True) == {(0, -1), (1, -1), (0, 1), (1, 1)}


def test_a_two_by_two_block_needs_corner_contact_too():
    block = {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert _cells_meeting_two(block, corners=False) == set()
    assert (2, 0) in _cells_meeting_two(block, corners=True)


def test_the_city_area_is_the_six_by_five_box():
    cells = list(GRID.cells())
    assert len(cells) == 30
    assert GRID.in_bounds((-2, -2)) and GRID.in_bounds((3, 2))
    assert not GRID.in_bounds((4, 0)) and not GRID.in_bounds((0, -3))
    assert all(GRID.in_bounds(cell) for cell in GRID.start_cells)


def test_rotating_a_tile_clockwise_brings_its_west_side_north():
    assert GRID.side_after_rotation("N", 90) == "W"
    assert GRID.side_after_rotation("E", 90) == "N"
    assert GRID.side_after_rotation("N", 180) == "S"
    assert GRID.side_after_rotation("W", 270) == "N"
    assert [GRID.side_after_rotation(d, 0) for d in ("N", "E", "S", "W")] == ["N", "E", "S", "W"]
    assert GRID.opposite("N") == "S" and GRID.opposite("E") == "W"


def test_a_sewer_goes_two_tiles_straight_under_the_middle_one():
    exits = GRID.sewer_exits((0, 0))
    assert exits == {(0, -2): (0, -1), (2, 0): (1, 0), (0, 2): (0, 1), (-2, 0): (-1, 0)}
    assert all(GRID.distance((0, 0), far) == 2 for far in exits)
