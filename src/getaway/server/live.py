"""The live matches: the one authority for every match this process serves.

Each match lives in memory as a :class:`~getaway.server.match.LiveMatch` and changes only
under its ``asyncio.Lock``, through :meth:`Registry.commit_action` (actions of people, bots
and timers alike) or :meth:`Registry.undo`. A change is checked on a clone of the state,
written to the database in one transaction, and only then applied in memory and announced;
so whatever a client has been told is already on disk, and a failed write changes nothing.
At start-up every unfinished match is rebuilt from its logged actions and its bots and
timers resume.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from getaway.ai import bot_names
from getaway.core import GetawayError, Move, NotYourTurnError, fresh_seed, get_game
from getaway.server import bots, timers
from getaway.server.commit import GroupCommit
from getaway.server.db import BOT, BY_BOT, BY_SEAT, HUMAN, refused_before_writing
from getaway.server.errors import (
    BadRequestError,
    ConflictError,
    ForbiddenError,
    NotFoundError,
    TooManySocketsError,
    UnavailableError,
    UnprocessableError,
    stale,
)
from getaway.server.match import Clock, LiveMatch
from getaway.server.settings import Settings
from getaway.server.store import Append, LogConflictError, MatchRecord, SeatRecord, Store
from getaway.server.thinking import BotPool
from getaway.server.tokens import hash_token, new_match_id, new_token

if TYPE_CHECKING:
    from getaway.server.cluster import Cluster

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Match ids are ``secrets.token_urlsafe`` strings; anything else is unknown without asking
#: the database (which could choke on, say, a NUL byte).
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: Every refused undo in a blind step says this, whoever has answered.
BLIND_UNDO = "no undo during a blind step: it would tell who else has answered"
#: A join refused because the seat waits for its own invitation link.
RESERVED = "seat {seat!r} is reserved for its invitation link; the host can open it to anyone"


@dataclass
class Created:
    match: LiveMatch
    tokens: dict[str, str]
    host_token: str


@dataclass
class SeatChange:
    seat: str
    kind: str
    bot_level: str | None
    token: str | None


class Registry:
    def __init__(self, store: Store, settings: Settings, clock: Clock = time.monotonic) -> None:
        self.store = store
        #: Actions of all matches are written through here, many to a transaction.
        self.committer = GroupCommit(store)
        #: Where bots think (worker processes, or threads when ``bot_processes`` is 0).
        self.thinking = BotPool(settings.bot_processes)
        self.settings = settings
        self.clock = clock
        self.matches: dict[str, LiveMatch] = {}
        # Matches whose log no longer replays (a rules change): reported, never guessed at.
        self.broken: dict[str, str] = {}
        self.closing = False
        self._load_lock = asyncio.Lock()
        # Matches whose last write failed: the database may hold it all the same (an error
        # after the commit, a lost connection), so memory re-reads them before their next
        # use rather than guess.
        self._unsure: set[str] = set()
        self._inflight: set[asyncio.Task[Any]] = set()
        #: With several processes (Redis configured): leases, the relay, takeovers. None on
        #: one process, where every match in the database is this process's.
        self.cluster: Cluster | None = None

    # Life -----------------------------------------------------------------------------------

    async def start(self) -> None:
        """Rebuild every unfinished match from its log; their bots and timers go on. With
        several processes, the cluster takes over the matches nobody holds instead."""
        if self.cluster is not None:
            await self.cluster.start()
            return
        for match_id in await self._db(self.store.active_ids):
            try:
                await self.get(match_id)
            except UnavailableError as exc:
                log.error("match %s not resumed: %s", match_id, exc.detail)
        log.info("resumed %d unfinished matches", len(self.matches))

    async def close(self) -> None:
        self.closing = True
        if self.cluster is not None:
            await self.cluster.close()
        tasks = [
            t for m in self.matches.values() for t in (m.bot_task, m.timer_task) if t is not None
        ]
        for task in tasks:
            task.cancel()
        for match in self.matches.values():
            if match.evict_timer is not None:
                match.evict_timer.cancel()
        # Writes already under way finish, so memory and database agree to the end.
        await asyncio.gather(*tasks, *self._inflight, return_exceptions=True)
        self.thinking.close()

    async def _db(self, call: Callable[..., T], *args: Any) -> T:
        """Run a blocking database call in a worker thread."""
        try:
            return await asyncio.to_thread(call, *args)
        except LogConflictError:
            raise
        except SQLAlchemyError as exc:
            raise _unavailable(exc) from None

    async def _write(self, match: LiveMatch, call: Callable[..., T], *args: Any) -> T:
        """A write for ``match``; if it fails, the match is re-read before its next use."""
        try:
            return await asyncio.to_thread(call, *args)
        except LogConflictError:
            raise
        except SQLAlchemyError as exc:
            self._unsure.add(match.id)
            raise _unavailable(exc, writing=True) from None

    async def _append(self, item: Append) -> None:
        """Log one action durably (group-committed with other matches' actions)."""
        try:
            await self.committer.append(item)
        except LogConflictError:
            raise
        except SQLAlchemyError as exc:
            self._unsure.add(item.match_id)
            raise _unavailable(exc, writing=True) from None

    async def guarded(self, work: Coroutine[Any, Any, T]) -> T:
        """Run a change to completion even if the request that asked for it goes away:
        a write that reached the database must also reach memory."""
        task = asyncio.ensure_future(work)
        self._inflight.add(task)
        task.add_done_callback(self._finished)
        return await asyncio.shield(task)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._inflight.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved, so an abandoned failure is not reported twice

    def _start(self, match: LiveMatch) -> None:
        self.matches[match.id] = match
        if self.cluster is not None:
            cluster = self.cluster
            match.on_notify = lambda viewers: cluster.changed(match, viewers)
            cluster.loaded(match)
        bots.kick(self, match)
        timers.start(self, match)

    def drop(self, match_id: str) -> None:
        """Forget a match another process has taken (several processes): its bots and timers
        stop, its sockets here close, and its next use reads it again."""
        match = self.matches.pop(match_id, None)
        if match is None:
            return
        match.dropped = True
        for task in (match.bot_task, match.timer_task):
            if task is not None:
                task.cancel()
        if match.evict_timer is not None:
            match.evict_timer.cancel()
        match.on_notify = None
        match.notify()

    # Lookup ---------------------------------------------------------------------------------

    async def get(self, match_id: str) -> LiveMatch:
        match = self.matches.get(match_id)
        if match is not None:
            if match_id in self._unsure:
                await self._reread(match)
            return match
        if not MATCH_ID.fullmatch(match_id):
            raise NotFoundError(f"no match {match_id!r}")
        async with self._load_lock:
            match = self.matches.get(match_id)
            if match is not None:
                return match
            if match_id in self.broken:
                raise UnavailableError(self.broken[match_id])
            record = await self._db(self.store.load, match_id)
            if record is None:
                raise NotFoundError(f"no match {match_id!r}")
            try:
                match = LiveMatch(record, self.clock)
            except GetawayError as exc:
                self.broken[match_id] = f"match {match_id} cannot be rebuilt: {exc}"
                raise UnavailableError(self.broken[match_id]) from None
            self._start(match)
            if match.over:
                self._evict_later(match)
            return match

    async def seat(self, match: LiveMatch, token: str | None) -> str:
        """The seat ``token`` opens; the first use of a seat's link takes the seat."""
        if not token:
            raise ForbiddenError("this needs a seat's token (the 'token' of its invite link)")
        seat = match.seat_of(token)
        if seat is None:
            raise ForbiddenError(f"the token is not a seat of match {match.id}")
        if not match.seats[seat].claimed and match.seats[seat].kind == HUMAN:
            async with match.lock:
                if match.seat_of(token) != seat:
                    raise ForbiddenError(f"the token is not a seat of match {match.id}")
                live = match.seats[seat]
                if not live.claimed:
                    # False only when another process claimed it: taken either way.
                    await self._write(match, self.store.claim, match.id, seat, None)
                    live.claimed = True
                    match.notify()
        return seat

    async def viewer(self, match: LiveMatch, token: str | None) -> str:
        """A seat for a seat's token; the public ``spectator`` view without one."""
        if token is None:
            return "spectator"
        return await self.seat(match, token)

    # Sockets ---------------------------------------------------------------------------------

    async def admit_socket(self, match: LiveMatch, viewer: str) -> None:
        """Check that one more WebSocket on ``viewer`` stays within the caps, counting the
        sockets relayed from other processes (several processes) with this one's; raise
        :class:`TooManySocketsError` saying which cap otherwise. Each socket is pushed every
        change, so sockets are capped per seat (a person has a few tabs, not hundreds) and
        per match (spectators included)."""
        refusal = self._socket_refusal(match, viewer)
        if refusal is not None and match.relayed and self.cluster is not None:
            # A process killed with sockets open leaves them counted here; the caps must
            # not lock a seat out for good: the processes that are gone are forgotten.
            for node in await self.cluster.gone(set(match.relayed)):
                match.forget_process(node)
            refusal = self._socket_refusal(match, viewer)
        if refusal is not None:
            raise TooManySocketsError(refusal)

    def _socket_refusal(self, match: LiveMatch, viewer: str) -> str | None:
        per_seat = self.settings.max_sockets_per_seat
        per_match = self.settings.max_sockets_per_match
        if viewer in match.seats and match.sockets(viewer) >= per_seat:
            return (
                f"too many connections: a seat may have {per_seat} open at once; close another tab"
            )
        if match.sockets() >= per_match:
            return (
                f"too many connections: a match may have {per_match} open at once; try again later"
            )
        return None

    def require_host(self, match: LiveMatch, token: str) -> None:
        if not match.is_host(token):
            raise ForbiddenError(f"only the host of match {match.id} may do this")

    # Creating -------------------------------------------------------------------------------

    async def create(
        self,
        game_name: str,
        players: int | None,
        options: Mapping[str, Any],
        bot_seats: Mapping[str, str],
        turn_seconds: float | None,
        seed: int | None,
        practice: bool = False,
    ) -> Created:
        if seed is not None and not practice:
            # Whoever knows the seed knows every secret, so a chosen seed is only for a
            # match where everyone is shown it.
            raise UnprocessableError(
                'seed: a fixed seed needs a practice match ("practice": true), where every '
                "seat is shown the seed; leave the seed out for a fair match"
            )
        try:
            game = get_game(game_name)
            wanted = dict(options)
            if players is not None:
                wanted["players"] = players
            normalized = game.normalize_options(wanted)
            seats = game.seats(normalized)
        except GetawayError as exc:
            raise BadRequestError(str(exc)) from None
        levels = bot_names(game)
        for seat, level in bot_seats.items():
            if seat not in seats:
                raise BadRequestError(
                    f"bots: unknown seat {seat!r}; seats in this game: {', '.join(seats)}"
                )
            if level not in levels:
                raise BadRequestError(
                    f"bots: unknown bot {level!r} for {game.name}; bots: {', '.join(levels)}"
                )
        if turn_seconds is not None and not 0 < turn_seconds <= self.settings.max_turn_seconds:
            raise BadRequestError(
                f"turn_seconds must be above 0 and at most {self.settings.max_turn_seconds:g}"
            )
        tokens = {s: new_token() for s in seats if s not in bot_seats}
        host_token = new_token()
        record = MatchRecord(
            id=new_match_id(),
            game=game.name,
            options=normalized,
            seed=fresh_seed() if seed is None else seed,
            practice=practice,
            players=int(normalized["players"]),
            host_token_hash=hash_token(host_token),
            seats=[
                SeatRecord(s, BOT, bot_seats[s], None)
                if s in bot_seats
                else SeatRecord(s, HUMAN, None, hash_token(tokens[s]))
                for s in seats
            ],
            turn_seconds=turn_seconds,
        )
        match = LiveMatch(record, self.clock)
        await self._db(self.store.insert_match, record)
        if self.cluster is not None:
            await self.cluster.acquire(match.id)
        self._start(match)
        return Created(match, tokens, host_token)

    async def rematch(self, match: LiveMatch, host_token: str) -> LiveMatch:
        """The same game, options, timers and seats (bots, and people's tokens: the same links
        open the new match), with a new seed. Asked twice, it gives the same match."""
        self.require_host(match, host_token)
        async with match.lock:
            if not match.over:
                raise ConflictError("the match is still running; a rematch starts after it")
            if match.rematch_id is None:
                record = MatchRecord(
                    id=new_match_id(),
                    game=match.game.name,
                    options=match.options,
                    # A fair match even after a practice one: a fresh seed nobody knows.
                    seed=fresh_seed(),
                    players=int(match.options["players"]),
                    host_token_hash=match.host_token_hash,
                    seats=[
                        SeatRecord(s.name, s.kind, s.bot_level, s.token_hash, s.claimed, s.open)
                        for s in match.seats.values()
                    ],
                    turn_seconds=match.turn_seconds,
                    rematch_of=match.id,
                )
                fresh = LiveMatch(record, self.clock)
                created = await self._db(self.store.insert_rematch, record)
                if created == record.id:
                    if self.cluster is not None:
                        await self.cluster.acquire(fresh.id)
                    self._start(fresh)
                match.rematch_id = created
                match.notify()
        return await self.get(match.rematch_id)

    # Changing a match -----------------------------------------------------------------------

    async def act(self, match: LiveMatch, token: str, action: str, version: int) -> str:
        """A person's action for the seat ``token`` opens; returns that seat."""
        seat = await self.seat(match, token)
        await self.guarded(self.commit_action(match, seat, action, version, BY_SEAT, token=token))
        return seat

    async def commit_action(
        self,
        match: LiveMatch,
        seat: str,
        action: str,
        version: int,
        by: str,
        token: str | None = None,
    ) -> None:
        """The one way an action enters a match, whoever plays it."""
        async with match.lock:
            if token is not None and match.seat_of(token) != seat:
                raise ForbiddenError(f"the token is not a seat of match {match.id}")
            current = match.version_for(seat)
            if version != current:
                raise stale(version, current)
            if by == BY_SEAT and match.seats[seat].kind == BOT:
                raise ConflictError(f"seat {seat!r} is played by a bot now")
            if by == BY_BOT and match.seats[seat].kind != BOT:
                raise ConflictError(f"seat {seat!r} is no longer played by a bot")
            state = match.session.state
            # The change is made on a copy: what each viewer will see (and so its version)
            # is written with the action, and the match changes only once that is on disk.
            trial = match.session.copy()
            try:
                trial.act(seat, action)
            except NotYourTurnError:
                # Worded from public_to_act: the real to_act would tell, in a blind step,
                # who has not answered yet.
                shown = NotYourTurnError(seat, state.public_to_act(), over=state.is_over())
                raise UnprocessableError(str(shown)) from None
            except GetawayError as exc:
                raise UnprocessableError(str(exc)) from None
            number = match.session.version + 1
            move = Move(seat, action)
            versions = match.advance(match.survey(trial))
            finished = trial.state.is_over()
            try:
                await self._append(
                    Append(match.id, match.version, number, move, by, finished, versions.numbers())
                )
            except LogConflictError:
                await self._resync(match)
                raise stale(version, match.version_for(seat)) from None
            match.version += 1
            self._changed(match, seat, match.install(trial, versions))

    async def undo(self, match: LiveMatch, token: str, version: int) -> str:
        seat = await self.seat(match, token)
        await self.guarded(self._undo(match, seat, token, version))
        return seat

    async def _undo(self, match: LiveMatch, seat: str, token: str, version: int) -> None:
        async with match.lock:
            if match.seat_of(token) != seat:
                raise ForbiddenError(f"the token is not a seat of match {match.id}")
            current = match.version_for(seat)
            if version != current:
                raise stale(version, current)
            if match.seats[seat].kind == BOT:
                raise ConflictError(f"seat {seat!r} is played by a bot now")
            session = match.session
            if match.in_blind_step():
                # The same answer, whoever has answered: refused from the step's start to
                # its end, so asking tells nothing.
                raise ConflictError(BLIND_UNDO)
            if not session.can_undo(seat):
                # can_undo is exactly the condition under which Session.undo refuses, so this
                # raises the core's explanation and changes nothing.
                try:
                    session.undo(seat)
                except GetawayError as exc:
                    raise ConflictError(str(exc)) from None
            trial = session.copy()
            trial.undo(seat)
            versions = match.advance(match.survey(trial))
            try:
                await self._write(
                    match,
                    self.store.remove_last,
                    match.id,
                    match.version,
                    session.version,
                    versions.numbers(),
                )
            except LogConflictError:
                await self._resync(match)
                raise stale(version, match.version_for(seat)) from None
            match.version += 1
            self._changed(match, seat, match.install(trial, versions))

    def _changed(self, match: LiveMatch, acted: str | None, viewers: set[str]) -> None:
        """After a change is on disk and installed: restart the clocks, wake the sockets
        of ``viewers`` (those whose version moved on), let bots play."""
        match.mark_asked(acted)
        match.notify(viewers)
        bots.kick(self, match)
        if match.over:
            self._evict_later(match)

    # Memory ---------------------------------------------------------------------------------

    def _evict_later(self, match: LiveMatch) -> None:
        """A finished match leaves memory once nobody has looked at it for a while (its
        replay, rematch and state are read back from the database when asked for), so a
        long-running server holds only the matches being played and watched."""
        if match.evict_timer is None and not self.closing:
            match.evict_timer = asyncio.get_running_loop().call_later(
                self.settings.evict_finished_seconds, self._evict, match
            )

    def _evict(self, match: LiveMatch) -> None:
        match.evict_timer = None
        if self.matches.get(match.id) is not match:
            return
        watched = any(match.listeners.values())
        if watched or match.lock.locked() or not match.over:
            self._evict_later(match)  # look again later
            return
        del self.matches[match.id]
        if self.cluster is not None:
            self.cluster.released(match.id)

    async def _reread(self, match: LiveMatch) -> None:
        """Take the database's log for a match whose last write failed (503 while the
        database is still unavailable; the match stays unsure until a read succeeds)."""
        async with match.lock:
            if match.id not in self._unsure:
                return
            record = await self._db(self.store.load, match.id)
            if record is None or not _same(record, match):
                await self._resync(match)
            self._unsure.discard(match.id)

    async def _resync(self, match: LiveMatch) -> None:
        """The database moved without this process (another writer): take its log as the
        truth. Called with the match's lock held."""
        record = await self._db(self.store.load, match.id)
        if record is None:
            raise NotFoundError(f"no match {match.id!r}")
        rebuilt = LiveMatch(record, self.clock)
        for name, seat in rebuilt.seats.items():
            seat.connections = match.seats[name].connections
        match.version, match.seats = rebuilt.version, rebuilt.seats
        match.rematch_id = rebuilt.rematch_id
        # The stored versions are the truth too: they were written with the stored log.
        changed = match.install(rebuilt.session, rebuilt.versions())
        self._changed(match, None, changed)

    # Seats ----------------------------------------------------------------------------------

    async def join(self, match: LiveMatch, seat: str | None) -> tuple[str, str]:
        """Take an open seat (``seat``, or the first open one): a new secret for it. Two
        joins at once never both get a seat: the claim is a conditional UPDATE."""
        async with match.lock:
            if match.over:
                raise ConflictError("the match is over")
            if seat is not None:
                self._check_seat(match, seat)
                if match.seats[seat].kind != HUMAN:
                    raise ConflictError(f"seat {seat!r} is played by a bot")
                if match.seats[seat].claimed:
                    raise ConflictError(f"seat {seat!r} is already taken")
                if not match.seats[seat].open:
                    raise ForbiddenError(RESERVED.format(seat=seat))
                candidates = [seat]
            else:
                candidates = [
                    s
                    for s in match.order
                    if match.seats[s].kind == HUMAN
                    and not match.seats[s].claimed
                    and match.seats[s].open
                ]
            for name in candidates:
                token = new_token()
                digest = hash_token(token)
                won = await self._write(match, self.store.claim, match.id, name, digest)
                live = match.seats[name]
                live.claimed = True
                if won:
                    live.token_hash = digest
                    match.notify()
                    return name, token
            raise ConflictError(
                f"seat {seat!r} is already taken"
                if seat
                else "no open seat in this match (a seat nobody has taken yet is reserved for "
                "its invitation link until the host opens it to anyone)"
            )

    async def open_seat(self, match: LiveMatch, host_token: str, seat: str) -> None:
        """The host lets anyone take ``seat`` (a join from the lobby or the spectator page),
        not only its invitation link. Opening an open seat again changes nothing."""
        self.require_host(match, host_token)
        async with match.lock:
            if seat not in match.seats:
                raise NotFoundError(
                    f"no seat {seat!r} in match {match.id}; seats: {', '.join(match.order)}"
                )
            live = match.seats[seat]
            if match.over:
                raise ConflictError("the match is over")
            if live.kind != HUMAN:
                raise ConflictError(f"seat {seat!r} is played by a bot")
            if live.claimed:
                raise ConflictError(f"seat {seat!r} is already taken")
            if live.open:
                return
            if not await self._write(match, self.store.open_seat, match.id, seat):
                # Taken meanwhile through another process: the same answer as above.
                live.claimed = True
                raise ConflictError(f"seat {seat!r} is already taken")
            live.open = True
            match.notify()

    async def hand_over(
        self, match: LiveMatch, host_token: str, seat: str, level: str | None
    ) -> SeatChange:
        """The host hands ``seat`` to the bot ``level``, or (``None``) to a person with a new
        link, which also revokes the old one."""
        self.require_host(match, host_token)
        async with match.lock:
            if match.over:
                raise ConflictError("the match is over")
            self._check_seat(match, seat)
            live = match.seats[seat]
            token: str | None = None
            kind = BOT if level is not None else HUMAN
            if level is not None and level not in (levels := bot_names(match.game)):
                raise BadRequestError(
                    f"unknown bot {level!r} for {match.game.name}; bots: {', '.join(levels)}"
                )
            # Who plays a seat decides whether it is asked for actions: its viewers' versions
            # may move on, and are written with the change.
            kinds = {name: s.kind for name, s in match.seats.items()} | {seat: kind}
            versions = match.advance(match.survey(match.session, kinds))
            digest = None
            if level is None:
                token = new_token()
                digest = hash_token(token)
            await self._write(
                match,
                self.store.set_controller,
                match.id,
                seat,
                kind,
                level,
                digest,
                versions.numbers(),
            )
            live.kind, live.bot_level = kind, level
            if digest is not None:
                live.token_hash, live.claimed, live.open = digest, False, False
            # Whoever plays it now gets a whole decision's time.
            match.asked.pop(seat, None)
            self._changed(match, None, match.install(match.session, versions))
            # The seat list is everyone's news (and a replaced link's socket must close).
            match.notify()
            if digest is not None and self.cluster is not None:
                await self.cluster.revoked(match.id, seat)
            return SeatChange(seat, live.kind, live.bot_level, token)

    @staticmethod
    def _check_seat(match: LiveMatch, seat: str) -> None:
        if seat not in match.seats:
            raise BadRequestError(
                f"unknown seat {seat!r}; seats in this game: {', '.join(match.order)}"
            )


def _unavailable(exc: SQLAlchemyError, writing: bool = False) -> UnavailableError:
    """The 503 for a database error, logged. A write refused outright changed nothing; any
    other failed write may have been committed before the error (a connection lost on the
    way back), so its client is told to look rather than that nothing changed."""
    log.error("database error: %s", exc)
    if not writing or refused_before_writing(getattr(exc, "orig", None)):
        return UnavailableError("the database is not available right now; nothing was changed")
    return UnavailableError(
        "the database did not confirm the change; reload the match to see whether it was "
        "made, then try again"
    )


def _same(record: MatchRecord, match: LiveMatch) -> bool:
    """Whether the stored match is the one in memory (so a re-read would change nothing)."""
    stored = {(s.seat, s.kind, s.bot_level, s.token_hash, s.claimed, s.open) for s in record.seats}
    live = {
        (s.name, s.kind, s.bot_level, s.token_hash, s.claimed, s.open) for s in match.seats.values()
    }
    return record.version == match.version and stored == live
