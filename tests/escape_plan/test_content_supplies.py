"""The content added for police, notoriety, escape and scoring: the limited supplies of
spec §2.3, the player board of §18.3, what changes with the player count (§5.8, §13.2) and
the score sheet's tables (§14)."""

from __future__ import annotations

import pytest

from getaway.games.escape_plan import load_content


def test_the_limited_supplies_are_section_2_3s():
    components = load_content().components
    assert components.police_officers == 30
    assert components.gang_members == 8
    assert components.gas_cans == 6
    assert components.handcuffs == 10
    assert components.extra_action_discs == 8
    assert components.provenance("handcuffs").kind == "stated"
    assert "§19 #4" in components.provenance("handcuffs").reference


def test_police_are_ten_of_each_type_and_two_per_revealed_tile():
    content = load_content()
    assert content.officer_counts() == {"FEDERAL": 10, "LOCAL": 10, "SWAT": 10}
    assert [kind.colour for kind in content.police.officers] == ["red", "blue", "black"]
    assert content.police.per_revealed_tile == 2
    assert content.police.on_start_tile == 2
    assert content.police.patrol_draws_per_day == [2, 2, 1]


def test_the_player_board_is_section_18_3s():
    board = load_content().player_board
    assert (board.item_spaces, board.contact_spaces, board.key_slots) == (5, 5, 3)
    assert (board.gas_cans, board.gang_members, board.gang_control_markers) == (2, 4, 2)
    assert board.extra_action_discs is None
    assert (board.starting_cash, board.income_cubes) == (9, 9)
    assert (board.notoriety_cubes, board.wound_cubes) == (4, 3)
    assert board.provenance("item_spaces").kind == "reconstructed"
    assert board.provenance("gas_cans").kind == "stated"


@pytest.mark.parametrize(
    ("players", "side", "closes_at", "costs"),
    [
        (1, "1-3", 2, [0, 10]),
        (2, "1-3", 2, [0, 10]),
        (3, "1-3", 2, [0, 5, 10]),
        (4, "4-5", 3, [0, 5, 10, 10]),
        (5, "4-5", 3, [0, 5, 5, 10, 10]),
    ],
)
def test_each_player_count_has_the_section_5_8_row(players, side, closes_at, costs):
    count = load_content().for_players(players)
    assert (count.board_side, count.business_closes_at, count.exit_costs) == (
        side,
        closes_at,
        costs,
    )


def test_the_solo_exit_costs_are_a_choice_citing_section_19():
    solo = load_content().for_players(1)
    assert "§19 #31" in solo.provenance("exit_costs").reference


def test_an_unknown_player_count_is_refused_with_the_allowed_ones():
    with pytest.raises(ValueError, match="for 1, 2, 3, 4, 5 players, not 6"):
        load_content().for_players(6)


def test_the_turn_fee_and_score_tables():
    content = load_content()
    assert content.player_counts.turn_fee_after_first_escape == 1
    assert content.scoring.contact_set_bonus == [0, 0, 10, 30, 60, 100]
    assert content.scoring.red_wound_penalty == 20


def test_example_18_business_closing_2nd_cube_with_3_players_3rd_with_4():
    three, four = load_content().for_players(3), load_content().for_players(4)
    assert [three.business_closed(cubes) for cubes in (1, 2)] == [False, True]
    assert [four.business_closed(cubes) for cubes in (2, 3)] == [False, True]
