"""New York moving enemies (spec §8.5, §8.2, §6 step 12): toward the current hero, in
priority order, along shortest routes; cars carrying a prisoner along and ramming
barricades; prisoners taking abandoned cars; step 12's pull of adjacent enemies.

Every choice the rules give New York is the current player's (§6): the order among enemies
that tie, and the route among shortest ones. So :func:`start_enemy_moves` fixes the
priority groups, :func:`next_enemies` lists the enemies the player may move next (the best
group still to move), :func:`enemy_routes` the routes that enemy may take, and
:func:`move_enemy` applies the ones chosen. Nothing here picks.

The movement graph (§8.5 [I/P]): explored spaces, joined by open roads (no intact
barricade) and, for enemies that may use them, manhole links; cars never use manholes. An
enemy moves up to its movement points along a shortest route to the hero, stopping on
arrival. Readings chosen where the text is open:

- The priority (can reach, movement points, cars before bosses before prisoners) is fixed
  when the effect starts; later moves do not reorder it.
- A car carries the prisoner from its own space or one it passes, not from its final
  space; it must carry one when a shortest route passes one (E19 "takes the route that
  passes blue and carries blue along"). The prisoner carried has not moved yet if it can
  be, and then does not move on its own (E19's blue); it does not count toward the limit.
- A rammed car (A-09) enters the space beyond the barricade, is removed there and leaves a
  prisoner from the supply; a prisoner it carried ends there too.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field, replace
from operator import attrgetter

from getaway.games.escape_from_new_york import board
from getaway.games.escape_from_new_york.enemies import (
    KIND_RANK,
    add_figure,
    all_enemies,
    enemies_on,
    place_prisoners,
    present,
    relocate,
    remove_figure,
    stats,
    take_abandoned_cars,
)
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.state import Enemy, Table, road_key
from getaway.games.escape_from_new_york.topology import Cell, Direction

UNREACHABLE = 10**9


# --- the movement graph ------------------------------------------------------------------------


def _links(
    rules: Rules,
    table: Table,
    cell: Cell,
    *,
    manholes: bool,
    through_barricades: bool,
    manhole_cells: list[Cell] | None = None,
) -> list[Cell]:
    """The spaces an enemy on ``cell`` may step to (``manhole_cells``: the manholes, if
    already listed for this table)."""
    return _Graph(rules, table, manholes, through_barricades, manhole_cells).links(cell)


class _Graph:
    """The movement graph of one table for one kind of enemy, read as a search goes: each
    space's roads are looked up once per search (:func:`board.shown_roads`), and the
    neighbours, the way back and each road's name come listed by the topology. The same
    answers as asking ``board.explored``, ``board.road`` and ``board.open_road`` for each
    neighbour (``tests/escape_from_new_york/test_speed_oracles.py``)."""

    __slots__ = ("barricades", "manhole_cells", "manholes", "roads", "rules", "table", "through")

    def __init__(
        self,
        rules: Rules,
        table: Table,
        manholes: bool,
        through_barricades: bool,
        manhole_cells: list[Cell] | None = None,
    ) -> None:
        self.rules, self.table = rules, table
        self.manholes, self.through = manholes, through_barricades
        self.manhole_cells = manhole_cells
        self.barricades = table.barricades
        self.roads: dict[Cell, frozenset[Direction] | None] = {}

    def _roads(self, cell: Cell) -> frozenset[Direction] | None:
        """The roads ``cell`` shows, or ``None`` if it is not explored."""
        if cell in self.roads:
            return self.roads[cell]
        roads, explored, _ = board.entering(self.rules, self.table, cell)
        shown = roads if explored else None
        self.roads[cell] = shown
        return shown

    def links(self, cell: Cell) -> list[Cell]:
        rules, table = self.rules, self.table
        here = self._roads(cell)
        if here is None:  # a search may start on a space not explored: its roads still count
            here = board.shown_roads(rules, table, cell)
        found = []
        roads, barricades, through = self.roads, self.barricades, self.through
        for direction, there, opposite, name in rules.topology.links(cell):
            if direction not in here:
                continue  # no road this way: the space beyond is not read for it
            shown = roads[there] if there in roads else self._roads(there)
            if shown is None:
                continue  # enemies enter explored spaces only (§3.2)
            if opposite in shown and (through or barricades.get(name) != "intact"):
                found.append(there)
        if self.manholes and board.manhole(rules, table, cell):
            if self.manhole_cells is None:
                self.manhole_cells = board.manholes(rules, table)
            found += [m for m in self.manhole_cells if m != cell]
        return found


def distances(
    rules: Rules,
    table: Table,
    target: Cell,
    *,
    manholes: bool,
    through_barricades: bool = False,
) -> dict[Cell, int]:
    """Steps from every space to ``target`` in the movement graph (the graph is symmetric,
    so one search from the target serves every enemy of one kind)."""
    return dict(_searched(rules, table, target, manholes, through_barricades))


#: Searches already made, by everything the movement graph is read from
#: (:func:`_graph_key`): the New York phase asks for the same ones again and again (who
#: moves next, each enemy's routes, the checks of a move, the next legal list) while the
#: map stays as it is. Kept small: the map changes every few plies.
_SEARCHES: dict[tuple[object, ...], tuple[Rules, dict[Cell, int]]] = {}
_SEARCHES_KEPT = 16
#: What a space shows that the movement graph reads.
_FACES = attrgetter("tile", "face_up", "outskirts", "outskirts_face_up")


def _graph_key(
    rules: Rules, table: Table, target: Cell, manholes: bool, through: bool
) -> tuple[object, ...]:
    """Everything a search reads: the content and board (by identity: the entry keeps
    its rules alive and is checked against them, so never mistaken for another's), what
    lies face up on each space (tiles bring roads and manholes, outskirts tokens
    manholes), the barricades, the target and the kind of enemy."""
    faces = tuple(map(_FACES, dict.values(table.spaces)))
    return (
        id(rules.content),
        id(rules.topology),
        tuple(table.spaces),
        faces,
        frozenset(table.barricades.items()),
        target,
        manholes,
        through,
    )


def _searched(
    rules: Rules, table: Table, target: Cell, manholes: bool, through: bool
) -> dict[Cell, int]:
    """The search of :func:`distances`, shared with every caller asking on the same map:
    read it, never change it."""
    key = _graph_key(rules, table, target, manholes, through)
    kept = _SEARCHES.get(key)
    if kept is not None and kept[0].content is rules.content and kept[0].topology is rules.topology:
        return kept[1]
    if len(_SEARCHES) >= _SEARCHES_KEPT:
        _SEARCHES.pop(next(iter(_SEARCHES)), None)  # the oldest
    found = _search(rules, table, target, manholes, through)
    _SEARCHES[key] = (rules, found)
    return found


def _search(
    rules: Rules, table: Table, target: Cell, manholes: bool, through: bool
) -> dict[Cell, int]:
    """Breadth-first from ``target`` over the movement graph."""
    found = {target: 0}
    queue = deque([target])
    # Listed once per search: a manhole is linked to every other one.
    manhole_cells = board.manholes(rules, table) if manholes else []
    graph = _Graph(rules, table, manholes, through, manhole_cells)
    while queue:
        cell = queue.popleft()
        for there in graph.links(cell):
            if there not in found:
                found[there] = found[cell] + 1
                queue.append(there)
    return found


def _uses_manholes(rules: Rules, table: Table, enemy: Enemy) -> bool:
    return stats(rules, table, enemy).manholes


def _hero_cell(table: Table) -> Cell:
    return table.heroes[table.current_seat].cell


# --- who moves, in what order (§8.5) --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Standing:
    """Where an enemy stands toward the current hero: its distance, whether it can reach
    him this move, and whether it only moves by ramming a barricade (A-09)."""

    distance: int
    mp: int
    can_reach: bool
    ram: bool


#: Distance maps to the current hero already searched, by (manholes, through barricades):
#: one search serves every enemy of a kind while the table does not change.
_Maps = dict[tuple[bool, bool], dict[Cell, int]]


def _distances_cached(
    rules: Rules, table: Table, maps: _Maps, manholes: bool, through: bool
) -> dict[Cell, int]:
    key = (manholes, through)
    if key not in maps:
        maps[key] = _searched(rules, table, _hero_cell(table), manholes, through)
    return maps[key]


def standing(
    rules: Rules, table: Table, enemy: Enemy, maps: _Maps | None = None
) -> Standing | None:
    """The enemy's standing, or ``None`` if it does not move: engaged (a hero on its space,
    A-16), deceived (§7.5), or with no route at all (it stays, §8.5 [P]). ``maps``: distance
    maps searched before on this same table."""
    if enemy.deceived or board.engaged(table, enemy.cell):
        return None
    maps = {} if maps is None else maps
    mp = stats(rules, table, enemy).mp
    manholes = _uses_manholes(rules, table, enemy)
    dist = _distances_cached(rules, table, maps, manholes, False)
    distance = dist.get(enemy.cell, UNREACHABLE)
    if distance < UNREACHABLE:
        return Standing(distance, mp, distance <= mp, False)
    if enemy.kind == "car":
        rammed = _distances_cached(rules, table, maps, False, True)
        if enemy.cell in rammed:
            return Standing(rammed[enemy.cell], mp, False, True)
    return None


def priority_groups(rules: Rules, table: Table, *, bosses_only: bool = False) -> list[list[Enemy]]:
    """The enemies that move, one entry per figure, grouped best first (§8.5): those that
    can reach the hero before those that cannot; more movement points first; cars, then
    bosses, then prisoners on foot. Within a group the current player chooses the order."""
    keyed: dict[tuple[int, int, int], list[Enemy]] = {}
    maps: _Maps = {}
    for enemy in all_enemies(table):
        if bosses_only and enemy.kind != "boss":
            continue
        where = standing(rules, table, enemy, maps)
        if where is None or where.distance == 0:
            continue
        key = (0 if where.can_reach else 1, -where.mp, KIND_RANK[enemy.kind])
        keyed.setdefault(key, []).append(enemy)
    return [keyed[key] for key in sorted(keyed)]


@dataclass(slots=True)
class EnemyMoves:
    """A "New York moves enemies" effect under way: ``limit`` enemies (``None``: all),
    the priority groups fixed at its start, the figures not yet moved, how many moved."""

    limit: int | None
    groups: list[list[Enemy]]
    unmoved: Counter[Enemy] = field(default_factory=Counter)
    moved: int = 0


def start_enemy_moves(
    rules: Rules, table: Table, limit: int | None, *, bosses_only: bool = False
) -> EnemyMoves:
    """Begin moving up to ``limit`` enemies toward the current hero (A-15: as many as can
    move, up to the limit, in priority order)."""
    groups = priority_groups(rules, table, bosses_only=bosses_only)
    return EnemyMoves(limit, groups, Counter(e for group in groups for e in group))


def next_enemies(rules: Rules, table: Table, run: EnemyMoves) -> list[Enemy]:
    """The enemies the current player may move next: those of the best group with figures
    still to move that still may move. Empty when the effect is over."""
    if run.limit is not None and run.moved >= run.limit:
        return []
    maps: _Maps = {}
    for group in run.groups:
        ready = [
            enemy
            for enemy in dict.fromkeys(group)
            if run.unmoved[enemy] > 0
            and present(table, enemy)
            and standing(rules, table, enemy, maps) is not None
        ]
        if ready:
            return ready
    return []


# --- routes ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Route:
    """The spaces an enemy moves through, its start first; ``carry``: the space whose
    prisoner a car picks up on the way; ``ram``: the car rams a barricade (A-09)."""

    cells: tuple[Cell, ...]
    carry: Cell | None = None
    ram: bool = False


def _paths(
    rules: Rules,
    table: Table,
    start: Cell,
    steps: int,
    dist: dict[Cell, int],
    *,
    manholes: bool,
    through_barricades: bool,
) -> list[tuple[Cell, ...]]:
    """Every walk of ``steps`` steps from ``start``, each step one closer to the target."""
    walks: list[tuple[Cell, ...]] = [(start,)]
    graph = _Graph(rules, table, manholes, through_barricades)  # one table: read once
    for _ in range(steps):
        longer = []
        for walk in walks:
            here = walk[-1]
            for there in graph.links(here):
                if dist.get(there) == dist[here] - 1:
                    longer.append((*walk, there))
        walks = longer
    return walks


def _carriable(table: Table, cell: Cell) -> bool:
    """A prisoner on foot a car may carry: not engaged, not deceived (§8.2)."""
    if board.engaged(table, cell):
        return False
    return any(e.kind == "prisoner" and not e.deceived for e in enemies_on(table, cell))


def enemy_routes(rules: Rules, table: Table, enemy: Enemy) -> list[Route]:
    """The routes ``enemy`` may take now: its movement points' worth of a shortest route to
    the current hero, stopping on arrival; for a car, only those carrying a prisoner along
    when any does (§8.2). Empty if it does not move."""
    maps: _Maps = {}
    where = standing(rules, table, enemy, maps)
    if where is None or where.distance == 0:
        return []
    manholes = _uses_manholes(rules, table, enemy)
    dist = _distances_cached(rules, table, maps, manholes and not where.ram, where.ram)
    steps = min(where.mp, where.distance)
    walks = _paths(
        rules, table, enemy.cell, steps, dist, manholes=manholes, through_barricades=where.ram
    )
    if where.ram:
        walks = [_until_barricade(rules, table, walk) for walk in walks]
    routes = [Route(walk, ram=where.ram) for walk in dict.fromkeys(walks)]
    if enemy.kind != "car":
        return routes
    carrying = [
        Route(route.cells, cell, route.ram)
        for route in routes
        for cell in dict.fromkeys(route.cells[:-1])
        if _carriable(table, cell)
    ]
    return carrying or routes


def _until_barricade(rules: Rules, table: Table, walk: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """A ramming car's walk, cut just after the first intact barricade it crosses."""
    for index in range(1, len(walk)):
        if not board.open_road(rules, table, walk[index - 1], walk[index]):
            return walk[: index + 1]
    return walk


def move_enemy(
    rules: Rules,
    table: Table,
    run: EnemyMoves,
    enemy: Enemy,
    route: Route,
    *,
    route_listed: bool = False,
) -> int:
    """Move ``enemy`` (one of :func:`next_enemies`) along ``route`` (one of
    :func:`enemy_routes`). Returns the timer cards owed (a rammed car's prisoner the supply
    lacks makes noise, §8.9). ``route_listed``: the caller has just taken ``route`` from
    :func:`enemy_routes` on this table, so the routes are not listed again."""
    if enemy not in next_enemies(rules, table, run):
        raise ValueError(f"{enemy} may not move now")
    if not route_listed and route not in enemy_routes(rules, table, enemy):
        raise ValueError(f"{route} is not a route {enemy} may take")
    run.unmoved[enemy] -= 1
    run.moved += 1
    return _walk(rules, table, run, enemy, route)


def _walk(rules: Rules, table: Table, run: EnemyMoves, enemy: Enemy, route: Route) -> int:
    carried: Enemy | None = None
    figure = enemy
    for index, cell in enumerate(route.cells[1:], 1):
        here = route.cells[index - 1]
        if route.carry == here and carried is None:
            carried = _pick_up(table, run, here)
        if route.ram and not board.open_road(rules, table, here, cell):
            direction = rules.topology.direction(here, cell)
            assert direction is not None
            return _ram(rules, table, figure, carried, cell, direction)
        figure = relocate(table, figure, cell)
        if figure.kind == "prisoner" and take_abandoned_cars(table, cell):
            break  # a prisoner taking a car stops (§8.2)
    if carried is not None:
        add_figure(table, replace(carried, cell=figure.cell))
        take_abandoned_cars(table, figure.cell)
    return 0


def _pick_up(table: Table, run: EnemyMoves, cell: Cell) -> Enemy:
    """Lift a prisoner a car carries off ``cell``: one still to move if any (it then moves
    with the car instead of on its own)."""
    standing_up = [e for e in enemies_on(table, cell) if e.kind == "prisoner" and not e.deceived]
    unmoved = [e for e in standing_up if run.unmoved[e] > 0]
    chosen = (unmoved or standing_up)[-1]
    if run.unmoved[chosen] > 0:
        run.unmoved[chosen] -= 1
    remove_figure(table, chosen)
    return chosen


def _ram(
    rules: Rules,
    table: Table,
    car: Enemy,
    carried: Enemy | None,
    beyond: Cell,
    direction: Direction,
) -> int:
    """A car forced through an intact barricade (§8.2, A-09): the car removed to the
    supply, the barricade destroyed, a prisoner added to the space it entered; the move
    ends."""
    remove_figure(table, car)
    table.car_figures += 1
    table.barricades[road_key(rules, car.cell, direction)] = "destroyed"
    if carried is not None:
        add_figure(table, replace(carried, cell=beyond))
    return place_prisoners(rules, table, beyond, 1)


# --- step 12 (§6) ---------------------------------------------------------------------------


def pull_adjacent(rules: Rules, table: Table, arrows: list[Direction]) -> list[Enemy]:
    """Step 12: for each arrow on the top New York card's back, every enemy in the space it
    points to moves one step into the current hero's space, unless engaged, deceived, or
    behind an intact barricade or a road the tiles do not show. No manholes; cars break no
    barricade here (A-09). Arrows to empty spaces, face-down landmarks or off the map do
    nothing. Returns the figures moved, as they were."""
    hero = _hero_cell(table)
    moved: list[Enemy] = []
    for direction in dict.fromkeys(arrows):
        there = rules.topology.neighbour(hero, direction)
        if there is None or not board.explored(rules, table, there):
            continue
        if board.engaged(table, there) or not board.open_road(rules, table, there, hero):
            continue
        for enemy in enemies_on(table, there):
            if not enemy.deceived:
                relocate(table, enemy, hero)
                moved.append(enemy)
    return moved
