"""Where Sandra counts (spec §15.1), her notoriety update (§15.4), Costa's (§16.2), and the
officer moves a player makes toward a crosser, for himself or on a bot's behalf (§15.4,
§16.5)."""

from __future__ import annotations

import pytest

from getaway.games.escape_plan.automata import (
    apply_converge_step,
    automaton_notoriety,
    converge_steps,
)
from getaway.games.escape_plan.automata_cards import others_at, tile_of
from getaway.games.escape_plan.notoriety import converge_duties
from getaway.games.escape_plan.options import COSTA, SANDRA, initial_order
from getaway.games.escape_plan.phases import city_placers
from tests.escape_plan.test_sandra_helpers import HOSPITAL, at_actions

# --- §15.4 --------------------------------------------------------------------------------


def test_sandra_one_cube_above_and_one_below_does_not_move_her_marker() -> None:
    """§15.4 "Test: 1 above and 1 below → no move"; then her cubes go back."""
    state = at_actions(2)
    sandra = state.table.automata[SANDRA]
    sandra.notoriety, sandra.noto_up, sandra.noto_down = 3, 1, 1
    result = automaton_notoriety(state.rules, state.table, SANDRA)
    assert (result.move.old, result.move.new) == (3, 3)
    assert (sandra.notoriety, sandra.noto_up, sandra.noto_down) == (3, 0, 0)
    assert result.crossings == ()


def test_sandra_marker_moves_by_above_minus_below_within_the_track() -> None:
    state = at_actions(2)
    sandra = state.table.automata[SANDRA]
    sandra.notoriety, sandra.noto_up = 9, 3
    result = automaton_notoriety(state.rules, state.table, SANDRA)
    assert sandra.notoriety == state.rules.level_top
    assert result.move.wounds == 0  # she takes no wounds past the top
    sandra.noto_down = 4
    automaton_notoriety(state.rules, state.table, SANDRA)
    assert sandra.notoriety == 6


def test_sandra_crossing_a_line_makes_every_lower_player_move_an_officer_no_unlocks() -> None:
    """§15.4: every player with lower notoriety moves 1 officer toward Sandra; she gets
    no unlocks or discs (§19 #30)."""
    state = at_actions(2)
    table = state.table
    table.players["p1"].notoriety, table.players["p2"].notoriety = 1, 3
    sandra = table.automata[SANDRA]
    sandra.notoriety, sandra.noto_up = 2, 1
    result = automaton_notoriety(state.rules, table, SANDRA)
    (crossing,) = result.crossings
    assert [(d.owed_by, d.mover) for d in crossing.duties] == [("p1", "p1")]
    assert (crossing.reward.unlocks, crossing.reward.discs) == (0, 0)
    assert result.target_tile == tile_of(table, SANDRA)


def test_player_crossing_with_sandra_lower_the_other_player_moves_on_her_behalf() -> None:
    """§15.4 second bullet."""
    state = at_actions(2)
    order = state.table.turn_order
    levels = {"p1": 3, "p2": 4, SANDRA: 1}
    duties = converge_duties("p1", order, levels, state.rules.seats)
    assert [(d.owed_by, d.mover) for d in duties] == [(SANDRA, "p2")]


def test_solo_player_crossing_moves_one_officer_for_each_lower_bot() -> None:
    """§16.5, §19 #32: the human moves toward himself for Sandra and for Costa."""
    state = at_actions(1)
    levels = {"p1": 3, SANDRA: 1, COSTA: 2}
    duties = converge_duties("p1", state.table.turn_order, levels, state.rules.seats)
    assert sorted((d.owed_by, d.mover) for d in duties) == [(COSTA, "p1"), (SANDRA, "p1")]


def test_costa_crossing_makes_the_lower_player_and_sandra_owe_moves_chosen_by_the_player() -> None:
    state = at_actions(1)
    table = state.table
    costa = table.automata[COSTA]
    costa.notoriety, costa.noto_up = 2, 2
    result = automaton_notoriety(state.rules, table, COSTA)
    (crossing,) = result.crossings
    assert sorted((d.owed_by, d.mover) for d in crossing.duties) == [
        ("p1", "p1"),
        (SANDRA, "p1"),
    ]
    assert (costa.notoriety, costa.noto_up, costa.noto_down) == (4, 0, 0)


# --- converging officer moves as steps ----------------------------------------------------


def test_converge_steps_move_an_officer_at_least_one_tile_closer() -> None:
    state = at_actions(2)
    table = state.table
    target = table.city.tile_of(HOSPITAL)
    steps = converge_steps(table, target)
    assert steps
    step = steps[0]
    officer, tiles = step.split(":", 2)[1:]
    source, goal = tiles.split(">")
    apply_converge_step(table, target, step)
    assert officer not in table.police.get(source, [])
    assert officer in table.police[goal]
    assert table.city.distance(goal, target) < table.city.distance(source, target)


def test_converge_step_not_legal_is_refused_with_the_legal_ones() -> None:
    state = at_actions(2)
    table = state.table
    target = table.city.tile_of(HOSPITAL)
    with pytest.raises(ValueError, match="legal: converge:"):
        apply_converge_step(table, target, "converge:FEDERAL:NOWHERE>START_H")


# --- §15.1 where Sandra counts -------------------------------------------------------------


def test_sandra_counts_as_an_opponent_in_her_location() -> None:
    state = at_actions(2)
    table = state.table
    table.automata[SANDRA].location = "START_G.gang"
    assert others_at(table, "START_G.gang", "p1") == [SANDRA]
    assert others_at(table, "START_G.gang", SANDRA) == []


def test_sandra_stands_on_a_tile_for_avoid_and_starts_on_the_hospital_tile() -> None:
    state = at_actions(2, day=1)
    assert tile_of(state.table, SANDRA) == state.table.city.tile_of(HOSPITAL)


def test_sandra_is_not_a_city_phase_player_and_starts_third_in_turn_order() -> None:
    state = at_actions(2)
    assert city_placers(state.rules, ["p2", SANDRA, "p1"], 4) == ["p2", "p1", "p2", "p1"]
    assert initial_order(state.rules, "p1") == ("p1", "p2", SANDRA)
