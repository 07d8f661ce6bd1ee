"""What the rules ask of the map in a position: which spaces are explored or empty, what a
space shows (its tile's symbols plus a flipped outskirts token's), which roads are open, who
stands where (spec §3.2, §7.16, §8.7).

Everything is read from the content and the table: the tile on a space brings its road mask
and symbols (``tiles.json``), a printed cell its own (``board.json``), so the printed
components replace the placeholders by data alone. Nothing here changes the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from getaway.games.escape_from_new_york.catalogue import LIBRARY, WTC
from getaway.games.escape_from_new_york.content import Content
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.schema import (
    BoardCell,
    Boss,
    Item,
    Landmark,
    LevelTokenSet,
    NewYorkCard,
    OutskirtsToken,
    Tile,
    TileSymbols,
)
from getaway.games.escape_from_new_york.schema import (
    Hero as HeroData,
)
from getaway.games.escape_from_new_york.state import PRISONER, Space, Table, road_key
from getaway.games.escape_from_new_york.topology import DIRECTIONS, OPPOSITE, Cell, Direction

_NO_SYMBOLS = TileSymbols()
#: A space looked at only, not copied if shared (``state.Spaces``): a C call, as the hot
#: loops read spaces hundreds of times a ply. Never change what it returns.
_read = dict.__getitem__


@dataclass(frozen=True)
class Lookup:
    """The content indexed by id and cell, built once per content (the rules ask on every
    step of every move)."""

    content: Content

    @cached_property
    def tiles(self) -> dict[str, Tile]:
        return {tile.id: tile for tile in self.content.tiles.tiles}

    @cached_property
    def landmarks(self) -> dict[str, Landmark]:
        return {landmark.id: landmark for landmark in self.content.landmarks.landmarks}

    @cached_property
    def outskirts(self) -> dict[str, OutskirtsToken]:
        return {token.id: token for token in self.content.outskirts.tokens}

    @cached_property
    def new_york(self) -> dict[str, NewYorkCard]:
        return {card.id: card for card in self.content.new_york.cards}

    @cached_property
    def cells(self) -> dict[Cell, BoardCell]:
        return {(cell.col, cell.row): cell for cell in self.content.board.cells}

    @cached_property
    def items(self) -> dict[str, Item]:
        return {item.id: item for item in self.content.items.items}

    @cached_property
    def heroes(self) -> dict[str, HeroData]:
        return {hero.id: hero for hero in self.content.heroes.heroes}

    @cached_property
    def bosses(self) -> dict[str, Boss]:
        return {boss.id: boss for boss in self.content.enemies.bosses}

    @cached_property
    def red_timer(self) -> frozenset[str]:
        """The red timer cards (§9.2's "a red card on top of the timer deck")."""
        return frozenset(card.id for card in self.content.timer.red)

    @cached_property
    def level_sets(self) -> dict[str, LevelTokenSet]:
        return {s.id: s for s in self.content.level_tokens.sets}

    @cached_property
    def landmark_cells(self) -> frozenset[Cell]:
        """The red spaces, where landmarks lie."""
        return frozenset(cell for cell, c in self.cells.items() if c.kind == "landmark")

    @cached_property
    def bridges_from(self) -> dict[Cell, tuple[tuple[Direction, int], ...]]:
        """Each bridgehead's bridge roads, clockwise from straight up, with their numbers."""
        return {
            cell: tuple((d, self.bridges[cell, d]) for d in DIRECTIONS if (cell, d) in self.bridges)
            for cell in {cell for cell, _ in self.bridges}
        }

    @cached_property
    def ring(self) -> frozenset[Cell]:
        """The printed ring cells around the Library, explored from the start (§3.1)."""
        return frozenset(cell for cell, c in self.cells.items() if c.kind == "library_ring")

    @cached_property
    def tile_roads(self) -> dict[str, frozenset[Direction]]:
        """The roads of each tile that brings its own road mask."""
        return {t.id: frozenset(t.roads) for t in self.tiles.values() if t.roads is not None}

    @cached_property
    def manhole_tiles(self) -> frozenset[str]:
        return frozenset(t.id for t in self.tiles.values() if t.symbols.manhole)

    @cached_property
    def printed_manholes(self) -> frozenset[Cell]:
        return frozenset(
            cell for cell, c in self.cells.items() if c.printed is not None and c.printed.manhole
        )

    @cached_property
    def manhole_outskirts(self) -> frozenset[str]:
        return frozenset(t.id for t in self.outskirts.values() if t.symbols.manhole)

    @cached_property
    def bridges(self) -> dict[tuple[Cell, Direction], int]:
        """Each bridge road, from its bridgehead cell, to the bridge's number."""
        return {((b.col, b.row), b.direction): b.number for b in self.content.board.bridges}


_LOOKUPS: dict[int, Lookup] = {}
#: The index asked for last: nearly every call asks for the game's one content again.
_last: Lookup | None = None


def lookup(rules: Rules) -> Lookup:
    """The shared index of ``rules``'s content."""
    global _last
    content = rules.content
    last = _last
    if last is not None and last.content is content:
        return last
    found = _LOOKUPS.get(id(content))
    if found is None or found.content is not content:
        found = _LOOKUPS[id(content)] = Lookup(content)
    _last = found
    return found


# --- what a space is -------------------------------------------------------------------------


def explored(rules: Rules, table: Table, cell: Cell) -> bool:
    """A face-up tile (city, park, revealed landmark, Library, WTC) or a printed ring cell
    (§3.2)."""
    space = _read(table.spaces, cell)
    if space.tile is not None:
        return space.face_up
    return cell in lookup(rules).ring


def empty(rules: Rules, table: Table, cell: Cell) -> bool:
    """A black or green space with no tile yet: only exploring fills it (§3.2)."""
    kind = lookup(rules).cells[cell].kind
    return kind in ("city", "park") and _read(table.spaces, cell).tile is None


def hidden_landmark(rules: Rules, table: Table, cell: Cell) -> bool:
    """A red space whose landmark still lies face down: heroes may enter it, exploring it."""
    space = _read(table.spaces, cell)
    return cell in lookup(rules).landmark_cells and not space.face_up


def symbols(rules: Rules, table: Table, cell: Cell) -> list[TileSymbols]:
    """What the space shows: its face-up tile's or printed cell's symbols, and a flipped
    outskirts token's, which are added to the tile's (§7.17)."""
    found: list[TileSymbols] = []
    space = _read(table.spaces, cell)
    index = lookup(rules)
    tile = index.tiles.get(space.tile) if space.tile is not None and space.face_up else None
    if tile is not None:
        found.append(tile.symbols)
    printed = index.cells[cell].printed
    if printed is not None:
        found.append(printed)
    if space.outskirts is not None and space.outskirts_face_up:
        found.append(index.outskirts[space.outskirts].symbols)
    return found


def manhole(rules: Rules, table: Table, cell: Cell) -> bool:
    """The space shows the manhole symbol (permanent, §7.16): what :func:`symbols` lists,
    read from the index of what shows one."""
    return _manhole(lookup(rules), _read(table.spaces, cell), cell)


def _manhole(index: Lookup, space: Space, cell: Cell) -> bool:
    return (
        (space.tile is not None and space.face_up and space.tile in index.manhole_tiles)
        or cell in index.printed_manholes
        or (
            space.outskirts is not None
            and space.outskirts_face_up
            and space.outskirts in index.manhole_outskirts
        )
    )


def event_space(rules: Rules, table: Table, cell: Cell) -> bool:
    """Entering the space reveals events (§7.20)."""
    return any(shown.event for shown in symbols(rules, table, cell))


def trap_space(rules: Rules, table: Table, cell: Cell) -> bool:
    """A revealed SGB trap tile: a hero moving onto it draws a trap card (§12)."""
    tile = _read(table.spaces, cell).tile
    return tile is not None and tile in lookup(rules).tiles and bool(lookup(rules).tiles[tile].trap)


def manholes(rules: Rules, table: Table) -> list[Cell]:
    """Every explored space with a manhole, in board order: all adjacent to one another."""
    index = lookup(rules)
    return [cell for cell, space in dict.items(table.spaces) if _manhole(index, space, cell)]


# --- roads and barricades (§3.2, §8.7) ---------------------------------------------------------


def shows_road(rules: Rules, table: Table, cell: Cell, direction: Direction) -> bool:
    """Whether the space shows a road in ``direction``: a face-up tile's own mask, else the
    board's printed cell (all six where neither says, §3.2 [P])."""
    return direction in shown_roads(rules, table, cell)


def shown_roads(rules: Rules, table: Table, cell: Cell) -> frozenset[Direction]:
    """Every direction the space shows a road in (:func:`shows_road` for each)."""
    space = _read(table.spaces, cell)
    if space.tile is not None and space.face_up:
        roads = lookup(rules).tile_roads.get(space.tile)
        if roads is not None:
            return roads
    return rules.topology.shown_roads(cell)


def entering(rules: Rules, table: Table, cell: Cell) -> tuple[frozenset[Direction], bool, bool]:
    """What a move or a search asks of a space it may enter, read at once: its roads
    (:func:`shown_roads`), whether it is :func:`explored`, whether it is a
    :func:`hidden_landmark`."""
    space = _read(table.spaces, cell)
    index = lookup(rules)
    if space.tile is not None:
        roads = index.tile_roads.get(space.tile) if space.face_up else None
        shown = rules.topology.shown_roads(cell) if roads is None else roads
        face_up = space.face_up
        return shown, face_up, not face_up and cell in index.landmark_cells
    return (
        rules.topology.shown_roads(cell),
        cell in index.ring,
        not space.face_up and cell in index.landmark_cells,
    )


def barricade(rules: Rules, table: Table, cell: Cell, direction: Direction) -> str | None:
    """The barricade on the road leaving ``cell`` in ``direction``: intact, destroyed or
    none."""
    return table.barricades.get(road_key(rules, cell, direction))


def road(rules: Rules, table: Table, start: Cell, end: Cell) -> bool:
    """Both neighbouring spaces show a road on the side they share, barricades aside."""
    direction = rules.topology.direction(start, end)
    return (
        direction is not None
        and direction in shown_roads(rules, table, start)
        and OPPOSITE[direction] in shown_roads(rules, table, end)
    )


def open_road(rules: Rules, table: Table, start: Cell, end: Cell) -> bool:
    """Road-connected (§3.2, A-13): a road, and no intact barricade on it. A destroyed
    barricade is an open road."""
    direction = rules.topology.direction(start, end)
    if (
        direction is None
        or direction not in shown_roads(rules, table, start)
        or OPPOSITE[direction] not in shown_roads(rules, table, end)
    ):
        return False
    return barricade(rules, table, start, direction) != "intact"


def road_neighbours(rules: Rules, table: Table, cell: Cell) -> list[Cell]:
    """The spaces road-connected to ``cell``, clockwise from straight up."""
    # open_road for each neighbour, read from the topology's list of them.
    here = shown_roads(rules, table, cell)
    barricades = table.barricades
    return [
        there
        for direction, there, back, road in rules.topology.links(cell)
        if direction in here
        and back in shown_roads(rules, table, there)
        and barricades.get(road) != "intact"
    ]


def leads_nowhere(rules: Rules, cell: Cell, direction: Direction) -> bool:
    """A road off the board or into the river that is no bridge: barricades placed there
    are ignored (§3.2 [T])."""
    return (
        rules.topology.neighbour(cell, direction) is None
        and (cell, direction) not in lookup(rules).bridges
    )


def place_barricade(rules: Rules, table: Table, cell: Cell, direction: Direction) -> bool:
    """Put an intact barricade on the road (§8.6, §8.7): ignored on a road to nowhere, on an
    intact one, or with no token left in the supply [P]; a destroyed one is flipped back
    (which takes no token). Whether the table changed."""
    if leads_nowhere(rules, cell, direction):
        return False
    key = road_key(rules, cell, direction)
    state = table.barricades.get(key)
    if state == "intact":
        return False
    if state is None:
        if table.barricade_supply == 0:
            return False
        table.barricade_supply -= 1
    table.barricades[key] = "intact"
    return True


def place_new_york_barricade(rules: Rules, table: Table) -> bool:
    """New York's "place a barricade" (§8.6, A-03): on the road the top New York card's back
    shows, from the current hero's space. Whether the table changed (see
    :func:`place_barricade`); nothing with the deck empty."""
    if not table.new_york_deck:
        return False
    top = lookup(rules).new_york[table.new_york_deck[0]]
    cell = table.heroes[table.current_seat].cell
    return place_barricade(rules, table, cell, top.back.barricade)


def in_range(rules: Rules, table: Table, start: Cell, end: Cell, reach: int) -> bool:
    """Whether ``end`` is within range ``reach`` (0 or 1) of ``start``: the same space, or
    road-connected at range 1. Manholes never extend a range, and nothing reaches across an
    intact barricade, either way (§3.2, A-11, A-13)."""
    if start == end:
        return True
    return reach >= 1 and open_road(rules, table, start, end)


def cells_in_range(rules: Rules, table: Table, cell: Cell, reach: int) -> list[Cell]:
    """``cell`` and, at range 1, the spaces road-connected to it."""
    return [cell, *road_neighbours(rules, table, cell)] if reach >= 1 else [cell]


def bridge_roads(rules: Rules, table: Table, cell: Cell) -> dict[int, Direction]:
    """The bridges a hero on ``cell`` could move onto (the road shown, no intact barricade):
    the number of each and its road. Moving onto one is only allowed as a team victory
    (§9.1, A-22), which the turn rules decide."""
    found: dict[int, Direction] = {}
    for direction, number in lookup(rules).bridges_from.get(cell, ()):
        if (
            shows_road(rules, table, cell, direction)
            and barricade(rules, table, cell, direction) != "intact"
        ):
            found[number] = direction
    return found


# --- who is where ------------------------------------------------------------------------------


def heroes_on(table: Table, cell: Cell) -> list[str]:
    """The seats whose heroes stand on ``cell``, in turn order."""
    return [seat for seat in table.turn_order if table.heroes[seat].cell == cell]


def enemy_count(table: Table, cell: Cell) -> int:
    """Prisoners on foot, prisoners driving cars, and bosses on the space (§8.1)."""
    space = _read(table.spaces, cell)
    cars = sum(1 for car in space.cars if car.owner == PRISONER)
    return space.prisoners + cars + len(space.bosses)


def has_enemies(table: Table, cell: Cell) -> bool:
    """:func:`enemy_count` above 0 (the counts are never negative), stopping at the first
    figure found."""
    space = _read(table.spaces, cell)
    return (
        space.prisoners > 0
        or bool(space.bosses)
        or any(car.owner == PRISONER for car in space.cars)
    )


def engaged(table: Table, cell: Cell) -> bool:
    """Enemies on a space with any hero are engaged (A-16): they do not move in the New
    York phase or for events."""
    return any(hero.cell == cell for hero in table.heroes.values())


def tile_name(rules: Rules, table: Table, cell: Cell) -> str | None:
    """The tile on the space, by content id, or the Library's or the WTC's name."""
    kind = lookup(rules).cells[cell].kind
    if kind == "library":
        return LIBRARY
    if kind == "wtc":
        return WTC
    return table.spaces[cell].tile
