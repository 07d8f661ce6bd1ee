"""``getaway serve`` for the cluster backend of the server tests (tests/server/conftest.py):
the test games the server tests play (toy pennies, blind pennies) registered in-process, as
the in-process tests register them in the test's own process. It takes the arguments of
``getaway serve`` (``python -m tests.server.serve_node --port 0 ...``)."""

from __future__ import annotations

import sys

from getaway.cli import main
from getaway.core import register_game
from tests.core.toy_game import GAME as TOY
from tests.server.blind_game import GAME as BLIND_PENNIES

#: The games these processes know besides the installed ones.
TEST_GAMES = (TOY, BLIND_PENNIES)

# At import, not under ``__main__``: bot worker processes (spawned) import this module again.
for _game in TEST_GAMES:
    register_game(_game)

if __name__ == "__main__":
    sys.exit(main(["serve", *sys.argv[1:]]))
