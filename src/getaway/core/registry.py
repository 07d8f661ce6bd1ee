"""The list of games. Games plug in through the ``getaway.games`` entry-point group, so the
core never imports a game by name and a third-party package can add one; tests and embedding
programs may also :func:`register_game` directly."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from getaway.core.errors import UnknownGameError
from getaway.core.game import Game

ENTRY_POINT_GROUP = "getaway.games"

_registered: dict[str, Game] = {}


@cache
def _installed() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        game = ep.load()
        if not isinstance(game, Game):
            raise TypeError(f"entry point {ep.name!r} does not name a Game instance")
        found[game.name] = game
    return found


def register_game(game: Game) -> None:
    """Make ``game`` known by name without an entry point (it wins over an installed one)."""
    _registered[game.name] = game


def unregister_game(name: str) -> None:
    _registered.pop(name, None)


def games() -> dict[str, Game]:
    """Every known game by name, sorted by name."""
    return dict(sorted({**_installed(), **_registered}.items()))


def get_game(name: str) -> Game:
    """The game called ``name``; an unknown name raises an error listing the known ones."""
    game = _registered.get(name) or _installed().get(name)
    if game is None:
        raise UnknownGameError(name, list(games()))
    return game
