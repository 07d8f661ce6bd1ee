"""The structure of a Day (spec §6) and the rulebook examples that fall in it (§21.6 #1-#5)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from getaway.core import IllegalActionError
from getaway.core.rng import Rng
from getaway.games.escape_plan import boards, phases, police, table_police
from getaway.games.escape_plan.boards import receive_income
from getaway.games.escape_plan.city_phase import (
    NO_TERRAIN_MATCH,
    ONE_TOUCHING,
    STRICT,
    placements,
)
from getaway.games.escape_plan.content import load_content
from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.options import COSTA, SANDRA, Rules, rules_for
from getaway.games.escape_plan.state import PARTS, Piece, Table
from tests.escape_plan.helpers import start_city
from tests.escape_plan.play import at_actions, new_game, play_until, random_step

# --- Income (§6.1) ----------------------------------------------------------------------


def test_income_example_1_six_cubes_give_6k() -> None:
    player = new_game(3).table.players["p1"]
    player.income_cubes, player.cash = 6, 0
    receive_income(player)
    assert player.cash == 6


def test_no_income_on_day_1_and_income_on_day_2() -> None:
    state = new_game(3, seed=4)
    # Day 1 has no Income phase: the starting $9k.
    assert all(p.cash == 9 for p in state.table.players.values())
    play_until(state, at_actions)
    table = state.table
    due = {seat: p.cash + p.income_cubes for seat, p in table.players.items()}
    table.day = 2
    phases._begin_day(state.rules, table)
    assert table.phase == "INCOME"
    assert {seat: p.cash for seat, p in table.players.items()} == due


def test_income_unlock_costs_3k_and_fills_the_4k_slot() -> None:
    state = play_until(new_game(3, seed=4), lambda s: s.table.day == 2)
    seat = state.to_act()[0]
    assert state.table.stage == "income_unlock"
    assert seat == state.table.turn_order[0]
    player = state.table.players[seat]
    # The board as set up (a Rest on Day 1 may have unlocked one already).
    player.items = [None, None, *(Piece("asset", a) for a in ("move_federal", "move_local"))]
    player.items.append(Piece("asset", "move_swat"))
    player.unlocked = [player.unlocked[0], None, None, None, None, None]
    cash = player.cash
    assert "pass" in state.legal_actions(seat)
    state.apply(seat, "unlock:move_local")
    assert player.cash == cash - 3
    assert player.unlocked[1] is not None and player.unlocked[1].asset == "move_local"
    # The locked tile left of the gap slid right into it (§4).
    assert [p.id if p else None for p in player.items] == [
        None,
        None,
        None,
        "move_federal",
        "move_swat",
    ]


def test_a_wrong_income_answer_names_the_legal_ones_and_changes_nothing() -> None:
    state = play_until(new_game(3, seed=4), lambda s: s.table.day == 2)
    seat = state.to_act()[0]
    before = state.to_json()
    with pytest.raises(IllegalActionError) as error:
        state.apply(seat, "unlock:extra_action")
    assert "pay $3k to unlock one of your locked Assets, or pass" in str(error.value)
    legal = state.legal_actions(seat)
    assert "pass" in legal and f"legal actions: {', '.join(legal)}" in str(error.value)
    assert state.to_json() == before


def test_income_unlock_asks_every_player_below_the_first_threshold_only_3k_buys() -> None:
    state = new_game(3)
    rules, table = state.rules, state.table
    player = table.players["p1"]
    assert phases.may_buy_unlock(rules, table, "p1")
    player.notoriety = 3
    assert not phases.may_buy_unlock(rules, table, "p1")
    # Asked without $3k too (asking only who can pay would tell everyone who holds $3k),
    # but he may only pass.
    player.notoriety, player.cash = 2, 2
    assert phases.may_buy_unlock(rules, table, "p1")
    table.phase, table.stage, table.queue = "INCOME", "income_unlock", ["p1"]
    assert state.legal_actions("p1") == ["pass"]
    player.cash = 3
    assert "unlock:heal" in state.legal_actions("p1")


# --- Patrol (§6.2) ------------------------------------------------------------------------


def reveal(rules: Rules, table: Table, seed: int = 0) -> int:
    """One Patrol card revealed by police.py on the table's Patrol; its Exit."""
    patrol, revealed = police.reveal_patrol_card(
        table_police.patrol_of(rules, table), Rng(seed), table_police.visible_exits(rules, table)
    )
    table_police.store_patrol(table, patrol)
    return revealed.exit


def test_patrol_example_1_second_card_closes_exit_3_and_its_stack_goes_on_the_exit() -> None:
    state = new_game(3)
    rules, table = state.rules, state.table
    table.patrol_spaces = {1: 0, 2: 0, 3: 1}
    table.patrol_deck = [1, 3, 2]
    table.display.append("C3")  # Exit 3's tile is face up
    assert reveal(rules, table) == 1
    assert table.patrol_spaces[1] == 1 and table.exit_open(1)
    assert phases.exit_stack_place(rules, table, 1) is None
    assert reveal(rules, table) == 3
    assert not table.exit_open(3)
    assert phases.exit_stack_place(rules, table, 3) == "exit"


def test_patrol_example_2_stack_waits_on_the_patrol_space_until_the_tile_shows() -> None:
    state = new_game(3)
    rules, table = state.rules, state.table
    table.display = [t for t in table.display if t != "B2"]
    for stack in table.stacks.values():
        if "B2" in stack:
            stack.remove("B2")
    table.patrol_spaces = {1: 0, 2: 1, 3: 0}
    table.patrol_deck = [2, 1, 3]
    reveal(rules, table)
    assert not table.exit_open(2)
    assert phases.exit_stack_place(rules, table, 2) == "patrol_space"
    table.display.append("B2")  # revealed in a later City phase (R-CITY-4)
    assert phases.exit_stack_place(rules, table, 2) == "exit"


def test_the_two_closed_exits_get_different_exit_tile_stacks() -> None:
    state = new_game(3)
    rules, table = state.rules, state.table
    table.patrol_spaces = {1: 0, 2: 0, 3: 0}
    table.patrol_deck = [1, 3, 1, 3, 2]
    for _ in range(5):
        reveal(rules, table)
    assert sorted(table.exit_stack_of) == [1, 3]
    assert sorted(table.exit_stack_of.values()) == ["X", "Y"]
    assert [n for n in (1, 2, 3) if table.exit_open(n)] == [2]


@pytest.mark.parametrize("seed", range(6))
def test_patrol_draws_2_2_1_cards_and_day_3_leaves_one_exit_open(seed: int) -> None:
    state = new_game(4, seed=seed)
    assert sum(state.table.patrol_spaces.values()) == 2
    play_until(state, lambda s: s.table.day == 2 and at_actions(s), seed)
    assert sum(state.table.patrol_spaces.values()) == 4
    play_until(state, lambda s: s.table.day == 3 and at_actions(s), seed)
    spaces = state.table.patrol_spaces
    assert sum(spaces.values()) == 5 and not state.table.patrol_deck
    assert sorted(spaces.values()) == [1, 2, 2]
    assert spaces[state.table.patrol_removed] == 1


# --- City (§6.3) --------------------------------------------------------------------------


def test_city_order_example_3_players_place_p1_p2_p3_p1() -> None:
    rules = rules_for({"players": 3})
    assert phases.city_placers(rules, ["p1", "p2", "p3"], 4) == ["p1", "p2", "p3", "p1"]


@pytest.mark.parametrize(
    ("players", "order", "placers"),
    [
        (1, ["p1", COSTA, SANDRA], ["p1"] * 4),
        (2, ["p1", "p2", SANDRA], ["p1", "p2", "p1", "p2"]),
        (4, ["p1", "p2", "p3", "p4"], ["p1", "p2", "p3", "p4"]),
        (5, ["p1", "p2", "p3", "p4", "p5"], ["p1", "p2", "p3", "p4"]),
    ],
)
def test_city_placements_per_player_count_5_8(
    players: int, order: list[str], placers: list[str]
) -> None:
    assert phases.city_placers(rules_for({"players": players}), order, 4) == placers


def test_a_placement_is_tile_cell_rotation_then_its_buildings() -> None:
    state = new_game(3, seed=2)
    table = state.table
    table.display[0] = "A2"  # a tile with a Business and a Safe House space
    table.stacks["A"] = [t for t in ("A1", "A3") if t not in table.display]
    table.police["A2"] = ["FEDERAL", "SWAT"]
    seat = state.to_act()[0]
    assert "tile:A2" in state.legal_actions(seat)
    state.apply(seat, "tile:A2")
    cell_step = state.legal_actions(seat)[0]
    state.apply(seat, cell_step)
    state.apply(seat, state.legal_actions(seat)[0])
    assert state.legal_actions(seat)[:2] == ["business:casino", "business:bar"]
    state.apply(seat, "business:bar")
    assert state.legal_actions(seat) == ["safe_house:1", "safe_house:2", "safe_house:3"]
    state.apply(seat, "safe_house:2")
    assert "A2" in [e.tile.id for e in table.city.placed] and "A2" not in table.display
    assert table.businesses["bar"].placed_on == "A2.business"
    assert table.safe_houses["2"].placed_on == "A2.safe_house"
    assert table.police["A2"] == ["FEDERAL", "SWAT"]  # the police moved with the tile
    assert state.to_act() != (seat,) or table.placers[0] == seat


def test_a_gang_space_gets_2_members_from_the_board() -> None:
    state = new_game(3, seed=2)
    table = state.table
    table.display[1] = "B2"
    table.stacks["B"] = [t for t in ("B1", "B3") if t not in table.display]
    seat = state.to_act()[0]
    state.apply(seat, "tile:B2")
    while state.decision is not None:
        state.apply(seat, state.legal_actions(seat)[0])
    assert table.gangs["B2.gang"].members == 2 and table.gang_area == 4


def test_an_illegal_placement_step_names_the_legal_ones_and_changes_nothing() -> None:
    state = new_game(3, seed=2)
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    before = state.to_json()
    with pytest.raises(IllegalActionError) as error:
        state.apply(seat, "cell:9,9")
    assert "not a cell the tile may take now" in str(error.value)
    assert "cell:" in str(error.value)
    assert state.to_json() == before


def test_after_4_placements_4_tiles_are_revealed_with_police() -> None:
    state = play_until(new_game(3, seed=6), at_actions)
    table = state.table
    assert len(table.city.placed) == 6
    assert sorted(t[0] for t in table.display) == ["A", "B", "C", "D"]
    for tile in table.display:
        assert 1 <= len(table.police[tile]) <= 2


def test_day_3_city_phase_reveals_nothing() -> None:
    state = play_until(new_game(2, seed=8), lambda s: s.table.day == 3 and at_actions(s))
    assert len(state.table.city.placed) == 14
    assert state.table.display == [] and all(not s for s in state.table.stacks.values())


@pytest.mark.parametrize("seed", range(4))
def test_strict_placements_are_the_city_maps_legal_placements(seed: int) -> None:
    state = play_until(new_game(3, seed=seed), lambda s: s.table.day == 2 and at_actions(s))
    city = state.table.city
    for tile_id in state.table.display:
        tile = load_content().tile(tile_id)
        assert placements(city, tile, STRICT) == tuple(city.legal_placements(tile))


def test_placement_fallback_relaxes_the_terrain_match_then_the_touching_rule() -> None:
    city = start_city(0)
    tile = load_content().tile("A1")
    strict = set(placements(city, tile, STRICT))
    relaxed = set(placements(city, tile, NO_TERRAIN_MATCH))
    loosest = set(placements(city, tile, ONE_TOUCHING))
    assert strict < relaxed < loosest
    # Touching one start tile only: legal only once the touching rule is relaxed too.
    assert ((-1, -1), 0) in loosest and ((-1, -1), 0) not in relaxed


# --- Turn order (§6.4) ------------------------------------------------------------------


def test_turn_order_example_highest_first_ties_reversed() -> None:
    table = new_game(4).table
    yellow, red, green, orange = "p1", "p2", "p3", "p4"
    table.turn_order = [yellow, red, green, orange]
    table.players[green].notoriety = 3
    assert phases.new_turn_order(table) == [green, orange, red, yellow]


@pytest.mark.parametrize(
    ("players", "order"),
    [
        (1, [SANDRA, COSTA, "p1"]),
        (2, [SANDRA, "p2", "p1"]),
        (3, ["p3", "p2", "p1"]),
        (4, ["p4", "p3", "p2", "p1"]),
        (5, ["p5", "p4", "p3", "p2", "p1"]),
    ],
)
def test_day_1_turn_order_is_the_setup_order_reversed_5_8(players: int, order: list[str]) -> None:
    state = play_until(new_game(players, seed=players), at_actions)
    assert state.table.turn_order == order


def test_escaped_and_arrested_players_leave_the_turn_order() -> None:
    table = new_game(4).table
    table.turn_order = ["p1", "p2", "p3", "p4"]
    boards.arrest(table, "p2")
    table.players["p3"].status, table.players["p3"].location = "escaped", None
    assert phases.new_turn_order(table) == ["p4", "p1"]


# --- Player Actions (§6.5), Day Change (§6.6), the end (§6.7) -------------------------------


def turns_until(state: EscapePlanState, done: Callable[[EscapePlanState], bool]) -> list[str]:
    """``part:seat`` of every turn begun until ``done``, playing random legal actions."""
    rng = Rng(3)
    seen = []
    while not done(state):
        if state.table.stage == "turn" and state.decision is None:
            seen.append(f"{state.table.part}:{state.to_act()[0]}")
        random_step(state, rng, plain=True)
    return seen


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_each_player_takes_one_turn_in_each_mandatory_part(players: int) -> None:
    state = play_until(new_game(players, seed=9), at_actions)
    order = [p for p in state.table.turn_order if p in state.rules.seats]
    seen = turns_until(state, lambda s: s.table.day == 2)
    # Nobody owns a disc on Day 1, so nobody acts at Night or Dawn.
    assert seen == [f"{part}:{seat}" for part in PARTS[:3] for seat in order]


def test_night_turn_costs_a_disc_owned_before_the_part_began() -> None:
    state = play_until(
        new_game(3, seed=5),
        lambda s: s.table.phase == "NOTORIETY" and s.table.part == "EVENING",
        plain=True,
    )
    table = state.table
    first, second = table.turn_order[0], table.turn_order[1]
    for player in table.players.values():
        player.discs = 1 if player.seat == first else 0
    table.discs = 7
    play_until(state, lambda s: s.table.part == "NIGHT")
    assert table.disc_owners == [first]
    assert state.to_act() == (first,) and table.stage == "disc"
    assert state.legal_actions(first) == ["disc", "pass"]
    # A disc gained now cannot be spent this Night (R-PA-3).
    table.players[second].discs, table.discs = 1, 6
    state.apply(first, "disc")
    assert table.players[first].discs == 0 and table.discs == 7
    assert state.to_act() == (first,) and "move" in state.legal_actions(first)
    seen = turns_until(state, lambda s: s.table.part == "DAWN")
    assert seen == [f"NIGHT:{first}"]
    # At Dawn the disc gained at Night may be spent.
    assert table.disc_owners == [second] and state.to_act() == (second,)
    state.apply(second, "pass")
    assert table.players[second].discs == 1


def test_day_change_turns_rest_tokens_back_to_the_sun() -> None:
    state = play_until(new_game(3, seed=2), lambda s: s.table.part == "EVENING")
    for player in state.table.players.values():
        player.rest_sun = False
    play_until(state, lambda s: s.table.day == 2)
    assert all(p.rest_sun for p in state.table.players.values())
    assert state.table.part == "MORNING"


@pytest.mark.parametrize("players", [1, 3])
def test_the_game_ends_after_day_3_dawn_and_who_stayed_is_arrested(players: int) -> None:
    state = play_until(new_game(players, seed=1), lambda s: s.is_over())
    table = state.table
    assert (table.day, table.part, table.phase) == (3, "DAWN", "END")
    assert sorted(p for p in table.arrested + table.escaped if p in state.rules.seats) == list(
        state.rules.seats
    )
    assert all(p.status != "city" and p.location is None for p in table.players.values())
    assert state.to_act() == ()


def test_after_an_escape_each_turn_costs_1k_and_who_cannot_pay_is_arrested() -> None:
    state = play_until(new_game(3, seed=4), at_actions)
    table = state.table
    first, second, third = table.turn_order
    # Someone escaped earlier.
    table.escaped.append("elsewhere")
    table.players[second].cash = 0
    seat = state.to_act()[0]
    assert seat == first and table.players[first].cash == 9  # its turn began before
    play_until(state, lambda s: s.to_act() != (first,))
    assert state.to_act() == (third,)
    assert table.players[third].cash == 8
    assert table.players[second].status == "arrested" and second in table.arrested


def test_the_game_ends_as_soon_as_every_player_is_out() -> None:
    state = play_until(new_game(2, seed=4), at_actions)
    table = state.table
    table.escaped.append("elsewhere")
    for player in table.players.values():
        player.cash = 0
    head, other = state.to_act()[0], table.turn_order[-1]
    play_until(state, lambda s: s.to_act() != (head,))
    # The head's turn had begun; the other is arrested at the start of its Morning turn,
    # the head at the start of its Afternoon turn, and the game ends there (§6.7).
    assert state.is_over() and table.day == 1 and table.part == "AFTERNOON"
    assert table.arrested == [other, head]
