"""Escape Plan's encoding for learning code: a fixed action-id space that holds every action
a game offers, ids and indices that round-trip, and observations of the right size in [0, 1]
built from a seat's view."""

from __future__ import annotations

import pytest

from getaway.core.rng import Rng
from getaway.games.escape_plan.encoding import EscapePlanEncoding, encoding
from getaway.games.escape_plan.game import GAME
from tests.escape_plan.play import at_actions, new_game, play_until


def test_the_game_hands_out_one_shared_encoding_per_set_of_options() -> None:
    first = GAME.encoding({"players": 3})
    assert isinstance(first, EscapePlanEncoding)
    assert first is encoding({"players": 3, "first_player": "random"})
    assert first is not encoding({"players": 4})
    assert first.seats == ("p1", "p2", "p3")


def test_action_ids_and_indices_round_trip_and_are_unique() -> None:
    enc = encoding({"players": 2})
    for seat in enc.seats:
        ids = enc.action_ids(seat)
        index = enc.action_index(seat)
        assert len(set(ids)) == len(ids) == len(index)
        assert all(index[action] == i for i, action in enumerate(ids))
    assert enc.action_ids("p1") == enc.action_ids("p2")


def test_the_documented_step_grammar_is_in_the_space() -> None:
    """The ids of the steps not yet wired into the turn (VISIT, executive actions, bonuses,
    Avoid, the Notoriety half), one of each shape, as their modules' docstrings give them."""
    index = encoding({"players": 4}).action_index("p1")
    for action in (
        "stop",
        "escape",
        "medevac",
        "gas",
        "metro:A1.store",
        "heli:chopper:A1.store",
        "sandra:local",
        "vest:A1:federal",
        "avoid_all:START_G:sandra",
        "wound:B2:swat",
        "converge:LOCAL:A1>B2",
        "visit:enter",
        "visit:key:green",
        "visit:locker:black:master_key",
        "visit:pick:70:4",
        "visit:heal:2",
        "visit:contact:6:boxer:C:4",
        "visit:skip:equipment",
        "exec:first_aid",
        "exec:move:SWAT:C1>D1",
        "exec:take:0:spy_1:A",
        "bonus:group1:unlock:heal",
        "cuff:master_key",
        "cuff",
    ):
        assert action in index, action


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_every_action_a_game_offers_is_in_the_space(players: int) -> None:
    enc = encoding({"players": players})
    for seed in range(2):
        state = new_game(players, seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            index = enc.action_index(seat)
            missing = [action for action in legal if action not in index]
            assert not missing, missing
            state.apply(seat, legal[rng.below(len(legal))])


@pytest.mark.parametrize("players", [1, 3, 5])
def test_observations_have_the_declared_size_and_values_in_range(players: int) -> None:
    enc = encoding({"players": players})
    state = new_game(players, seed=2)
    rng = Rng(2)
    seen = 0
    while not state.is_over():
        seat = state.to_act()[0]
        if seen % 7 == 0:
            view = state.view(seat)
            sparse = enc.encode_sparse(view)
            dense = enc.encode_view(view)
            assert len(dense) == enc.observation_size
            assert all(0 <= i < enc.observation_size for i in sparse)
            assert all(0.0 < x <= 1.0 for x in sparse.values())
            assert [i for i, x in enumerate(dense) if x] == sorted(sparse)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        seen += 1


def test_an_observation_holds_only_what_the_view_shows() -> None:
    """Two worlds the view cannot tell apart (a determinization) encode alike."""
    state = play_until(new_game(3, 4), at_actions)
    seat = state.to_act()[0]
    enc = encoding({"players": 3})
    view = state.view(seat)
    sample = GAME.determinize(view, Rng(5))
    assert enc.encode_sparse(sample.view(seat)) == enc.encode_sparse(view)


def test_an_open_move_is_in_the_observation() -> None:
    state = play_until(new_game(2, 3), at_actions)
    seat = state.to_act()[0]
    enc = encoding({"players": 2})
    before = enc.encode_sparse(state.view(seat))
    assert "move" in state.legal_actions(seat)
    state.apply(seat, "move")
    state.apply(seat, next(a for a in state.legal_actions(seat) if a.startswith("walk:")))
    after = enc.encode_sparse(state.view(seat))
    assert after != before
    other = next(s for s in state.seats if s != seat)
    assert enc.encode_sparse(state.view(other)) != after
