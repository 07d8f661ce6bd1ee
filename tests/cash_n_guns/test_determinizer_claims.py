"""The determinizer and a claimed second gun (#3 "You Won't Need It Anymore"): the cards the
claimer has fired from it were among those the dead player left, so every sample of the dead
player's remainder must hold them."""

from __future__ import annotations

from getaway.core import Rng
from getaway.games.cash_n_guns import GAME, CashNGunsState
from tests.cash_n_guns.helpers import random_states


def _claimer_has_fired_from_second_gun(seed: int) -> CashNGunsState:
    for state in random_states({"players": 5, "advanced": True}, seed):
        claim = state.claim
        if claim is not None and any(
            gun == 1 and mode == 1 for _, gun, _, mode in state.spent[claim[0]]
        ):
            return state
    raise AssertionError("no such position in this game")


def test_samples_keep_the_cards_fired_from_a_claimed_gun_in_the_dead_players_remainder():
    # Found by search: in this random game haggis claims a dead player's cards and fires one.
    state = _claimer_has_fired_from_second_gun(183)
    assert state.claim is not None
    claimer = state.seats[state.claim[0]]
    rng = Rng(1)
    for seat in state.seats:
        if seat == claimer:
            continue
        view = state.view(seat)
        for _ in range(30):
            sample = GAME.determinize(view, rng)
            assert sample.view(seat) == view
