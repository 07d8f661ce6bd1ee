"""What a game offers learning code (``getaway.rl``): a fixed enumeration of every action id
a seat can ever play, and a flat numeric encoding of a seat's view.

A game returns one from ``Game.encoding(options)`` (``None``: it has none). Encodings are
pure Python and live in the game's own package, so a game works without numpy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class Encoding(Protocol):
    """A game's encoding for one set of options."""

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
