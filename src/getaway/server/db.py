"""The database schema (SQLAlchemy 2 typed ORM) and the engine.

A match is its game, options and seed plus its action log; everything else the server shows
is rebuilt from those. ``actions`` has the primary key ``(match_id, number)`` and an append
also moves ``matches.version`` on with ``UPDATE ... WHERE version = expected``: of two writers
racing from the same position only one can succeed, whatever process each runs in.
"""

from __future__ import annotations

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
from sqlalchemy.engine import Engine
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


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL lets readers run beside the writer; synchronous=FULL makes each commit durable
    # even against power loss, not only a killed process: an accepted action is never lost.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def make_engine(url: str) -> Engine:
    # A network database can drop idle connections: test each before use. A SQLite file
    # cannot, and the test query would cost as much as an action's own writes.
    engine = create_engine(url, pool_pre_ping=not url.startswith("sqlite"))
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine
