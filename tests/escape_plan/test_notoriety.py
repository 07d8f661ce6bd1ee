"""Notoriety cubes (spec §7.2, §21.4), the track update (§10.1) and thresholds (§10.2), with
the rulebook's examples §21.6 #6 and #16 as named tests."""

from __future__ import annotations

import pytest

from getaway.games.escape_plan import load_content
from getaway.games.escape_plan.notoriety import (
    ConvergeDuty,
    InspectorCubes,
    NotorietyCubes,
    NotorietyError,
    Reward,
    below_first_threshold,
    converge_duties,
    crossings,
    move_marker,
    penalty,
    reward,
)

TRACK = load_content().notoriety_track


# --- cubes -------------------------------------------------------------------------------------


def test_example_6a_informer_then_a_visit_with_two_opponents_moves_the_marker_up_1():
    cubes = NotorietyCubes.fresh().lose().gain().gain()
    assert cubes.delta == 1


def test_example_6b_already_plus_4_then_a_safe_house_gives_plus_3():
    cubes = NotorietyCubes.fresh().changed([1, 1, 1, 1])
    assert cubes.delta == 4
    assert cubes.lose().delta == 3


def test_example_6c_two_red_and_one_blue_is_plus_1():
    assert NotorietyCubes(red=2, blue=1, neutral=1).delta == 1


def test_a_gain_with_no_neutral_cube_takes_one_back_from_blue():
    cubes = NotorietyCubes(red=1, blue=3, neutral=0).gain()
    assert cubes == NotorietyCubes(red=1, blue=2, neutral=1)


def test_a_gain_with_every_cube_red_is_lost():
    full = NotorietyCubes(red=4, blue=0, neutral=0)
    assert full.gain() == full


def test_a_loss_with_every_cube_blue_is_lost():
    low = NotorietyCubes(red=0, blue=4, neutral=0)
    assert low.lose() == low


def test_saturation_makes_the_order_matter():
    # +5 then -1 is +3 (the fifth gain is lost), but -1 then +5 is +4.
    assert NotorietyCubes.fresh().changed([1] * 5 + [-1]).delta == 3
    assert NotorietyCubes.fresh().changed([-1] + [1] * 5).delta == 4


def test_cubes_always_add_up_to_four():
    cubes = NotorietyCubes.fresh()
    for step in [1, 1, -1, 1, 1, 1, -1, -1, -1, -1, -1, -1, 1]:
        cubes = cubes.changed([step])
        assert cubes.red + cubes.blue + cubes.neutral == 4


def test_reset_puts_every_cube_back_to_neutral():
    assert NotorietyCubes(3, 0, 1).reset() == NotorietyCubes(0, 0, 4)


def test_a_step_that_is_not_one_is_refused():
    with pytest.raises(NotorietyError, match=r"\+1 or -1, not 2"):
        NotorietyCubes.fresh().changed([2])
    with pytest.raises(NotorietyError, match="1 or more notoriety cubes, not 0"):
        NotorietyCubes.fresh(0)


def test_sandras_cubes_above_and_below_do_not_cancel_until_the_update():
    cubes = InspectorCubes().gain().lose()
    assert (cubes.above, cubes.below, cubes.delta) == (1, 1, 0)
    assert cubes.reset() == InspectorCubes()


def test_sandra_has_four_cubes_so_a_fifth_change_is_lost():
    cubes = InspectorCubes().gain().gain().gain().gain()
    assert cubes.gain() == cubes and cubes.lose() == cubes
    assert cubes.delta == 4


# --- the track (§10.1) -------------------------------------------------------------------------


def test_the_marker_moves_by_the_whole_delta_and_crosses_lines_lowest_first():
    move = move_marker(TRACK, 2, 4, wounded=True)
    assert (move.old, move.new, move.wounds) == (2, 6, 0)
    assert [line.below for line in move.crossed] == [2, 5]


def test_a_marker_stops_at_the_bottom():
    move = move_marker(TRACK, 2, -4, wounded=True)
    assert (move.new, move.crossed, move.wounds) == (1, (), 0)


def test_each_step_above_the_top_is_a_wound_for_a_player_only():
    player = move_marker(TRACK, 9, 3, wounded=True)
    assert (player.new, player.wounds) == (10, 2)
    assert [line.below for line in player.crossed] == []
    bot = move_marker(TRACK, 9, 3, wounded=False)
    assert (bot.new, bot.wounds) == (10, 0)


def test_the_third_line_is_crossed_on_the_way_to_the_top():
    move = move_marker(TRACK, 8, 4, wounded=True)
    assert [line.below for line in move.crossed] == [8]
    assert move.wounds == 2


def test_crossing_down_does_nothing_and_the_next_climb_crosses_again():
    down = move_marker(TRACK, 3, -1, wounded=True)
    assert down.crossed == ()
    up = move_marker(TRACK, down.new, 1, wounded=True)
    assert [line.below for line in up.crossed] == [2]


def test_no_move_crosses_nothing():
    assert move_marker(TRACK, 5, 0, wounded=True).crossed == ()


def test_a_level_off_the_track_is_refused_with_the_range():
    with pytest.raises(NotorietyError, match="level 11 is not on the track; levels run 1 to 10"):
        move_marker(TRACK, 11, 0, wounded=True)


def test_penalties_and_the_income_unlock_line():
    assert penalty(TRACK, 1) == 0 and penalty(TRACK, 10) == -100
    assert below_first_threshold(TRACK, 1) and below_first_threshold(TRACK, 2)
    assert not below_first_threshold(TRACK, 3)


# --- thresholds (§10.2) ------------------------------------------------------------------------


def test_threshold_rewards_unlock_1_then_2_then_1_and_a_disc():
    first, second, third = TRACK.thresholds
    assert reward(first, player=True, disc_supply=8) == Reward(1, 0)
    assert reward(second, player=True, disc_supply=8).unlocks == 2
    third_reward = reward(third, player=True, disc_supply=8)
    assert third_reward == Reward(1, 1)


def test_an_empty_disc_supply_gives_no_disc():
    third = TRACK.thresholds[2]
    assert reward(third, player=True, disc_supply=0).discs == 0


def test_sandra_and_costa_get_no_threshold_reward():
    third = TRACK.thresholds[2]
    bot = reward(third, player=False, disc_supply=8)
    assert bot == Reward(0, 0)


def test_example_16_higher_and_equal_players_move_nothing_and_each_lower_one_moves():
    # Red crosses the 1st line (now 3). Orange is higher, Green equal; Purple and Yellow
    # are lower and each owes one officer, in turn order.
    order = ["orange", "purple", "red", "green", "yellow"]
    levels = {"orange": 5, "purple": 1, "red": 3, "green": 3, "yellow": 2}
    duties = converge_duties("red", order, levels, players=set(order))
    assert duties == (ConvergeDuty("purple", "purple"), ConvergeDuty("yellow", "yellow"))


def test_two_players_the_other_player_moves_for_sandra():
    levels = {"ann": 3, "bob": 3, "sandra": 1}
    duties = converge_duties("ann", ["sandra", "bob", "ann"], levels, players={"ann", "bob"})
    assert duties == (ConvergeDuty("sandra", "bob"),)


def test_when_sandra_crosses_lower_players_move_toward_her():
    levels = {"ann": 1, "bob": 3, "sandra": 3}
    duties = converge_duties("sandra", ["sandra", "bob", "ann"], levels, players={"ann", "bob"})
    assert duties == (ConvergeDuty("ann", "ann"),)


def test_solo_the_player_moves_for_both_bots_toward_himself():
    levels = {"me": 6, "sandra": 2, "costa": 4}
    order = ["me", "costa", "sandra"]
    duties = converge_duties("me", order, levels, players={"me"})
    assert duties == (ConvergeDuty("costa", "me"), ConvergeDuty("sandra", "me"))


def test_solo_costa_crossing_makes_the_player_move_for_sandra_too():
    levels = {"me": 2, "sandra": 1, "costa": 3}
    duties = converge_duties("costa", ["costa", "me", "sandra"], levels, players={"me"})
    assert duties == (ConvergeDuty("me", "me"), ConvergeDuty("sandra", "me"))


def test_an_unknown_crosser_is_refused():
    with pytest.raises(NotorietyError, match="no notoriety level for 'zed'"):
        converge_duties("zed", ["a"], {"a": 1}, players={"a"})


def test_crossing_two_lines_at_once_resolves_each_lowest_first():
    move = move_marker(TRACK, 2, 5, wounded=True)
    levels = {"ann": 2, "bob": 4, "cy": 9}
    order = ["cy", "bob", "ann"]
    found = crossings(move, "ann", order, levels, {"ann", "bob", "cy"}, disc_supply=8)
    assert [c.threshold.below for c in found] == [2, 5]
    assert [c.reward for c in found] == [Reward(1, 0), Reward(2, 0)]
    # Bob (4) is below Ann's new level 7 for both lines; Cy (9) is above.
    assert all(c.duties == (ConvergeDuty("bob", "bob"),) for c in found)


def test_crossing_the_third_line_with_an_empty_disc_supply_gives_only_the_unlock():
    move = move_marker(TRACK, 8, 1, wounded=True)
    found = crossings(move, "ann", ["ann"], {"ann": 8}, {"ann"}, disc_supply=0)
    assert [c.reward for c in found] == [Reward(1, 0)]


def test_a_bot_crossing_gets_no_reward_but_players_still_converge():
    move = move_marker(TRACK, 2, 1, wounded=False)
    levels = {"sandra": 2, "ann": 1, "bob": 3}
    found = crossings(move, "sandra", ["bob", "sandra", "ann"], levels, {"ann", "bob"}, 8)
    assert [(c.reward, c.duties) for c in found] == [(Reward(0, 0), (ConvergeDuty("ann", "ann"),))]
