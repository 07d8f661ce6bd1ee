"""Simultaneous secret choices: commit one by one, reveal together, leak nothing before."""

import json

import pytest

from getaway.core import ALL, SPECTATOR, GetawayError, SecretChoices, save_state
from tests.core.toy_game import GAME


def test_both_seats_act_at_once_until_they_commit():
    state = GAME.new_state(seed=1)
    assert state.to_act() == ("a", "b")
    state.apply("a", "heads")
    assert state.to_act() == ("b",)


def test_a_commit_is_invisible_to_the_other_seat_and_spectators():
    state = GAME.new_state(seed=1)
    state.apply("a", "tails")
    for seat in ("b", SPECTATOR):
        text = json.dumps(state.view(seat))
        assert "tails" not in text
        assert state.view(seat)["committed"] == {"a": True, "b": False}
    assert state.view("a")["my_choice"] == "tails"
    assert state.view(ALL)["choices"]["a"] == "tails"


def test_reveal_happens_only_when_all_have_committed():
    state = GAME.new_state(seed=1)
    state.apply("b", "heads")
    assert state.history == []
    state.apply("a", "heads")
    assert state.history[0][:3] == ["heads", "heads", "a"]


def test_commit_order_does_not_change_the_outcome():
    first, second = GAME.new_state(seed=4), GAME.new_state(seed=4)
    first.apply("a", "heads")
    first.apply("b", "tails")
    second.apply("b", "tails")
    second.apply("a", "heads")
    assert save_state(first) == save_state(second)


def test_box_refuses_double_commits_and_early_reveal():
    box = SecretChoices(("x", "y"))
    box.commit("x", "1")
    with pytest.raises(GetawayError, match="already committed"):
        box.commit("x", "2")
    with pytest.raises(GetawayError, match="still waiting for y"):
        box.reveal()
    with pytest.raises(GetawayError, match="no choice"):
        box.commit("z", "1")
    box.commit("y", "2")
    assert box.reveal() == {"x": "1", "y": "2"}


def test_box_round_trips_through_json():
    box = SecretChoices(("x", "y"))
    box.commit("y", "go")
    again = SecretChoices.from_json(box.to_json())
    assert again.waiting() == ("x",) and again.choice_of("y") == "go"
    with pytest.raises(GetawayError):
        SecretChoices.from_json({"seats": ["x"], "choices": {"q": "1"}})
