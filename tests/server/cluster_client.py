"""A client for several real server processes with the surface of FastAPI's ``TestClient``
that the server tests use: HTTP requests (``get``, ``post``, ``request``, ...) and
``websocket_connect(...)`` as a context manager with ``send_json``, ``send_text``,
``receive_json``, ``receive_text`` and ``close``.

Each request, and each socket, goes to the next process in turn: a load balancer without
stickiness, so a match's requests really cross processes (the owner of a match is whichever
process took its lease; the others forward to it through Redis). Requests are addressed to
``http://testserver`` as the ``TestClient``'s are, so the links the server builds from the
``Host`` header look the same on every backend.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import httpx2
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

#: The address every request is written to (and the ``Host`` it carries), as TestClient's.
BASE_URL = "http://testserver"
#: How long a test waits for a socket's next message before failing (a TestClient waits
#: forever, and a test that waits for a message that never comes would then hang until the
#: run's timeout).
RECEIVE_SECONDS = 30.0
#: A state may be large (a finished match's), larger than the websockets default of 1 MiB.
MAX_MESSAGE_BYTES = 16 * 1024 * 1024
#: Below the server's 5 s keep-alive: a connection is never reused just as the server
#: closes it (a request sent then would fail with "server disconnected").
KEEPALIVE_SECONDS = 2.0


class RoundRobin:
    """The processes' addresses, handed out in turn (thread-safe: tests race requests)."""

    def __init__(self, urls: Sequence[str]) -> None:
        if not urls:
            raise ValueError("no process to send to")
        self.urls = [httpx2.URL(url) for url in urls]
        self._turns = itertools.cycle(range(len(self.urls)))
        self._lock = threading.Lock()

    def next(self) -> httpx2.URL:
        with self._lock:
            return self.urls[next(self._turns)]


class RoundRobinTransport(httpx2.BaseTransport):
    """Sends each request to the next process, keeping its path, query and headers."""

    def __init__(self, targets: RoundRobin) -> None:
        self._targets = targets
        limits = httpx2.Limits(keepalive_expiry=KEEPALIVE_SECONDS)
        self._inner = httpx2.HTTPTransport(trust_env=False, limits=limits)

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        target = self._targets.next()
        request.url = request.url.copy_with(
            scheme=target.scheme, host=target.host, port=target.port
        )
        return self._inner.handle_request(request)

    def close(self) -> None:
        self._inner.close()


class ClusterSocket:
    """A WebSocket to one of the processes, read and written as a ``TestClient``'s is:
    a close by the server raises starlette's ``WebSocketDisconnect`` with its code and
    reason."""

    def __init__(self, connection: ClientConnection) -> None:
        self._connection = connection

    def send_text(self, data: str) -> None:
        self._connection.send(data)

    def send_json(self, data: Any) -> None:
        self.send_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False))

    def receive_text(self) -> str:
        try:
            message = self._connection.recv(timeout=RECEIVE_SECONDS)
        except ConnectionClosed as closed:
            frame = closed.rcvd
            raise WebSocketDisconnect(
                code=frame.code if frame is not None else 1006,
                reason=frame.reason if frame is not None else "",
            ) from None
        except TimeoutError:
            raise AssertionError(
                f"the socket received nothing within {RECEIVE_SECONDS:g} seconds"
            ) from None
        return message if isinstance(message, str) else message.decode()

    def receive_json(self) -> Any:
        return json.loads(self.receive_text())

    def close(self, code: int = 1000, reason: str = "") -> None:
        self._connection.close(code, reason)


class ClusterClient(httpx2.Client):
    """HTTP and WebSocket client for the processes at ``urls``, round robin."""

    def __init__(self, urls: Sequence[str], timeout: float = 30.0) -> None:
        self.targets = RoundRobin(urls)
        super().__init__(
            base_url=BASE_URL, transport=RoundRobinTransport(self.targets), timeout=timeout
        )

    @contextmanager
    def websocket_connect(self, path: str) -> Iterator[ClusterSocket]:
        """A socket on ``path`` (``/api/matches/{id}/ws?token=...``) to the next process."""
        target = self.targets.next()
        url = f"ws://{target.host}:{target.port}{path}"
        with connect(url, open_timeout=RECEIVE_SECONDS, max_size=MAX_MESSAGE_BYTES) as socket:
            yield ClusterSocket(socket)
