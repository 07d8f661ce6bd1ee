"""Where bots think: in worker processes, so a searching bot never holds the server's GIL.

A ``hard`` bot searches for up to a second of pure Python. In a thread of the server process
it would hold the interpreter lock for most of that second, and every other match's requests
would wait behind it. So bots choose in a pool of worker processes (``bot_processes`` in the
settings; 0 runs them in threads, which is what most tests use: no process start-up). A
worker gets only what a bot may see (the game's name, the bot's level, the seat's view, its
legal actions and a seed) and sends back one action id.

Workers end with the server, however it ends. An orderly shutdown cancels queued work and
lets each worker finish its current choice; a killed server cannot say anything, so each
worker asks the kernel for SIGKILL when its parent dies (Linux's ``PR_SET_PDEATHSIG``) and
also watches its parent's pid from a thread (other systems, and the moment before
``prctl``). Without this a SIGKILLed server left its workers waiting on their queue for good.
"""

from __future__ import annotations

import asyncio
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from getaway.ai import make_bot
from getaway.core import GetawayError, Rng, get_game

log = logging.getLogger(__name__)

#: prctl's option to get a signal when the parent dies (linux/prctl.h).
PR_SET_PDEATHSIG = 1
#: How often a worker looks whether the server is still its parent.
PARENT_POLL_SECONDS = 0.5


def follow_parent(parent: int) -> None:
    """Pool initializer: this worker process ends when the server process ``parent`` does.

    The death signal comes when the *thread* that started the worker ends; the pool starts
    workers from the thread that submits work, the server's event loop (its main thread),
    which lives as long as the server."""
    _die_with_parent()
    if os.getppid() != parent:  # the server died before prctl took effect
        os._exit(0)
    threading.Thread(target=_watch_parent, args=(parent,), name="watch-server", daemon=True).start()


def _die_with_parent() -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        pass  # the watching thread still ends the worker, within PARENT_POLL_SECONDS


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(0)


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
        executor = self._pool()
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, choose, *args)
        except BrokenProcessPool:
            # A worker died (killed by the kernel or an operator). The executor refuses all
            # work from then on, and every bot of every match would fall back to its first
            # legal move for the rest of the server's life: start a new pool and ask again.
            log.warning("a bot worker process died; starting a new pool of %d", self.processes)
            if self._executor is executor:
                executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None
            return await asyncio.get_running_loop().run_in_executor(self._pool(), choose, *args)

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # "spawn": the server has threads and an event loop, which a fork would copy
            # in an unusable state.
            self._executor = ProcessPoolExecutor(
                self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=follow_parent,
                initargs=(os.getpid(),),
            )
        return self._executor

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
