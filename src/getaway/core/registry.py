"""The list of games. Games plug in through the ``getaway.games`` entry-point group, so the
core never imports a game by name and a third-party package can add one."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from getaway.core.errors import UnknownGameError
from getaway.core.game import Game

ENTRY_POINT_GROUP = "getaway.games"


@cache
def games() -> dict[str, Game]:
    """Every installed game by name, sorted by name."""
    found: dict[str, Game] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        game = ep.load()
        if not isinstance(game, Game):
            raise TypeError(f"entry point {ep.name!r} does not name a Game instance")
        found[game.name] = game
    return dict(sorted(found.items()))


def get_game(name: str) -> Game:
    """The game called ``name``; an unknown name raises an error listing the known ones."""
    known = games()
    try:
        return known[name]
    except KeyError:
        raise UnknownGameError(name, list(known)) from None
