"""``getaway simulate`` with random bots in every mode and player count: no errors, every
game counted: a win for each side that won, or no winner."""

from __future__ import annotations

import pytest

from getaway.simulate import simulate
from tests.cash_n_guns.helpers import GAME, OPTIONS, option_id


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_simulate_plays_random_bot_games_without_errors(options):
    lineup = dict.fromkeys(GAME.seats(options), "random")
    result = simulate(GAME, options, 20, 7, lineup).to_json()
    assert result["errors"] == 0, result["error_messages"]
    assert result["finished"] == 20
    assert set(result["wins"]) == set(GAME.sides(options).names)
    # A shared victory counts for each co-winner; a game nobody won counts for nobody.
    won = sum(result["wins"].values())
    assert won >= 20 - result["draws"]
    assert (won == 20 - result["draws"]) == (result["shared"] == 0)
