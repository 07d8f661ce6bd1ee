"""The MOVE step (spec §7.3): costs, the Metro, Heliports, water, Gas Cans, the movement
cards and fixers, escaping, the tiles recorded for AVOID, and the rulebook's examples
(§21.6 #7-#10, #12; §7.3.2, §8.4, §17.2 Sewer) as named tests."""

from __future__ import annotations

import pytest

from getaway.core.errors import GetawayError
from getaway.games.escape_plan import load_content
from getaway.games.escape_plan.movement import (
    IllegalMoveError,
    MoveContext,
    MovePath,
    MoveTool,
    apply_step,
    can_move,
    card_tool,
    fixer_tool,
    gang_card_tool,
    gang_member_tool,
    may_stop,
    next_steps,
    path_cost,
    start_path,
    tiles_crossed,
    validate_path,
)
from getaway.games.escape_plan.movement_map import water_body
from tests.escape_plan.helpers import start_city
from tests.escape_plan.test_movement_maps import (
    ferry_city,
    grow,
    heliport_tile_city,
    metro_city,
    sewer_city,
    store_to_safe_house,
    tile,
    transport_city,
    without_ferries,
)

CHOPPER = MoveTool("chopper", "flight", cost=2)
SEWER = MoveTool("sewer", "sewer", cost=1)
JET_SKI = MoveTool("jet_ski", "jet_ski", cost=1)
MEDEVAC = MoveTool("medevac", "medevac", cost=2)


def ids(city, ctx, path: MovePath) -> list[str]:
    return [step.id for step in next_steps(city, ctx, path)]


def walk(*nodes: str) -> list[str]:
    return [f"walk:{node}" for node in nodes]


# --- §21.6 examples --------------------------------------------------------------------------


def test_example_7_movement_store_to_safe_house_costs_3_mp():
    # Store -> industrial (1) -> connected industrial on other tiles (0) -> residential (1)
    # -> Safe House (1).
    city = store_to_safe_house()
    ctx = MoveContext(start="D1.store")
    steps = [
        *walk("D1.ind", "START_H.ind", "START_G.ind", "B3.res", "B3.safe_house"),
        "stop",
    ]
    path = validate_path(city, ctx, steps, complete=True)
    assert path.spent == 3 and path.remaining == 0
    assert path_cost(city, ctx, steps) == 3
    assert tiles_crossed(path) == ("D1", "START_H", "START_G", "B3")
    assert path.ended == "stop"


def test_example_8_ferry_business_on_water_to_store_costs_3_mp():
    # Leave the Business on the water (1) -> water (0) -> commercial (1) -> Store (1).
    city = ferry_city()
    ctx = MoveContext(start="C2.business")
    path = start_path(city, ctx)
    assert ids(city, ctx, path) == ["walk:C2.wat"]  # a location on water is left into it
    path = validate_path(city, ctx, walk("C2.wat", "C2.com", "C1.com", "C1.store"))
    assert path.spent == 3
    assert may_stop(city, ctx, path)


def test_example_9_metro_ride_gives_one_more_mp_4_spent():
    # Gang -> industrial (1) -> Metro (1) -> ride (0, +1 MP) -> residential (1) -> Store (1).
    city = metro_city()
    ctx = MoveContext(start="START_G.gang")
    steps = [
        *walk("START_G.ind", "START_H.ind", "START_H.metro"),
        "metro:A3.metro",
        *walk("A3.res", "C1.res", "C1.store"),
        "stop",
    ]
    path = validate_path(city, ctx, steps, complete=True)
    assert path.spent == 4 and path.budget == 4 and path.rode_metro
    # The ride is a transport leg: only its destination's tile is recorded (§7.3.5).
    assert tiles_crossed(path) == ("START_G", "START_H", "A3", "C1")
    at_metro = validate_path(city, ctx, steps[:3])
    ride = next(s for s in next_steps(city, ctx, at_metro) if s.kind == "metro")
    assert ride.id == "metro:A3.metro" and ride.cost == 0


def test_example_10_heliport_flight_to_the_hospital():
    # Safe House -> residential (1) -> Heliport (1) -> fly to the Hospital (1).
    city = store_to_safe_house()
    ctx = MoveContext(start="B3.safe_house")
    path = validate_path(city, ctx, [*walk("B3.res", "B3.heliport"), "fly:START_H.hospital"])
    assert path.spent == 3
    assert tiles_crossed(path) == ("B3", "START_H")
    assert may_stop(city, ctx, path)


def test_example_12_avoid_with_transport_spends_5_mp():
    # Start tile -> Heliport (2) -> fly to a Metro (1) -> ride (+1 MP) -> a Gas Can (+1 MP)
    # -> walk to the Exit on the second Metro's tile (2): 2 + 1 + 2 = 5 MP.
    city = transport_city()
    ctx = MoveContext(start="B3.safe_house", gas_cans=1)
    steps = [
        *walk("B3.res", "B3.heliport"),
        "fly:A3.metro",
        "metro:A1.metro",
        "walk:A1.ind",
        "gas",
        "walk:A1.exit",
        "stop",
    ]
    path = validate_path(city, ctx, steps, complete=True)
    assert path.spent == 5 and path.budget == 5 and path.gas_spent == 1
    assert tiles_crossed(path) == ("B3", "A3", "A1")


def test_heliport_tile_example_helicopter_abilities_anywhere_on_it():
    # §8.4: at Exit 3, 1 MP to industrial, 0 MP into the industrial area of the Heliport tile
    # to the right: helicopter abilities are now usable.
    city = heliport_tile_city()
    ctx = MoveContext(start="C3.exit", tools=(CHOPPER,), cash=2)
    path = validate_path(city, ctx, walk("C3.ind"))
    assert not any(step.startswith("heli:") for step in ids(city, ctx, path))
    path = apply_step(city, ctx, path, "walk:B3.ind")
    assert path.spent == 1
    flights = [step for step in next_steps(city, ctx, path) if step.kind == "heli"]
    assert flights and all(step.id.startswith("heli:chopper:") for step in flights)
    assert all(step.cost == 1 for step in flights)
    assert all(step.tool == "chopper" and step.price == 2 for step in flights)
    walking = next(step for step in next_steps(city, ctx, path) if step.kind == "walk")
    assert walking.tool is None and walking.price == 0
    landed = apply_step(city, ctx, path, flights[0].id)
    assert landed.cash_spent == 2 and landed.uses("chopper") == 1


def test_sewer_example_same_terrain_costs_nothing_and_skips_the_tile_passed_under():
    # §17.2: Store -> commercial (1) -> Sewer under START_G to commercial (0) -> Hospital (1).
    city = sewer_city()
    ctx = MoveContext(start="A1.store", tools=(SEWER,), cash=1)
    path = validate_path(city, ctx, ["walk:A1.com", "sewer:START_H.com", "walk:START_H.hospital"])
    assert path.spent == 2 and path.cash_spent == 1
    assert tiles_crossed(path) == ("A1", "START_H")


# --- R-MV-1: where a move may end --------------------------------------------------------------


def test_a_move_may_not_end_where_it_started_nor_on_terrain():
    city = store_to_safe_house()
    ctx = MoveContext(start="D1.store", movement_points=5)
    path = start_path(city, ctx)
    assert "stop" not in ids(city, ctx, path)
    on_street = apply_step(city, ctx, path, "walk:D1.ind")
    assert "stop" not in ids(city, ctx, on_street)
    with pytest.raises(IllegalMoveError, match="terrain area; a move ends in a location"):
        apply_step(city, ctx, on_street, "stop")
    back = apply_step(city, ctx, on_street, "walk:D1.store")
    with pytest.raises(IllegalMoveError, match="other than where it started"):
        apply_step(city, ctx, back, "stop")


def test_a_move_may_not_end_where_the_player_may_not_visit():
    # R-VIS-3: passing through is allowed, ending there is not.
    city = store_to_safe_house()
    ctx = MoveContext(start="D1.store", movement_points=4, no_stop=frozenset({"D1.gang"}))
    path = validate_path(city, ctx, walk("D1.com", "D1.gang"))
    assert "stop" not in ids(city, ctx, path)
    with pytest.raises(IllegalMoveError, match="cannot be visited"):
        apply_step(city, ctx, path, "stop")
    assert ids(city, ctx, path) == ["walk:D1.res"]  # on to B3's Safe House


def test_the_move_is_over_once_stopped():
    city = store_to_safe_house()
    ctx = MoveContext(start="D1.store")
    path = validate_path(city, ctx, [*walk("D1.com", "D1.gang"), "stop"])
    assert next_steps(city, ctx, path) == []
    with pytest.raises(IllegalMoveError, match="already ended"):
        apply_step(city, ctx, path, "walk:D1.com")


def test_validate_path_complete_refuses_an_unfinished_move():
    city = store_to_safe_house()
    ctx = MoveContext(start="D1.store")
    with pytest.raises(IllegalMoveError, match="has not ended") as caught:
        validate_path(city, ctx, walk("D1.com", "D1.gang"), complete=True)
    assert "stop" in caught.value.legal


# --- R-MV-2, R-MV-3: costs; the 3 MP budget ----------------------------------------------------


def test_each_step_shows_its_cost_and_the_path_its_running_total():
    city = store_to_safe_house()
    ctx = MoveContext(start="D1.store")
    path = start_path(city, ctx)
    costs = {step.id: step.cost for step in next_steps(city, ctx, path)}
    assert costs == {"walk:D1.ind": 1, "walk:D1.com": 1}
    path = apply_step(city, ctx, path, "walk:D1.ind")
    costs = {step.id: step.cost for step in next_steps(city, ctx, path)}
    assert costs["walk:START_H.ind"] == 0  # same terrain across tiles (R-MV-3)
    assert costs["walk:D1.res"] == 1  # crossing terrain (R-MV-2)
    assert path.spent == 1 and path.remaining == 2


def test_three_mp_and_no_more_without_bonuses():
    city = store_to_safe_house()
    ctx = MoveContext(start="D1.store")
    path = validate_path(city, ctx, walk("D1.ind", "START_H.ind", "START_H.metro"))
    # 2 MP spent; one left: the hospital (1) but not beyond.
    path = apply_step(city, ctx, path, "walk:START_H.hospital")
    assert path.remaining == 0
    assert "walk:START_H.com" not in ids(city, ctx, path)
    with pytest.raises(IllegalMoveError, match=r"not enough MP \(0 left\)"):
        apply_step(city, ctx, path, "walk:START_H.com")


def test_steps_that_lead_to_no_legal_end_are_not_offered():
    # With 1 MP from the Hospital, the streets lead nowhere: every location is 1 MP further.
    city = store_to_safe_house()
    ctx = MoveContext(start="START_H.hospital", movement_points=1)
    path = start_path(city, ctx)
    assert ids(city, ctx, path) == ["walk:START_H.metro"]
    with pytest.raises(IllegalMoveError, match="leads to no location where the move may end"):
        apply_step(city, ctx, path, "walk:START_H.com")


def test_no_move_at_all_when_no_location_is_in_reach():
    # A Business on the water with 1 MP: the water, then nothing (R-MV-1).
    city = ferry_city()
    assert not can_move(city, MoveContext(start="C2.business", movement_points=1))
    assert can_move(city, MoveContext(start="C2.business"))


def test_unknown_or_unreachable_steps_are_refused_with_the_legal_ones():
    city = store_to_safe_house()
    ctx = MoveContext(start="D1.store")
    path = start_path(city, ctx)
    with pytest.raises(IllegalMoveError) as caught:
        apply_step(city, ctx, path, "walk:B3.safe_house")
    assert "does not touch D1.store" in str(caught.value)
    assert sorted(caught.value.legal) == ["walk:D1.com", "walk:D1.ind"]
    assert "step 1 'walk:B3.safe_house'" in str(caught.value)
    with pytest.raises(IllegalMoveError, match="not a node of the city"):
        apply_step(city, ctx, path, "walk:Z9.nowhere")
    with pytest.raises(IllegalMoveError, match="unknown step"):
        apply_step(city, ctx, path, "teleport")


def test_a_context_refuses_tools_listed_twice_or_badly_named():
    with pytest.raises(GetawayError, match="'chopper' is listed twice; list it once"):
        MoveContext(start="D1.store", tools=(CHOPPER, CHOPPER))
    with pytest.raises(GetawayError, match="not a tool id"):
        MoveContext(start="D1.store", tools=(MoveTool("a:b", "flight"),))
    with pytest.raises(GetawayError, match="negative count or price"):
        MoveContext(start="D1.store", tools=(MoveTool("chopper", "flight", count=-1),))
    with pytest.raises(GetawayError, match="cannot be negative"):
        MoveContext(start="D1.store", gas_cans=-1)


def test_a_pawn_must_start_in_a_location_of_the_city():
    city = store_to_safe_house()
    with pytest.raises(GetawayError, match="terrain area"):
        start_path(city, MoveContext(start="D1.ind"))
    with pytest.raises(GetawayError, match="not a node of the city"):
        start_path(city, MoveContext(start="A1.store"))
    with pytest.raises(GetawayError, match=r"'D1\.gang' is not an Exit of the city"):
        start_path(city, MoveContext(start="D1.store", escape_exit="D1.gang"))


# --- R-MV-4: Gas Cans ----------------------------------------------------------------------------


def test_a_gas_can_adds_one_mp_when_the_mp_run_out():
    city = store_to_safe_house()
    ctx = MoveContext(start="D1.store", gas_cans=2)
    path = validate_path(city, ctx, walk("D1.com", "D1.res", "B3.res", "B3.com"))
    assert "gas" not in ids(city, ctx, start_path(city, ctx))  # MP left: nothing to buy
    assert path.remaining == 0
    assert "gas" in ids(city, ctx, path)
    with pytest.raises(IllegalMoveError, match="MP are still left"):
        apply_step(city, ctx, start_path(city, ctx), "gas")
    path = apply_step(city, ctx, path, "gas")
    assert path.budget == 4 and path.gas_spent == 1
    path = validate_path(city, ctx, [*path.steps, "walk:B3.heliport", "stop"], complete=True)
    assert path.spent == 4


def test_no_gas_can_no_gas_step():
    city = store_to_safe_house()
    ctx = MoveContext(start="D1.store")
    path = validate_path(city, ctx, walk("D1.com", "D1.res", "B3.res", "B3.safe_house"))
    assert path.remaining == 0
    assert "gas" not in ids(city, ctx, path)
    with pytest.raises(IllegalMoveError, match="no Gas Can left"):
        apply_step(city, ctx, path, "gas")


# --- §7.3.2 water ------------------------------------------------------------------------------


def test_water_without_a_ferry_is_closed_and_a_jet_ski_opens_its_body():
    city = grow(start_city(), (without_ferries(tile("C2")), (0, -1), 0), ("C1", (1, -1), 0))
    ctx = MoveContext(start="START_H.hospital")
    path = validate_path(city, ctx, walk("START_H.com"))
    assert "walk:C2.wat" not in ids(city, ctx, path)
    with pytest.raises(IllegalMoveError, match="water without a Ferry"):
        apply_step(city, ctx, path, "walk:C2.wat")
    skier = MoveContext(start="START_H.hospital", tools=(JET_SKI,), cash=1)
    path = validate_path(city, skier, [*walk("START_H.com"), "jetski:C2.wat"])
    assert path.jet_ski_bodies == ("C2.wat",) and path.cash_spent == 1
    # Once opened, the body is walked on plainly.
    assert "walk:C2.business" in ids(city, skier, path)


def test_one_jet_ski_card_opens_one_body_of_water():
    city = grow(
        start_city(),
        (without_ferries(tile("C2")), (0, -1), 0),
        (without_ferries(tile("B1")), (1, -1), 0),
    )
    assert len(city.water_bodies) == 2
    ctx = MoveContext(start="C2.metro", movement_points=6, tools=(JET_SKI,), cash=5)
    path = validate_path(city, ctx, walk("C2.com"))
    assert {"jetski:C2.wat", "jetski:B1.wat"} <= set(ids(city, ctx, path))
    path = apply_step(city, ctx, path, "jetski:C2.wat")
    path = apply_step(city, ctx, path, "walk:C2.com")
    # Back on land beside both bodies: C2's is open, B1's needs another card.
    assert "walk:C2.wat" in ids(city, ctx, path)
    assert not any(step.endswith("B1.wat") for step in ids(city, ctx, path))
    two = MoveContext(
        start="C2.metro",
        movement_points=6,
        tools=(MoveTool("jet_ski", "jet_ski", count=2, cost=1),),
        cash=5,
    )
    assert "jetski:B1.wat" in ids(city, two, validate_path(city, two, path.steps))


def test_a_flight_lands_on_water_only_where_it_is_open():
    city = grow(store_to_safe_house(), ("C2", (0, -1), 0))
    ctx = MoveContext(start="B3.heliport")
    assert "fly:C2.wat" in ids(city, ctx, start_path(city, ctx))  # C2 has a Ferry
    closed = grow(store_to_safe_house(), (without_ferries(tile("C2")), (0, -1), 0))
    assert "fly:C2.wat" not in ids(closed, ctx, start_path(closed, ctx))
    assert "fly:C2.business" in ids(closed, ctx, start_path(closed, ctx))


def test_a_jet_ski_needs_the_cash_for_the_card():
    city = grow(start_city(), (without_ferries(tile("C2")), (0, -1), 0), ("C1", (1, -1), 0))
    broke = MoveContext(start="START_H.hospital", tools=(JET_SKI,), cash=0)
    path = validate_path(city, broke, walk("START_H.com"))
    assert "jetski:C2.wat" not in ids(city, broke, path)


def test_a_ferry_opens_its_body_from_any_tile():
    city = ferry_city()
    assert water_body(city, "C2.wat") == "C2.wat" and water_body(city, "C2.com") is None
    ctx = MoveContext(start="START_H.hospital")
    path = validate_path(city, ctx, walk("START_H.com"))
    assert "walk:C2.wat" in ids(city, ctx, path)


# --- §7.3.3 the Metro ----------------------------------------------------------------------------


def test_the_metro_may_be_ridden_from_the_start_and_gives_its_bonus_once():
    city = transport_city()
    ctx = MoveContext(start="START_H.metro")
    first = ids(city, ctx, start_path(city, ctx))
    assert {"metro:A3.metro", "metro:A1.metro"} <= set(first)
    path = apply_step(city, ctx, start_path(city, ctx), "metro:A1.metro")
    assert path.budget == 4 and path.spent == 0
    # Ending in a Metro is allowed (R-METRO-4), even after 0 MP.
    assert may_stop(city, ctx, path)
    # Arriving by the Metro is not entering it: no ride straight on.
    assert not any(step.startswith("metro:") for step in ids(city, ctx, path))
    with pytest.raises(IllegalMoveError, match="right after entering"):
        apply_step(city, ctx, path, "metro:A3.metro")
    # Walking out and back in allows another ride, without another bonus.
    path = validate_path(city, ctx, [*path.steps, "walk:A1.ind", "walk:A1.metro"])
    path = apply_step(city, ctx, path, "metro:A3.metro")
    assert path.budget == 4


def test_no_ride_from_a_location_that_is_not_a_metro():
    city = transport_city()
    ctx = MoveContext(start="START_H.hospital")
    with pytest.raises(IllegalMoveError, match="is not a Metro"):
        apply_step(city, ctx, start_path(city, ctx), "metro:A3.metro")


# --- §7.3.4 the Heliport -------------------------------------------------------------------------


def test_a_heliport_flight_reaches_tiles_one_or_two_away_for_one_mp():
    city = transport_city()
    ctx = MoveContext(start="B3.heliport")
    flights = [s for s in next_steps(city, ctx, start_path(city, ctx)) if s.kind == "fly"]
    reached = {city.tile_of(step.to) for step in flights}
    assert reached == {"START_H", "START_G", "D1", "A3", "A1"}  # all within 2 tiles
    assert all(step.cost == 1 for step in flights)
    assert not any(city.tile_of(step.to) == "B3" for step in flights)


def test_a_heliport_flight_only_right_after_entering_and_with_an_mp_left():
    city = store_to_safe_house()
    ctx = MoveContext(start="B3.safe_house", movement_points=5)
    path = validate_path(city, ctx, walk("B3.res", "B3.heliport", "B3.res"))
    with pytest.raises(IllegalMoveError, match="Heliport location just entered"):
        apply_step(city, ctx, path, "fly:START_H.hospital")
    ctx = MoveContext(start="B3.safe_house", movement_points=4)
    path = validate_path(city, ctx, walk("B3.res", "B3.heliport", "B3.res", "B3.heliport"))
    assert path.remaining == 0
    with pytest.raises(IllegalMoveError, match="a flight costs 1 MP and 0 are left"):
        apply_step(city, ctx, path, "fly:START_H.hospital")


def test_ending_in_a_heliport_is_allowed():
    city = store_to_safe_house()
    ctx = MoveContext(start="B3.safe_house")
    path = validate_path(city, ctx, [*walk("B3.res", "B3.heliport"), "stop"], complete=True)
    assert path.node == "B3.heliport"


def test_landing_in_a_metro_lets_you_ride_on():
    # §22 change 2: a landing counts as entering the Metro.
    city = transport_city()
    ctx = MoveContext(start="B3.heliport")
    path = apply_step(city, ctx, start_path(city, ctx), "fly:A3.metro")
    assert "metro:A1.metro" in ids(city, ctx, path)


def test_landing_on_a_heliport_lets_you_fly_on():
    city = grow(store_to_safe_house(), ("D3", (2, 0), 270))
    ctx = MoveContext(start="B3.heliport")
    path = apply_step(city, ctx, start_path(city, ctx), "fly:D3.heliport")
    assert path.spent == 1
    onward = [step for step in next_steps(city, ctx, path) if step.kind == "fly"]
    assert onward and all(step.cost == 1 for step in onward)


def test_helicopter_tools_each_name_their_source_and_are_used_up():
    content = load_content()
    fixers = {fixer.id: fixer for fixer in content.fixers.fixers}
    cards = {card.id: card for card in content.contacts.cards}
    helicopter = fixer_tool(fixers["helicopter"])
    motorcycle = fixer_tool(fixers["motorcycle"])
    assert helicopter is not None and motorcycle is not None
    assert fixer_tool(fixers["phone"]) is None
    tools = (
        helicopter,
        motorcycle,
        gang_member_tool("START_G.gang", 2),
        gang_card_tool(cards["gang"]),
    )
    city = heliport_tile_city()
    ctx = MoveContext(start="B3.safe_house", tools=tools, cash=0)
    sources = {
        step.id.split(":")[1]
        for step in next_steps(city, ctx, start_path(city, ctx))
        if step.kind == "heli"
    }
    # The Gang card costs $2k and the mover has none.
    assert sources == {"helicopter", "motorcycle", "gang@START_G.gang"}
    path = apply_step(city, ctx, start_path(city, ctx), "heli:helicopter:C3.ind")
    assert path.used == (("helicopter", 1),)


def test_a_helicopter_tool_needs_a_heliport():
    city = store_to_safe_house()
    ctx = MoveContext(start="D1.store", tools=(CHOPPER,), cash=5)
    assert not any(s.startswith("heli:") for s in ids(city, ctx, start_path(city, ctx)))
    with pytest.raises(IllegalMoveError, match="is not on a Heliport"):
        apply_step(city, ctx, start_path(city, ctx), "heli:chopper:START_H.hospital")


def test_contact_cards_that_move_become_tools_with_their_price():
    cards = {card.id: card for card in load_content().contacts.cards}
    assert card_tool(cards["chopper"]) == MoveTool("chopper", "flight", 1, 2, False)
    assert card_tool(cards["sewer"], 2) == MoveTool("sewer", "sewer", 2, 1, False)
    assert card_tool(cards["jet_ski"]) == MoveTool("jet_ski", "jet_ski", 1, 1, False)
    assert card_tool(cards["medevac"]) == MoveTool("medevac", "medevac", 1, 2, False)
    assert card_tool(cards["boxer"]) is None


# --- §17.2 Sewer and Medevac ---------------------------------------------------------------------


def test_the_sewer_onto_another_terrain_costs_one_mp_and_starts_from_terrain():
    city = sewer_city()
    ctx = MoveContext(start="A1.store", tools=(SEWER,), cash=1)
    assert not any(s.startswith("sewer:") for s in ids(city, ctx, start_path(city, ctx)))
    with pytest.raises(IllegalMoveError, match="starts from a terrain area"):
        apply_step(city, ctx, start_path(city, ctx), "sewer:START_H.com")
    path = validate_path(city, ctx, walk("A1.com"))
    costs = {s.to: s.cost for s in next_steps(city, ctx, path) if s.kind == "sewer"}
    assert costs == {"START_H.com": 0, "START_H.res": 1, "START_H.ind": 1}


def test_medevac_goes_straight_to_the_hospital_and_ends_the_move():
    city = store_to_safe_house()
    ctx = MoveContext(start="B3.safe_house", tools=(MEDEVAC,), cash=2)
    path = validate_path(city, ctx, ["walk:B3.ind", "medevac"], complete=True)
    assert path.node == "START_H.hospital" and path.ended == "medevac"
    assert path.spent == 1 and path.cash_spent == 2
    assert tiles_crossed(path) == ("B3", "START_H")
    assert next_steps(city, ctx, path) == []


def test_no_medevac_from_the_hospital():
    city = store_to_safe_house()
    ctx = MoveContext(start="START_H.hospital", tools=(MEDEVAC,), cash=2)
    assert "medevac" not in ids(city, ctx, start_path(city, ctx))
    with pytest.raises(IllegalMoveError, match="Medevac"):
        apply_step(city, ctx, start_path(city, ctx), "medevac")


# --- §13.1 escaping ------------------------------------------------------------------------------


def test_escape_only_through_the_open_exit_and_it_ends_the_move():
    city = heliport_tile_city()
    ctx = MoveContext(start="C3.safe_house", escape_exit="C3.exit")
    path = validate_path(city, ctx, walk("C3.res", "C3.exit"))
    assert "escape" in ids(city, ctx, path)
    path = apply_step(city, ctx, path, "escape")
    assert path.ended == "escape" and next_steps(city, ctx, path) == []
    day_2 = MoveContext(start="C3.safe_house")
    with pytest.raises(IllegalMoveError, match="only on Day 3"):
        apply_step(city, day_2, validate_path(city, day_2, walk("C3.res", "C3.exit")), "escape")


def test_a_player_starting_on_the_open_exit_may_escape_at_once():
    city = heliport_tile_city()
    ctx = MoveContext(start="C3.exit", escape_exit="C3.exit")
    path = validate_path(city, ctx, ["escape"], complete=True)
    assert path.spent == 0 and tiles_crossed(path) == ("C3",)
