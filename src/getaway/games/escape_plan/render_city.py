"""The city map as text, drawn from the tiles' own 3 x 3 drawings as the city grows.

Each placed tile is a box: a header line with the tile id, ``(H)`` on a Heliport tile and
the police letters (F Federal, L Local, S SWAT), then its cells turned as the tile lies,
five characters each. Terrain cells are filled with a glyph per terrain; a location shows a
three-letter code and up to two pawn marks (``1``-``5`` the players, ``S`` Sandra, ``C``
Costa, ``+`` when more stand there; the pawn list below the map says who exactly). Empty
cells of the area shown are blank, or ``?`` where the tile being placed may go. North is up
(``y`` grows southwards), the ``x`` and ``y`` of each cell are on the edges, as ``cell:x,y``
types them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from getaway.games.escape_plan.city import node_name
from getaway.games.escape_plan.render_adapter import Scene
from getaway.games.escape_plan.schema import CityTile
from getaway.games.escape_plan.topology import Cell

CELL_WIDTH = 5
TILE_WIDTH = 3 * CELL_WIDTH
#: Terrain fill (industrial, commercial, residential, water).
TERRAIN_GLYPH = {"IND": "#", "COM": ".", "RES": ":", "WAT": "~"}
TERRAIN_NAME = {"IND": "industrial", "COM": "commercial", "RES": "residential", "WAT": "water"}
OFFICER_LETTER = {"FEDERAL": "F", "LOCAL": "L", "SWAT": "S"}
LOCATION_NAME = {
    "HOSPITAL": "Hospital",
    "GANG": "Gang",
    "BUSINESS_SPACE": "Business",
    "SAFE_HOUSE_SPACE": "Safe House",
    "STORE": "Store",
    "CLINIC": "Clinic",
    "CHURCH": "Church",
    "EXIT": "Exit",
    "METRO": "Metro",
    "HELIPORT": "Heliport",
}
_CODES = {
    "HOSPITAL": "HOS",
    "GANG": "GNG",
    "BUSINESS_SPACE": "BIZ",
    "SAFE_HOUSE_SPACE": "SH?",
    "CLINIC": "CLI",
    "CHURCH": "CHU",
    "METRO": "MET",
    "HELIPORT": "HEL",
}
#: The one line of the map's key on the main page; :data:`LEGEND` is the whole of it.
SHORT_LEGEND = (
    "Key: # industrial . commercial : residential ~ water; 1-5 players, S Sandra, C Costa; "
    "more: 'legend'"
)
LEGEND = (
    "Map key",
    "  cells: # industrial  . commercial  : residential  ~ water  ~FY~~ a Ferry icon",
    "  tile header: the tile id, (H) a Heliport tile, police F Federal, L Local, S SWAT",
    "  pawns after a location code: 1-5 the players, S Sandra, C Costa, + more (see the list",
    "    under the map), * a node the open Move has passed through",
    "  HOS Hospital, HQ the Gang HQ, GNG a Gang, STx Store x, EXn Exit n (exn: closed),",
    "  SHn Safe House n, CLI Clinic, CHU Church, MET Metro, HEL Heliport,",
    "  a Business by its first 3 letters (lower case: closed), BIZ / SH? an empty space",
    "  ? x,y: a free cell the tile being placed may go to (type cell:x,y)",
)


def pawn_mark(participant: str) -> str:
    """``p3`` -> ``3``, ``sandra`` -> ``S``, ``costa`` -> ``C``, :data:`PATH_MARK` as it is."""
    if participant.startswith("p") and participant[1:].isdigit():
        return participant[1:]
    return participant[:1].upper()


def rotated_cells(tile: CityTile, rotation: int) -> list[list[str]]:
    """The tile's drawing turned ``rotation`` degrees clockwise (as ``topology`` turns
    sides: after 90 degrees the west side faces north)."""
    cells = [list(row) for row in tile.cells]
    for _ in range(rotation // 90 % 4):
        size = len(cells)
        cells = [[cells[size - 1 - column][row] for column in range(size)] for row in range(size)]
    return cells


def location_code(scene: Scene, tile: CityTile, local: str) -> str:
    """The three-letter code of a location (module docstring)."""
    location = tile.locations[local]
    node = node_name(tile.id, local)
    if location.kind == "STORE":
        return f"ST{location.store}"
    if location.kind == "EXIT":
        number = location.exit or 0
        closed = scene.patrol_spaces.get(number, 0) >= 2
        return f"ex{number}" if closed else f"EX{number}"
    if location.kind == "GANG" and location.hq:
        return "HQ "
    if location.kind in ("BUSINESS_SPACE", "SAFE_HOUSE_SPACE"):
        for building in (*scene.businesses, *scene.safe_houses):
            if building.placed_on == node:
                if location.kind == "SAFE_HOUSE_SPACE":
                    return f"SH{building.id}"
                code = building.id[:3].upper()
                return code.lower() if building.closed else code
    return _CODES.get(location.kind, "???")


#: The mark of a node the open Move has passed through (``*``).
PATH_MARK = "*"


def pawns_at(scene: Scene) -> dict[str, list[str]]:
    """The participants in the city by the node they stand on, in turn order, and
    :data:`PATH_MARK` on each node the open Move has walked, ridden or flown to."""
    found: dict[str, list[str]] = {}
    for who, where in participants(scene):
        if where is not None:
            found.setdefault(where, []).append(who)
    for node in path_nodes(scene):
        found.setdefault(node, []).append(PATH_MARK)
    return found


def path_nodes(scene: Scene) -> list[str]:
    """The nodes named by the steps of the open Move (``walk:B1.store``,
    ``heli:<tool>:<node>``...), in order."""
    if not scene.decision_steps or scene.decision_steps[0] != "move":
        return []
    nodes = []
    for step in scene.decision_steps[1:]:
        node = step.partition(":")[2].rsplit(":", 1)[-1]
        if "." in node and node in scene.city.links:
            nodes.append(node)
    return nodes


def participants(scene: Scene) -> list[tuple[str, str | None]]:
    """(participant, node) for every player then Sandra and Costa; ``None`` off the map."""
    found: list[tuple[str, str | None]] = [
        (b.seat, b.location if b.status == "city" else None) for b in scene.players
    ]
    found += [(a.name, a.location if a.status == "city" else None) for a in scene.automata]
    return found


def _marks(who: list[str]) -> str:
    if len(who) > 2:
        return pawn_mark(who[0]) + "+"
    return "".join(pawn_mark(w) for w in who).ljust(2)


def _tile_lines(
    scene: Scene, tile: CityTile, rotation: int, pawns: Mapping[str, list[str]]
) -> list[str]:
    police = "".join(OFFICER_LETTER.get(o, "?") for o in scene.police.get(tile.id, ()))
    name = tile.id + (" (H)" if tile.heliport_tile else "")
    lines = [name.ljust(TILE_WIDTH - len(police)) + police]
    seen: set[str] = set()
    ferry_shown: set[str] = set()
    for row in rotated_cells(tile, rotation):
        text = ""
        for local in row:
            area = tile.areas.get(local)
            if area is not None:
                glyph = TERRAIN_GLYPH[area.terrain] * CELL_WIDTH
                if area.ferry and local not in ferry_shown:
                    ferry_shown.add(local)
                    glyph = "~FY~~"
                here = pawns.get(node_name(tile.id, local), [])
                if here and local not in seen:
                    glyph = glyph[:3] + _marks(here)
                text += glyph
            else:
                code = location_code(scene, tile, local)
                here = pawns.get(node_name(tile.id, local), []) if local not in seen else []
                text += code + _marks(here)
            seen.add(local)
        lines.append(text)
    return lines


def _empty_lines(cell: Cell, candidate: bool) -> list[str]:
    if not candidate:
        return [" " * TILE_WIDTH] * 4
    label = f"? {cell[0]},{cell[1]}"
    return [label.center(TILE_WIDTH), " " * TILE_WIDTH, "free".center(TILE_WIDTH), " " * TILE_WIDTH]


def draw_city(scene: Scene, candidates: Iterable[Cell] = ()) -> list[str]:
    """The map of the placed tiles (and of the ``candidates`` cells a tile may go to)."""
    placed = {entry.cell: entry for entry in scene.city.placed}
    free = set(candidates) - set(placed)
    cells = [*placed, *free]
    if not cells:
        return ["(no tile in the city)"]
    xs = range(min(c[0] for c in cells), max(c[0] for c in cells) + 1)
    ys = range(min(c[1] for c in cells), max(c[1] for c in cells) + 1)
    pawns = pawns_at(scene)
    border = "   +" + "+".join("-" * TILE_WIDTH for _ in xs) + "+"
    lines = ["   " + " " + " ".join(f"x={x}".center(TILE_WIDTH) for x in xs).rstrip()]
    for y in ys:
        lines.append(border)
        columns = []
        for x in xs:
            entry = placed.get((x, y))
            if entry is None:
                columns.append(_empty_lines((x, y), (x, y) in free))
            else:
                columns.append(_tile_lines(scene, entry.tile, entry.rotation, pawns))
        for index in range(4):
            label = f"{y:>2} " if index == 2 else "   "
            lines.append(label + "|" + "|".join(col[index] for col in columns) + "|")
    lines.append(border)
    return [line.rstrip() for line in lines]


def pawn_lines(scene: Scene) -> list[str]:
    """Who stands where, by name (the map's marks are only initials)."""
    lines = []
    for who, where in participants(scene):
        status = _status_of(scene, who)
        if where is None:
            lines.append(f"  {who:<7} {status}")
            continue
        lines.append(f"  {who:<7} {where} ({describe_node(scene, where)})")
    return lines


def _status_of(scene: Scene, who: str) -> str:
    for board in scene.players:
        if board.seat == who:
            return board.status
    for automaton in scene.automata:
        if automaton.name == who:
            return automaton.status
    return "?"


def describe_node(scene: Scene, node: str) -> str:
    """``START_H.hospital`` -> ``Hospital``; a terrain area -> its terrain."""
    tile_id, _, local = node.partition(".")
    tile = scene.content.tile(tile_id)
    if local in tile.areas:
        return TERRAIN_NAME[tile.areas[local].terrain]
    location = tile.locations.get(local)
    if location is None:
        return "?"
    name = LOCATION_NAME[location.kind]
    if location.kind == "STORE":
        return f"Store {location.store}"
    if location.kind == "EXIT":
        return f"Exit {location.exit}"
    if location.kind == "GANG":
        members, control = scene.gangs.get(node, (0, None))
        owner = f", controlled by {control}" if control else ""
        return f"Gang{' HQ' if location.hq else ''}, {members} members{owner}"
    for building in (*scene.businesses, *scene.safe_houses):
        if building.placed_on == node:
            if location.kind == "SAFE_HOUSE_SPACE":
                return f"Safe House {building.id}"
            return building_name(scene, building.id) + (" (closed)" if building.closed else "")
    return name


def building_name(scene: Scene, business: str) -> str:
    for entry in scene.content.buildings.businesses:
        if entry.id == business:
            return entry.name
    return business


def draw_tile(scene: Scene, tile_id: str) -> list[str]:
    """One tile as it lies unturned (the display's tiles), framed."""
    tile = scene.content.tile(tile_id)
    lines = _tile_lines(scene, tile, 0, {})
    edge = "+" + "-" * TILE_WIDTH + "+"
    return [edge, *("|" + line + "|" for line in lines), edge]
