"""Setting up a game (spec §5.1-§5.7) from the seeded generator: the same rules and seed give
the same table, draw for draw."""

from __future__ import annotations

from getaway.core.rng import Rng
from getaway.games.escape_plan.city import CityMap, node_name
from getaway.games.escape_plan.options import (
    CONTACT_DISPLAY,
    COSTA,
    GANG_MEMBERS_PER_GANG,
    SANDRA,
    Rules,
    initial_order,
)
from getaway.games.escape_plan.police import PoliceBag, new_patrol, setup_police
from getaway.games.escape_plan.schema import OFFICERS, CityTile
from getaway.games.escape_plan.state import (
    Automaton,
    Building,
    Gang,
    Piece,
    Player,
    Table,
    Unlocked,
)


def new_table(rules: Rules, rng: Rng) -> Table:
    """A table set up for the start of Day 1 (§5), before its Patrol phase."""
    content = rules.content

    # §5.1 City setup: the start tiles in random places, both turned the same random way.
    starts = list(content.start_tiles)
    rng.shuffle(starts)
    rotation = rng.choice(rules.topology.start_rotations)
    city = CityMap(rules.topology)
    for tile, cell in zip(starts, rules.topology.start_cells, strict=True):
        city = city.with_tile(tile, cell, rotation)
    stacks: dict[str, list[str]] = {}
    for letter in sorted({tile.stack for tile in content.city_tiles.tiles if tile.stack}):
        stack = [tile.id for tile in content.stack(letter)]
        rng.shuffle(stack)
        stacks[letter] = stack
    display = [stacks[letter].pop(0) for letter in stacks]

    # §5.2 Police: 5 of the 6 Patrol cards, the bag, 2 officers per display tile and tile G.
    patrol, removed = new_patrol(content, rng)
    gang_tile = _start_tile_without(starts, "HOSPITAL")
    bag, placed = setup_police(content, PoliceBag.full(content), rng, display, gang_tile.id)
    police: dict[str, list[str]] = {tile: list(officers) for tile, officers in placed.items()}

    # §5.3 Locations: buildings on the board's displays, keys, Fixers, Lockers, Equipment,
    # Exit tiles.
    businesses = {b.id: Building(None, False, []) for b in content.buildings.businesses}
    safe_houses = {str(s.number): Building(None, False, []) for s in content.buildings.safe_houses}
    keys: list[str] = [stack.colour for stack in content.lockers.stacks for _ in range(stack.keys)]
    rng.shuffle(keys)
    per_house = len(keys) // len(safe_houses)
    safe_house_keys = {
        number: keys[index * per_house : (index + 1) * per_house]
        for index, number in enumerate(safe_houses)
    }
    lockers: dict[str, list[int]] = {}
    for locker in content.lockers.stacks:
        tiles = list(locker.values)
        rng.shuffle(tiles)
        lockers[locker.colour] = tiles
    exit_stacks: dict[str, list[int]] = {}
    for exit_stack in content.exit_tiles.stacks:
        tiles = list(exit_stack.values)
        rng.shuffle(tiles)
        exit_stacks[exit_stack.id] = tiles

    # §5.4 Contacts, gangs.
    deck = [card.id for card in content.contacts.cards for _ in range(card.copies)]
    rng.shuffle(deck)
    contact_display = deck[:CONTACT_DISPLAY]
    del deck[:CONTACT_DISPLAY]
    hq = next(
        node_name(gang_tile.id, local)
        for local, location in gang_tile.locations.items()
        if location.kind == "GANG" and location.hq
    )

    # §5.5 Players, §5.6-5.7 the automata.
    hospital = _hospital(starts)
    plans = [card.id for card in content.escape_plans.cards]
    rng.shuffle(plans)
    first = rules.options["first_player"]
    if first == "random":
        first = rng.choice(rules.seats)
    players = {seat: _new_player(rules, seat, hospital, plans.pop(0)) for seat in rules.seats}
    automata: dict[str, Automaton] = {}
    if SANDRA in rules.automata:
        inspector = [card.location for card in content.inspector_deck.cards]
        rng.shuffle(inspector)
        automata[SANDRA] = _new_automaton(rules, SANDRA, hospital, inspector, None)
    if COSTA in rules.automata:
        lieutenant = [card.location for card in content.lieutenant_deck.cards]
        rng.shuffle(lieutenant)
        automata[COSTA] = _new_automaton(rules, COSTA, hospital, lieutenant, plans.pop(0))

    return Table(
        day=1,
        phase="PATROL",
        part="MORNING",
        turn_order=list(initial_order(rules, first)),
        stage="none",
        queue=[],
        placers=[],
        disc_owners=[],
        city=city,
        stacks=stacks,
        display=display,
        police=police,
        bag={officer: bag.count(officer) for officer in OFFICERS},
        box=dict.fromkeys(OFFICERS, 0),
        patrol_deck=list(patrol.deck),
        patrol_removed=removed,
        patrol_spaces=dict(patrol.on_space),
        exit_stacks=exit_stacks,
        exit_stack_of={},
        businesses=businesses,
        safe_houses=safe_houses,
        safe_house_keys=safe_house_keys,
        fixers=[fixer.id for fixer in content.fixers.fixers],
        lockers=lockers,
        equipment={kind.id: kind.count for kind in content.equipment.equipment},
        gas_cans=content.components.gas_cans,
        gang_area=content.components.gang_members - GANG_MEMBERS_PER_GANG,
        gangs={hq: Gang(GANG_MEMBERS_PER_GANG, None)},
        contact_deck=deck,
        contact_display=contact_display,
        discs=content.components.extra_action_discs,
        handcuffs=content.components.handcuffs,
        escaped=[],
        arrested=[],
        players=players,
        automata=automata,
        noto_left=[],
        noto_tasks=[],
    )


def _start_tile_without(starts: list[CityTile], kind: str) -> CityTile:
    """The start tile with no location of ``kind``: tile G has no Hospital (§3.2)."""
    for tile in starts:
        if all(location.kind != kind for location in tile.locations.values()):
            return tile
    raise ValueError(f"every start tile has a {kind} location")


def _hospital(starts: list[CityTile]) -> str:
    for tile in starts:
        for local, location in tile.locations.items():
            if location.kind == "HOSPITAL":
                return node_name(tile.id, local)
    raise ValueError("no start tile has the Hospital")


def _new_player(rules: Rules, seat: str, hospital: str, plan: int) -> Player:
    """§5.5 A-L: pawn in the Hospital, 9 income cubes, the Extra Action Asset unlocked on the
    $5k slot, the 3 police-shield Assets on the 3 rightmost item spaces and the other 3
    locked ones on the 3 rightmost contact spaces ([DESIGN] §4, §18.3), first aid up,
    3 green wounds, rest token sun, 4 neutral notoriety cubes, $9k, one Escape Plan card."""
    assets = rules.content.assets.assets
    board = rules.content.player_board
    slots: list[Unlocked | None] = [None] * len(rules.content.assets.unlocked_slot_costs)
    item_assets = [a.id for a in assets if a.start == "item_space"]
    contact_assets = [a.id for a in assets if a.start == "contact_space"]
    slots[0] = Unlocked(next(a.id for a in assets if a.start == "unlocked_slot"))
    items: list[Piece | None] = [None] * (board.item_spaces - len(item_assets))
    items += [Piece("asset", asset) for asset in item_assets]
    contacts: list[Piece | None] = [None] * (board.contact_spaces - len(contact_assets))
    contacts += [Piece("asset", asset) for asset in contact_assets]
    return Player(
        seat=seat,
        status="city",
        location=hospital,
        cash=board.starting_cash,
        escape_plan=plan,
        income_cubes=board.income_cubes,
        notoriety=rules.level_bottom,
        noto_red=0,
        noto_blue=0,
        wounds_red=0,
        handcuffs=0,
        rest_sun=True,
        first_aid_up=True,
        gas_cans=0,
        discs=0,
        unlocked=slots,
        items=items,
        contacts=contacts,
        cuffed=[False] * board.contact_spaces,
        keys=[None] * len(rules.content.buildings.safe_houses),
        gang_members=[],
        control_markers=board.gang_control_markers,
        bonuses=[],
    )


def _new_automaton(
    rules: Rules, name: str, hospital: str, deck: list[str], plan: int | None
) -> Automaton:
    """Sandra (§5.6) or Costa (§5.7): in the Hospital ([DESIGN] for Costa, §16.5), at the
    bottom of the Notoriety track, with a shuffled deck."""
    return Automaton(
        name=name,
        status="city",
        location=hospital,
        notoriety=rules.level_bottom,
        noto_up=0,
        noto_down=0,
        discs=0,
        deck=deck,
        escape_plan=plan,
        contacts=[],
        piles=[],
        bonuses=[],
    )
