"""The stages of a visit (spec §7.5.2-§7.5.9): what each offers and what each step does.
``visit.py`` decides which stage a visit is in; the step ids are listed there."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from getaway.core.rng import Rng
from getaway.games.escape_plan import contacts, lockers
from getaway.games.escape_plan.automata_cards import close_business
from getaway.games.escape_plan.boards import (
    gain_notoriety,
    lose_notoriety,
    receive_income,
    unlock_asset,
)
from getaway.games.escape_plan.options import Rules
from getaway.games.escape_plan.state import Building, Key, Piece, Player, Table
from getaway.games.escape_plan.visit_board import (
    Place,
    asset_ready,
    heal,
    item_targets,
    opponents_at,
    place_item,
    plan_line,
    spend_asset,
)

GANG_PRICE = 5  # R-GANG-V3, $k
CHURCH_PRICE = 1  # §7.5.7 step 2, $k
HOSPITAL_PRICES = (1, 3, 6)  # §7.5.8: heal 1, 2 or 3 Wounds, $k
EQUIPMENT_PER_VISIT = 2  # §7.5.5 step 3, of different types


@dataclass(slots=True)
class Visit:
    """A visit under way: the position, who visits, and where. Not frozen: it holds the
    table, which changes, and a frozen dataclass costs more to make (every visit list makes
    one)."""

    rules: Rules
    table: Table
    rng: Rng
    seat: str
    player: Player
    place: Place


# --- the choices of each stage -----------------------------------------------------------------


def _may(found: list[str], stage: str) -> list[str]:
    return [*found, f"visit:skip:{stage}"] if found else []


def options(visit: Visit, stage: str, taken: list[str], before: Sequence[str]) -> list[str]:
    """The steps ``stage`` offers now; ``taken`` are the steps already taken in this stage
    and ``before`` every step of the visit so far. Empty when the stage has nothing to do."""
    rules, table, player, place = visit.rules, visit.table, visit.player, visit.place
    spaces = item_targets(player)
    if stage == "enter":
        if place.kind == "BUSINESS_SPACE" and table.businesses[place.label].closed:
            found = [f"visit:key:{c}" for c in lockers.key_colours(rules, player)]
            if asset_ready(rules, player, lockers.MASTER_KEY):
                found.append("visit:master_key")
            return found
        return ["visit:enter"]
    if stage == "key":
        beside = table.safe_house_keys[place.label]
        colours = [s.colour for s in rules.content.lockers.stacks if s.colour in beside]
        return [f"visit:take_key:{c}" for c in colours]
    if stage == "fixer":
        fixers = {f.id: f.price for f in rules.content.fixers.fixers}
        affordable = [f for f in table.fixers if fixers[f] <= player.cash]
        return _may([f"visit:fixer:{f}:{s}" for f in affordable for s in spaces], stage)
    if stage == "gas":
        can = player.gas_cans < rules.content.player_board.gas_cans and table.gas_cans > 0
        return _may(["visit:gas"] if can else [], stage)
    if stage == "equipment":
        bought = [step.split(":")[2] for step in taken]
        found = [
            f"visit:buy:{kind.id}:{s}"
            for kind in rules.content.equipment.equipment
            if kind.id not in bought and table.equipment[kind.id] > 0 and kind.price <= player.cash
            for s in spaces
        ]
        return _may(found, stage)
    if stage == "locker":
        found = []
        master = asset_ready(rules, player, lockers.MASTER_KEY)
        keys = lockers.key_colours(rules, player)
        for stack in rules.content.lockers.stacks:
            if lockers.locker_problem(rules, table, player, stack.colour) is None:
                if stack.colour in keys:
                    found.append(f"visit:locker:{stack.colour}")
                if master:
                    found.append(f"visit:locker:{stack.colour}:{lockers.MASTER_KEY}")
        return _may(found, stage)
    if stage == "pick":
        drawn = candidates(visit, before[-1]) if before else []
        return [f"visit:pick:{o}" for o in lockers.pick_options(drawn, spaces)]
    if stage == "unlock":
        return _may([f"visit:unlock:{a}" for a in player.locked_assets()], stage)
    if stage == "heal":
        if place.kind == "HOSPITAL":
            counts = range(1, min(len(HOSPITAL_PRICES), player.wounds_red) + 1)
            found = [f"visit:heal:{n}" for n in counts if HOSPITAL_PRICES[n - 1] <= player.cash]
            return _may(found, stage)
        return _may(["visit:heal"] if player.wounds_red else [], stage)
    if stage == "pay":
        return _may(["visit:pay"] if player.cash >= CHURCH_PRICE else [], stage)
    if stage == "exit":
        number = int(place.label)
        found = ["visit:income"]
        closed = not table.exit_open(number)
        if closed and spaces and lockers.exit_candidates(table, player, number):
            found.append("visit:exit_tile")
        return _may(found, stage)
    if stage == "contact":
        return [f"visit:contact:{o}" for o in contacts.take_options(table, player)]
    raise AssertionError(stage)


def candidates(visit: Visit, opening: str) -> list[int]:
    """The tiles drawn by the step before the pick: a Locker opened or the Exit-tile draw."""
    parts = opening.split(":")
    if parts[1] == "locker":
        return lockers.locker_candidates(visit.rules, visit.table, visit.player, parts[2])
    if parts[1] == "exit_tile":
        return lockers.exit_candidates(visit.table, visit.player, int(visit.place.label))
    return []


# --- carrying a step out -----------------------------------------------------------------------


def apply(visit: Visit, step: str, before: Sequence[str]) -> None:
    """Carry out ``step`` (already checked legal after ``before``)."""
    rules, table, player, place = visit.rules, visit.table, visit.player, visit.place
    parts = step.split(":")
    verb = parts[1]
    if verb in ("enter", "key", "master_key"):
        if verb == "key":
            lockers.flip_key(player, parts[2])
        elif verb == "master_key":
            spend_asset(rules, player, lockers.MASTER_KEY)
        _enter(visit)
    elif verb == "take_key":
        table.safe_house_keys[place.label].remove(parts[2])
        player.keys[int(place.label) - 1] = Key(parts[2])
    elif verb == "fixer":
        fixer = next(f for f in rules.content.fixers.fixers if f.id == parts[2])
        player.cash -= fixer.price
        table.fixers.remove(fixer.id)
        place_item(player, int(parts[3]), Piece("fixer", fixer.id))
    elif verb == "gas":
        table.gas_cans -= 1
        player.gas_cans += 1
    elif verb == "buy":
        kind = next(e for e in rules.content.equipment.equipment if e.id == parts[2])
        player.cash -= kind.price
        table.equipment[kind.id] -= 1
        place_item(player, int(parts[3]), Piece("equipment", kind.id))
    elif verb == "locker":
        if len(parts) > 3:
            spend_asset(rules, player, lockers.MASTER_KEY)
        else:
            lockers.flip_key(player, parts[2])
    elif verb == "pick":
        _pick(visit, before[-1], int(parts[2]), int(parts[3]))
    elif verb == "unlock":
        unlock_asset(player, parts[2])
    elif verb == "heal":
        count = int(parts[2]) if len(parts) > 2 else 1
        if place.kind == "HOSPITAL":
            player.cash -= HOSPITAL_PRICES[count - 1]
        heal(player, count)
    elif verb == "pay":
        player.cash -= CHURCH_PRICE
        lose_notoriety(player)
    elif verb == "income":
        receive_income(player)
    elif verb == "contact":
        contacts.take_contact(rules, table, player, step.split(":", 2)[2])
    # ``exit_tile`` changes nothing yet (the pick follows); ``skip`` passes.


def _enter(visit: Visit) -> None:
    """The automatic steps of each location, up to its first choice."""
    rules, table, player, place, seat = (
        visit.rules,
        visit.table,
        visit.player,
        visit.place,
        visit.seat,
    )
    kind = place.kind
    if kind not in ("HOSPITAL", "GANG"):
        gain_notoriety(player, opponents_at(table, seat, place.node))
    if kind == "BUSINESS_SPACE":
        business = table.businesses[place.label]
        _cube(rules, player, business, f"business:{place.label}")
        if len(business.cubes) >= rules.close_threshold:
            close_business(table, place.label)  # R-BUS-CLOSE; its card leaves Costa's deck
    elif kind == "SAFE_HOUSE_SPACE":
        _cube(rules, player, table.safe_houses[place.label], f"safe_house:{place.label}")
        lose_notoriety(player)  # step 3
    elif kind == "GANG":
        gang = table.gangs[place.node]
        player.cash -= GANG_PRICE
        player.gang_members += [place.node] * gang.members
        gang.members = 0
        gang.control = seat
        player.control_markers -= 1
    elif kind == "HOSPITAL":
        # Step 2 (+1 notoriety) comes before the paid heal here: healing never touches the
        # notoriety cubes, so the order changes nothing, and the gain is due even when no
        # heal can be offered.
        gain_notoriety(player)


def _cube(rules: Rules, player: Player, building: Building, line: str) -> None:
    """Step 2 of a Business or Safe House: the topmost income cube goes on a money hex, or
    on the Income hex and then income is received with the cube gone (§7.5.2, §21.6 #1)."""
    value = plan_line(rules, player, line)
    player.income_cubes -= 1
    building.cubes.append((player.seat, "income" if value == "income" else "money"))
    if value == "income":
        receive_income(player)


def _pick(visit: Visit, opening: str, value: int, space: int) -> None:
    table, player = visit.table, visit.player
    drawn = len(candidates(visit, opening))
    parts = opening.split(":")
    if parts[1] == "locker":
        lockers.take_from(table.lockers[parts[2]], drawn, value, visit.rng)
        piece = Piece("locker", f"{parts[2]}:{value}", False)
    else:
        stack = table.exit_stack_of[int(visit.place.label)]
        lockers.take_from(table.exit_stacks[stack], drawn, value, visit.rng)
        piece = Piece("exit", f"{stack}:{value}", False)
    place_item(player, space, piece)
