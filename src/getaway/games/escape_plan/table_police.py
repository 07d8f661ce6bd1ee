"""The police of ``police.py`` on the :class:`~getaway.games.escape_plan.state.Table`: the
table keeps plain JSON-ready values (the bag as a count per type, each tile's officers as a
list, the Patrol cards as numbers), ``police.py`` holds the rules. These functions read the
table into ``police.py``'s values and write the results back; nothing else decides here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from getaway.core.rng import Rng
from getaway.games.escape_plan.content import Content
from getaway.games.escape_plan.escape import last_day
from getaway.games.escape_plan.options import Rules
from getaway.games.escape_plan.police import (
    CLOSING_CARDS,
    CityPolice,
    Patrol,
    PoliceBag,
    TileOfficers,
    draw_onto_tiles,
    patrol_phase,
)
from getaway.games.escape_plan.schema import OFFICERS
from getaway.games.escape_plan.state import Table


def bag_of(table: Table) -> PoliceBag:
    return PoliceBag(*(table.bag[officer] for officer in OFFICERS))


def store_bag(table: Table, bag: PoliceBag) -> None:
    table.bag = {officer: bag.count(officer) for officer in OFFICERS}


def city_police(table: Table) -> dict[str, TileOfficers]:
    """The officers of every tile that has any, as ``police.py`` takes them: each tile's in
    the order of ``OFFICERS``, once each (a tile holding one officer, the usual case, is
    read as it is)."""
    return {
        tile: (officers[0],)
        if len(officers) == 1 and officers[0] in OFFICERS
        else tuple(officer for officer in OFFICERS if officer in officers)
        for tile, officers in table.police.items()
    }


def store_police(table: Table, police: CityPolice) -> None:
    """Tiles without officers have no entry (``police.py``'s convention)."""
    table.police = {tile: list(officers) for tile, officers in police.items() if officers}


def draw_onto(table: Table, rng: Rng, requests: Sequence[tuple[str, int]]) -> None:
    """Officers from the bag onto newly face-up tiles, then the duplicate check (§5.2 steps
    7-8, §6.3 R-CITY-3): ``police.draw_onto_tiles``."""
    bag, placed = draw_onto_tiles(bag_of(table), rng, requests)
    store_bag(table, bag)
    table.police.update({tile: list(officers) for tile, officers in placed.items()})


def visible_exits(rules: Rules, table: Table) -> tuple[int, ...]:
    """The Exits whose tile is face up: placed in the city or in the display (in content
    order: the tiles with an Exit, each tile's Exits in drawing order)."""
    visible = set(table.visible_tiles())
    return tuple(
        number
        for tile_id, numbers in _exit_tiles(rules.content)
        if tile_id in visible
        for number in numbers
    )


#: Each content's City tiles that hold an Exit, with their Exit numbers, in content order.
#: Keyed by the content object's id, the content kept with them (as ``content._TILES_BY_ID``).
_EXIT_TILES: dict[int, tuple[Content, tuple[tuple[str, tuple[int, ...]], ...]]] = {}


def _exit_tiles(content: Content) -> tuple[tuple[str, tuple[int, ...]], ...]:
    known = _EXIT_TILES.get(id(content))
    if known is None or known[0] is not content:
        found = tuple(
            (tile.id, numbers)
            for tile in content.city_tiles.tiles
            if (
                numbers := tuple(
                    location.exit
                    for location in tile.locations.values()
                    if location.exit is not None
                )
            )
        )
        known = _EXIT_TILES[id(content)] = (content, found)
    return known[1]


def patrol_of(rules: Rules, table: Table) -> Patrol:
    """The Patrol as ``police.py`` sees it. The table keeps which stack each closed Exit got;
    whether it lies on the Exit or waits on the Patrol space follows from the Exit's tile
    being face up (R-PAT-2, R-CITY-4), so it is derived here, never stored twice."""
    visible = set(visible_exits(rules, table))
    given = table.exit_stack_of
    free = tuple(
        stack.id for stack in rules.content.exit_tiles.stacks if stack.id not in given.values()
    )
    return Patrol(
        deck=tuple(table.patrol_deck),
        on_space=dict(table.patrol_spaces),
        free_stacks=free,
        stack_at_exit={n: s for n, s in given.items() if n in visible},
        stack_waiting={n: s for n, s in given.items() if n not in visible},
    )


def store_patrol(table: Table, patrol: Patrol) -> None:
    table.patrol_deck = list(patrol.deck)
    table.patrol_spaces = dict(patrol.on_space)
    given: Mapping[int, str] = {**patrol.stack_at_exit, **patrol.stack_waiting}
    table.exit_stack_of = dict(sorted(given.items()))


def run_patrol_phase(rules: Rules, table: Table, rng: Rng) -> None:
    """Phase 2 (§6.2): that Day's Patrol cards, ``police.patrol_phase``."""
    patrol, _ = patrol_phase(
        rules.content, patrol_of(rules, table), rng, table.day, visible_exits(rules, table)
    )
    store_patrol(table, patrol)


def escape_exit(rules: Rules, table: Table) -> str | None:
    """The open Exit's node when escaping is allowed now (§13.1 R-ESC-1), else ``None``."""
    if table.day != rules.days or table.day != last_day(rules.content):
        return None
    # ``escape_problem`` asked of each open Exit of ``patrol_of(rules, table)``, read off
    # the Patrol spaces in place (every Move check on the last day asks it): the Exit when
    # it is the only one open.
    spaces = table.patrol_spaces
    open_exits = [number for number in sorted(spaces) if spaces[number] < CLOSING_CARDS]
    return table.city.exit(open_exits[0]) if len(open_exits) == 1 else None
