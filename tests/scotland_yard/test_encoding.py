"""The encoding for learning code (``encoding.py``): Mr. X's fixed action space is his rides
plus ``double`` (the legs of a double move reuse the rides' ids), exact in both directions,
and his observation tells the steps of a double move apart from the start of a turn."""

from __future__ import annotations

import pytest

from getaway.core import Rng
from getaway.games.scotland_yard.board import board_for
from getaway.games.scotland_yard.encoding import encoding
from getaway.games.scotland_yard.moves import LEG_PARSE
from tests.scotland_yard.helpers import GAME, craft

OPTIONS = [{"players": p} for p in range(2, 7)] + [
    {"players": 3, "edition": "classic"},
    {"players": 2, "pooled_tickets": False},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_mrx_actions_are_every_ride_the_board_allows_and_double(options):
    enc = encoding(options)
    board = board_for(enc.options["board"])
    mrx = enc.action_ids("mrx")
    assert len(set(mrx)) == len(mrx) and mrx[-1] == "double"
    rides = {LEG_PARSE[a] for a in mrx[:-1]}
    # Every (ticket, station) where some line of that ticket ends, and nothing else.
    expected = {(t, v) for t in range(4) for v in range(1, 200) if board.ticket_mask[t][v]}
    assert rides == expected
    assert len(mrx) == 475
    own = GAME.encoding(options)
    assert own is not None and own.action_ids("mrx") == mrx


def test_every_legal_step_in_random_games_has_its_index():
    seen = set()
    for seed in range(30):
        options = {"players": 2 + seed % 5}
        enc = encoding(options)
        state = GAME.new_state(options, seed)
        rng = Rng(seed)
        while not state.is_over():
            for seat in state.to_act():
                ids, index = enc.action_ids(seat), enc.action_index(seat)
                for action in state.legal_actions(seat):
                    assert ids[index[action]] == action
                    seen.add(action)
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
    assert "double" in seen and len(seen) > 1000


def test_mrx_observation_tells_the_steps_of_a_double_move_apart():
    enc = encoding({"players": 4})
    state = craft(mrx=106, hunters={"d1": 13, "d2": 26, "d3": 29, "p1": 34})
    start = enc.encode_sparse(state.view("mrx"))
    detective = enc.encode_sparse(state.view("d1"))
    state.apply("mrx", "double")
    opened = enc.encode_sparse(state.view("mrx"))
    state.apply("mrx", "taxi:107")
    first = enc.encode_sparse(state.view("mrx"))
    assert len({tuple(sorted(o.items())) for o in (start, opened, first)}) == 3
    assert set(opened) - set(start) == {enc.observation_size - 4 - 199 - 1}
    assert enc.encode_sparse(state.view("d1")) == detective
    assert all(0.0 <= x <= 1.0 for x in first.values())
    assert max(first) < enc.observation_size
