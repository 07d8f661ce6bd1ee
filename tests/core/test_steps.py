"""Decisions in steps (``getaway.core.steps``), on the test game ``toy-walk``: a piece, one
to three cells, then ``done``."""

from __future__ import annotations

import json

import pytest

from getaway.core import (
    ALL,
    DONE,
    SPECTATOR,
    Decision,
    IllegalActionError,
    Move,
    Rng,
    SaveFileError,
    Session,
    UndoError,
    load_state,
    register_game,
    save_state,
    unregister_game,
)
from tests.core.walk_game import GAME, WALK


@pytest.fixture(autouse=True)
def _registered():
    register_game(GAME)
    yield
    unregister_game(GAME.name)


def test_a_turn_is_a_piece_then_cells_then_done():
    state = GAME.new_state({}, 1)
    assert state.legal_actions("north") == ["piece:p1", "piece:p2"]
    state.apply("north", "piece:p1")
    # No "done" before the piece has moved: every step leads to a decision that can end.
    assert state.legal_actions("north") == ["e", "s", "w"]
    state.apply("north", "s")
    assert state.legal_actions("north") == ["e", "s", "w", DONE]
    state.apply("north", DONE)
    assert state.pieces["north"][0] == (1, 1)
    assert state.decision is None and state.to_act() == ("south",)


def test_a_walk_of_three_cells_ends_by_itself():
    state = GAME.new_state({}, 1)
    for step in ("piece:p1", "s", "s", "s"):
        state.apply("north", step)
    assert state.pieces["north"][0] == (3, 1)
    assert state.to_act() == ("south",)


def test_a_walk_never_steps_back_onto_its_own_cells():
    state = GAME.new_state({}, 1)
    state.apply("north", "piece:p1")
    state.apply("north", "s")
    assert "n" not in state.legal_actions("north")


def test_nothing_of_an_open_decision_reaches_anyone_else():
    state = GAME.new_state({}, 1)
    before = {viewer: state.view(viewer) for viewer in ("south", SPECTATOR)}
    shown = []
    for step in ("piece:p2", "e"):
        previous = state.clone()
        state.apply("north", step)
        shown.append(GAME.public_action(previous, Move("north", step), "south"))
        assert {viewer: state.view(viewer) for viewer in ("south", SPECTATOR)} == before
    assert shown == [None, None]
    # The owner and "all" see the open steps.
    assert state.view("north")["my_steps"] == ["piece:p2", "e"]
    assert state.view(ALL)["my_steps"] == ["piece:p2", "e"]
    previous = state.clone()
    state.apply("north", DONE)
    seen = GAME.public_action(previous, Move("north", DONE), "south")
    assert seen is not None and seen.shown == "piece:p2/e" and seen.action == DONE


def test_an_open_step_can_be_taken_back_but_not_a_completed_decision():
    session = Session.new(GAME, {}, 1)
    session.act("north", "piece:p1")
    session.act("north", "s")
    start = save_state(session.state)
    session.act("north", "e")
    assert session.can_undo("north")
    session.undo("north")
    assert save_state(session.state) == start
    session.act("north", DONE)
    with pytest.raises(UndoError, match="revealed"):
        session.undo("north")


def test_an_illegal_step_names_the_legal_ones_and_changes_nothing():
    state = GAME.new_state({}, 1)
    state.apply("north", "piece:p1")
    saved = save_state(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply("north", DONE)
    assert "e, s, w" in str(err.value) and "not a step that may come next" in str(err.value)
    with pytest.raises(IllegalActionError, match="an action id is text"):
        state.apply("north", 3)  # type: ignore[arg-type]
    assert save_state(state) == saved


def test_an_open_decision_is_saved_and_checked_when_loaded():
    state = GAME.new_state({}, 1)
    state.apply("north", "piece:p1")
    state.apply("north", "s")
    text = save_state(state)
    assert save_state(load_state(text)) == text
    data = json.loads(text)
    for bad, why in (
        ({"seat": "north", "steps": ["piece:p1", "n"]}, "cannot follow"),
        ({"seat": "north", "steps": ["s"]}, "cannot follow"),
        ({"seat": "north", "steps": ["piece:p1", "s", "s", "s"]}, "complete"),
        ({"seat": "north", "steps": []}, "at least one step"),
        ({"seat": "nobody", "steps": ["piece:p1"]}, "SEAT"),
        ({"seat": "south", "steps": ["piece:p1"]}, "not of the seat to act"),
        (["piece:p1"], "must be"),
    ):
        with pytest.raises(SaveFileError, match=why):
            GAME.state_from_json({**data, "decision": bad})


def test_a_bot_can_determinize_its_own_open_decision():
    state = GAME.new_state({}, 1)
    state.apply("north", "piece:p2")
    view = state.view("north")
    sample = GAME.determinize(view, Rng(3))
    assert sample.decision == Decision("north", ("piece:p2",))
    assert sample.legal_actions("north") == state.legal_actions("north")


def test_completes_tells_an_open_step_from_the_last_one():
    state = GAME.new_state({}, 1)
    assert not WALK.completes(state, None, "north", "piece:p1")
    state.apply("north", "piece:p1")
    state.apply("north", "s")
    assert WALK.completes(state, state.decision, "north", DONE)
    assert not WALK.completes(state, state.decision, "north", "s")
    assert not state.would_reveal("north", "s")
    assert state.would_reveal("north", DONE)
