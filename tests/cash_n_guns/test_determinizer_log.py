"""A sample drawn with the view's log parsed once equals one that parses it itself."""

from __future__ import annotations

import random

from getaway.core import SPECTATOR, Rng
from getaway.games.cash_n_guns.determinizer import determinize, parse_log
from tests.cash_n_guns.helpers import GAME


def test_a_pre_parsed_log_draws_the_same_sample() -> None:
    for seed in range(3):
        rnd = random.Random(seed)
        state = GAME.new_state({"players": 5, "advanced": True, "undercover_cop": True}, seed)
        plies = 0
        while not state.is_over():
            if plies % 5 == 0:
                for viewer in (*state.seats, SPECTATOR):
                    view = state.view(viewer)
                    log = parse_log(view)
                    plain = determinize(view, Rng(plies))
                    parsed = determinize(view, Rng(plies), log)
                    assert parsed.to_json() == plain.to_json()
                    assert parsed.log == plain.log and parsed.log is not log
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rnd.randrange(len(legal))])
            plies += 1
