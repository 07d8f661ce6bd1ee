"""``getaway serve`` with the test game of ``tests/web/toy_client`` registered in-process, as
a program embedding getaway would add a game without an entry point. The browser tests run
this (``python -m tests.web.serve_with_test_game --port 0 ...``); it takes the arguments of
``getaway serve``."""

from __future__ import annotations

import sys

from getaway.cli import main
from getaway.core import register_game
from tests.web.toy_client import GAME

if __name__ == "__main__":
    register_game(GAME)
    sys.exit(main(["serve", *sys.argv[1:]]))
