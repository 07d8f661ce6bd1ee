"""One match in memory: its :class:`~getaway.core.Session`, seats, listeners and deadlines.

Everything a client is sent is built here from ``state.view(seat)`` for the client's own seat
(or the public ``"spectator"`` view), so no payload can carry another seat's secrets.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from getaway.ai import make_bot
from getaway.core import (
    ALL,
    SPECTATOR,
    Bot,
    GetawayError,
    JSONDict,
    SaveFileError,
    Session,
    get_game,
)
from getaway.server.db import BOT, HUMAN
from getaway.server.store import MatchRecord
from getaway.server.tokens import hash_token

log = logging.getLogger(__name__)

Clock = Callable[[], float]


@dataclass
class LiveSeat:
    name: str
    kind: str
    bot_level: str | None
    token_hash: str | None
    claimed: bool
    #: Open WebSocket connections: whether somebody is looking at the seat right now.
    connections: int = 0

    def public(self) -> JSONDict:
        return {
            "seat": self.name,
            "kind": self.kind,
            "bot_level": self.bot_level,
            "claimed": self.claimed,
            "connected": self.connections > 0,
        }


def rebuild_session(record: MatchRecord) -> Session:
    """The match's session from its log. Replaying through :meth:`Session.act` (rather than
    :meth:`Session.from_replay`) recomputes which actions may still be undone, so a restart
    does not change what a player may take back."""
    session = Session.new(get_game(record.game), record.options, record.seed)
    for number, move in enumerate(record.actions, start=1):
        try:
            session.act(move.seat, move.action)
        except GetawayError as exc:
            raise SaveFileError(
                f"match {record.id}: logged action {number} does not apply: {exc}"
            ) from None
    return session


class LiveMatch:
    def __init__(self, record: MatchRecord, clock: Clock = time.monotonic) -> None:
        self.id = record.id
        self.game = get_game(record.game)
        self.options = record.options
        self.seed = record.seed
        self.session = rebuild_session(record)
        self.version = record.version
        self.order = self.game.seats(record.options)
        self.seats = {
            s.seat: LiveSeat(s.seat, s.kind, s.bot_level, s.token_hash, s.claimed)
            for s in record.seats
        }
        self.host_token_hash = record.host_token_hash
        self.turn_seconds = record.turn_seconds
        self.rematch_id = record.rematch_id
        # One writer at a time: every change to this match happens under this lock.
        self.lock = asyncio.Lock()
        self.listeners: set[asyncio.Event] = set()
        #: Set on every change; the turn timer waits on it.
        self.changed = asyncio.Event()
        self.bot_task: asyncio.Task[None] | None = None
        self.timer_task: asyncio.Task[None] | None = None
        self._clock = clock
        self._bots: dict[str, Bot] = {}
        # When each seat's current decision was first asked of it (clock seconds).
        self.asked: dict[str, float] = {}
        self.mark_asked(None)

    # Who is who -----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.session.state.is_over()

    def seat_of(self, token: str) -> str | None:
        digest = hash_token(token)
        for seat in self.seats.values():
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.name
        return None

    def is_host(self, token: str) -> bool:
        return hmac.compare_digest(self.host_token_hash, hash_token(token))

    def bot(self, seat: str) -> Bot:
        level = self.seats[seat].bot_level or "random"
        if seat not in self._bots or self._bots[seat].name != level:
            try:
                self._bots[seat] = make_bot(self.game, level)
            except GetawayError:
                # The level was valid when the match was made; a later version may have
                # dropped that bot. The match still has to go on.
                log.warning("match %s: bot %r is gone; %s plays random", self.id, level, seat)
                self._bots[seat] = make_bot(self.game, "random")
        return self._bots[seat]

    def bot_to_act(self) -> str | None:
        """The first seat, in the order the rules list them, that is a bot and may act."""
        for seat in self.session.state.to_act():
            if self.seats[seat].kind == BOT:
                return seat
        return None

    # Changes --------------------------------------------------------------------------------

    def mark_asked(self, acted: str | None) -> None:
        """Start the clock of every decision that is new since the last change: seats newly
        asked to act, and the seat that just acted if it must act again."""
        now = self._clock()
        to_act = set(self.session.state.to_act())
        self.asked = {s: t for s, t in self.asked.items() if s in to_act and s != acted}
        for seat in to_act:
            self.asked.setdefault(seat, now)

    def notify(self) -> None:
        for event in self.listeners:
            event.set()
        self.changed.set()

    # Timers ---------------------------------------------------------------------------------

    def deadline(self, seat: str) -> float | None:
        """When ``seat``'s current decision times out (clock seconds), if it can."""
        if self.turn_seconds is None or self.seats[seat].kind != HUMAN:
            return None
        asked = self.asked.get(seat)
        if asked is None or math.isinf(asked):
            return None
        return asked + self.turn_seconds

    def next_deadline(self) -> tuple[float, str] | None:
        found = [(d, s) for s in self.asked if (d := self.deadline(s)) is not None]
        return min(found) if found else None

    def wait_forever(self, seat: str) -> None:
        """The rules give this decision no default: its timer stops until the seat acts."""
        self.asked[seat] = math.inf

    # What clients see -----------------------------------------------------------------------

    def payload(self, viewer: str) -> JSONDict:
        """Everything ``viewer`` (a seat, or ``"spectator"``) may be sent now."""
        state = self.session.state
        to_act = list(state.to_act())
        mine = self.seats.get(viewer)
        may_act = mine is not None and mine.kind == HUMAN and viewer in to_act
        now, wall = self._clock(), time.time()
        deadlines = {
            s: round(wall + d - now, 3) for s in to_act if (d := self.deadline(s)) is not None
        }
        over = state.is_over()
        return {
            "match": self.id,
            "game": self.game.name,
            "seat": viewer,
            "version": self.version,
            "over": over,
            "winner": state.winner(),
            "returns": state.returns() if over else None,
            "to_act": to_act,
            "legal_actions": list(state.legal_actions(viewer)) if may_act else [],
            "can_undo": mine is not None and mine.kind == HUMAN and self.session.can_undo(viewer),
            "view": state.view(viewer),
            "seats": [self.seats[s].public() for s in self.order],
            "turn_seconds": self.turn_seconds,
            "deadlines": deadlines,
            "rematch": self.rematch_id,
        }

    def viewers(self) -> tuple[str, ...]:
        return (*self.order, SPECTATOR, ALL)

    def steps(self, viewer: str) -> list[JSONDict]:
        """The finished match step by step as ``viewer`` saw it. An action id can itself be
        secret (Mr. X's ``taxi:46``), so, as in ``getaway replay``, a step names the action
        only to the seat that played it, to ``all``, or once the game is over."""
        out: list[JSONDict] = []
        for number, (move, state) in enumerate(self.session.replay.states()):
            shown: str | None = None
            if move is not None and (viewer in (ALL, move.seat) or state.is_over()):
                shown = move.action
            out.append(
                {
                    "step": number,
                    "seat": move.seat if move is not None else None,
                    "action": shown,
                    "view": state.view(viewer),
                }
            )
        return out
