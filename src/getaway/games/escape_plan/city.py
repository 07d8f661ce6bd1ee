"""The city as the rules ask about it: placed tiles, where a tile may go, and how its areas and
locations join up for walking, ferries, the Metro and helicopters (spec §3.3, §3.5.3).

Only :class:`~getaway.games.escape_plan.topology.CityTopology` is asked about geometry, so
another topology (hexes, the printed board) changes nothing here. Nodes are named
``<tile>.<node>``, e.g. ``B1.store``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from getaway.games.escape_plan import tiles
from getaway.games.escape_plan.schema import STREETS, CityTile, LocationKind, Terrain
from getaway.games.escape_plan.topology import ROTATIONS, Cell, CityTopology, Direction

if TYPE_CHECKING:
    from getaway.games.escape_plan.movement_map import CityIndex

#: MP to cross from one node to the next (§3.5.3): free inside one terrain type, 1 otherwise.
SAME_TERRAIN_COST = 0
STEP_COST = 1


@dataclass(frozen=True, slots=True)
class PlacedTile:
    tile: CityTile
    cell: Cell
    rotation: int = 0


def node_name(tile_id: str, node: str) -> str:
    return f"{tile_id}.{node}"


#: How many answers one of :class:`MapMemo`'s tables keeps before it is emptied (a long
#: search on one map must not grow it without end).
MEMO_KEPT = 4096


@dataclass(slots=True)
class MapMemo:
    """Answers the rules work out from one map (and a few small immutable values), kept on
    the map (``CityMap.memo``): they live and die with it. A module-level cache keyed by
    map kept hundreds of finished games' maps alive, and the garbage collector walked all of
    them again and again. Each table is emptied when it holds :data:`MEMO_KEPT` answers."""

    #: ``movement._next_steps``: by Move context and position, the steps and their ids.
    steps: dict[tuple[object, ...], tuple[tuple[Any, ...], tuple[str, ...]]] = field(
        default_factory=dict
    )
    #: ``movement.can_move``: by Move context.
    can_move: dict[Any, bool] = field(default_factory=dict)
    #: ``city_phase.placements``: by tile id and relaxation level; and, until this map is
    #: asked, the map's before the last tile was placed (its own table, not that map), with
    #: that tile: a tile's placements change only around the new one.
    placements: dict[tuple[str, int], tuple[tuple[Cell, int], ...]] = field(default_factory=dict)
    placements_from: (
        tuple[dict[tuple[str, int], tuple[tuple[Cell, int], ...]], PlacedTile] | None
    ) = None
    #: ``city_phase._open_cells``: by how many placed tiles a cell must touch.
    open_cells: dict[int, tuple[tuple[Cell, int], ...]] = field(default_factory=dict)
    #: ``city_phase.relaxation``: by display.
    relaxation: dict[tuple[str, ...], int] = field(default_factory=dict)
    #: ``city_phase._free_cells``: each free cell that touches a placed tile, with how many it
    #: touches and what its placed neighbours show it; and, until it is worked out, the
    #: map's before the last tile was placed, with that tile.
    free_cells: tuple[dict[Cell, int], dict[Cell, int]] | None = None
    free_cells_from: tuple[tuple[dict[Cell, int], dict[Cell, int]], PlacedTile] | None = None
    #: ``police.police_free_tiles`` and ``police.placed_ids``.
    police_free: tuple[str, ...] | None = None
    placed_ids: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Growth:
    """How a map grew from the last map before it whose walking links were worked out: those
    links, its movement index if it had one, and the tiles placed since, in order. The City
    phase places a day's tiles one map at a time and Moves ask only the last map of the day,
    whose links and index are then the day before's plus the new tiles (each checked equal
    to the map worked out from scratch by ``test_speed_oracles.py``)."""

    links: Mapping[str, Mapping[str, int]]
    index: CityIndex | None
    added: tuple[PlacedTile, ...]


class CityMap:
    """The tiles placed so far, and everything derived from them. Immutable: placing a tile
    gives a new map."""

    def __init__(self, topology: CityTopology, placed: Iterable[PlacedTile] = ()) -> None:
        self.topology = topology
        self._by_cell: dict[Cell, PlacedTile] = {}
        self._by_tile: dict[str, PlacedTile] = {}
        #: What the rules worked out from this map (:class:`MapMemo`).
        self.memo = MapMemo()
        #: How it grew from an earlier map with known links (:meth:`with_tile`), if it did.
        self.growth: Growth | None = None
        for entry in placed:
            self._add(entry)

    def _add(self, entry: PlacedTile) -> None:
        if entry.cell in self._by_cell or entry.tile.id in self._by_tile:
            raise ValueError(f"tile {entry.tile.id} or cell {entry.cell} placed twice")
        if entry.rotation not in ROTATIONS:
            raise ValueError(f"rotation {entry.rotation} is not one of {ROTATIONS}")
        self._by_cell[entry.cell] = entry
        self._by_tile[entry.tile.id] = entry

    def with_tile(self, tile: CityTile, cell: Cell, rotation: int = 0) -> CityMap:
        """This map with one more tile: the tiles placed already are copied as they are,
        checked when they were placed (the City phase makes a map per tile)."""
        city = CityMap(self.topology)
        city._by_cell = dict(self._by_cell)
        city._by_tile = dict(self._by_tile)
        entry = PlacedTile(tile, cell, rotation)
        city._add(entry)
        if self.memo.free_cells is not None:
            city.memo.free_cells_from = (self.memo.free_cells, entry)
        if self.memo.placements:
            city.memo.placements_from = (self.memo.placements, entry)
        worked_out = self.__dict__  # what the cached properties hold so far
        if "links" in worked_out:
            city.growth = Growth(worked_out["links"], worked_out.get("movement_index"), (entry,))
        elif self.growth is not None:
            grown = self.growth
            city.growth = Growth(grown.links, grown.index, (*grown.added, entry))
        return city

    # --- tiles ---------------------------------------------------------------------------

    @property
    def placed(self) -> tuple[PlacedTile, ...]:
        return tuple(self._by_cell.values())

    def tile_at(self, cell: Cell) -> PlacedTile | None:
        return self._by_cell.get(cell)

    def cell_of(self, tile_id: str) -> Cell:
        return self._by_tile[tile_id].cell

    def tile_of(self, node: str) -> str:
        return node.split(".", 1)[0]

    def distance(self, tile_a: str, tile_b: str) -> int:
        """How many tiles apart two placed tiles are."""
        return self.topology.distance(self.cell_of(tile_a), self.cell_of(tile_b))

    def tiles_within(self, tile_id: str, nearest: int, farthest: int) -> tuple[str, ...]:
        """The placed tiles ``nearest``..``farthest`` tiles away (a Heliport flight reaches
        1 or 2, §7.3.4)."""
        here = self.cell_of(tile_id)
        return tuple(
            entry.tile.id
            for entry in self._by_cell.values()
            if nearest <= self.topology.distance(here, entry.cell) <= farthest
        )

    def sewer_exits(self, tile_id: str) -> dict[str, str]:
        """The placed tiles a Sewer card reaches from ``tile_id``, each with the placed tile
        passed under, which must exist (§17.2)."""
        found: dict[str, str] = {}
        for target, middle in self.topology.sewer_exits(self.cell_of(tile_id)).items():
            far, under = self._by_cell.get(target), self._by_cell.get(middle)
            if far is not None and under is not None:
                found[far.tile.id] = under.tile.id
        return found

    # --- sides and placement (§3.3, §3.5.1) -----------------------------------------------

    def side(self, cell: Cell, direction: Direction) -> tuple[str, ...]:
        """The nodes on the side of the tile on ``cell`` that faces ``direction``."""
        entry = self._by_cell[cell]
        return _rotated_side(self.topology, entry.tile, entry.rotation, direction)

    def side_terrains(self, cell: Cell, direction: Direction) -> tuple[Terrain | None, ...]:
        """The terrain of each node of :meth:`side` (``None`` for a location)."""
        entry = self._by_cell[cell]
        return rotated_terrains(self.topology, entry.tile, entry.rotation, direction)

    def facing(
        self, tile: CityTile, cell: Cell, rotation: int
    ) -> Iterator[tuple[str, str, Direction]]:
        """For ``tile`` turned ``rotation`` on ``cell``: each pair (its node, the placed
        neighbour's node) that face each other across a shared side, with its direction."""
        for direction, near in self.topology.edge_neighbours(cell).items():
            neighbour = self._by_cell.get(near)
            if neighbour is None:
                continue
            mine = _rotated_side(self.topology, tile, rotation, direction)
            theirs = self.side(near, self.topology.opposite(direction))
            for index, node in enumerate(mine):
                other = theirs[len(theirs) - 1 - index]
                yield node_name(tile.id, node), node_name(neighbour.tile.id, other), direction

    def placement_problem(self, tile: CityTile, cell: Cell, rotation: int) -> str | None:
        """Why ``tile`` may not go on ``cell`` turned ``rotation``, or ``None`` if it may
        (§3.5.1 (i)-(iii))."""
        if tile.id in self._by_tile:
            return f"tile {tile.id} is already in the city"
        if not self.topology.in_bounds(cell):
            return f"cell {cell} is outside the city area"
        if cell in self._by_cell:
            return f"cell {cell} already holds tile {self._by_cell[cell].tile.id}"
        touching = sum(1 for near in self.topology.touching(cell) if near in self._by_cell)
        if touching < 2:
            return f"cell {cell} touches {touching} placed tile(s); it must touch at least 2"
        if not self.connects(tile, cell, rotation):
            return "no terrain area meets one of the same type across a shared side"
        return None

    def connects(self, tile: CityTile, cell: Cell, rotation: int) -> bool:
        """Whether ``tile`` turned ``rotation`` on ``cell`` meets a placed tile's terrain of
        the same type across a shared side (§3.3): the pairs of :meth:`facing`, compared by
        the terrains of each side read off once per tile (the City phase asks it of every
        free cell and rotation)."""
        topology = self.topology
        for direction, near in topology.edge_neighbours(cell).items():
            neighbour = self._by_cell.get(near)
            if neighbour is None:
                continue
            mine = rotated_terrains(topology, tile, rotation, direction)
            theirs = rotated_terrains(
                topology, neighbour.tile, neighbour.rotation, topology.opposite(direction)
            )
            last = len(theirs) - 1
            for index, terrain in enumerate(mine):
                if terrain is not None and terrain == theirs[last - index]:
                    return True
        return False

    def legal_placements(self, tile: CityTile) -> list[tuple[Cell, int]]:
        return [
            (cell, rotation)
            for cell in self.topology.cells()
            for rotation in ROTATIONS
            if self.placement_problem(tile, cell, rotation) is None
        ]

    # --- nodes ---------------------------------------------------------------------------

    def _node(self, node: str) -> tuple[CityTile, str]:
        tile_id, local = node.split(".", 1)
        return self._by_tile[tile_id].tile, local

    def nodes(self) -> Iterator[str]:
        for entry in self._by_cell.values():
            for local in tiles.node_ids(entry.tile):
                yield node_name(entry.tile.id, local)

    def terrain(self, node: str) -> Terrain | None:
        """The node's terrain type, or ``None`` for a location."""
        tile, local = self._node(node)
        area = tile.areas.get(local)
        return area.terrain if area else None

    def kind(self, node: str) -> LocationKind | None:
        """The node's location kind, or ``None`` for a terrain area."""
        tile, local = self._node(node)
        location = tile.locations.get(local)
        return location.kind if location else None

    @cached_property
    def location_kinds(self) -> tuple[tuple[str, LocationKind], ...]:
        """Every location node (no terrain area) with its kind, in node-name order. Cached:
        the map is immutable, and the Move check asks for it on every legal-action list
        (R-VIS-3)."""
        found = {
            node: kind
            for entry in self._by_cell.values()
            for node, kind, _ in named_nodes(entry.tile)
            if kind is not None
        }
        return tuple(sorted(found.items()))

    @cached_property
    def location_nodes(self) -> frozenset[str]:
        """The nodes of :attr:`location_kinds` (cached, as it is)."""
        return frozenset(node for node, _ in self.location_kinds)

    def locations(self, kind: LocationKind) -> tuple[str, ...]:
        return tuple(node for node in self.nodes() if self.kind(node) == kind)

    def store(self, letter: str) -> str | None:
        return self._labelled(lambda tile, local: tile.locations[local].store == letter)

    def exit(self, number: int) -> str | None:
        return self.exits.get(number)

    @cached_property
    def exits(self) -> dict[int, str]:
        """Each Exit number's location node (the first found, as :meth:`_labelled` finds
        it), read once per map: the escape check asks on every turn of the last day (do
        not mutate)."""
        found: dict[int, str] = {}
        for entry in self._by_cell.values():
            for local, location in entry.tile.locations.items():
                if location.exit is not None:
                    found.setdefault(location.exit, node_name(entry.tile.id, local))
        return found

    def _labelled(self, wanted: Callable[[CityTile, str], bool]) -> str | None:
        for entry in self._by_cell.values():
            for local in entry.tile.locations:
                if wanted(entry.tile, local):
                    return node_name(entry.tile.id, local)
        return None

    def metros(self) -> tuple[str, ...]:
        """Every Metro location: entering one lets you ride to any other (§7.3.3)."""
        return self.locations("METRO")

    def on_heliport(self, node: str) -> bool:
        """Whether helicopter abilities work from ``node``: anywhere on a Heliport tile, or
        in a Heliport location (§8.4)."""
        tile, _ = self._node(node)
        return tile.heliport_tile or self.kind(node) == "HELIPORT"

    # --- walking (§3.5.3) ------------------------------------------------------------------

    @cached_property
    def links(self) -> Mapping[str, Mapping[str, int]]:
        """Walking adjacency with MP costs: ``links[a][b]`` is the cost from ``a`` to ``b``.
        Same terrain costs 0, any other step 1; water is included (whether a water body may
        be entered depends on Ferries and Jet Skis, see :meth:`water_bodies`).

        Across a tile's side only terrain meets terrain: a location drawn on a border cell
        stands back from the edge. §3.5.2 leaves location links across sides optional; with
        3 x 3 drawings nearly every location is on a border, and allowing them would let a
        Business on the water be left onto the land of the next tile (§3.2 says it is left
        into the water)."""
        if self.growth is not None:
            return self._grown_links(self.growth)
        found: dict[str, dict[str, int]] = {node: {} for node in self.node_terrains}
        done: set[Cell] = set()
        for entry in self._by_cell.values():
            for a, b, cost in _named_parts(entry.tile).inner:
                found[a][b] = found[b][a] = cost
            # Terrain facing terrain across each side (read off each tile's named sides:
            # the pairs of :meth:`facing`), each side once, from the tile read first.
            done.add(entry.cell)
            for node, other, cost in self._side_links(entry, done):
                found[node][other] = found[other][node] = cost
        # Each node's neighbours by name: whoever iterates the links gets one order.
        return {node: dict(sorted(near.items())) for node, near in found.items()}

    def _grown_links(self, growth: Growth) -> Mapping[str, Mapping[str, int]]:
        """:attr:`links` from the links of the map this one grew from: the neighbours of a
        node no new tile touches are that map's (shared, never mutated); the new tiles'
        nodes come after the others, in the order they were placed, as they would."""
        found: dict[str, Mapping[str, int]] = dict(growth.links)
        changed: dict[str, dict[str, int]] = {}
        for entry in growth.added:
            for node, _, _ in _named_parts(entry.tile).nodes:
                found[node] = changed[node] = {}
        # Every side between two old tiles is in the old links: the new sides are those of
        # the new tiles, each once.
        done: set[Cell] = set()
        for entry in growth.added:
            for a, b, cost in _named_parts(entry.tile).inner:
                changed[a][b] = changed[b][a] = cost
            done.add(entry.cell)
            for node, other, cost in self._side_links(entry, done):
                for one, two in ((node, other), (other, node)):
                    near = changed.get(one)
                    if near is None:
                        near = changed[one] = dict(found[one])
                    near[two] = cost
        for node, near in changed.items():
            found[node] = dict(sorted(near.items()))
        return found

    def _side_links(self, entry: PlacedTile, done: set[Cell]) -> Iterator[tuple[str, str, int]]:
        """The links across ``entry``'s sides with its placed neighbours, terrain facing
        terrain, each as (its node, the neighbour's, cost); a neighbour on a cell of
        ``done`` is passed over (that side was read from it)."""
        topology = self.topology
        mine = _named_parts(entry.tile).sides
        for direction, near in topology.edge_neighbours(entry.cell).items():
            neighbour = self._by_cell.get(near)
            if neighbour is None or near in done:
                continue
            names, terrains = mine[topology.side_after_rotation(direction, entry.rotation)]
            their_names, their_terrains = _named_parts(neighbour.tile).sides[
                topology.side_after_rotation(topology.opposite(direction), neighbour.rotation)
            ]
            last = len(their_names) - 1
            for index, node in enumerate(names):
                here, there = terrains[index], their_terrains[last - index]
                if here is not None and there is not None:
                    cost = SAME_TERRAIN_COST if here == there else STEP_COST
                    yield node, their_names[last - index], cost

    @cached_property
    def node_terrains(self) -> dict[str, Terrain | None]:
        """Every node's terrain (``None`` for a location), in :meth:`nodes` order: the
        walking links and the water bodies ask it of every pair (do not mutate)."""
        return {
            node: terrain
            for entry in self._by_cell.values()
            for node, _, terrain in named_nodes(entry.tile)
        }

    @cached_property
    def movement_index(self) -> CityIndex:
        """What the MOVE step asks of this map, indexed once (``movement_map.py``)."""
        from getaway.games.escape_plan.movement_map import build_index

        return build_index(self)

    def neighbours(self, node: str) -> Mapping[str, int]:
        return self.links[node]

    @cached_property
    def water_bodies(self) -> tuple[frozenset[str], ...]:
        """The connected bodies of water: water areas joined by 0-cost water links."""
        bodies: list[frozenset[str]] = []
        seen: set[str] = set()
        terrain, links = self.node_terrains, self.links
        for start in terrain:
            if start in seen or terrain[start] != "WAT":
                continue
            body = {start}
            stack = [start]
            while stack:
                # links are sorted by name, so the walk is the same in every process.
                for near in links[stack.pop()]:
                    if near not in body and terrain[near] == "WAT":
                        body.add(near)
                        stack.append(near)
            seen |= body
            bodies.append(frozenset(body))
        return tuple(bodies)

    def has_ferry(self, body: frozenset[str]) -> bool:
        """Whether a Ferry icon anywhere in ``body`` opens it to normal movement (§7.3.2)."""
        for node in body:
            tile, local = self._node(node)
            if tile.areas[local].ferry:
                return True
        return False

    def is_street(self, node: str) -> bool:
        return self.terrain(node) in STREETS


#: Each tile's sides, read off its drawing once (placement asks for them thousands of times a
#: game), and the terrain of each node of each side (``None`` for a location). Keyed by the
#: tile object's id; the tile is kept with them, so the id is not reused.
_SIDES: dict[
    int,
    tuple[CityTile, dict[Direction, tuple[str, ...]], dict[Direction, tuple[Terrain | None, ...]]],
] = {}


def _sides_of(
    tile: CityTile,
) -> tuple[CityTile, dict[Direction, tuple[str, ...]], dict[Direction, tuple[Terrain | None, ...]]]:
    known = _SIDES.get(id(tile))
    if known is None or known[0] is not tile:
        sides = tiles.sides(tile)
        terrains = {
            direction: tuple(
                area.terrain if (area := tile.areas.get(node)) is not None else None
                for node in nodes
            )
            for direction, nodes in sides.items()
        }
        known = _SIDES[id(tile)] = (tile, sides, terrains)
    return known


#: Each tile's pairs of its own nodes that touch along a side, each pair and the list
#: sorted (``tiles.links`` is a frozenset, whose order follows the hash seed: sorted, the map
#: is the same in every process). Keyed like ``_SIDES``.
_PAIRS: dict[int, tuple[CityTile, tuple[tuple[str, str], ...]]] = {}


def _inner_pairs(tile: CityTile) -> tuple[tuple[str, str], ...]:
    known = _PAIRS.get(id(tile))
    if known is None or known[0] is not tile:
        pairs = sorted(sorted(pair) for pair in tiles.links(tile))
        known = _PAIRS[id(tile)] = (tile, tuple((a, b) for a, b in pairs))
    return known[1]


@dataclass(frozen=True, slots=True)
class _NamedParts:
    """A tile's drawing with its nodes named (``<tile>.<node>``): its own pairs that touch
    along a side with their MP cost, and per side of the unrotated tile its nodes and their
    terrains (``None`` for a location)."""

    inner: tuple[tuple[str, str, int], ...]
    sides: dict[Direction, tuple[tuple[str, ...], tuple[Terrain | None, ...]]]
    #: Each node (in ``tiles.node_ids`` order) with its location kind and its terrain.
    nodes: tuple[tuple[str, LocationKind | None, Terrain | None], ...]


#: Each tile's :class:`_NamedParts`, keyed like ``_SIDES``.
_NAMED: dict[int, tuple[CityTile, _NamedParts]] = {}


def _named_parts(tile: CityTile) -> _NamedParts:
    known = _NAMED.get(id(tile))
    if known is None or known[0] is not tile:
        tile_id = tile.id

        def terrain(local: str) -> Terrain | None:
            area = tile.areas.get(local)
            return area.terrain if area is not None else None

        inner = tuple(
            (
                node_name(tile_id, a),
                node_name(tile_id, b),
                SAME_TERRAIN_COST
                if terrain(a) is not None and terrain(a) == terrain(b)
                else STEP_COST,
            )
            for a, b in _inner_pairs(tile)
        )
        _, sides, terrains = _sides_of(tile)
        named = {
            direction: (tuple(node_name(tile_id, local) for local in nodes), terrains[direction])
            for direction, nodes in sides.items()
        }
        nodes = tuple(
            (
                node_name(tile_id, local),
                location.kind if (location := tile.locations.get(local)) is not None else None,
                terrain(local),
            )
            for local in tiles.node_ids(tile)
        )
        known = _NAMED[id(tile)] = (tile, _NamedParts(inner, named, nodes))
    return known[1]


def named_nodes(tile: CityTile) -> tuple[tuple[str, LocationKind | None, Terrain | None], ...]:
    """The tile's nodes, named ``<tile>.<node>`` in ``tiles.node_ids`` order, each with its
    location kind (``None`` for a terrain area) and its terrain (``None`` for a location),
    read off the drawing once."""
    return _named_parts(tile).nodes


def _rotated_side(
    topology: CityTopology, tile: CityTile, rotation: int, direction: Direction
) -> tuple[str, ...]:
    return _sides_of(tile)[1][topology.side_after_rotation(direction, rotation)]


def rotated_terrains(
    topology: CityTopology, tile: CityTile, rotation: int, direction: Direction
) -> tuple[Terrain | None, ...]:
    """The terrain of each node of ``tile``'s side facing ``direction`` once it is turned
    ``rotation`` (``None`` for a location), in the order of :meth:`CityMap.side`."""
    return _sides_of(tile)[2][topology.side_after_rotation(direction, rotation)]
