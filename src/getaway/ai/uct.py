"""``uct``: the search bot without any of a game's own knowledge, as a stranger would write it.

Plain information-set UCT: the same search as the levels (:mod:`getaway.ai.ismcts`), but
with the game-agnostic :class:`~getaway.core.search.SearchPolicy` instead of the game's own
policy: determinizations from ``game.determinize`` (uniform over what the seat's view
allows), labels from ``game.public_action``, every legal move a candidate, uniformly random
playouts to the end, the game's plain returns. Measurements play against it to see whether
a game's bots are strong against players they were not tuned on, not only against each
other.

Its budget is iterations alone (no time cap), so its moves depend on the seed and the view
only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from getaway.ai.ismcts import ISMCTSBot
from getaway.ai.spec import SearchSettings
from getaway.core import Game
from getaway.core.search import SearchPolicy

#: About 500 iterations: in the range of published plain-MCTS opponents, and cheap enough
#: (well under a second a move) to play many measured games.
UCT_SETTINGS = SearchSettings(iterations=500, seconds=None, pool=64)


class PlainUCTBot(ISMCTSBot):
    """The search bot with the game-agnostic policy (see the module's docstring)."""

    def __init__(self) -> None:
        super().__init__("uct", UCT_SETTINGS)

    def policy(self, game: Game, seat: str, view: Mapping[str, Any]) -> SearchPolicy:
        return SearchPolicy(game, seat, view)
