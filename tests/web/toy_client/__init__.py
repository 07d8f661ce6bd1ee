"""A test game with its own browser client, to show that a game plugs into the shared web
client through its package alone: the walk race of ``tests/core/walk_game.py`` (a turn is a
decision in steps: a piece, one to three cells, then done), with a ``web/`` folder beside
this file holding its renderer module, style sheet and translations.

It is registered in-process (``register_game``) by ``tests/web/serve_with_test_game.py``,
the server the browser tests run; no shared file names it.
"""

from __future__ import annotations

from tests.core.walk_game import WalkGame


class WalkGameWithClient(WalkGame):
    """The walk race; its client folder is found by convention (``Game.client_dir``): the
    ``web`` folder of this package."""


GAME = WalkGameWithClient()

__all__ = ["GAME", "WalkGameWithClient"]
