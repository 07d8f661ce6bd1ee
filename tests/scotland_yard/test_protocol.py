"""Scotland Yard in the core protocol's types: its sides, its outcomes in words and facts,
what each viewer is shown of each move (``public.py``), and bad input of the wrong type."""

from __future__ import annotations

import pytest

from getaway.core import (
    ALL,
    SPECTATOR,
    IllegalActionError,
    Move,
    Session,
    Side,
    Sides,
    save_state,
)
from getaway.games.scotland_yard import ScotlandYardState
from getaway.games.scotland_yard.search import ScotlandYardSearchPolicy
from tests.scotland_yard.helpers import GAME, craft, drive, new, random_states

FAR = {"d1": 13, "d2": 26, "d3": 29, "p1": 34}
TAXI_ONLY_NO_TAXI = [[0, 8, 4]] * 5


# Sides --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "detectives"),
    [(2, ("detectives",)), (3, ("d1", "d2")), (6, ("d1", "d2", "d3", "d4", "d5"))],
)
def test_sides_are_mrx_alone_against_every_detective_seat(players, detectives):
    sides = GAME.sides({"players": players})
    assert sides == Sides((Side("mrx", ("mrx",)), Side("detectives", detectives)))
    assert sides.side_of("mrx").name == "mrx"
    assert sides.side_of(detectives[-1]).name == "detectives"


# Outcomes -----------------------------------------------------------------------------------


def test_no_outcome_while_the_game_goes_on():
    assert new({"players": 4}, 1).outcome() is None


def test_capture_outcome_names_the_piece_the_station_and_the_round():
    """D1: the detectives' side wins, every detective seat of it."""
    state = craft(mrx=107, hunters={**FAR, "d2": 106}, turns=["taxi:107"], phase="detectives")
    state.apply("d2", "d2:taxi:107")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == ("d1", "d2", "d3") and outcome.side == "detectives"
    assert outcome.reason == "capture"
    assert outcome.summary == "d2 caught Mr. X at station 107 in round 1"
    assert outcome.facts == {"piece": "d2", "seat": "d2", "station": 107, "round": 1}
    assert outcome.returns == {"mrx": -1.0, "d1": 1.0, "d2": 1.0, "d3": 1.0}


def test_capture_by_police_names_no_seat():
    """Police pieces belong to the detectives' side, not to the seat that moved them."""
    state = craft(mrx=107, hunters={**FAR, "p1": 106}, turns=["taxi:107"], phase="detectives")
    state.apply("d3", "p1:107")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.summary == "p1 (police) caught Mr. X at station 107 in round 1"
    assert outcome.facts["piece"] == "p1" and outcome.facts["seat"] is None


def test_capture_in_the_two_player_game_names_the_seat_of_the_piece():
    hunters = {"d1": 106, "d2": 13, "p1": 26, "p2": 29}
    state = craft({"players": 2}, mrx=107, hunters=hunters, turns=["taxi:107"], phase="detectives")
    state.apply("detectives", "d1:taxi:107")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ("detectives",)
    assert outcome.summary == "d1 (seat detectives) caught Mr. X at station 107 in round 1"


def test_trapped_outcome_names_his_station_and_the_round():
    """D2: no legal move at the start of his turn."""
    state = craft(
        mrx=106,
        hunters={"d1": 105, "d2": 119, "d3": 29, "p1": 34},
        turns=["taxi:106"],
        phase="detectives",
        moved=["d1", "d3", "p1"],
    )
    state.apply("d2", "d2:taxi:107")
    outcome = state.outcome()
    assert outcome is not None and outcome.side == "detectives"
    assert outcome.reason == "mrx-trapped"
    assert outcome.summary == "Mr. X was trapped at station 106 in round 2: he had no legal move"
    assert outcome.facts == {"station": 106, "round": 2}


def test_time_outcome_says_the_last_round_ended():
    """X1: the last round ended without a capture."""
    state = drive(new({"players": 4}, 1))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ("mrx",) and outcome.side == "mrx"
    assert outcome.reason == "time"
    assert outcome.summary == "Mr. X escaped: round 22, the last, ended without a capture"
    assert outcome.facts["round"] == 22 and outcome.facts["limit"] == "rounds"
    assert outcome.facts["station"] == state.pos[0]
    assert outcome.facts["entries"] == len(state.log_ticket)


def test_immobilised_outcome_says_who_could_not_move():
    """X2 with six players: no police, the detectives could not move."""
    hunters = {"d1": 106, "d2": 104, "d3": 132, "d4": 2, "d5": 4}
    state = craft({"players": 6}, mrx=172, hunters=hunters, wallets=TAXI_ONLY_NO_TAXI)
    state.apply("mrx", "taxi:187")
    outcome = state.outcome()
    assert outcome is not None and outcome.side == "mrx"
    assert outcome.reason == "hunters-immobilised"
    assert outcome.facts["round"] == 1
    assert "could not move in round 1" in outcome.summary


# What each viewer is shown ------------------------------------------------------------------


def _shown(state, seat: str, action: str, viewer: str) -> str:
    """What ``viewer`` is shown, ``""`` for nothing (as the search's labels write it)."""
    shown = GAME.public_action(state, Move(seat, action), viewer)
    return "" if shown is None else shown.shown


def test_a_hunter_move_is_shown_to_everybody_in_full():
    state = craft(mrx=107, hunters={**FAR, "d1": 106}, turns=["taxi:107"], phase="detectives")
    for viewer in ("mrx", "d1", "d2", SPECTATOR, ALL):
        shown = GAME.public_action(state, Move("d2", "d2:taxi:27"), viewer)
        assert shown is not None and shown.full and shown.shown == "d2:taxi:27"


def test_mrx_ride_is_shown_to_others_as_its_ticket_with_the_station_hidden():
    state = craft(mrx=106, hunters=FAR)
    assert _shown(state, "mrx", "taxi:107", "mrx") == "taxi:107"
    assert _shown(state, "mrx", "taxi:107", ALL) == "taxi:107"
    for viewer in ("d1", SPECTATOR):
        shown = GAME.public_action(state, Move("mrx", "black:107"), viewer)
        assert shown is not None and not shown.full and shown.shown == "black:?"


def test_a_surfacing_ride_is_shown_to_everybody_in_full():
    """Entry 3 surfaces him (spec 8.5)."""
    state = craft(mrx=106, hunters=FAR, turns=["taxi:107", "taxi:106"])
    shown = GAME.public_action(state, Move("mrx", "taxi:107"), "d1")
    assert shown is not None and shown.full and shown.shown == "taxi:107"


def test_a_compound_double_move_is_shown_as_the_whole_decision():
    """Entry 3 is the second leg here: it surfaces; the first leg stays hidden."""
    state = craft(mrx=107, hunters=FAR, turns=["taxi:107"])
    shown = GAME.public_action(state, Move("mrx", "double:taxi:106/taxi:107"), "d2")
    assert shown is not None and not shown.full
    assert shown.shown == "double/taxi:?/taxi:107"
    mine = GAME.public_action(state, Move("mrx", "double:taxi:106/taxi:107"), "mrx")
    assert mine is not None and mine.full and mine.shown == "double/taxi:106/taxi:107"


def test_the_steps_of_a_double_move_are_shown_to_mr_x_alone_until_the_last():
    """An open step is shown to nobody else, not even as a step; the second leg shows
    everybody the whole decision, stations hidden except where a leg surfaces."""
    state = craft(mrx=107, hunters=FAR, turns=["taxi:107"])
    for step, then in (("double", None), ("taxi:106", None)):
        for viewer in ("d1", SPECTATOR):
            assert GAME.public_action(state, Move("mrx", step), viewer) is then
        mine = GAME.public_action(state, Move("mrx", step), "mrx")
        assert mine is not None and mine.full and mine.shown == step
        state.apply("mrx", step)
    # Entry 3, the second leg, surfaces him.
    shown = GAME.public_action(state, Move("mrx", "taxi:107"), "d1")
    assert shown is not None and not shown.full and shown.shown == "double/taxi:?/taxi:107"
    mine = GAME.public_action(state, Move("mrx", "taxi:107"), ALL)
    assert mine is not None and mine.action == "taxi:107"
    assert mine.shown == "double/taxi:106/taxi:107"


def test_hidden_legs_of_a_double_move_show_only_their_tickets():
    state = craft(mrx=106, hunters=FAR)
    state.apply("mrx", "double")
    state.apply("mrx", "black:107")
    assert _shown(state, "mrx", "bus:72", "d3") == "double/black:?/bus:?"


def test_a_ride_that_ends_the_game_is_shown_in_full_as_the_log_opens():
    """X2 after his ride: every view then shows the whole travel log (decision C3)."""
    hunters = {"d1": 106, "d2": 104, "d3": 132, "d4": 2, "d5": 4}
    state = craft({"players": 6}, mrx=172, hunters=hunters, wallets=TAXI_ONLY_NO_TAXI)
    shown = GAME.public_action(state, Move("mrx", "taxi:187"), "d1")
    assert shown is not None and shown.full and shown.shown == "taxi:187"


def test_the_search_labels_are_what_public_action_shows():
    """``ScotlandYardSearchPolicy.observed`` is a faster computation of the same text."""
    checked = 0
    for options in ({"players": 3}, {"players": 5, "reveal_rule": "rounds"}):
        for state in random_states(options, 8):
            seat = state.to_act()[0]
            for deciding in state.seats:
                if deciding == seat:
                    continue
                policy = ScotlandYardSearchPolicy(GAME, deciding, state.view(deciding))
                for action in state.legal_actions(seat)[:40]:
                    label = policy.observed(state, seat, action)
                    assert label == _shown(state, seat, action, deciding), (deciding, action)
                    checked += 1
    assert checked > 1000


# Bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [42, None, ["taxi:107"], {"a": 1}, 1.5])
def test_an_action_that_is_not_text_is_refused_and_changes_nothing(action):
    for state in (
        craft(mrx=106, hunters=FAR),
        craft(mrx=107, hunters=FAR, turns=["taxi:107"], phase="detectives"),
    ):
        before = state.to_json()
        seat = state.to_act()[0]
        with pytest.raises(IllegalActionError, match="an action id is text"):
            state.apply(seat, action)
        assert state.to_json() == before


def test_a_step_of_a_double_move_reveals_nothing_so_mr_x_may_take_it_back():
    """``would_reveal`` is false for an open step, so ``Session.undo`` takes one step back;
    the second leg completes the move and is settled like any ride."""
    session = Session.new(GAME, {"players": 4}, 1)
    start = save_state(session.state)
    session.act("mrx", "double")
    first = session.state.legal_actions("mrx")[0]
    session.act("mrx", first)
    assert session.can_undo("mrx")
    session.undo("mrx")
    session.undo("mrx")
    assert save_state(session.state) == start
    session.act("mrx", "double")
    session.act("mrx", first)
    state = session.state
    assert isinstance(state, ScotlandYardState)
    second = state.legal_actions("mrx")[0]
    assert state.would_reveal("mrx", second) == any(state.surfaces(1 + k, k == 1) for k in range(2))
