"""Where City tiles can lie and how far apart they are: the one interface the rest of the game
asks about the city's geometry, and the square-cell answer of spec §3.5.1.

The rulebooks never say whether tiles are squares or hexes (§3.4). Everything else (the map in
``city.py``, the future rules) speaks only to :class:`CityTopology`, so a topology read from
the printed board can replace :class:`SquareTopology` without touching them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, Protocol

#: A cell of the city grid: ``(x, y)``, ``x`` growing east and ``y`` growing south (the
#: way tile drawings are read, row by row from the north-west corner).
Cell = tuple[int, int]
Direction = Literal["N", "E", "S", "W"]
#: Clockwise, starting north; a tile's sides are listed in this order too (§3.5.2).
DIRECTIONS: tuple[Direction, ...] = ("N", "E", "S", "W")
#: Degrees clockwise.
ROTATIONS = (0, 90, 180, 270)


class CityTopology(Protocol):
    """The city grid as the rules need it (spec §3.5.1)."""

    @property
    def start_cells(self) -> tuple[Cell, Cell]:
        """The two marked spaces for the start tiles (§3.2)."""
        ...

    @property
    def start_rotations(self) -> tuple[int, ...]:
        """The rotations both start tiles may share: arrows both up or both down (§5.1)."""
        ...

    def in_bounds(self, cell: Cell) -> bool:
        """Whether a tile may be placed on ``cell`` (the city area of the board)."""
        ...

    def cells(self) -> Iterator[Cell]:
        """Every cell in bounds."""
        ...

    def edge_neighbours(self, cell: Cell) -> dict[Direction, Cell]:
        """The cells sharing a side with ``cell``, by the direction they lie in: terrain and
        locations connect only across these (§3.2, §3.3)."""
        ...

    def touching(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells sharing a side or a corner with ``cell``: a new tile must touch at least
        2 placed tiles (§3.3, §3.5.1)."""
        ...

    def distance(self, a: Cell, b: Cell) -> int:
        """How many tiles apart two cells are, for "1 or 2 tiles away", "closer" and
        "adjacent tile" (§3.4 item 5)."""
        ...

    def opposite(self, direction: Direction) -> Direction:
        """The side of a neighbour that faces ``direction``."""
        ...

    def side_after_rotation(self, direction: Direction, rotation: int) -> Direction:
        """Which side of the unrotated tile faces ``direction`` once the tile is turned
        ``rotation`` degrees clockwise."""
        ...

    def sewer_exits(self, cell: Cell) -> dict[Cell, Cell]:
        """The cells a Sewer card can reach from ``cell``, each with the cell passed under
        (§17.2: "2 tiles away according to the diagram")."""
        ...


@dataclass(frozen=True, slots=True)
class SquareTopology:
    """Square tiles on a square grid (§3.5.1, §18.5): placement counts corner contact (the
    8 surrounding cells), terrain connects across shared sides only, and the distance is the
    Chebyshev (king-move) distance. Bounds default to the spec's 6 by 5 box."""

    min_x: int = -2
    max_x: int = 3
    min_y: int = -2
    max_y: int = 2

    @property
    def start_cells(self) -> tuple[Cell, Cell]:
        return ((0, 0), (1, 0))

    @property
    def start_rotations(self) -> tuple[int, ...]:
        return (0, 180)

    def in_bounds(self, cell: Cell) -> bool:
        x, y = cell
        return self.min_x <= x <= self.max_x and self.min_y <= y <= self.max_y

    def cells(self) -> Iterator[Cell]:
        for y in range(self.min_y, self.max_y + 1):
            for x in range(self.min_x, self.max_x + 1):
                yield (x, y)

    def edge_neighbours(self, cell: Cell) -> dict[Direction, Cell]:
        x, y = cell
        return {"N": (x, y - 1), "E": (x + 1, y), "S": (x, y + 1), "W": (x - 1, y)}

    def touching(self, cell: Cell) -> tuple[Cell, ...]:
        x, y = cell
        # Row by row from the top, each from the left (spelled out: asked for every tile).
        return (
            (x - 1, y - 1),
            (x, y - 1),
            (x + 1, y - 1),
            (x - 1, y),
            (x + 1, y),
            (x - 1, y + 1),
            (x, y + 1),
            (x + 1, y + 1),
        )

    def distance(self, a: Cell, b: Cell) -> int:
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    def opposite(self, direction: Direction) -> Direction:
        return DIRECTIONS[(DIRECTIONS.index(direction) + 2) % 4]

    def side_after_rotation(self, direction: Direction, rotation: int) -> Direction:
        if rotation not in ROTATIONS:
            raise ValueError(f"rotation {rotation} is not one of {ROTATIONS}")
        return DIRECTIONS[(DIRECTIONS.index(direction) - rotation // 90) % 4]

    def sewer_exits(self, cell: Cell) -> dict[Cell, Cell]:
        # [DESIGN] §17.2: a straight line of exactly 2 tiles in an orthogonal direction,
        # passing under the middle tile.
        x, y = cell
        exits: dict[Cell, Cell] = {}
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            exits[(x + 2 * dx, y + 2 * dy)] = (x + dx, y + dy)
        return exits
