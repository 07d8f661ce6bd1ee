"""The board's geometry: hex cells in offset columns, and the one interface the rules ask about
it (spec §3.2).

The rulebook never prints the board's layout (M-01). It says enough to know the grid is made
of hexes with six neighbours (the Library has exactly six, §3.1 [I]), and a review describes
the tiles as standing in offset columns, flat side up: a road straight up, one straight down
and two on each side. So a cell is ``(column, row)`` and its six directions are ``U``, ``D``,
``UL``, ``DL``, ``UR`` and ``DR``.

Which columns stand half a cell lower is data (``board.json``'s ``offset``), and so is every
cell and road: :class:`HexTopology` answers from the board file alone, so the printed board
can replace the placeholder one without code changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal, Protocol

#: A cell of the board: ``(column, row)``, columns growing to the right (north, up the
#: island), rows growing down the page.
Cell = tuple[int, int]
Direction = Literal["U", "UR", "DR", "D", "DL", "UL"]
#: Clockwise from straight up.
DIRECTIONS: tuple[Direction, ...] = ("U", "UR", "DR", "D", "DL", "UL")
OPPOSITE: Mapping[Direction, Direction] = {
    "U": "D",
    "UR": "DL",
    "DR": "UL",
    "D": "U",
    "DL": "UR",
    "UL": "DR",
}
#: A road's one name: a cell and the direction it leaves in (see ``HexTopology.road_name``).
RoadName = tuple[Cell, Direction]
#: Which columns stand half a cell lower than their neighbours.
Offset = Literal["odd_columns_down", "even_columns_down"]

# Column and row steps to each neighbour, for a cell in a column that stands lower than its
# neighbours and for one that stands higher (spec §3.2's table).
_FROM_LOW_COLUMN: Mapping[Direction, Cell] = {
    "U": (0, -1),
    "D": (0, 1),
    "UL": (-1, 0),
    "DL": (-1, 1),
    "UR": (1, 0),
    "DR": (1, 1),
}
_FROM_HIGH_COLUMN: Mapping[Direction, Cell] = {
    "U": (0, -1),
    "D": (0, 1),
    "UL": (-1, -1),
    "DL": (-1, 0),
    "UR": (1, -1),
    "DR": (1, 0),
}


class Topology(Protocol):
    """What the rules may ask about the board's geometry, and nothing else."""

    def cells(self) -> tuple[Cell, ...]:
        """Every cell of the board, in (column, row) order."""
        ...

    def neighbour(self, cell: Cell, direction: Direction) -> Cell | None:
        """The cell next to ``cell`` in ``direction``, or ``None`` off the board or over
        water."""
        ...

    def neighbours(self, cell: Cell) -> dict[Direction, Cell]:
        """The cells next to ``cell``, by the direction they lie in (geometric adjacency:
        exploring needs no road, §3.2)."""
        ...

    def direction(self, start: Cell, end: Cell) -> Direction | None:
        """The direction from ``start`` to its neighbour ``end``; ``None`` if they are not
        neighbours."""
        ...

    def distance(self, start: Cell, end: Cell) -> int:
        """How many steps apart two cells are on the grid, roads and water aside."""
        ...

    def road(self, start: Cell, end: Cell) -> bool:
        """Whether a road joins two neighbouring cells: both show a road on the side they
        share (§3.2). Barricades are the game state's business, not the board's."""
        ...


class HexTopology:
    """The board as offset columns of hexes, built from the cells and roads of a board file.

    ``roads`` maps a cell to the directions it shows a road in; a cell it does not name shows
    all six (the placeholder of §3.2 [P], until tiles bring their own masks).
    """

    def __init__(
        self,
        cells: Iterable[Cell],
        offset: Offset = "odd_columns_down",
        roads: Mapping[Cell, Iterable[Direction]] | None = None,
    ) -> None:
        self._cells = tuple(sorted(set(cells)))
        self._present = frozenset(self._cells)
        self._low_parity = 1 if offset == "odd_columns_down" else 0
        self._roads = {cell: frozenset(dirs) for cell, dirs in (roads or {}).items()}
        # Built once: the rules ask these on every move.
        self._neighbours = {cell: self._geometric(cell) for cell in self._cells}
        self._directions = {
            (cell, there): direction
            for cell, found in self._neighbours.items()
            for direction, there in found.items()
        }
        every = frozenset(DIRECTIONS)
        self._shown = {cell: self._roads.get(cell, every) for cell in self._cells}
        self._road_names = {
            (cell, direction): self._road_name(cell, direction)
            for cell in self._cells
            for direction in DIRECTIONS
        }
        self._links = {
            cell: tuple(
                (direction, there, OPPOSITE[direction], self._road_names[cell, direction])
                for direction, there in found.items()
            )
            for cell, found in self._neighbours.items()
        }

    def _steps(self, column: int) -> Mapping[Direction, Cell]:
        return _FROM_LOW_COLUMN if column % 2 == self._low_parity else _FROM_HIGH_COLUMN

    def step(self, cell: Cell, direction: Direction) -> Cell:
        """The grid position next to ``cell`` in ``direction``, on the board or not."""
        dc, dr = self._steps(cell[0])[direction]
        return (cell[0] + dc, cell[1] + dr)

    def _geometric(self, cell: Cell) -> dict[Direction, Cell]:
        found = {d: self.step(cell, d) for d in DIRECTIONS}
        return {d: there for d, there in found.items() if there in self._present}

    def cells(self) -> tuple[Cell, ...]:
        return self._cells

    def __contains__(self, cell: object) -> bool:
        return cell in self._present

    def neighbour(self, cell: Cell, direction: Direction) -> Cell | None:
        return self._neighbours[cell].get(direction)

    def neighbours(self, cell: Cell) -> dict[Direction, Cell]:
        return dict(self._neighbours[cell])

    def direction(self, start: Cell, end: Cell) -> Direction | None:
        return self._directions.get((start, end))

    def links(self, cell: Cell) -> tuple[tuple[Direction, Cell, Direction, RoadName], ...]:
        """The neighbours of ``cell`` as :meth:`neighbours` orders them, each with the
        direction it lies in, the way back, and the road's name (:meth:`road_name`): what
        a search of the movement graph reads at every step, listed once."""
        return self._links[cell]

    def road_name(self, cell: Cell, direction: Direction) -> RoadName:
        """The one name of the road leaving ``cell`` in ``direction``: written from the
        smaller of its two cells, or from its one cell if nothing lies beyond."""
        found = self._road_names.get((cell, direction))
        return self._road_name(cell, direction) if found is None else found

    def _road_name(self, cell: Cell, direction: Direction) -> RoadName:
        there = self._neighbours[cell].get(direction)
        if there is not None and there < cell:
            return (there, OPPOSITE[direction])
        return (cell, direction)

    def distance(self, start: Cell, end: Cell) -> int:
        (x1, y1, z1), (x2, y2, z2) = self._cube(start), self._cube(end)
        return max(abs(x1 - x2), abs(y1 - y2), abs(z1 - z2))

    def _cube(self, cell: Cell) -> tuple[int, int, int]:
        # Cube coordinates make hex distance a plain maximum; the row is shifted by how far
        # the column has drifted down (odd columns low) or up (even columns low).
        column, row = cell
        odd = column % 2
        z = row - (column - odd) // 2 if self._low_parity == 1 else row - (column + odd) // 2
        return (column, -column - z, z)

    def shows_road(self, cell: Cell, direction: Direction) -> bool:
        """Whether ``cell`` shows a road in ``direction`` (it may lead nowhere)."""
        roads = self._roads.get(cell)
        return roads is None or direction in roads

    def shown_roads(self, cell: Cell) -> frozenset[Direction]:
        """Every direction ``cell`` shows a road in (:meth:`shows_road` for each)."""
        found = self._shown.get(cell)
        if found is None:
            return frozenset(d for d in DIRECTIONS if self.shows_road(cell, d))
        return found

    def road(self, start: Cell, end: Cell) -> bool:
        direction = self.direction(start, end)
        return (
            direction is not None
            and self.shows_road(start, direction)
            and self.shows_road(end, OPPOSITE[direction])
        )

    def connected(self) -> bool:
        """Whether every cell can be reached from every other through neighbours."""
        if not self._cells:
            return True
        seen = {self._cells[0]}
        frontier = [self._cells[0]]
        while frontier:
            for there in self._neighbours[frontier.pop()].values():
                if there not in seen:
                    seen.add(there)
                    frontier.append(there)
        return len(seen) == len(self._cells)
