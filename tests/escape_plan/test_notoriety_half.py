"""The Notoriety half of each part in the game (spec §6.5 step 2, §10): markers move by
their cubes, lines crossed upward bring police and rewards, as decisions of the seats."""

from __future__ import annotations

import json

import pytest

from getaway.core import IllegalActionError
from getaway.games.escape_plan import phases
from getaway.games.escape_plan.game import GAME, EscapePlanState
from getaway.games.escape_plan.notoriety_half import begin_half
from getaway.games.escape_plan.state import Table
from tests.escape_plan.play import at_actions, new_game, play_until


def at_half(players: int = 4, seed: int = 1) -> EscapePlanState:
    """A game at the first turn of Day 1, every pawn in START_G's Church and no police."""
    state = play_until(new_game(players, seed=seed), at_actions)
    for player in state.table.players.values():
        player.location = "START_G.church"
    set_police(state.table, {})
    return state


def set_police(table: Table, police: dict[str, list[str]]) -> None:
    """Only ``police`` in the city; every other officer back in the bag (conserved)."""
    for officers in table.police.values():
        for officer in officers:
            table.bag[officer] += 1
    for officers in police.values():
        for officer in officers:
            table.bag[officer] -= 1
    table.police = police


def tile_2_from_start_g(state: EscapePlanState) -> str:
    city = state.table.city
    hospital_tile = city.tile_of(city.locations("HOSPITAL")[0])
    return next(
        e.tile.id
        for e in city.placed
        if city.distance(e.tile.id, "START_G") == 2 and e.tile.id != hospital_tile
    )


def stage(state: EscapePlanState) -> str:
    return state.table.stage


def run_half(state: EscapePlanState) -> None:
    """End the action half now: the Notoriety half runs until someone must decide."""
    table = state.table
    table.phase, table.queue, table.stage = "NOTORIETY", [], "start"
    begin_half(table)
    phases.settle(state.rules, table, state.rng)


def test_example_6c_two_red_and_one_blue_move_the_marker_up_1_and_reset_the_cubes() -> None:
    state = at_half()
    player = state.table.players["p1"]
    player.noto_red, player.noto_blue = 2, 1
    run_half(state)
    assert player.notoriety == 2 and (player.noto_red, player.noto_blue) == (0, 0)
    assert (state.table.phase, state.table.part) == ("ACTIONS", "AFTERNOON")


def test_the_half_runs_after_every_part_in_play() -> None:
    state = play_until(new_game(3, seed=2), at_actions)
    seat = state.to_act()[0]
    player = state.table.players[seat]
    player.noto_red = 1
    play_until(state, lambda s: s.table.part == "AFTERNOON", seed=2)
    assert player.notoriety == 2 and player.noto_red == 0


def test_steps_past_the_top_wound_the_player() -> None:
    state = at_half()
    player = state.table.players["p2"]
    player.notoriety, player.noto_red = state.rules.level_top, 3
    run_half(state)
    assert player.notoriety == state.rules.level_top and player.wounds_red == 3


def test_example_16_threshold_only_lower_players_move_police_toward_the_crosser() -> None:
    state = at_half(4)
    table = state.table
    crosser, higher, equal, lower = table.turn_order
    levels = {crosser: 2, higher: 5, equal: 3, lower: 1}
    for seat, level in levels.items():
        table.players[seat].notoriety = level
    table.players[crosser].noto_red = 1  # 2 -> 3 crosses the line above 2
    far = tile_2_from_start_g(state)
    set_police(table, {"START_G": ["SWAT"], far: ["FEDERAL", "SWAT"]})
    run_half(state)
    assert state.to_act() == (lower,) and table.stage == "converge"
    legal = state.legal_actions(lower)
    assert f"converge:FEDERAL:{far}>START_G" in legal
    # The crosser's tile has a SWAT already (R-POL-2), and nothing moves away.
    assert not [a for a in legal if a.startswith("converge:SWAT:") and a.endswith(">START_G")]
    assert not [a for a in legal if a.startswith("converge:SWAT:START_G>")]
    state.apply(lower, f"converge:FEDERAL:{far}>START_G")
    assert table.police["START_G"] == ["FEDERAL", "SWAT"]
    # Then the crosser's reward: unlock 1 Asset (§10.2 step 2).
    assert state.to_act() == (crosser,) and stage(state) == "threshold_unlock"
    locked = table.players[crosser].locked_assets()
    assert state.legal_actions(crosser) == [f"unlock:{a}" for a in locked]
    state.apply(crosser, f"unlock:{locked[0]}")
    assert locked[0] not in table.players[crosser].locked_assets()
    assert (table.phase, table.part) == ("ACTIONS", "AFTERNOON")


def test_two_lines_at_once_are_resolved_one_after_the_other() -> None:
    state = at_half(3)
    table = state.table
    crosser = table.turn_order[0]
    table.players[crosser].notoriety, table.players[crosser].noto_red = 2, 4  # 2 -> 6
    run_half(state)
    # Nobody is lower with police to move (no police): 1 unlock, then 2 more.
    for _ in range(3):
        assert state.to_act() == (crosser,) and table.stage == "threshold_unlock"
        state.apply(crosser, state.legal_actions(crosser)[0])
    assert table.players[crosser].notoriety == 6
    assert len(table.players[crosser].locked_assets()) == 3
    assert table.phase == "ACTIONS"


def test_the_third_line_gives_an_unlock_and_a_disc_from_the_supply() -> None:
    state = at_half(3)
    table = state.table
    crosser = table.turn_order[0]
    player = table.players[crosser]
    player.notoriety, player.noto_red = 8, 1
    discs = table.discs
    run_half(state)
    assert player.discs == 1 and table.discs == discs - 1
    assert table.stage == "threshold_unlock"


def test_with_no_legal_converging_move_nothing_is_asked() -> None:
    state = at_half(3)
    table = state.table
    crosser = table.turn_order[0]
    for seat in table.turn_order:
        table.players[seat].notoriety = 1
    table.players[crosser].notoriety, table.players[crosser].noto_red = 2, 1
    table.players[crosser].items = [None] * 5
    table.players[crosser].contacts = [None] * 5
    run_half(state)  # no police, no locked Asset: nothing to decide
    assert table.players[crosser].notoriety == 3
    assert (table.phase, table.part) == ("ACTIONS", "AFTERNOON")


def test_a_half_stopped_for_a_decision_is_saved_and_loaded_and_refuses_a_wrong_move() -> None:
    state = at_half(3)
    table = state.table
    crosser, lower = table.turn_order[0], table.turn_order[1]
    table.players[crosser].notoriety, table.players[crosser].noto_red = 2, 1
    far = tile_2_from_start_g(state)
    set_police(table, {far: ["LOCAL"]})
    run_half(state)
    assert state.to_act() == (lower,) and table.stage == "converge"
    loaded = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert loaded.to_json() == state.to_json()
    assert loaded.legal_actions(lower) == state.legal_actions(lower)
    with pytest.raises(IllegalActionError, match=r"at least 1 closer"):
        loaded.apply(lower, f"converge:LOCAL:{far}>{far}")


def test_a_player_who_escaped_this_part_still_moves_up_and_draws_police_to_the_exit() -> None:
    state = play_until(
        new_game(3, seed=3),
        lambda s: s.table.day == 3 and s.table.stage == "turn",
        seed=3,
    )
    table = state.table
    gone, lower = table.turn_order[0], table.turn_order[1]
    for seat in table.turn_order:
        table.players[seat].notoriety = 1
    player = table.players[gone]
    player.status, player.location, player.notoriety, player.noto_red = "escaped", None, 2, 1
    table.escaped.append(gone)
    number = next(n for n, cards in table.patrol_spaces.items() if cards < 2)
    exit_tile = table.city.tile_of(table.city.exit(number) or "")
    far = next(
        e.tile.id for e in table.city.placed if table.city.distance(e.tile.id, exit_tile) == 2
    )
    set_police(table, {far: ["FEDERAL"]})
    locked = player.locked_assets()
    run_half(state)
    assert player.notoriety == 3
    # Police converge on the Exit's tile (§13.2 step 5); no unlock is asked of the escapee.
    assert state.to_act() == (lower,) and stage(state) == "converge"
    assert f"converge:FEDERAL:{far}>{exit_tile}" in state.legal_actions(lower)
    state.apply(lower, f"converge:FEDERAL:{far}>{exit_tile}")
    assert table.police[exit_tile] == ["FEDERAL"]
    assert stage(state) != "threshold_unlock"
    assert player.locked_assets() == locked and player.discs == 0
