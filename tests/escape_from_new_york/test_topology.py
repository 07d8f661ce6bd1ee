"""The board's hex geometry (spec §3.2): offset columns, six directions, distances and roads,
on small grids worked out by hand."""

from __future__ import annotations

from collections import deque

import pytest

from getaway.games.escape_from_new_york import load_content
from getaway.games.escape_from_new_york.topology import (
    DIRECTIONS,
    OPPOSITE,
    Cell,
    HexTopology,
    Offset,
)


def _grid(columns: int = 8, rows: int = 8, offset: Offset = "odd_columns_down") -> HexTopology:
    return HexTopology([(c, r) for c in range(columns) for r in range(rows)], offset)


def test_an_odd_column_cell_has_the_neighbours_of_the_spec_table():
    # §3.2: odd columns stand half a cell lower, so their upper side neighbours share the row.
    assert _grid().neighbours((5, 2)) == {
        "U": (5, 1),
        "UR": (6, 2),
        "DR": (6, 3),
        "D": (5, 3),
        "DL": (4, 3),
        "UL": (4, 2),
    }


def test_an_even_column_cell_has_the_neighbours_of_the_spec_table():
    assert _grid().neighbours((4, 2)) == {
        "U": (4, 1),
        "UR": (5, 1),
        "DR": (5, 2),
        "D": (4, 3),
        "DL": (3, 2),
        "UL": (3, 1),
    }


def test_the_other_offset_mirrors_which_columns_stand_low():
    grid = _grid(offset="even_columns_down")
    assert grid.neighbours((4, 2))["UL"] == (3, 2)
    assert grid.neighbours((4, 2))["DL"] == (3, 3)
    assert grid.neighbours((5, 2))["UR"] == (6, 1)


def test_cells_off_the_board_are_no_neighbours():
    grid = _grid(3, 3)
    assert grid.neighbours((0, 0)) == {"D": (0, 1), "DR": (1, 0)}
    assert grid.neighbour((0, 0), "U") is None
    assert grid.neighbour((0, 0), "DR") == (1, 0)


@pytest.mark.parametrize("offset", ["odd_columns_down", "even_columns_down"])
def test_each_direction_has_its_opposite_on_the_way_back(offset: Offset):
    grid = _grid(offset=offset)
    for cell in grid.cells():
        for direction, there in grid.neighbours(cell).items():
            assert grid.direction(there, cell) == OPPOSITE[direction]
            assert grid.direction(cell, there) == direction
    assert grid.direction((0, 0), (2, 2)) is None


@pytest.mark.parametrize(
    ("start", "end", "steps"),
    [
        ((5, 2), (5, 2), 0),
        ((5, 2), (6, 3), 1),
        ((0, 0), (3, 0), 3),
        ((0, 0), (0, 4), 4),
        ((0, 0), (3, 3), 5),  # DR, DR, DR gains one row; two more steps down
        ((0, 3), (3, 0), 4),  # UR, UR, UR climbs two rows; one more step up
    ],
)
def test_distances_worked_out_by_hand(start: Cell, end: Cell, steps: int):
    grid = _grid()
    assert grid.distance(start, end) == steps
    assert grid.distance(end, start) == steps


@pytest.mark.parametrize("offset", ["odd_columns_down", "even_columns_down"])
def test_the_distance_is_the_fewest_steps_through_neighbours(offset: Offset):
    grid = _grid(7, 6, offset)
    for start in [(0, 0), (3, 2), (6, 5), (1, 4)]:
        steps = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in grid.neighbours(here).values():
                if there not in steps:
                    steps[there] = steps[here] + 1
                    queue.append(there)
        assert {cell: grid.distance(start, cell) for cell in grid.cells()} == steps


def test_a_road_needs_both_cells_to_show_it():
    grid = HexTopology(
        [(c, r) for c in range(3) for r in range(3)],
        roads={(1, 1): [d for d in DIRECTIONS if d != "UR"], (1, 2): ["U"]},
    )
    assert not grid.road((1, 1), (2, 1))  # (1, 1) shows no road to its upper right
    assert not grid.road((2, 1), (1, 1))  # nor does the way back exist
    assert grid.road((1, 1), (1, 2))  # (1, 2) shows only the road up, and that is this one
    assert not grid.road((1, 2), (0, 2))
    assert grid.road((0, 0), (1, 0))  # cells without a mask show all six roads
    assert not grid.road((0, 0), (2, 2))  # not neighbours


def test_a_board_in_two_pieces_is_not_connected():
    assert _grid(3, 3).connected()
    assert not HexTopology([(0, 0), (0, 1), (5, 5)]).connected()


def test_the_shipped_board_puts_the_ring_around_the_library():
    content = load_content()
    topology = content.topology
    kinds = {(cell.col, cell.row): cell.kind for cell in content.board.cells}
    [library] = [cell for cell, kind in kinds.items() if kind == "library"]
    assert library == (5, 2)
    ring = topology.neighbours(library)
    assert len(ring) == 6
    assert {kinds[cell] for cell in ring.values()} == {"library_ring"}
    [centre] = [(c.col, c.row) for c in content.board.cells if c.park_centre]
    assert {kinds[cell] for cell in topology.neighbours(centre).values()} == {"park"}
    assert topology.distance(library, (1, 1)) == 4  # the WTC
    assert topology.connected()
