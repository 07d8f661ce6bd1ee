"""The AVOID step (spec §7.4): the tiles to avoid, the tools and what each covers, Sandra
and Costa, Wounds and Handcuffs (§11), and the rulebook's examples (§21.6 #11-#14, #17;
§17.2 Sewer) as named tests."""

from __future__ import annotations

import pytest

from getaway.core.errors import GetawayError
from getaway.games.escape_plan import load_content
from getaway.games.escape_plan.avoid import (
    AvoidContext,
    AvoidTool,
    IllegalAvoidError,
    WoundTrack,
    after_moving,
    asset_tool,
    avoid_context,
    avoid_result,
    avoid_steps,
    contact_tool,
    equipment_tool,
    fixer_tool,
    gang_member_tool,
    take_wounds,
    tiles_to_avoid,
)
from getaway.games.escape_plan.movement import MoveContext, MoveTool, validate_path
from getaway.games.escape_plan.movement import gang_member_tool as gang_flight
from getaway.games.escape_plan.schema import Officer
from tests.escape_plan.test_movement_maps import (
    avoid_walk_city,
    heliport_tile_city,
    sewer_city,
    store_to_safe_house,
    transport_city,
)

CONTENT = load_content()
CARDS = {card.id: card for card in CONTENT.contacts.cards}
EQUIPMENT = {kind.id: kind for kind in CONTENT.equipment.equipment}


def card(card_id: str, count: int = 1) -> AvoidTool:
    tool = contact_tool(CARDS[card_id], count)
    assert tool is not None
    return tool


VEST = equipment_tool(EQUIPMENT["vest"])
CAP = equipment_tool(EQUIPMENT["cap"])
HELMET = equipment_tool(EQUIPMENT["helmet"])
GAS_MASK = equipment_tool(EQUIPMENT["gas_mask"])


def threats(ctx: AvoidContext) -> list[str]:
    return [threat.id for threat in ctx.threats]


def all_wounds(ctx: AvoidContext) -> list[str]:
    """Decide every officer with a Wound."""
    steps: list[str] = []
    while options := avoid_steps(ctx, steps):
        steps.append(options[-1])
    return steps


# --- §21.6 examples --------------------------------------------------------------------------


def test_example_11_avoid_walking_every_tile_left_but_not_the_last():
    # Safe House -> industrial -> commercial on a 2nd tile -> Store on a 3rd tile: avoid the
    # Federal on the start tile and the Federal and Local on the 2nd tile, not the 3rd tile.
    city = avoid_walk_city()
    move = MoveContext(start="A2.safe_house")
    path = validate_path(
        city,
        move,
        ["walk:A2.ind", "walk:A2.com", "walk:START_G.com", "walk:C1.com", "walk:C1.store"],
    )
    assert tiles_to_avoid(path) == ("A2", "START_G")
    police: dict[str, list[Officer]] = {
        "A2": ["FEDERAL"],
        "START_G": ["LOCAL", "FEDERAL"],
        "C1": ["SWAT", "LOCAL"],
    }
    ctx = avoid_context(path, police)
    assert threats(ctx) == ["A2:federal", "START_G:federal", "START_G:local"]
    result = avoid_result(ctx, all_wounds(ctx))
    assert result.wounds == 3


def test_example_12_avoid_with_transport_only_the_tiles_left():
    # Heliport flight from the start tile (Local + SWAT) to a Metro, ride to another Metro
    # (first Metro tile: Federal), walk to the Exit on the second Metro's tile.
    city = transport_city()
    move = MoveContext(start="B3.safe_house", gas_cans=1)
    steps = ["walk:B3.res", "walk:B3.heliport", "fly:A3.metro", "metro:A1.metro"]
    path = validate_path(city, move, [*steps, "walk:A1.ind", "gas", "walk:A1.exit", "stop"])
    police: dict[str, list[Officer]] = {
        "B3": ["LOCAL", "SWAT"],
        "A3": ["FEDERAL"],
        "A1": ["FEDERAL", "LOCAL", "SWAT"],
        "START_G": ["FEDERAL", "SWAT"],  # between the Heliport and the Metro: not crossed
        "D1": ["LOCAL"],
    }
    ctx = avoid_context(path, police)
    assert threats(ctx) == ["B3:local", "B3:swat", "A3:federal"]


def test_example_13_wounds_overflow_into_handcuffs():
    # All 3 cubes red; 3 more Wounds -> Handcuffs (red 2), red 3, Handcuffs (red 2).
    track = WoundTrack(green=0, red=3)
    assert take_wounds(track, 1) == WoundTrack(green=1, red=2, handcuffs=1)
    assert take_wounds(track, 2) == WoundTrack(green=0, red=3, handcuffs=1)
    assert take_wounds(track, 3) == WoundTrack(green=1, red=2, handcuffs=2)


def test_example_14_boxer_pays_2_gains_1_notoriety_and_avoids_the_federal():
    boxer = card("boxer")
    assert (boxer.reach, boxer.covers, boxer.cost, boxer.star) == ("type", ("FEDERAL",), 2, True)
    ctx = AvoidContext(tiles=("A2",), police=(("A2", ("FEDERAL",)),), tools=(boxer,), cash=5)
    assert avoid_steps(ctx) == ["boxer:A2:federal", "wound:A2:federal"]
    result = avoid_result(ctx, ["boxer:A2:federal"])
    assert result.avoided == (("A2:federal", "boxer"),)
    assert (result.cash, result.notoriety, result.wounds) == (2, 1, 0)
    assert result.used == (("boxer", 1),)  # flipped face down


def test_example_17_escaping_avoids_the_exit_tile_too():
    # Day 3: move onto the open Exit and escape; avoid the Federal and Local there.
    city = heliport_tile_city()
    move = MoveContext(start="C3.safe_house", escape_exit="C3.exit")
    path = validate_path(city, move, ["walk:C3.res", "walk:C3.exit", "escape"])
    assert tiles_to_avoid(path) == ("C3",)
    ctx = avoid_context(path, {"C3": ["LOCAL", "FEDERAL"]})
    assert threats(ctx) == ["C3:federal", "C3:local"]


def test_sewer_example_only_the_local_of_the_tile_left():
    city = sewer_city()
    move = MoveContext(start="A1.store", tools=(MoveTool("sewer", "sewer", cost=1),), cash=1)
    path = validate_path(
        city, move, ["walk:A1.com", "sewer:START_H.com", "walk:START_H.hospital", "stop"]
    )
    ctx = avoid_context(path, {"A1": ["LOCAL"], "START_G": ["FEDERAL", "SWAT"]}, cash=1)
    assert threats(ctx) == ["A1:local"]
    with pytest.raises(GetawayError, match=r"cash \$0k is less than the \$1k the move spent"):
        avoid_context(path, {}, cash=0)


# --- R-AV-1, R-AV-2: which tiles -------------------------------------------------------------


def test_a_move_inside_one_tile_avoids_nothing():
    city = store_to_safe_house()
    path = validate_path(city, MoveContext(start="D1.store"), ["walk:D1.com", "walk:D1.gang"])
    assert tiles_to_avoid(path) == ()
    ctx = avoid_context(path, {"D1": ["FEDERAL"]})
    assert avoid_steps(ctx) == []
    assert avoid_result(ctx, []).wounds == 0


def test_ending_back_on_the_start_tile_avoids_nothing_even_after_leaving_it():
    # [CHOICE] §19 #23: final tile = start tile skips AVOID, literally.
    city = store_to_safe_house()
    ctx = MoveContext(start="D1.store", movement_points=4)
    path = validate_path(
        city, ctx, ["walk:D1.ind", "walk:START_H.ind", "walk:D1.ind", "walk:D1.res"]
    )
    path = validate_path(city, ctx, [*path.steps, "walk:D1.gang"])
    assert path.tiles == ("D1", "START_H", "D1")
    assert tiles_to_avoid(path) == ()


def test_each_tile_left_counts_once_and_the_final_tile_never():
    city = store_to_safe_house()
    ctx = MoveContext(start="D1.store", movement_points=5)
    path = validate_path(
        city,
        ctx,
        [
            "walk:D1.ind",
            "walk:START_H.ind",
            "walk:D1.ind",
            "walk:START_H.ind",
            "walk:START_G.ind",
            "walk:START_G.church",
        ],
    )
    assert path.tiles == ("D1", "START_H", "D1", "START_H", "START_G")
    assert tiles_to_avoid(path) == ("D1", "START_H")


# --- R-AV-4: the tools -----------------------------------------------------------------------


def test_equipment_covers_one_officer_of_its_types():
    ctx = AvoidContext(
        tiles=("T",),
        police=(("T", ("FEDERAL", "LOCAL", "SWAT")),),
        tools=(VEST, CAP, HELMET, GAS_MASK),
    )
    assert avoid_steps(ctx) == ["vest:T:federal", "wound:T:federal"]
    assert avoid_steps(ctx, ["vest:T:federal"]) == [
        "cap:T:local",
        "gas_mask:T:local",
        "wound:T:local",
    ]
    steps = ["vest:T:federal", "gas_mask:T:local"]
    assert avoid_steps(ctx, steps) == ["helmet:T:swat", "wound:T:swat"]
    result = avoid_result(ctx, [*steps, "helmet:T:swat"])
    assert result.wounds == 0 and result.cash == 0 and result.notoriety == 0
    assert result.used == (("vest", 1), ("helmet", 1), ("gas_mask", 1))


def test_a_tool_is_used_up_after_its_count():
    ctx = AvoidContext(
        tiles=("T", "U"),
        police=(("T", ("FEDERAL",)), ("U", ("FEDERAL",))),
        tools=(VEST,),
    )
    assert avoid_steps(ctx, ["vest:T:federal"]) == ["wound:U:federal"]
    with pytest.raises(IllegalAvoidError, match="vest is used up"):
        avoid_result(ctx, ["vest:T:federal", "vest:U:federal"])


def test_stunt_covers_one_officer_of_any_type_and_costs_its_price():
    stunt = card("stunt", 2)
    ctx = AvoidContext(tiles=("T",), police=(("T", ("LOCAL", "SWAT")),), tools=(stunt,), cash=1)
    assert avoid_steps(ctx) == ["stunt:T:local", "wound:T:local"]
    # $1k pays one Stunt only.
    assert avoid_steps(ctx, ["stunt:T:local"]) == ["wound:T:swat"]
    result = avoid_result(ctx, ["stunt:T:local", "wound:T:swat"])
    assert (result.cash, result.notoriety, result.wounds) == (1, 1, 1)
    assert result.wounded_by == ("T:swat",)


def test_whole_tile_tools_cover_every_officer_on_one_tile():
    members = gang_member_tool("START_G.gang", 2)
    motorcycle = fixer_tool(next(f for f in CONTENT.fixers.fixers if f.id == "motorcycle"))
    avoid_all = asset_tool(next(a for a in CONTENT.assets.assets if a.id == "avoid_all"), 4)
    assert motorcycle is not None and avoid_all is not None
    tools = (card("fast_car"), card("gang"), members, motorcycle, avoid_all)
    assert all(tool.reach == "tile" for tool in tools)
    ctx = AvoidContext(
        tiles=("T", "U"),
        police=(("T", ("FEDERAL", "LOCAL", "SWAT")), ("U", ("SWAT",))),
        tools=tools,
        cash=10,
    )
    assert avoid_steps(ctx) == [
        "fast_car:T:federal",
        "gang:T:federal",
        "gang@START_G.gang:T:federal",
        "motorcycle:T:federal",
        "avoid_all:T:federal",
        "wound:T:federal",
    ]
    # One use covers the whole tile: the next officer asked about is on U.
    assert avoid_steps(ctx, ["avoid_all:T:federal"])[0] == "fast_car:U:swat"
    result = avoid_result(ctx, ["avoid_all:T:federal", "gang@START_G.gang:U:swat"])
    assert result.avoided == (
        ("T:federal", "avoid_all"),
        ("T:local", "avoid_all"),
        ("T:swat", "avoid_all"),
        ("U:swat", "gang@START_G.gang"),
    )
    assert result.cash == 4 and result.wounds == 0  # the Asset's slot cost


def test_type_cards_cover_every_officer_of_their_type_on_one_tile_only():
    ninja = card("ninja")
    ctx = AvoidContext(
        tiles=("T", "U"),
        police=(("T", ("LOCAL", "SWAT")), ("U", ("SWAT",))),
        tools=(ninja,),
        cash=2,
    )
    assert avoid_steps(ctx) == ["wound:T:local"]  # a Ninja does nothing to a Local
    with pytest.raises(IllegalAvoidError, match="ninja avoids only swat"):
        avoid_result(ctx, ["ninja:T:local"])
    result = avoid_result(ctx, ["wound:T:local", "ninja:T:swat", "wound:U:swat"])
    assert result.wounds == 2


def test_a_context_refuses_a_tool_listed_twice_and_negative_cash():
    with pytest.raises(GetawayError, match="'vest' is listed twice"):
        AvoidContext(tiles=("T",), tools=(VEST, VEST))
    with pytest.raises(GetawayError, match="cash cannot be negative"):
        AvoidContext(tiles=("T",), cash=-1)


def test_cards_without_an_avoid_effect_are_no_tools():
    assert contact_tool(CARDS["medic"]) is None
    assert contact_tool(CARDS["chopper"]) is None
    assert fixer_tool(next(f for f in CONTENT.fixers.fixers if f.id == "phone")) is None
    assert asset_tool(next(a for a in CONTENT.assets.assets if a.id == "heal"), 1) is None


def test_what_the_move_used_is_no_longer_there_to_avoid():
    city = heliport_tile_city()
    move = MoveContext(start="B3.safe_house", tools=(gang_flight("START_G.gang", 2),))
    path = validate_path(city, move, ["heli:gang@START_G.gang:C3.exit", "stop"])
    tools = after_moving((gang_member_tool("START_G.gang", 2), VEST), path)
    assert [(t.id, t.count) for t in tools] == [("gang@START_G.gang", 1), ("vest", 1)]
    path = validate_path(
        city,
        MoveContext(start="B3.safe_house", tools=(gang_flight("START_G.gang", 1),)),
        ["heli:gang@START_G.gang:C3.exit", "stop"],
    )
    assert after_moving((gang_member_tool("START_G.gang", 1),), path) == ()


def test_cash_spent_moving_is_not_there_to_avoid():
    city = heliport_tile_city()
    move = MoveContext(
        start="B3.safe_house", tools=(MoveTool("chopper", "flight", cost=2),), cash=3
    )
    path = validate_path(city, move, ["heli:chopper:C3.exit", "stop"])
    ctx = avoid_context(path, {"B3": ["LOCAL"]}, tools=(card("stunt"), card("fast_car")), cash=3)
    assert ctx.cash == 1
    assert avoid_steps(ctx) == ["stunt:B3:local", "wound:B3:local"]


# --- R-AV-5: Sandra and Costa ------------------------------------------------------------------


def test_sandra_counts_as_one_more_officer_of_the_type_the_avoider_chooses():
    ctx = AvoidContext(
        tiles=("T",),
        police=(("T", ("FEDERAL", "LOCAL", "SWAT")),),
        sandra="T",
        tools=(VEST, card("boxer")),
        cash=2,
    )
    assert threats(ctx) == ["T:federal", "T:local", "T:swat", "T:sandra"]  # 4 on one tile
    assert avoid_steps(ctx) == ["sandra:federal", "sandra:local", "sandra:swat"]
    # As a Federal, the Boxer covers her with the Federal officer.
    steps = ["sandra:federal", "boxer:T:federal", "wound:T:local", "wound:T:swat"]
    result = avoid_result(ctx, steps)
    assert ("T:sandra", "boxer") in result.avoided
    assert result.sandra_type == "FEDERAL" and result.wounds == 2
    # As a Local, the Vest cannot cover her.
    steps = ["sandra:local", "vest:T:federal", "wound:T:local", "wound:T:swat"]
    assert avoid_steps(ctx, steps) == ["wound:T:sandra"]


def test_sandra_must_be_typed_before_anything_else():
    ctx = AvoidContext(tiles=("T",), sandra="T", tools=(VEST,))
    with pytest.raises(IllegalAvoidError, match="first choose the type Sandra counts as"):
        avoid_result(ctx, ["vest:T:sandra"])
    with pytest.raises(IllegalAvoidError, match="not 'police'"):
        avoid_result(ctx, ["sandra:police"])
    assert avoid_result(ctx, ["sandra:federal", "vest:T:sandra"]).wounds == 0


def test_sandra_on_a_tile_not_left_is_no_threat():
    ctx = AvoidContext(tiles=("T",), sandra="U")
    assert avoid_steps(ctx) == []


def test_costa_takes_3k_or_gives_2_wounds_and_no_tool_covers_him():
    ctx = AvoidContext(tiles=("T",), costa="T", tools=(card("fast_car"),), cash=5)
    assert avoid_steps(ctx) == []  # he is not an officer
    result = avoid_result(ctx, [])
    assert result.costa_bribed and result.cash == 3 and result.wounds == 0
    poor = AvoidContext(tiles=("T",), costa="T", cash=2)
    result = avoid_result(poor, [])
    assert result.costa_bribed is False and result.cash == 0 and result.wounds == 2
    assert avoid_result(AvoidContext(tiles=("T",), costa="U"), []).costa_bribed is None


def test_costa_is_paid_after_the_avoid_cards():
    # §21.4 avoidStep: the chosen effects, then Costa with what is left.
    ctx = AvoidContext(
        tiles=("T",), police=(("T", ("LOCAL",)),), costa="T", tools=(card("stunt"),), cash=3
    )
    result = avoid_result(ctx, ["stunt:T:local"])
    assert result.cash == 1 and result.costa_bribed is False and result.wounds == 2


# --- wounds -------------------------------------------------------------------------------------


def test_a_wound_track_holds_three_cubes():
    with pytest.raises(GetawayError, match="holds 3 cubes"):
        WoundTrack(green=3, red=1)
    with pytest.raises(GetawayError, match="no negative count"):
        WoundTrack(green=4, red=-1)


def test_each_officer_not_avoided_is_one_wound_on_the_track():
    ctx = AvoidContext(
        tiles=("T",),
        police=(("T", ("FEDERAL", "LOCAL", "SWAT")),),
        wounds=WoundTrack(green=1, red=2),
    )
    result = avoid_result(ctx, all_wounds(ctx))
    assert result.wounds == 3
    assert result.track == WoundTrack(green=0, red=3, handcuffs=1)
    assert result.handcuffs == 1


# --- refusals -------------------------------------------------------------------------------------


def test_steps_out_of_order_or_unknown_are_refused_with_the_legal_ones():
    ctx = AvoidContext(tiles=("T",), police=(("T", ("FEDERAL", "LOCAL")),), tools=(VEST,), cash=0)
    with pytest.raises(IllegalAvoidError, match="the officer to decide now is T:federal") as caught:
        avoid_result(ctx, ["wound:T:local"])
    assert caught.value.legal == ["vest:T:federal", "wound:T:federal"]
    with pytest.raises(IllegalAvoidError, match="no tool 'cape'; tools held: vest"):
        avoid_result(ctx, ["cape:T:federal"])
    with pytest.raises(IllegalAvoidError, match="officers remain"):
        avoid_result(ctx, ["vest:T:federal"])
    with pytest.raises(IllegalAvoidError, match="already avoided or has wounded"):
        avoid_result(ctx, ["vest:T:federal", "wound:T:local", "wound:T:local"])
    pricey = AvoidContext(tiles=("T",), police=(("T", ("LOCAL",)),), tools=(card("stunt"),))
    with pytest.raises(IllegalAvoidError, match=r"stunt costs \$1k and \$0k are left"):
        avoid_result(pricey, ["stunt:T:local"])
