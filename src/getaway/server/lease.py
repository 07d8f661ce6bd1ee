"""Match leases: which process owns a match when several share one PostgreSQL database.

A lease is a row ``(match_id, owner, expires_at)``. Only its owner keeps the match in memory
and runs its bots and timers. Every statement here is one short transaction whose ``WHERE``
decides, so of two processes trying at once exactly one wins, and times are the database's
clock (``now()``), so the processes need not agree on theirs. Correctness of the log does not
rest on leases (the conditional version update lets one writer win per position, see
``store.py``); leases make sure one process at a time does the work.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import Table, and_, delete, func, literal, or_, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.engine import Engine
from sqlalchemy.sql.elements import ColumnElement

from getaway.server.db import ACTIVE, LeaseRow, MatchRow

_LEASES: Table = LeaseRow.__table__  # type: ignore[assignment]
_MATCHES: Table = MatchRow.__table__  # type: ignore[assignment]


class Leases:
    def __init__(self, engine: Engine, node: str, seconds: float) -> None:
        if engine.dialect.name != "postgresql":
            raise ValueError("leases need PostgreSQL (several processes share one database)")
        self.engine = engine
        self.node = node
        self.ttl = timedelta(seconds=seconds)

    def _until(self) -> ColumnElement[datetime]:
        return func.now() + literal(self.ttl)

    def acquire(self, match_id: str) -> str | None:
        """Take the lease of ``match_id`` if it is free, expired or already ours; the owner
        afterwards (this node when it won), or ``None`` for a match that does not exist."""
        leases = _LEASES.c
        with self.engine.begin() as connection:
            taken = connection.execute(
                update(_LEASES)
                .where(
                    leases.match_id == match_id,
                    or_(leases.owner == self.node, leases.expires_at < func.now()),
                )
                .values(owner=self.node, expires_at=self._until())
            )
            if taken.rowcount == 1:
                return self.node
            # No row yet (a match made before leases, or by a process that died before its
            # lease was written): insert one, only for a match that exists.
            connection.execute(
                pg_insert(_LEASES)
                .from_select(
                    ["match_id", "owner", "expires_at"],
                    select(_MATCHES.c.id, literal(self.node), self._until()).where(
                        _MATCHES.c.id == match_id
                    ),
                )
                .on_conflict_do_nothing()
            )
            owner = connection.scalar(select(leases.owner).where(leases.match_id == match_id))
        return owner

    def renew(self) -> set[str]:
        """Extend every lease this node holds; the matches it still holds."""
        leases = _LEASES.c
        with self.engine.begin() as connection:
            rows = connection.execute(
                update(_LEASES)
                .where(leases.owner == self.node)
                .values(expires_at=self._until())
                .returning(leases.match_id)
            )
            return {row[0] for row in rows}

    def release(self, match_id: str) -> None:
        """Give up a lease this node holds (a finished match leaving memory)."""
        leases = _LEASES.c
        with self.engine.begin() as connection:
            connection.execute(
                delete(_LEASES).where(leases.match_id == match_id, leases.owner == self.node)
            )

    def orphans(self, limit: int = 100) -> list[str]:
        """Active matches whose lease expired or was never written: to take over."""
        leases, matches = _LEASES.c, _MATCHES.c
        with self.engine.begin() as connection:
            return list(
                connection.scalars(
                    select(matches.id)
                    .select_from(_MATCHES.outerjoin(_LEASES, leases.match_id == matches.id))
                    .where(
                        matches.status == ACTIVE,
                        or_(leases.match_id.is_(None), leases.expires_at < func.now()),
                    )
                    .order_by(func.random())
                    .limit(limit)
                )
            )

    def owners(self) -> dict[str, str]:
        """Every live lease: match id -> owner (for tests and the campaign)."""
        leases = _LEASES.c
        with self.engine.begin() as connection:
            rows = connection.execute(
                select(leases.match_id, leases.owner).where(and_(leases.expires_at >= func.now()))
            )
            return {row[0]: row[1] for row in rows}
