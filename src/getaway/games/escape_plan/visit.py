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
from typing import TYPE_CHECKING

from getaway.core.errors import IllegalActionError
from getaway.games.escape_plan import lockers
from getaway.games.escape_plan.options import Rules
from getaway.games.escape_plan.schema import LocationKind
from getaway.games.escape_plan.state import Table
from getaway.games.escape_plan.visit_board import asset_ready, opponents_at, place_of
from getaway.games.escape_plan.visit_stages import (
    EQUIPMENT_PER_VISIT,
    GANG_PRICE,
    Visit,
    apply,
    candidates,
    options,
)

if TYPE_CHECKING:
    from getaway.games.escape_plan.game import EscapePlanState

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


def _visit(state: EscapePlanState, seat: str) -> Visit | None:
    """The visit ``seat`` makes where its pawn stands, or ``None``: no visit after an
    escape, on a terrain area, or in a Metro or Heliport (R-VIS-1)."""
    table = state.table
    player = table.players[seat]
    if player.status != "city" or player.location is None:
        return None
    place = place_of(state.rules, table, player.location)
    if place is None or place.kind not in STAGES:
        return None
    return Visit(state.rules, table, state.rng, seat, player, place)


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
    if not steps_so_far and visit_problem(state.rules, state.table, seat, visit.place.node):
        # R-VIS-3 is checked against the position before the Move; a Move or an AVOID that
        # spent the money a Gang costs leaves the pawn there with no visit (docs: "Wiring").
        return []
    stages = STAGES[visit.place.kind]
    index, taken = _position(stages, steps_so_far)
    while index < len(stages):
        found = options(visit, stages[index], taken, steps_so_far)
        if found or index == 0:
            return found
        index, taken = index + 1, []
    return []


def apply_visit_step(
    state: EscapePlanState,
    seat: str,
    steps_so_far: Sequence[str],
    step: str,
    *,
    checked: bool = False,
) -> None:
    """Take ``step`` (one of :func:`visit_steps`); anything else is refused unchanged, unless
    the caller has ``checked`` it against that list already."""
    if not checked:
        legal = visit_steps(state, seat, steps_so_far)
        if step not in legal:
            reason = "the visit is over" if not legal else "not a step of this visit now"
            raise IllegalActionError(seat, str(step), legal, reason)
    visit = _visit(state, seat)
    assert visit is not None
    apply(visit, step, steps_so_far)


def drawn_tiles(state: EscapePlanState, seat: str) -> tuple[str, str, list[int]] | None:
    """The tiles ``seat`` drew to pick from, when its visit waits for the pick: the kind
    (``locker`` or ``exit``), the stack and the values, top first (they are the stack's top
    tiles until the pick). Only the visitor sees them (``views.py``)."""
    table = state.table
    if table.stage != "visit" or not table.visit_steps or not table.queue:
        return None
    if table.queue[0] != seat:
        return None
    opening = table.visit_steps[-1].split(":")
    visit = _visit(state, seat)
    if visit is None or opening[1] not in ("locker", "exit_tile"):
        return None
    count = len(candidates(visit, table.visit_steps[-1]))
    if opening[1] == "locker":
        return "locker", opening[2], table.lockers[opening[2]][:count]
    stack = table.exit_stack_of[int(visit.place.label)]
    return "exit", stack, table.exit_stacks[stack][:count]


# --- where a Move may not end (R-VIS-3) ----------------------------------------------------


#: The only location kinds ``visit_problem`` can refuse: every other location may always be
#: visited, so ``unvisitable`` skips them (it runs on every Move check).
MAY_REFUSE_A_VISIT: frozenset[LocationKind] = frozenset(
    {"BUSINESS_SPACE", "SAFE_HOUSE_SPACE", "GANG"}
)


def visit_problem(rules: Rules, table: Table, seat: str, node: str) -> str | None:
    """Why ``seat`` may not end a Move in ``node`` to visit it (R-VIS-3), or ``None``."""
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


def _holds_cube(cubes: list[tuple[str, str]], seat: str) -> bool:
    """``any(owner == seat for owner, _ in cubes)`` as a plain loop (every Move check asks it
    of every building: a generator costs more than the few cubes it reads, 420 ns against
    150 for two cubes)."""
    for owner, _ in cubes:  # noqa: SIM110
        if owner == seat:
            return True
    return False


def unvisitable(rules: Rules, table: Table, seat: str) -> tuple[str, ...]:
    """Every location of the city ``seat`` may not end a Move in, in node order: the
    ``no_stop`` input of ``movement.MoveContext``. The same answer as asking
    :func:`visit_problem` of every location of ``MAY_REFUSE_A_VISIT`` kinds (the oracle of
    ``test_visit_speed.py``), read off the buildings and gangs directly: every Move check
    asks it."""
    player = table.players[seat]
    refused: set[str] = set()
    keyless: bool | None = None  # asked only when a closed Business needs it
    for business in table.businesses.values():
        node = business.placed_on
        if node is None:
            continue
        if _holds_cube(business.cubes, seat):
            refused.add(node)
        elif business.closed:
            if keyless is None:
                keyless = not (
                    lockers.key_colours(rules, player)
                    or asset_ready(rules, player, lockers.MASTER_KEY)
                )
            if keyless:
                refused.add(node)
    for house in table.safe_houses.values():
        if house.placed_on is not None and _holds_cube(house.cubes, seat):
            refused.add(house.placed_on)
    if table.gangs:
        cannot_hire = player.cash < GANG_PRICE or player.control_markers <= 0
        others: set[str | None] | None = None  # asked only of a Gang that could be hired
        for node, gang in table.gangs.items():
            if cannot_hire or gang.control is not None:
                refused.add(node)
                continue
            if others is None:
                # R-VIS-4: another pawn there, Sandra and Costa included (``opponents_at``).
                others = {
                    p.location for s, p in table.players.items() if p.status == "city" and s != seat
                }
                others.update(a.location for a in table.automata.values() if a.status == "city")
            if node in others:
                refused.add(node)
    if not refused:
        return ()
    # Only the city's locations, in node order (a building or gang off the city is none).
    locations = table.city.location_nodes
    return tuple(sorted(node for node in refused if node in locations))
