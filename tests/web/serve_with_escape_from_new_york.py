"""``getaway serve`` with Escape from New York registered in-process, for the browser tests of
its client (``tests/web/test_escape_from_new_york_page.py``): an installed environment finds
it through its entry point, but a development environment installed before the entry point
was added does not. Takes the arguments of ``getaway serve``."""

from __future__ import annotations

import sys

from getaway.cli import main
from getaway.core import register_game
from getaway.games.escape_from_new_york.game import GAME

# At import, not under ``__main__``: the server's bot workers are spawned processes, which
# import this module again (as ``__mp_main__``) and must know the game too.
register_game(GAME)

if __name__ == "__main__":
    sys.exit(main(["serve", *sys.argv[1:]]))
