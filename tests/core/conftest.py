from collections.abc import Iterator

import pytest

from getaway.core import register_game, unregister_game
from tests.core.toy_game import GAME


@pytest.fixture(autouse=True)
def toy_game_registered() -> Iterator[None]:
    """The toy game is known by name (replays find games through the registry)."""
    register_game(GAME)
    yield
    unregister_game(GAME.name)
