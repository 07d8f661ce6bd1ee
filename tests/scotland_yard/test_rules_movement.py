"""General movement legality: one edge of one transport to a free station (spec 3 and 7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from getaway.games.scotland_yard import ScotlandYardState
from tests.scotland_yard.helpers import craft, destination, illegal, nbrs, new

FAR = {"d1": 13, "d2": 26, "d3": 29, "p1": 34}


def detectives_phase(hunters: Mapping[str, int], mrx: int = 172, **kw: Any) -> ScotlandYardState:
    """Round 1, detectives' phase, Mr. X hidden at ``mrx`` after one taxi ride."""
    return craft(mrx=mrx, hunters=hunters, turns=[f"taxi:{mrx}"], phase="detectives", **kw)


def own(state: ScotlandYardState, seat: str, piece: str) -> set[str]:
    return {a for a in state.legal_actions(seat) if a.split(":")[0] == piece}


def test_detective_moves_along_exactly_one_edge_of_a_type_he_holds():
    """Spec 3 and 7: a move is one edge of one transport; bus and underground skip no stops."""
    state = detectives_phase({"d1": 46, "d2": 26, "d3": 29, "p1": 138})
    expected = {f"d1:{t}:{v}" for t in ("taxi", "bus", "underground") for v in nbrs(46, t)}
    assert own(state, "d1", "d1") == expected
    assert len(expected) == 12
    # 67 is two underground stops away on the 46-13-67 line: not one move.
    assert "d1:underground:13" in expected
    err = illegal(state, "d1", "d1:underground:67")
    assert "no underground line from 46 to 67" in str(err)


def test_taxi_only_station_offers_only_taxi_rides():
    """Spec 3: a transport is used only from a station it serves (106 is taxi only)."""
    state = detectives_phase({**FAR, "d1": 106})
    assert own(state, "d1", "d1") == {"d1:taxi:105", "d1:taxi:107"}
    err = illegal(state, "d1", "d1:bus:107")
    assert "no bus line from 106 to 107" in str(err)


def test_mrx_single_moves_are_his_one_edge_rides():
    """Spec 7 and 8.1: Mr. X's singles are one edge, paid by type or with black."""
    state = craft(mrx=13, hunters=FAR | {"d1": 138})
    singles = {a for a in state.legal_actions("mrx") if a != "double"}
    expected = {f"{t}:{v}" for t in ("taxi", "bus", "underground") for v in nbrs(13, t)}
    expected |= {f"black:{v}" for v in nbrs(13, "black")}
    assert singles == expected


def test_police_ride_taxi_bus_and_underground():
    """Spec 9.3: police move like detectives, along taxi, bus and underground lines."""
    state = detectives_phase({**FAR, "p1": 46, "d1": 138})
    assert own(state, "d1", "p1") == {f"p1:{v}" for v in nbrs(46, "hunter")}
    assert {"p1:1", "p1:13", "p1:74", "p1:79", "p1:58"} <= own(state, "d1", "p1")


def test_ferry_example_157_to_115_with_a_black_ticket():
    """Rulebook example: only Mr. X, with a black ticket, rides the ferry 157 -> 115."""
    state = craft(mrx=157, hunters=FAR)
    assert "black:115" in state.legal_actions("mrx")
    assert "black:194" in state.legal_actions("mrx")
    supply = state.supply[:]
    state.apply("mrx", "black:115")
    assert state.pos[0] == 115
    assert state.view("mrx")["mrx_log"] == [
        {"entry": 1, "ticket": "black", "double": False, "station": 115, "revealed": False}
    ]
    assert state.black == 4
    assert state.supply == supply


@pytest.mark.parametrize("ticket", ["taxi", "bus", "underground"])
def test_ferry_never_with_an_ordinary_ticket(ticket):
    """Spec 8.2: the ferry can only be paid with a black ticket."""
    state = craft(mrx=157, hunters=FAR)
    legal = state.legal_actions("mrx")
    assert f"{ticket}:115" not in legal
    assert not any(a.endswith(f"/{ticket}:157") for a in legal if "black:115/" in a)
    err = illegal(state, "mrx", f"{ticket}:115")
    assert "ferry takes a black ticket" in str(err)


def test_ferry_never_for_detectives():
    """Spec 9.1: detectives have no black tickets and never use the ferry."""
    state = detectives_phase({**FAR, "d1": 157, "d2": 108})
    assert not {destination(a) for a in own(state, "d1", "d1")} & {115, 194}
    assert not {destination(a) for a in own(state, "d2", "d2")} & {115}
    illegal(state, "d1", "d1:taxi:115")
    illegal(state, "d1", "d1:black:115")
    illegal(state, "d1", "d1:ferry:115")


def test_edge_13_police_cannot_use_the_ferry():
    """Spec 13.13 and A7: police ride free on every line except the ferry."""
    state = detectives_phase({**FAR, "p1": 157})
    assert own(state, "d1", "p1") == {f"p1:{v}" for v in nbrs(157, "hunter")}
    assert not {destination(a) for a in own(state, "d1", "p1")} & {115, 194}
    err = illegal(state, "d1", "p1:115")
    assert "cannot ride from 157 to 115" in str(err)
    illegal(state, "d1", "p1:194")


def test_edge_04_hunter_hunter_collision_illegal():
    """Spec 13.4 and 7.3: no two hunters (detective or police) may share a station."""
    state = detectives_phase({"d1": 105, "d2": 106, "d3": 107, "p1": 91})
    assert "d1:taxi:106" not in state.legal_actions("d1")
    err = illegal(state, "d1", "d1:taxi:106")
    assert "occupied by another hunter" in str(err)
    illegal(state, "d1", "d1:bus:107")  # detective onto detective
    illegal(state, "d1", "d1:taxi:91")  # detective onto police
    illegal(state, "d2", "p1:105")  # police onto detective
    assert own(state, "d2", "d2") == set()  # 106's only neighbours are both taken


def test_station_emptied_earlier_in_the_phase_can_be_entered():
    """Spec 6: hunters move one at a time against the positions as they stand."""
    state = detectives_phase({"d1": 105, "d2": 106, "d3": 13, "p1": 34})
    assert "d1:taxi:106" not in state.legal_actions("d1")
    state.apply("d2", "d2:taxi:107")
    assert "d1:taxi:106" in state.legal_actions("d1")
    state.apply("d1", "d1:taxi:106")
    assert state.pos[1] == 106


def test_moving_is_compulsory_there_is_no_pass():
    """Spec 6: every piece must change location; no action keeps a piece where it is."""
    state = new({"players": 4}, 11)
    legal = state.legal_actions("mrx")
    assert all(destination(a) != state.pos[0] for a in legal if a != "double")
    illegal(state, "mrx", "pass")
    illegal(state, "mrx", f"taxi:{state.pos[0]}")
    state.apply("mrx", legal[0])
    for seat in ("d1", "d2", "d3"):
        for action in state.legal_actions(seat):
            piece = action.split(":")[0]
            assert destination(action) != state.pos[state.rules.pieces.index(piece) + 1]
    illegal(state, "d1", "pass")
