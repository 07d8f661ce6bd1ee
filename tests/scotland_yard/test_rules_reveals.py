"""Surfacing: Mr. X reveals himself after log entries 3, 8, 13, 18 and 24 (spec 8.5, A1, A10)."""

from __future__ import annotations

from getaway.games.scotland_yard import ScotlandYardState
from tests.scotland_yard.helpers import (
    craft,
    drive,
    hunters_play,
    nbrs,
    new,
    spectator_log,
)

FAR = {"d1": 13, "d2": 26, "d3": 29, "p1": 34}


def start(options=None) -> ScotlandYardState:
    """Round 1: Mr. X on 106 (taxi to 105 and 107), the hunters far away."""
    return craft(options, mrx=106, hunters=FAR)


def play_rounds(state: ScotlandYardState, *turns: str) -> ScotlandYardState:
    """Mr. X plays each turn in order; the hunters finish each detectives' phase."""
    for turn in turns:
        state.apply("mrx", turn)
        hunters_play(state)
    return state


def revealed_entries(state: ScotlandYardState) -> list[int]:
    return [e["entry"] for e in state.view("spectator")["mrx_log"] if e["revealed"]]


def test_reveals_after_entries_3_8_13_18_and_24():
    """Spec 8.5 and A1: surfacing follows log entries 3, 8, 13, 18, 24 (both doubles used)."""
    rounds_of_reveals: dict[int, int] = {}

    def record(state: ScotlandYardState) -> None:
        log = state.view("spectator")["mrx_log"]
        for e in log:
            if e["revealed"]:
                rounds_of_reveals.setdefault(e["entry"], state.round)
            assert (e["station"] is not None) == e["revealed"]

    state = drive(new({"players": 4}, 0), doubles_at=(1, 2), after_mrx=record)
    assert state.end_reason == "time"
    assert revealed_entries(state) == [3, 8, 13, 18, 24]
    # Doubles in rounds 1 and 2 write entries 1-4, so entry n is written in round n - 2.
    assert rounds_of_reveals == {3: 2, 8: 6, 13: 11, 18: 16, 24: 22}


def test_a1_reveal_counts_log_entries_not_rounds():
    """Spec A1: after a double in round 1, entry 3 is written (and revealed) in round 2."""
    state = play_rounds(start(), "double:taxi:107/taxi:106")
    state.apply("mrx", "taxi:107")
    assert state.round == 2
    assert spectator_log(state)[2] == ("taxi", 107, False, True)
    assert state.view("d1")["mrx_visible"] is True
    hunters_play(state)
    state.apply("mrx", "taxi:106")
    assert state.round == 3
    assert spectator_log(state)[3] == ("taxi", None, False, False)
    assert revealed_entries(state) == [3]


def test_edge_06_double_move_first_leg_on_entry_3_reveals_between_legs():
    """Spec 13.6 and 8.4: shown after the first leg (entry 3), hidden again by the second."""
    state = play_rounds(start(), "taxi:107", "taxi:106")
    hunters = set(state.pos[1:])
    state.apply("mrx", "double:taxi:105/bus:72")
    assert spectator_log(state)[2:] == [("taxi", 105, True, True), ("bus", None, True, False)]
    view = state.view("spectator")
    assert view["mrx_visible"] is False
    assert view["mrx_location"] == 105  # last known position only
    assert view["possible_locations"] == sorted(nbrs(105, "bus") - hunters)
    assert state.view("all")["mrx_location"] == 72


def test_edge_06_double_move_second_leg_on_entry_3_reveals_after_it():
    """Spec 13.6 and 8.4: if the second leg fills entry 3, he surfaces after it."""
    state = play_rounds(start(), "taxi:107")
    state.apply("mrx", "double:taxi:106/taxi:105")
    assert spectator_log(state)[1:] == [("taxi", None, True, False), ("taxi", 105, True, True)]
    view = state.view("d2")
    assert view["mrx_visible"] is True
    assert view["mrx_location"] == 105
    assert view["possible_locations"] == [105]


def test_a10_surfaced_piece_stays_visible_until_his_next_move():
    """Spec A10 and 8.5: shown from the reveal through the detectives' phase, then hidden."""
    state = play_rounds(start(), "taxi:107", "taxi:106")
    state.apply("mrx", "taxi:105")
    seen = []
    while state.phase == 1:
        seen.append(state.view("spectator")["mrx_visible"])
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert seen == [True, True, True, True]
    assert state.view("spectator")["mrx_visible"] is True
    state.apply("mrx", "bus:72")
    view = state.view("spectator")
    assert view["mrx_visible"] is False
    assert spectator_log(state)[3] == ("bus", None, False, False)


def test_surfacing_entry_keeps_its_ticket_visible_even_a_black_one():
    """Spec 8.5: the ticket of a surfacing entry stays visible, and may be black."""
    state = play_rounds(start(), "taxi:107", "taxi:106")
    state.apply("mrx", "black:105")
    assert spectator_log(state)[2] == ("black", 105, False, True)


def test_edge_07_both_doubles_24th_entry_revealed_before_the_final_hunter_moves():
    """Spec 13.7: the 24th entry comes in round 22 at the latest, before the last phase."""
    snapshots: list[ScotlandYardState] = []

    def record(state: ScotlandYardState) -> None:
        if state.round == 22:
            snapshots.append(state.clone())

    final = drive(new({"players": 5}, 1), doubles_at=(7, 15), after_mrx=record)
    (last_turn,) = snapshots
    view = last_turn.view("spectator")
    assert len(view["mrx_log"]) == 24
    assert view["mrx_log"][-1]["revealed"] is True
    assert view["mrx_visible"] is True
    assert view["phase"] == "detectives" and not view["over"]
    assert final.end_reason == "time" and final.winner() == "mrx"


def test_edge_08_fewer_than_two_doubles_never_reach_entry_24():
    """Spec 13.8: with one double or none, the log stops short of entry 24."""
    one = drive(new({"players": 4}, 4), doubles_at=(10,))
    assert one.end_reason == "time"
    assert len(one.log_ticket) == 23
    assert revealed_entries(one) == [3, 8, 13, 18]
    none = drive(new({"players": 4}, 4))
    assert len(none.log_ticket) == 22
    assert revealed_entries(none) == [3, 8, 13, 18]


def test_reveal_rule_rounds_reveals_by_round_number():
    """Spec 14.2 reveal_entries alternative (A1): reveal at the end of Mr. X's turn in
    rounds 3, 8, 13, 18, 24."""
    state = play_rounds(start({"reveal_rule": "rounds"}), "double:taxi:107/taxi:106")
    state.apply("mrx", "taxi:107")  # entry 3, round 2: hidden under this rule
    assert spectator_log(state)[2] == ("taxi", None, False, False)
    hunters_play(state)
    state.apply("mrx", "taxi:106")  # entry 4, round 3
    assert spectator_log(state)[3] == ("taxi", 106, False, True)
    assert revealed_entries(state) == [4]


def test_reveal_rule_rounds_double_in_a_reveal_round_shows_the_second_leg():
    """Spec 14.2 (round-based reveals): a double move in round 3 surfaces after both legs."""
    state = play_rounds(start({"reveal_rule": "rounds"}), "taxi:107", "taxi:106")
    state.apply("mrx", "double:taxi:105/bus:72")
    assert spectator_log(state)[2:] == [("taxi", None, True, False), ("bus", 72, True, True)]
    assert state.view("spectator")["mrx_visible"] is True


def test_reveal_at_option_chooses_the_surfacing_entries():
    """Spec 14.2 reveal_entries: the surfacing set is configurable."""
    state = play_rounds(start({"reveal_at": [1, 2]}), "taxi:107", "taxi:106", "taxi:107")
    assert revealed_entries(state) == [1, 2]


def test_unrevealed_stations_are_secret_until_the_game_ends():
    """Spec 12: only Mr. X (and the omniscient view) see hidden entries; the log opens after."""
    state = play_rounds(start(), "taxi:107", "taxi:106")
    for seat in ("d1", "d2", "d3", "spectator"):
        assert [e["station"] for e in state.view(seat)["mrx_log"]] == [None, None]
    for seat in ("mrx", "all"):
        assert [e["station"] for e in state.view(seat)["mrx_log"]] == [107, 106]
    drive(state)
    assert state.is_over()
    assert None not in [e["station"] for e in state.view("d1")["mrx_log"]]
