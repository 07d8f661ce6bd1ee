"""The detectives' phase: tickets, police, order and forced skips (spec 6, 9, 14.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from getaway.games.scotland_yard import ScotlandYardState
from tests.scotland_yard.helpers import craft, drive, illegal, nbrs, new


def phase(hunters: Mapping[str, int], options=None, mrx: int = 172, **kw: Any):
    """Round 1, detectives' phase, Mr. X hidden at ``mrx``."""
    return craft(options, mrx=mrx, hunters=hunters, turns=[f"taxi:{mrx}"], phase="detectives", **kw)


def pieces_of(state: ScotlandYardState, seat: str) -> set[str]:
    return {a.split(":")[0] for a in state.legal_actions(seat)}


def test_detective_pays_with_his_own_ticket_which_goes_to_the_supply():
    """Spec 9.1: one ticket of the matching type from his board, straight to the supply."""
    state = phase({"d1": 46, "d2": 26, "d3": 29, "p1": 138})
    state.apply("d1", "d1:underground:74")
    view = state.view("spectator")
    assert [h["tickets"] for h in view["hunters"][:3]] == [
        {"taxi": 11, "bus": 8, "underground": 3},
        {"taxi": 11, "bus": 8, "underground": 4},
        {"taxi": 11, "bus": 8, "underground": 4},
    ]
    assert view["supply"] == {"taxi": 23, "bus": 21, "underground": 12}


def test_detective_without_a_ticket_type_cannot_use_that_transport():
    """Spec 9.1: a detective with no ticket of a type cannot use that transport."""
    state = phase(
        {"d1": 46, "d2": 26, "d3": 29, "p1": 138}, wallets=[[0, 8, 4], [11, 8, 4], [11, 8, 4]]
    )
    d1 = {a for a in state.legal_actions("d1") if a.startswith("d1:")}
    assert d1 == {f"d1:{t}:{v}" for t in ("bus", "underground") for v in nbrs(46, t)}
    err = illegal(state, "d1", "d1:taxi:47")
    assert "d1 has no taxi ticket left" in str(err)


def test_detectives_may_not_trade_tickets():
    """Spec 9.1: no trading in the multi-player game; another board's tickets do not help."""
    state = phase(
        {"d1": 106, "d2": 26, "d3": 29, "p1": 138}, wallets=[[0, 8, 4], [11, 8, 4], [11, 8, 4]]
    )
    assert not [a for a in state.legal_actions("d1") if a.startswith("d1:")]
    illegal(state, "d1", "d1:taxi:105")
    illegal(state, "d2", "d1:taxi:105")


def test_police_need_no_tickets():
    """Spec 4 and 9.3: a police piece rides free; no wallet, no supply change."""
    state = phase({"d1": 26, "d2": 29, "d3": 138, "p1": 46})
    before = (state.supply[:], [w[:] for w in state.wallets])
    state.apply("d1", "p1:1")
    assert (state.supply, state.wallets) == before
    assert state.view("spectator")["hunters"][3] == {
        "id": "p1",
        "kind": "police",
        "station": 1,
        "tickets": None,
        "moved": True,
        "seat": None,
    }


def test_any_detective_seat_may_move_a_police_piece():
    """Spec 4: any detective may move a police piece."""
    state = phase({"d1": 26, "d2": 29, "d3": 138, "p1": 46})
    police_moves = {f"p1:{v}" for v in nbrs(46, "hunter")}
    for seat in ("d1", "d2", "d3"):
        assert police_moves <= set(state.legal_actions(seat))
        trial = state.clone()
        trial.apply(seat, "p1:79")
        assert trial.pos[4] == 79


def test_a8_free_order_with_police_interleaved():
    """Spec 6 and A8: hunters move one at a time in any order, police interleaved."""
    state = phase({"d1": 26, "d2": 29, "d3": 138, "p1": 46})
    assert state.to_act() == ("d1", "d2", "d3")
    state.apply("d3", "d3:taxi:150")
    assert state.to_act() == ("d1", "d2", "d3")  # d3 may still move the police piece
    state.apply("d2", "p1:1")
    assert state.to_act() == ("d1", "d2")
    assert pieces_of(state, "d1") == {"d1"}
    state.apply("d2", "d2:taxi:16")
    assert state.to_act() == ("d1",)
    state.apply("d1", "d1:taxi:27")
    assert state.round == 2 and state.to_act() == ("mrx",)


def test_detectives_may_choose_a_different_order_each_round():
    """Spec 6: the order can change from round to round."""
    state = phase({"d1": 26, "d2": 29, "d3": 138, "p1": 46})
    for action in ("d1:taxi:27", "d2:taxi:16", "d3:taxi:150"):
        state.apply(action[:2], action)
    state.apply("d1", "p1:1")
    state.apply("mrx", "taxi:159")
    for seat, action in (("d3", "p1:46"), ("d3", "d3:taxi:138"), ("d2", "d2:taxi:29")):
        state.apply(seat, action)
    state.apply("d1", "d1:taxi:26")
    assert state.round == 3
    assert state.pos[1:] == [26, 29, 138, 46]


def test_a_piece_moves_once_per_round():
    """Spec 6: every hunter moves once per detectives' phase."""
    state = phase({"d1": 26, "d2": 29, "d3": 138, "p1": 46})
    state.apply("d1", "d1:taxi:27")
    assert not [a for a in state.legal_actions("d1") if a.startswith("d1:")]
    err = illegal(state, "d1", "d1:taxi:26")
    assert "d1 has already moved this round" in str(err)
    state.apply("d1", "p1:1")
    err = illegal(state, "d2", "p1:46")
    assert "p1 has already moved this round" in str(err)


def test_a_hunter_with_a_legal_move_must_move():
    """Spec 9.2: the phase goes on until every hunter able to move has moved."""
    state = phase({"d1": 26, "d2": 29, "d3": 138, "p1": 46})
    for seat, action in (("d1", "d1:taxi:27"), ("d2", "d2:taxi:16"), ("d3", "d3:taxi:150")):
        state.apply(seat, action)
        assert state.phase == 1 and state.round == 1
    assert state.to_act() == ("d1", "d2", "d3")
    assert pieces_of(state, "d2") == {"p1"}


def test_edge_09_detective_without_tickets_for_his_station_skips_for_good():
    """Spec 13.9 and 9.2: he skips, round after round; tickets never come back."""
    hunters = {"d1": 106, "d2": 26, "d3": 29, "d4": 138}
    wallets = [[0, 8, 4], [11, 8, 4], [11, 8, 4], [11, 8, 4]]
    state = phase(hunters, {"players": 5}, wallets=wallets)
    for _ in range(3):
        assert state.to_act() == ("d2", "d3", "d4")
        assert state.legal_actions("d1") == ()
        for seat in ("d2", "d3", "d4"):
            state.apply(seat, state.legal_actions(seat)[0])
        assert state.to_act() == ("mrx",)
        assert state.pos[1] == 106 and state.wallets[0] == [0, 8, 4]
        state.apply("mrx", "taxi:159" if state.pos[0] == 172 else "taxi:172")
    assert state.round == 4


def test_a6_hunter_blocked_only_by_occupied_stations_skips():
    """Spec A6 and 9.2: a police piece whose every neighbour is occupied skips."""
    # d1 and d2 hold no tickets, so they stay on 105 and 107 and box p1 in on 106.
    wallets = [[0, 0, 0], [0, 0, 0], [11, 8, 4]]
    state = phase({"d1": 105, "d2": 107, "d3": 29, "p1": 106}, wallets=wallets)
    assert state.to_act() == ("d3",)
    assert pieces_of(state, "d3") == {"d3"}
    state.apply("d3", "d3:taxi:16")
    assert state.round == 2 and state.to_act() == ("mrx",)
    assert state.pos[1:] == [105, 107, 16, 106]


def test_9_2_detectives_may_pick_an_order_that_leaves_their_own_piece_stuck():
    """Spec 9.2: filling a piece's only free neighbour makes that piece skip."""
    wallets = [[11, 8, 4], [0, 0, 0], [11, 8, 4]]
    state = phase({"d1": 106, "d2": 105, "d3": 29, "p1": 119}, wallets=wallets)
    assert "d1:taxi:107" in state.legal_actions("d1")
    state.apply("d3", "p1:107")
    assert state.to_act() == ("d3",)  # d1 is now boxed in on 106, d2 has no tickets
    assert state.legal_actions("d1") == ()
    state.apply("d3", "d3:taxi:16")
    assert state.to_act() == ("mrx",) and state.round == 2
    assert state.pos[1] == 106


def test_detectives_tickets_are_public():
    """Spec 9.1 and 12: every detective's remaining tickets are on open display."""
    state = phase(
        {"d1": 46, "d2": 26, "d3": 29, "p1": 138}, wallets=[[3, 2, 1], [11, 8, 4], [0, 0, 4]]
    )
    for seat in ("mrx", "d2", "spectator"):
        tickets = [h["tickets"] for h in state.view(seat)["hunters"]]
        assert tickets == [
            {"taxi": 3, "bus": 2, "underground": 1},
            {"taxi": 11, "bus": 8, "underground": 4},
            {"taxi": 0, "bus": 0, "underground": 4},
            None,
        ]


def test_two_player_game_one_seat_runs_four_pieces_in_any_order():
    """Spec 14.1: the single opponent moves 2 detectives and 2 police in any order."""
    state = phase({"d1": 26, "d2": 29, "p1": 138, "p2": 46}, {"players": 2})
    assert state.seats == ("mrx", "detectives")
    assert pieces_of(state, "detectives") == {"d1", "d2", "p1", "p2"}
    for action in ("p2:1", "d2:taxi:16", "p1:150", "d1:taxi:27"):
        assert state.to_act() == ("detectives",)
        state.apply("detectives", action)
    assert state.to_act() == ("mrx",) and state.round == 2


def test_a2_two_player_tickets_are_one_pooled_22_16_8_budget():
    """Spec 14.1 and A2: both detectives spend from one pool of 22 taxi, 16 bus, 8 ug."""
    state = new({"players": 2}, 5)
    view = state.view("spectator")
    assert view["pooled_tickets"] is True
    assert [h["tickets"] for h in view["hunters"]] == [
        {"taxi": 22, "bus": 16, "underground": 8},
        {"taxi": 22, "bus": 16, "underground": 8},
        None,
        None,
    ]
    # The pool's last taxi ticket, spent by d1, leaves d2 (on a taxi-only station) stuck.
    state = phase({"d1": 106, "d2": 104, "p1": 138, "p2": 46}, {"players": 2}, wallets=[[1, 16, 8]])
    assert pieces_of(state, "detectives") == {"d1", "d2", "p1", "p2"}
    state.apply("detectives", "d1:taxi:107")
    assert pieces_of(state, "detectives") == {"p1", "p2"}
    assert state.view("spectator")["hunters"][1]["tickets"] == {
        "taxi": 0,
        "bus": 16,
        "underground": 8,
    }


def test_a2_two_player_pool_lets_one_detective_use_more_than_a_board():
    """Spec A2: one detective may spend more than a single board's 11 taxi tickets."""
    state = phase({"d1": 106, "d2": 26, "p1": 138, "p2": 46}, {"players": 2}, wallets=[[12, 0, 0]])
    assert "d1:taxi:107" in state.legal_actions("detectives")
    assert "d2:taxi:27" in state.legal_actions("detectives")


def test_two_player_unpooled_flag_keeps_separate_boards():
    """Spec 14.2 two_player_pooled_tickets=false: two 11/8/4 boards, no sharing."""
    options = {"players": 2, "pooled_tickets": False}
    view = new(options, 5).view("spectator")
    assert view["pooled_tickets"] is False
    assert [h["tickets"] for h in view["hunters"][:2]] == [
        {"taxi": 11, "bus": 8, "underground": 4},
        {"taxi": 11, "bus": 8, "underground": 4},
    ]
    state = phase(
        {"d1": 106, "d2": 104, "p1": 138, "p2": 46}, options, wallets=[[0, 8, 4], [11, 8, 4]]
    )
    assert pieces_of(state, "detectives") == {"d2", "p1", "p2"}
    state.apply("detectives", "d2:taxi:116")
    assert state.wallets == [[0, 8, 4], [10, 8, 4]]


@pytest.mark.parametrize("players", [3, 4])
def test_police_pieces_are_marked_for_the_whole_game(players):
    """Spec 4: each police piece keeps its ring all game."""
    state = drive(new({"players": players}, 2))
    kinds = [h["kind"] for h in state.view("spectator")["hunters"]]
    assert kinds == ["detective"] * (players - 1) + ["police"] * (5 - players)
