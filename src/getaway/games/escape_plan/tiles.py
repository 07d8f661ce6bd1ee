"""What a City tile's drawing means: which nodes touch inside the tile and which node lies on
each segment of each side (spec §3.5.2), read off the tile's ``cells``.

Cells are ``(row, column)`` from the north-west corner. Two nodes are linked when two of their
cells share a side; cells touching only at a corner link nothing (§3.2). Each side lists its
border cells clockwise, so segment ``i`` of one side faces segment ``k - 1 - i`` of the
neighbour's opposite side.
"""

from __future__ import annotations

from collections.abc import Iterator

from getaway.games.escape_plan.schema import CityTile
from getaway.games.escape_plan.topology import Direction

Spot = tuple[int, int]


def size(tile: CityTile) -> int:
    return len(tile.cells)


def node_ids(tile: CityTile) -> list[str]:
    """The tile's areas then locations, in file order."""
    return [*tile.areas, *tile.locations]


def spots_of(tile: CityTile) -> dict[str, list[Spot]]:
    """The cells each node covers."""
    spots: dict[str, list[Spot]] = {}
    for row, line in enumerate(tile.cells):
        for column, node in enumerate(line):
            spots.setdefault(node, []).append((row, column))
    return spots


def _side_pairs(tile: CityTile) -> Iterator[tuple[str, str]]:
    """Every pair of horizontally or vertically neighbouring cells."""
    cells = tile.cells
    for row, line in enumerate(cells):
        for column, node in enumerate(line):
            if column + 1 < len(line):
                yield node, line[column + 1]
            if row + 1 < len(cells) and column < len(cells[row + 1]):
                yield node, cells[row + 1][column]


def links(tile: CityTile) -> frozenset[frozenset[str]]:
    """The pairs of nodes that touch along a side inside the tile."""
    return frozenset(frozenset(pair) for pair in _side_pairs(tile) if pair[0] != pair[1])


def sides(tile: CityTile) -> dict[Direction, tuple[str, ...]]:
    """The node on each segment of each side of the unrotated tile, clockwise."""
    cells = tile.cells
    return {
        "N": tuple(cells[0]),
        "E": tuple(line[-1] for line in cells),
        "S": tuple(reversed(cells[-1])),
        "W": tuple(line[0] for line in reversed(cells)),
    }


def is_connected(spots: list[Spot]) -> bool:
    """Whether the cells form one piece through shared sides."""
    if not spots:
        return False
    remaining = set(spots)
    stack = [spots[0]]
    remaining.discard(spots[0])
    while stack:
        row, column = stack.pop()
        for near in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
            if near in remaining:
                remaining.discard(near)
                stack.append(near)
    return not remaining
