"""Connections that cannot hold the server: uvicorn's HTTP protocol with a header timeout,
a header size limit and a cap on open connections.

uvicorn closes idle keep-alive connections, but it waits for a request's headers forever and
accepts connections until the process runs out of file descriptors; then it cannot accept
anyone, and every match stalls. :class:`GuardedHttpProtocol` adds:

- a header timeout: a connection must send a request's line and headers within
  ``HEADER_TIMEOUT_SECONDS`` of connecting (or of its first byte after a keep-alive pause),
  or it is answered 408 and closed, however slowly it dribbles bytes in;
- a header size limit: more than ``MAX_HEADER_BYTES`` before the headers end is a 431;
- a connection cap, kept below the open-file limit: when a new connection would pass it,
  the oldest connection still sending its headers is closed to make room (a slow-loris
  attacker's, almost always: a real client sends its headers in one packet); when none is,
  the new one is answered 503 and closed.
"""

from __future__ import annotations

import asyncio
import resource
import weakref
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from getaway.server.limits import (
    HEADER_TIMEOUT_SECONDS,
    MAX_CONNECTIONS,
    MAX_HEADER_BYTES,
    RESERVED_FILE_DESCRIPTORS,
)


def connection_cap(wanted: int = MAX_CONNECTIONS) -> int:
    """``wanted``, lowered to leave ``RESERVED_FILE_DESCRIPTORS`` of the process's open-file
    limit free: a server that runs out of descriptors stops accepting anybody."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - RESERVED_FILE_DESCRIPTORS))


#: Per server, the connections waiting for a request's headers, oldest first (a dict keeps
#: insertion order): the one to close to make room is found in constant time.
_waiting: weakref.WeakKeyDictionary[ServerState, dict[GuardedHttpProtocol, None]] = (
    weakref.WeakKeyDictionary()
)


def _answer(status: str, detail: str) -> bytes:
    body = detail.encode()
    return (
        f"HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    ).encode() + body


class GuardedHttpProtocol(HttpToolsProtocol):
    header_timeout: float = HEADER_TIMEOUT_SECONDS
    max_header_bytes: int = MAX_HEADER_BYTES
    #: Set once per process (see :func:`connection_cap`); a subclass may lower it.
    max_connections: int = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.max_connections:
            type(self).max_connections = connection_cap()
        self._header_timer: asyncio.TimerHandle | None = None
        self._header_bytes = 0
        self._waiting = _waiting.setdefault(self.server_state, {})

    @property
    def _awaiting_headers(self) -> bool:
        return self in self._waiting

    # Connection -----------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_waiting()
        self._start_header_timer()
        if len(self.connections) > self.max_connections and not self._make_room():
            self._refuse("503 Service Unavailable", "the server is at its connection limit")

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)

    def _make_room(self) -> bool:
        """Close the connection that has waited longest for its headers (not this one)."""
        oldest = next((c for c in self._waiting if c is not self), None)
        if oldest is None:
            return False
        oldest._refuse("503 Service Unavailable", "the server is at its connection limit")
        return True

    # Headers --------------------------------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        if self._awaiting_headers:
            self._header_bytes += len(data)
        super().data_received(data)
        # Still no end of headers (the parser calls on_headers_complete when it sees it).
        if self._awaiting_headers and self._header_bytes > self.max_header_bytes:
            self._refuse(
                "431 Request Header Fields Too Large",
                f"a request's line and headers may have at most {self.max_header_bytes} bytes",
            )

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._header_timer is None:
            self._start_header_timer()

    def on_headers_complete(self) -> None:
        self._stop_waiting()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # The next request's headers are counted afresh; its timer starts with its first
        # byte (on_message_begin), the idle pause before it being keep-alive's business.
        if not self.transport.is_closing():
            self._start_waiting()

    def _start_waiting(self) -> None:
        self._header_bytes = 0
        self._waiting.pop(self, None)
        self._waiting[self] = None

    def _stop_waiting(self) -> None:
        self._waiting.pop(self, None)
        self._stop_header_timer()

    def _start_header_timer(self) -> None:
        self._stop_header_timer()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self._awaiting_headers:
            self._refuse(
                "408 Request Timeout",
                f"the request's headers did not arrive within {self.header_timeout:g} seconds",
            )

    def _stop_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _refuse(self, status: str, detail: str) -> None:
        self._stop_waiting()
        if self.transport.is_closing():
            return
        if self.cycle is None or self.cycle.response_complete:
            self.transport.write(_answer(status, detail))
        self.transport.close()
        # Out of the count at once: the transport tells connection_lost only on a later turn
        # of the loop, and the connection that made room must find it already gone.
        self.connections.discard(self)
