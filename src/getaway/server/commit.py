"""Group commit: the actions of many matches share one transaction and one disk flush.

Every accepted action must be on disk before anyone hears of it, and a durable commit costs
a flush (``fsync``) whatever it holds. So appends are queued, and one writer at a time takes
*everything* queued so far into a single transaction. Under light load a batch holds one
action and nothing waits; under heavy load each flush carries many actions, so throughput
grows with load instead of queueing behind the disk. Each caller is answered only after the
commit that holds its action, and each action succeeds or fails on its own
(:meth:`~getaway.server.store.Store.append_many`).
"""

from __future__ import annotations

import asyncio

from getaway.server.store import Append, LogConflictError, Store


class GroupCommit:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: list[tuple[Append, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        #: Batches written and actions in them, for ``getaway bench server`` and tests.
        self.batches = 0
        self.appended = 0

    async def append(self, item: Append) -> None:
        """Return once ``item`` is committed; raise :class:`LogConflictError` if the log
        moved on, or the database's error if the batch could not be written."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._queue.append((item, done))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write())
        await done

    async def _write(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            try:
                outcomes = await asyncio.to_thread(self.store.append_many, [i for i, _ in batch])
            except Exception as exc:  # the whole batch failed: every caller hears why
                for _, done in batch:
                    if not done.done():
                        done.set_exception(exc)
                continue
            self.batches += 1
            self.appended += len(batch)
            for (_, done), failure in zip(batch, outcomes, strict=True):
                if done.done():
                    continue
                if failure is None:
                    done.set_result(None)
                else:
                    done.set_exception(failure)

    async def drain(self) -> None:
        """Wait until everything queued is written (at shutdown)."""
        while self._writer is not None and not self._writer.done():
            await asyncio.shield(self._writer)


__all__ = ["GroupCommit", "LogConflictError"]
