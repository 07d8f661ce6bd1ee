"""What Escape Plan says about itself through the core protocol (``core/game.py``)."""

from __future__ import annotations

import pytest

from getaway.core import SaveFileError
from getaway.games.escape_plan.game import GAME, EscapePlanState


def test_the_game_describes_itself() -> None:
    described = GAME.describe()
    assert (described["name"], described["min_players"], described["max_players"]) == (
        "escape-plan",
        1,
        5,
    )
    assert set(described["options"]) == {"players", "first_player"}
    assert described["sides"]["1"] == {"sides": [{"name": "p1", "seats": ["p1"]}], "hidden": []}
    assert [s["name"] for s in described["sides"]["5"]["sides"]] == ["p1", "p2", "p3", "p4", "p5"]


def test_a_new_state_knows_its_game_options_seed_and_seats() -> None:
    state = GAME.new_state({"players": 2}, seed=17)
    assert isinstance(state, EscapePlanState)
    assert state.game is GAME
    assert state.options == {"players": 2, "first_player": "random"}
    assert state.seed == 17 and state.seats == ("p1", "p2")
    assert not state.is_over() and state.outcome() is None
    assert state.returns() == {"p1": 0.0, "p2": 0.0}


def test_a_save_without_its_decision_or_with_bad_options_is_refused() -> None:
    data = GAME.new_state({"players": 2}, seed=3).to_json()
    missing = {key: value for key, value in data.items() if key != "decision"}
    with pytest.raises(SaveFileError, match="no 'decision'"):
        GAME.state_from_json(missing)
    with pytest.raises(SaveFileError, match="bad options"):
        GAME.state_from_json({**data, "options": "x"})
