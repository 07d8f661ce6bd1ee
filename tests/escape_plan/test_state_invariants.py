"""Each engine invariant of spec §21.7 (and the conservation of limited components, §2.3)
is noticed when it breaks."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from getaway.games.escape_plan import invariants, load_content
from getaway.games.escape_plan.options import Rules
from getaway.games.escape_plan.state import Piece, Table, Unlocked
from tests.escape_plan.play import at_actions, new_game, play_until


def sound_table() -> tuple[Rules, Table]:
    state = play_until(new_game(3, seed=13), at_actions)
    assert invariants.problems(state.rules, state.table) == []
    return state.rules, state.table


def on_display(table: Table) -> str:
    return table.display[0]


def two_feds(table: Table) -> None:
    table.police[on_display(table)] = ["FEDERAL", "FEDERAL"]
    table.bag["FEDERAL"] -= 2


def hospital_police(table: Table) -> None:
    table.police["START_H"] = ["LOCAL"]
    table.bag["LOCAL"] -= 1


def extra_cube(table: Table) -> None:
    table.businesses["casino"].cubes.append(("p1", "money"))


def twice_on_a_building(table: Table) -> None:
    table.players["p1"].income_cubes -= 2
    table.safe_houses["1"].cubes += [("p1", "money"), ("p1", "income")]


def five_notoriety_cubes(table: Table) -> None:
    table.players["p2"].noto_red, table.players["p2"].noto_blue = 3, 2


def four_red_wounds(table: Table) -> None:
    table.players["p3"].wounds_red = 4


def eight_assets(table: Table) -> None:
    table.players["p1"].unlocked[1:] = [Unlocked("heal")] * 5


def asset_under_handcuffs(table: Table) -> None:
    table.players["p1"].cuffed[4] = True
    table.players["p1"].handcuffs = 1
    table.handcuffs -= 1


def escaped_pawn_on_board(table: Table) -> None:
    table.players["p2"].status = "escaped"


def pawn_on_a_street(table: Table) -> None:
    table.players["p2"].location = "START_G.res"


def three_patrol_cards(table: Table) -> None:
    table.patrol_spaces[1] = 3
    table.patrol_deck.pop()


def closed_exit_without_stack(table: Table) -> None:
    table.patrol_spaces = {1: 2, 2: 0, 3: 0}


def a_tile_too_many(table: Table) -> None:
    tile = load_content().tile(table.display.pop())
    table.city = table.city.with_tile(tile, *table.city.legal_placements(tile)[0])


def a_lost_disc(table: Table) -> None:
    table.discs -= 1


def a_new_gang_member(table: Table) -> None:
    table.players["p1"].gang_members.append("START_G.gang")


def seven_gas_cans(table: Table) -> None:
    table.players["p3"].gas_cans = 1


def a_tile_in_two_places(table: Table) -> None:
    table.stacks["A"].append(table.display[0])


def a_missing_player(table: Table) -> None:
    del table.players["p3"]


def twice_in_turn_order(table: Table) -> None:
    table.turn_order.append(table.turn_order[0])


def a_contact_card_under_handcuffs(table: Table) -> None:
    table.players["p1"].contacts[0] = Piece("contact", "medic")
    table.players["p1"].cuffed[0] = True
    table.players["p1"].handcuffs = 1
    table.handcuffs -= 1


@pytest.mark.parametrize(
    ("breaking", "message"),
    [
        (two_feds, "two officers of one type"),
        (hospital_police, "officers on the Hospital tile START_H"),
        (extra_cube, "p1 has 10 income cubes in play, not 9"),
        (twice_on_a_building, "Safe House 1 holds two cubes of one participant"),
        (five_notoriety_cubes, "p2 has more than 4 notoriety cubes"),
        (four_red_wounds, "p3 has 4 red wound cubes"),
        (eight_assets, "p1 has more Assets than the 7"),
        (asset_under_handcuffs, "p1's handcuffed contact space 4 holds an Asset"),
        (escaped_pawn_on_board, "p2 has escaped but the pawn is still on"),
        (pawn_on_a_street, "p2 is in the city but not on a location ('START_G.res')"),
        (three_patrol_cards, "a Patrol space holds more than 2 cards"),
        (closed_exit_without_stack, "the closed Exits and the Exits with an Exit-tile stack"),
        (a_tile_too_many, "7 City tiles placed after Day 1's City phase, not 6"),
        (a_lost_disc, "7 Extra Action discs in the game, not 8"),
        (a_new_gang_member, "9 gang members in the game, not 8"),
        (seven_gas_cans, "more than 6 Gas Cans"),
        (twice_in_turn_order, "is not a list of participants"),
        (a_tile_in_two_places, "not every City tile is exactly once"),
        (a_missing_player, "participants ['p1', 'p2'] are not this game's"),
    ],
)
def test_a_broken_invariant_is_reported(breaking: Callable[[Table], None], message: str) -> None:
    rules, table = sound_table()
    breaking(table)
    found = invariants.problems(rules, table)
    assert any(message in problem for problem in found), found


def test_a_sound_change_is_not_reported() -> None:
    rules, table = sound_table()
    a_contact_card_under_handcuffs(table)  # the card stays, covered (R-WND-2)
    assert invariants.problems(rules, table) == []
