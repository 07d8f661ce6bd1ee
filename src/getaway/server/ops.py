"""What the API does to one match, as named operations with JSON arguments and a JSON answer.

Every HTTP route about a match (and a relayed WebSocket) runs one of these. On one process
they run here directly; with several processes they run on the match's owner, whichever
process the client reached (``cluster.py`` forwards them through Redis), so a forwarded
request meets the same checks, statuses and messages as a local one.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import orjson

from getaway.core import SPECTATOR
from getaway.server.errors import ApiError, BadRequestError, ForbiddenError
from getaway.server.live import Registry
from getaway.server.match import LiveMatch
from getaway.server.schemas import Joined, Rematch, SeatHandedOver, SeatOpened, Step

Args = Mapping[str, Any]
Op = Callable[[Registry, str, Args], Awaitable[bytes]]

#: Operations that change nothing: safe to run again when an answer was lost.
READS = frozenset({"state", "replay", "steps", "watch", "presence"})


def _json(data: Any) -> bytes:
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


def play_url(base: str, match_id: str, token: str) -> str:
    return f"{base}/play/{match_id}?token={token}"


def watch_url(base: str, match_id: str) -> str:
    return f"{base}/watch/{match_id}"


async def state(registry: Registry, match_id: str, args: Args) -> bytes:
    match = await registry.get(match_id)
    viewer = await registry.viewer(match, args.get("token"))
    return match.payload_json(viewer)


async def act(registry: Registry, match_id: str, args: Args) -> bytes:
    match = await registry.get(match_id)
    seat = await registry.act(match, args["token"], args["action"], args["version"])
    if args.get("brief"):
        # A socket's action is answered with the seat's new version only; its state is pushed.
        return _json({"version": match.version_for(seat)})
    return match.payload_json(seat)


async def undo(registry: Registry, match_id: str, args: Args) -> bytes:
    match = await registry.get(match_id)
    seat = await registry.undo(match, args["token"], args["version"])
    return match.payload_json(seat)


async def join(registry: Registry, match_id: str, args: Args) -> bytes:
    match = await registry.get(match_id)
    seat, token = await registry.join(match, args.get("seat"))
    url = play_url(args["base"], match.id, token)
    return Joined(seat=seat, token=token, url=url).model_dump_json().encode()


async def open_seat(registry: Registry, match_id: str, args: Args) -> bytes:
    match = await registry.get(match_id)
    await registry.open_seat(match, args["host_token"], args["seat"])
    return SeatOpened(seat=args["seat"], open=True).model_dump_json().encode()


async def hand_over(registry: Registry, match_id: str, args: Args) -> bytes:
    match = await registry.get(match_id)
    change = await registry.hand_over(match, args["host_token"], args["seat"], args["level"])
    url = play_url(args["base"], match.id, change.token) if change.token else None
    return (
        SeatHandedOver(
            seat=change.seat,
            kind=change.kind,
            bot_level=change.bot_level,
            token=change.token,
            url=url,
        )
        .model_dump_json()
        .encode()
    )


async def rematch(registry: Registry, match_id: str, args: Args) -> bytes:
    match = await registry.get(match_id)
    fresh = await registry.rematch(match, args["host_token"])
    return (
        Rematch(
            id=fresh.id,
            spectator_url=watch_url(args["base"], fresh.id),
            note="the seats' tokens and the host token of the old match open this one",
        )
        .model_dump_json()
        .encode()
    )


async def _finished(registry: Registry, match_id: str, token: str | None) -> LiveMatch:
    match = await registry.get(match_id)
    if token is not None:
        await registry.seat(match, token)
    if not match.over:
        raise ForbiddenError("the replay opens when the match is over (it holds every secret)")
    return match


async def replay(registry: Registry, match_id: str, args: Args) -> bytes:
    match = await _finished(registry, match_id, args.get("token"))
    return _json(match.session.replay.to_json())


async def steps(registry: Registry, match_id: str, args: Args) -> bytes:
    match = await _finished(registry, match_id, args.get("token"))
    viewer = args.get("as", SPECTATOR)
    if viewer not in match.viewers():
        raise BadRequestError(
            f"as={viewer!r} is not a viewer of this match; use one of: {', '.join(match.viewers())}"
        )
    return _json([Step(**s).model_dump() for s in match.steps(viewer)])


async def watch(registry: Registry, match_id: str, args: Args) -> bytes:
    """A WebSocket opens on process ``node``: its viewer (checked, and counted against the
    socket caps, as a local socket would be) and state; the seat counts as connected."""
    match = await registry.get(match_id)
    viewer = await registry.viewer(match, args.get("token"))
    await registry.admit_socket(match, viewer)
    match.relayed_presence(args.get("node", ""), viewer, +1)
    return _json({"viewer": viewer, "state": orjson.Fragment(match.payload_json(viewer))})


async def presence(registry: Registry, match_id: str, args: Args) -> bytes:
    """A relayed WebSocket on process ``node`` closed (-1), or announced itself to a new
    owner (+1)."""
    match = await registry.get(match_id)
    match.relayed_presence(args.get("node", ""), args["viewer"], int(args["delta"]))
    return b"{}"


OPS: dict[str, Op] = {
    "state": state,
    "act": act,
    "undo": undo,
    "join": join,
    "open": open_seat,
    "bot": hand_over,
    "rematch": rematch,
    "replay": replay,
    "steps": steps,
    "watch": watch,
    "presence": presence,
}


async def run(registry: Registry, op: str, match_id: str, args: Args) -> tuple[int, bytes]:
    """Run ``op`` here: its HTTP status and JSON body (an API error's too)."""
    try:
        return 200, await OPS[op](registry, match_id, args)
    except ApiError as exc:
        return exc.status, _json({"detail": exc.detail})
