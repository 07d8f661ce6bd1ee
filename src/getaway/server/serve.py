"""``getaway serve``: run the server with uvicorn.

The socket is bound here, before uvicorn starts, so ``--port 0`` works (the system picks a
free port) and the printed URL is the real one.
"""

from __future__ import annotations

import copy
import gc
import os
import socket
import sys
from typing import Any, TextIO

import uvicorn
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from getaway.core import GetawayError
from getaway.server.app import create_app
from getaway.server.connections import GuardedHttpProtocol
from getaway.server.db import make_engine
from getaway.server.limits import (
    KEEP_ALIVE_SECONDS,
    MAX_WS_MESSAGE_BYTES,
    WS_PING_INTERVAL_SECONDS,
    WS_PING_TIMEOUT_SECONDS,
)
from getaway.server.migrate import upgrade
from getaway.server.redact import RedactTokens as RedactTokens  # its old home; tests use it
from getaway.server.redact import install
from getaway.server.settings import load_settings

#: How much the server logs: critical, error, warning, info (the default), debug or trace.
LOG_LEVEL_VAR = "GETAWAY_LOG_LEVEL"


def log_config(level: str = "info") -> dict[str, Any]:
    """uvicorn's logging, all on stderr: stdout carries only the "serving on" line, so a
    program reading that line need not drain the access log (a full pipe would block the
    server). Every handler, the root logger's included, redacts tokens (redact.py)."""
    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config["handlers"]["access"]["stream"] = "ext://sys.stderr"
    return install(config, level)


def log_level(text: str | None) -> str:
    """``GETAWAY_LOG_LEVEL``: how much the server logs (default ``info``)."""
    level = (text or "info").strip().lower()
    if level not in uvicorn.config.LOG_LEVELS:
        allowed = ", ".join(uvicorn.config.LOG_LEVELS)
        raise GetawayError(f"{LOG_LEVEL_VAR}={text!r}: give one of {allowed}")
    return level


def bind(host: str, port: int) -> socket.socket:
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP, flags=socket.AI_PASSIVE
    )[0]
    # proto must be IPPROTO_TCP (socket.create_server leaves it 0): asyncio turns Nagle off
    # only on such sockets, and with Nagle on every keep-alive response waits ~40 ms for a
    # delayed ACK.
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def prepare_database(url: str) -> None:
    """Migrate before serving, so a wrong URL or an unreachable database is a clear error
    at once rather than a failed start-up inside uvicorn."""
    try:
        engine = make_engine(url)
        try:
            upgrade(engine)
        finally:
            engine.dispose()
    except (SQLAlchemyError, ImportError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise GetawayError(f"cannot use the database {shown_url(url)}: {first}") from None


def shown_url(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (SQLAlchemyError, ValueError):
        return "(a malformed URL)"


def serve(host: str, port: int, database_url: str | None, out: TextIO = sys.stdout) -> int:
    """Serve until interrupted; 0 after a clean shutdown, 1 if the server did not start."""
    settings = load_settings(database_url)
    level = log_level(os.environ.get(LOG_LEVEL_VAR))
    prepare_database(settings.database_url)
    try:
        sock = bind(host, port)
    except OSError as exc:
        raise GetawayError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    config = uvicorn.Config(
        create_app(settings),
        log_level=level,
        log_config=log_config(level),
        ws="websockets-sansio",
        # "auto" takes uvloop (C, installed with getaway except on Windows) over asyncio's
        # own loop; HTTP is httptools (C, installed with getaway) rather than pure-Python
        # h11, since the HTTP machinery is most of a request's cost, with a header timeout
        # and a connection cap added (see connections.py).
        loop="auto",
        http=GuardedHttpProtocol,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        ws_max_size=MAX_WS_MESSAGE_BYTES,
        ws_ping_interval=WS_PING_INTERVAL_SECONDS,
        ws_ping_timeout=WS_PING_TIMEOUT_SECONDS,
        access_log=settings.access_log,
        lifespan="on",
    )
    print(f"getaway serving on {url_of(sock)}", file=out, flush=True)
    server = uvicorn.Server(config)
    # Everything imported so far lives as long as the process: keep it out of the cyclic
    # garbage collector's full collections, whose pauses grow with what they must scan.
    gc.freeze()
    server.run(sockets=[sock])
    return 0 if server.started else 1
