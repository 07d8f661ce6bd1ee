"""The map in a position (§3.2, §7.16, §8.7): explored and empty spaces, roads from tiles,
barricades (roads to nowhere, bridges, the supply), ranges, bridges, what a space shows."""

from __future__ import annotations

from pathlib import Path

from getaway.core.rng import Rng
from getaway.games.escape_from_new_york import board
from getaway.games.escape_from_new_york.content import load_content_from
from getaway.games.escape_from_new_york.options import normalize, rules_from
from getaway.games.escape_from_new_york.position import Position
from getaway.games.escape_from_new_york.setup import new_table
from getaway.games.escape_from_new_york.topology import DIRECTIONS, OPPOSITE, Cell

from .helpers import copy_data, edit
from .rules_helpers import LIBRARY, barricade, lay, outskirts_on, position, sound


def bridgehead(pos: Position) -> tuple[Cell, int]:
    bridge = pos.rules.content.board.bridges[0]
    return (bridge.col, bridge.row), bridge.number


def test_the_start_explores_the_library_its_ring_and_the_wtc_only() -> None:
    pos = position()
    explored = {c for c in pos.table.spaces if board.explored(pos.rules, pos.table, c)}
    ring = set(pos.rules.topology.neighbours(LIBRARY).values())
    wtc = next((c.col, c.row) for c in pos.rules.content.board.cells if c.kind == "wtc")
    assert explored == {LIBRARY, wtc, *ring}
    landmarks = [c for c in pos.table.spaces if board.hidden_landmark(pos.rules, pos.table, c)]
    assert len(landmarks) == len(pos.rules.content.landmarks.landmarks)
    assert not any(board.empty(pos.rules, pos.table, c) for c in [*explored, *landmarks])


def test_a_tile_brings_its_own_roads(tmp_path: Path) -> None:
    """§3.2: a placed tile's road mask decides, the board's where no tile lies (edited data:
    the placeholder tiles show all six roads)."""
    data = copy_data(tmp_path)
    edit(data, "tiles.json", lambda d: d["tiles"][0].update(roads=["U"]))
    content = load_content_from(data)
    rules = rules_from(content, normalize({"players": 1}))
    table = new_table(rules, Rng(1))
    pos = Position(rules, 1, Rng(1), table)
    cell, above, below = (5, 0), (5, 1), (5, 2)
    tile = content.tiles.tiles[0].id
    deck = table.city_deck
    deck.remove(tile)
    table.spaces[cell].tile, table.spaces[cell].face_up = tile, True
    assert not board.road(rules, table, cell, above)  # the tile shows no road down
    assert not board.open_road(rules, table, above, cell)
    assert board.road(rules, table, above, below)  # printed ring and Library: all six
    sound(pos)


def test_a_barricade_is_one_token_on_one_road_seen_from_both_sides() -> None:
    pos = position()
    up = pos.rules.topology.neighbour(LIBRARY, "U")
    assert up is not None
    supply = pos.table.barricade_supply
    barricade(pos, LIBRARY, "U")
    assert board.barricade(pos.rules, pos.table, up, OPPOSITE["U"]) == "intact"
    assert not board.open_road(pos.rules, pos.table, up, LIBRARY)
    assert not board.in_range(pos.rules, pos.table, LIBRARY, up, 1)
    assert board.in_range(pos.rules, pos.table, LIBRARY, LIBRARY, 0)
    # Intact already: ignored; destroyed: flipped back, no new token.
    assert not board.place_barricade(pos.rules, pos.table, up, "D")
    pos.table.barricades[next(iter(pos.table.barricades))] = "destroyed"
    assert board.open_road(pos.rules, pos.table, up, LIBRARY)
    assert board.place_barricade(pos.rules, pos.table, up, "D")
    assert pos.table.barricade_supply == supply - 1
    sound(pos)


def test_roads_to_nowhere_take_no_barricade_but_bridge_roads_do() -> None:
    """§3.2 [T], §8.6: a barricade on a road leading nowhere is ignored; bridge roads may be
    barricaded, and then no hero moves onto the bridge."""
    pos = position()
    edge = next(
        (cell, d)
        for cell in pos.rules.topology.cells()
        for d in DIRECTIONS
        if board.leads_nowhere(pos.rules, cell, d)
    )
    assert not board.place_barricade(pos.rules, pos.table, *edge)
    cell, number = bridgehead(pos)
    direction = board.bridge_roads(pos.rules, pos.table, cell)[number]
    assert not board.leads_nowhere(pos.rules, cell, direction)
    assert board.place_barricade(pos.rules, pos.table, cell, direction)
    assert number not in board.bridge_roads(pos.rules, pos.table, cell)
    sound(pos)


def test_the_barricade_supply_running_out_ignores_placements() -> None:
    """§8.7 [P]."""
    pos = position()
    pos.table.barricade_supply = 0
    assert not board.place_barricade(pos.rules, pos.table, LIBRARY, "U")
    assert pos.table.barricades == {}


def test_a_flipped_outskirts_token_adds_its_symbols_to_the_space() -> None:
    pos = position()
    coast = (4, 4)
    token = next(t.id for t in pos.rules.content.outskirts.tokens if t.symbols.manhole)
    outskirts_on(pos, coast, token)
    lay(pos, coast)
    assert not board.manhole(pos.rules, pos.table, coast)  # face down: not yet
    pos.table.spaces[coast].outskirts_face_up = True
    assert board.manhole(pos.rules, pos.table, coast)
    assert board.manholes(pos.rules, pos.table) == [coast]


def test_new_york_places_its_barricade_on_the_road_the_top_card_shows() -> None:
    """§8.6, A-03: the top card's back, on the current hero's space."""
    pos = position()
    top = board.lookup(pos.rules).new_york[pos.table.new_york_deck[0]]
    assert board.place_new_york_barricade(pos.rules, pos.table)
    hero = pos.table.heroes[pos.table.current_seat].cell
    assert board.barricade(pos.rules, pos.table, hero, top.back.barricade) == "intact"
    assert not board.place_new_york_barricade(pos.rules, pos.table)  # intact already
    sound(pos)
