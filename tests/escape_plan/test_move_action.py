"""The Move action in the game (spec §7.3, §7.4, §11, §13): MOVE and AVOID as one decision of
the turn, and what it does to the table. The steps themselves are tested in
``test_movement.py`` and ``test_avoid.py``; here, what the engine gives them and takes back."""

from __future__ import annotations

from getaway.games.escape_plan import phases
from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.state import Piece, Unlocked
from tests.escape_plan.play import at_actions, move_stopping, new_game, play, play_until


def at_turn(players: int = 3, seed: int = 1) -> tuple[EscapePlanState, str]:
    state = play_until(new_game(players, seed=seed), at_actions)
    assert state.table.stage == "turn"
    return state, state.to_act()[0]


def move_to_tile(state: EscapePlanState, seat: str, tile: str) -> list[str]:
    """The MOVE steps of some move that stops in a location of ``tile`` using no tool."""
    city = state.table.city
    return move_stopping(state, seat, lambda node: city.tile_of(node) == tile, tile)


def from_church(state: EscapePlanState, seat: str, police: dict[str, list[str]]) -> None:
    """``seat`` in START_G's Church, ``police`` the only officers in the city."""
    state.table.players[seat].location = "START_G.church"
    state.table.police = police


def test_a_move_ends_with_stop_and_the_pawn_stands_in_its_new_location() -> None:
    state, seat = at_turn()
    from_church(state, seat, {})
    steps = move_to_tile(state, seat, "START_H")
    play(state, seat, ["move", *steps])
    assert state.decision is None
    assert state.table.players[seat].location.startswith("START_H.")  # type: ignore[union-attr]
    # The move has taken effect; the turn goes on with its VISIT (§7.5) or its end.
    assert state.to_act() != (seat,) or state.table.stage in ("visit", "after")


def test_an_open_move_is_shown_to_nobody_else_and_reveals_nothing() -> None:
    state, seat = at_turn()
    state.apply(seat, "move")
    step = state.legal_actions(seat)[0]
    assert not state.would_reveal(seat, step)
    assert state.to_act() == (seat,)


def test_leaving_a_tile_with_police_asks_for_each_officer_then_wounds() -> None:
    state, seat = at_turn()
    from_church(state, seat, {"START_G": ["FEDERAL", "SWAT"]})
    play(state, seat, ["move", *move_to_tile(state, seat, "START_H")])
    assert state.legal_actions(seat) == ["wound:START_G:federal"]
    play(state, seat, ["wound:START_G:federal", "wound:START_G:swat"])
    assert state.table.players[seat].wounds_red == 2


def test_example_14_contact_use_boxer_pays_2k_gains_1_notoriety_and_turns_face_down() -> None:
    state, seat = at_turn()
    from_church(state, seat, {"START_G": ["FEDERAL"]})
    player = state.table.players[seat]
    player.contacts[0] = Piece("contact", "boxer")
    cash = player.cash
    play(state, seat, ["move", *move_to_tile(state, seat, "START_H")])
    assert state.legal_actions(seat) == ["boxer:START_G:federal", "wound:START_G:federal"]
    state.apply(seat, "boxer:START_G:federal")
    assert player.cash == cash - 2
    assert (player.noto_red, player.noto_blue) == (1, 0)
    assert player.contacts[0] == Piece("contact", "boxer", face_up=False)
    assert player.wounds_red == 0


def test_equipment_and_the_avoid_all_asset_are_spent_by_avoiding() -> None:
    state, seat = at_turn()
    from_church(state, seat, {"START_G": ["FEDERAL", "LOCAL", "SWAT"]})
    player = state.table.players[seat]
    player.items[0] = Piece("equipment", "vest")
    player.unlocked[1] = Unlocked("avoid_all")
    cash = player.cash
    play(state, seat, ["move", *move_to_tile(state, seat, "START_H")])
    assert "vest:START_G:federal" in state.legal_actions(seat)
    play(state, seat, ["vest:START_G:federal", "avoid_all:START_G:local"])
    assert player.items[0] == Piece("equipment", "vest", face_up=False)
    assert player.unlocked[1] == Unlocked("avoid_all", used=True)
    slot_cost = state.rules.content.assets.unlocked_slot_costs[1]
    assert player.cash == cash - slot_cost and player.wounds_red == 0


def test_example_13_wounds_all_red_then_3_more_give_2_handcuffs_and_2_red() -> None:
    state, seat = at_turn()
    from_church(state, seat, {"START_G": ["FEDERAL", "LOCAL", "SWAT"]})
    player = state.table.players[seat]
    player.wounds_red = 3
    supply = state.table.handcuffs
    play(state, seat, ["move", *move_to_tile(state, seat, "START_H")])
    play(state, seat, [f"wound:START_G:{kind}" for kind in ("federal", "local", "swat")])
    # Each card lands on a locked Asset: the player picks the one lost (§9.3), here the one
    # lying under it.
    while state.table.cuffs_due:
        assert state.to_act() == (seat,)
        space = max(i for i, cuffed in enumerate(player.cuffed) if not cuffed)
        under = player.contacts[space]
        assert under is not None
        state.apply(seat, f"cuff:{under.id}")
    assert player.wounds_red == 2 and player.handcuffs == 2
    # R-WND-2: the rightmost contact spaces, their locked Assets to the box.
    assert player.cuffed == [False, False, False, True, True]
    assert player.contacts[3] is None and player.contacts[4] is None
    assert state.table.handcuffs == supply - 2


def day_3_turn(players: int, seed: int = 3) -> tuple[EscapePlanState, str]:
    state = play_until(
        new_game(players, seed=seed),
        lambda s: s.table.day == 3 and s.table.stage == "turn" and len(s.table.queue) > 1,
        seed,
    )
    return state, state.to_act()[0]


def open_exit(state: EscapePlanState) -> str:
    number = next(n for n, cards in state.table.patrol_spaces.items() if cards < 2)
    node = state.table.city.exit(number)
    assert node is not None
    return node


def test_example_17_escape_4_players_2nd_to_leave_pays_1k_avoids_the_exit_tile_pays_5k() -> None:
    state, _ = day_3_turn(4)
    table = state.table
    # Someone else escaped already: the next turn begins with the $1k fee.
    gone = next(s for s in state.rules.seats if s not in table.queue[:2])
    table.players[gone].status, table.players[gone].location = "escaped", None
    table.escaped.append(gone)
    seat = table.queue[1]
    exit_node = open_exit(state)
    player = table.players[seat]
    player.location, player.cash = exit_node, 7
    table.police = {table.city.tile_of(exit_node): ["FEDERAL", "LOCAL"]}
    phases.finish_head(state.rules, table, state.rng)  # the first player's turn is over
    assert state.to_act() == (seat,) and player.cash == 6
    play(state, seat, ["move", "escape"])
    tile = table.city.tile_of(exit_node)
    play(state, seat, [f"wound:{tile}:federal", f"wound:{tile}:local"])
    assert player.cash == 1 and player.status == "escaped" and player.location is None
    assert table.escaped == [gone, seat]


def test_an_escapee_who_cannot_pay_the_escape_cost_is_arrested() -> None:
    state, seat = day_3_turn(3)
    table = state.table
    gone = next(s for s in state.rules.seats if s != seat)
    table.players[gone].status, table.players[gone].location = "escaped", None
    table.escaped.append(gone)
    player = table.players[seat]
    player.location, player.cash = open_exit(state), 4
    table.police = {}
    play(state, seat, ["move", "escape"])
    assert player.status == "arrested" and player.location is None and player.cash == 4
    assert table.arrested == [seat]


def test_escaping_is_offered_only_on_the_open_exit_on_day_3() -> None:
    state, seat = day_3_turn(3)
    player = state.table.players[seat]
    player.location = open_exit(state)
    state.apply(seat, "move")
    assert "escape" in state.legal_actions(seat)
    early, seat = at_turn()
    exits = early.table.city.locations("EXIT")
    assert exits, "seed 1 places an Exit on Day 1"
    early.table.players[seat].location = exits[0]
    early.apply(seat, "move")
    assert "escape" not in early.legal_actions(seat)


def test_a_gang_member_used_goes_back_with_the_control_marker() -> None:
    state, seat = at_turn()
    from_church(state, seat, {"START_G": ["FEDERAL"]})
    table = state.table
    player = table.players[seat]
    hq = next(iter(table.gangs))
    table.gangs[hq].members, table.gang_area = 0, table.gang_area
    table.gangs[hq].control = seat
    player.gang_members = [hq, hq]
    player.control_markers -= 1
    play(state, seat, ["move", *move_to_tile(state, seat, "START_H")])
    play(state, seat, [f"gang@{hq}:START_G:federal"])
    assert player.gang_members == [hq] and table.gangs[hq].members == 1
    assert table.gangs[hq].control == seat
    # The second member back frees the gang and returns the Control marker (§8.2).
    markers = player.control_markers
    # No executive action meanwhile: the gang ability G1 would send the member back.
    play_until(state, lambda s: s.to_act() == (seat,) and s.table.stage == "turn", plain=True)
    player.location = "START_G.church"
    table.police = {"START_G": ["SWAT"]}
    play(state, seat, ["move", *move_to_tile(state, seat, "START_H")])
    play(state, seat, [f"gang@{hq}:START_G:swat"])
    assert player.gang_members == [] and table.gangs[hq].members == 2
    assert table.gangs[hq].control is None and player.control_markers == markers + 1
