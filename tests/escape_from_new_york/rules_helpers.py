"""Shared helpers of the rules tests: a fresh position, and ways to lay out a scene on its
map that keep every component accounted for (tiles come out of their deck, figures out of
the supply), so each test can end by checking the invariants.

Tiles are found by what they show, never by id, so the tests hold for printed data too.
"""

from __future__ import annotations

from collections.abc import Callable

from getaway.games.escape_from_new_york.board import lookup, place_barricade
from getaway.games.escape_from_new_york.invariants import problems
from getaway.games.escape_from_new_york.position import Position
from getaway.games.escape_from_new_york.schema import Tile, TileSymbols
from getaway.games.escape_from_new_york.state import PRISONER, CarFigure
from getaway.games.escape_from_new_york.topology import Cell, Direction

#: The Library and its ring on the placeholder board (M-01): the heroes start on it.
LIBRARY: Cell = (5, 2)


def position(players: int = 2, seed: int = 1, **options: object) -> Position:
    heroes = ("snake", "brain", "maggie", "cabbie")
    chosen = {f"hero_p{i + 1}": hero for i, hero in enumerate(heroes[:players])}
    return Position.new({"players": players, **chosen, **options}, seed)


def plain(symbols: TileSymbols) -> bool:
    """A tile that does nothing once laid: no event, manhole, barricade or building (the
    figures and markers it shows are only placed by exploring)."""
    return not (symbols.event or symbols.manhole or symbols.barricades or symbols.building)


def find_tile(pos: Position, deck: str, wanted: Callable[[TileSymbols], bool]) -> Tile:
    """A tile of ``deck`` still in its deck showing what ``wanted`` asks, its roads all open."""
    table = pos.table
    cards = table.city_deck if deck == "city" else table.park_deck
    for tile_id in cards:
        tile = lookup(pos.rules).tiles[tile_id]
        if wanted(tile.symbols) and tile.roads is None:
            return tile
    raise LookupError(f"no {deck} tile in the deck shows that")


def lay(pos: Position, cell: Cell, wanted: Callable[[TileSymbols], bool] = plain) -> str:
    """Explore ``cell`` by hand with a tile showing what ``wanted`` asks, taken from its
    deck, without its resources (a scene, not a rule). Returns the tile's id."""
    kind = lookup(pos.rules).cells[cell].kind
    assert kind in ("city", "park"), f"{cell} is a {kind} space"
    tile = find_tile(pos, kind, wanted)
    deck = pos.table.city_deck if kind == "city" else pos.table.park_deck
    deck.remove(tile.id)
    space = pos.table.spaces[cell]
    space.tile, space.face_up = tile.id, True
    return tile.id


def put_on_top(pos: Position, cell: Cell, wanted: Callable[[TileSymbols], bool]) -> str:
    """Move a tile showing what ``wanted`` asks to the top of ``cell``'s deck."""
    kind = lookup(pos.rules).cells[cell].kind
    tile = find_tile(pos, kind, wanted)
    deck = pos.table.city_deck if kind == "city" else pos.table.park_deck
    deck.remove(tile.id)
    deck.insert(0, tile.id)
    return tile.id


def prisoners(pos: Position, cell: Cell, count: int = 1) -> None:
    """Prisoners on foot from the supply."""
    pos.table.prisoner_supply -= count
    pos.table.spaces[cell].prisoners += count


def prisoner_car(pos: Position, cell: Cell) -> None:
    """A car driven by a prisoner, its figure from the supply."""
    pos.table.car_figures -= 1
    pos.table.spaces[cell].cars.append(CarFigure(PRISONER))


def abandoned_car(pos: Position, cell: Cell) -> None:
    pos.table.car_figures -= 1
    pos.table.spaces[cell].cars.append(CarFigure("none"))


def boss(pos: Position, cell: Cell, name: str) -> None:
    pos.table.boss_state[name] = "on_map"
    pos.table.spaces[cell].bosses.append(name)


def barricade(pos: Position, cell: Cell, direction: Direction) -> None:
    """An intact barricade from the supply on the road leaving ``cell``."""
    assert place_barricade(pos.rules, pos.table, cell, direction)


def move_hero(pos: Position, seat: str, cell: Cell) -> None:
    pos.table.heroes[seat].cell = cell


def sound(pos: Position) -> None:
    """The table still adds up (invariants.py)."""
    assert problems(pos.rules, pos.table) == []


def landmark_on(pos: Position, cell: Cell, landmark: str) -> None:
    """Swap face-down landmark tiles so ``landmark`` lies on ``cell``."""
    spaces = pos.table.spaces
    other = next(c for c, s in spaces.items() if s.tile == landmark)
    spaces[cell].tile, spaces[other].tile = spaces[other].tile, spaces[cell].tile


def outskirts_on(pos: Position, cell: Cell, token: str) -> None:
    """Swap outskirts tokens (on the map or in the box) so ``token`` lies on ``cell``."""
    spaces = pos.table.spaces
    mine = spaces[cell].outskirts
    assert mine is not None, f"{cell} is no ? space"
    other = next((c for c, s in spaces.items() if s.outskirts == token and c != cell), None)
    if other is not None:
        spaces[other].outskirts = mine
    elif mine != token:
        box = pos.table.box["outskirts"]
        box[box.index(token)] = mine
    spaces[cell].outskirts = token
