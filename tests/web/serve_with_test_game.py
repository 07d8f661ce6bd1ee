"""``getaway serve`` for the browser tests: the test game of ``tests/web/toy_client``
registered in-process, as a program embedding getaway would add a game without an entry
point, and Escape Plan and Escape from New York too (an environment installed before their
entry points were added does not find them). The browser tests run this
(``python -m tests.web.serve_with_test_game --port 0 ...``); it takes the arguments of
``getaway serve``."""

from __future__ import annotations

import sys

from getaway.cli import main
from getaway.core import register_game
from getaway.games.escape_from_new_york.game import GAME as ESCAPE_FROM_NEW_YORK
from getaway.games.escape_plan.game import GAME as ESCAPE_PLAN
from tests.web.toy_client import GAME

# At import, not under ``__main__``: the server's bot workers are spawned processes, which
# import this module again (as ``__mp_main__``) and must know these games too. (The test game
# was registered under ``__main__`` only: its bots failed in the workers, played their first
# legal move instead, and each failure restarted the bot pool, seconds a move.)
register_game(GAME)
register_game(ESCAPE_PLAN)
register_game(ESCAPE_FROM_NEW_YORK)

if __name__ == "__main__":
    sys.exit(main(["serve", *sys.argv[1:]]))
