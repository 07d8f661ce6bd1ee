"""Placing a display tile in the City phase (spec §3.3, §6.3), a decision in steps: which
display tile, which cell, which rotation, then which Business or Safe House tile goes on
each such space of the new tile (§21.3).

If no display tile fits anywhere, the placement rule is relaxed ([DESIGN] §3.5.5): first the
terrain match, then down to touching 1 placed tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from getaway.core.steps import DONE, Decision, StepRules
from getaway.games.escape_plan import actions, phases
from getaway.games.escape_plan.city import (
    MEMO_KEPT,
    CityMap,
    PlacedTile,
    node_name,
    rotated_terrains,
)
from getaway.games.escape_plan.content import load_content
from getaway.games.escape_plan.options import GANG_MEMBERS_PER_GANG, Rules
from getaway.games.escape_plan.schema import CityTile, Terrain
from getaway.games.escape_plan.state import Gang, Table
from getaway.games.escape_plan.topology import DIRECTIONS, ROTATIONS, Cell, CityTopology, Direction

if TYPE_CHECKING:
    from getaway.games.escape_plan.game import EscapePlanState

#: How far the placement rule is relaxed (§3.5.5): the full rule; no terrain match; no
#: terrain match and 1 touching tile.
STRICT, NO_TERRAIN_MATCH, ONE_TOUCHING = 0, 1, 2


def placements(city: CityMap, tile: CityTile, level: int) -> tuple[tuple[Cell, int], ...]:
    """Where ``tile`` may go at relaxation ``level``, as (cell, rotation), in cell order."""
    return _placements(city, tile.id, level)


def _placements(city: CityMap, tile_id: str, level: int) -> tuple[tuple[Cell, int], ...]:
    # Kept on the map (``CityMap.memo``: maps are immutable): the City phase asks the same
    # question once per step of every placement.
    known = city.memo.placements
    found = known.get((tile_id, level))
    if found is None:
        found = known[tile_id, level] = _placements_worked_out(city, tile_id, level)
    return found


def _placements_worked_out(city: CityMap, tile_id: str, level: int) -> tuple[tuple[Cell, int], ...]:
    tile = load_content().tile(tile_id)
    found: list[tuple[Cell, int]] = []
    if level != STRICT:
        return tuple(
            (cell, rotation)
            for cell, _ in _open_cells(city, 1 if level == ONE_TOUCHING else 2)
            for rotation in ROTATIONS
        )
    sides = _side_masks(city.topology, tile)
    grown = city.memo.placements_from
    if grown is not None:
        before = grown[0].get((tile_id, STRICT))
        if before is not None:
            return _placements_grown(city, sides, before, grown[1].cell)
    for cell, facing in _open_cells(city, 2):
        # The same test as CityMap.placement_problem (iii) (CityMap.connects), asked only of
        # the cells that pass (i) and (ii), with the neighbours' sides read once: some
        # terrain of the tile's sides meets the same terrain at the same place.
        for rotation, mine in sides:
            if mine & facing:
                found.append((cell, rotation))
    return tuple(found)


def _placements_grown(
    city: CityMap,
    sides: tuple[tuple[int, int], ...],
    before: tuple[tuple[Cell, int], ...],
    added: Cell,
) -> tuple[tuple[Cell, int], ...]:
    """A tile's strict placements on ``city`` from those on the map before the tile on
    ``added`` was placed (``before``): a cell's placements depend only on the tiles that
    touch it, so only ``added`` and the cells touching it are asked again (the same test as
    ``_placements_worked_out``); the rest are kept, and all come in cell order as there."""
    changed = set(city.topology.touching(added))
    changed.add(added)
    found = [spot for spot in before if spot[0] not in changed]
    for cell, facing in _open_cells(city, 2):
        if cell in changed:
            found.extend((cell, rotation) for rotation, mine in sides if mine & facing)
    order = _cell_order(city.topology)
    found.sort(key=lambda spot: order[spot[0]])  # stable: a cell's rotations stay in order
    return tuple(found)


#: The bits of one side in a mask (``_mask``): room for sides of up to 16 nodes.
_SIDE_BITS = 64
#: The bit of each terrain in a side's bits: the node at place ``i`` of a side (from the free
#: cell's point of view) sets bit ``4 * i + code``.
_TERRAIN_CODES: dict[Terrain, int] = {"IND": 0, "COM": 1, "RES": 2, "WAT": 3}


def _mask(direction: Direction, terrains: tuple[Terrain | None, ...]) -> int:
    """The terrains of the side facing ``direction``, place by place, as bits in that
    direction's part of a mask (a location sets none): two masks share a bit exactly when a
    terrain meets the same terrain across a side."""
    mask = 0
    for place, terrain in enumerate(terrains):
        if terrain is not None:
            mask |= 1 << (4 * place + _TERRAIN_CODES[terrain])
    return mask << (_SIDE_BITS * DIRECTIONS.index(direction))


def _open_cells(city: CityMap, touching_needed: int) -> tuple[tuple[Cell, int], ...]:
    """The free cells touching at least ``touching_needed`` placed tiles, in cell order, each
    with the mask (``_mask``) of what its placed neighbours show it across each shared side,
    each side read from the free cell's point of view (its first node faces the neighbour's
    last): the same for every tile placed there. Kept on the map."""
    known = city.memo.open_cells
    found = known.get(touching_needed)
    if found is None:
        counts, facing = _free_cells(city)
        order = _cell_order(city.topology)
        free = [cell for cell, count in counts.items() if count >= touching_needed]
        found = known[touching_needed] = tuple(
            (cell, facing[cell]) for cell in sorted(free, key=order.__getitem__)
        )
    return found


def _free_cells(city: CityMap) -> tuple[dict[Cell, int], dict[Cell, int]]:
    """Each free cell in bounds that touches a placed tile, with how many placed tiles it
    touches, and with the mask (``_mask``) of what its placed edge neighbours show it. Kept
    on the map, and worked out from the map's before its last tile when that one is known
    (the City phase places a tile per map): only the cells around the new tile change."""
    memo = city.memo
    found = memo.free_cells
    if found is None:
        grown = memo.free_cells_from
        if grown is None:
            found = _free_cells_worked_out(city)
        else:
            found = _free_cells_grown(city, grown[0], grown[1])
        memo.free_cells, memo.free_cells_from = found, None
    return found


def _free_cells_worked_out(city: CityMap) -> tuple[dict[Cell, int], dict[Cell, int]]:
    topology = city.topology
    # How many placed tiles each cell touches, counted from the placed tiles' side (touching
    # is mutual): the few placed tiles are read instead of every cell's neighbours.
    touching: dict[Cell, int] = {}
    for entry in city.placed:
        for near in topology.touching(entry.cell):
            touching[near] = touching.get(near, 0) + 1
    order = _cell_order(topology)
    counts = {
        cell: count
        for cell, count in touching.items()
        if cell in order and city.tile_at(cell) is None
    }
    facing: dict[Cell, int] = {}
    for cell in counts:
        shown = 0
        for direction, near in topology.edge_neighbours(cell).items():
            neighbour = city.tile_at(near)
            if neighbour is not None:
                shown |= _shown(topology, neighbour.tile, neighbour.rotation, direction)
        facing[cell] = shown
    return counts, facing


def _free_cells_grown(
    city: CityMap, before: tuple[dict[Cell, int], dict[Cell, int]], placed: PlacedTile
) -> tuple[dict[Cell, int], dict[Cell, int]]:
    """:func:`_free_cells` of ``city`` from those of the map before ``placed`` was put on
    it: its cell is no longer free, the free cells around it touch one tile more, and those
    along its sides see it too (a cell that touched no tile before has no other neighbour
    to see)."""
    topology = city.topology
    order = _cell_order(topology)
    counts, facing = dict(before[0]), dict(before[1])
    counts.pop(placed.cell, None)  # (a map made by hand may place a tile anywhere)
    facing.pop(placed.cell, None)
    for near in topology.touching(placed.cell):
        if near in order and city.tile_at(near) is None:
            counts[near] = counts.get(near, 0) + 1
            facing.setdefault(near, 0)
    for near in topology.edge_neighbours(placed.cell).values():
        if near in counts:
            for direction, cell in topology.edge_neighbours(near).items():
                if cell == placed.cell:
                    facing[near] |= _shown(topology, placed.tile, placed.rotation, direction)
    return counts, facing


#: Each topology's cells in ``cells()`` order, by cell (only cells in bounds), keyed by the
#: topology object's id with the topology kept.
_CELL_ORDER: dict[int, tuple[CityTopology, dict[Cell, int]]] = {}


def _cell_order(topology: CityTopology) -> dict[Cell, int]:
    known = _CELL_ORDER.get(id(topology))
    if known is None or known[0] is not topology:
        order = {cell: number for number, cell in enumerate(topology.cells())}
        known = _CELL_ORDER[id(topology)] = (topology, order)
    return known[1]


#: What a placed tile turned ``rotation`` shows a free cell lying ``direction`` of it, as
#: ``_mask`` of its side facing the cell, read from the cell's point of view; keyed by the
#: ids of the tile and topology objects, kept with them, then by rotation and direction.
_SHOWN: dict[tuple[int, int], tuple[CityTile, CityTopology, dict[tuple[int, Direction], int]]] = {}


def _shown(topology: CityTopology, tile: CityTile, rotation: int, direction: Direction) -> int:
    """The mask a free cell gets from the placed ``tile`` turned ``rotation`` that lies
    ``direction`` of it: the terrains of the tile's side facing the cell, reversed (the
    cell's first node faces the tile's last)."""
    known = _SHOWN.get((id(tile), id(topology)))
    if known is None or known[0] is not tile or known[1] is not topology:
        known = _SHOWN[id(tile), id(topology)] = (tile, topology, {})
    masks = known[2]
    mask = masks.get((rotation, direction))
    if mask is None:
        theirs = rotated_terrains(topology, tile, rotation, topology.opposite(direction))
        mask = masks[rotation, direction] = _mask(direction, theirs[::-1])
    return mask


#: Each tile's masks of all its sides (``_mask``) by rotation, keyed by the ids of the tile
#: and topology objects, kept with them (as ``city._SIDES``).
_SIDE_MASKS: dict[tuple[int, int], tuple[CityTile, CityTopology, tuple[tuple[int, int], ...]]] = {}


def _side_masks(topology: CityTopology, tile: CityTile) -> tuple[tuple[int, int], ...]:
    """(rotation, mask of the tile's sides turned so) for each rotation in order."""
    known = _SIDE_MASKS.get((id(tile), id(topology)))
    if known is None or known[0] is not tile or known[1] is not topology:
        masks = tuple(
            (
                rotation,
                sum(
                    _mask(direction, rotated_terrains(topology, tile, rotation, direction))
                    for direction in DIRECTIONS
                ),
            )
            for rotation in ROTATIONS
        )
        known = _SIDE_MASKS[id(tile), id(topology)] = (tile, topology, masks)
    return known[2]


def relaxation(rules: Rules, table: Table) -> int:
    """The strictest level at which some display tile can be placed."""
    # Kept on the map by display, like ``_placements``: each step of a placement asks it.
    display = tuple(table.display)
    known = table.city.memo.relaxation
    found = known.get(display)
    if found is None:
        if len(known) >= MEMO_KEPT:
            known.clear()
        found = known[display] = _relaxation(table.city, display)
    return found


def _relaxation(city: CityMap, display: tuple[str, ...]) -> int:
    for level in (STRICT, NO_TERRAIN_MATCH):
        if any(_placements(city, tile_id, level) for tile_id in display):
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
        # The open decision's list, kept when it was taken (``take``): the table cannot
        # change while a placement is open.
        memo = state.table.place_memo
        if memo is not None and memo[0] is state.decision:
            decision, following = memo
            if decision.seat == seat and decision.steps == steps:
                return list(following)
        return self._following(state, steps)

    def take(
        self, state: EscapePlanState, open_decision: Decision | None, seat: str, step: Any
    ) -> Decision | None:
        """``StepRules.take``, keeping what may follow the decision one step longer on the
        table (``Table.place_memo``): the caller's next legal list is that list again."""
        steps = open_decision.steps if open_decision else ()
        allowed = self.next_steps(state, seat, steps)
        if not isinstance(step, str) or step not in allowed:
            return super().take(state, open_decision, seat, step)  # refuses it in words
        if step == DONE:
            self.carry_out(state, seat, steps)
            return None
        longer = (*steps, step)
        following = self._following(state, longer)
        if not following:
            self.carry_out(state, seat, longer)
            return None
        decision = Decision(seat, longer)
        state.table.place_memo = (decision, following)
        return decision

    def _following(self, state: EscapePlanState, steps: tuple[str, ...]) -> list[str]:
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
        table.place_memo = None
        table.changed()
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
