"""The database schema (SQLAlchemy 2 typed ORM) and the engine.

A match is its game, options and seed plus its action log; everything else the server shows
is rebuilt from those. ``actions`` has the primary key ``(match_id, number)`` and an append
also moves ``matches.version`` on with ``UPDATE ... WHERE version = expected``: of two writers
racing from the same position only one can succeed, whatever process each runs in.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    false,
)
from sqlalchemy.engine import Engine, ExceptionContext
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

ID_LENGTH = 32
HASH_LENGTH = 64  # sha256 in hex

# Match status values.
ACTIVE = "active"
FINISHED = "finished"

# Seat kinds.
HUMAN = "human"
BOT = "bot"

# Who played an action: the seat's person, its bot, or its timer (the rules' default).
BY_SEAT = "seat"
BY_BOT = "bot"
BY_TIMEOUT = "timeout"


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # A 64-bit seed stored as a signed BIGINT (two's complement; see store.py).
    seed: Mapped[int] = mapped_column(BigInteger)
    # A practice match: its seed (chosen or drawn) is shown to every seat and spectator.
    practice: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    players: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), index=True)
    # Counts every change (actions and undos) and never goes down, so a version number names
    # one position for good: an action chosen before an undo cannot land after it.
    version: Mapped[int] = mapped_column(Integer)
    turn_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    host_token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH))
    # Each viewer's own version (seats, and "spectator"): how many changes it could see.
    # Written in the same transaction as the change, so a restart neither moves a viewer's
    # version back nor shows it the match's global count. NULL for a match older than this
    # column: its viewers start from ``version``.
    viewer_versions: Mapped[dict[str, int] | None] = mapped_column(JSON, nullable=True)
    # Unique: one rematch per match, even when the host clicks twice at once.
    rematch_of: Mapped[str | None] = mapped_column(
        String(ID_LENGTH), ForeignKey("matches.id"), nullable=True, unique=True
    )


class SeatRow(Base):
    __tablename__ = "seats"

    match_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("matches.id"), primary_key=True
    )
    seat: Mapped[str] = mapped_column(String(64), primary_key=True)
    # Only the sha256 of a seat's secret is kept; NULL for a bot seat nobody was invited to.
    token_hash: Mapped[str | None] = mapped_column(String(HASH_LENGTH), nullable=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot_level: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Set once somebody has used the seat's link or joined it; joins only take NULL ones.
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # Whether anyone may take the seat (a join from the lobby or the spectator page); until
    # the host opens it, an invited seat is taken only through its own invitation link.
    open: Mapped[bool] = mapped_column(Boolean, server_default=false())


class ActionRow(Base):
    __tablename__ = "actions"

    match_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("matches.id"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LeaseRow(Base):
    """Which process owns a match while several share the database (``lease.py``)."""

    __tablename__ = "match_leases"

    match_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("matches.id"), primary_key=True
    )
    owner: Mapped[str] = mapped_column(String(64), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL lets readers run beside the writer; synchronous=FULL makes each commit durable
    # even against power loss, not only a killed process: an accepted action is never lost.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


#: SQLite's answers for a file it cannot write (any extended code of these primaries).
_SQLITE_CANNOT_WRITE = {sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN}
#: PostgreSQL's read_only_sql_transaction (a read-only session, database or standby).
_POSTGRES_READ_ONLY = "25006"


def refused_write(error: BaseException | None) -> bool:
    """Whether ``error`` is the database refusing to write (read-only, or a file it cannot
    write), as opposed to a conflict or a bad statement."""
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in _SQLITE_CANNOT_WRITE
    return getattr(error, "sqlstate", None) == _POSTGRES_READ_ONLY


def refused_before_writing(error: BaseException | None) -> bool:
    """A refusal that comes before anything is written (the first write statement of the
    transaction fails), so running the transaction again is safe."""
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF == sqlite3.SQLITE_READONLY
    return getattr(error, "sqlstate", None) == _POSTGRES_READ_ONLY


def _reconnect_after_refused_write(context: ExceptionContext) -> None:
    # A connection opened while the database was read-only stays read-only after the
    # database is writable again: SQLite opened the file read-only, PostgreSQL's session
    # kept default_transaction_read_only. Treated as a lost connection, it is thrown away,
    # with every pooled connection as old as it, and the next use opens a fresh one.
    if refused_write(context.original_exception):
        context.is_disconnect = True


def make_engine(url: str) -> Engine:
    # A network database can drop idle connections: test each before use. A SQLite file
    # cannot, and the test query would cost as much as an action's own writes.
    # hide_parameters: a database error's text (which the server logs) names the statement
    # but not its values, which can be a token's hash or a secret action.
    engine = create_engine(url, pool_pre_ping=not url.startswith("sqlite"), hide_parameters=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    event.listen(engine, "handle_error", _reconnect_after_refused_write)
    return engine
