"""The VISIT step (spec §7.5): every location's steps, on states reached by playing to Day 3
(every tile placed) and then set up by editing fields."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import pytest

from getaway.core.errors import IllegalActionError
from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.options import GANG_MEMBERS_PER_GANG
from getaway.games.escape_plan.scoring import plan_money, score_sheet
from getaway.games.escape_plan.state import Key, Piece, Unlocked
from getaway.games.escape_plan.visit import (
    apply_visit_step,
    unvisitable,
    visit_problem,
    visit_steps,
)
from getaway.games.escape_plan.visit_board import final_board
from tests.escape_plan.play import new_game, play_until


@cache
def _day3(players: int) -> EscapePlanState:
    return play_until(
        new_game(players, seed=1),
        lambda s: s.table.day == 3 and s.table.phase == "ACTIONS",
    )


def table_at(players: int = 3) -> EscapePlanState:
    """A fresh copy of a Day-3 position (all 14 tiles placed) with the pawns in the
    Hospital, cash $30k, the boards as set up, no cube on any building and every gang for
    hire (the random play that reached Day 3 visited, and Sandra and Costa played)."""
    state = _day3(players).clone()
    fresh = new_game(players, seed=1).table.players
    hospital = state.table.city.locations("HOSPITAL")[0]
    table = state.table
    for seat in table.players:
        player = table.players[seat] = fresh[seat].clone()
        player.location = hospital
        player.cash = 30
    for building in (*table.businesses.values(), *table.safe_houses.values()):
        building.cubes, building.closed = [], False
    for gang in table.gangs.values():
        gang.members, gang.control = GANG_MEMBERS_PER_GANG, None
    for automaton in table.automata.values():
        automaton.location = hospital
    return state


def node_of(state: EscapePlanState, kind: str, label: str | None = None) -> str:
    """A location node of ``kind``; a Business or Safe House by its id or number."""
    table = state.table
    if kind == "BUSINESS":
        node = table.businesses[label or "casino"].placed_on
    elif kind == "SAFE_HOUSE":
        node = table.safe_houses[label or "1"].placed_on
    elif kind == "STORE":
        node = table.city.store(label or "A")
    elif kind == "EXIT":
        node = table.city.exit(int(label or 1))
    else:
        node = table.city.locations(kind)[0]  # type: ignore[arg-type]
    assert node is not None
    return node


def put(state: EscapePlanState, seat: str, node: str) -> None:
    state.table.players[seat].location = node


def run(state: EscapePlanState, seat: str, *wanted: str, before: Sequence[str] = ()) -> list[str]:
    """Take ``wanted`` in order after ``before``, each checked legal; returns all steps."""
    steps = list(before)
    for step in wanted:
        assert step in visit_steps(state, seat, steps), (step, visit_steps(state, seat, steps))
        apply_visit_step(state, seat, steps, step)
        steps.append(step)
    return steps


def finish(state: EscapePlanState, seat: str, steps: Sequence[str]) -> list[str]:
    """Skip every "may" stage and take the first option of each mandatory one."""
    done = list(steps)
    while legal := visit_steps(state, seat, done):
        skip = [s for s in legal if s.startswith("visit:skip:")]
        step = skip[0] if skip else legal[0]
        apply_visit_step(state, seat, done, step)
        done.append(step)
    return done


def plan_with(state: EscapePlanState, line: str, value: str) -> int:
    """An Escape Plan card whose ``line`` is the Income icon (``value`` 'income') or money."""
    for card in state.rules.content.escape_plans.cards:
        if (card.lines[line] == "income") == (value == "income"):
            return card.id
    raise AssertionError(line)


# --- Business (§7.5.2) ---------------------------------------------------------------------------


def test_income_example_21_6_1_income_icon_business_pays_after_the_cube_leaves() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.escape_plan = plan_with(state, "business:casino", "income")
    player.income_cubes = 6
    put(state, "p1", node_of(state, "BUSINESS", "casino"))
    run(state, "p1", "visit:enter")
    assert player.income_cubes == 5
    assert player.cash == 30 + 5
    assert state.table.businesses["casino"].cubes == [("p1", "income")]


def test_a_money_line_puts_the_cube_on_a_money_hex_and_pays_nothing_now() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.escape_plan = plan_with(state, "business:casino", "money")
    put(state, "p1", node_of(state, "BUSINESS", "casino"))
    steps = run(state, "p1", "visit:enter")
    assert (player.cash, player.income_cubes) == (30, 8)
    assert state.table.businesses["casino"].cubes == [("p1", "money")]
    # Step 3: a Contact card must be taken; nothing to skip.
    legal = visit_steps(state, "p1", steps)
    assert legal and all(step.startswith("visit:contact:") for step in legal)


def test_notoriety_for_each_opponent_in_the_location_sandra_included() -> None:
    state = table_at(2)
    node = node_of(state, "BUSINESS", "bar")
    for who in ("p1", "p2"):
        put(state, who, node)
    state.table.automata["sandra"].location = node
    run(state, "p1", "visit:enter")
    assert state.table.players["p1"].noto_red == 2


def test_business_closing_example_21_6_18_three_players_second_cube_closes() -> None:
    state = table_at(3)
    node = node_of(state, "BUSINESS", "gym")
    for seat in ("p1", "p2"):
        put(state, seat, node)
        finish(state, seat, [])
        assert state.table.businesses["gym"].closed == (seat == "p2")
    put(state, "p3", node)
    assert "closed" in (visit_problem(state.rules, state.table, "p3", node) or "")
    assert node in unvisitable(state.rules, state.table, "p3")
    state.table.players["p3"].keys[0] = Key("green")
    assert visit_problem(state.rules, state.table, "p3", node) is None
    assert visit_steps(state, "p3", []) == ["visit:key:green"]
    run(state, "p3", "visit:key:green")
    assert state.table.players["p3"].keys[0] == Key("green", False)
    assert state.table.businesses["gym"].closed  # it stays closed for everyone else


def test_business_closing_example_21_6_18_four_players_third_cube_closes() -> None:
    state = table_at(4)
    node = node_of(state, "BUSINESS", "gym")
    for seat in ("p1", "p2", "p3"):
        put(state, seat, node)
        finish(state, seat, [])
        assert state.table.businesses["gym"].closed == (seat == "p3")


def test_the_master_key_enters_a_closed_business_for_its_slot_cost() -> None:
    state = table_at()
    state.table.businesses["bar"].closed = True
    player = state.table.players["p1"]
    player.unlocked[1] = Unlocked("master_key")
    put(state, "p1", node_of(state, "BUSINESS", "bar"))
    assert visit_steps(state, "p1", []) == ["visit:master_key"]
    run(state, "p1", "visit:master_key")
    assert player.cash == 30 - 4
    assert player.unlocked[1] is not None and player.unlocked[1].used


def test_a_business_is_visited_once_per_player() -> None:
    state = table_at()
    node = node_of(state, "BUSINESS", "casino")
    put(state, "p1", node)
    finish(state, "p1", [])
    assert "before" in (visit_problem(state.rules, state.table, "p1", node) or "")


# --- Safe House (§7.5.3) -------------------------------------------------------------------------


def test_notoriety_example_21_6_6b_a_safe_house_visit_at_plus_four_leaves_plus_three() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.noto_red = 4
    put(state, "p1", node_of(state, "SAFE_HOUSE", "1"))
    run(state, "p1", "visit:enter")
    assert (player.noto_red, player.noto_blue) == (3, 0)


def test_a_safe_house_gives_a_key_of_a_chosen_colour_then_may_sell_a_fixer() -> None:
    state = table_at()
    table = state.table
    table.safe_house_keys["2"] = ["brown", "green", "green"]
    player = table.players["p1"]
    put(state, "p1", node_of(state, "SAFE_HOUSE", "2"))
    steps = run(state, "p1", "visit:enter")
    assert visit_steps(state, "p1", steps) == ["visit:take_key:green", "visit:take_key:brown"]
    steps = run(state, "p1", "visit:take_key:brown", before=steps)
    assert player.keys[1] == Key("brown") and table.safe_house_keys["2"] == ["green", "green"]
    fixers = visit_steps(state, "p1", steps)
    assert fixers[-1] == "visit:skip:fixer"
    assert "visit:fixer:id_map:0" in fixers
    assert not any(":3" in step.rsplit(":", 1)[0] for step in fixers[:-1])
    apply_visit_step(state, "p1", steps, "visit:fixer:id_map:0")
    assert player.cash == 30 - 4 and player.items[0] == Piece("fixer", "id_map")
    assert "id_map" not in table.fixers
    assert visit_steps(state, "p1", [*steps, "visit:fixer:id_map:0"]) == []


def test_only_affordable_fixers_are_offered_and_never_onto_an_asset() -> None:
    state = table_at()
    player = state.table.players["p1"]
    put(state, "p1", node_of(state, "SAFE_HOUSE", "3"))
    steps = finish_until(state, "p1", "fixer")
    player.cash = 1
    offered = visit_steps(state, "p1", steps)
    assert {s.split(":")[2] for s in offered[:-1]} == {"first_aid_kit", "helicopter"}
    assert {int(s.split(":")[3]) for s in offered[:-1]} == {0, 1}  # 2-4 hold Assets


def test_a_new_tile_on_a_used_item_space_boxes_the_old_one_and_costs_notoriety() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.items[0] = Piece("equipment", "vest")
    put(state, "p1", node_of(state, "SAFE_HOUSE", "3"))
    steps = finish_until(state, "p1", "fixer")
    red = player.noto_red
    apply_visit_step(state, "p1", steps, "visit:fixer:safe:0")
    assert player.items[0] == Piece("fixer", "safe") and player.noto_red == red + 1


def finish_until(state: EscapePlanState, seat: str, stage: str) -> list[str]:
    """Steps up to the first offered choice of ``stage`` (skipping the others)."""
    done: list[str] = []
    while legal := visit_steps(state, seat, done):
        if any(step.startswith(f"visit:skip:{stage}") or f":{stage}:" in step for step in legal):
            return done
        skip = [s for s in legal if s.startswith("visit:skip:")]
        step = skip[0] if skip else legal[0]
        apply_visit_step(state, seat, done, step)
        done.append(step)
    raise AssertionError(f"no {stage} stage offered")


# --- Gang (§7.5.4) -------------------------------------------------------------------------------


def test_hiring_a_gang_pays_5k_takes_both_members_and_places_a_marker() -> None:
    state = table_at()
    node = node_of(state, "GANG")
    player = state.table.players["p1"]
    put(state, "p1", node)
    assert run(state, "p1", "visit:enter") == ["visit:enter"]
    assert visit_steps(state, "p1", ["visit:enter"]) == []
    assert player.cash == 25 and player.gang_members == [node, node]
    assert state.table.gangs[node].members == 0 and state.table.gangs[node].control == "p1"
    assert player.control_markers == 1
    put(state, "p1", node_of(state, "HOSPITAL"))
    assert "controls" in (visit_problem(state.rules, state.table, "p2", node) or "")


def test_a_gang_cannot_be_visited_with_another_pawn_there_or_without_5k() -> None:
    state = table_at()
    node = node_of(state, "GANG")
    put(state, "p2", node)
    assert "another pawn" in (visit_problem(state.rules, state.table, "p1", node) or "")
    put(state, "p2", node_of(state, "HOSPITAL"))
    state.table.players["p1"].cash = 4
    assert "$5k" in (visit_problem(state.rules, state.table, "p1", node) or "")


# --- Convenience Store (§7.5.5) ------------------------------------------------------------------


def test_a_store_gives_a_gas_can_up_to_two_and_two_equipment_of_different_types() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.gas_cans = 1
    put(state, "p1", node_of(state, "STORE", "B"))
    steps = run(state, "p1", "visit:enter", "visit:gas", "visit:buy:gas_mask:0")
    assert player.gas_cans == 2 and player.cash == 27
    offered = visit_steps(state, "p1", steps)
    assert not any("gas_mask" in step for step in offered)
    steps = run(state, "p1", "visit:buy:vest:1", before=steps)
    assert state.table.equipment["vest"] == 3 and state.table.equipment["gas_mask"] == 3
    # Two bought: straight on to the Lockers, which need a key.
    assert visit_steps(state, "p1", steps) == []


def test_no_gas_can_is_offered_to_a_player_holding_two() -> None:
    state = table_at()
    state.table.players["p1"].gas_cans = 2
    put(state, "p1", node_of(state, "STORE", "C"))
    offered = visit_steps(state, "p1", ["visit:enter"])
    assert "visit:gas" not in offered and offered[-1] == "visit:skip:equipment"


def _locker_ready(state: EscapePlanState, notoriety: int, cards: int) -> None:
    player = state.table.players["p1"]
    player.notoriety = notoriety
    player.keys[0] = Key("black")
    player.gas_cans = 2  # no Gas Can stage
    for space in range(cards):
        player.contacts[space] = Piece("contact", "medic", space % 2 == 0)
    put(state, "p1", node_of(state, "STORE", "D"))


def test_locker_criterion_example_21_6_15_level_3_and_3_contacts_open_black() -> None:
    state = table_at()
    _locker_ready(state, notoriety=3, cards=3)
    steps = run(state, "p1", "visit:enter", "visit:skip:equipment")
    assert "visit:locker:black" in visit_steps(state, "p1", steps)


def test_locker_criterion_example_21_6_15_one_short_of_6_cannot_open_black() -> None:
    state = table_at()
    _locker_ready(state, notoriety=3, cards=2)
    steps = run(state, "p1", "visit:enter", "visit:skip:equipment")
    assert visit_steps(state, "p1", steps) == []


def test_a_handcuffed_contact_does_not_count_for_a_locker() -> None:
    state = table_at()
    _locker_ready(state, notoriety=3, cards=3)
    state.table.players["p1"].cuffed[2] = True
    steps = run(state, "p1", "visit:enter", "visit:skip:equipment")
    assert visit_steps(state, "p1", steps) == []


def test_opening_a_locker_flips_the_key_and_offers_the_top_tiles_of_the_stack() -> None:
    state = table_at()
    _locker_ready(state, notoriety=3, cards=3)
    table = state.table
    table.lockers["black"] = [100, 0, 70, 100, 70]
    steps = run(state, "p1", "visit:enter", "visit:skip:equipment", "visit:locker:black")
    player = table.players["p1"]
    assert player.keys[0] == Key("black", False)
    offered = visit_steps(state, "p1", steps)
    # 3 contacts: black draws 3 -> 100, 0, 70; any item space without an Asset (0, 1).
    assert offered == [f"visit:pick:{v}:{s}" for v in (0, 70, 100) for s in (0, 1)]
    apply_visit_step(state, "p1", steps, "visit:pick:70:1")
    assert player.items[1] == Piece("locker", "black:70", False)
    assert sorted(table.lockers["black"]) == [0, 70, 100, 100]
    assert visit_steps(state, "p1", [*steps, "visit:pick:70:1"]) == []


def test_green_draws_one_more_and_brown_one_fewer_than_the_contacts() -> None:
    state = table_at()
    _locker_ready(state, notoriety=6, cards=3)
    player = state.table.players["p1"]
    player.keys[1] = Key("brown")
    player.keys[2] = Key("green")
    before = run(state, "p1", "visit:enter", "visit:skip:equipment")
    for colour, drawn in (("green", 4), ("brown", 2)):
        trial = state.clone()
        apply_visit_step(trial, "p1", before, f"visit:locker:{colour}")
        picks = visit_steps(trial, "p1", [*before, f"visit:locker:{colour}"])
        top = trial.table.lockers[colour][:drawn]
        assert {int(step.split(":")[2]) for step in picks} == set(top)


def test_a_locker_with_the_master_key_pays_the_slot_cost() -> None:
    state = table_at()
    _locker_ready(state, notoriety=3, cards=3)
    player = state.table.players["p1"]
    player.keys[0] = None
    player.unlocked[1] = Unlocked("master_key")
    steps = run(state, "p1", "visit:enter", "visit:skip:equipment")
    offered = visit_steps(state, "p1", steps)
    assert "visit:locker:black:master_key" in offered
    assert "visit:locker:brown:master_key" not in offered  # 6 < 8
    run(state, "p1", "visit:locker:black:master_key", before=steps)
    assert player.cash == 30 - 4


# --- Clinic, Church, Hospital (§7.5.6-§7.5.8) ---------------------------------------------------


def test_the_clinic_may_unlock_and_heal_then_a_contact_is_taken() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.wounds_red = 2
    put(state, "p1", node_of(state, "CLINIC"))
    steps = run(state, "p1", "visit:enter", "visit:unlock:heal", "visit:heal")
    assert player.wounds_red == 1 and "heal" not in player.locked_assets()
    assert visit_steps(state, "p1", steps)[0].startswith("visit:contact:")


def test_the_church_sells_a_notoriety_loss_for_1k() -> None:
    state = table_at()
    player = state.table.players["p1"]
    put(state, "p1", node_of(state, "CHURCH"))
    run(state, "p1", "visit:enter", "visit:pay", "visit:skip:unlock")
    assert player.cash == 29 and player.noto_blue == 1


def test_the_hospital_heals_1_2_3_for_1_3_6k_and_always_reports_you() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.wounds_red = 3
    put(state, "p2", node_of(state, "HOSPITAL"))  # opponents give nothing here
    steps = run(state, "p1", "visit:enter")
    assert visit_steps(state, "p1", steps) == [
        "visit:heal:1",
        "visit:heal:2",
        "visit:heal:3",
        "visit:skip:heal",
    ]
    apply_visit_step(state, "p1", steps, "visit:heal:2")
    assert (player.wounds_red, player.cash, player.noto_red) == (1, 27, 1)


def test_the_hospital_without_wounds_still_gains_notoriety() -> None:
    state = table_at()
    run(state, "p1", "visit:enter")
    assert visit_steps(state, "p1", ["visit:enter"]) == []
    assert state.table.players["p1"].noto_red == 1


# --- Exit (§7.5.9) ------------------------------------------------------------------------------


def _exits(state: EscapePlanState) -> tuple[int, int]:
    spaces = state.table.patrol_spaces
    open_exit = next(n for n in spaces if state.table.exit_open(n))
    closed = next(n for n in spaces if not state.table.exit_open(n))
    return open_exit, closed


def test_an_open_exit_may_pay_income_then_a_contact_is_taken() -> None:
    state = table_at()
    open_exit, _ = _exits(state)
    put(state, "p1", node_of(state, "EXIT", str(open_exit)))
    steps = run(state, "p1", "visit:enter")
    assert visit_steps(state, "p1", steps) == ["visit:income", "visit:skip:exit"]
    apply_visit_step(state, "p1", steps, "visit:income")
    assert state.table.players["p1"].cash == 39


def test_a_closed_exit_gives_income_or_an_exit_tile_drawn_by_contacts() -> None:
    state = table_at()
    _, closed = _exits(state)
    player = state.table.players["p1"]
    player.contacts[0] = Piece("contact", "medic")
    player.contacts[1] = Piece("contact", "medic", False)
    put(state, "p1", node_of(state, "EXIT", str(closed)))
    steps = run(state, "p1", "visit:enter")
    assert visit_steps(state, "p1", steps) == [
        "visit:income",
        "visit:exit_tile",
        "visit:skip:exit",
    ]
    steps = run(state, "p1", "visit:exit_tile", before=steps)
    stack = state.table.exit_stack_of[closed]
    top = state.table.exit_stacks[stack][:2]
    picks = visit_steps(state, "p1", steps)
    assert {int(step.split(":")[2]) for step in picks} == set(top)
    value = top[0]
    apply_visit_step(state, "p1", steps, f"visit:pick:{value}:0")
    assert player.items[0] == Piece("exit", f"{stack}:{value}", False)
    assert player.cash == 30  # not both
    assert visit_steps(state, "p1", [*steps, f"visit:pick:{value}:0"])[0].startswith(
        "visit:contact:"
    )


def test_no_exit_tile_without_a_counted_contact() -> None:
    state = table_at()
    _, closed = _exits(state)
    put(state, "p1", node_of(state, "EXIT", str(closed)))
    run(state, "p1", "visit:enter")
    assert visit_steps(state, "p1", ["visit:enter"]) == ["visit:income", "visit:skip:exit"]


# --- no visit, refusals -------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["METRO", "HELIPORT"])
def test_no_visit_in_a_metro_or_heliport(kind: str) -> None:
    state = table_at()
    put(state, "p1", node_of(state, kind))
    assert visit_steps(state, "p1", []) == []


def test_no_visit_after_an_escape() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.status, player.location = "escaped", None
    assert visit_steps(state, "p1", []) == []


def test_a_refused_step_names_the_legal_ones_and_changes_nothing() -> None:
    state = table_at()
    put(state, "p1", node_of(state, "STORE", "A"))
    before = state.to_json()
    with pytest.raises(IllegalActionError) as error:
        apply_visit_step(state, "p1", [], "visit:gas")
    assert error.value.legal == ["visit:enter"]
    assert state.to_json() == before


# --- what the visits score (§14, §17.6) ---------------------------------------------------------


def test_the_escape_plan_card_prices_the_visited_lines_income_lines_score_nothing() -> None:
    state = table_at()
    table = state.table
    player = table.players["p1"]
    player.escape_plan = 6  # the rulebook's card: Casino 100, Bar $, Restaurant 50, ...
    for business in ("casino", "bar"):
        put(state, "p1", node_of(state, "BUSINESS", business))
        finish(state, "p1", [])
    put(state, "p1", node_of(state, "SAFE_HOUSE", "2"))
    finish(state, "p1", [])
    board = final_board(table, "p1")
    assert board.visited == ("business:casino", "business:bar", "safe_house:2")
    money = plan_money(state.rules.content, board.plan, board.visited)
    assert money == {"safe_houses": 80, "group_1": 100, "group_2": 0}


def test_scoring_example_21_6_20_from_a_board_contacts_wounds_used_assets() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.contacts = [Piece("contact", "medic")] * 3 + [None, None]
    player.handcuffs = 1
    player.wounds_red = 2
    player.unlocked = [
        Unlocked("extra_action", True),
        Unlocked("heal", True),
        Unlocked("avoid_all", True),
        None,
        None,
        None,
    ]
    player.items[0] = Piece("locker", "black:70", False)
    player.items[1] = Piece("exit", "X:20", False)
    sheet = score_sheet(state.rules.content, final_board(state.table, "p1"))
    assert (sheet.contacts, sheet.wounds, sheet.assets, sheet.bags) == (10, -40, 30, 90)


# --- limits: supplies and item spaces (§2.3, §7.5.0, §19 #18) -------------------------------------


def test_an_empty_supply_offers_nothing_of_that_kind() -> None:
    state = table_at()
    table = state.table
    table.gas_cans = 0
    table.equipment["vest"] = 0
    put(state, "p1", node_of(state, "STORE", "A"))
    offered = visit_steps(state, "p1", run(state, "p1", "visit:enter"))
    assert "visit:gas" not in offered
    assert not any(step.startswith("visit:buy:vest:") for step in offered)
    assert any(step.startswith("visit:buy:cap:") for step in offered)


def test_with_every_item_space_under_an_asset_no_tile_can_be_gained() -> None:
    state = table_at()
    player = state.table.players["p1"]
    # A board whose only item spaces hold the 3 locked shield Assets (§18.3's count is a
    # [DESIGN]; with 5 spaces this needs a smaller printed board).
    player.items = [Piece("asset", a) for a in ("move_federal", "move_local", "move_swat")]
    _locker_ready(state, notoriety=3, cards=3)
    steps = run(state, "p1", "visit:enter")
    assert visit_steps(state, "p1", steps) == []  # no Equipment, no Locker: the visit is over
    assert state.table.players["p1"].keys[0] == Key("black")  # the key was not spent


def test_a_key_is_never_spent_when_the_locker_would_draw_nothing() -> None:
    state = table_at()
    _locker_ready(state, notoriety=8, cards=1)
    player = state.table.players["p1"]
    player.keys[0] = Key("brown")  # brown draws contacts - 1 = 0 tiles
    steps = run(state, "p1", "visit:enter", "visit:skip:equipment")
    assert visit_steps(state, "p1", steps) == []
