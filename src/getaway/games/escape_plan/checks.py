"""The checks that need more than one entry or more than one file: counts against
``components.json`` (spec §2), unique ids, references between files, and the tile shapes of
§3.5. Each problem names its file and field; the first file with problems is raised as a
:class:`~getaway.core.content.ContentError` listing all of that file's problems.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from getaway.core.content import Problems, entry
from getaway.core.content import check_count as _count
from getaway.games.escape_plan import tiles
from getaway.games.escape_plan.city import CityMap
from getaway.games.escape_plan.schema import OFFICERS, STREETS, CityTile, Components, Location
from getaway.games.escape_plan.topology import CityTopology, SquareTopology

if TYPE_CHECKING:
    from getaway.games.escape_plan.content import Content

#: Contact effects that act on the card's "indicated type" of officer (§17.2).
_TYPED_CONTACT_EFFECTS = frozenset({"remove_officer", "avoid_type_on_tile", "move_officer"})
#: Each Escape Plan group's two money lines add up to this ($k, §17.6, §19 #47).
GROUP_MONEY = 150
#: Terrain areas per tile (§3.5.4 guidelines).
MIN_AREAS, MAX_AREAS = 2, 4
_TRANSPORT = ("METRO", "HELIPORT")
_SPACES_NOT_ON_START_TILES = ("BUSINESS_SPACE", "SAFE_HOUSE_SPACE")


def _duplicates(values: Iterable[object]) -> list[object]:
    return [value for value, times in Counter(values).items() if times > 1]


def _each_once(
    problems: Problems, file: str, listing: str, values: Iterable[object], what: str = "id"
) -> None:
    """A problem for each value of ``listing`` (its ``what``: an id, a colour) given twice."""
    label = f"{what} " if what else ""
    for value in _duplicates(values):
        problems.add(file, listing, f"{label}{value!r} is used twice")


def check_all(
    content: Content, names: dict[str, str], topology: CityTopology | None = None
) -> None:
    """Run every check; ``names`` maps each content kind to how errors name its file, and
    ``topology`` lays out the start tiles (the square grid of §3.5.1 by default)."""
    problems = Problems()
    check_components(content.components, names["components"], problems)
    check_tiles(content, names["city_tiles"], problems, topology or SquareTopology())
    check_buildings(content, names["buildings"], problems)
    check_escape_plans(content, names["escape_plans"], problems)
    check_cards(content, names, problems)
    check_decks(content, names, problems)
    check_notoriety(content, names["notoriety_track"], problems)
    check_police(content, names["police"], problems)
    check_player_board(content, names["player_board"], problems)
    check_player_counts(content, names["player_counts"], problems)
    check_scoring(content, names["scoring"], problems)
    problems.raise_first()


def check_components(components: Components, file: str, problems: Problems) -> None:
    transport = set(components.transport_locations)
    if transport != set(_TRANSPORT):
        problems.add(file, "transport_locations", f"must name exactly {', '.join(_TRANSPORT)}")
    fixed = set(components.locations)
    wrong = sorted(fixed & set(_TRANSPORT))
    if wrong:
        problems.add(file, "locations", f"{', '.join(wrong)} belong in transport_locations")
    stacked = components.start_tiles + components.city_stacks * components.tiles_per_stack
    if stacked != components.city_tiles:
        problems.add(
            file,
            "city_tiles",
            f"{components.city_tiles} is not start_tiles + city_stacks * tiles_per_stack "
            f"= {stacked}",
        )


# --- city_tiles.json ------------------------------------------------------------------------


def check_tiles(content: Content, file: str, problems: Problems, topology: CityTopology) -> None:
    components = content.components
    tile_list = content.city_tiles.tiles
    _count(problems, file, "tiles", len(tile_list), components.city_tiles, "tiles")
    _each_once(problems, file, "tiles", (tile.id for tile in tile_list))
    shapes_ok = True
    for index, tile in enumerate(tile_list):
        before = len(problems.by_file.get(file, []))
        check_tile_shape(tile, entry("tiles", index, tile.id), components, file, problems)
        shapes_ok &= len(problems.by_file.get(file, [])) == before
    _check_stacks(tile_list, components, file, problems)
    _check_location_counts(tile_list, components, file, problems)
    _check_start_tiles(tile_list, file, problems)
    if shapes_ok:
        _check_start_tiles_connect(tile_list, file, problems, topology)


def check_tile_shape(
    tile: CityTile, path: str, components: Components, file: str, problems: Problems
) -> None:
    """The drawing of one tile is a square whose nodes are declared, in one piece each, and
    laid out as §3.5.4's guidelines ask."""
    size = components.side_segments
    if len(tile.cells) != size or any(len(line) != size for line in tile.cells):
        rows = ", ".join(str(len(line)) for line in tile.cells)
        problems.add(
            file, f"{path}.cells", f"must be {size} rows of {size} cells (got rows of {rows})"
        )
        return
    both = sorted(set(tile.areas) & set(tile.locations))
    if both:
        problems.add(file, path, f"{', '.join(both)} is both an area and a location")
    declared = set(tiles.node_ids(tile))
    spots = tiles.spots_of(tile)
    for row, line in enumerate(tile.cells):
        for column, node in enumerate(line):
            if node not in declared:
                problems.add(
                    file,
                    f"{path}.cells[{row}][{column}]",
                    f"{node!r} is not an area or location of this tile; allowed: "
                    f"{', '.join(sorted(declared))}",
                )
    for node in sorted(declared - set(spots)):
        field = "areas" if node in tile.areas else "locations"
        problems.add(file, f"{path}.{field}.{node}", "covers no cell of the drawing")
    for node, cells in spots.items():
        if node in declared and not tiles.is_connected(cells):
            problems.add(file, f"{path}.cells", f"the cells of {node!r} are not in one piece")
    _check_areas(tile, path, file, problems)
    _check_locations(tile, path, file, problems)
    for direction, segments in tiles.sides(tile).items():
        if not any(_is_street(tile, node) for node in segments):
            problems.add(file, f"{path}.cells", f"side {direction} has no street segment (§3.5.4)")


def _is_street(tile: CityTile, node: str) -> bool:
    area = tile.areas.get(node)
    return area is not None and area.terrain in STREETS


def _check_areas(tile: CityTile, path: str, file: str, problems: Problems) -> None:
    if not MIN_AREAS <= len(tile.areas) <= MAX_AREAS:
        problems.add(
            file,
            f"{path}.areas",
            f"{len(tile.areas)} terrain areas; a tile has {MIN_AREAS} to {MAX_AREAS} (§3.5.4)",
        )
    for name, area in tile.areas.items():
        if area.ferry and area.terrain != "WAT":
            problems.add(file, f"{path}.areas.{name}.ferry", "a Ferry icon sits on water only")
    for pair in tiles.links(tile):
        a, b = sorted(pair)
        area_a, area_b = tile.areas.get(a), tile.areas.get(b)
        if area_a and area_b and area_a.terrain == area_b.terrain:
            problems.add(
                file,
                f"{path}.cells",
                f"areas {a!r} and {b!r} are both {area_a.terrain} and touch: make them one area",
            )


def _check_locations(tile: CityTile, path: str, file: str, problems: Problems) -> None:
    linked = tiles.links(tile)
    for name, location in tile.locations.items():
        where = f"{path}.locations.{name}"
        if (location.store is None) != (location.kind != "STORE"):
            problems.add(file, f"{where}.store", "a STORE has a letter A-D; nothing else has one")
        if (location.exit is None) != (location.kind != "EXIT"):
            problems.add(file, f"{where}.exit", "an EXIT has a number 1-3; nothing else has one")
        if location.hq and location.kind != "GANG":
            problems.add(file, f"{where}.hq", "only a GANG location can be the Gang HQ")
        touched = [other for pair in linked if name in pair for other in pair if other != name]
        terrains = {tile.areas[other].terrain for other in touched if other in tile.areas}
        if location.on_water and "WAT" not in terrains:
            problems.add(file, where, "is on the water but touches no water area")
        if not location.on_water and not terrains & STREETS:
            problems.add(file, where, "touches no street area (§3.5.4)")


def _check_stacks(
    tile_list: Sequence[CityTile], components: Components, file: str, problems: Problems
) -> None:
    stacks = Counter(tile.stack for tile in tile_list)
    _count(problems, file, "tiles", stacks.pop(None, 0), components.start_tiles, "start tiles")
    _count(problems, file, "tiles", len(stacks), components.city_stacks, "stacks")
    for letter, found in sorted(stacks.items()):
        _count(
            problems, file, "tiles", found, components.tiles_per_stack, f"tiles in stack {letter}"
        )


def _check_location_counts(
    tile_list: Sequence[CityTile], components: Components, file: str, problems: Problems
) -> None:
    kinds = Counter(location.kind for tile in tile_list for location in tile.locations.values())
    for kind, wanted in {**components.locations, **components.transport_locations}.items():
        _count(problems, file, "tiles", kinds.get(kind, 0), wanted, f"{kind} locations")
    labels = [
        ("store", sorted(str(loc.store) for t in tile_list for loc in _kind(t, "STORE"))),
        ("exit", sorted(str(loc.exit) for t in tile_list for loc in _kind(t, "EXIT"))),
    ]
    for label, found in labels:
        for value in _duplicates(found):
            problems.add(file, "tiles", f"{label} {value} appears on more than one location")
    for index, tile in enumerate(tile_list):
        if len(list(_kind(tile, "EXIT"))) > 1:
            problems.add(file, entry("tiles", index, tile.id), "holds 2 Exits; each has its own")
    heliports = sum(tile.heliport_tile for tile in tile_list)
    _count(problems, file, "tiles", heliports, components.heliport_tiles, "Heliport tiles")
    ferries = sum(area.ferry for tile in tile_list for area in tile.areas.values())
    _count(problems, file, "tiles", ferries, components.ferry_icons, "Ferry icons")


def _kind(tile: CityTile, kind: str) -> list[Location]:
    return [location for location in tile.locations.values() if location.kind == kind]


def _check_start_tiles(tile_list: Sequence[CityTile], file: str, problems: Problems) -> None:
    """The Hospital on one start tile and the Gang HQ on the other (§3.2); start tiles carry
    no Business or Safe House space and no Exit (§3.5.4)."""
    for index, tile in enumerate(tile_list):
        path = entry("tiles", index, tile.id)
        kinds = {location.kind for location in tile.locations.values()}
        has_hq = any(location.hq for location in tile.locations.values())
        if tile.stack is None:
            for kind in (*_SPACES_NOT_ON_START_TILES, "EXIT"):
                if kind in kinds:
                    problems.add(file, f"{path}.locations", f"a start tile holds no {kind}")
            if ("HOSPITAL" in kinds) == has_hq:
                problems.add(
                    file,
                    f"{path}.locations",
                    "a start tile holds either the Hospital or the Gang HQ (§3.2)",
                )
        elif "HOSPITAL" in kinds or has_hq:
            problems.add(
                file, f"{path}.locations", "the Hospital and the Gang HQ are on start tiles"
            )


def _check_start_tiles_connect(
    tile_list: Sequence[CityTile], file: str, problems: Problems, topology: CityTopology
) -> None:
    """Both start tiles, either way round and with both arrows up or both down, share at
    least one terrain of the same type across their common side (§3.5.2)."""
    starts = [tile for tile in tile_list if tile.stack is None]
    if len(starts) != 2:
        return
    first_cell, second_cell = topology.start_cells
    for first, second in (starts, starts[::-1]):
        for rotation in topology.start_rotations:
            city = CityMap(topology).with_tile(first, first_cell, rotation)
            if not city.connects(second, second_cell, rotation):
                problems.add(
                    file,
                    "tiles",
                    f"start tiles {first.id} (west) and {second.id} (east) turned {rotation}° "
                    "share no terrain of the same type",
                )


# --- buildings.json and escape_plans.json -------------------------------------------------


def building_references(content: Content) -> list[str]:
    """``business:<id>`` for each Business, then ``safe_house:<n>`` for each Safe House."""
    buildings = content.buildings
    return [f"business:{b.id}" for b in buildings.businesses] + [
        f"safe_house:{house.number}" for house in buildings.safe_houses
    ]


def check_buildings(content: Content, file: str, problems: Problems) -> None:
    components, buildings = content.components, content.buildings
    _count(
        problems,
        file,
        "businesses",
        len(buildings.businesses),
        components.businesses,
        "Businesses",
    )
    _count(
        problems,
        file,
        "safe_houses",
        len(buildings.safe_houses),
        components.safe_houses,
        "Safe Houses",
    )
    for listing, idents in (
        ("businesses", [b.id for b in buildings.businesses]),
        ("safe_houses", [h.id for h in buildings.safe_houses]),
        ("safe_houses", [h.number for h in buildings.safe_houses]),
    ):
        _each_once(problems, file, listing, idents, what="")
    groups = Counter(business.group for business in buildings.businesses)
    _count(problems, file, "businesses", len(groups), components.business_groups, "groups")
    for group, found in sorted(groups.items()):
        wanted = components.businesses // max(components.business_groups, 1)
        _count(problems, file, "businesses", found, wanted, f"Businesses in group {group}")


def check_escape_plans(content: Content, file: str, problems: Problems) -> None:
    cards = content.escape_plans.cards
    _count(problems, file, "cards", len(cards), content.components.escape_plan_cards, "cards")
    _each_once(problems, file, "cards", (card.id for card in cards))
    references = building_references(content)
    groups = _plan_groups(content)
    seen: dict[tuple[tuple[str, object], ...], int] = {}
    for index, card in enumerate(cards):
        path = entry("cards", index, card.id)
        missing = [ref for ref in references if ref not in card.lines]
        unknown = [ref for ref in card.lines if ref not in references]
        if missing or unknown:
            problems.add(
                file,
                f"{path}.lines",
                f"must have one line per Business and Safe House: {', '.join(references)}"
                + (f"; missing {', '.join(missing)}" if missing else "")
                + (f"; unknown {', '.join(unknown)}" if unknown else ""),
            )
            continue
        for name, members in groups.items():
            values = [card.lines[ref] for ref in members]
            money = [value for value in values if isinstance(value, int)]
            if len(money) != len(values) - 1 or sum(money) != GROUP_MONEY:
                problems.add(
                    file,
                    f"{path}.lines",
                    f"{name}: exactly one Income icon and money lines adding up to "
                    f"{GROUP_MONEY} (§17.6); got {values}",
                )
        key = tuple(sorted(card.lines.items()))
        if key in seen:
            problems.add(file, f"{path}.lines", f"same lines as card {seen[key]}; each is unique")
        seen.setdefault(key, card.id)


def _plan_groups(content: Content) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for business in content.buildings.businesses:
        groups.setdefault(f"Business group {business.group}", []).append(f"business:{business.id}")
    groups["Safe Houses"] = [f"safe_house:{h.number}" for h in content.buildings.safe_houses]
    return groups


# --- cards and tiles of the supply --------------------------------------------------------


def check_cards(content: Content, names: dict[str, str], problems: Problems) -> None:
    components = content.components
    file = names["contacts"]
    contacts = content.contacts.cards
    copies = sum(card.copies for card in contacts)
    _count(problems, file, "cards", copies, components.contact_cards, "cards (copies)")
    _each_once(problems, file, "cards", (card.id for card in contacts))
    for index, card in enumerate(contacts):
        typed = card.effect in _TYPED_CONTACT_EFFECTS
        if typed != (card.officer is not None):
            problems.add(
                file,
                f"{entry('cards', index, card.id)}.officer",
                f"{card.effect} needs an indicated type" if typed else f"{card.effect} has none",
            )

    file = names["fixers"]
    fixers = content.fixers.fixers
    _count(problems, file, "fixers", len(fixers), components.fixers, "Fixer tiles")
    _each_once(problems, file, "fixers", (fixer.id for fixer in fixers))

    file = names["equipment"]
    kinds = content.equipment.equipment
    _count(problems, file, "equipment", len(kinds), components.equipment_types, "types")
    _each_once(problems, file, "equipment", (kind.id for kind in kinds))
    for index, kind in enumerate(kinds):
        path = entry("equipment", index, kind.id)
        _count(problems, file, f"{path}.count", kind.count, components.equipment_per_type, "tiles")
        if not kind.avoids or _duplicates(kind.avoids):
            problems.add(file, f"{path}.avoids", "one or more different officer types")

    _check_lockers(content, names["lockers"], problems)
    _check_exit_tiles(content, names["exit_tiles"], problems)
    _check_patrol(content, names["patrol_cards"], problems)
    _check_assets(content, names["assets"], problems)


def _check_lockers(content: Content, file: str, problems: Problems) -> None:
    components = content.components
    stacks = content.lockers.stacks
    _count(problems, file, "stacks", len(stacks), components.locker_colours, "colours")
    _each_once(problems, file, "stacks", (stack.colour for stack in stacks), "colour")
    for index, stack in enumerate(stacks):
        path = entry("stacks", index, stack.colour)
        found = len(stack.values)
        _count(problems, file, f"{path}.values", found, components.lockers_per_colour, "tiles")
        if stack.values.count(0) != 1 or min(stack.values, default=0) < 0:
            problems.add(file, f"{path}.values", "exactly one $0 tile, no negative value (§2.1)")
    keys = sum(stack.keys for stack in stacks)
    _count(problems, file, "stacks", keys, components.keys, "keys")


def _check_exit_tiles(content: Content, file: str, problems: Problems) -> None:
    components = content.components
    stacks = content.exit_tiles.stacks
    _count(problems, file, "stacks", len(stacks), components.exit_tile_types, "types")
    _each_once(problems, file, "stacks", (stack.id for stack in stacks))
    for index, stack in enumerate(stacks):
        path = f"{entry('stacks', index, stack.id)}.values"
        _count(problems, file, path, len(stack.values), components.exit_tiles_per_type, "tiles")
        if min(stack.values, default=0) < 0:
            problems.add(file, path, "values are $k of money: 0 or more")


def _check_patrol(content: Content, file: str, problems: Problems) -> None:
    cards = content.patrol_cards.cards
    copies = sum(card.copies for card in cards)
    _count(problems, file, "cards", copies, content.components.patrol_cards, "cards (copies)")
    exits = _exit_numbers(content)
    for index, card in enumerate(cards):
        if card.exit not in exits:
            problems.add(
                file,
                f"{entry('cards', index)}.exit",
                f"Exit {card.exit} is on no City tile; Exits: {sorted(exits)}",
            )
    for number in _duplicates(card.exit for card in cards):
        problems.add(file, "cards", f"Exit {number} is listed twice; give it copies instead")
    missing = sorted(exits - {card.exit for card in cards})
    if missing:
        problems.add(file, "cards", f"no card for Exit(s) {missing}")


def _exit_numbers(content: Content) -> set[int]:
    return {
        location.exit
        for tile in content.city_tiles.tiles
        for location in tile.locations.values()
        if location.exit is not None
    }


def _check_assets(content: Content, file: str, problems: Problems) -> None:
    components, assets = content.components, content.assets
    found = len(assets.assets)
    _count(problems, file, "assets", found, components.asset_tiles_per_player, "Asset tiles")
    slots = assets.unlocked_slot_costs
    _count(
        problems, file, "unlocked_slot_costs", len(slots), components.unlocked_asset_slots, "slots"
    )
    if slots and (slots[0] != 5 or slots != sorted(slots, reverse=True)):
        problems.add(
            file, "unlocked_slot_costs", "most expensive first, starting at $5k (§4 [BOTH])"
        )
    _each_once(problems, file, "assets", (asset.id for asset in assets.assets))
    starts = Counter[str](asset.start for asset in assets.assets)
    for start, wanted in (("unlocked_slot", 1), ("item_space", 3), ("contact_space", 3)):
        if starts[start] != wanted:
            problems.add(file, "assets", f"{wanted} Asset(s) start on {start} (§5.5)")
    for index, asset in enumerate(assets.assets):
        if (asset.effect == "move_officer") != (asset.officer is not None):
            problems.add(
                file,
                f"{entry('assets', index, asset.id)}.officer",
                "a police-move Asset names its officer type; no other Asset does",
            )


# --- decks ----------------------------------------------------------------------------------


def location_references(content: Content) -> list[str]:
    """Every location a deck card can name: Businesses, Safe Houses, Stores, Exits."""
    stores = sorted(
        str(location.store)
        for tile in content.city_tiles.tiles
        for location in tile.locations.values()
        if location.store is not None
    )
    exits = sorted(_exit_numbers(content))
    return (
        building_references(content)
        + [f"store:{letter}" for letter in stores]
        + [f"exit:{number}" for number in exits]
    )


def check_decks(content: Content, names: dict[str, str], problems: Problems) -> None:
    references = location_references(content)
    colours = {stack.colour for stack in content.lockers.stacks}
    for kind, deck, wanted in (
        ("inspector_deck", content.inspector_deck, content.components.inspector_cards),
        ("lieutenant_deck", content.lieutenant_deck, content.components.lieutenant_cards),
    ):
        file = names[kind]
        _count(problems, file, "cards", len(deck.cards), wanted, "cards")
        for index, card in enumerate(deck.cards):
            path = entry("cards", index, card.location)
            if card.location not in references:
                problems.add(
                    file,
                    f"{path}.location",
                    f"{card.location!r} names no location; allowed: {', '.join(references)}",
                )
            is_store = card.location.startswith("store:")
            if is_store != bool(card.locker_stacks):
                problems.add(
                    file, f"{path}.locker_stacks", "a Store card shows Locker stacks; no other"
                )
            for colour in card.locker_stacks:
                if colour not in colours:
                    problems.add(file, f"{path}.locker_stacks", f"no Locker stack {colour!r}")
        for location in _duplicates(card.location for card in deck.cards):
            problems.add(file, "cards", f"{location!r} has two cards")
        missing = sorted(set(references) - {card.location for card in deck.cards})
        if missing:
            problems.add(file, "cards", f"no card for {', '.join(missing)}")


def check_notoriety(content: Content, file: str, problems: Problems) -> None:
    components, track = content.components, content.notoriety_track
    levels = [level.level for level in track.levels]
    _count(problems, file, "levels", len(levels), components.notoriety_levels, "levels")
    if levels != list(range(1, len(levels) + 1)):
        problems.add(file, "levels", f"levels must run 1, 2, 3, ... from the bottom; got {levels}")
    penalties = [level.penalty for level in track.levels]
    if penalties != sorted(penalties, reverse=True) or (penalties and penalties[0] != 0):
        problems.add(
            file, "levels", "the penalty starts at 0 on the bottom row and only grows (§3.1)"
        )
    lines = [threshold.below for threshold in track.thresholds]
    found = len(lines)
    _count(problems, file, "thresholds", found, components.notoriety_thresholds, "thresholds")
    if lines != sorted(set(lines)) or any(not 1 <= line < len(levels) for line in lines):
        problems.add(
            file,
            "thresholds",
            f"each line lies between two levels (below = 1..{len(levels) - 1}), bottom first",
        )


# --- police, the player board, player counts and scoring -----------------------------------

#: Days in a game (§6): one Patrol draw each.
DAYS = 3
#: Participants who escape in a solo game: the human and Costa (§16.5, §19 #31).
SOLO_ESCAPEES = 2


def check_police(content: Content, file: str, problems: Problems) -> None:
    police = content.police
    types = [kind.type for kind in police.officers]
    if types != list(OFFICERS):
        problems.add(file, "officers", f"one entry per type, in the order {', '.join(OFFICERS)}")
    total = sum(kind.count for kind in police.officers)
    _count(problems, file, "officers", total, content.components.police_officers, "officers")
    draws = police.patrol_draws_per_day
    dealt = content.components.patrol_cards - 1
    if len(draws) != DAYS or sum(draws) != dealt or min(draws, default=0) < 1:
        problems.add(
            file,
            "patrol_draws_per_day",
            f"one draw count (1 or more) per Day for {DAYS} Days, adding up to the {dealt} "
            f"Patrol cards left after one goes back to the box (§6.2); got {draws}",
        )


def check_player_board(content: Content, file: str, problems: Problems) -> None:
    board, components = content.player_board, content.components
    starts = Counter[str](asset.start for asset in content.assets.assets)
    for field, found, start in (
        ("item_spaces", board.item_spaces, "item_space"),
        ("contact_spaces", board.contact_spaces, "contact_space"),
    ):
        if found < starts[start]:
            problems.add(
                file,
                field,
                f"{found} spaces cannot hold the {starts[start]} Assets that start there",
            )
    _count(problems, file, "key_slots", board.key_slots, components.safe_houses, "key slots")
    if board.gang_members != 2 * board.gang_control_markers:
        problems.add(
            file, "gang_members", "2 members for each Gang Control marker (a gang has 2, §4)"
        )
    if board.gas_cans > components.gas_cans:
        problems.add(file, "gas_cans", f"more than the {components.gas_cans} in the supply")
    discs = board.extra_action_discs
    if discs is not None and discs > components.extra_action_discs:
        problems.add(
            file,
            "extra_action_discs",
            f"more than the {components.extra_action_discs} in the supply; null for no limit",
        )


def check_player_counts(content: Content, file: str, problems: Problems) -> None:
    counts = content.player_counts.counts
    players = [count.players for count in counts]
    wanted = list(range(1, content.components.player_colours + 1))
    if players != wanted:
        problems.add(
            file, "counts", f"one entry per player count {wanted}, in order; got {players}"
        )
    closing: dict[str, int] = {}
    for index, count in enumerate(counts):
        path = entry("counts", index)
        side = "1-3" if count.players <= 3 else "4-5"
        if count.board_side != side:
            problems.add(file, f"{path}.board_side", f"{count.players} players use side {side}")
        if closing.setdefault(count.board_side, count.business_closes_at) != (
            count.business_closes_at
        ):
            problems.add(
                file,
                f"{path}.business_closes_at",
                f"side {count.board_side} closes a Business at "
                f"{closing[count.board_side]} cubes on every player count",
            )
        costs = count.exit_costs
        escapees = max(count.players, SOLO_ESCAPEES)
        if len(costs) != escapees or costs[:1] != [0] or costs != sorted(costs):
            problems.add(
                file,
                f"{path}.exit_costs",
                f"{escapees} costs, one per escapee (solo: the human and Costa), the first $0 "
                f"and never falling (§13.2); got {costs}",
            )


def check_scoring(content: Content, file: str, problems: Problems) -> None:
    bonus = content.scoring.contact_set_bonus
    spaces = content.player_board.contact_spaces
    if len(bonus) != spaces + 1 or bonus[:1] != [0] or bonus != sorted(bonus):
        problems.add(
            file,
            "contact_set_bonus",
            f"{spaces + 1} values, for 0 to {spaces} Contact cards (player_board.json "
            f"contact_spaces), starting at 0 and never falling; got {bonus}",
        )
