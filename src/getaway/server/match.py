"""One match in memory: its :class:`~getaway.core.Session`, seats, listeners and deadlines.

Everything a client is sent is built here from ``state.view(seat)`` for the client's own seat
(or the public ``"spectator"`` view), so no payload can carry another seat's secrets.

Each viewer (every seat, and the spectators) has its own *version*, a counter that moves on
by one each time what that viewer may see changes (its view, its legal actions, who is shown
to act, whether it may undo) and at no other time. It counts only what the viewer saw, so it
tells nothing of changes hidden from it: in a blind step (a phone passed under the table,
``public_to_act``) an answer changes nothing the others receive, not a version number, not
the moment of a message, and the answering seat's own version moves on by one whoever
answered before it. An action is stale only when its own seat's version moved on.

The counters are stored with each change, in the same transaction (``matches.
viewer_versions``), rather than recomputed from the log at a restart: an undo removes its
action from the log, so a recount would move a version back to a number a client already
holds for another position.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import orjson

from getaway.core import (
    ALL,
    SPECTATOR,
    GetawayError,
    JSONDict,
    SaveFileError,
    Session,
    State,
    get_game,
)
from getaway.server.db import BOT, HUMAN
from getaway.server.limits import PRESENCE_PUSH_DELAY_SECONDS
from getaway.server.store import MatchRecord
from getaway.server.tokens import hash_token

log = logging.getLogger(__name__)


def _json(data: JSONDict) -> bytes:
    # Non-string keys become strings, as the standard library's json would make them.
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


Clock = Callable[[], float]


@dataclass
class LiveSeat:
    name: str
    kind: str
    bot_level: str | None
    token_hash: str | None
    claimed: bool
    #: Whether anyone may take it; until then only its invitation link can.
    open: bool = False
    #: Open WebSocket connections: whether somebody is looking at the seat right now.
    connections: int = 0

    def public(self) -> JSONDict:
        return {
            "seat": self.name,
            "kind": self.kind,
            "bot_level": self.bot_level,
            "claimed": self.claimed,
            "open": self.open,
            "connected": self.connections > 0,
        }


#: A viewer's state: its version, the game part of its payload as JSON, who it is shown to act.
Seen = tuple[int, bytes, tuple[str, ...]]


@dataclass(frozen=True)
class Survey:
    """What every viewer would see of a session (see :meth:`LiveMatch.survey`)."""

    blind: bool
    parts: Mapping[str, tuple[bytes, tuple[str, ...]]]


@dataclass(frozen=True)
class Versions:
    """Every viewer's state after a change that is not installed yet (see
    :meth:`LiveMatch.advance`), and whether a blind step is open then."""

    blind: bool
    seen: Mapping[str, Seen]

    def numbers(self) -> dict[str, int]:
        return {viewer: seen[0] for viewer, seen in self.seen.items()}


#: How :meth:`LiveMatch.payload_json` writes the server's clock into a state.
_CLOCK_KEY = b',"server_time":'


def without_clock(payload: bytes) -> bytes:
    """A state from :meth:`LiveMatch.payload_json` without the server's clock, which moves on
    whether anything changed or not: two states are the same news when these are equal."""
    head, key, rest = payload.partition(_CLOCK_KEY)
    if not key:
        return payload
    _, comma, tail = rest.partition(b",")
    return head + comma + tail


def blind_step(state: State) -> bool:
    """Whether ``state`` is in a blind step: one where a seat that has answered is still
    shown to everyone as asked (``public_to_act``), so that nobody learns who has answered.
    True for the whole step, before any answer too: an answer must not change it. Found by
    trying an answer on a copy, so any game's blind steps are recognised."""
    asked, shown = state.to_act(), state.public_to_act()
    if set(asked) != set(shown):
        return True  # somebody has answered already
    if len(asked) < 2 or state.is_over():
        return False
    seat = asked[0]
    legal = state.legal_actions(seat)
    if not legal:
        return False
    trial = state.clone()
    trial.apply(seat, legal[0])
    return seat in trial.public_to_act() and seat not in trial.to_act()


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
        self.practice = record.practice
        self.session = rebuild_session(record)
        self.version = record.version
        self.order = self.game.seats(record.options)
        self.seats = {
            s.seat: LiveSeat(s.seat, s.kind, s.bot_level, s.token_hash, s.claimed, s.open)
            for s in record.seats
        }
        self.host_token_hash = record.host_token_hash
        self.turn_seconds = record.turn_seconds
        self.rematch_id = record.rematch_id
        # One writer at a time: every change to this match happens under this lock.
        self.lock = asyncio.Lock()
        #: WebSocket wake-ups, per viewer (a seat, or "spectator").
        self.listeners: dict[str, set[asyncio.Event]] = {}
        #: Sockets open on other processes for this match (several processes): process ->
        #: viewer -> how many. They count against the caps as this process's own do.
        self.relayed: dict[str, dict[str, int]] = {}
        #: Set on every change; the turn timer waits on it.
        self.changed = asyncio.Event()
        self.bot_task: asyncio.Task[None] | None = None
        self.timer_task: asyncio.Task[None] | None = None
        #: When a finished match is to leave memory (see ``Registry._evict_later``).
        self.evict_timer: asyncio.TimerHandle | None = None
        #: The pending push of presence changes (see :meth:`presence`).
        self._presence_push: asyncio.TimerHandle | None = None
        self._presence_flipped: set[str] = set()
        #: Told of every notification, with the viewers woken (None: everyone): with several
        #: processes, the owner publishes their states for sockets elsewhere (cluster.py).
        self.on_notify: Callable[[set[str] | None], None] | None = None
        #: Set when this process lost the match to another (several processes): its sockets
        #: here close so that their clients reconnect to wherever the match lives now.
        self.dropped = False
        self._clock = clock
        # When each seat's current decision was first asked of it (clock seconds), and the
        # same for the seats *shown* as asked, which is what deadlines are published from.
        self.asked: dict[str, float] = {}
        self.shown_asked: dict[str, float] = {}
        # Per viewer: (its version, the game part of what it last saw as JSON bytes, the
        # seats it was shown as to act). Bytes rather than dicts: comparing two is one
        # memcmp, and a bytes object is invisible to the garbage collector, whose full
        # collections would otherwise walk every stored view of every match (pauses of
        # 100+ ms with a hundred live matches).
        stored = record.viewer_versions or {}
        survey = self.survey(self.session)
        self._seen: dict[str, Seen] = {
            viewer: (stored.get(viewer, record.version), blob, to_act)
            for viewer, (blob, to_act) in survey.parts.items()
        }
        #: Whether a blind step is open, found once per change (so that asking costs the same
        #: whoever has answered).
        self.blind = survey.blind
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
        state = self.session.state
        asked, shown = set(state.to_act()), set(state.public_to_act())
        self.asked = {s: t for s, t in self.asked.items() if s in asked and s != acted}
        for seat in asked:
            self.asked.setdefault(seat, now)
        # A seat that answered in a blind step stays shown as asked, with its old deadline.
        again = acted if acted in asked else None
        self.shown_asked = {s: t for s, t in self.shown_asked.items() if s in shown and s != again}
        for seat in shown:
            self.shown_asked.setdefault(seat, self.asked.get(seat, now))

    def survey(self, session: Session, kinds: Mapping[str, str] | None = None) -> Survey:
        """What every viewer would see of ``session`` (with seats played by ``kinds``, by
        default as now): the game part as JSON bytes, and who it is shown as to act."""
        kinds = kinds or {name: seat.kind for name, seat in self.seats.items()}
        blind = blind_step(session.state)
        parts = {}
        for viewer in (*self.order, SPECTATOR):
            part = self._game_part(viewer, session, kinds, blind)
            parts[viewer] = (_json(part), tuple(part["to_act"]))
        return Survey(blind, parts)

    def advance(self, survey: Survey) -> Versions:
        """The viewers' states after a change to ``survey``: a viewer's version moves on by
        one when what it sees changed, and stays otherwise. Nothing is installed yet."""
        seen = {}
        for viewer, (blob, to_act) in survey.parts.items():
            version, old, _ = self._seen[viewer]
            seen[viewer] = (version, blob, to_act) if old == blob else (version + 1, blob, to_act)
        return Versions(survey.blind, seen)

    def install(self, session: Session, versions: Versions) -> set[str]:
        """Make ``session`` the match's, with the viewers' states from :meth:`advance`;
        returns the viewers whose version moved on (those to tell)."""
        changed = {v for v, s in versions.seen.items() if s[0] != self._seen[v][0]}
        self.session = session
        self._seen = dict(versions.seen)
        self.blind = versions.blind
        return changed

    def version_for(self, viewer: str) -> int:
        return self._seen[viewer][0]

    def versions(self) -> Versions:
        """Every viewer's state now (see :meth:`advance`)."""
        return Versions(self.blind, dict(self._seen))

    # Presence ---------------------------------------------------------------------------------

    def sockets(self, viewer: str | None = None) -> int:
        """Open WebSocket connections to the match, on this process and (several processes)
        relayed from others: of ``viewer``, or of every seat and spectator together."""
        if viewer is not None:
            here = len(self.listeners.get(viewer, ()))
            return here + sum(counts.get(viewer, 0) for counts in self.relayed.values())
        here = sum(len(events) for events in self.listeners.values())
        return here + sum(sum(counts.values()) for counts in self.relayed.values())

    def relayed_presence(self, node: str, viewer: str, delta: int) -> None:
        """A socket on ``viewer`` opened (+1) or closed (-1) on process ``node``."""
        counts = self.relayed.setdefault(node, {})
        before = counts.get(viewer, 0)
        after = counts[viewer] = max(0, before + delta)
        if not after:
            del counts[viewer]
        if not counts:
            del self.relayed[node]
        # A close of a socket this process never counted (it opened under an earlier owner
        # and its hello was lost) takes nothing from the count of the others.
        self.presence(viewer, after - before)

    def forget_process(self, node: str) -> None:
        """Process ``node`` is gone, and its sockets with it."""
        for viewer, count in self.relayed.pop(node, {}).items():
            self.presence(viewer, -count)

    def presence(self, viewer: str, delta: int) -> None:
        """A socket on ``viewer`` opened (+1) or closed (-1). Others are told only when the
        seat's ``connected`` flag flips (the count itself is nobody's business), and flips
        within ``PRESENCE_PUSH_DELAY_SECONDS`` go out as one push: opening and closing
        sockets cannot make the server send every socket of the match a state each time."""
        seat = self.seats.get(viewer)
        if seat is None:
            return
        was_connected = seat.connections > 0
        seat.connections = max(0, seat.connections + delta)
        if (seat.connections > 0) == was_connected:
            return
        self._presence_flipped.add(viewer)
        if self._presence_push is None:
            self._presence_push = asyncio.get_running_loop().call_later(
                PRESENCE_PUSH_DELAY_SECONDS, self._push_presence
            )

    def _push_presence(self) -> None:
        # A seat's own sockets need no news of its own flip: on connecting, the new socket's
        # first state already shows it, and on leaving none is left.
        flipped, self._presence_flipped = self._presence_flipped, set()
        self._presence_push = None
        self.notify({viewer for viewer in (*self.order, SPECTATOR) if flipped - {viewer}})

    def notify(self, viewers: set[str] | None = None) -> None:
        """Wake the WebSockets of ``viewers`` (everyone by default) and the turn timer."""
        for viewer, events in self.listeners.items():
            if viewers is None or viewer in viewers:
                for event in events:
                    event.set()
        self.changed.set()
        if self.on_notify is not None:
            self.on_notify(viewers)

    # Timers ---------------------------------------------------------------------------------

    def deadline(self, seat: str) -> float | None:
        """When ``seat``'s current decision times out (clock seconds), if it can."""
        if self.turn_seconds is None or self.seats[seat].kind != HUMAN:
            return None
        asked = self.asked.get(seat)
        if asked is None or math.isinf(asked):
            return None
        return asked + self.turn_seconds

    def shown_deadline(self, seat: str) -> float | None:
        asked = self.shown_asked.get(seat)
        if self.turn_seconds is None or self.seats[seat].kind != HUMAN or asked is None:
            return None
        return asked + self.turn_seconds

    def next_deadline(self) -> tuple[float, str] | None:
        found = [(d, s) for s in self.asked if (d := self.deadline(s)) is not None]
        return min(found) if found else None

    def wait_forever(self, seat: str) -> None:
        """The rules give this decision no default: its timer stops until the seat acts."""
        self.asked[seat] = math.inf

    # What clients see -----------------------------------------------------------------------

    def in_blind_step(self) -> bool:
        """Whether the match is in a blind step, from before its first answer to its last."""
        return self.blind

    def _game_part(
        self, viewer: str, session: Session, kinds: Mapping[str, str], blind: bool
    ) -> JSONDict:
        """What ``viewer`` may know of ``session``; a change here is a new version for it."""
        state = session.state
        person = kinds.get(viewer) == HUMAN
        may_act = person and viewer in state.to_act()
        outcome = state.outcome()
        return {
            "over": outcome is not None,
            "outcome": outcome.to_json() if outcome is not None else None,
            # Never to_act(): in a blind step it would tell who has already answered.
            "to_act": list(state.public_to_act()),
            "may_act": may_act,
            "legal_actions": list(state.legal_actions(viewer)) if may_act else [],
            # Never in a blind step: whether the last action is still one's own would tell
            # whether somebody else has answered since.
            "can_undo": person and not blind and session.can_undo(viewer),
            "view": state.view(viewer),
        }

    def payload(self, viewer: str) -> JSONDict:
        """Everything ``viewer`` (a seat, or ``"spectator"``) may be sent now."""
        data: JSONDict = orjson.loads(self.payload_json(viewer))
        return data

    def payload_json(self, viewer: str) -> bytes:
        """:meth:`payload` as JSON, built without parsing the stored view again."""
        version, blob, to_act = self._seen[viewer]
        now, wall = self._clock(), time.time()
        deadlines = {}
        for seat in to_act:
            deadline = self.shown_deadline(seat)
            # Past deadlines are left out: whether the seat's default was played is not
            # everyone's business in a blind step.
            if deadline is not None and deadline > now:
                deadlines[seat] = round(wall + deadline - now, 3)
        head = _json(
            {
                "match": self.id,
                "game": self.game.name,
                "seat": viewer,
                "version": version,
                "seats": [self.seats[s].public() for s in self.order],
                "turn_seconds": self.turn_seconds,
                "deadlines": deadlines,
                "rematch": self.rematch_id,
                "practice": self.practice,
                # The seed gives every secret: sent only where everyone is meant to know it.
                # As a string: a 64-bit number is not exact in JavaScript.
                "seed": str(self.seed) if self.practice else None,
                "server_time": round(wall, 3),
            }
        )
        # Two JSON objects with different keys, spliced into one: {head..., part...}.
        return head[:-1] + b"," + blob[1:]

    def viewers(self) -> tuple[str, ...]:
        return (*self.order, SPECTATOR, ALL)

    def steps(self, viewer: str) -> list[JSONDict]:
        """The finished match step by step as ``viewer`` saw it: each step's action as the
        game shows it to that viewer (``game.public_action``; see
        :meth:`getaway.core.Replay.step_records`) and the viewer's view after it."""
        return list(self.session.replay.step_records(viewer))
