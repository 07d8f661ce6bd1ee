"""Several server processes on one PostgreSQL database and one Redis (docs/server.md,
"Several processes"): this process's part.

* Ownership: a match's ``LiveMatch`` lives only in the process holding its lease
  (``lease.py``); :meth:`Cluster.run` runs a match's operation here when this process owns
  the match (taking a free or expired lease), and otherwise forwards it to the owner through
  Redis (``relay.py``).
* Renewal: every ``ttl / 3`` this process renews its leases; a match whose lease it lost is
  dropped from memory (its bots and timers stop, its sockets close with 1012).
* Takeover: every second it takes the active matches whose lease expired or is missing and
  rebuilds them from the log (``Registry.get``, the start-up recovery path).
* Updates: after each change the owner publishes the new state of every viewer that can see
  it, for sockets on other processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy.exc import SQLAlchemyError

from getaway.core import SPECTATOR
from getaway.server import ops
from getaway.server.errors import UnavailableError
from getaway.server.lease import Leases
from getaway.server.live import MATCH_ID
from getaway.server.relay import NoAnswerError, NoOwnerError, Relay, node_channel, view_channel

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from getaway.server.live import Registry
    from getaway.server.match import LiveMatch

log = logging.getLogger(__name__)

#: The answer of a process asked to run an operation for a match it no longer owns.
MOVED = 0
#: How often a process looks for matches to take over.
SCAN_SECONDS = 1.0
#: Pause between attempts to reach a match whose owner is not answering.
RETRY_SECONDS = 0.2
#: How many orphaned matches one scan takes at most (the others go to the next scan, or to
#: other processes).
SCAN_LIMIT = 50
#: How many other processes' matches' owners are remembered at most.
KNOWN_LIMIT = 100_000


class Cluster:
    def __init__(self, registry: Registry, engine: Engine, redis_url: str, ttl: float) -> None:
        self.registry = registry
        self.node = uuid.uuid4().hex[:16]
        self.ttl = ttl
        self.leases = Leases(engine, self.node, ttl)
        self.relay = Relay(redis_url, self.node, self._handle)
        #: The matches this process holds the lease of.
        self.owned: set[str] = set()
        #: Until when (monotonic clock) the last successful renewal holds the leases.
        self._valid_until = 0.0
        self._tasks: list[asyncio.Task[None]] = []
        self._pending: dict[str, set[str]] = {}
        self._publishing: dict[str, asyncio.Task[None]] = {}
        self.takeovers = 0
        self._closing = False
        #: Other processes' matches: owner, and until when (monotonic) to believe it without
        #: asking the database. A wrong guess costs one "moved" answer, never a wrong result:
        #: the process asked runs an operation only while it holds the lease.
        self._known: dict[str, tuple[str, float]] = {}
        self._hellos: set[asyncio.Task[None]] = set()

    # Life -----------------------------------------------------------------------------------

    async def start(self) -> None:
        log.info("node %s joins the cluster (lease %g s)", self.node, self.ttl)
        await self.relay.start()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._renew_forever()), loop.create_task(self._scan())]

    async def close(self) -> None:
        self._closing = True
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        publishing = [*self._publishing.values(), *self._hellos]
        for task in publishing:
            task.cancel()
        await asyncio.gather(*publishing, return_exceptions=True)
        await self.relay.close()
        # An orderly stop hands its matches over at once instead of after the lease.
        for match_id in list(self.owned):
            with contextlib.suppress(SQLAlchemyError):
                await asyncio.to_thread(self.leases.release, match_id)

    # Ownership ------------------------------------------------------------------------------

    def owns(self, match_id: str) -> bool:
        return match_id in self.owned and time.monotonic() < self._valid_until

    async def acquire(self, match_id: str) -> str | None:
        """The owner of ``match_id`` (this node if it took the lease); None: no such match."""
        if self.owns(match_id):
            return self.node
        if not MATCH_ID.fullmatch(match_id):
            return None  # not a match id: the local path answers 404 without the database
        started = time.monotonic()
        try:
            owner = await asyncio.to_thread(self.leases.acquire, match_id)
        except SQLAlchemyError as exc:
            raise UnavailableError(
                "the database is not available right now; nothing was changed"
            ) from exc
        if owner == self.node and match_id not in self.owned:
            # A copy still in memory from an earlier lease may be behind the log (another
            # process played on meanwhile): it is read again.
            self.registry.drop(match_id)
            self.owned.add(match_id)
            # A lease just taken is good for a whole ttl from before it was asked for.
            self._valid_until = max(self._valid_until, started + self.ttl * 0.9)
        return owner

    async def gone(self, nodes: set[str]) -> set[str]:
        """Those of ``nodes`` that are no longer running: nobody listens on their channel (a
        killed process's Redis connection closed with it); none while Redis cannot say."""
        others = sorted(nodes - {self.node})
        listening = await self.relay.listeners_of([node_channel(node) for node in others])
        if listening is None:
            return set()
        return {node for node in others if not listening.get(node_channel(node))}

    def released(self, match_id: str) -> None:
        """A finished match left memory: give its lease back."""
        self.owned.discard(match_id)
        task = asyncio.ensure_future(asyncio.to_thread(self.leases.release, match_id))
        task.add_done_callback(lambda t: t.cancelled() or t.exception())

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            started = time.monotonic()
            # Leases taken while the renewal runs are not in its answer, and are not lost.
            renewing = set(self.owned)
            try:
                held = await asyncio.to_thread(self.leases.renew)
            except SQLAlchemyError as exc:
                log.warning("node %s: cannot renew leases: %s", self.node, exc)
                if time.monotonic() > self._valid_until:
                    self._lose(set(self.owned))
                continue
            self._valid_until = started + self.ttl * 0.9
            self._lose((renewing - held) & self.owned)

    def _lose(self, lost: set[str]) -> None:
        for match_id in lost:
            log.warning("node %s: lost the lease of match %s", self.node, match_id)
            self.owned.discard(match_id)
            self.registry.drop(match_id)

    async def _scan(self) -> None:
        while True:
            await asyncio.sleep(SCAN_SECONDS)
            try:
                orphans = await asyncio.to_thread(self.leases.orphans, SCAN_LIMIT)
            except SQLAlchemyError as exc:
                log.warning("node %s: cannot look for matches to take over: %s", self.node, exc)
                continue
            for match_id in orphans:
                try:
                    if await self.acquire(match_id) != self.node:
                        continue
                    await self.registry.get(match_id)
                except UnavailableError as exc:
                    log.warning("node %s: match %s not taken over: %s", self.node, match_id, exc)
                    continue
                self.takeovers += 1
                log.info("node %s took over match %s", self.node, match_id)

    # Running operations ---------------------------------------------------------------------

    async def run(self, op: str, match_id: str, args: Mapping[str, Any]) -> tuple[int, bytes]:
        """Run a match's operation where the match lives: here (taking its lease when it is
        free or expired) or on its owner. A dead owner's match is taken over here once its
        lease expires."""
        deadline = time.monotonic() + self.ttl + 2.0
        while True:
            owner = await self._owner(match_id)
            if owner is None or owner == self.node:
                # No such match: the local path answers 404 as on one process.
                return await ops.run(self.registry, op, match_id, args)
            try:
                status, body = await self.relay.call(owner, op, match_id, args)
            except NoOwnerError:
                status = MOVED
            except NoAnswerError:
                if op in ops.READS:
                    status = MOVED
                else:
                    raise UnavailableError(
                        "the database did not confirm the change; reload the match to see "
                        "whether it was made, then try again"
                    ) from None
            if status != MOVED:
                return status, body
            self._known.pop(match_id, None)
            if time.monotonic() > deadline:
                raise UnavailableError(
                    "the match's server is not answering; it will be taken over within "
                    f"{self.ttl:g} seconds; try again"
                )
            await asyncio.sleep(RETRY_SECONDS)

    async def _owner(self, match_id: str) -> str | None:
        if self.owns(match_id):
            return self.node
        known = self._known.get(match_id)
        if known is not None and time.monotonic() < known[1]:
            return known[0]
        owner = await self.acquire(match_id)
        if owner is not None and owner != self.node:
            if len(self._known) > KNOWN_LIMIT:
                self._known.clear()
            self._known[match_id] = (owner, time.monotonic() + self.ttl / 2)
        else:
            self._known.pop(match_id, None)
        return owner

    async def _handle(self, op: str, match_id: str, args: dict[str, Any]) -> tuple[int, bytes]:
        """A request forwarded to this process."""
        if op not in ops.OPS:
            return 400, orjson.dumps({"detail": f"unknown operation {op!r}"})
        try:
            owner = await self.acquire(match_id)
        except UnavailableError as exc:
            return exc.status, orjson.dumps({"detail": exc.detail})
        if owner != self.node:
            return MOVED, b"{}"
        return await ops.run(self.registry, op, match_id, args)

    # Updates --------------------------------------------------------------------------------

    def changed(self, match: LiveMatch, viewers: set[str] | None) -> None:
        """Publish, soon, the state of ``viewers`` (everyone: None) of a changed match."""
        if self._closing:
            return
        everyone = {*match.order, SPECTATOR}
        wanted = everyone if viewers is None else viewers & everyone
        if not wanted:
            return
        self._pending.setdefault(match.id, set()).update(wanted)
        task = self._publishing.get(match.id)
        if task is None or task.done():
            self._publishing[match.id] = asyncio.get_running_loop().create_task(
                self._publish(match)
            )

    async def _publish(self, match: LiveMatch) -> None:
        while viewers := self._pending.pop(match.id, None):
            await self.relay.publish(
                {view_channel(match.id, v): match.payload_json(v) for v in sorted(viewers)}
            )
        self._publishing.pop(match.id, None)

    def loaded(self, match: LiveMatch) -> None:
        """A match came into this process's memory (made, or taken over): sockets relayed
        from other processes announce themselves again, since presence counts lived with
        the previous owner."""
        if self._closing:
            return
        hello = orjson.dumps({"owner": self.node})
        channels = {view_channel(match.id, v): hello for v in (*match.order, SPECTATOR)}
        task = asyncio.get_running_loop().create_task(self.relay.publish(channels))
        self._hellos.add(task)
        task.add_done_callback(self._hellos.discard)

    async def revoked(self, match_id: str, seat: str) -> None:
        """A seat's link was replaced: relayed sockets on it close, as local ones do."""
        close = orjson.dumps({"close": 4403, "reason": "this seat's link has been replaced"})
        await self.relay.publish({view_channel(match_id, seat): close})
