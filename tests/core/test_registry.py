"""Games are found by name through entry points or explicit registration."""

import pytest

from getaway.core import UnknownGameError, games, get_game


def test_scotland_yard_is_installed():
    assert get_game("scotland-yard").title == "Scotland Yard"
    assert "scotland-yard" in games()


def test_registered_toy_game_is_listed():
    assert "toy-pennies" in games()


def test_unknown_game_raises_with_the_known_names():
    with pytest.raises(UnknownGameError) as err:
        get_game("monopoly")
    assert "scotland-yard" in str(err.value)


def test_describe_lists_options_and_bots():
    info = get_game("scotland-yard").describe()
    assert info["name"] == "scotland-yard"
    assert "players" in info["options"]
    assert info["min_players"] == 2 and info["max_players"] == 6
