"""Mr. X's turn: single moves, paying, black tickets and double moves (spec section 8)."""

from __future__ import annotations

import pytest

from getaway.core import IllegalActionError, NotYourTurnError
from getaway.games.scotland_yard import ScotlandYardState
from tests.scotland_yard.helpers import (
    BOX,
    ORDINARY,
    craft,
    double_moves,
    drive,
    illegal,
    nbrs,
    new,
    play_double,
    singles,
    spectator_log,
)

FAR = {"d1": 13, "d2": 26, "d3": 29, "p1": 34}
#: Five detectives (6 players) leave 2 taxi, 5 bus and 3 underground tickets in the supply.
FIVE = {"d1": 13, "d2": 29, "d3": 34, "d4": 94, "d5": 123}


def doubles(state: ScotlandYardState) -> set[str]:
    return double_moves(state)


def test_single_move_writes_one_entry_covered_by_its_ticket():
    """Spec 8.1: the destination goes in the next log field, covered by the ticket used."""
    state = craft(mrx=106, hunters=FAR)
    state.apply("mrx", "taxi:107")
    assert spectator_log(state) == [("taxi", None, False, False)]
    assert state.view("mrx")["mrx_log"][0]["station"] == 107
    assert state.view("d1")["mrx_log"][0]["station"] is None


def test_next_move_starts_from_the_last_log_entry():
    """Spec 8.1.4: his next move starts from the station of his last entry."""
    state = craft(mrx=107, hunters=FAR, turns=["taxi:107"], start=106)
    expected = {f"{t}:{v}" for t in ORDINARY for v in nbrs(107, t)}
    expected |= {f"black:{v}" for v in nbrs(107, "black")}
    assert singles(state) == expected


def test_mrx_takes_ordinary_tickets_from_the_common_supply():
    """Spec 8.2: an ordinary ride takes one ticket of its type from the common supply."""
    state = craft(mrx=13, hunters={**FAR, "d1": 138})
    assert state.view("mrx")["supply"] == {"taxi": 24, "bus": 21, "underground": 11}
    state.apply("mrx", "underground:67")
    assert state.view("spectator")["supply"] == {"taxi": 24, "bus": 21, "underground": 10}
    assert state.view("spectator")["mrx_tickets"] == {"black": 5, "double": 2}


def test_edge_01_mrx_cannot_move_onto_a_hunter():
    """Spec 13.1 and 7.3: Mr. X may not move onto a hunter; it is not a capture."""
    state = craft(mrx=106, hunters={**FAR, "d1": 105})
    assert singles(state) == {"taxi:107", "black:107"}
    err = illegal(state, "mrx", "taxi:105")
    assert "station 105 is occupied by a hunter" in str(err)
    illegal(state, "mrx", "black:105")
    assert not state.is_over()


def test_edge_01_no_leg_of_a_double_move_may_end_on_a_hunter():
    """Spec 13.1 and 8.4: each leg of a double move is checked on its own."""
    state = craft(mrx=106, hunters={**FAR, "d1": 105, "d2": 119})
    occupied = {105, 119}
    expected = set()
    for t1 in ("taxi", "black"):
        for t2 in (*ORDINARY, "black"):
            for v in nbrs(107, t2) - occupied:
                expected.add(f"double:{t1}:107/{t2}:{v}")
    assert doubles(state) == expected
    state.apply("mrx", "double")
    assert set(state.legal_actions("mrx")) == {"taxi:107", "black:107"}
    err = illegal(state, "mrx", "taxi:105")
    assert "first leg: station 105 is occupied by a hunter" in str(err)
    state.apply("mrx", "taxi:107")
    err = illegal(state, "mrx", "taxi:119")
    assert "second leg: station 119 is occupied by a hunter" in str(err)
    # The legacy compound id is checked the same way.
    state = craft(mrx=106, hunters={**FAR, "d1": 105, "d2": 119})
    illegal(state, "mrx", "double:taxi:107/taxi:119")
    illegal(state, "mrx", "double:black:107/black:119")
    illegal(state, "mrx", "double:taxi:105/taxi:106")
    illegal(state, "mrx", "double:taxi:105/bus:107")


def test_edge_05_double_move_needs_a_legal_second_leg():
    """Spec 13.5 and 8.4: a first leg with no legal continuation is no double move."""
    # Four black tickets used: the last one takes him 157 -> 115 by ferry, where every
    # taxi neighbour holds a hunter and the ferry needs another black ticket.
    hunters = {"d1": 102, "d2": 114, "d3": 126, "p1": 127}
    state = craft(
        mrx=157, hunters=hunters, turns=["black:170", "black:159", "black:170", "black:157"]
    )
    assert state.black == 1 and state.doubles == 2
    assert "black:115" in singles(state)
    assert not [a for a in doubles(state) if a.startswith("double:black:115/")]
    assert "double:black:156/taxi:155" in doubles(state)
    opened = state.clone()
    opened.apply("mrx", "double")
    assert "black:115" not in opened.legal_actions("mrx")
    err = illegal(opened, "mrx", "black:115")
    assert "no legal second ride would follow black:115" in str(err)
    err = illegal(state, "mrx", "double:black:115/taxi:114")
    assert "station 114 is occupied by a hunter" in str(err)
    err = illegal(state, "mrx", "double:black:115/black:157")
    assert "no black ticket left" in str(err)
    state.apply("mrx", "black:115")
    assert state.pos[0] == 115 and state.black == 0


def test_double_move_writes_two_consecutive_entries_and_spends_the_ticket():
    """Spec 8.4: two entries, each covered by its leg's ticket; the double ticket is spent."""
    state = craft(mrx=106, hunters=FAR)
    play_double(state, "double:taxi:107/bus:72")
    assert spectator_log(state) == [("taxi", None, True, False), ("bus", None, True, False)]
    assert [e["station"] for e in state.view("mrx")["mrx_log"]] == [107, 72]
    assert state.pos[0] == 72
    view = state.view("spectator")
    assert view["mrx_tickets"] == {"black": 5, "double": 1}
    assert view["supply"] == {"taxi": 23, "bus": 20, "underground": 11}
    assert view["round"] == 1 and view["phase"] == "detectives"


def test_at_most_one_double_move_per_round():
    """Spec 8.4: one double-move ticket per round; after it the detectives move."""
    state = craft(mrx=106, hunters=FAR)
    play_double(state, "double:taxi:107/taxi:106")
    assert state.to_act() == ("d1", "d2", "d3")
    assert state.legal_actions("mrx") == ()
    with pytest.raises(NotYourTurnError):
        state.apply("mrx", "double")
    with pytest.raises(NotYourTurnError):
        state.apply("mrx", "double:taxi:107/taxi:106")
    with pytest.raises(NotYourTurnError):
        state.apply("mrx", "taxi:107")


def test_double_move_legs_take_any_combination_of_transports():
    """Spec 8.4: the two legs may use any transports and tickets."""
    state = craft(mrx=13, hunters={**FAR, "d1": 138})
    for action in (
        "double:underground:46/bus:1",
        "double:bus:14/taxi:15",
        "double:taxi:4/taxi:3",
        "double:underground:89/black:105",
        "double:black:46/underground:74",
        "double:bus:23/bus:67",
    ):
        assert action in doubles(state), action
    play_double(state, "double:underground:46/bus:1")
    assert spectator_log(state) == [
        ("underground", None, True, False),
        ("bus", None, True, False),
    ]


def test_a5_double_move_there_and_back_is_allowed():
    """Spec A5: A -> B -> A is two legal consecutive moves."""
    state = craft(mrx=106, hunters=FAR)
    assert "double:taxi:107/taxi:106" in doubles(state)
    play_double(state, "double:taxi:107/taxi:106")
    assert state.pos[0] == 106
    assert [e["station"] for e in state.view("mrx")["mrx_log"]] == [107, 106]


@pytest.mark.parametrize(
    ("action", "tickets", "black_left"),
    [
        ("double:black:107/taxi:119", ["black", "taxi"], 4),
        ("double:taxi:107/black:119", ["taxi", "black"], 4),
        ("double:black:107/black:119", ["black", "black"], 3),
    ],
)
def test_black_ticket_on_either_or_both_legs_of_a_double(action, tickets, black_left):
    """Spec 8.3: a black ticket may be used on either or both legs of a double move."""
    state = craft(mrx=106, hunters=FAR)
    assert action in doubles(state)
    play_double(state, action)
    assert [t for t, *_ in spectator_log(state)] == tickets
    assert state.black == black_left


def test_edge_12_black_ticket_on_an_ordinary_edge():
    """Spec 13.12: a black ticket may pay an ordinary ride; it hides the type."""
    state = craft(mrx=106, hunters=FAR)
    supply = state.supply[:]
    state.apply("mrx", "black:107")
    assert spectator_log(state) == [("black", None, False, False)]
    assert state.supply == supply
    assert state.view("spectator")["mrx_tickets"]["black"] == 4


def test_black_ticket_reaches_every_line_from_the_station():
    """Spec 8.2: a black ticket works for any transport type, the ferry included."""
    for station in (13, 157, 108):
        state = craft(mrx=station, hunters={"d1": 26, "d2": 29, "d3": 34, "p1": 138})
        black = {int(a.split(":")[1]) for a in singles(state) if a.startswith("black:")}
        assert black == nbrs(station, "black"), station


def test_black_tickets_run_out_after_five():
    """Spec 2: Mr. X has 5 black tickets for the whole game."""
    turns = ["black:107", "black:106", "black:107", "black:106", "black:107"]
    state = craft(mrx=107, hunters=FAR, turns=turns)
    assert state.view("spectator")["mrx_tickets"]["black"] == 0
    assert not [a for a in state.legal_actions("mrx") if "black:" in a]
    err = illegal(state, "mrx", "black:106")
    assert "no black ticket left" in str(err)
    illegal(state, "mrx", "double:taxi:106/black:107")


def test_edge_11_empty_supply_leaves_black_or_another_transport():
    """Spec 13.11 and A4: with no taxi ticket in the supply, a taxi edge takes a black."""
    state = craft({"players": 6}, mrx=106, hunters=FIVE, turns=["taxi:105", "taxi:106"])
    assert state.view("spectator")["supply"] == {"taxi": 0, "bus": 5, "underground": 3}
    assert singles(state) == {"black:105", "black:107"}
    err = illegal(state, "mrx", "taxi:105")
    assert "the supply has no taxi ticket left" in str(err)
    assert "double:black:105/bus:72" in doubles(state)
    assert "double:black:105/black:90" in doubles(state)
    assert "double:black:105/taxi:90" not in doubles(state)
    illegal(state, "mrx", "double:black:105/taxi:90")


def test_detective_tickets_enter_the_supply_and_mrx_takes_them_next_turn():
    """Spec 9.1 and 10: a used detective ticket goes to the supply, from which Mr. X draws."""
    state = craft(
        {"players": 6},
        mrx=106,
        hunters=FIVE,
        turns=["taxi:105", "taxi:106"],
        phase="detectives",
    )
    assert state.supply == [0, 5, 3]
    state.apply("d1", "d1:taxi:4")
    assert state.supply == [1, 5, 3]
    assert state.wallets[0] == [10, 8, 4]
    for seat, action in (("d2", "d2:bus:41"), ("d3", "d3:bus:22"), ("d4", "d4:bus:74")):
        state.apply(seat, action)
    state.apply("d5", "d5:bus:122")
    assert state.to_act() == ("mrx",) and state.round == 3
    assert state.view("spectator")["supply"] == {"taxi": 1, "bus": 9, "underground": 3}
    assert {"taxi:105", "taxi:107"} <= singles(state)
    # Only one taxi ticket: a double move cannot use taxi twice.
    assert "double:taxi:105/bus:72" in doubles(state)
    assert "double:taxi:105/taxi:90" not in doubles(state)
    state.apply("mrx", "taxi:107")
    assert state.supply == [0, 9, 3]


def test_edge_17_mrx_tickets_stay_on_the_log():
    """Spec 13.17 and 10: Mr. X's tickets never return to the supply."""
    state = drive(new({"players": 4}, 2), doubles_at=(4, 9))
    assert state.end_reason == "time"
    log = state.view("spectator")["mrx_log"]
    assert len(log) == 24
    for t, name in enumerate(ORDINARY):
        spent_by_detectives = 3 * (11, 8, 4)[t] - sum(w[t] for w in state.wallets)
        on_log = sum(e["ticket"] == name for e in log)
        assert state.supply[t] == BOX[name] - 3 * (11, 8, 4)[t] + spent_by_detectives - on_log
    assert state.black == 5 - sum(e["ticket"] == "black" for e in log)


def test_unlimited_supply_flag_ignores_the_supply():
    """Spec 14.2 mrx_ticket_source=unlimited: ordinary rides need no supply ticket."""
    options = {"players": 6, "mrx_tickets": "unlimited"}
    state = craft(options, mrx=106, hunters=FIVE, turns=["taxi:105", "taxi:106"])
    assert state.view("spectator")["supply_unlimited"] is True
    assert {"taxi:105", "taxi:107"} <= singles(state)
    assert "double:taxi:105/taxi:90" in doubles(state)
    supply = state.supply[:]
    play_double(state, "double:taxi:105/taxi:90")
    assert state.supply == supply


# The double move in steps ---------------------------------------------------------------------


def test_a_double_move_is_offered_as_one_action_double_then_its_legs():
    """Spec 8.4: at the start of his turn Mr. X may ride once or play his double-move
    ticket; its legs follow as further steps, each a ride's id."""
    state = craft(mrx=106, hunters=FAR)
    legal = list(state.legal_actions("mrx"))
    assert legal[-1] == "double" and legal.count("double") == 1
    assert not [a for a in legal if a.startswith("double:")]
    state.apply("mrx", "double")
    assert set(state.legal_actions("mrx")) == {"taxi:105", "taxi:107", "black:105", "black:107"}
    state.apply("mrx", "taxi:107")
    assert "taxi:106" in state.legal_actions("mrx") and "double" not in state.legal_actions("mrx")


def test_nothing_of_a_double_move_happens_or_shows_before_its_second_leg():
    """Spec 8.4: the double move is one move; the detectives learn it, and the ticket is
    spent, only when both legs are written."""
    state = craft(mrx=106, hunters=FAR)
    before = {seat: state.view(seat) for seat in ("d1", "d2", "d3", "spectator")}
    state.apply("mrx", "double")
    state.apply("mrx", "taxi:107")
    assert state.to_act() == ("mrx",) and state.doubles == 2 and state.pos[0] == 106
    assert state.log_ticket == [] and state.supply == craft(mrx=106, hunters=FAR).supply
    for seat, view in before.items():
        assert state.view(seat) == view
    assert state.view("mrx")["open_steps"] == ["double", "taxi:107"]
    assert state.view("all")["open_steps"] == ["double", "taxi:107"]
    assert state.view("d1")["open_steps"] is None
    state.apply("mrx", "bus:72")
    assert state.view("mrx")["open_steps"] == []
    assert state.doubles == 1 and state.pos[0] == 72
    assert spectator_log(state) == [("taxi", None, True, False), ("bus", None, True, False)]


def test_double_is_not_offered_without_a_ticket_or_two_free_log_fields():
    """Spec 8.4: the double-move ticket is spent; two are all he has."""
    turns = ["double:taxi:107/taxi:106", "double:taxi:107/taxi:106"]
    state = craft(mrx=106, hunters=FAR, turns=turns)
    assert state.doubles == 0 and "double" not in state.legal_actions("mrx")
    err = illegal(state, "mrx", "double")
    assert "no double-move ticket left" in str(err)
    assert "taxi:107" in err.legal


def test_the_legacy_compound_id_is_accepted_but_never_listed():
    """Old replays and server logs hold double:LEG/LEG; it plays the same double move."""
    stepped = craft(mrx=106, hunters=FAR)
    play_double(stepped, "double:taxi:107/bus:72")
    compound = craft(mrx=106, hunters=FAR)
    assert not [a for a in compound.legal_actions("mrx") if a.startswith("double:")]
    compound.apply("mrx", "double:taxi:107/bus:72")
    assert compound.to_json() == stepped.to_json()
    opened = craft(mrx=106, hunters=FAR)
    opened.apply("mrx", "double")
    with pytest.raises(IllegalActionError):
        opened.apply("mrx", "double:taxi:107/bus:72")


def test_a_wrong_step_names_the_legal_steps_and_changes_nothing():
    state = craft(mrx=106, hunters=FAR)
    state.apply("mrx", "double")
    err = illegal(state, "mrx", "bus:72")
    assert "first leg: no bus line from 106 to 72" in str(err)
    assert set(err.legal) == set(state.legal_actions("mrx"))
    err = illegal(state, "mrx", "double")
    assert "taxi:107" in err.legal
