"""Which games have an encoding, and finding it.

A game becomes usable from reinforcement-learning code when ``Game.encoding(options)``
returns one (:class:`getaway.core.encoding.Encoding`: a fixed enumeration of every action id
a seat can ever play, and a flat numeric encoding of a seat's view). Games are found through
the registry; :func:`register_encoding` adds or replaces one in-process (a test, an
experiment with another encoding).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from getaway.core import games, get_game
from getaway.core.encoding import Encoding

EncodingFactory = Callable[[Mapping[str, Any]], Encoding]

_registered: dict[str, EncodingFactory] = {}


def register_encoding(game_name: str, factory: EncodingFactory) -> None:
    """Make ``factory(options)`` the encoding of ``game_name`` (wins over the game's own)."""
    _registered[game_name] = factory


def unregister_encoding(game_name: str) -> None:
    _registered.pop(game_name, None)


def _has_encoding(name: str) -> bool:
    game = games()[name]
    return game.encoding(game.normalize_options({})) is not None


def encodable_games() -> list[str]:
    """The names of the games that have an encoding, sorted."""
    return sorted({*(name for name in games() if _has_encoding(name)), *_registered})


def encoding_for(game_name: str, options: Mapping[str, Any]) -> Encoding:
    """The encoding of ``game_name`` with these options; a game without one raises
    ``ValueError`` naming those that have one."""
    factory = _registered.get(game_name)
    if factory is not None:
        return factory(options)
    found = get_game(game_name).encoding(options) if game_name in games() else None
    if found is None:
        raise ValueError(
            f"game {game_name!r} has no encoding for reinforcement learning; games with "
            f"one: {', '.join(encodable_games())}"
        )
    return found


__all__ = ["Encoding", "EncodingFactory", "encodable_games", "encoding_for", "register_encoding"]
