"""``getaway simulate`` with random bots in every mode and player count: no errors, every
game counted under one of the game's sides."""

from __future__ import annotations

import pytest

from getaway.simulate import simulate
from tests.cash_n_guns.helpers import GAME, OPTIONS, option_id


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_simulate_plays_random_bot_games_without_errors(options):
    lineup = dict.fromkeys(GAME.seats(options), "random")
    result = simulate(GAME, options, 20, 7, lineup).to_json()
    assert result["errors"] == 0, result["error_messages"]
    assert sum(result["wins"].values()) + result["draws"] == 20
    assert set(result["wins"]) == set(GAME.sides(options))
