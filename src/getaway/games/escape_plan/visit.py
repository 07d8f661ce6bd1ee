"""The VISIT step of a Move (spec §7.5) as a decision in steps, over the state after AVOID.

The pawn already stands on the location it visits. :func:`visit_steps` lists the steps that
may come next, :func:`apply_visit_step` takes one (and changes the state at once); the visit
is over when no step is left. A refused step raises :class:`IllegalActionError` naming the
legal steps and changes nothing.

Each location is a fixed sequence of stages (R-VIS-2), each stage one step, except buying
Equipment (up to 2). Every id names its stage, so where a visit stands is read off the steps
so far. A "may" stage offers its choices and ``visit:skip:<stage>``; a stage with nothing
possible is passed over. Automatic steps (notoriety for opponents, the income cube, paying
a Gang) happen in the entry step.

========================== ==================================================================
id                         meaning
========================== ==================================================================
``visit:enter``            enter and do the automatic first steps
``visit:key:<colour>``     enter a closed Business by flipping a key of that colour (R-BUS-V2)
``visit:master_key``       ... or with the Master Key Asset (its slot cost paid)
``visit:take_key:<colour>`` Safe House: take a key of that colour (step 4)
``visit:fixer:<id>:<sp>``  Safe House: buy that Fixer onto item space ``sp`` (step 5)
``visit:gas``              Store: take a Gas Can (step 2)
``visit:buy:<type>:<sp>``  Store: buy an Equipment tile onto item space ``sp`` (step 3)
``visit:locker:<colour>``  Store: open a Locker with a key (``:master_key``: with the Asset)
``visit:pick:<value>:<sp>`` take that drawn Locker or Exit tile onto item space ``sp``
``visit:unlock:<asset>``   Clinic, Church: unlock that Asset
``visit:heal``             Clinic: heal 1 Wound; ``visit:heal:<n>`` Hospital: heal n (paid)
``visit:pay``              Church: pay $1k to lose 1 notoriety
``visit:income``           Exit: receive income
``visit:exit_tile``        closed Exit: draw Exit tiles instead (then ``visit:pick``)
``visit:contact:<take>``   take a Contact card (``contacts.py``: ``<index>:<card>:A|B|C:<sp>``)
``visit:skip:<stage>``     pass on a "may" stage (``equipment``: stop buying)
========================== ==================================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from getaway.core.errors import IllegalActionError
from getaway.core.rng import Rng
from getaway.games.escape_plan import contacts, lockers
from getaway.games.escape_plan.boards import unlock_asset
from getaway.games.escape_plan.options import GAS_CAN_CAPACITY, Rules
from getaway.games.escape_plan.state import Building, Key, Piece, Player, Table
from getaway.games.escape_plan.visit_board import (
    Place,
    asset_ready,
    gain_notoriety,
    heal,
    item_targets,
    lose_notoriety,
    opponents_at,
    place_item,
    place_of,
    plan_line,
    receive_income,
    spend_asset,
)

if TYPE_CHECKING:
    from getaway.games.escape_plan.game import EscapePlanState

GANG_PRICE = 5  # R-GANG-V3, $k
CHURCH_PRICE = 1  # §7.5.7 step 2, $k
HOSPITAL_PRICES = (1, 3, 6)  # §7.5.8: heal 1, 2 or 3 Wounds, $k
EQUIPMENT_PER_VISIT = 2  # §7.5.5 step 3, of different types

#: The stages of each location, in order (§7.5.2-§7.5.9).
STAGES: dict[str, tuple[str, ...]] = {
    "BUSINESS_SPACE": ("enter", "contact"),
    "SAFE_HOUSE_SPACE": ("enter", "key", "fixer"),
    "GANG": ("enter",),
    "STORE": ("enter", "gas", "equipment", "locker", "pick"),
    "CLINIC": ("enter", "unlock", "heal", "contact"),
    "CHURCH": ("enter", "pay", "unlock", "contact"),
    "HOSPITAL": ("enter", "heal"),
    "EXIT": ("enter", "exit", "pick", "contact"),
}
_STAGE_OF_VERB = {
    "enter": "enter",
    "key": "enter",
    "master_key": "enter",
    "take_key": "key",
    "fixer": "fixer",
    "gas": "gas",
    "buy": "equipment",
    "locker": "locker",
    "pick": "pick",
    "unlock": "unlock",
    "heal": "heal",
    "pay": "pay",
    "income": "exit",
    "exit_tile": "exit",
    "contact": "contact",
}


@dataclass(frozen=True, slots=True)
class _Visit:
    rules: Rules
    table: Table
    rng: Rng
    seat: str
    player: Player
    place: Place


def _visit(state: EscapePlanState, seat: str) -> _Visit | None:
    """The visit ``seat`` makes where its pawn stands, or ``None``: no visit after an
    escape, on a terrain area, or in a Metro or Heliport (R-VIS-1)."""
    table = state.table
    player = table.players[seat]
    if player.status != "city" or player.location is None:
        return None
    place = place_of(state.rules, table, player.location)
    if place is None or place.kind not in STAGES:
        return None
    return _Visit(state.rules, table, state.rng, seat, player, place)


# --- where the visit stands ------------------------------------------------------------------


def _stage_of(step: str) -> str:
    parts = step.split(":")
    return parts[2] if parts[1] == "skip" else _STAGE_OF_VERB[parts[1]]


def _position(stages: tuple[str, ...], steps: Sequence[str]) -> tuple[int, list[str]]:
    """The stage the visit is in and the steps already taken in it."""
    if not steps:
        return 0, []
    index = 0
    taken: list[str] = []
    for step in steps:
        here = stages.index(_stage_of(step))
        if here != index:
            taken = []
        index = here
        taken.append(step)
    last = taken[-1]
    buying = stages[index] == "equipment" and len(taken) < EQUIPMENT_PER_VISIT
    if buying and not last.startswith("visit:skip:"):
        return index, taken
    return index + 1, []


def visit_steps(state: EscapePlanState, seat: str, steps_so_far: Sequence[str]) -> list[str]:
    """The steps that may follow ``steps_so_far`` (in a fixed order); empty when the visit is
    over, or when there is none to make. An entry that is impossible (a closed Business
    without a key, which the Move should not have ended in: :func:`visit_problem`) gives no
    visit at all."""
    visit = _visit(state, seat)
    if visit is None:
        return []
    stages = STAGES[visit.place.kind]
    index, taken = _position(stages, steps_so_far)
    while index < len(stages):
        found = _options(visit, stages[index], taken, steps_so_far)
        if found or index == 0:
            return found
        index, taken = index + 1, []
    return []


def apply_visit_step(
    state: EscapePlanState, seat: str, steps_so_far: Sequence[str], step: str
) -> None:
    """Take ``step`` (one of :func:`visit_steps`); anything else is refused unchanged."""
    legal = visit_steps(state, seat, steps_so_far)
    if step not in legal:
        reason = "the visit is over" if not legal else "not a step of this visit now"
        raise IllegalActionError(seat, str(step), legal, reason)
    visit = _visit(state, seat)
    assert visit is not None
    _apply(visit, step, steps_so_far)


# --- the choices of each stage -----------------------------------------------------------------


def _may(found: list[str], stage: str) -> list[str]:
    return [*found, f"visit:skip:{stage}"] if found else []


def _options(visit: _Visit, stage: str, taken: list[str], before: Sequence[str]) -> list[str]:
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
        can = player.gas_cans < GAS_CAN_CAPACITY and table.gas_cans > 0
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
        candidates = _candidates(visit, before[-1]) if before else []
        return [f"visit:pick:{o}" for o in lockers.pick_options(candidates, spaces)]
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


def _candidates(visit: _Visit, opening: str) -> list[int]:
    """The tiles drawn by the step before the pick: a Locker opened or the Exit-tile draw."""
    parts = opening.split(":")
    if parts[1] == "locker":
        return lockers.locker_candidates(visit.rules, visit.table, visit.player, parts[2])
    if parts[1] == "exit_tile":
        return lockers.exit_candidates(visit.table, visit.player, int(visit.place.label))
    return []


# --- carrying a step out -----------------------------------------------------------------------


def _apply(visit: _Visit, step: str, before: Sequence[str]) -> None:
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


def _enter(visit: _Visit) -> None:
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
            business.closed = True  # R-BUS-CLOSE
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


def _pick(visit: _Visit, opening: str, value: int, space: int) -> None:
    table, player = visit.table, visit.player
    drawn = len(_candidates(visit, opening))
    parts = opening.split(":")
    if parts[1] == "locker":
        lockers.take_from(table.lockers[parts[2]], drawn, value, visit.rng)
        piece = Piece("locker", f"{parts[2]}:{value}", False)
    else:
        stack = table.exit_stack_of[int(visit.place.label)]
        lockers.take_from(table.exit_stacks[stack], drawn, value, visit.rng)
        piece = Piece("exit", f"{stack}:{value}", False)
    place_item(player, space, piece)


# --- where a Move may not end (R-VIS-3) ----------------------------------------------------


def visit_problem(state: EscapePlanState, seat: str, node: str) -> str | None:
    """Why ``seat`` may not end a Move in ``node`` to visit it (R-VIS-3), or ``None``."""
    rules, table = state.rules, state.table
    player = table.players[seat]
    place = place_of(rules, table, node)
    if place is None:
        return f"{node} is a terrain area, not a location"
    if place.kind == "BUSINESS_SPACE":
        business = table.businesses[place.label]
        if any(owner == seat for owner, _ in business.cubes):
            return f"{seat} has visited the {place.label} before (R-BUS-V1)"
        has_key = lockers.key_colours(rules, player) or asset_ready(
            rules, player, lockers.MASTER_KEY
        )
        if business.closed and not has_key:
            return f"the {place.label} is closed and {seat} has no key or Master Key (R-BUS-V2)"
    elif place.kind == "SAFE_HOUSE_SPACE":
        if any(owner == seat for owner, _ in table.safe_houses[place.label].cubes):
            return f"{seat} has visited Safe House {place.label} before (R-SH-V1)"
    elif place.kind == "GANG":
        gang = table.gangs[node]
        if opponents_at(table, seat, node):
            return "another pawn is in this Gang location (R-GANG-V1)"
        if gang.control is not None:
            return f"{gang.control} controls this gang (R-GANG-V2)"
        if player.cash < GANG_PRICE:
            return f"hiring a gang costs ${GANG_PRICE}k (R-GANG-V3)"
        if player.control_markers <= 0:
            return "no Gang Control marker left"
    return None


def unvisitable(state: EscapePlanState, seat: str) -> tuple[str, ...]:
    """Every location of the city ``seat`` may not end a Move in, in node order: the
    ``forbidden`` input of ``movement.MoveContext``."""
    city = state.table.city
    return tuple(
        node
        for node in sorted(city.nodes())
        if city.kind(node) is not None and visit_problem(state, seat, node) is not None
    )
