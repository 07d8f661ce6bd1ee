"""The shortcuts of the speed work against the plain definitions they replace, on every
position of seeded random games (all player counts): each must give the same answer."""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterator

import pytest

from getaway.core.rng import Rng, derive_seed
from getaway.games.escape_plan import contacts, executive, notoriety_half, tiles
from getaway.games.escape_plan.actions import MOVE, PASS, REST
from getaway.games.escape_plan.assets import EXECUTIVE_EFFECTS, ready_assets
from getaway.games.escape_plan.avoid import (
    avoid_context,
    avoid_options,
    avoid_progress,
    avoid_result,
    avoid_steps,
    avoid_then,
    result_of,
)
from getaway.games.escape_plan.bonuses import BONUSES, bonus_steps, due_bonuses
from getaway.games.escape_plan.city import CityMap
from getaway.games.escape_plan.city_phase import (
    NO_TERRAIN_MATCH,
    ONE_TOUCHING,
    PLACE_TILE,
    STRICT,
    _open_cells,
    placements,
)
from getaway.games.escape_plan.escape import escape_problem
from getaway.games.escape_plan.game import GAME, EscapePlanState
from getaway.games.escape_plan.move_action import avoid_context_for, avoid_tools, move_context
from getaway.games.escape_plan.movement import (
    MoveContext,
    MovePath,
    Step,
    _advance,
    _moves,
    may_stop,
    next_steps,
    start_path,
)
from getaway.games.escape_plan.movement_decision import split_move
from getaway.games.escape_plan.movement_map import (
    FLIGHT_RANGE,
    CityIndex,
    TilesReached,
    build_index,
    city_index,
)
from getaway.games.escape_plan.movement_search import _Search, can_finish
from getaway.games.escape_plan.police import (
    CityPolice,
    OfficerMove,
    converge_move_texts,
    converge_moves,
    converge_problem,
    effect_move_problem,
    effect_move_texts,
    effect_moves,
)
from getaway.games.escape_plan.schema import OFFICERS, CityTile, Officer
from getaway.games.escape_plan.table_police import (
    city_police,
    escape_exit,
    patrol_of,
    visible_exits,
)
from getaway.games.escape_plan.topology import ROTATIONS, Cell
from getaway.games.escape_plan.turns import TURN, _only_end, after_actions, allowed_after
from getaway.games.escape_plan.visit import (
    MAY_REFUSE_A_VISIT,
    unvisitable,
    visit_problem,
    visit_steps,
)
from getaway.games.escape_plan.visit_board import asset_ready

GAMES = 12


def positions(players: int, games: int = GAMES) -> Iterator[EscapePlanState]:
    """Every position of ``games`` seeded random games with ``players`` players."""
    for game in range(games):
        seed = derive_seed(players, game, 13)
        state = GAME.new_state({"players": players}, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            yield state
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])


def unvisitable_by_definition(state: EscapePlanState, seat: str) -> tuple[str, ...]:
    """R-VIS-3 asked of every location, as ``unvisitable`` was first written."""
    return tuple(
        node
        for node, kind in state.table.city.location_kinds
        if kind in MAY_REFUSE_A_VISIT
        and visit_problem(state.rules, state.table, seat, node) is not None
    )


@pytest.mark.parametrize("players", [1, 3, 5])
def test_unvisitable_is_visit_problem_asked_everywhere(players: int) -> None:
    refused = 0
    for state in positions(players):
        for seat, player in state.table.players.items():
            if player.status == "city":
                expected = unvisitable_by_definition(state, seat)
                assert unvisitable(state.rules, state.table, seat) == expected
                refused += bool(expected)
    assert refused  # the games did reach refusals


def effect_moves_by_definition(
    police: CityPolice, city: CityMap, officer: Officer
) -> tuple[OfficerMove, ...]:
    placed = [entry.tile.id for entry in city.placed]
    moves = (OfficerMove(officer, source, target) for source in placed for target in placed)
    return tuple(move for move in moves if effect_move_problem(police, city, move) is None)


def converge_moves_by_definition(
    police: CityPolice, city: CityMap, target_tile: str
) -> tuple[OfficerMove, ...]:
    placed = [entry.tile.id for entry in city.placed]
    moves = (
        OfficerMove(officer, source, target)
        for source in placed
        for officer in OFFICERS
        for target in placed
    )
    return tuple(m for m in moves if converge_problem(police, city, target_tile, m) is None)


@pytest.mark.parametrize("players", [1, 4])
def test_police_moves_are_the_moves_the_problems_allow(players: int) -> None:
    found = 0
    for number, state in enumerate(positions(players, games=4)):
        if number % 7:
            continue  # the police change slowly: every 7th position is plenty
        table = state.table
        police, city = city_police(table), table.city
        for officer in OFFICERS:
            expected = effect_moves_by_definition(police, city, officer)
            assert effect_moves(police, city, officer) == expected
            # The text forms, made from the table's own lists, without the moves.
            texts = [str(move) for move in expected]
            assert effect_move_texts(table.police, city, officer) == texts
            found += len(expected)
        for entry in city.placed[::3]:
            target = entry.tile.id
            expected = converge_moves_by_definition(police, city, target)
            assert converge_moves(police, city, target) == expected
            texts = [str(move) for move in expected]
            assert converge_move_texts(table.police, city, target) == texts
            found += len(expected)
    assert found


def connects_by_definition(city: CityMap, tile: CityTile, cell: Cell, rotation: int) -> bool:
    """§3.3 read off :meth:`CityMap.facing`, as ``connects`` was first written."""
    for mine, theirs, _ in city.facing(tile, cell, rotation):
        area = tile.areas.get(mine.split(".", 1)[1])
        if area is not None and area.terrain == city.terrain(theirs):
            return True
    return False


def test_connects_is_the_facing_terrains_compared() -> None:
    asked = met = 0
    for number, state in enumerate(positions(3, games=3)):
        if number % 11:
            continue
        city = state.table.city
        placed = {entry.cell for entry in city.placed}
        free = {
            near
            for cell in placed
            for near in city.topology.edge_neighbours(cell).values()
            if near not in placed and city.topology.in_bounds(near)
        }
        for tile_id in state.table.display:
            tile = state.rules.content.tile(tile_id)
            for cell in sorted(free):
                for rotation in ROTATIONS:
                    expected = connects_by_definition(city, tile, cell, rotation)
                    assert city.connects(tile, cell, rotation) == expected
                    asked += 1
                    met += expected
    assert 0 < met < asked


def placements_by_definition(
    city: CityMap, tile: CityTile, level: int
) -> tuple[tuple[Cell, int], ...]:
    """§3.5.1 and its relaxations asked of every cell and rotation."""
    touching_needed = 1 if level == ONE_TOUCHING else 2
    found = []
    for cell in city.topology.cells():
        if city.tile_at(cell) is not None:
            continue
        if sum(1 for near in city.topology.touching(cell) if city.tile_at(near)) < touching_needed:
            continue
        for rotation in ROTATIONS:
            if level != STRICT or city.connects(tile, cell, rotation):
                found.append((cell, rotation))
    return tuple(found)


def test_placements_are_the_cells_and_rotations_the_rule_allows() -> None:
    asked = 0
    for number, state in enumerate(positions(2, games=3)):
        if number % 5 or state.table.stage != "place":
            continue
        city = state.table.city
        for tile_id in state.table.display:
            tile = state.rules.content.tile(tile_id)
            for level in (STRICT, NO_TERRAIN_MATCH, ONE_TOUCHING):
                expected = placements_by_definition(city, tile, level)
                assert placements(city, tile, level) == expected
                asked += bool(expected)
    assert asked


@pytest.mark.parametrize("players", [1, 3])
def test_a_first_step_is_checked_as_its_list_says(players: int) -> None:
    checked = 0
    for state in positions(players, games=6):
        table = state.table
        if table.stage != "turn" or state.decision is not None or table.cuffs_due:
            continue
        seat = state.to_act()[0]
        legal = TURN.next_steps(state, seat, ())
        for step in (REST, MOVE, PASS, "exec:first_aid", "exec:gang:X", "walk:x", 3, *legal):
            assert TURN._may_begin(state, seat, step) == (step in legal), step
            checked += 1
    assert checked


def first_steps_by_definition(state: EscapePlanState, seat: str) -> list[str]:
    """The executive components as first written: every candidate, then each one's effect
    read again by ``_component`` and its usefulness by its whole target list."""
    rules, player = state.rules, state.table.players[seat]
    found: list[str] = []
    for space, piece in enumerate(player.contacts):
        if piece is not None and contacts.usable_contact(player, space):
            card = contacts.card(rules, piece.id)
            if card.timing == "ANY" and card.cost <= player.cash:
                found.append(f"exec:contact:{space}")
    any_time = {f.id for f in rules.content.fixers.fixers if f.timing == "ANY"}
    for space, piece in enumerate(player.items):
        if piece is not None and piece.kind == "fixer" and piece.face_up and piece.id in any_time:
            found.append(f"exec:fixer:{space}")
    effects = {a.id: a.effect for a in rules.content.assets.assets}
    found += [
        f"exec:asset:{a}" for a in ready_assets(rules, player) if effects[a] in EXECUTIVE_EFFECTS
    ]
    found += [f"exec:gang:{node}" for node in sorted(set(player.gang_members))]
    if player.first_aid_up:
        found.append("exec:first_aid")

    def useful(first: str) -> bool:
        effect, _ = executive._component(state, player, first)
        if effect in executive._TARGETED:
            return bool(executive._targets(state, player, first))
        if effect == "heal":
            return player.wounds_red > 0
        if effect == "take_disc":
            return state.table.discs > 0
        return effect in executive._AT_ONCE

    return [step for step in found if useful(step)]


@pytest.mark.parametrize("players", [1, 4])
def test_executive_components_are_the_useful_ones(players: int) -> None:
    offered = 0
    for number, state in enumerate(positions(players, games=8)):
        cases = [state]
        if number % 10 == 0:
            # The police at both ends too: no officer at all, every officer everywhere
            # (no move-officer effect has a move then).
            empty, full = state.clone(), state.clone()
            empty.table.police = {}
            full.table.police = {entry.tile.id: list(OFFICERS) for entry in full.table.city.placed}
            cases += [empty, full]
        for case in cases:
            for seat, player in case.table.players.items():
                if player.status == "city":
                    expected = first_steps_by_definition(case, seat)
                    assert executive.executive_steps(case, seat) == expected
                    offered += len(expected)
    assert offered


def links_by_definition(city: CityMap) -> dict[str, dict[str, int]]:
    """§3.5.3 as first written: each tile's own pairs, then terrain facing terrain."""
    found: dict[str, dict[str, int]] = {node: {} for node in city.nodes()}

    def join(a: str, b: str) -> None:
        same = city.terrain(a) is not None and city.terrain(a) == city.terrain(b)
        found[a][b] = found[b][a] = 0 if same else 1

    for entry in city.placed:
        for pair in sorted(sorted(pair) for pair in tiles.links(entry.tile)):
            a, b = (f"{entry.tile.id}.{local}" for local in pair)
            join(a, b)
        for mine, theirs, _ in city.facing(entry.tile, entry.cell, entry.rotation):
            if city.terrain(mine) is not None and city.terrain(theirs) is not None:
                join(mine, theirs)
    return {node: dict(sorted(near.items())) for node, near in found.items()}


def test_links_are_the_walking_rule() -> None:
    maps = {id(state.table.city): state.table.city for state in positions(3, games=2)}
    for city in maps.values():
        expected = links_by_definition(city)
        assert list(city.links) == list(expected)
        assert all(
            list(city.links[n].items()) == list(near.items()) for n, near in expected.items()
        )
        assert list(city.node_terrains) == list(city.nodes())
    assert len(maps) > 5


def least_mp_by_definition(city: CityMap, node: str) -> float:
    """The fewest MP of a walk from ``node`` into some location, found by trying walks out
    from ``node`` cheapest first; water only where a Ferry opens it."""
    index = city_index(city)
    best: dict[str, float] = {node: 0}
    queue = [(0, node)]
    while queue:
        cost, here = heapq.heappop(queue)
        if index.kind[here] is not None:
            return cost
        if cost > best[here]:
            continue
        for near, step in city.links[here].items():
            body = index.body.get(near)
            if body is not None and body not in index.ferried:
                continue
            if cost + step < best.get(near, math.inf):
                best[near] = cost + step
                heapq.heappush(queue, (cost + step, near))
    return math.inf


def can_finish_by_search(city: CityMap, ctx: MoveContext, path: MovePath) -> bool:
    """``can_finish`` without its first looks: the search alone, set up for every path."""
    if path.ended is not None or may_stop(city, ctx, path):
        return True
    return _Search(city, ctx, path).run(path, {})


def next_steps_by_definition(city: CityMap, ctx: MoveContext, path: MovePath) -> list[Step]:
    """Every step the rules allow, each worked out and kept when the move can end after it."""
    steps: list[Step] = []
    for step_id, kind, to in _moves(city, ctx, path):
        after = _advance(city, ctx, path, step_id, kind, to)
        if can_finish_by_search(city, ctx, after):
            used = [t for t, n in after.used if n > path.uses(t)]
            steps.append(
                Step(
                    step_id,
                    kind,
                    to,
                    after.spent - path.spent,
                    after.ended is not None or may_stop(city, ctx, after),
                    used[0] if used else None,
                    after.cash_spent - path.cash_spent,
                )
            )
    return steps


def test_the_move_checks_before_the_search_give_its_answers() -> None:
    maps: dict[int, CityMap] = {}
    checked = 0
    for state in positions(3, games=4):
        city = state.table.city
        maps[id(city)] = city
        memo = state.table.turn_memo
        if memo is not None and memo.context is not None and memo.path is not None:
            ctx, path = memo.context, memo.path
        elif state.table.stage == "turn" and state.decision is None:
            seat = state.to_act()[0]
            ctx = move_context(state.rules, state.table, seat)
            path = start_path(city, ctx)
        else:
            continue
        for step_id, kind, to in _moves(city, ctx, path):
            after = _advance(city, ctx, path, step_id, kind, to)
            assert can_finish(city, ctx, after, {}) == can_finish_by_search(city, ctx, after)
            checked += 1
        assert next_steps(city, ctx, path) == next_steps_by_definition(city, ctx, path)
    assert checked > 500
    for city in maps.values():
        least = city_index(city).least_mp
        assert least == {node: least_mp_by_definition(city, node) for node in city.links}


@pytest.mark.parametrize("players", [1, 3, 5])
def test_an_action_after_the_move_is_allowed_as_its_list_says(players: int) -> None:
    checked = 0
    for state in positions(players, games=6):
        table = state.table
        if table.stage not in ("visit", "after") or table.cuffs_due:
            continue
        seat = state.to_act()[0]
        legal = after_actions(state, seat)
        others = ("end", "exec:first_aid", "exec:gang:X", "bonus:group1:skip", "visit:enter")
        for action in (*others, *legal):
            assert allowed_after(state, seat, action) == (action in legal), action
            checked += 1
    assert checked


def index_by_definition(city: CityMap) -> CityIndex:
    """The movement index as first written: each node asked of the map, the tiles in flight
    range by ``tiles_within``."""
    index = CityIndex()
    for node, terrain in city.node_terrains.items():
        tile = city.tile_of(node)
        index.tile[node] = tile
        index.kind[node] = city.kind(node)
        index.terrain[node] = terrain
        index.by_tile.setdefault(tile, []).append(node)
    for body in city.water_bodies:
        for node in body:
            index.body[node] = min(body)
        if city.has_ferry(body):
            index.ferried.add(min(body))
    index.metros = tuple(sorted(city.metros()))
    hospitals = city.locations("HOSPITAL")
    index.hospital = hospitals[0] if hospitals else None
    index.heliport_tiles = {e.tile.id for e in city.placed if e.tile.heliport_tile}
    for tile in index.by_tile:
        near = sorted(city.tiles_within(tile, *FLIGHT_RANGE))
        index.flights[tile] = tuple(node for other in near for node in index.by_tile[other])
        far = sorted(city.sewer_exits(tile))
        index.sewers[tile] = tuple(
            node for other in far for node in index.by_tile[other] if index.terrain[node]
        )
    return index


def test_the_movement_index_is_the_map_asked_node_by_node() -> None:
    maps = {id(state.table.city): state.table.city for state in positions(3, games=2)}
    for city in maps.values():
        index, expected = build_index(city), index_by_definition(city)
        for name in ("tile", "kind", "terrain", "by_tile", "body"):
            assert list(getattr(index, name).items()) == list(getattr(expected, name).items())
        # Worked out per tile when asked: each tile's as the definition has it.
        assert isinstance(index.sewers, TilesReached)
        assert list(index.sewers.complete().items()) == list(expected.sewers.items())
        # Flights only from where one may leave: a Heliport tile or location.
        airborne = index.heliport_tiles | {
            index.tile[n] for n, k in index.kind.items() if k == "HELIPORT"
        }
        assert isinstance(index.flights, TilesReached)
        assert index.flights.complete() == {
            t: f for t, f in expected.flights.items() if t in airborne
        }
        with pytest.raises(KeyError):
            index.flights[next(t for t in index.by_tile if t not in airborne)]
        assert (index.metros, index.hospital) == (expected.metros, expected.hospital)
        assert (index.ferried, index.heliport_tiles) == (expected.ferried, expected.heliport_tiles)
    assert len(maps) > 5


@pytest.mark.parametrize("players", [1, 3, 5])
def test_ready_assets_are_the_held_assets_asset_ready_allows(players: int) -> None:
    ready = 0
    for state in positions(players, games=6):
        for player in state.table.players.values():
            expected = [
                held.asset
                for held in player.unlocked
                if held is not None and asset_ready(state.rules, player, held.asset)
            ]
            assert ready_assets(state.rules, player) == expected
            ready += len(expected)
    assert ready


def test_an_open_placement_keeps_the_steps_it_would_work_out() -> None:
    kept = 0
    for state in positions(3, games=4):
        decision = state.decision
        if state.table.stage != "place" or decision is None or state.table.cuffs_due:
            continue
        memo = state.table.place_memo
        assert memo is not None and memo[0] is decision
        expected = PLACE_TILE._following(state, decision.steps)
        assert PLACE_TILE.next_steps(state, decision.seat, decision.steps) == expected
        kept += 1
    assert kept


def test_location_kinds_are_every_node_asked_its_kind() -> None:
    maps = {id(state.table.city): state.table.city for state in positions(3, games=2)}
    for city in maps.values():
        expected = tuple(
            (node, kind) for node in sorted(city.nodes()) if (kind := city.kind(node)) is not None
        )
        assert city.location_kinds == expected
        assert city.location_nodes == {node for node, _ in expected}
    assert len(maps) > 5


def test_city_police_is_each_tile_read_in_officer_order() -> None:
    read = 0
    for state in positions(3, games=3):
        police = state.table.police
        expected = {
            tile: tuple(officer for officer in OFFICERS if officer in officers)
            for tile, officers in police.items()
        }
        assert city_police(state.table) == expected
        read += len(expected)
    assert read


def test_the_avoid_context_reads_the_police_as_city_police_gives_them() -> None:
    made = 0
    for state in positions(3, games=4):
        memo = state.table.turn_memo
        if memo is None or memo.path is None or memo.path.ended is None:
            continue
        seat = state.to_act()[0]
        made_here = avoid_context_for(state.rules, state.table, seat, memo.path)
        by_definition = avoid_context(
            memo.path,
            city_police(state.table),
            sandra=made_here.sandra,
            costa=made_here.costa,
            tools=avoid_tools(state.rules, state.table.players[seat]),
            cash=state.table.players[seat].cash,
            wounds=made_here.wounds,
        )
        assert made_here == by_definition
        assert made_here.threats == by_definition.threats
        made += 1
    assert made


def test_visible_exits_and_exit_nodes_are_the_tiles_scanned() -> None:
    checked = 0
    for state in positions(3, games=3):
        rules, table = state.rules, state.table
        visible = set(table.visible_tiles())
        expected = tuple(
            location.exit
            for tile in rules.content.city_tiles.tiles
            if tile.id in visible
            for location in tile.locations.values()
            if location.exit is not None
        )
        assert visible_exits(rules, table) == expected
        for number in (*expected, 99):
            scanned = next(
                (
                    f"{entry.tile.id}.{local}"
                    for entry in table.city.placed
                    for local, location in entry.tile.locations.items()
                    if location.exit == number
                ),
                None,
            )
            assert table.city.exit(number) == scanned
            checked += 1
    assert checked


def test_only_end_is_an_after_list_of_end_alone() -> None:
    checked = 0
    for state in positions(3, games=6):
        table = state.table
        if table.stage != "after" or table.cuffs_due or table.exec_open:
            continue
        seat = state.to_act()[0]
        assert _only_end(state, seat) == (after_actions(state, seat) == ["end"])
        checked += 1
    assert checked


@pytest.mark.parametrize("players", [3, 5])
def test_a_converging_move_is_allowed_as_the_task_lists_it(players: int) -> None:
    checked = 0
    for state in positions(players):
        table = state.table
        if table.stage != "converge" or table.cuffs_due:
            continue
        legal = notoriety_half.task_actions(state.rules, table, table.noto_tasks[0])
        placed = [entry.tile.id for entry in table.city.placed]
        tried = [f"converge:{o}:{a}>{b}" for o in OFFICERS for a in placed[:4] for b in placed]
        odd = ["converge:FEDERAL", "converge:ROBOT:A1>A2", "unlock:heal", "converge::>", *legal]
        for action in (*tried, *odd):
            allowed = notoriety_half.converge_allowed(state.rules, table, action)
            assert allowed == (action in legal), action
            checked += 1
    assert checked


def test_due_bonuses_are_the_groups_read_off_the_content() -> None:
    due = 0
    for index, state in enumerate(positions(3, games=3)):
        if index % 50 == 0:
            # Random games rarely complete a group: the seats' cubes on every building.
            state = state.clone()
            table = state.table
            for building in [*table.businesses.values(), *table.safe_houses.values()]:
                building.cubes = [(seat, "money") for seat in table.players]
        for seat, player in state.table.players.items():
            expected = []
            for name in BONUSES:
                if name in player.bonuses:
                    continue
                if name == "safe_houses":
                    buildings = list(state.table.safe_houses.values())
                else:
                    buildings = [
                        state.table.businesses[b.id]
                        for b in state.rules.content.buildings.businesses
                        if b.group == int(name[-1])
                    ]
                if all(any(owner == seat for owner, _ in b.cubes) for b in buildings):
                    expected.append(name)
            assert due_bonuses(state, seat) == expected
            due += len(expected)
    assert due


def test_an_avoid_decision_goes_on_from_its_parent_as_its_replay_would() -> None:
    checked = 0
    for state in positions(3, games=8):
        decision, memo = state.decision, state.table.turn_memo
        if decision is None or memo is None or memo.avoid is None or memo.progress is None:
            continue
        _, avoiding = split_move(decision.steps[1:])
        replayed = avoid_progress(memo.avoid, avoiding)
        assert memo.progress == replayed
        assert avoid_options(memo.avoid, memo.progress) == avoid_steps(memo.avoid, avoiding)
        for step in avoid_options(memo.avoid, memo.progress):
            after = avoid_then(memo.avoid, memo.progress, step)
            assert after == avoid_progress(memo.avoid, [*avoiding, step])
            if not avoid_options(memo.avoid, after):
                taken = len(avoiding) + 1
                expected = avoid_result(memo.avoid, [*avoiding, step])
                assert result_of(memo.avoid, after, taken) == expected
            checked += 1
    assert checked


def remembered_by_definition(state: EscapePlanState, what: str, seat: str) -> list[str]:
    """What ``Table.lists`` keeps under ``(what, seat)``, worked out from the table."""
    table = state.table
    if what == "exec":
        return executive.executive_steps(state, seat)
    if what == "targets":
        return executive.executive_steps(state, seat, table.exec_open)
    if what == "visit":
        return visit_steps(state, seat, table.visit_steps)
    assert what == "bonus", what
    return bonus_steps(state, seat) if table.players[seat].status == "city" else []


@pytest.mark.parametrize("players", [1, 3, 5])
def test_remembered_lists_are_the_lists_of_the_table_as_it_is(players: int) -> None:
    """Whatever ``apply`` and ``legal_actions`` left in ``Table.lists`` is what the table
    gives now, and a seat's legal list is the one a clone (which keeps none) works out."""
    checked = 0
    for state in positions(players, games=8):
        for _ in range(2):  # as ``apply`` left them, then after ``legal_actions``
            for (what, seat), found in state.table.lists.items():
                assert found == remembered_by_definition(state, what, seat), (what, seat)
                checked += 1
            seat = state.to_act()[0]
            assert state.legal_actions(seat) == state.clone().legal_actions(seat)
    assert checked


def test_a_table_edited_by_hand_and_told_so_lists_afresh() -> None:
    """A test may edit a table between two protocol calls: ``Table.changed`` drops the
    lists kept for it (``apply`` calls it before every change it makes)."""
    edited = 0
    for state in positions(3, games=6):
        table = state.table
        seat = state.to_act()[0]
        if table.stage != "after" or table.cuffs_due or table.exec_open:
            continue
        before = state.legal_actions(seat)
        player = table.players[seat]
        # Take the First Aid token away (or heal every Wound): its action goes.
        saved = player.first_aid_up, player.wounds_red
        player.first_aid_up, player.wounds_red = False, 0
        table.changed()
        after = state.legal_actions(seat)
        assert "exec:first_aid" not in after
        assert after == state.clone().legal_actions(seat)
        player.first_aid_up, player.wounds_red = saved
        table.changed()
        assert state.legal_actions(seat) == before
        edited += "exec:first_aid" in before
    assert edited


def index_fields(index: CityIndex) -> dict[str, object]:
    """Every field of ``index``, a mapping as its items in order (the order is read)."""
    return {
        name: list(value.complete().items())
        if isinstance(value, TilesReached)
        else list(value.items())
        if isinstance(value, dict)
        else value
        for name in CityIndex.__dataclass_fields__
        for value in (getattr(index, name),)
    }


@pytest.mark.parametrize("players", [1, 3, 5])
def test_a_grown_map_has_the_links_and_index_of_the_map_worked_out_afresh(players: int) -> None:
    """A map that grew from an earlier one (``CityMap.growth``) gets the same links, in the
    same order, and the same movement index as the same tiles placed on a new map."""
    maps: dict[int, CityMap] = {}
    for state in positions(players, games=6):
        maps.setdefault(id(state.table.city), state.table.city)
    grown = 0
    for city in maps.values():
        # Only what the game itself worked out: asking a map here would change what the
        # maps after it grow from.
        if city.growth is None or "links" not in city.__dict__:
            continue
        fresh = CityMap(city.topology, city.placed)
        assert [(n, list(near.items())) for n, near in city.links.items()] == [
            (n, list(near.items())) for n, near in fresh.links.items()
        ]
        if "movement_index" in city.__dict__:
            assert index_fields(city_index(city)) == index_fields(city_index(fresh))
            grown += city.growth.index is not None
    assert grown


@pytest.mark.parametrize("players", [1, 3, 5])
def test_open_cells_grown_tile_by_tile_are_the_cells_worked_out_afresh(players: int) -> None:
    """The City phase's open cells, worked out from the map before the last tile, are those
    of the same tiles placed on a new map, at every level."""
    grown = 0
    for state in positions(players, games=6):
        city = state.table.city
        if city.memo.free_cells_from is None and city.memo.free_cells is None:
            continue
        grown += city.memo.free_cells_from is not None
        fresh = CityMap(city.topology, city.placed)
        for touching in (1, 2):
            assert _open_cells(city, touching) == _open_cells(fresh, touching)
    assert grown


@pytest.mark.parametrize("players", [1, 3])
def test_placements_grown_tile_by_tile_are_the_placements_worked_out_afresh(
    players: int,
) -> None:
    """A display tile's strict placements on a map worked out from the map before its last
    tile (``CityMap.memo.placements_from``) are those on the same tiles placed on a new
    map."""
    grown = 0
    for state in positions(players, games=4):
        table = state.table
        if table.stage != "place" or state.decision is not None:
            continue
        city = table.city
        from_before = city.memo.placements_from
        fresh = CityMap(city.topology, city.placed)
        for tile_id in table.display:
            tile = state.rules.content.tile(tile_id)
            grown += from_before is not None and (tile_id, STRICT) in from_before[0]
            assert placements(city, tile, STRICT) == placements(fresh, tile, STRICT)
    assert grown > 20


def escape_exit_by_definition(state: EscapePlanState) -> str | None:
    """The open Exit's node as first written: ``escape_problem`` asked of each open Exit of
    the Patrol the table gives, on the last day."""
    rules, table = state.rules, state.table
    if table.day != rules.days:
        return None
    patrol = patrol_of(rules, table)
    for number in patrol.open_exits:
        if escape_problem(rules.content, table.day, patrol, number) is None:
            return table.city.exit(number)
    return None


@pytest.mark.parametrize("players", [1, 3, 5])
def test_the_escape_exit_is_the_patrol_asked_exit_by_exit(players: int) -> None:
    found = 0
    for state in positions(players, games=8):
        exit_node = escape_exit(state.rules, state.table)
        assert exit_node == escape_exit_by_definition(state)
        found += exit_node is not None
    assert found
