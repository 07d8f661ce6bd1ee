"""Every shortcut of the speed work against the plain definition it replaces, over many
positions of seeded random games (1-4 heroes, several sets of variants).

* the topology's lists built once (``links``, ``direction``, ``road_name``,
  ``shown_roads``) against the geometry worked out from the neighbours;
* the board's indexed reads (``shown_roads``, ``explored``, ``manhole``, ``manholes``,
  ``road``, ``open_road``, ``road_neighbours``, ``hidden_landmark``, ``bridge_roads``,
  and the turn's ``hidden_landmarks``) against the content read as the spec says;
  ``enemies_on`` (an empty space answered at once) and ``stats`` (kept by the special
  cards in play) against their plain computation, ``has_enemies`` against the count,
  ``all_enemies`` against every space's enemies, ``entering`` against the three reads
  it gathers;
* a hero's next steps (the topology's neighbours, each space's steps listed once per
  look-ahead) against every walk searched afresh, and the step an action id names (made
  unlisted by ``act_move``) against the list;
* the movement graph's search (``enemy_moves.distances``, and the searches it keeps by
  everything the graph is read from) against a plain breadth-first search asking about
  each neighbour, at positions met one after another as the game goes (so a kept search
  answering for a map that changed in a way its key missed would show);
* the enemies or routes the legal list numbered at stage ``enemies`` (kept for
  ``act_enemies`` to pick from by number) against those listed afresh;
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

from getaway.games.escape_from_new_york import board, enemies, enemy_moves, movement, turns
from getaway.games.escape_from_new_york.enemy_moves import distances
from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState
from getaway.games.escape_from_new_york.movement import MoveInProgress, Step
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.state import (
    ABANDONED,
    PRISONER,
    CarFigure,
    Enemy,
    EnemyKind,
    Space,
    Spaces,
    Table,
)
from getaway.games.escape_from_new_york.topology import DIRECTIONS, OPPOSITE, Cell, Direction
from getaway.games.escape_from_new_york.turn_common import hidden_landmarks, parse_cell

#: (players, variants) of the games the oracles walk through.
SETS: list[tuple[int, dict[str, bool]]] = [
    (1, {}),
    (2, {}),
    (2, {"traps": True, "explosions": True, "hard_new_york": True}),
    (3, {"fewer_prisoners": True, "wanted": True}),
    (4, {"dead_or_alive": True, "crossbows": True, "extra_specials": True}),
]
#: Seeded games per set: the first two in ./dev test, all three in ./dev test-long.
SEEDS = range(3)
SEED_COUNTS = pytest.mark.parametrize(
    "seeds",
    [pytest.param(range(2), id="quick"), pytest.param(SEEDS, id="full", marks=pytest.mark.long)],
)


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


def plain_hidden_landmark(rules: Rules, table: Table, cell: Cell) -> bool:
    printed = next(c for c in rules.content.board.cells if (c.col, c.row) == cell)
    return printed.kind == "landmark" and not dict.__getitem__(table.spaces, cell).face_up


def plain_bridge_roads(rules: Rules, table: Table, cell: Cell) -> dict[int, Direction]:
    found: dict[int, Direction] = {}
    for direction in DIRECTIONS:
        number = next(
            (
                b.number
                for b in rules.content.board.bridges
                if ((b.col, b.row), b.direction) == (cell, direction)
            ),
            None,
        )
        if (
            number is not None
            and plain_shows_road(rules, table, cell, direction)
            and table.barricades.get(plain_road_name(rules, cell, direction)) != "intact"
        ):
            found[number] = direction
    return found


def plain_raw_steps(
    rules: Rules, table: Table, move: MoveInProgress, cell: Cell, has_car: bool
) -> list[Step]:
    effect = move.effect
    found: list[Step] = []
    for there in rules.topology.neighbours(cell).values():
        if not plain_road(rules, table, cell, there):
            continue
        if not (plain_explored(rules, table, there) or plain_hidden_landmark(rules, table, there)):
            continue
        direction = plain_direction(rules, cell, there)
        assert direction is not None
        if table.barricades.get(plain_road_name(rules, cell, direction)) != "intact":
            found.append(Step(there, "road"))
        elif effect.ignores_between:
            found.append(Step(there, "ignore"))
        elif effect.destroys_barricades:
            found.append(Step(there, "destroy"))
        elif has_car:
            found.append(Step(there, "crash"))
    if effect.via_manholes and plain_manhole(rules, table, cell):
        manholes = [c for c in table.spaces if plain_manhole(rules, table, c)]
        found += [Step(m, "manhole") for m in manholes if m != cell]
    return found


def plain_next_steps(rules: Rules, table: Table, move: MoveInProgress) -> list[Step]:
    """Every step after which the rest of the move can be walked, each walk searched
    afresh."""
    if movement.must_stop(move):
        return []

    def ends(cell: Cell) -> bool:
        return move.effect.ignores_between and plain_hidden_landmark(rules, table, cell)

    def walk_exists(cell: Cell, steps: int, car: bool) -> bool:
        frontier = {(cell, car)}
        for _ in range(steps):
            nxt = {
                (step.to, has and step.how != "crash")
                for here, has in frontier
                if not ends(here)
                for step in plain_raw_steps(rules, table, move, here, has)
            }
            if not nxt:
                return False
            frontier = nxt
        return True

    hero = table.heroes[move.seat]
    left = 0 if move.effect.up_to else move.effect.steps - move.taken - 1
    has_car = hero.car is not None
    return [
        step
        for step in plain_raw_steps(rules, table, move, hero.cell, has_car)
        if not (left and ends(step.to))
        and (left == 0 or walk_exists(step.to, left, has_car and step.how != "crash"))
    ]


def step_named(action: str) -> Step:
    """The step a ``step:C,R:HOW`` id names, as ``act_move`` reads it."""
    _, where, how = action.split(":")
    return Step(parse_cell(where), how)  # type: ignore[arg-type]


def plain_stats(rules: Rules, table: Table, enemy: Enemy) -> enemies.Stats:
    if enemy.kind == "boss":
        data = next(b for b in rules.content.enemies.bosses if b.id == enemy.boss)
        return enemies.Stats(data.hp, data.mp, data.damage, data.range, data.manholes)
    base = rules.content.enemies.prisoner
    car = enemy.kind == "car"
    return enemies.Stats(
        hp=base.hp + (base.car_hp if car else 0) + enemies.bonus(rules, table, "hp"),
        mp=base.mp + (base.car_mp if car else 0) + enemies.bonus(rules, table, "mp"),
        damage=base.damage + enemies.bonus(rules, table, "damage"),
        range=min(1, base.range + enemies.bonus(rules, table, "range")),
        manholes=not car,
    )


def plain_enemies_on(table: Table, cell: Cell) -> list[Enemy]:
    space = dict.__getitem__(table.spaces, cell)
    marks = [mark for mark in table.marks if mark.cell == cell]
    found: list[Enemy] = []
    cars = sum(1 for car in space.cars if car.owner == PRISONER)
    counts: tuple[tuple[EnemyKind, int], ...] = (("car", cars), ("prisoner", space.prisoners))
    for kind, count in counts:
        mine = [mark for mark in marks if mark.kind == kind]
        found += mine + [Enemy(kind, cell)] * (count - len(mine))
    for boss in space.bosses:
        mark = next((m for m in marks if m.boss == boss), None)
        found.append(mark or Enemy("boss", cell, boss))
    found.sort(key=lambda enemy: enemies.KIND_RANK[enemy.kind])
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


@SEED_COUNTS
@pytest.mark.parametrize("players,variants", SETS)
def test_the_board_reads_and_the_searches_match_the_plain_definitions(
    players: int, variants: dict[str, bool], seeds: range
) -> None:
    checked = moves = stepped = 0
    for seed in seeds:
        for ply, state in enumerate(positions(players, variants, seed)):
            if ply % 3 and state.turn.move is None:
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
            for cell in cells:
                assert board.hidden_landmark(rules, table, cell) == plain_hidden_landmark(
                    rules, table, cell
                )
                assert board.bridge_roads(rules, table, cell) == plain_bridge_roads(
                    rules, table, cell
                )
                assert enemies.enemies_on(table, cell) == plain_enemies_on(table, cell)
                assert board.has_enemies(table, cell) == (board.enemy_count(table, cell) > 0)
                roads, explored, hidden = board.entering(rules, table, cell)
                assert roads == {d for d in DIRECTIONS if plain_shows_road(rules, table, cell, d)}
                assert explored == plain_explored(rules, table, cell)
                assert hidden == plain_hidden_landmark(rules, table, cell)
                assert board.road_neighbours(rules, table, cell) == [
                    there
                    for there in rules.topology.neighbours(cell).values()
                    if plain_open_road(rules, table, cell, there)
                ]
                for enemy in enemies.enemies_on(table, cell):
                    assert enemies.stats(rules, table, enemy) == plain_stats(rules, table, enemy)
            assert enemies.all_enemies(table) == [
                enemy for cell in cells for enemy in plain_enemies_on(table, cell)
            ]
            if state.turn.move is not None:
                moves += 1
                steps = movement.next_steps(rules, table, state.turn.move)
                assert steps == plain_next_steps(rules, table, state.turn.move)
                # act_move makes the step its id names, unlisted: the ids name each step
                # listed, once.
                if state.turn.stage == "move":
                    legal = turns.legal(state)
                    named = [step_named(a) for a in legal if a.startswith("step:")]
                    assert named == steps
                    stepped += len(named)
            assert board.manholes(rules, table) == [
                c for c in cells if plain_manhole(rules, table, c)
            ]
            assert hidden_landmarks(state) == [
                c for c in cells if plain_hidden_landmark(rules, table, c)
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
    assert checked > 50 and moves > 10 and stepped > 10


@SEED_COUNTS
@pytest.mark.parametrize("players,variants", SETS)
def test_the_enemies_or_routes_kept_with_the_legal_list_are_those_listed_afresh(
    players: int, variants: dict[str, bool], seeds: range
) -> None:
    """At stage ``enemies`` the legal list keeps what it numbered (``state.numbered``), and
    ``act_enemies`` takes its pick from it: the same as listing the enemies that may move
    next, or the chosen one's routes, afresh. Elsewhere nothing is kept."""
    numbered = 0
    for seed in seeds:
        for state in positions(players, variants, seed):
            if state.is_over():
                break
            legal = turns.legal(state)
            rules, table, turn = state.rules, state.table, state.turn
            if turn.stage != "enemies":
                assert state.numbered is None
                continue
            assert turn.enemies is not None
            if turn.chosen_enemy is None:
                fresh: list[Any] = enemy_moves.next_enemies(rules, table, turn.enemies)
            else:
                fresh = enemy_moves.enemy_routes(rules, table, turn.chosen_enemy)
            assert state.numbered == fresh
            assert len([a for a in legal if a.startswith(("enemy:", "route:"))]) == len(fresh)
            numbered += 1
    assert numbered > 5


def _saved(state: EscapeFromNewYorkState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@SEED_COUNTS
@pytest.mark.parametrize("players,variants", SETS)
def test_clones_and_originals_never_see_each_others_changes(
    players: int, variants: dict[str, bool], seeds: range
) -> None:
    """Clones taken along a game keep their position while the game goes on; a clone
    played on a few actions leaves the original as it was; chains of clones too."""
    for seed in seeds:
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


def test_a_step_or_route_not_listed_is_still_refused_when_asked_directly() -> None:
    """The protocol's path skips listing a step or route again right after taking it from
    the list; a direct caller's step or route is still checked, and changes nothing."""
    state = next(s for s in positions(2, {}, 4) if s.turn.move is not None)
    rules, table, move = state.rules, state.table, state.turn.move
    assert move is not None
    before = _saved(state)
    legal = movement.next_steps(rules, table, move)
    bad = next(
        Step(cell, "road") for cell in rules.topology.cells() if Step(cell, "road") not in legal
    )
    with pytest.raises(ValueError, match="not a legal step"):
        movement.take_step(rules, table, move, bad, state.rng)
    assert _saved(state) == before
