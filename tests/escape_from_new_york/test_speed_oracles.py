"""Every shortcut of the speed work against the plain definition it replaces, over many
positions of seeded random games (1-4 heroes, several sets of variants).

* the topology's lists built once (``links``, ``direction``, ``road_name``,
  ``shown_roads``) against the geometry worked out from the neighbours;
* the board's indexed reads (``shown_roads``, ``explored``, ``manhole``, ``manholes``,
  ``road``, ``open_road``) against the content read as the spec says;
* the movement graph's search (``enemy_moves.distances``, and the searches it keeps by
  everything the graph is read from) against a plain breadth-first search asking about
  each neighbour, at positions met one after another as the game goes (so a kept search
  answering for a map that changed in a way its key missed would show);
* the copy-on-write spaces (``state.Spaces``): a clone and its original never see each
  other's changes, whatever is played on either.
"""

from __future__ import annotations

import json
import random
from collections import deque
from collections.abc import Iterator
from typing import Any

import pytest

from getaway.games.escape_from_new_york import board
from getaway.games.escape_from_new_york.enemy_moves import distances
from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.state import ABANDONED, CarFigure, Space, Spaces, Table
from getaway.games.escape_from_new_york.topology import DIRECTIONS, OPPOSITE, Cell, Direction

#: (players, variants) of the games the oracles walk through.
SETS: list[tuple[int, dict[str, bool]]] = [
    (1, {}),
    (2, {}),
    (2, {"traps": True, "explosions": True, "hard_new_york": True}),
    (3, {"fewer_prisoners": True, "wanted": True}),
    (4, {"dead_or_alive": True, "crossbows": True, "extra_specials": True}),
]
SEEDS = range(3)


def positions(players: int, variants: dict[str, bool], seed: int) -> Iterator[Any]:
    """Every position of one seeded random game, after each action."""
    state = EscapeFromNewYorkState.new({"players": players, **variants}, seed)
    rnd = random.Random(seed).random
    yield state
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rnd() * len(legal))])
        yield state


# --- the plain definitions -------------------------------------------------------------------


def plain_shows_road(rules: Rules, table: Table, cell: Cell, direction: Direction) -> bool:
    space = dict.__getitem__(table.spaces, cell)
    if space.tile is not None and space.face_up:
        tile = next((t for t in rules.content.tiles.tiles if t.id == space.tile), None)
        if tile is not None and tile.roads is not None:
            return direction in tile.roads
    printed = next(c for c in rules.content.board.cells if (c.col, c.row) == cell)
    return printed.roads is None or direction in printed.roads


def plain_explored(rules: Rules, table: Table, cell: Cell) -> bool:
    space = dict.__getitem__(table.spaces, cell)
    if space.tile is not None:
        return space.face_up
    printed = next(c for c in rules.content.board.cells if (c.col, c.row) == cell)
    return printed.kind == "library_ring"


def plain_manhole(rules: Rules, table: Table, cell: Cell) -> bool:
    return any(shown.manhole for shown in board.symbols(rules, table, cell))


def plain_direction(rules: Rules, start: Cell, end: Cell) -> Direction | None:
    found = [d for d, there in rules.topology.neighbours(start).items() if there == end]
    return found[0] if found else None


def plain_road(rules: Rules, table: Table, start: Cell, end: Cell) -> bool:
    direction = plain_direction(rules, start, end)
    return (
        direction is not None
        and plain_shows_road(rules, table, start, direction)
        and plain_shows_road(rules, table, end, OPPOSITE[direction])
    )


def plain_road_name(rules: Rules, cell: Cell, direction: Direction) -> tuple[Cell, Direction]:
    there = rules.topology.neighbour(cell, direction)
    if there is not None and there < cell:
        return (there, OPPOSITE[direction])
    return (cell, direction)


def plain_open_road(rules: Rules, table: Table, start: Cell, end: Cell) -> bool:
    if not plain_road(rules, table, start, end):
        return False
    direction = plain_direction(rules, start, end)
    assert direction is not None
    return table.barricades.get(plain_road_name(rules, start, direction)) != "intact"


def plain_distances(
    rules: Rules, table: Table, target: Cell, manholes: bool, through: bool
) -> dict[Cell, int]:
    """Breadth-first from ``target``, asking the plain definitions about every neighbour."""
    manhole_cells = [c for c in table.spaces if plain_manhole(rules, table, c)]
    found = {target: 0}
    queue = deque([target])
    while queue:
        cell = queue.popleft()
        links = [
            there
            for there in rules.topology.neighbours(cell).values()
            if plain_explored(rules, table, there)
            and (
                plain_road(rules, table, cell, there)
                if through
                else plain_open_road(rules, table, cell, there)
            )
        ]
        if manholes and plain_manhole(rules, table, cell):
            links += [m for m in manhole_cells if m != cell]
        for there in links:
            if there not in found:
                found[there] = found[cell] + 1
                queue.append(there)
    return found


# --- the oracles -------------------------------------------------------------------------------


def test_the_topology_lists_match_the_neighbours() -> None:
    rules = EscapeFromNewYorkState.new({"players": 2}, 0).rules
    topology = rules.topology
    for cell in topology.cells():
        links = topology.links(cell)
        assert [(d, there) for d, there, _, _ in links] == list(topology.neighbours(cell).items())
        for direction, _there, back, name in links:
            assert back == OPPOSITE[direction]
            assert name == plain_road_name(rules, cell, direction)
        for other in topology.cells():
            assert topology.direction(cell, other) == plain_direction(rules, cell, other)
        for direction in DIRECTIONS:
            assert topology.road_name(cell, direction) == plain_road_name(rules, cell, direction)
            assert (direction in topology.shown_roads(cell)) == topology.shows_road(cell, direction)
    with pytest.raises(KeyError):
        topology.road_name((99, 99), "U")  # not a cell of the board, as before


@pytest.mark.parametrize("players,variants", SETS)
def test_the_board_reads_and_the_searches_match_the_plain_definitions(
    players: int, variants: dict[str, bool]
) -> None:
    checked = 0
    for seed in SEEDS:
        for ply, state in enumerate(positions(players, variants, seed)):
            if ply % 3:
                continue
            rules, table = state.rules, state.table
            cells = list(table.spaces)
            for cell in cells:
                assert board.explored(rules, table, cell) == plain_explored(rules, table, cell)
                assert board.manhole(rules, table, cell) == plain_manhole(rules, table, cell)
                for direction in DIRECTIONS:
                    assert board.shows_road(rules, table, cell, direction) == plain_shows_road(
                        rules, table, cell, direction
                    )
                for there in rules.topology.neighbours(cell).values():
                    assert board.road(rules, table, cell, there) == plain_road(
                        rules, table, cell, there
                    )
                    assert board.open_road(rules, table, cell, there) == plain_open_road(
                        rules, table, cell, there
                    )
            assert board.manholes(rules, table) == [
                c for c in cells if plain_manhole(rules, table, c)
            ]
            hero = table.heroes[table.current_seat].cell
            for manholes in (False, True):
                for through in (False, True):
                    # Twice: the second answer comes from the searches kept (and the
                    # first one's dict, changed by its caller, is not the one kept).
                    found = distances(
                        rules, table, hero, manholes=manholes, through_barricades=through
                    )
                    assert found == plain_distances(rules, table, hero, manholes, through)
                    found[(-1, -1)] = 0
                    assert distances(
                        rules, table, hero, manholes=manholes, through_barricades=through
                    ) == plain_distances(rules, table, hero, manholes, through)
            checked += 1
    assert checked > 50


def _saved(state: EscapeFromNewYorkState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("players,variants", SETS)
def test_clones_and_originals_never_see_each_others_changes(
    players: int, variants: dict[str, bool]
) -> None:
    """Clones taken along a game keep their position while the game goes on; a clone
    played on a few actions leaves the original as it was; chains of clones too."""
    for seed in SEEDS:
        kept: list[tuple[EscapeFromNewYorkState, str]] = []
        rnd = random.Random(1000 + seed).random
        for ply, state in enumerate(positions(players, variants, seed)):
            if ply % 4:
                continue
            before = _saved(state)
            kept.append((state.clone(), before))
            # A clone of a clone, played on: neither the original nor the first clone moves.
            branch = kept[-1][0].clone()
            for _ in range(3):
                if branch.is_over():
                    break
                seat = branch.to_act()[0]
                legal = branch.legal_actions(seat)
                branch.apply(seat, legal[int(rnd() * len(legal))])
            assert _saved(state) == before
            assert _saved(kept[-1][0]) == before
        for clone, saved in kept:
            assert _saved(clone) == saved


def test_the_spaces_map_copies_a_shared_space_before_handing_it_out() -> None:
    table = EscapeFromNewYorkState.new({"players": 2}, 5).table
    cell = next(iter(table.spaces))
    other = table.clone()
    assert isinstance(other.spaces, Spaces) and other.spaces == table.spaces
    other.spaces[cell].prisoners += 3
    assert table.spaces[cell].prisoners + 3 == other.spaces[cell].prisoners
    for space in table.clone().spaces.values():  # values() hands out copies too
        space.prisoners += 1
        space.cars.append(CarFigure(ABANDONED))
    assert table.spaces == EscapeFromNewYorkState.new({"players": 2}, 5).table.spaces
    replaced = table.clone()
    replaced.spaces[cell] = Space(None, False, None, False, 0, 9, [], [], [], False, False)
    assert table.spaces[cell].prisoners != 9
    # A map replaced by a plain dict is copied space by space when cloned.
    table.spaces = dict(dict.items(table.spaces))
    copy = table.clone()
    copy.spaces[cell].prisoners += 1
    assert copy.spaces[cell].prisoners == table.spaces[cell].prisoners + 1
