"""The Redis relay between server processes: forwarded requests, their answers, and every
viewer's updates (see "Several processes" in docs/server.md).

Channels (Redis pub/sub, nothing stored in Redis):

* ``getaway:node:{node}``: requests for the matches ``node`` owns;
* ``getaway:reply:{node}``: the answers to ``node``'s forwarded requests;
* ``getaway:view:{match}:{viewer}``: ``viewer``'s new state after each change it can see.

One connection per process reads every subscription; when Redis goes away it reconnects
with a back-off, subscribes again, and tells every listener (``RECONNECTED``) so that relayed
sockets re-read their state: publications made meanwhile are lost, states are whole.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import orjson
import redis.asyncio as aioredis
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

#: Put on a listener's queue after a reconnection: publications may have been missed.
RECONNECTED = b"reconnected"
#: How long a forwarded request waits for its answer.
CALL_SECONDS = 10.0
#: Pause before connecting to Redis again.
RECONNECT_SECONDS = 0.5

#: What a Redis call raises when the connection is gone: redis-py's errors, the socket's,
#: and uvloop's RuntimeError for a transport closed under a command being sent.
LOST = (RedisError, OSError, RuntimeError)

Handler = Callable[[str, str, dict[str, Any]], Awaitable[tuple[int, bytes]]]


class NoOwnerError(Exception):
    """Nobody listens on the owner's channel: the request was not delivered."""


class NoAnswerError(Exception):
    """The request was delivered (or may have been) but no answer came in time."""


def node_channel(node: str) -> str:
    return f"getaway:node:{node}"


def reply_channel(node: str) -> str:
    return f"getaway:reply:{node}"


def view_channel(match_id: str, viewer: str) -> str:
    return f"getaway:view:{match_id}:{viewer}"


class Relay:
    def __init__(self, url: str, node: str, handler: Handler) -> None:
        self.node = node
        self._handler = handler
        # Commands time out rather than hang while Redis is away.
        self._redis = aioredis.Redis.from_url(url, socket_timeout=3, socket_connect_timeout=2)
        self._url = url
        self._ids = itertools.count(1)
        self._calls: dict[int, asyncio.Future[tuple[int, bytes]]] = {}
        self._listeners: dict[str, set[asyncio.Queue[bytes]]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._pubsub: Any = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._connected = asyncio.Event()
        self._closing = False

    async def start(self) -> None:
        self._reader = asyncio.get_running_loop().create_task(self._read_forever())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._connected.wait(), timeout=5)

    async def close(self) -> None:
        self._closing = True
        if self._reader is not None:
            self._reader.cancel()
            await asyncio.gather(self._reader, return_exceptions=True)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(*LOST):
            await self._redis.aclose()

    # Reading --------------------------------------------------------------------------------

    async def _read_forever(self) -> None:
        first = True
        while not self._closing:
            client = aioredis.Redis.from_url(self._url, socket_connect_timeout=2)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(node_channel(self.node), reply_channel(self.node))
                if self._listeners:
                    await pubsub.subscribe(*self._listeners)
                self._pubsub = pubsub
                self._connected.set()
                if not first:
                    log.info("node %s: Redis is back; relayed sockets re-read", self.node)
                    for queues in self._listeners.values():
                        for queue in queues:
                            queue.put_nowait(RECONNECTED)
                first = False
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is not None:
                        self._dispatch(message)
            except LOST as exc:
                log.warning("node %s: Redis connection lost (%s); reconnecting", self.node, exc)
            finally:
                self._pubsub = None
                self._connected.clear()
                with contextlib.suppress(*LOST):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
                with contextlib.suppress(*LOST):
                    await client.aclose()
            # Calls in flight will get no answer through this connection.
            for future in self._calls.values():
                if not future.done():
                    future.set_exception(NoAnswerError("the Redis connection was lost"))
            await asyncio.sleep(RECONNECT_SECONDS)

    def _dispatch(self, message: Mapping[str, Any]) -> None:
        channel = message["channel"].decode()
        data: bytes = message["data"]
        if channel == node_channel(self.node):
            self._spawn(self._answer(data))
        elif channel == reply_channel(self.node):
            reply = orjson.loads(data)
            future = self._calls.get(reply["id"])
            if future is not None and not future.done():
                future.set_result((int(reply["status"]), reply["body"].encode()))
        else:
            for queue in self._listeners.get(channel, ()):
                queue.put_nowait(data)

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _answer(self, data: bytes) -> None:
        request = orjson.loads(data)
        try:
            status, body = await self._handler(request["op"], request["match"], request["args"])
        except Exception:
            # Answered at once, as a local request's unexpected error would be, rather than
            # left for the caller to time out on.
            log.exception("node %s: forwarded %r failed", self.node, request["op"])
            status, body = 500, b'{"detail":"Internal Server Error"}'
        reply = orjson.dumps({"id": request["id"], "status": status, "body": body.decode()})
        with contextlib.suppress(*LOST):
            await self._redis.publish(reply_channel(request["from"]), reply)

    # Calling --------------------------------------------------------------------------------

    async def call(
        self, node: str, op: str, match_id: str, args: Mapping[str, Any]
    ) -> tuple[int, bytes]:
        """Run ``op`` on ``node``; its status and body. :class:`NoOwnerError` when nobody got
        the request (nothing ran), :class:`NoAnswerError` when it may have run."""
        if not self._connected.is_set():
            raise NoOwnerError("Redis is not reachable")
        call_id = next(self._ids)
        future: asyncio.Future[tuple[int, bytes]] = asyncio.get_running_loop().create_future()
        self._calls[call_id] = future
        request = {"id": call_id, "from": self.node, "op": op, "match": match_id, "args": args}
        try:
            try:
                receivers = await self._redis.publish(node_channel(node), orjson.dumps(request))
            except LOST as exc:
                # A publish that failed on the way may still have been delivered.
                raise NoAnswerError(f"Redis failed: {exc}") from None
            if receivers == 0:
                raise NoOwnerError(f"node {node} is not listening")
            try:
                return await asyncio.wait_for(future, CALL_SECONDS)
            except TimeoutError:
                raise NoAnswerError(f"node {node} did not answer") from None
        finally:
            self._calls.pop(call_id, None)
            if future.done() and not future.cancelled():
                future.exception()  # set by a lost connection after the caller gave up

    # Views ----------------------------------------------------------------------------------

    async def publish(self, messages: Mapping[str, bytes]) -> None:
        """Publish each channel's message, in one round trip; lost if Redis is away."""
        if not messages:
            return
        try:
            async with self._redis.pipeline(transaction=False) as pipe:
                for channel, data in messages.items():
                    pipe.publish(channel, data)
                await pipe.execute()
        except LOST as exc:
            log.debug("node %s: publish failed: %s", self.node, exc)

    async def listeners_of(self, channels: list[str]) -> dict[str, int] | None:
        """How many subscribers each channel has now; None when Redis cannot be asked."""
        if not channels:
            return {}
        try:
            counts = await self._redis.pubsub_numsub(*channels)
        except LOST as exc:
            log.debug("node %s: cannot count subscribers: %s", self.node, exc)
            return None
        return {
            (name.decode() if isinstance(name, bytes) else str(name)): int(count)
            for name, count in counts
        }

    async def listen(self, channel: str) -> asyncio.Queue[bytes]:
        """A queue receiving every message on ``channel`` until :meth:`unlisten`."""
        queue: asyncio.Queue[bytes] = asyncio.Queue()
        queues = self._listeners.setdefault(channel, set())
        queues.add(queue)
        if len(queues) == 1 and self._pubsub is not None:
            with contextlib.suppress(*LOST):
                await self._pubsub.subscribe(channel)
        return queue

    async def unlisten(self, channel: str, queue: asyncio.Queue[bytes]) -> None:
        queues = self._listeners.get(channel)
        if queues is None:
            return
        queues.discard(queue)
        if not queues:
            del self._listeners[channel]
            if self._pubsub is not None:
                with contextlib.suppress(*LOST):
                    await self._pubsub.unsubscribe(channel)
