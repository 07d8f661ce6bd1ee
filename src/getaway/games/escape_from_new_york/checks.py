"""The checks that need more than one entry or more than one file: counts against
``components.json`` (spec §2), unique ids, references between files, and the board's shape
(§3.1). Each problem names its file and field; the first file with problems is raised as a
:class:`~getaway.core.content.ContentError` listing all of that file's problems.

Only what the rulebook states (or what the data's own references require) is checked, so the
printed values can replace the placeholders and still pass.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from getaway.core.content import Problems, entry
from getaway.core.content import check_count as _count
from getaway.games.escape_from_new_york.schema import (
    AddNewYorkSpecial,
    BaseComponents,
    Boss,
    CardTarget,
    DiplomatToken,
    EnterBoss,
    PlacePresident,
    VehicleTarget,
)
from getaway.games.escape_from_new_york.topology import OPPOSITE, Cell, HexTopology

if TYPE_CHECKING:
    from getaway.games.escape_from_new_york.content import Content

#: Spaces of each colour the text counts (§3.1 [T]); black and green match their tile decks.
_RED_CELLS, _YELLOW_CELLS, _BLUE_CELLS, _LIBRARY_NEIGHBOURS = 8, 1, 1, 6
_HEROES = ("snake", "maggie", "brain", "cabbie")
_BOSSES = ("romero", "slag", "duke")
#: The bosses a landmark brings (§8.1): the Duke enters only with the President.
_LANDMARK_BOSSES = ("romero", "slag")
#: Action cards and special cards per hero (§2.1), extra SGB specials per hero (§2.2).
_ACTION_CARDS, _SPECIAL_CARDS, _SGB_SPECIAL_CARDS = 8, 3, 2
#: Bridge Diagram 3 exists (it is Brain's starting card, §4.2).
_KNOWN_BRIDGE = 3


def _each_once(problems: Problems, file: str, listing: str, values: Iterable[object]) -> None:
    for value, times in Counter(values).items():
        if times > 1:
            problems.add(file, listing, f"id {value!r} is used twice")


def check_all(content: Content, names: dict[str, str]) -> None:
    """Run every check; ``names`` maps each content kind to how errors name its file."""
    problems = Problems()
    check_player_counts(content, names["player_counts"], problems)
    check_board(content, names["board"], problems)
    check_tiles(content, names["tiles"], problems)
    check_traps(content, names["traps"], problems)
    check_enemies(content, names["enemies"], problems)
    check_landmarks(content, names["landmarks"], problems)
    check_heroes(content, names["heroes"], problems)
    check_hero_cards(content, names["hero_cards"], problems)
    check_new_york(content, names["new_york"], problems)
    check_items(content, names["items"], problems)
    check_diplomats(content, names["diplomats"], problems)
    check_events(content, names["events"], problems)
    check_timer(content, names["timer"], problems)
    check_event_track(content, names["event_track"], problems)
    check_objectives(content, names["objectives"], problems)
    check_level_tokens(content, names["level_tokens"], problems)
    check_outskirts(content, names["outskirts"], problems)
    check_cars(content, names["cars"], problems)
    problems.raise_first()


# --- player_counts.json (§4.1) -------------------------------------------------------------


def check_player_counts(content: Content, file: str, problems: Problems) -> None:
    base = content.components.base
    counts = content.player_counts.counts
    players = [count.players for count in counts]
    if sorted(players) != [1, 2, 3, 4]:
        problems.add(file, "counts", f"must list 1, 2, 3 and 4 players once each, not {players}")
    per_colour = base.objective_cards // base.objective_colours
    fixed_cards = base.timer_hurry + base.timer_red
    for index, count in enumerate(counts):
        where = entry("counts", index)
        if count.black_timer_cards > base.timer_black:
            problems.add(
                file,
                f"{where}.black_timer_cards",
                f"{count.black_timer_cards} is more than the {base.timer_black} black cards "
                "of components.json",
            )
        if count.timer_deck != count.black_timer_cards + fixed_cards:
            problems.add(
                file,
                f"{where}.timer_deck",
                f"{count.timer_deck} is not black_timer_cards + Hurry! + red "
                f"= {count.black_timer_cards + fixed_cards}",
            )
        if count.objectives_per_colour > per_colour:
            problems.add(
                file,
                f"{where}.objectives_per_colour",
                f"{count.objectives_per_colour} is more than the {per_colour} cards of a colour",
            )
        left = count.objectives_per_colour - count.players
        if count.objectives_left_per_colour != left:
            problems.add(
                file,
                f"{where}.objectives_left_per_colour",
                f"{count.objectives_left_per_colour} is not objectives_per_colour - players "
                f"= {left} (each hero takes one of each colour)",
            )
    advanced = content.player_counts.advanced
    fewest = min((count.black_timer_cards for count in counts), default=0)
    if advanced.fewer_black_timer_cards >= fewest:
        problems.add(
            file, "advanced.fewer_black_timer_cards", "would leave no black timer card to play"
        )
    if advanced.fewer_prisoners >= base.prisoners:
        problems.add(file, "advanced.fewer_prisoners", "would leave no prisoner figure")


# --- board.json (§3.1, §3.3) ----------------------------------------------------------------


def check_board(content: Content, file: str, problems: Problems) -> None:
    board = content.board
    base = content.components.base
    seen: Counter[Cell] = Counter()
    for index, cell in enumerate(board.cells):
        where = entry("cells", index)
        seen[(cell.col, cell.row)] += 1
        if cell.col >= board.columns or cell.row >= board.rows:
            problems.add(
                file, where, f"({cell.col}, {cell.row}) lies outside {board.columns} x {board.rows}"
            )
        if cell.outskirts and cell.kind not in ("city", "park"):
            problems.add(
                file, f"{where}.outskirts", "a ? space takes a tile, so it is black or green"
            )
        if cell.park_centre and cell.kind != "park":
            problems.add(file, f"{where}.park_centre", "the park's centre is a park space")
        if cell.printed is not None and cell.kind != "library_ring":
            problems.add(file, f"{where}.printed", "only the Library's printed ring shows symbols")
    for place, times in seen.items():
        if times > 1:
            problems.add(file, "cells", f"cell {place} is listed {times} times")
    kinds: Counter[str] = Counter(cell.kind for cell in board.cells)
    wanted = {
        "landmark": (_RED_CELLS, "red spaces (§3.1)"),
        "library": (_YELLOW_CELLS, "yellow space (§3.1)"),
        "wtc": (_BLUE_CELLS, "blue space (§3.1)"),
        "library_ring": (_LIBRARY_NEIGHBOURS, "printed ring spaces (§3.1)"),
        "city": (base.city_tiles, "black spaces, one per city tile (§2.1)"),
        "park": (base.park_tiles, "green spaces, one per Central Park tile (§2.1)"),
    }
    for kind, (number, what) in wanted.items():
        if kinds[kind] != number:
            problems.add(file, "cells", f"{kinds[kind]} {kind} cells; wanted {number} {what}")
    if kinds["landmark"] != base.landmark_tiles:
        problems.add(file, "cells", f"the {base.landmark_tiles} landmark tiles need as many cells")
    outskirts = sum(cell.outskirts for cell in board.cells)
    _count(problems, file, "cells", outskirts, base.outskirts_tokens, "? spaces (outskirts)")
    centres = [cell for cell in board.cells if cell.park_centre]
    if len(centres) != 1:
        problems.add(file, "cells", f"{len(centres)} park centres; Central Park has one")
    if seen and all(times == 1 for times in seen.values()):
        _check_geometry(content, file, problems)


def _check_geometry(content: Content, file: str, problems: Problems) -> None:
    board = content.board
    topology = content.topology
    by_cell = {(cell.col, cell.row): cell for cell in board.cells}
    if not topology.connected():
        problems.add(file, "cells", "the board is not connected: some spaces cannot be reached")
    for cell in board.cells:
        here = (cell.col, cell.row)
        neighbours = topology.neighbours(here)
        if cell.kind == "library":
            ring = sorted(there for there in neighbours.values())
            rings = sorted(c for c, other in by_cell.items() if other.kind == "library_ring")
            if len(neighbours) != _LIBRARY_NEIGHBOURS or ring != rings:
                problems.add(
                    file,
                    "cells",
                    f"the Library at {here} must have its 6 printed ring spaces as its only "
                    f"neighbours (§3.1); it has {ring}",
                )
            _check_library_central(cell.col, cell.row, board.columns, board.rows, file, problems)
            parks = sorted((c.col, c.row) for c in board.cells if c.kind == "park")
            left = [park for park in parks if park[0] <= cell.col]
            if left:
                problems.add(
                    file,
                    "cells",
                    f"Central Park lies on the right-hand side of the board (§3.1), right of "
                    f"the Library; {left} are not",
                )
        if cell.outskirts and len(neighbours) == len(OPPOSITE):
            problems.add(file, "cells", f"the ? space {here} is not on the coast (§3.1)")
        if cell.park_centre and any(by_cell[there].kind != "park" for there in neighbours.values()):
            problems.add(file, "cells", f"the park centre {here} is not surrounded by park")
    _check_bridges(content, file, problems, by_cell, topology)


def _check_library_central(
    col: int, row: int, columns: int, rows: int, file: str, problems: Problems
) -> None:
    # "The Library in the centre of the board" (§3.1 [T]): within the middle half each way,
    # a tolerance loose enough for any printed board the text describes.
    if abs(col - (columns - 1) / 2) > columns / 4 or abs(row - (rows - 1) / 2) > rows / 4:
        problems.add(file, "cells", f"the Library at ({col}, {row}) is not in the centre")


def _check_bridges(
    content: Content,
    file: str,
    problems: Problems,
    by_cell: Mapping[Cell, object],
    topology: HexTopology,
) -> None:
    bridges = content.board.bridges
    numbers = [bridge.number for bridge in bridges]
    for number, times in Counter(numbers).items():
        if times > 1:
            problems.add(file, "bridges", f"bridge {number} is listed twice")
    if _KNOWN_BRIDGE not in numbers:
        problems.add(file, "bridges", f"bridge {_KNOWN_BRIDGE} exists (§4.2): list it")
    for index, bridge in enumerate(bridges):
        where = entry("bridges", index)
        cell = (bridge.col, bridge.row)
        if cell not in by_cell:
            problems.add(file, where, f"({bridge.col}, {bridge.row}) is not a cell of the board")
            continue
        if topology.step(cell, bridge.direction) in by_cell:
            problems.add(
                file, f"{where}.direction", "a bridge road leads off the board, not into a cell"
            )
        if not topology.shows_road(cell, bridge.direction):
            problems.add(file, f"{where}.direction", "the cell shows no road there")


# --- tiles.json (§7.16, §12) ----------------------------------------------------------------


def check_tiles(content: Content, file: str, problems: Problems) -> None:
    base, sgb = content.components.base, content.components.sgb
    tiles = content.tiles.tiles
    _each_once(problems, file, "tiles", (tile.id for tile in tiles))
    city = sum(tile.deck == "city" and not tile.sgb for tile in tiles)
    park = sum(tile.deck == "park" and not tile.sgb for tile in tiles)
    traps = [tile for tile in tiles if tile.trap is not None]
    _count(problems, file, "tiles", city, base.city_tiles, "city tiles")
    _count(problems, file, "tiles", park, base.park_tiles, "park tiles")
    _count(problems, file, "tiles", len(traps), sgb.trap_tiles, "trap tiles")
    for index, tile in enumerate(tiles):
        where = entry("tiles", index, tile.id)
        if tile.trap is not None and not (tile.sgb and tile.deck == "city"):
            problems.add(file, f"{where}.trap", "trap tiles are SGB city tiles (§12)")
        if tile.roads is not None:
            blocked = sorted(set(tile.symbols.barricades) - set(tile.roads))
            if blocked:
                problems.add(
                    file,
                    f"{where}.symbols.barricades",
                    f"a barricade sits on a road; the tile shows none to {', '.join(blocked)}",
                )


def check_traps(content: Content, file: str, problems: Problems) -> None:
    cards = content.traps.cards
    _each_once(problems, file, "cards", (card.id for card in cards))
    total = sum(card.copies for card in cards)
    _count(problems, file, "cards", total, content.components.sgb.trap_cards, "trap cards")
    if not any(card.triggered for card in cards):
        problems.add(file, "cards", 'one trap card is "Triggered" (§12)')


# --- enemies.json and landmarks.json (§7.3, §8.1) --------------------------------------------


def check_enemies(content: Content, file: str, problems: Problems) -> None:
    bosses = content.enemies.bosses
    ids = [boss.id for boss in bosses]
    _each_once(problems, file, "bosses", ids)
    if sorted(ids) != sorted(_BOSSES):
        problems.add(file, "bosses", f"must list {', '.join(_BOSSES)} (§2.1)")
    _count(problems, file, "bosses", len(bosses), content.components.base.boss_figures, "bosses")


def check_landmarks(content: Content, file: str, problems: Problems) -> None:
    landmarks = content.landmarks.landmarks
    base = content.components.base
    _each_once(problems, file, "landmarks", (landmark.id for landmark in landmarks))
    _count(problems, file, "landmarks", len(landmarks), base.landmark_tiles, "landmarks")
    for role in ("dukes_camp", "nothing_here"):
        holders = [landmark.id for landmark in landmarks if landmark.role == role]
        if len(holders) != 1:
            problems.add(file, "landmarks", f"exactly one landmark is {role} (§7.10): {holders}")
    bosses: dict[str, Boss] = {boss.id: boss for boss in content.enemies.bosses}
    specials = {card.id for card in content.new_york.cards if card.special and not card.hard}
    entered: Counter[str] = Counter()
    slots: Counter[int] = Counter()
    added: Counter[str] = Counter()
    for index, landmark in enumerate(landmarks):
        where = entry("landmarks", index, landmark.id)
        presidents = 0
        for number, effect in enumerate(landmark.effects):
            field = f"{where}.effects[{number}]"
            if isinstance(effect, PlacePresident):
                presidents += 1
            elif isinstance(effect, EnterBoss):
                entered[effect.boss] += 1
                _check_boss_entry(effect, bosses, base, file, field, problems)
                if effect.diplomat is not None:
                    slots[effect.diplomat] += 1
            elif isinstance(effect, DiplomatToken):
                slots[effect.slot] += 1
                if not 1 <= effect.slot <= base.diplomat_tokens:
                    problems.add(file, f"{field}.slot", f"slots are 1-{base.diplomat_tokens}")
            elif isinstance(effect, AddNewYorkSpecial):
                added[effect.card] += 1
                if effect.card not in specials:
                    problems.add(
                        file,
                        f"{field}.card",
                        f"names no New York special card; allowed: {', '.join(sorted(specials))}",
                    )
        if presidents != (landmark.role == "dukes_camp"):
            problems.add(file, f"{where}.effects", "the President is at the Duke's Camp only")
    for boss in _LANDMARK_BOSSES:
        if entered[boss] != 1:
            problems.add(file, "landmarks", f"{boss} enters on exactly one landmark (§8.1)")
    if entered["duke"]:
        problems.add(file, "landmarks", "the Duke enters only with the President (§8.1)")
    for slot, times in slots.items():
        if times > 1:
            # a token named twice could be missing from its slot when asked for.
            problems.add(file, "landmarks", f"diplomat slot {slot} is named {times} times (A-28)")
    for card, times in added.items():
        if times > 1:
            problems.add(file, "landmarks", f"New York special {card} is added {times} times")


def _check_boss_entry(
    effect: EnterBoss,
    bosses: Mapping[str, Boss],
    base: BaseComponents,
    file: str,
    field: str,
    problems: Problems,
) -> None:
    boss = bosses.get(effect.boss)
    carries = boss is not None and boss.carries_diplomat
    if (effect.diplomat is not None) != carries:
        problems.add(
            file,
            f"{field}.diplomat",
            f"{effect.boss} {'carries' if carries else 'carries no'} diplomat (enemies.json)",
        )
    if effect.diplomat is not None and not 1 <= effect.diplomat <= base.diplomat_tokens:
        problems.add(file, f"{field}.diplomat", f"slots are 1-{base.diplomat_tokens}")


# --- heroes.json and hero_cards.json (§2.1, §4.2) -------------------------------------------


def check_heroes(content: Content, file: str, problems: Problems) -> None:
    heroes = content.heroes.heroes
    ids = [hero.id for hero in heroes]
    _each_once(problems, file, "heroes", ids)
    if sorted(ids) != sorted(_HEROES):
        problems.add(file, "heroes", f"must list {', '.join(_HEROES)} (§1)")
    cards = {card.id: card for card in content.hero_cards.cards}
    starting = {item.id for item in content.items.items if item.starting}
    taxis = {car.id for car in content.cars.cars if car.taxi}
    starts: Counter[str] = Counter()
    for index, hero in enumerate(heroes):
        where = entry("heroes", index, hero.id)
        starts[hero.starting_card] += 1
        if hero.starting_card not in starting | taxis:
            problems.add(
                file,
                f"{where}.starting_card",
                "names no starting item (items.json, starting) or Taxi (cars.json); allowed: "
                + ", ".join(sorted(starting | taxis)),
            )
        lists = (
            ("action_cards", hero.action_cards, _ACTION_CARDS, False, False),
            ("special_cards", hero.special_cards, _SPECIAL_CARDS, True, False),
            ("sgb_special_cards", hero.sgb_special_cards, _SGB_SPECIAL_CARDS, True, True),
        )
        for name, listed, number, special, sgb in lists:
            if len(listed) != number:
                problems.add(file, f"{where}.{name}", f"{len(listed)} cards; a hero has {number}")
            for position, card_id in enumerate(listed):
                card = cards.get(card_id)
                field = f"{where}.{name}[{position}]"
                if card is None:
                    problems.add(file, field, f"names no card of hero_cards.json: {card_id!r}")
                elif card.hero != hero.id or card.special != special or card.sgb != sgb:
                    problems.add(
                        file,
                        field,
                        f"{card_id!r} is {card.hero}'s"
                        f"{' SGB' if card.sgb else ''}{' special' if card.special else ''} card",
                    )
    for index, hero in enumerate(heroes):
        levels = [bonus.level for bonus in hero.level_bonuses]
        if levels != [1, 2, 3]:
            where = entry("heroes", index, hero.id)
            problems.add(file, f"{where}.level_bonuses", f"levels {levels}; a board has 1, 2, 3")
    for card_id, times in starts.items():
        if times > 1:
            problems.add(file, "heroes", f"starting card {card_id!r} is given to {times} heroes")
    unused = sorted((starting | taxis) - set(starts))
    if unused:
        problems.add(file, "heroes", f"starting cards no hero takes: {', '.join(unused)}")
    _count(
        problems, file, "heroes", len(heroes), content.components.base.hero_boards, "hero boards"
    )
    _count(
        problems,
        file,
        "heroes",
        len(starts),
        content.components.base.hero_starting_cards,
        "starting cards",
    )


def check_hero_cards(content: Content, file: str, problems: Problems) -> None:
    cards = content.hero_cards.cards
    base, sgb = content.components.base, content.components.sgb
    _each_once(problems, file, "cards", (card.id for card in cards))
    actions = sum(not card.special for card in cards)
    specials = sum(card.special and not card.sgb for card in cards)
    extras = sum(card.special and card.sgb for card in cards)
    _count(problems, file, "cards", actions, base.hero_action_cards, "action cards")
    _count(problems, file, "cards", specials, base.hero_special_cards, "special cards")
    _count(problems, file, "cards", extras, sgb.hero_special_cards, "SGB special cards")
    listed = {
        card_id
        for hero in content.heroes.heroes
        for card_id in (*hero.action_cards, *hero.special_cards, *hero.sgb_special_cards)
    }
    for index, card in enumerate(cards):
        where = entry("cards", index, card.id)
        if card.id not in listed:
            problems.add(file, where, "no hero in heroes.json lists this card")
        if card.sgb and not card.special:
            problems.add(file, f"{where}.sgb", "the SGB hero cards are special cards (§2.2)")
        if not card.effects and not card.item_symbol:
            problems.add(file, f"{where}.effects", "a card does something: effects or item symbol")


# --- new_york.json (§8.6, §8.8, §12) --------------------------------------------------------


def check_new_york(content: Content, file: str, problems: Problems) -> None:
    cards = content.new_york.cards
    base, sgb = content.components.base, content.components.sgb
    _each_once(problems, file, "cards", (card.id for card in cards))
    regular = sum(not card.special and not card.hard for card in cards)
    specials = [card for card in cards if card.special and not card.hard]
    hard = sum(card.hard for card in cards)
    _count(problems, file, "cards", regular, base.new_york_action_cards, "New York cards")
    _count(problems, file, "cards", len(specials), base.new_york_special_cards, "special cards")
    _count(problems, file, "cards", hard, sgb.hard_new_york_cards, "Hard cards")
    special_ids = {card.id for card in specials}
    replaced: Counter[str] = Counter()
    for index, card in enumerate(cards):
        where = entry("cards", index, card.id)
        arrows = card.back.arrows
        if len(set(arrows)) != len(arrows):
            problems.add(file, f"{where}.back.arrows", "an arrow is drawn twice")
        if card.replaces is not None:
            replaced[card.replaces] += 1
            if not (card.hard and card.special):
                problems.add(file, f"{where}.replaces", "only a Hard special card replaces another")
            if card.replaces not in special_ids:
                problems.add(file, f"{where}.replaces", f"names no special card: {card.replaces}")
        elif card.hard and card.special:
            problems.add(file, f"{where}.replaces", "a Hard special card names the one it replaces")
    for card_id, times in replaced.items():
        if times > 1:
            problems.add(file, "cards", f"special card {card_id} is replaced {times} times")


# --- items.json and diplomats.json (§7.8-7.11) ----------------------------------------------


def check_items(content: Content, file: str, problems: Problems) -> None:
    items = content.items.items
    base, sgb = content.components.base, content.components.sgb
    _each_once(problems, file, "items", (item.id for item in items))
    deck = sum(item.copies for item in items if not item.starting and not item.sgb)
    _count(problems, file, "items", deck, base.item_cards, "item cards (copies)")
    crossbows = sum(item.copies for item in items if item.sgb and item.id == "crossbow")
    _count(problems, file, "items", crossbows, sgb.crossbow_cards, "Crossbows")
    bridges: Counter[int] = Counter()
    for index, item in enumerate(items):
        where = entry("items", index, item.id)
        if item.bridge is not None:
            bridges[item.bridge] += item.copies
        for name in ("ammo", "damage_bonus"):
            if not item.weapon and getattr(item, name) is not None:
                problems.add(file, f"{where}.{name}", "only a weapon has ammo or a damage bonus")
        if (item.ammo is None) != (item.ammo_per_use is None):
            problems.add(file, f"{where}.ammo_per_use", "a weapon with ammo says what a use spends")
        elif item.ammo is not None and not item.use:
            problems.add(file, f"{where}.ammo", "a weapon with ammo spends it on a use")
        if item.starting and item.copies != 1:
            problems.add(file, f"{where}.copies", "a starting card is one card")
    on_board = {bridge.number for bridge in content.board.bridges}
    for number in sorted(on_board):
        if bridges[number] != 1:
            problems.add(
                file,
                "items",
                f"bridge {number} needs one Bridge Diagram {number}, not {bridges[number]}",
            )
    for number in sorted(set(bridges) - on_board):
        problems.add(file, "items", f"Bridge Diagram {number} names no bridge of board.json")


def check_diplomats(content: Content, file: str, problems: Problems) -> None:
    diplomats = content.diplomats.diplomats
    base, sgb = content.components.base, content.components.sgb
    _each_once(problems, file, "diplomats", (d.id for d in diplomats))
    in_box = [d for d in diplomats if not d.sgb]
    _count(problems, file, "diplomats", len(in_box), base.diplomat_cards, "diplomat cards")
    for role in ("tape", "bracelet"):
        if sum(d.role == role for d in in_box) != 1:
            problems.add(file, "diplomats", f"the base box has exactly one {role} (§2.1)")
    unnamed = sum(d.role is None for d in in_box)
    if unnamed != base.diplomat_tokens - 1:
        # Setup removes one unnamed diplomat unseen; the rest and the two named ones fill
        # the slots (§4.2 step 11).
        problems.add(
            file,
            "diplomats",
            f"{unnamed} unnamed diplomats; setup needs {base.diplomat_tokens - 1} "
            "(one is removed unseen, the rest fill the slots with the Tape and the Bracelet)",
        )
    ids = {d.id for d in in_box}
    for index, diplomat in enumerate(diplomats):
        if diplomat.replaces is not None and diplomat.replaces not in ids:
            where = entry("diplomats", index, diplomat.id)
            problems.add(file, f"{where}.replaces", f"names no base diplomat: {diplomat.replaces}")
    president = content.diplomats.president
    _each_once(problems, file, "president", (card.id for card in president))
    box = sum(card.copies for card in president if not card.sgb)
    _count(problems, file, "president", box, base.president_cards, "President cards")
    sgb_set = sum(card.copies for card in president if card.sgb)
    sgb_set += sum(d.sgb for d in diplomats)
    sgb_set += sum(
        item.copies
        for item in content.items.items
        if item.sgb and any(effect.do == "remove_president_alive" for effect in item.use)
    )
    _count(problems, file, "president", sgb_set, sgb.president_set_cards, "President set cards")
    if not any(not card.alive and card.sgb for card in president):
        problems.add(file, "president", 'the SGB President deck holds "President Dead" (§12)')


# --- events, timer, event track (§7.20, §7.21) ----------------------------------------------


def check_events(content: Content, file: str, problems: Problems) -> None:
    events = content.events.events
    base, sgb = content.components.base, content.components.sgb
    _each_once(problems, file, "events", (event.id for event in events))
    deck = sum(event.copies for event in events if not event.sgb)
    extra = sum(event.copies for event in events if event.sgb)
    _count(problems, file, "events", deck, base.event_cards, "event cards (copies)")
    _count(problems, file, "events", extra, sgb.explosion_events, "SGB events (copies)")


def check_timer(content: Content, file: str, problems: Problems) -> None:
    timer = content.timer
    base, sgb = content.components.base, content.components.sgb
    _each_once(problems, file, "black", (card.id for card in timer.black))
    _each_once(problems, file, "red", (card.id for card in timer.red))
    black = sum(card.copies for card in timer.black if not card.sgb)
    extra = sum(card.copies for card in timer.black if card.sgb)
    _count(problems, file, "black", black, base.timer_black, "black timer cards (copies)")
    _count(problems, file, "black", extra, sgb.timer_cards, "SGB timer cards (copies)")
    _count(problems, file, "red", len(timer.red), base.timer_red, "red timer cards")
    _count(problems, file, "hurry", timer.hurry, base.timer_hurry, "Hurry! cards")
    fatal = sum(card.fatal for card in timer.red)
    if fatal != 1:
        problems.add(file, "red", f"{fatal} fatal red cards; exactly one makes New York win")


def check_event_track(content: Content, file: str, problems: Problems) -> None:
    levels = content.event_track.levels
    if levels[0] != 1:
        problems.add(file, "levels[0]", "the first cell shows level 1 (§4.2 step 8)")
    for index in range(1, len(levels)):
        if levels[index] < levels[index - 1]:
            problems.add(file, f"levels[{index}]", "the event level never goes down")


# --- objectives.json (§9.2, §12) ------------------------------------------------------------


def check_objectives(content: Content, file: str, problems: Problems) -> None:
    objectives = content.objectives.objectives
    base, sgb = content.components.base, content.components.sgb
    _each_once(problems, file, "objectives", (objective.id for objective in objectives))
    per_colour = base.objective_cards // base.objective_colours
    for colour in ("blue", "purple"):
        number = sum(o.copies for o in objectives if o.colour == colour and not o.wanted_variant)
        _count(problems, file, "objectives", number, per_colour, f"{colour} objectives")
    wanted = sum(o.copies for o in objectives if o.wanted_variant)
    _count(problems, file, "objectives", wanted, sgb.wanted_objectives, "Wanted objectives")
    cards = {item.id for item in content.items.items} | {
        diplomat.id for diplomat in content.diplomats.diplomats
    }
    kinds: dict[str, set[bool]] = {}
    for index, objective in enumerate(objectives):
        where = entry("objectives", index, objective.id)
        target = objective.target
        kinds.setdefault(objective.colour, set()).add(isinstance(target, VehicleTarget))
        if isinstance(target, CardTarget):
            if (target.card is None) != target.any_bridge_diagram:
                problems.add(
                    file, f"{where}.target", "names one card, or any bridge diagram, not both"
                )
            elif target.card is not None and target.card not in cards:
                problems.add(
                    file,
                    f"{where}.target.card",
                    f"names no item or diplomat: {target.card!r}",
                )
        rafts = any(token.raft for token in content.outskirts.tokens)
        if isinstance(target, VehicleTarget) and target.vehicle == "raft" and not rafts:
            problems.add(file, f"{where}.target", "no outskirts token shows a raft")
    for colour, vehicle in kinds.items():
        if len(vehicle) > 1:
            problems.add(
                file,
                "objectives",
                f"{colour} mixes vehicles and cards; one colour is each (§14.0 M-14)",
            )


# --- level_tokens.json, outskirts.json, cars.json -------------------------------------------


def check_level_tokens(content: Content, file: str, problems: Problems) -> None:
    sets = content.level_tokens.sets
    base = content.components.base
    _each_once(problems, file, "sets", (token_set.id for token_set in sets))
    _count(problems, file, "sets", len(sets), base.level_token_sets, "sets")
    tokens = sum(len(token_set.tokens) for token_set in sets)
    _count(problems, file, "sets", tokens, base.level_tokens, "level tokens")
    for index, token_set in enumerate(sets):
        where = entry("sets", index, token_set.id)
        levels = [token.level for token in token_set.tokens]
        if levels != [1, 2, 3]:
            problems.add(file, f"{where}.tokens", f"levels {levels}; a set covers 1, 2, 3 in order")
        for number, token in enumerate(token_set.tokens):
            if token.prisoners + token.items == 0:
                problems.add(
                    file, f"{where}.tokens[{number}]", "a token asks for prisoners or items"
                )


def check_outskirts(content: Content, file: str, problems: Problems) -> None:
    tokens = content.outskirts.tokens
    _each_once(problems, file, "tokens", (token.id for token in tokens))
    total = sum(token.copies for token in tokens)
    _count(problems, file, "tokens", total, content.components.base.outskirts_tokens, "tokens")
    for index, token in enumerate(tokens):
        symbols = token.symbols
        if symbols.building is not None:
            where = entry("tokens", index, token.id)
            problems.add(file, f"{where}.symbols.building", "a token shows no building")


def check_cars(content: Content, file: str, problems: Problems) -> None:
    cars = content.cars.cars
    _each_once(problems, file, "cars", (car.id for car in cars))
    supply = sum(car.copies for car in cars if not car.taxi)
    _count(problems, file, "cars", supply, content.components.base.car_cards, "car cards")
    taxis: Sequence[int] = [car.copies for car in cars if car.taxi]
    if taxis != [1]:
        problems.add(file, "cars", "there is one Taxi card, Cabbie's (§2.1)")
