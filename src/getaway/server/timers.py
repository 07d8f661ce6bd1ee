"""Turn timers: when a person's decision outlives the match's ``turn_seconds``, the rules'
default action (``state.default_action``) is played for the seat, through the same path as
any action, so it is logged (as ``by = "timeout"``) and replays reproduce it.

Each decision gets its own deadline, counted from when the seat was first asked it (see
:meth:`LiveMatch.mark_asked`). A decision whose rules give no default waits for the seat. A
restarted server gives every pending decision a whole new turn.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from getaway.server.db import BY_TIMEOUT
from getaway.server.errors import ConflictError, UnavailableError, UnprocessableError

if TYPE_CHECKING:
    from getaway.server.live import Registry
    from getaway.server.match import LiveMatch

RETRY_SECONDS = 1.0


def start(registry: Registry, match: LiveMatch) -> None:
    if match.turn_seconds is None or match.over or registry.closing:
        return
    if match.timer_task is None or match.timer_task.done():
        match.timer_task = asyncio.get_running_loop().create_task(run(registry, match))


async def run(registry: Registry, match: LiveMatch) -> None:
    while not match.over and not registry.closing:
        match.changed.clear()
        upcoming = match.next_deadline()
        if upcoming is None:
            await match.changed.wait()
            continue
        deadline, seat = upcoming
        delay = deadline - registry.clock()
        if delay > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(match.changed.wait(), timeout=delay)
            continue  # woken by a change, or time is up: either way look again
        action = match.session.state.default_action(seat)
        if action is None:
            match.wait_forever(seat)
            continue
        try:
            await registry.guarded(
                registry.commit_action(match, seat, action, match.version_for(seat), BY_TIMEOUT)
            )
        except (ConflictError, UnprocessableError):
            continue
        except UnavailableError:
            await asyncio.sleep(RETRY_SECONDS)
