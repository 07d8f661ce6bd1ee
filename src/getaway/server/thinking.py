"""Where bots think: in worker processes, so a searching bot never holds the server's GIL.

A ``hard`` bot searches for up to a second of pure Python. In a thread of the server process
it would hold the interpreter lock for most of that second, and every other match's requests
would wait behind it. So bots choose in a pool of worker processes (``bot_processes`` in the
settings; 0 runs them in threads, which is what most tests use: no process start-up). A
worker gets only what a bot may see (the game's name, the bot's level, the seat's view, its
legal actions and a seed) and sends back one action id.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from getaway.ai import make_bot
from getaway.core import GetawayError, Rng, get_game

log = logging.getLogger(__name__)


def choose(
    game_name: str, level: str, seat: str, view: dict[str, Any], legal: Sequence[str], seed: int
) -> str:
    """What the bot ``level`` plays for ``seat`` from ``view`` (runs in a worker)."""
    game = get_game(game_name)
    try:
        bot = make_bot(game, level)
    except GetawayError:
        # The level was valid when the match was made; a later version may have dropped
        # that bot. The match still has to go on.
        log.warning("bot %r is gone from %s; %s plays random", level, game_name, seat)
        bot = make_bot(game, "random")
    return bot.choose(game, seat, view, legal, Rng(seed))


class BotPool:
    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._executor: ProcessPoolExecutor | None = None

    async def choose(
        self,
        game_name: str,
        level: str,
        seat: str,
        view: dict[str, Any],
        legal: Sequence[str],
        seed: int,
    ) -> str:
        args = (game_name, level, seat, view, list(legal), seed)
        if self.processes <= 0:
            return await asyncio.to_thread(choose, *args)
        if self._executor is None:
            # "spawn": the server has threads and an event loop, which a fork would copy
            # in an unusable state.
            self._executor = ProcessPoolExecutor(
                self.processes, mp_context=multiprocessing.get_context("spawn")
            )
        return await asyncio.get_running_loop().run_in_executor(self._executor, choose, *args)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
