"""Saving and loading: the canonical JSON round trip, and corrupt files refused with a clear
SaveFileError (spec 12: the engine validates; saves.py checks the rules' invariants)."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from getaway.core import Rng, SaveFileError, load_state, save_state
from getaway.games.scotland_yard import ScotlandYardState
from tests.scotland_yard.helpers import GAME, craft, destination, drive, new

FAR_HUNTERS = {"d1": 13, "d2": 26, "d3": 29, "p1": 34}


def round_trip(state: ScotlandYardState) -> ScotlandYardState:
    loaded = GAME.state_from_json(state.to_json())
    assert isinstance(loaded, ScotlandYardState)
    return loaded


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_position_of_a_game_round_trips(players):
    """The canonical form: to_json -> state_from_json -> to_json is the identity, and the
    loaded state plays the same (same seats to act, same legal actions, same views)."""
    state = new({"players": players}, players)
    rng = Rng(players)
    positions = 0
    while True:
        loaded = round_trip(state)
        assert loaded.to_json() == state.to_json()
        assert loaded.to_act() == state.to_act()
        for seat in state.seats:
            assert list(loaded.legal_actions(seat)) == list(state.legal_actions(seat))
        assert loaded.view("all") == state.view("all")
        assert loaded.view("spectator") == state.view("spectator")
        positions += 1
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = list(state.legal_actions(seat))
        safe = [a for a in legal if seat == "mrx" or destination(a) != state.pos[0]]
        state.apply(seat, rng.choice(safe or legal))
    assert positions > 50


def test_save_file_text_round_trip_and_play_on():
    """core.save_state/load_state: a saved game loads and plays on identically."""
    state = new({"players": 5}, 9)
    drive(state, doubles_at=(2,), rounds=6)
    text = save_state(state)
    loaded = load_state(text)
    assert isinstance(loaded, ScotlandYardState)
    assert save_state(loaded) == text
    drive(state, doubles_at=(9,))
    drive(loaded, doubles_at=(9,))
    assert loaded.to_json() == state.to_json()
    assert state.is_over()


def test_finished_game_round_trips():
    """A finished game saves and loads as finished, with its winner and reason."""
    state = drive(new({"players": 4}, 1))
    loaded = round_trip(state)
    assert loaded.is_over() and loaded.winner() == "mrx" and loaded.end_reason == "time"
    assert loaded.to_act() == ()


def test_to_json_is_a_copy_that_shares_nothing_with_the_game():
    """A save is a snapshot: changing the returned dict changes neither this game nor others."""
    state = new({"players": 4}, 1)
    data = state.to_json()
    data["options"]["reveal_at"].append(99)
    data["wallets"][0][0] = 0
    data["supply"][0] = 0
    assert state.to_json()["options"]["reveal_at"] == [3, 8, 13, 18, 24]
    assert new({"players": 4}, 2).to_json()["options"]["reveal_at"] == [3, 8, 13, 18, 24]
    assert state.wallets[0][0] == 11 and state.supply[0] == 24


def test_views_share_nothing_with_the_game():
    """A view is a snapshot: changing it leaves the game's options alone."""
    state = new({"players": 4}, 1)
    view = state.view("d1")
    view["options"]["reveal_at"].clear()
    assert state.options["reveal_at"] == [3, 8, 13, 18, 24]
    assert state.view("all")["options"]["reveal_at"] == [3, 8, 13, 18, 24]


# Corrupt files ------------------------------------------------------------------------------


def mid_game() -> dict[str, Any]:
    state = new({"players": 4}, 3)
    drive(state, rounds=4)
    state.apply("mrx", state.legal_actions("mrx")[0])
    data = state.to_json()
    assert data["phase"] == "detectives" and len(data["log"]) == 5
    return data


def corrupt(change: Callable[[dict[str, Any]], object]) -> SaveFileError:
    data = copy.deepcopy(mid_game())
    change(data)
    with pytest.raises(SaveFileError) as err:
        GAME.state_from_json(data)
    with pytest.raises(SaveFileError):
        load_state(json.dumps(data))
    return err.value


def test_bad_json_is_refused():
    """A file that is not JSON is refused with a SaveFileError."""
    with pytest.raises(SaveFileError, match="not valid JSON"):
        load_state('{"game": "scotland-yard", "format": 1,')
    with pytest.raises(SaveFileError, match="not valid JSON"):
        load_state(b"\xff\xfe")


def test_json_that_is_not_an_object_is_refused():
    """A save file holds one JSON object."""
    with pytest.raises(SaveFileError, match="must hold a JSON object"):
        load_state("[1, 2, 3]")


def test_a_save_of_another_game_is_refused():
    """The 'game' field must name scotland-yard."""
    with pytest.raises(SaveFileError, match="unknown game"):
        load_state(json.dumps({**mid_game(), "game": "chess"}))
    with pytest.raises(SaveFileError, match="not a scotland-yard state"):
        GAME.state_from_json({**mid_game(), "game": "chess"})
    with pytest.raises(SaveFileError, match="names no game"):
        load_state("{}")


@pytest.mark.parametrize(
    "field",
    [
        "format",
        "options",
        "seed",
        "rng",
        "round",
        "phase",
        "mrx",
        "mrx_start",
        "start_candidates",
        "hunters",
        "wallets",
        "supply",
        "black",
        "double",
        "log",
        "hunters_at_entry",
        "searched",
        "moved",
        "winner",
        "end_reason",
        "decision",
    ],
)
def test_missing_field_is_refused_by_name(field):
    """A save missing a field is refused, naming the field."""
    err = corrupt(lambda d: d.pop(field))
    assert f"field {field!r} is missing" in str(err)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(mrx=500), "'mrx' must be a whole number from 1 to 199, not 500"),
        (lambda d: d["hunters"].update(d1=500), "'hunters.d1' must be a whole number"),
        (lambda d: d["log"][0].__setitem__(2, 500), "'log[0][2]' must be a whole number"),
        (lambda d: d.update(mrx_start=500), "'mrx_start' must be a whole number"),
        (lambda d: d["hunters"].update(d1=0), "'hunters.d1' must be a whole number"),
        (lambda d: d.update(mrx="12"), "'mrx' must be a whole number"),
        (lambda d: d["searched"].append([500]), "'searched[6][0]' must be a whole number"),
        (lambda d: d["searched"].append([5]), "'searched' needs one list per log length"),
    ],
)
def test_station_out_of_range_is_refused(change, words):
    """Stations are numbered 1..199 (spec 3); station 500 is refused."""
    assert words in str(corrupt(change))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["wallets"][0].__setitem__(0, d["wallets"][0][0] - 1), "taxi tickets"),
        (lambda d: d["supply"].__setitem__(1, d["supply"][1] + 1), "bus tickets"),
        (lambda d: d["supply"].__setitem__(2, d["supply"][2] - 1), "underground tickets"),
        (lambda d: d["log"][0].__setitem__(0, "underground"), "tickets on boards"),
        (lambda d: d["wallets"][1].__setitem__(0, 12), "'wallets[1][0]' must be a whole number"),
        (lambda d: d.update(black=d["black"] - 1), "black tickets left and used"),
        (lambda d: d.update(double=1), "double-move tickets left and used"),
        (lambda d: d["log"][0].__setitem__(1, True), "double-move tickets left and used"),
    ],
)
def test_ticket_counts_that_do_not_add_up_are_refused(change, words):
    """Spec 2 and 10: 57/45/23 ordinary, 5 black and 2 double tickets are conserved."""
    assert words in str(corrupt(change))


def test_two_hunters_on_one_station_are_refused():
    """Spec 7.3: two hunters may never share a station."""
    err = corrupt(lambda d: d["hunters"].update(d2=d["hunters"]["d1"]))
    assert "two hunters share a station" in str(err)


def test_mrx_on_a_hunter_in_a_running_game_is_refused():
    """Spec 11 D1: a hunter on Mr. X's station has already ended the game."""

    def change(d: dict[str, Any]) -> None:
        d["hunters"]["d1"] = d["mrx"]

    assert "Mr. X stands on a hunter's station" in str(corrupt(change))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(phase="lunch"), "'phase' must be one of"),
        (lambda d: d.update(round=23), "'round' must be a whole number from 1 to 22"),
        (lambda d: d.update(winner="mrx"), "'winner' 'mrx' does not fit 'end_reason' None"),
        (
            lambda d: d.update(winner="mrx", end_reason="time"),
            "'winner' must be set exactly when",
        ),
        (lambda d: d.update(winner="nobody"), "'winner' must be one of null, mrx, detectives"),
        (lambda d: d.update(end_reason="boredom"), "'end_reason' must be one of null, capture"),
        (lambda d: d.update(moved=["d9"]), "'moved[0]' must be one of d1, d2, d3, p1"),
        (lambda d: d["hunters"].pop("p1"), "'hunters' must give the stations"),
        (lambda d: d["log"].append(["ferry", False, 1, False]), "'log[5]' must be [ticket,"),
        (lambda d: d.update(mrx=d["log"][-2][2]), "not his last log entry"),
        (lambda d: d["options"].update(colour="red"), "unknown option"),
        (lambda d: d.update(format=3), "'format' must be one of 1, 2, not 3"),
        (lambda d: d.update(wallets=[[11, 8, 4]]), "'wallets' must hold 3 ticket boards"),
        (lambda d: d.update(moved=["d1", "d2", "d3", "p1"]), "but the pieces of 'moved' stand"),
    ],
)
def test_other_corruptions_are_refused_with_a_reason(change, words):
    """Shapes, ranges and invariants are checked on load."""
    assert words in str(corrupt(change))


def test_running_game_where_mrx_cannot_move_is_refused():
    """Spec 11 D2: a game at Mr. X's turn in which he has no legal move is already over."""
    state = craft(
        mrx=106,
        hunters={"d1": 105, "d2": 107, "d3": 29, "p1": 34},
        turns=["taxi:106"],
        phase="detectives",
        moved=["d1", "d2", "d3"],
    )
    data = state.to_json()
    data.update(phase="mrx", round=2)  # 'moved': the last phase's pieces, in his turn too
    with pytest.raises(SaveFileError, match=r"Mr\. X has no legal move"):
        GAME.state_from_json(data)


def test_detectives_phase_with_every_piece_moved_is_refused():
    """Spec 6: the phase ends when no hunter that has not moved can move."""
    state = craft(
        mrx=106,
        hunters={"d1": 105, "d2": 119, "d3": 29, "p1": 34},
        turns=["taxi:106"],
        phase="detectives",
        moved=["d1", "d2", "d3"],
    )
    data = state.to_json()
    data["moved"].append("p1")
    data["searched"][1].append(34)
    data["hunters_at_entry"][0] = sorted({*data["hunters_at_entry"][0]} - {34} | {22})
    with pytest.raises(SaveFileError, match="no piece left to move"):
        GAME.state_from_json(data)


def _split_double(data: dict[str, Any]) -> None:
    """Entries 1 and 3 flagged as the two legs of one double move (they are not adjacent)."""
    data["log"][0][1] = data["log"][2][1] = True
    data["double"] = 1


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(mrx_start=199 if d["mrx_start"] != 199 else 1), "not one ride"),
        (lambda d: d.update(round=d["round"] + 1), "does not fit a travel log"),
        (lambda d: d["log"][2].__setitem__(3, False), "not marked revealed"),
        (lambda d: d["log"][0].__setitem__(3, True), "marked revealed"),
        (_split_double, "half of a double move"),
    ],
)
def test_a_travel_log_the_rules_do_not_allow_is_refused(change, words):
    """Spec 8: the log is a path of rides from the start station, one entry per turn (two for
    a double), surfacing exactly on the reveal entries."""
    assert words in str(corrupt(change))


# The hunters' history (decision C13) ---------------------------------------------------------


def _far_free_station(d: dict[str, Any]) -> int:
    """A station far from every hunter and off Mr. X's log."""
    taken = {*d["hunters"].values(), *(e[2] for e in d["log"]), d["mrx_start"]}
    return next(v for v in (199, 198, 197, 196, 195) if v not in taken)


def _replace_one(stations: list[int], new: int) -> list[int]:
    return sorted([*stations[1:], new])


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (
            lambda d: d["hunters_at_entry"][2].pop(),
            "'hunters_at_entry[2]' lists 3 distinct stations; there are 4 hunters",
        ),
        (
            lambda d: d["hunters_at_entry"].__setitem__(
                0, _replace_one(d["hunters_at_entry"][0], d["log"][0][2])
            ),
            "log entry 1 rides onto station",
        ),
        (
            lambda d: d["searched"].__setitem__(0, [d["hunters"]["d1"]]),
            "no hunter moves while the log has 0 entries",
        ),
        (
            lambda d: d["hunters_at_entry"].__setitem__(
                2, _replace_one(d["hunters_at_entry"][2], _far_free_station(d))
            ),
            "'hunters_at_entry[",
        ),
        (
            lambda d: d["hunters"].update(d1=_far_free_station(d)),
            "were neither held at 'hunters_at_entry[4]' nor stepped onto",
        ),
    ],
)
def test_a_hunters_history_the_rules_do_not_allow_is_refused(change, words):
    """Decision C13: hunters stand on distinct stations, Mr. X never rides onto one, they
    move only in their phase, one ride each, and stay where they stepped."""
    assert words in str(corrupt(change))


def test_legs_of_a_double_move_have_the_same_hunters():
    """Spec 8.4: nobody moves between the two legs of a double move."""
    state = craft(
        mrx=106, hunters=FAR_HUNTERS, turns=["double:taxi:107/taxi:106"], phase="detectives"
    )
    data = state.to_json()
    data["hunters_at_entry"][1] = _replace_one(data["hunters_at_entry"][1], 199)
    with pytest.raises(SaveFileError, match="nobody moves between the legs of a double move"):
        GAME.state_from_json(data)


def test_the_moved_pieces_stand_on_the_searched_stations():
    """A hunter that moved this phase stepped onto its station: 'searched' records it."""
    state = craft(
        mrx=106, hunters=FAR_HUNTERS, turns=["taxi:106"], phase="detectives", moved=["d1"]
    )
    data = state.to_json()
    data["searched"][1] = []
    with pytest.raises(SaveFileError, match=r"'searched\[1\]' is \[\], but the pieces of"):
        GAME.state_from_json(data)


# Mr. X's double move under way (format 2) ------------------------------------------------------


def _mid_double(steps: int) -> ScotlandYardState:
    state = new({"players": 4}, 3)
    drive(state, rounds=2)
    state.apply("mrx", "double")
    if steps == 2:
        state.apply("mrx", state.legal_actions("mrx")[0])
    return state


@pytest.mark.parametrize("steps", [1, 2])
def test_an_open_double_move_is_saved_and_loaded_step_by_step(steps):
    state = _mid_double(steps)
    data = state.to_json()
    assert data["format"] == 2
    expected = ["double", *state.view("mrx")["open_steps"][1:]]
    assert data["decision"] == {"seat": "mrx", "steps": expected}
    assert len(expected) == steps
    loaded = round_trip(state)
    assert loaded.to_json() == data
    assert loaded.legal_actions("mrx") == state.legal_actions("mrx")
    assert loaded.view("mrx") == state.view("mrx")


@pytest.mark.parametrize(
    ("decision", "words"),
    [
        ({"seat": "mrx", "steps": ["taxi:1"]}, "step 1 of the open decision, 'taxi:1'"),
        ({"seat": "mrx", "steps": ["double", "bus:199"]}, "step 2 of the open decision"),
        ({"seat": "mrx", "steps": []}, "an open decision must be"),
        ({"seat": "mrx"}, "an open decision must be"),
        ({"seat": "d1", "steps": ["double"]}, "only Mr. X has a decision open"),
        ("double", "an open decision must be"),
    ],
)
def test_an_open_decision_that_could_not_be_played_is_refused(decision, words):
    data = _mid_double(1).to_json()
    data["decision"] = decision
    with pytest.raises(SaveFileError, match=re.escape(words)):
        GAME.state_from_json(data)


def test_a_complete_double_move_cannot_be_open():
    state = _mid_double(2)
    data = state.to_json()
    second = state.legal_actions("mrx")[0]
    data["decision"]["steps"].append(second)
    with pytest.raises(SaveFileError, match="is complete; it would have taken effect"):
        GAME.state_from_json(data)


def test_an_open_decision_in_the_detectives_phase_is_refused():
    data = mid_game()
    data["decision"] = {"seat": "mrx", "steps": ["double"]}
    with pytest.raises(SaveFileError, match=re.escape("only Mr. X has a decision open, in his")):
        GAME.state_from_json(data)


def test_a_format_1_save_without_a_decision_still_loads():
    """Saves written before the double move was made in steps have format 1 and no
    'decision' field."""
    data = mid_game()
    del data["decision"]
    data["format"] = 1
    loaded = GAME.state_from_json(data)
    assert loaded.view("mrx")["open_steps"] == []
    assert loaded.to_json() == mid_game()
