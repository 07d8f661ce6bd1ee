"""Placing a display tile in the City phase (spec §3.3, §6.3), a decision in steps: which
display tile, which cell, which rotation, then which Business or Safe House tile goes on
each such space of the new tile (§21.3).

If no display tile fits anywhere, the placement rule is relaxed ([DESIGN] §3.5.5): first the
terrain match, then down to touching 1 placed tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from getaway.core.steps import StepRules
from getaway.games.escape_plan import actions, phases
from getaway.games.escape_plan.city import CityMap, node_name, rotated_terrains
from getaway.games.escape_plan.content import load_content
from getaway.games.escape_plan.options import GANG_MEMBERS_PER_GANG, Rules
from getaway.games.escape_plan.schema import CityTile, Terrain
from getaway.games.escape_plan.state import Gang, Table
from getaway.games.escape_plan.topology import ROTATIONS, Cell, Direction

if TYPE_CHECKING:
    from getaway.games.escape_plan.game import EscapePlanState

#: How far the placement rule is relaxed (§3.5.5): the full rule; no terrain match; no
#: terrain match and 1 touching tile.
STRICT, NO_TERRAIN_MATCH, ONE_TOUCHING = 0, 1, 2


def placements(city: CityMap, tile: CityTile, level: int) -> tuple[tuple[Cell, int], ...]:
    """Where ``tile`` may go at relaxation ``level``, as (cell, rotation), in cell order."""
    return _placements(city, tile.id, level)


@lru_cache(maxsize=512)
def _placements(city: CityMap, tile_id: str, level: int) -> tuple[tuple[Cell, int], ...]:
    # Cached per map (maps are immutable and compared by identity): the City phase asks the
    # same question once per step of every placement.
    tile = load_content().tile(tile_id)
    found: list[tuple[Cell, int]] = []
    for cell, facing in _open_cells(city, 1 if level == ONE_TOUCHING else 2):
        for rotation in ROTATIONS:
            # The same test as CityMap.placement_problem (iii) (CityMap.connects), asked only
            # of the cells that pass (i) and (ii), with the neighbours' sides read once.
            if level != STRICT or _meets(city, tile, rotation, facing):
                found.append((cell, rotation))
    return tuple(found)


#: The terrains a free cell's placed neighbours show it across each shared side, each side
#: read from the free cell's point of view (its first node faces the neighbour's last).
_Facing = tuple[tuple[Direction, tuple[Terrain | None, ...]], ...]


@lru_cache(maxsize=128)
def _open_cells(city: CityMap, touching_needed: int) -> tuple[tuple[Cell, _Facing], ...]:
    """The free cells touching at least ``touching_needed`` placed tiles, in cell order, each
    with what its placed neighbours show it: the same for every tile placed there."""
    topology = city.topology
    found: list[tuple[Cell, _Facing]] = []
    for cell in topology.cells():
        if city.tile_at(cell) is not None:
            continue
        touching = sum(1 for near in topology.touching(cell) if city.tile_at(near))
        if touching < touching_needed:
            continue
        facing = tuple(
            (direction, city.side_terrains(near, topology.opposite(direction))[::-1])
            for direction, near in topology.edge_neighbours(cell).items()
            if city.tile_at(near) is not None
        )
        found.append((cell, facing))
    return tuple(found)


def _meets(city: CityMap, tile: CityTile, rotation: int, facing: _Facing) -> bool:
    """``CityMap.connects`` for a cell whose neighbours show ``facing``."""
    for direction, theirs in facing:
        mine = rotated_terrains(city.topology, tile, rotation, direction)
        for terrain, other in zip(mine, theirs, strict=True):
            if terrain is not None and terrain == other:
                return True
    return False


def relaxation(rules: Rules, table: Table) -> int:
    """The strictest level at which some display tile can be placed."""
    tiles = [rules.content.tile(t) for t in table.display]
    for level in (STRICT, NO_TERRAIN_MATCH):
        if any(placements(table.city, tile, level) for tile in tiles):
            return level
    return ONE_TOUCHING


def building_spaces(tile: CityTile) -> list[tuple[str, str]]:
    """The tile's Business and Safe House spaces as (location, kind), in tile order."""
    return [
        (local, location.kind)
        for local, location in tile.locations.items()
        if location.kind in ("BUSINESS_SPACE", "SAFE_HOUSE_SPACE")
    ]


class PlaceTile(StepRules["EscapePlanState"]):
    """``tile:<id>``, ``cell:<x>,<y>``, ``turn:<degrees>``, then ``business:<id>`` or
    ``safe_house:<n>`` for each building space of the tile."""

    def next_steps(
        self, state: EscapePlanState, seat: str, steps: tuple[str, ...]
    ) -> Sequence[str]:
        rules, table = state.rules, state.table
        level = relaxation(rules, table)
        if not steps:
            return [
                actions.tile(t)
                for t in table.display
                if placements(table.city, rules.content.tile(t), level)
            ]
        tile = rules.content.tile(actions.split(steps[0])[1])
        spots = placements(table.city, tile, level)
        if len(steps) == 1:
            cells = dict.fromkeys(cell for cell, _ in spots)
            return [actions.cell(cell) for cell in cells]
        cell = actions.parse_cell(actions.split(steps[1])[1])
        if len(steps) == 2:
            return [actions.turn(rotation) for spot, rotation in spots if spot == cell]
        spaces = building_spaces(tile)
        chosen = steps[3:]
        if len(chosen) == len(spaces):
            return []
        kind = spaces[len(chosen)][1]
        taken = {actions.split(step)[1] for step in chosen}
        # In content order, never in the order of a dict read from a save.
        if kind == "BUSINESS_SPACE":
            ids = [b.id for b in rules.content.buildings.businesses]
            free = [b for b in ids if table.businesses[b].placed_on is None]
            options = [actions.business(b) for b in free if b not in taken]
        else:
            ids = [str(s.number) for s in rules.content.buildings.safe_houses]
            free = [s for s in ids if table.safe_houses[s].placed_on is None]
            options = [actions.safe_house(s) for s in free if s not in taken]
        # More spaces than unplaced tiles cannot happen with the counts of §3.2; if it did,
        # the space would stay empty.
        return options or [actions.DONE]

    def refuse(self, state: EscapePlanState, seat: str, steps: tuple[str, ...], step: str) -> str:
        names = ("display tile", "cell", "rotation")
        if len(steps) < len(names):
            return f"not a {names[len(steps)]} the tile may take now"
        return "not a building tile still off the city for this space"

    def carry_out(self, state: EscapePlanState, seat: str, steps: tuple[str, ...]) -> None:
        rules, table = state.rules, state.table
        tile = rules.content.tile(actions.split(steps[0])[1])
        cell = actions.parse_cell(actions.split(steps[1])[1])
        rotation = int(actions.split(steps[2])[1])
        place_tile(rules, table, tile, cell, rotation, [actions.split(s)[1] for s in steps[3:]])
        table.placers.pop(0)
        phases.finish_head(rules, table, state.rng)


def place_tile(
    rules: Rules, table: Table, tile: CityTile, cell: Cell, rotation: int, buildings: list[str]
) -> None:
    """§3.3: the tile joins the city with the police on it; each building space gets the
    chosen tile; each Gang space gets 2 gang members from the board (fewer if they run
    out). A waiting Exit-tile stack follows the tile by itself (phases.exit_stack_place)."""
    table.city = table.city.with_tile(tile, cell, rotation)
    table.display.remove(tile.id)
    for (local, kind), building in zip(building_spaces(tile), buildings, strict=False):
        node = node_name(tile.id, local)
        if kind == "BUSINESS_SPACE":
            table.businesses[building].placed_on = node
        else:
            table.safe_houses[building].placed_on = node
    for local, location in tile.locations.items():
        if location.kind == "GANG":
            members = min(GANG_MEMBERS_PER_GANG, table.gang_area)
            table.gang_area -= members
            table.gangs[node_name(tile.id, local)] = Gang(members, None)


PLACE_TILE = PlaceTile()
