"""Which games have an encoding, and what an encoding must offer.

A game becomes usable from reinforcement-learning code when its package has an *encoding*:
a fixed enumeration of every action id a seat can ever play, and a flat numeric encoding of
a seat's view. Encodings live in the game's own package (``games/<game>/encoding.py``, pure
Python) so that the game keeps working without numpy; this module only finds them.

How they are found: a small table here names the built-in ones by module, and
:func:`register_encoding` adds others in-process (a third-party game, a test). The
``getaway.games`` entry points name :class:`~getaway.core.Game` objects, and the core
protocol has no encoding hook, so a separate table is the least intrusive seam; an
entry-point group (``getaway.encodings``) would also work but needs packaging metadata for
what is, today, two modules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from typing import Any, Protocol


class Encoding(Protocol):
    """What ``getaway.rl`` needs from a game's encoding (for one set of options)."""

    #: The seats, in table order: the environments' agents.
    seats: tuple[str, ...]
    #: The length of every seat's observation vector.
    observation_size: int

    def action_ids(self, seat: str) -> tuple[str, ...]:
        """Every action id that can ever occur for ``seat``; index ``i`` is action ``i``."""
        ...

    def action_index(self, seat: str) -> Mapping[str, int]:
        """Action id -> index, the inverse of :meth:`action_ids`."""
        ...

    def acting_together(self, to_act: Sequence[str]) -> tuple[str, ...]:
        """The seats of ``to_act`` that act together in one parallel step (in the order
        their actions are applied); the others wait."""
        ...

    def encode_view(self, view: Mapping[str, Any]) -> list[float]:
        """The observation of a seat's view, ``observation_size`` values in [0, 1]."""
        ...

    def encode_sparse(self, view: Mapping[str, Any]) -> dict[int, float]:
        """The same observation as its nonzero entries (index -> value)."""
        ...


EncodingFactory = Callable[[Mapping[str, Any]], Encoding]

#: Built-in encodings: game name -> module with an ``encoding(options)`` function.
BUILT_IN = {
    "scotland-yard": "getaway.games.scotland_yard.encoding",
    "cash-n-guns": "getaway.games.cash_n_guns.encoding",
}

_registered: dict[str, EncodingFactory] = {}


def register_encoding(game_name: str, factory: EncodingFactory) -> None:
    """Make ``factory(options)`` the encoding of ``game_name`` (wins over a built-in one)."""
    _registered[game_name] = factory


def unregister_encoding(game_name: str) -> None:
    _registered.pop(game_name, None)


def encodable_games() -> list[str]:
    """The names of the games that have an encoding, sorted."""
    return sorted({*BUILT_IN, *_registered})


def encoding_for(game_name: str, options: Mapping[str, Any]) -> Encoding:
    """The encoding of ``game_name`` with these options; a game without one raises
    ``ValueError`` naming those that have one."""
    factory = _registered.get(game_name)
    if factory is None:
        module = BUILT_IN.get(game_name)
        if module is None:
            raise ValueError(
                f"game {game_name!r} has no encoding for reinforcement learning; games with "
                f"one: {', '.join(encodable_games())}"
            )
        factory = import_module(module).encoding
    return factory(options)
