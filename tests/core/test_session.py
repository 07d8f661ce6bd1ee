"""Sessions log every action; undo replays the log and respects other seats and reveals."""

import pytest

from getaway.core import (
    GetawayError,
    IllegalActionError,
    Move,
    NotYourTurnError,
    Replay,
    Session,
    UndoError,
    get_game,
    save_state,
)
from tests.core.toy_game import GAME


def test_actions_are_logged_and_versioned():
    session = Session.new(GAME, None, seed=3)
    session.act("a", "heads")
    assert session.version == 1
    assert session.replay.actions[0].seat == "a"


def test_a_seat_may_undo_its_own_unrevealing_action():
    session = Session.new(GAME, None, seed=3)
    before = save_state(session.state)
    session.act("a", "heads")
    assert session.can_undo("a")
    session.undo("a")
    assert save_state(session.state) == before
    assert session.version == 0


def test_undo_never_takes_back_another_seats_action():
    session = Session.new(GAME, None, seed=3)
    session.act("a", "heads")
    with pytest.raises(UndoError, match="another seat"):
        session.undo("b")


def test_undo_never_goes_past_revealed_information():
    session = Session.new(GAME, None, seed=3)
    session.act("a", "heads")
    session.act("b", "tails")  # completes the box: coins and a bonus draw are revealed
    with pytest.raises(UndoError, match="revealed"):
        session.undo("b")


def test_undo_with_an_empty_log_is_refused():
    with pytest.raises(UndoError, match="nothing to undo"):
        Session.new(GAME).undo("a")


def test_illegal_actions_are_not_logged():
    session = Session.new(GAME, None, seed=3)
    with pytest.raises(IllegalActionError):
        session.act("a", "edge")
    session.act("a", "heads")
    with pytest.raises(NotYourTurnError):
        session.act("a", "tails")
    assert session.version == 1


def test_resumed_sessions_rebuild_the_same_state():
    session = Session.new(GAME, None, seed=9)
    for seat, coin in [("a", "heads"), ("b", "heads"), ("b", "tails")]:
        session.act(seat, coin)
    resumed = Session.from_replay(Replay.loads(session.replay.dumps()))
    assert save_state(resumed.state) == save_state(session.state)
    assert not resumed.can_undo("b")


def test_scotland_yard_detective_may_undo_a_move_that_searched_nothing():
    game = get_game("scotland-yard")
    session = Session.new(game, {"players": 3}, seed=2)
    state = session.state
    session.act("mrx", state.legal_actions("mrx")[0])
    possible = set(session.view("d1")["possible_locations"])
    safe = [
        a for a in session.state.legal_actions("d1") if int(a.rsplit(":", 1)[1]) not in possible
    ]
    assert safe, "a detective far from Mr. X has a move that searches nowhere he can be"
    before = save_state(session.state)
    session.act("d1", safe[0])
    session.undo("d1")
    assert save_state(session.state) == before


def test_scotland_yard_search_of_a_possible_station_cannot_be_undone():
    game = get_game("scotland-yard")
    for seed in range(50):
        session = Session.new(game, {"players": 6}, seed=seed)
        session.act("mrx", session.state.legal_actions("mrx")[0])
        possible = set(session.view("d1")["possible_locations"])
        searches = [
            (seat, a)
            for seat in session.state.to_act()
            for a in session.state.legal_actions(seat)
            if int(a.rsplit(":", 1)[1]) in possible
        ]
        if searches:
            seat, action = searches[0]
            session.act(seat, action)
            if not session.state.is_over():
                with pytest.raises(UndoError, match="revealed"):
                    session.undo(seat)
            return
    raise AssertionError("no seed gave a detective a move onto a possible station")


def test_replay_errors_name_the_failing_action():
    replay = Replay.start(GAME, None, 1)
    replay.actions.append(Move("a", "edge"))
    with pytest.raises(GetawayError, match="replay action 1"):
        replay.final_state()


def test_refusing_to_undo_another_seats_action_does_not_quote_it():
    """The other seat's action may be secret (Mr. X's ``taxi:36`` gives his station)."""
    game = get_game("scotland-yard")
    session = Session.new(game, {"players": 3}, seed=2)
    action = session.state.legal_actions("mrx")[0]
    session.act("mrx", action)
    with pytest.raises(UndoError) as err:
        session.undo("d1")
    assert action not in str(err.value)


def test_a_timeout_plays_the_rules_default_and_logs_it():
    game = get_game("scotland-yard")
    session = Session.new(game, {"players": 3}, seed=4)
    expected = session.state.default_action("mrx")
    assert expected is not None
    assert session.timeout("mrx") == expected
    assert session.replay.actions[-1] == Move("mrx", expected)


def test_a_timeout_for_a_seat_not_asked_is_refused():
    session = Session.new(get_game("scotland-yard"), {"players": 3}, seed=4)
    with pytest.raises(NotYourTurnError):
        session.timeout("d1")


def test_a_game_without_defaults_keeps_waiting():
    session = Session.new(GAME, None, seed=1)
    assert session.timeout("a") is None
    assert session.version == 0


def test_timeout_all_answers_every_waiting_seat():
    game = get_game("scotland-yard")
    session = Session.new(game, {"players": 4}, seed=4)
    session.act("mrx", session.state.legal_actions("mrx")[0])
    played = session.timeout_all()
    assert played and set(played) <= {"d1", "d2", "d3"}


def test_a_copy_takes_changes_apart_from_its_original():
    # The server tries each change on a copy and keeps the original until it is on disk.
    s = Session.new(GAME, seed=1)
    s.act("a", "heads")
    trial = s.copy()
    trial.undo("a")
    trial.act("a", "tails")
    trial.act("b", "tails")
    assert [m.action for m in s.replay.actions] == ["heads"] and s.can_undo("a")
    assert s.view("a") != trial.view("a") and trial.version == 2
    assert type(trial.state) is type(s.state)
