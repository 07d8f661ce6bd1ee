"""The engine invariants of spec §21.7, and the conservation of every limited component
(§2.3): checked after every action in the tests and on loading a saved state."""

from __future__ import annotations

from getaway.games.escape_plan.options import CONTACT_DISPLAY, Rules
from getaway.games.escape_plan.phases import tiles_placed_by_end_of_city
from getaway.games.escape_plan.state import Table


def problems(rules: Rules, table: Table) -> list[str]:
    """Every broken invariant, in words; empty when the table is sound."""
    found: list[str] = []
    found += _police(rules, table)
    found += _players(rules, table)
    found += _city(rules, table)
    found += _supplies(rules, table)
    found += _flow(rules, table)
    return found


def _flow(rules: Rules, table: Table) -> list[str]:
    """The participants are this game's; who is asked must be a seat still in the city, and
    only the end asks nobody."""
    if sorted(table.players) != sorted(rules.seats) or sorted(table.automata) != sorted(
        rules.automata
    ):
        return [
            f"participants {[*table.players, *table.automata]} are not this game's "
            f"{list(rules.participants)}"
        ]
    if table.stage == "none":
        return [] if table.phase == "END" else [f"stage 'none' before the end ({table.phase})"]
    if table.phase == "END":
        return [f"stage {table.stage!r} after the end"]
    if table.stage == "start":
        return []
    if not table.queue:
        return [f"stage {table.stage!r} asks nobody"]
    if table.queue[0] not in rules.seats:
        return [f"stage {table.stage!r} asks {table.queue[0]!r}, not a seat"]
    owed = table.stage in ("visit", "after") and bool(table.cuffs_due)
    if table.players[table.queue[0]].status != "city" and not owed:
        # A Handcuffs card from the Wounds of an escaping Move is still placed (it counts in
        # the final scoring, §14) before the turn ends.
        return [f"stage {table.stage!r} asks {table.queue[0]}, who is out of the city"]
    return []


def _police(rules: Rules, table: Table) -> list[str]:
    found = []
    visible = set(table.visible_tiles())
    hospital_tiles = {
        tile.id
        for tile in rules.content.city_tiles.tiles
        if any(loc.kind == "HOSPITAL" for loc in tile.locations.values())
    }
    for tile, officers in table.police.items():
        if tile not in visible and officers:
            found.append(f"officers on tile {tile}, which is not face up")
        if len(set(officers)) != len(officers):
            found.append(f"tile {tile} holds two officers of one type: {officers}")
        if tile in hospital_tiles and officers:
            found.append(f"officers on the Hospital tile {tile}")
    for officer, count in rules.content.officer_counts().items():
        total = (
            table.bag.get(officer, 0)
            + table.box.get(officer, 0)
            + sum(officers.count(officer) for officers in table.police.values())
        )
        if total != count:
            found.append(f"{total} {officer} officers in the game, not {count}")
    return found


def _players(rules: Rules, table: Table) -> list[str]:
    found = []
    board = rules.content.player_board
    locations = table.city.location_nodes  # kept on the map (no cache keeps maps alive)
    for seat, player in table.players.items():
        cubes = player.income_cubes + table.cubes_of(seat)
        if cubes != board.income_cubes:
            found.append(f"{seat} has {cubes} income cubes in play, not {board.income_cubes}")
        if not (player.noto_red >= 0 and player.noto_blue >= 0):
            found.append(f"{seat} has a negative number of notoriety cubes")
        if player.noto_red + player.noto_blue > board.notoriety_cubes:
            found.append(f"{seat} has more than {board.notoriety_cubes} notoriety cubes in boxes")
        if not 0 <= player.wounds_red <= board.wound_cubes:
            found.append(f"{seat} has {player.wounds_red} red wound cubes")
        unlocked = [u for u in player.unlocked if u is not None]
        if len(player.unlocked) != len(rules.content.assets.unlocked_slot_costs):
            found.append(f"{seat} has {len(player.unlocked)} unlocked-Asset slots")
        if len(unlocked) + len(player.locked_assets()) > len(rules.content.assets.assets):
            found.append(f"{seat} has more Assets than the {len(rules.content.assets.assets)}")
        for index, cuffed in enumerate(player.cuffed):
            piece = player.contacts[index]
            if cuffed and piece is not None and piece.kind == "asset":
                found.append(f"{seat}'s handcuffed contact space {index} holds an Asset")
        if not rules.level_bottom <= player.notoriety <= rules.level_top:
            found.append(f"{seat}'s notoriety {player.notoriety} is off the track")
        found += _pawn(seat, player.status, player.location, locations)
        if player.cash < 0:
            found.append(f"{seat} has negative cash")
    for name, automaton in table.automata.items():
        found += _pawn(name, automaton.status, automaton.location, locations)
    for kind, buildings in (("Business", table.businesses), ("Safe House", table.safe_houses)):
        for ident, building in buildings.items():
            owners = [owner for owner, _ in building.cubes]
            if len(set(owners)) != len(owners):
                found.append(f"{kind} {ident} holds two cubes of one participant")
            if building.placed_on is not None and building.placed_on not in locations:
                found.append(f"{kind} {ident} stands on {building.placed_on}, not a location")
    for participant in table.turn_order:
        if participant not in rules.participants or table.turn_order.count(participant) > 1:
            found.append(f"turn order {table.turn_order} is not a list of participants")
            break
    return found


def _pawn(who: str, status: str, location: str | None, locations: frozenset[str]) -> list[str]:
    if status == "city" and location not in locations:
        return [f"{who} is in the city but not on a location ({location!r})"]
    if status != "city" and location is not None:
        return [f"{who} has {status} but the pawn is still on {location}"]
    return []


def _city(rules: Rules, table: Table) -> list[str]:
    found = []
    placed = len(table.city.placed)
    before = tiles_placed_by_end_of_city(rules, table.day - 1)
    after = tiles_placed_by_end_of_city(rules, table.day)
    if table.phase in ("INCOME", "PATROL") and placed != before:
        found.append(f"{placed} City tiles placed before Day {table.day}'s City phase")
    if table.phase in ("TURN_ORDER", "ACTIONS", "NOTORIETY", "DAY_CHANGE") and placed != after:
        found.append(f"{placed} City tiles placed after Day {table.day}'s City phase, not {after}")
    if not before <= placed <= after:
        found.append(f"{placed} City tiles placed on Day {table.day}")
    everywhere = [entry.tile.id for entry in table.city.placed] + table.display
    everywhere += [tile for stack in table.stacks.values() for tile in stack]
    if sorted(everywhere) != sorted(tile.id for tile in rules.content.city_tiles.tiles):
        found.append("not every City tile is exactly once in the city, the display or a stack")
    cards = sum(table.patrol_spaces.values()) + len(table.patrol_deck) + 1
    if cards != sum(card.copies for card in rules.content.patrol_cards.cards):
        found.append(f"{cards} Patrol cards in the game")
    if any(not 0 <= n <= 2 for n in table.patrol_spaces.values()):
        found.append(f"a Patrol space holds more than 2 cards: {table.patrol_spaces}")
    closed = {number for number, cards in table.patrol_spaces.items() if cards == 2}
    if closed != set(table.exit_stack_of):
        found.append("the closed Exits and the Exits with an Exit-tile stack differ")
    after_patrol = table.phase not in ("INCOME", "PATROL")
    if table.day == rules.days and after_patrol:
        open_exits = [n for n in table.patrol_spaces if table.exit_open(n)]
        if len(open_exits) != 1:
            found.append(f"Day 3 after Patrol with open Exits {open_exits}")
    return found


def _supplies(rules: Rules, table: Table) -> list[str]:
    found = []
    supply = rules.content.components
    players = table.players.values()
    discs = table.discs + sum(table.discs_of(p) for p in [*table.players, *table.automata])
    if discs != supply.extra_action_discs:
        found.append(f"{discs} Extra Action discs in the game, not {supply.extra_action_discs}")
    cuffs = table.handcuffs + sum(min(p.handcuffs, p.cuffed.count(True)) for p in players)
    if cuffs != supply.handcuffs:
        found.append(f"{cuffs} Handcuffs cards in the game, not {supply.handcuffs}")
    gangs = (
        table.gang_area
        + sum(gang.members for gang in table.gangs.values())
        + sum(len(p.gang_members) for p in players)
    )
    if gangs != supply.gang_members:
        found.append(f"{gangs} gang members in the game, not {supply.gang_members}")
    if table.gas_cans + sum(p.gas_cans for p in players) > supply.gas_cans:
        found.append(f"more than {supply.gas_cans} Gas Cans in the game")
    if len(table.contact_display) > CONTACT_DISPLAY:
        found.append(f"{len(table.contact_display)} cards in the Contact display")
    return found
