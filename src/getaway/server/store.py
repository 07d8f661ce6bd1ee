"""Persistence: every read and write of matches, seats and the action log.

Plain synchronous SQLAlchemy; the live layer runs these calls in worker threads. Each method
is one transaction, so a write either happens whole or not at all.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Concatenate, ParamSpec, TypeVar

from sqlalchemy import Table, bindparam, delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session as DbSession

from getaway.core import Move
from getaway.server.db import (
    ACTIVE,
    FINISHED,
    HUMAN,
    ActionRow,
    MatchRow,
    SeatRow,
    refused_before_writing,
    utcnow,
)

P = ParamSpec("P")
T = TypeVar("T")

_SEED_BITS = 64


def stored_seed(seed: int) -> int:
    """A 64-bit seed as a signed BIGINT (both backends' widest integer is signed)."""
    return seed - (1 << _SEED_BITS) if seed >= 1 << (_SEED_BITS - 1) else seed


def loaded_seed(value: int) -> int:
    """The 64-bit seed back from its signed BIGINT."""
    return value & ((1 << _SEED_BITS) - 1)


class LogConflictError(Exception):
    """The log in the database is not what this process expected: another writer got there
    first. Nothing was written."""


@dataclass
class SeatRecord:
    seat: str
    kind: str
    bot_level: str | None
    token_hash: str | None
    claimed: bool = False
    #: Whether anyone may take it, not only its invitation link (see ``Store.open_seat``).
    open: bool = False


@dataclass
class MatchRecord:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    players: int
    host_token_hash: str
    seats: list[SeatRecord]
    turn_seconds: float | None = None
    status: str = ACTIVE
    version: int = 0
    rematch_of: str | None = None
    rematch_id: str | None = None
    actions: list[Move] = field(default_factory=list)
    #: Each viewer's own version; ``None`` for a match stored before viewers had their own.
    viewer_versions: dict[str, int] | None = None
    #: A practice match (chosen or drawn seed): every seat and spectator is shown the seed.
    practice: bool = False


@dataclass(frozen=True)
class Append:
    """One action to log: it moves ``match_id`` from ``version`` to ``version + 1``."""

    match_id: str
    version: int
    number: int
    move: Move
    by: str
    finished: bool
    #: Every viewer's version once the action is in (written with it).
    viewer_versions: dict[str, int] | None = None


_MATCHES: Table = MatchRow.__table__  # type: ignore[assignment]
_ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]
_SEATS: Table = SeatRow.__table__  # type: ignore[assignment]
# The conditional UPDATE is the optimistic lock: it changes no row unless the match is still
# where this writer read it. Built once; only the parameters change per action.
_BUMP = (
    update(_MATCHES)
    .where(_MATCHES.c.id == bindparam("match"), _MATCHES.c.version == bindparam("expected"))
    .values(
        version=bindparam("next"),
        status=bindparam("new_status"),
        updated_at=bindparam("now"),
        viewer_versions=bindparam("viewer_versions", type_=_MATCHES.c.viewer_versions.type),
    )
)


def _again_on_a_fresh_connection(
    write: Callable[Concatenate[Store, P], T],
) -> Callable[Concatenate[Store, P], T]:
    """Run a write a second time when the database refused it before writing anything on a
    connection it has since thrown away (db.py): that connection may date from a spell
    when the database was read-only; a fresh one tells whether it still is."""

    @functools.wraps(write)
    def written(store: Store, /, *args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return write(store, *args, **kwargs)
        except DBAPIError as exc:
            if not (exc.connection_invalidated and refused_before_writing(exc.orig)):
                raise
        return write(store, *args, **kwargs)

    return written


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # SQLite lets one writer in at a time, and a writer that finds the file locked
        # sleeps in SQLite's busy handler (1, 2, 5, 10 ... 100 ms) before it tries again:
        # stalls of tens of milliseconds whenever two of this process's threads write at
        # once. So this process's writes queue on a lock instead, in arrival order. (Another
        # process would still meet the busy handler; PostgreSQL locks rows and needs none.)
        self._writing: contextlib.AbstractContextManager[Any] = (
            threading.Lock() if engine.dialect.name == "sqlite" else contextlib.nullcontext()
        )

    def _session(self) -> DbSession:
        return DbSession(self.engine, expire_on_commit=False)

    # Matches --------------------------------------------------------------------------------

    @_again_on_a_fresh_connection
    def insert_match(self, record: MatchRecord) -> None:
        now = utcnow()
        with self._writing, self._session() as db, db.begin():
            db.add(
                MatchRow(
                    id=record.id,
                    game=record.game,
                    options=record.options,
                    seed=stored_seed(record.seed),
                    practice=record.practice,
                    players=record.players,
                    status=record.status,
                    version=record.version,
                    turn_seconds=record.turn_seconds,
                    created_at=now,
                    updated_at=now,
                    host_token_hash=record.host_token_hash,
                    rematch_of=record.rematch_of,
                    viewer_versions=record.viewer_versions,
                )
            )
            # Flush the match first: PostgreSQL checks the seats' foreign key at once.
            db.flush()
            db.add_all(
                SeatRow(
                    match_id=record.id,
                    seat=s.seat,
                    token_hash=s.token_hash,
                    kind=s.kind,
                    bot_level=s.bot_level,
                    claimed_at=now if s.claimed else None,
                    open=s.open,
                )
                for s in record.seats
            )

    def insert_rematch(self, record: MatchRecord) -> str:
        """Insert ``record`` as the rematch of ``record.rematch_of``, or return the id of the
        rematch somebody else created first (the column is unique)."""
        try:
            self.insert_match(record)
        except IntegrityError:
            existing = self.rematch_id(record.rematch_of or "")
            if existing is None:
                raise
            return existing
        return record.id

    def rematch_id(self, match_id: str) -> str | None:
        with self._session() as db:
            return db.scalar(select(MatchRow.id).where(MatchRow.rematch_of == match_id))

    def load(self, match_id: str) -> MatchRecord | None:
        with self._session() as db:
            row = db.get(MatchRow, match_id)
            if row is None:
                return None
            seats = db.scalars(
                select(SeatRow).where(SeatRow.match_id == match_id).order_by(SeatRow.seat)
            ).all()
            actions = db.scalars(
                select(ActionRow).where(ActionRow.match_id == match_id).order_by(ActionRow.number)
            ).all()
            rematch = db.scalar(select(MatchRow.id).where(MatchRow.rematch_of == match_id))
        numbers = [a.number for a in actions]
        if numbers != list(range(1, len(numbers) + 1)):
            raise LogConflictError(f"match {match_id}: the action log has gaps: {numbers[:20]}")
        return MatchRecord(
            id=row.id,
            game=row.game,
            options=dict(row.options),
            seed=loaded_seed(row.seed),
            practice=row.practice,
            players=row.players,
            host_token_hash=row.host_token_hash,
            seats=[
                SeatRecord(
                    s.seat, s.kind, s.bot_level, s.token_hash, s.claimed_at is not None, s.open
                )
                for s in seats
            ],
            turn_seconds=row.turn_seconds,
            status=row.status,
            version=row.version,
            rematch_of=row.rematch_of,
            rematch_id=rematch,
            actions=[Move(a.seat, a.action) for a in actions],
            viewer_versions=dict(row.viewer_versions) if row.viewer_versions else None,
        )

    def active_ids(self) -> list[str]:
        with self._session() as db:
            return list(
                db.scalars(
                    select(MatchRow.id).where(MatchRow.status == ACTIVE).order_by(MatchRow.id)
                )
            )

    # The action log -------------------------------------------------------------------------

    def append(
        self, match_id: str, version: int, number: int, move: Move, by: str, finished: bool
    ) -> None:
        """Append action ``number`` and move the match from ``version`` to ``version + 1``,
        in one transaction. Raises :class:`LogConflictError` (writing nothing) when the match is
        no longer at ``version`` or the number is taken."""
        failure = self.append_many([Append(match_id, version, number, move, by, finished)])[0]
        if failure is not None:
            raise failure

    @_again_on_a_fresh_connection
    def append_many(self, items: Sequence[Append]) -> list[LogConflictError | None]:
        """Append actions of several matches in ONE transaction (one commit, one fsync: the
        group commit that lets many matches share the disk's flush). Each item succeeds or
        fails on its own: the result holds, per item, ``None`` when it was written or the
        :class:`LogConflictError` that kept it out. Other database errors roll back the
        whole batch and propagate (nothing was written)."""
        now = utcnow()
        outcome: list[LogConflictError | None] = []
        rows: list[dict[str, Any]] = []
        try:
            # SQLAlchemy Core on a plain connection: this runs for every action, and the
            # ORM's unit of work and bulk-update machinery cost more than the SQL itself.
            with self._writing, self.engine.begin() as connection:
                for item in items:
                    bumped = connection.execute(
                        _BUMP,
                        {
                            "match": item.match_id,
                            "expected": item.version,
                            "next": item.version + 1,
                            "new_status": FINISHED if item.finished else ACTIVE,
                            "now": now,
                            "viewer_versions": item.viewer_versions,
                        },
                    )
                    if bumped.rowcount != 1:
                        outcome.append(
                            LogConflictError(
                                f"match {item.match_id} is no longer at version {item.version}"
                            )
                        )
                        continue
                    outcome.append(None)
                    rows.append(
                        {
                            "match_id": item.match_id,
                            "number": item.number,
                            "seat": item.move.seat,
                            "action": item.move.action,
                            "by": item.by,
                            "created_at": now,
                        }
                    )
                if rows:
                    connection.execute(insert(_ACTIONS), rows)
        except IntegrityError:
            # An action number already taken although the version matched: only a damaged
            # log does that. Retry one by one so the other matches' actions still land.
            if len(items) == 1:
                item = items[0]
                return [
                    LogConflictError(
                        f"match {item.match_id}: action {item.number} is already logged"
                    )
                ]
            return [self.append_many([item])[0] for item in items]
        return outcome

    @_again_on_a_fresh_connection
    def remove_last(
        self,
        match_id: str,
        version: int,
        number: int,
        viewer_versions: dict[str, int] | None = None,
    ) -> None:
        """Delete action ``number``, which must be the last one (an undo), moving the match
        from ``version`` to ``version + 1`` and storing the viewers' new versions in the
        same transaction."""
        with self._writing, self._session() as db, db.begin():
            self._bump(db, match_id, version, ACTIVE, viewer_versions)
            later = db.scalar(
                select(ActionRow.number).where(
                    ActionRow.match_id == match_id, ActionRow.number > number
                )
            )
            result = db.execute(
                delete(ActionRow).where(ActionRow.match_id == match_id, ActionRow.number == number)
            )
            if later is not None or result.rowcount != 1:  # type: ignore[attr-defined]
                # Raising inside the transaction rolls everything back.
                raise LogConflictError(f"match {match_id}: action {number} is not the last one")

    @staticmethod
    def _bump(
        db: DbSession,
        match_id: str,
        version: int,
        status: str,
        viewer_versions: dict[str, int] | None,
    ) -> None:
        # The conditional UPDATE is the optimistic lock: it changes no row unless the match is
        # still where this writer read it.
        result = db.execute(
            update(MatchRow)
            .where(MatchRow.id == match_id, MatchRow.version == version)
            .values(
                version=version + 1,
                status=status,
                updated_at=utcnow(),
                # None: the caller does not keep viewers' versions (tools, tests).
                **({} if viewer_versions is None else {"viewer_versions": viewer_versions}),
            )
            # No loaded MatchRow objects to keep in step: skip the ORM's session sync.
            .execution_options(synchronize_session=False)
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            raise LogConflictError(f"match {match_id} is no longer at version {version}")

    def actions_by(self, match_id: str) -> list[str]:
        """Who played each logged action (seat, bot or timeout), in order."""
        with self._session() as db:
            return list(
                db.scalars(
                    select(ActionRow.by)
                    .where(ActionRow.match_id == match_id)
                    .order_by(ActionRow.number)
                )
            )

    # Seats ----------------------------------------------------------------------------------

    @_again_on_a_fresh_connection
    def claim(self, match_id: str, seat: str, token_hash: str | None = None) -> bool:
        """Mark a human seat taken, if nobody has taken it yet; with ``token_hash`` (a join,
        not the seat's own link) also replace its secret, and only if the host has opened
        the seat to anyone. The conditional UPDATE makes this atomic in the database: of two
        claims at once exactly one changes a row."""
        values: dict[str, Any] = {"claimed_at": utcnow()}
        if token_hash is not None:
            values["token_hash"] = token_hash
        seats = _SEATS.c
        conditions = [
            seats.match_id == match_id,
            seats.seat == seat,
            seats.kind == HUMAN,
            seats.claimed_at.is_(None),
        ]
        if token_hash is not None:
            conditions.append(seats.open.is_(True))
        with self._writing, self.engine.begin() as connection:
            result = connection.execute(update(_SEATS).where(*conditions).values(**values))
            return bool(result.rowcount == 1)

    @_again_on_a_fresh_connection
    def open_seat(self, match_id: str, seat: str) -> bool:
        """Let anyone take a person's seat nobody has taken yet; ``False`` when it is taken
        (or a bot's)."""
        seats = _SEATS.c
        with self._writing, self.engine.begin() as connection:
            result = connection.execute(
                update(_SEATS)
                .where(
                    seats.match_id == match_id,
                    seats.seat == seat,
                    seats.kind == HUMAN,
                    seats.claimed_at.is_(None),
                )
                .values(open=True)
            )
            return bool(result.rowcount == 1)

    @_again_on_a_fresh_connection
    def set_controller(
        self,
        match_id: str,
        seat: str,
        kind: str,
        level: str | None,
        token_hash: str | None,
        viewer_versions: dict[str, int] | None = None,
    ) -> None:
        """Hand a seat to a bot (its person's secret stays valid for watching), or to a
        person with the new secret ``token_hash`` (the seat is then unclaimed, and reserved
        for the new link until the host opens it). The viewers' new versions (a seat's legal
        actions come and go with who plays it) are written in the same transaction."""
        values: dict[str, Any] = {"kind": kind, "bot_level": level}
        if token_hash is not None:
            values["token_hash"] = token_hash
            values["claimed_at"] = None
            values["open"] = False
        with self._writing, self._session() as db, db.begin():
            db.execute(
                update(SeatRow)
                .where(SeatRow.match_id == match_id, SeatRow.seat == seat)
                .values(**values)
            )
            if viewer_versions is not None:
                db.execute(
                    update(MatchRow)
                    .where(MatchRow.id == match_id)
                    .values(viewer_versions=viewer_versions)
                    .execution_options(synchronize_session=False)
                )
