"""Executive actions at any moment of a turn (spec §8, §17.1-§17.3)."""

from __future__ import annotations

import pytest

from getaway.core.errors import IllegalActionError
from getaway.games.escape_plan.executive import (
    apply_executive_step,
    executive_steps,
    turn_down_tools,
)
from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.state import Piece, Unlocked
from tests.escape_plan.test_visit import node_of, put, run, table_at


def _act(state: EscapePlanState, seat: str, *steps: str) -> None:
    done: list[str] = []
    for step in steps:
        assert step in executive_steps(state, seat, done), executive_steps(state, seat, done)
        complete = apply_executive_step(state, seat, done, step)
        done.append(step)
        assert complete == (step == steps[-1])


def test_notoriety_example_21_6_6a_informer_then_a_visit_with_2_opponents_nets_plus_1() -> None:
    state = table_at(3)
    player = state.table.players["p1"]
    player.contacts[0] = Piece("contact", "informer")
    _act(state, "p1", "exec:contact:0")
    assert (player.cash, player.noto_blue) == (29, 1)
    node = node_of(state, "STORE", "A")
    for seat in ("p1", "p2", "p3"):
        put(state, seat, node)
    run(state, "p1", "visit:enter")
    assert player.noto_red - player.noto_blue == 1


def test_nothing_without_a_step_symbol_is_offered_for_move_or_avoid_cards() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.contacts[0] = Piece("contact", "boxer")
    player.contacts[1] = Piece("contact", "jet_ski")
    player.items[0] = Piece("fixer", "helicopter")
    player.items[1] = Piece("equipment", "vest")
    # Only the Extra Action Asset (no step symbol) is left to offer.
    assert executive_steps(state, "p1") == ["exec:asset:extra_action"]


def test_used_and_handcuffed_cards_cannot_be_used_and_a_card_must_be_affordable() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.contacts[0] = Piece("contact", "informer", False)
    player.contacts[1] = Piece("contact", "informer")
    player.cuffed[1] = True
    assert "exec:contact:0" not in executive_steps(state, "p1")
    assert "exec:contact:1" not in executive_steps(state, "p1")
    player.contacts[0] = Piece("contact", "fixer")
    player.cash = 2
    assert "exec:contact:0" not in executive_steps(state, "p1")


def test_snitch_removes_an_officer_of_its_type_to_the_box() -> None:
    state = table_at()
    table = state.table
    player = table.players["p1"]
    player.contacts[0] = Piece("contact", "snitch_federal")
    targets = [
        f"exec:remove:{e.tile.id}"
        for e in table.city.placed
        if "FEDERAL" in table.police.get(e.tile.id, [])
    ]
    assert targets
    assert apply_executive_step(state, "p1", [], "exec:contact:0") is False
    assert executive_steps(state, "p1", ["exec:contact:0"]) == targets
    tile = targets[0].split(":")[2]
    apply_executive_step(state, "p1", ["exec:contact:0"], targets[0])
    assert "FEDERAL" not in table.police[tile]
    assert table.box["FEDERAL"] == 1 and player.cash == 27 and player.noto_red == 1


def test_the_move_local_asset_moves_one_local_for_its_slot_cost() -> None:
    state = table_at()
    table = state.table
    player = table.players["p1"]
    player.unlocked[1] = Unlocked("move_local")
    follow = executive_steps(state, "p1", ["exec:asset:move_local"])
    assert follow and all(step.startswith("exec:move:LOCAL:") for step in follow)
    source, target = follow[0].split(":", 3)[3].split(">")
    _act(state, "p1", "exec:asset:move_local", follow[0])
    assert "LOCAL" in table.police[target] and "LOCAL" not in table.police.get(source, [])
    assert player.cash == 26 and player.unlocked[1] == Unlocked("move_local", True)
    assert "exec:asset:move_local" not in executive_steps(state, "p1")


def test_the_extra_action_asset_takes_a_disc_for_5k() -> None:
    state = table_at()
    player = state.table.players["p1"]
    discs = player.discs
    _act(state, "p1", "exec:asset:extra_action")
    assert player.discs == discs + 1 and player.cash == 25


def test_spy_2_refreshes_everything_but_stays_used_itself() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.contacts[0] = Piece("contact", "spy_2")
    player.contacts[1] = Piece("contact", "boxer", False)
    player.items[0] = Piece("equipment", "vest", False)
    player.items[1] = Piece("fixer", "safe", False)
    _act(state, "p1", "exec:contact:0")
    assert player.contacts == [
        Piece("contact", "spy_2", False),
        Piece("contact", "boxer"),
        *player.contacts[2:],
    ]
    assert player.items[0] == Piece("equipment", "vest")
    assert player.items[1] == Piece("fixer", "safe", False)  # Fixers never refresh


def test_the_phone_fixer_takes_a_contact_card_and_is_spent_for_good() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.items[0] = Piece("fixer", "phone")
    card = state.table.contact_display[1]
    _act(state, "p1", "exec:fixer:0", f"exec:take:1:{card}:B")
    assert player.contacts[0] == Piece("contact", card)
    assert player.items[0] == Piece("fixer", "phone", False)
    assert "exec:fixer:0" not in executive_steps(state, "p1")


def test_spy_1_cannot_replace_itself() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.contacts[0] = Piece("contact", "spy_1")
    follow = executive_steps(state, "p1", ["exec:contact:0"])
    assert follow and not any(step.endswith(":C:0") for step in follow)


def test_spy_3_unlocks_a_chosen_asset() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.contacts[0] = Piece("contact", "spy_3")
    _act(state, "p1", "exec:contact:0", "exec:unlock:avoid_all")
    assert player.unlocked[1] == Unlocked("avoid_all")


def test_a_gang_member_g1_loses_notoriety_and_the_last_one_back_frees_the_gang() -> None:
    state = table_at()
    table = state.table
    node = node_of(state, "GANG")
    put(state, "p1", node)
    run(state, "p1", "visit:enter")
    player = table.players["p1"]
    put(state, "p1", node_of(state, "HOSPITAL"))
    _act(state, "p1", f"exec:gang:{node}")
    assert player.noto_blue == 1 and table.gangs[node].control == "p1"
    _act(state, "p1", f"exec:gang:{node}")
    assert table.gangs[node].members == 2 and table.gangs[node].control is None
    assert player.control_markers == 2 and player.gang_members == []


def test_first_aid_heals_once_until_rest() -> None:
    state = table_at()
    player = state.table.players["p1"]
    assert "exec:first_aid" not in executive_steps(state, "p1")  # no wound: it would do nothing
    player.wounds_red = 2
    _act(state, "p1", "exec:first_aid")
    assert player.wounds_red == 1 and not player.first_aid_up
    assert "exec:first_aid" not in executive_steps(state, "p1")


def test_the_bribe_moves_an_officer_of_its_type_only_between_placed_tiles() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.contacts[0] = Piece("contact", "bribe_federal")
    placed = {e.tile.id for e in state.table.city.placed}
    for step in executive_steps(state, "p1", ["exec:contact:0"]):
        kind, route = step.split(":", 3)[2:]
        assert kind == "FEDERAL" and set(route.split(">")) <= placed


def test_a_wrong_executive_step_is_refused_unchanged() -> None:
    state = table_at()
    before = state.to_json()
    with pytest.raises(IllegalActionError) as error:
        apply_executive_step(state, "p1", [], "exec:contact:0")
    assert "exec:asset:extra_action" in error.value.legal
    assert state.to_json() == before


def test_tools_used_in_move_and_avoid_are_turned_down_or_sent_back() -> None:
    state = table_at()
    table = state.table
    node = node_of(state, "GANG")
    put(state, "p1", node)
    run(state, "p1", "visit:enter")
    player = table.players["p1"]
    player.contacts[0] = Piece("contact", "boxer", False)
    player.contacts[1] = Piece("contact", "boxer")
    player.items[0] = Piece("equipment", "vest")
    player.items[1] = Piece("fixer", "helicopter")
    player.unlocked[1] = Unlocked("avoid_all")
    cash = player.cash
    turn_down_tools(
        state,
        "p1",
        [("boxer", 1), ("vest", 1), ("helicopter", 1), ("avoid_all", 1), (f"gang@{node}", 2)],
    )
    player = table.players["p1"]
    assert player.contacts[1] == Piece("contact", "boxer", False)
    assert player.items[0] == Piece("equipment", "vest", False)
    assert player.items[1] == Piece("fixer", "helicopter", False)
    assert player.unlocked[1] == Unlocked("avoid_all", True)
    assert player.gang_members == [] and table.gangs[node].control is None
    assert player.cash == cash  # prices are in the step results, not charged here


def test_turning_down_a_tool_the_player_lacks_changes_nothing() -> None:
    state = table_at()
    state.table.players["p1"].items[0] = Piece("equipment", "vest")
    before = state.to_json()
    with pytest.raises(ValueError, match="no face-up component 'vest'"):
        turn_down_tools(state, "p1", [("vest", 2)])
    assert state.to_json() == before


def test_tool_ids_of_cards_tiles_and_assets_never_clash() -> None:
    content = table_at().rules.content
    ids = [
        *(c.id for c in content.contacts.cards),
        *(e.id for e in content.equipment.equipment),
        *(f.id for f in content.fixers.fixers),
        *(a.id for a in content.assets.assets),
    ]
    assert len(ids) == len(set(ids))


def test_turning_down_tools_keeps_the_board_objects_the_engine_holds() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.items[0] = Piece("equipment", "cap")
    turn_down_tools(state, "p1", [("cap", 1)])
    assert state.table.players["p1"] is player and player.items[0] == Piece(
        "equipment", "cap", False
    )
