"""Where the server keeps its data: the database URL and the data directory.

The URL is chosen in this order: the ``--database-url`` flag, the ``GETAWAY_DATABASE_URL``
environment variable, then a SQLite file ``getaway.sqlite3`` in the data directory
(``GETAWAY_DATA_DIR``, default ``./data``), created on first use. ``GETAWAY_ACCESS_LOG=1``
logs every HTTP request; ``GETAWAY_BOT_PROCESSES`` sets how many worker processes bots think
in (default one per CPU). ``GETAWAY_REDIS_URL`` makes this process one of several sharing the
database (PostgreSQL) through Redis, and ``GETAWAY_LEASE_SECONDS`` (default 5) is how long a
match's owner holds it without renewing (docs/server.md, "Several processes").
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from getaway.core import GetawayError
from getaway.server.limits import MAX_SOCKETS_PER_MATCH, MAX_SOCKETS_PER_SEAT

DATABASE_URL_VAR = "GETAWAY_DATABASE_URL"
DATA_DIR_VAR = "GETAWAY_DATA_DIR"
#: Set to 1 to log every HTTP request (off by default: at hundreds of requests a second the
#: log line costs more than the request's own work, and the URLs carry seat tokens).
ACCESS_LOG_VAR = "GETAWAY_ACCESS_LOG"
#: How many worker processes bots think in (default: one per CPU; 0: threads of the server).
BOT_PROCESSES_VAR = "GETAWAY_BOT_PROCESSES"
#: Redis for several processes sharing one database (unset: one process, no Redis).
REDIS_URL_VAR = "GETAWAY_REDIS_URL"
#: How long a process holds a match without renewing its lease (several processes).
LEASE_SECONDS_VAR = "GETAWAY_LEASE_SECONDS"
DEFAULT_LEASE_SECONDS = 5.0
DEFAULT_DATA_DIR = "data"
SQLITE_FILE = "getaway.sqlite3"


@dataclass(frozen=True)
class Settings:
    database_url: str
    #: The longest a match lets a seat think when the match asks for turn timers; a bound
    #: so a typo cannot park a deadline in the next century.
    max_turn_seconds: float = 7 * 24 * 3600.0
    access_log: bool = False
    #: Worker processes for bots; 0 runs them in threads (no start-up cost: tests).
    bot_processes: int = 0
    #: How long a finished match nobody is watching stays in memory (it is read back from
    #: the database when asked for again).
    evict_finished_seconds: float = 300.0
    #: WebSocket connections a seat, and a whole match, may hold (see limits.py).
    max_sockets_per_seat: int = MAX_SOCKETS_PER_SEAT
    max_sockets_per_match: int = MAX_SOCKETS_PER_MATCH
    #: Redis, for several processes on one PostgreSQL database; None: this process alone.
    redis_url: str | None = None
    #: How long a match's lease lasts without renewal (several processes).
    lease_seconds: float = DEFAULT_LEASE_SECONDS


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def normalize_url(url: str) -> str:
    """Plain ``postgresql://`` URLs mean the psycopg 3 driver (SQLAlchemy would pick
    psycopg2, which is not installed)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def database_url(flag: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    env = os.environ if environ is None else environ
    url = flag or env.get(DATABASE_URL_VAR)
    if url:
        return normalize_url(url)
    data_dir = Path(env.get(DATA_DIR_VAR) or DEFAULT_DATA_DIR)
    data_dir.mkdir(parents=True, exist_ok=True)
    return sqlite_url(data_dir.resolve() / SQLITE_FILE)


def load_settings(flag_url: str | None = None) -> Settings:
    url = database_url(flag_url)
    redis_url = os.environ.get(REDIS_URL_VAR) or None
    if redis_url is not None and not url.startswith("postgresql"):
        raise GetawayError(
            f"{REDIS_URL_VAR} makes several processes share one database, which must then be "
            f"PostgreSQL (--database-url or {DATABASE_URL_VAR}); leave {REDIS_URL_VAR} unset "
            "to serve alone on SQLite"
        )
    return Settings(
        database_url=url,
        access_log=os.environ.get(ACCESS_LOG_VAR, "") not in ("", "0"),
        bot_processes=bot_processes(os.environ.get(BOT_PROCESSES_VAR)),
        redis_url=redis_url,
        lease_seconds=lease_seconds(os.environ.get(LEASE_SECONDS_VAR)),
    )


def lease_seconds(text: str | None) -> float:
    if not text:
        return DEFAULT_LEASE_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0.5 <= seconds <= 3600:
        raise GetawayError(
            f"{LEASE_SECONDS_VAR}={text!r}: give the seconds a match's lease lasts, from 0.5 "
            "to 3600"
        )
    return seconds


def bot_processes(text: str | None) -> int:
    if not text:
        return os.cpu_count() or 1
    try:
        count = int(text)
    except ValueError:
        count = -1
    if count < 0:
        raise GetawayError(
            f"{BOT_PROCESSES_VAR}={text!r}: give a whole number of worker processes "
            "(0 runs bots in threads of the server)"
        )
    return count
